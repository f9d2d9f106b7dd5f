"""A game read from its JSON text by plain ``json.loads`` and the one-pass reader (``from_json_text``) is what
``parse_json`` and ``from_document`` make of it: the same game, or the same located error. The one-pass reader
vouches for what parse_json's hooks refuse (duplicate keys, numbers no game holds, lone surrogates) by cheaper
means, so each of those is written here into every kind of place a log has one."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from dominoes import test_logshape as domino_shapes
from hypothesis import given, settings
from hypothesis import strategies as st
from tricks import test_logshape as trick_shapes

from referee import load_spec
from referee.documents import parse_json
from referee.errors import InputError, Location
from referee.gamelog import from_document, from_json_text
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks.log import read_fast

WHERE = Location(file="games.jsonl", line=7, game=3)
TRICK = trick_shapes.BASE
DOMINO = domino_shapes.BASE


def _outcome(read: Any, text: str) -> Any:
    try:
        return read(text, WHERE)
    except InputError as exc:
        return ("error", exc.message, exc.location)


def _careful(text: str, where: Location) -> Any:
    return from_document(parse_json(text, where.file or "", where.line), where)


def _same(text: str) -> Any:
    """What both ways make of ``text``, checked to be the same."""
    fast = _outcome(from_json_text, text)
    assert fast == _outcome(_careful, text)
    return fast


def _dumps(value: Any, duplicate_at: tuple[Any, ...] | None = None, path: tuple[Any, ...] = ()) -> str:
    """Compact JSON, with the first member of the object at ``duplicate_at`` written again at its end."""
    if isinstance(value, dict):
        members = [f"{_dumps(k)}:{_dumps(v, duplicate_at, (*path, k))}" for k, v in value.items()]
        if path == duplicate_at and members:
            members.append(members[0])
        return "{" + ",".join(members) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_dumps(v, duplicate_at, (*path, i)) for i, v in enumerate(value)) + "]"
    return json.dumps(value, ensure_ascii=False)


def _objects(document: Any) -> list[tuple[Any, ...]]:
    """The path of every object (dict) in a document."""
    return [p for p in trick_shapes._containers(document) if isinstance(trick_shapes._at(document, p), dict)]


@cache
def _simulated(rules: str) -> dict[str, Any]:
    document = simulate_game(load_spec(rules), random.Random(11))
    document["hands"] = document["hands"][:3]
    return document


@pytest.mark.parametrize("rules", bundled_ids())
def test_simulated_games_read_the_same_and_in_one_pass(rules: str) -> None:
    document = _simulated(rules)
    for text in (json.dumps(document), _dumps(document), json.dumps(document, separators=(",", " : "))):
        game = _same(text)
        assert not isinstance(game, tuple), game
        assert rules.startswith("dominoes/") or read_fast(json.loads(text), WHERE, text) is not None


# Every kind of object a log holds, trick and domino: a duplicate key in any of them is refused, located.
TRICK_OBJECTS = [
    (),
    ("game",),
    ("game", "options"),
    ("sides",),
    ("hands", 0),
    ("hands", 0, "deal"),
    ("hands", 0, "bids", 2),
    ("hands", 0, "tricks", 0, 0),
    ("hands", 1, "tricks", 12, 3),
    ("hands", 0, "score"),
    ("hands", 0, "score", "North"),
    ("hands", 0, "books"),
    ("hands", 1, "events", 0),
]
DOMINO_OBJECTS = [
    ("hands", 0, "draw"),
    ("hands", 1, "plays", 0),
    ("hands", 1, "plays", 3),
    ("hands", 0, "score"),
    ("hands", 0, "score", "Ann"),
]


def _trick_base() -> dict[str, Any]:
    document = copy.deepcopy(TRICK)
    document["game"]["options"] = {"bags": {"limit": 10, "penalty": -100}, "note": "odd: \u00e9"}
    return document


@pytest.mark.parametrize("path", TRICK_OBJECTS, ids=str)
def test_a_duplicate_key_in_any_trick_object_is_refused(path: tuple[Any, ...]) -> None:
    document = _trick_base()
    assert not isinstance(_same(_dumps(document)), tuple)
    found = _same(_dumps(document, duplicate_at=path))
    assert found[0] == "error" and "duplicate key" in found[1]


@pytest.mark.parametrize("path", DOMINO_OBJECTS, ids=str)
def test_a_duplicate_key_in_any_domino_object_is_refused(path: tuple[Any, ...]) -> None:
    assert path in _objects(DOMINO)
    found = _same(_dumps(DOMINO, duplicate_at=path))
    assert found[0] == "error" and "duplicate key" in found[1]


def test_a_dealer_draw_with_a_duplicate_is_refused() -> None:
    document = _trick_base()
    document["game"]["dealer_draw"] = {"North": "AS", "East": "2C"}
    assert not isinstance(_same(_dumps(document)), tuple)
    found = _same(_dumps(document, duplicate_at=("game", "dealer_draw")))
    assert found[0] == "error" and "duplicate key" in found[1]


def test_colons_inside_strings_neither_hide_a_duplicate_nor_slow_a_clean_game() -> None:
    document = _trick_base()
    document["hands"][0]["started"] = "20:15"
    text = _dumps(document)
    assert read_fast(json.loads(text), WHERE, text) is not None  # a clock time is no reason for the slow path
    document["hands"][1]["events"][0]["note"] = ":a: b: c"  # one opening a string: a `":` that is no key's
    assert not isinstance(_same(_dumps(document)), tuple)
    for path in TRICK_OBJECTS:
        found = _same(_dumps(document, duplicate_at=path))
        assert found[0] == "error" and "duplicate key" in found[1]


def test_whitespace_before_a_colon_neither_hides_a_duplicate_nor_misreads() -> None:
    document = _trick_base()
    document["hands"][0]["started"] = "20:15"
    spaced = json.dumps(document, separators=(", ", " : "))
    assert not isinstance(_same(spaced), tuple)
    for path in TRICK_OBJECTS:
        text = _dumps(document, duplicate_at=path).replace('":', '"\t:', 3).replace('":', '" :')
        found = _same(text)
        assert found[0] == "error" and "duplicate key" in found[1]


NUMBERS = ["1" * 19, "-" + "9" * 19, "9" * 5000, "NaN", "Infinity", "-Infinity", "1e400", "2.5", "7.0", "true"]
NUMBER_PLACES = [
    ("game", "id"),
    ("game", "table"),
    ("game", "options", "bags", "limit"),
    ("hands", 0, "score", "North", "total"),
    ("hands", 0, "books", "North"),
    ("hands", 0, "bids", 0),
    ("hands", 1, "events", 0, "trick"),
]


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("place", NUMBER_PLACES, ids=str)
def test_a_number_no_game_holds_is_refused_as_parse_json_refuses_it(place: tuple[Any, ...], number: str) -> None:
    document = _trick_base()
    target = document
    for step in place[:-1]:
        target = target[step]
    if place[-1] == 0:  # a bid: {player: tricks}
        target = target[0]
        key = next(iter(target))
    else:
        key = place[-1]
    target[key] = "@NUMBER@"
    _same(_dumps(document).replace('"@NUMBER@"', number))


def test_the_largest_number_a_game_may_hold_reads_in_one_pass() -> None:
    document = _trick_base()
    document["game"]["options"]["bags"]["limit"] = -(10**18 - 1)
    document["hands"][0]["score"]["North"]["total"] = 10**18 - 1
    text = _dumps(document)
    assert read_fast(json.loads(text), WHERE, text) is not None
    assert not isinstance(_same(text), tuple)


@pytest.mark.parametrize("escaped", ["\\ud800", "\\udfff", "\\u00e9", "\\n", '\\"'])
def test_an_escape_is_left_to_parse_json(escaped: str) -> None:
    document = _trick_base()
    document["hands"][1]["events"][0]["note"] = "@NOTE@"
    text = _dumps(document).replace("@NOTE@", f"a{escaped}b")
    assert read_fast(json.loads(text), WHERE, text) is None
    _same(text)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_logs_with_or_without_a_duplicate_read_the_same(data: st.DataObject) -> None:
    document = data.draw(data.draw(st.sampled_from([trick_shapes.mutated(), domino_shapes.mutated()])))
    objects = _objects(document)
    at = data.draw(st.sampled_from([None, *objects]))
    _same(_dumps(document, duplicate_at=at))
