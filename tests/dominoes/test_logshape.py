"""The fast log check never passes a domino log the game-log schema rejects, and passes simulated ones."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee import load_spec
from referee.logshape import conforms
from referee.schemas import validator
from referee.simulate import simulate_game

BASE = simulate_game(load_spec("dominoes/all-fives"), random.Random(5), players=("Ann", "Bob"))
BASE["hands"] = BASE["hands"][:2]
ODD: list[Any] = [None, True, 0, -5, 1.5, "", "x", "6-4", "knock", [], ["6-4"], {}, {"tile": "6-4"}, {"draw": 1}]
ODD += [{"tile": "6-4", "end": "middle"}, {"tile": "6-4", "points": -1}, {"draw": "6-4", "end": "left"}]
EXTRA_KEYS = ["tile", "end", "points", "draw", "award", "boneyard", "plays", "x"]


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (container path, key) of a document."""
    found: list[tuple[tuple[Any, ...], Any]] = []
    if isinstance(value, dict | list):
        for key in list(value) if isinstance(value, dict) else range(len(value)):
            found.append((path, key))
            found.extend(_places(value[key], (*path, key)))
    return found


PLACES = _places(BASE)


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(BASE)
    path, key = draw(st.sampled_from(PLACES))
    target = document
    for step in path:
        target = target[step]
    action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
    if action == "replace":
        target[key] = copy.deepcopy(draw(st.sampled_from(ODD)))
    elif action == "delete":
        del target[key]
    elif isinstance(target, dict):
        target[draw(st.sampled_from(EXTRA_KEYS))] = copy.deepcopy(draw(st.sampled_from(ODD)))
    else:
        target.append(copy.deepcopy(draw(st.sampled_from(ODD))))
    return document


def test_simulated_domino_logs_take_the_fast_path() -> None:
    assert conforms(BASE)
    assert validator("game-log").is_valid(BASE)


@settings(max_examples=300, deadline=None, database=None)
@given(mutated())
def test_fast_check_never_passes_what_the_schema_rejects(document: Any) -> None:
    if conforms(document):
        errors = [e.message for e in validator("game-log").iter_errors(document)]
        assert errors == [], f"fast check passed a log the schema rejects: {errors}"
