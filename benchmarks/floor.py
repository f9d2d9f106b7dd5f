"""The floor under the ratio target: ``python benchmarks/floor.py ARCHIVE.jsonl ...``.

For each JSON Lines archive, the CPU time of ``json.loads`` of every line, then of ``json.loads`` plus
the least any reader in Python must do with what a hand records: take each play (a trick game's
cards as played, a domino game's turns) and each dealt card or tile out of the decoded objects and
look it up once in a dict (a domino turn is only taken out). No rule is checked, no report made:
the second figure over the first is the part of a target of "at most 3 times json.loads" that
reading alone takes, before any audit.
Archives: those ``python benchmarks/run.py --folder DIR`` keeps in DIR.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from collections.abc import Callable
from itertools import chain
from typing import Any


def _touch_hand(hand: dict[str, Any], seen: dict[Any, Any]) -> None:
    dealt = hand.get("deal") or hand.get("draw") or {}
    [*map(seen.setdefault, chain.from_iterable(dealt.values()))]
    tricks = hand.get("tricks")
    if tricks and type(tricks[0][0]) is str:  # compact: [leader, card, ...]
        [*map(seen.setdefault, chain.from_iterable(tricks))]
    elif tricks:  # play by play: a one-key object a card
        [*map(seen.setdefault, chain.from_iterable(map(dict.items, chain.from_iterable(tricks))))]
    plays = hand.get("plays")
    if plays:  # a domino turn, {player: {tile, end, points} or {draw} or a word}: each taken out once
        [*chain.from_iterable(map(dict.items, plays))]


def _parse(lines: list[str]) -> None:
    for line in lines:
        json.loads(line)


def _parse_and_touch(lines: list[str]) -> None:
    seen: dict[Any, Any] = {}
    for line in lines:
        for hand in json.loads(line)["hands"]:
            _touch_hand(hand, seen)


def _cpu(run: Callable[[list[str]], None], lines: list[str], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run(lines)
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    gc.disable()  # both figures without collections: the comparison is of the work itself
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        hands = sum(len(json.loads(line)["hands"]) for line in lines)
        a, b = _cpu(_parse, lines), _cpu(_parse_and_touch, lines)
        print(
            f"{path}: {hands:,} hands; json.loads {a / hands * 1e6:.1f} us a hand; with each play and dealt card "
            f"or tile taken out and looked up once {b / hands * 1e6:.1f} us a hand ({b / a:.2f} x json.loads)"
        )


if __name__ == "__main__":
    main()
