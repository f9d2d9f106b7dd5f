"""A game read from its JSON text decoded plainly (orjson, ``plain_value``) and the one-pass reader
(``from_json_text``) is what ``parse_json`` and ``from_document`` make of it: the same game, or the same
located error. The one-pass reader vouches for what parse_json's hooks refuse (duplicate keys, numbers no game
holds, lone surrogates) by cheaper means, so each of those is written here into every kind of place a log has
one."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from dominoes import test_logshape as domino_shapes
from hypothesis import given, settings
from hypothesis import strategies as st
from tricks import test_logshape as trick_shapes

from referee import load_spec, logshape
from referee.documents import parse_json
from referee.dominoes.log import is_domino_document
from referee.dominoes.onepass import OnePassReader as DominoReader
from referee.errors import InputError, Location
from referee.gamelog import from_document, from_json_text
from referee.json_values import cut_values, plain_value
from referee.logreader import PLAIN_DEPTH, header_keys, plain_keys
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks.log import read_fast
from referee.tricks.onepass import OnePassReader
from referee.unfit_values import MAX_DIGITS

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


def _dumps(value: Any, duplicate_at: Any = None, path: tuple[Any, ...] = ()) -> str:
    """Compact JSON, with the first member of the object at ``duplicate_at`` (a path, or a set of paths) written
    again at its end."""
    if isinstance(value, dict):
        members = [f"{_dumps(k)}:{_dumps(v, duplicate_at, (*path, k))}" for k, v in value.items()]
        if (path == duplicate_at or (isinstance(duplicate_at, set) and path in duplicate_at)) and members:
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


# past 64 bits ("1" * 20, "-" + "9" * 20) orjson reads an integer as a float
NUMBERS = [
    "1" * 19,
    "-" + "9" * 19,
    "1" * 20,
    "-" + "9" * 20,
    "9" * 5000,
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "2.5",
    "7.0",
    "true",
]
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
    target: Any = document
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


@pytest.mark.parametrize("depth", [PLAIN_DEPTH - 2, PLAIN_DEPTH - 1, PLAIN_DEPTH, 900, 1020, 1030, 5000])
def test_options_nested_deep_read_as_parse_json_reads_them(depth: int) -> None:
    # orjson decodes 1,024 levels, json.loads as deep as the stack lets it: the one-pass reader hands anything
    # nested past PLAIN_DEPTH to the careful path, so both ways agree however deep either decoder goes
    document = _trick_base()
    document["game"]["options"]["deep"] = "@DEEP@"
    text = _dumps(document).replace('"@DEEP@"', "[" * depth + "]" * depth)
    found = _same(text)
    if depth < PLAIN_DEPTH - 1:  # the options' own object and the game's: two levels above the lists
        assert not isinstance(found, tuple)
        assert read_fast(plain_value(text), WHERE, text) is not None


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


def _tagged(value: Any) -> Any:
    """A value with each part's type beside it, and each object's keys in order: what equality alone misses
    (1 == 1.0 == True, and {"a": 1, "b": 2} == {"b": 2, "a": 1})."""
    if isinstance(value, dict):
        return ("object", [(key, _tagged(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("array", [_tagged(item) for item in value])
    if type(value) is int and not -(2**63) <= value < 2**64:
        # the one difference documented: past 64 bits orjson reads an integer as a float, past MAX_DIGITS either
        # way, which the readers refuse
        assert abs(value) >= 10**MAX_DIGITS
        return ("float", repr(float(value)))
    return (type(value).__name__, repr(value))


@settings(max_examples=300, deadline=None)
@given(_JSON_VALUES, st.sampled_from([(",", ":"), (", ", ": "), (" ,\t", " :\n")]), st.booleans())
def test_the_plain_decoder_gives_what_json_loads_gives_or_refuses(value: Any, separators: Any, twice: bool) -> None:
    # what from_json_text takes the plain decoder's word for: a text with no backslash
    text = json.dumps(value, ensure_ascii=False, separators=separators)
    if twice and text.startswith("{") and len(text) > 2:  # a duplicate key: the first member written again
        first = text[1 : text.index(separators[1]) + len(separators[1])] + json.dumps(next(iter(value.values())))
        text = text[:-1] + separators[0] + first + "}"
    if "\\" in text:
        return
    try:
        found = plain_value(text)
    except ValueError:
        return  # refused: the careful path decides
    assert _tagged(found) == _tagged(json.loads(text))


# A card written another way than its canonical token ("as", " AS", "A♠": parse_card reads them all) is read
# by the careful steps, one play or card at a time; each object's keys must still be counted once there.
OTHER_FORMS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "spaced": lambda token: f" {token}",
    "symbol": lambda token: token[:-1] + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[token[-1]],
}
CARD_PLACES = [
    ("hands", 0, "tricks", 0, 0),  # a hand read whole by the careful reader (it has books)
    ("hands", 1, "tricks", 3, 2),  # and one with events
    ("hands", 0, "deal", "North", 0),
]


def _key_count(document: Any, text: str) -> int | None:
    """The keys the one-pass reader counts in a plainly decoded document (None: it hands the document back)."""
    if not logshape.header_conforms(document):
        return None
    try:  # as read_in_one_pass reads it
        reader = (DominoReader if is_domino_document(document) else OnePassReader)(document, WHERE)
        reader.schema_checked = False
        reader.text = text
        reader.game()
    except (InputError, KeyError, TypeError, ValueError, AttributeError, StopIteration):
        return None
    keys = header_keys(document)
    return None if keys is None else keys + reader.keys


@pytest.mark.parametrize("form", OTHER_FORMS)
@pytest.mark.parametrize("place", CARD_PLACES, ids=str)
def test_a_card_written_another_way_is_counted_once_and_hides_no_duplicate(place: tuple[Any, ...], form: str) -> None:
    document = _trick_base()
    target = document
    for step in place[:-1]:
        target = target[step]
    key = next(iter(target[place[-1]])) if place[1:3] != (0, "deal") else None
    holder = target[place[-1]] if key is not None else target
    slot = key if key is not None else place[-1]
    holder[slot] = OTHER_FORMS[form](holder[slot])
    text = _dumps(document)
    decoded = plain_value(text)
    assert _key_count(decoded, text) == plain_keys(decoded)  # the reader counts the keys the objects hold
    assert not isinstance(_same(text), tuple)
    # as many duplicates elsewhere as a trick's plays: an over-count by a trick would let them pass
    found = _same(_dumps(document, duplicate_at={("hands", 0, "bids", i) for i in range(4)}))
    assert found[0] == "error" and "duplicate key" in found[1]


def _strings(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _strings(item, (*path, key))]
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in _strings(item, (*path, i))]
    return [path] if isinstance(value, str) and path[:1] == ("hands",) else []


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_one_pass_reader_never_counts_more_keys_than_the_objects_hold(data: st.DataObject) -> None:
    """Where the reader counts more keys than a document's objects hold, as many duplicate keys in its text pass
    read_in_one_pass's check unseen: so it never does, whatever the log holds (cards and tiles written in other
    forms, which the careful steps read, included)."""
    document = data.draw(data.draw(st.sampled_from([trick_shapes.mutated(), domino_shapes.mutated()])))
    for _ in range(data.draw(st.integers(0, 3))):
        places = _strings(document)
        if places:
            *path, last = data.draw(st.sampled_from(places))
            holder = trick_shapes._at(document, tuple(path))
            changes: list[Callable[[str], str]] = [str.lower, str.strip, " {}".format]
            change = data.draw(st.sampled_from(changes))
            holder[last] = change(holder[last])
    text = _dumps(document)
    decoded = plain_value(text)
    counted, held = _key_count(decoded, text), plain_keys(decoded)
    assert counted is None or held is None or counted <= held
    _same(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"log": "a\x01b"}', "not valid JSON: Invalid control character (column 11)"),
        ('{"log": "ab', "not valid JSON: Unterminated string starting (column 9)"),
    ],
)
def test_a_json_error_message_names_its_place_once(text: str, message: str) -> None:
    # the decoder's message ends "... at", its place after it; the column is the place here, not "at (column 11)"
    with pytest.raises(InputError) as raised:
        parse_json(text, "x.json")
    assert raised.value.message == message


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        # no opener: no segment, the text whole
        ('{"a":[1]}', ([], '{"a":[1]}')),
        # one opener: its segment to the first "]]" after it, the rest written with "[]" in its place
        ('{"t":[[1],[2]],"u":[[3]]}', (["[1],[2"], '{"t":[],"u":[[3]]}')),
        # two openers, each cut so
        ('[{"t":[[1],[2]]},{"t":[[3]]}]', (["[1],[2", "[3"], '[{"t":[]},{"t":[]}]')),
        # an opener with no "]]" after it: no cut
        ('[{"t":[[1]]},{"t":[1]}]', None),
    ],
)
def test_cut_values_cuts_each_opener_to_its_first_closer(text: str, cut: Any) -> None:
    assert cut_values(text, '"t":[', "]]") == cut
