"""The fast log check never passes what the game-log schema rejects, and passes ordinary logs."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee import load_spec
from referee.logshape import conforms, header_conforms
from referee.schemas import validator
from referee.tricks.simulate import simulate_game

SPEC = load_spec("spades/intramural")
BASE = simulate_game(SPEC, random.Random(3))
BASE["hands"] = BASE["hands"][:2]
BASE["hands"][0]["books"] = {"North": 7, "East": 6}
BASE["hands"][1]["misdeal"] = False
BASE["hands"][1]["events"] = [{"type": "note", "seat": "North", "trick": 2, "note": "slow play"}]
BASE["game"].update({"event": "club night", "date": "2026-11-01", "options": {}})
BASE["sides"] = {"NS": ["North", "South"], "EW": ["East", "West"]}

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2.0, "", "x", "AS", [], [1], {}, {"a": 1}, {"kind": "nil"}]


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every dict and list in a document."""
    found = []
    if isinstance(value, dict):
        found.append(path)
        for key, item in value.items():
            found.extend(_containers(item, (*path, key)))
    elif isinstance(value, list):
        found.append(path)
        for index, item in enumerate(value):
            found.extend(_containers(item, (*path, index)))
    return found


def _keys(value: Any) -> list[Any]:
    return list(value) if isinstance(value, dict) else list(range(len(value)))


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


# Every (container shape, key) pair: mutations pick one of these uniformly, so that a rare field such as a
# hand's dealer is as likely to be broken as a card in a trick.
def _slots() -> list[tuple[tuple[Any, ...], Any]]:
    first: dict[Any, tuple[tuple[Any, ...], Any]] = {}
    for path in _containers(BASE):
        for key in _keys(_at(BASE, path)):
            shape = tuple(0 if isinstance(step, int) else step for step in (*path, key))
            first.setdefault(shape, (path, key))
    return sorted(first.values(), key=str)


SLOTS = _slots()


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path, key = draw(st.sampled_from(SLOTS))
        try:
            target = _at(document, path)
            target[key]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(target, (dict, list)):  # an earlier mutation put a plain value here
            continue
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            target[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        elif action == "delete":
            del target[key]
        elif isinstance(target, dict):
            target[draw(st.sampled_from(["extra", "kind", "hand", "tricks", "type", "x"]))] = copy.deepcopy(
                draw(st.sampled_from(ODD_VALUES))
            )
        else:
            target.append(copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
    return document


def test_ordinary_logs_take_the_fast_path() -> None:
    assert conforms(BASE)
    assert validator("game-log").is_valid(BASE)


@settings(max_examples=500, deadline=None)
@given(mutated())
def test_fast_check_never_passes_what_the_schema_rejects(document: Any) -> None:
    if conforms(document):
        errors = [e.message for e in validator("game-log").iter_errors(document)]
        assert errors == [], f"fast check passed a log the schema rejects: {errors}"


def test_booleans_are_not_integers() -> None:
    document = copy.deepcopy(BASE)
    document["hands"][0]["bids"][0] = {"North": True}
    assert not conforms(document)
    assert not validator("game-log").is_valid(document)


def test_the_cards_drawn_for_the_first_deal() -> None:
    document = copy.deepcopy(BASE)
    document["game"]["dealer_draw"] = {"North": "8D", "East": "KS"}
    assert conforms(document) and validator("game-log").is_valid(document)
    for bad in ({"North": ""}, {"North": 5}, ["8D"], "8D"):
        document["game"]["dealer_draw"] = bad
        assert not conforms(document)
        assert not validator("game-log").is_valid(document)


def test_the_header_s_players_and_sides() -> None:
    # the players told names in C-level steps, the sides walked only where there are some (a null is none)
    for players in (["North", "East", ""], ["North", 1], ["North", ["East"]], ["North", "North"], ["North"]):
        document = {**copy.deepcopy(BASE), "players": players}
        assert not header_conforms(document)
        assert not validator("game-log").is_valid(document)
    sides: Any
    for sides in (None, [], {"NS": []}, {"NS": ["North", ""]}):
        document = {**copy.deepcopy(BASE), "sides": sides}
        assert not header_conforms(document)
        assert not validator("game-log").is_valid(document)
    document = {**copy.deepcopy(BASE), "sides": {"NS": ["North", "South"]}}
    assert header_conforms(document) and validator("game-log").is_valid(document)
