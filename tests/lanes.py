"""Holding a fast lane of the audit to the careful path it stands in for: the same report (or the same refusal)
with the lane and without it, on any game."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import gamelog
from referee.documents import parse_yaml
from referee.errors import InputError, Location
from referee.spec import bundled_ids
from referee.tricks import clean_game
from referee.tricks.simulate import simulate_game

CORPUS = Path(__file__).resolve().parent / "conformance"
WHERE = Location(file="game.json")
TRICK_SPECS = [spec_id for spec_id in bundled_ids() if not spec_id.startswith("dominoes/")]


# The whole-game checks: the play (clean_game.clean_hands) and the plain lane's bids (bidding.game_contracts), which
# it reads only beside the play's
GAME_CHECKS = ("clean_hands", "game_contracts")


def both_ways(
    rules: str, document: Any, monkeypatch: pytest.MonkeyPatch, owner: Any, lane: str
) -> tuple[Any, Any, int]:
    """The report (or refusal) with ``owner.lane`` and with it answering None (the careful path for every
    case), and how many times the lane vouched for a case. The whole-game check (clean_game.clean_hands), which
    stands in for the hand's own checks a game at a time, is turned off for both unless it is the lane or the bids'
    game check: so a hand's lane is held alone to its careful path (tests/tricks/test_clean_game.py holds the
    game's to the hand's)."""
    if lane not in GAME_CHECKS:
        monkeypatch.setattr(clean_game, "clean_hands", lambda *args: None)
    vouched = [0]
    check = getattr(owner, lane)

    def counted(*args: Any) -> Any:
        found = check(*args)
        vouched[0] += found is not None
        return found

    def run() -> Any:
        try:
            return referee.audit(rules, gamelog.from_document(copy.deepcopy(document), WHERE)).as_dict()
        except InputError as exc:
            return exc.message

    monkeypatch.setattr(owner, lane, counted)
    fast = run()
    monkeypatch.setattr(owner, lane, lambda *args: None)
    slow = run()
    monkeypatch.setattr(owner, lane, check)
    return fast, slow, vouched[0]


def corpus_trick_games() -> Iterator[tuple[str, str, Any]]:
    """Each conformance case of a trick game: its name, its rules and its log (with the case's options)."""
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        rules, document = case.get("rules"), case.get("log")
        if not isinstance(document, dict) or str(rules).startswith("dominoes/"):
            continue
        if case.get("options"):
            document = {**document, "game": {**document.get("game", {}), "options": case["options"]}}
        yield path.name, str(rules), document


def tampered_both_ways(
    rules: str,
    seed: int,
    tamper: Callable[[Any, random.Random], None],
    owner: Any,
    lane: str,
    seats: int | None = None,
) -> tuple[Any, Any]:
    """A simulated (legal) game of ``rules`` (for ``seats`` players, or the spec's count) tampered with one to
    three times, reported with the lane and without."""
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec(rules), rng, seats=seats)
    for _ in range(rng.randint(1, 3)):
        tamper(document, rng)
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow, _ = both_ways(rules, document, monkeypatch, owner, lane)
    return fast, slow


def corpus_agrees(monkeypatch: pytest.MonkeyPatch, owner: Any, lane: str, least: int = 10) -> None:
    """Every conformance case of a trick game reports the same with the lane and without it, and the lane answered
    for more than ``least`` hands."""
    compared = vouched = 0
    for name, rules, document in corpus_trick_games():
        fast, slow, count = both_ways(rules, document, monkeypatch, owner, lane)
        assert fast == slow, name
        compared += 1
        vouched += count
    assert compared > 100
    # the lane answered for some hands: without it, "the same" would hold of a lane the audit never asks
    assert vouched > least, vouched


def counted(real: Callable[..., Any]) -> tuple[Callable[..., Any], list[int]]:
    """``real`` (a fast path) wrapped to count its answers, and the counts: [how many it answered for, how many
    it handed back with None]."""
    counts = [0, 0]

    def counting(*args: Any) -> Any:
        found = real(*args)
        counts[found is None] += 1
        return found

    return counting, counts
