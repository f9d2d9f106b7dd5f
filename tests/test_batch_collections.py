"""A batch run collects garbage rarely (batch_run._few_collections): that is sound only because auditing a game
leaves nothing in a reference cycle, so each game's containers are freed with it, not by a collection. Held here
for every family, YAML and JSON Lines, clean games, broken ones and ones with violations."""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import referee
from referee import batch_inputs
from referee.batch import Checker, Settings
from referee.gamelog import log_yaml
from referee.simulate import simulate_game

SPECS = [("spades/intramural", None), ("hearts/intramural", 4), ("dominoes/all-fives", 4)]


def _games(spec_id: str, seats: int | None) -> list[dict[str, object]]:
    spec = referee.load_spec(spec_id)
    rng = random.Random(5)
    return [simulate_game(spec, rng, game_id=str(n), seats=seats) for n in range(3)]


def _archive(folder: Path, spec_id: str, seats: int | None, suffix: str) -> Path:
    """Three simulated games, then the first with a player renamed in one hand (violations or unreadable, as the
    family finds it), then a game cut short."""
    games = _games(spec_id, seats)
    texts = [json.dumps(game, ensure_ascii=False) for game in games]
    texts.append(texts[0].replace(str(games[0]["players"][0]), "Nobody", 3))  # type: ignore[index]
    path = folder / f"games{suffix}"
    if suffix == ".jsonl":
        path.write_text("".join(text + "\n" for text in texts) + texts[1][:200] + "\n", encoding="utf-8")
    else:
        documents = [log_yaml(json.loads(text)) for text in texts]
        path.write_text("".join("---\n" + d for d in documents) + "---\nlog: 1\nplayers: [\n", encoding="utf-8")
    return path


def _audit(path: Path) -> Iterator[object]:
    checker = Checker(Settings(format="json"))
    for split in (False, True):  # the file whole, and cut into units as workers are given them
        for unit in batch_inputs.units([str(path)], checker, split=split):
            yield from batch_inputs.check_unit(checker, unit)


@pytest.mark.parametrize(("spec_id", "seats"), SPECS)
@pytest.mark.parametrize("suffix", [".jsonl", ".yaml"])
def test_auditing_games_leaves_no_cyclic_garbage(tmp_path: Path, spec_id: str, seats: int | None, suffix: str) -> None:
    path = _archive(tmp_path, spec_id, seats, suffix)
    results = list(_audit(path))  # once first: imports, caches and specs are made, some of them in cycles
    assert {r.status for r in results} >= {"clean", "unreadable"}  # type: ignore[attr-defined]
    del results
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds is kept, to be seen, not freed
    try:
        for _ in _audit(path):
            pass
        gc.collect()
        left = [type(thing).__name__ for thing in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []
