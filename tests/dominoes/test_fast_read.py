"""The one-pass reading of a domino log (``read_fast``) gives exactly the DominoLog that the schema check and
the careful reading give, and vouches for no document the schema rejects (it hands those back: None)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from one_pass import WHERE, careful

from dominoes.test_logshape import BASE, mutated
from referee import load_spec
from referee.documents import parse_json
from referee.dominoes.log import read, read_fast
from referee.dominoes.tiles import tile
from referee.errors import InputError
from referee.gamelog import from_document, from_json_text
from referee.simulate import simulate_game
from referee.spec import bundled_ids


def _careful(document: Any) -> Any:
    return careful(read, document)


@pytest.mark.parametrize("rules", [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")])
def test_simulated_games_are_read_in_one_pass(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(5))
    fast = read_fast(document, WHERE)
    assert fast is not None, "an ordinary simulated game should not need the schema"
    assert fast == _careful(document)


def test_a_hands_draw_is_each_seats_tiles_as_written_by_either_reader() -> None:
    document = simulate_game(load_spec("dominoes/all-fives"), random.Random(7))
    written = [
        [tile(*map(int, token.split("-"))) for token in document["hands"][0]["draw"][name]]
        for name in document["players"]
    ]
    for game in (read_fast(document, WHERE), _careful(document)):
        assert game is not None
        hand = game.hands[0]
        assert [list(tiles) for tiles in hand.draw] == written  # the tiles, as ints, in the order written
        assert list(hand.held) == [sum(1 << t for t in tiles) for tiles in written]
        assert list(hand.drawn) == [len(tiles) for tiles in written]


@pytest.mark.parametrize(
    ("boneyard", "vouched"),
    [
        (["6|2", "[0:0]"], True),  # the usual forms, looked up
        ([" 6 - 2 ", "0-0"], True),  # a form looked up in none, read token by token
        (["9-9", "0-0"], False),  # no tile of the set: the careful reading says so
        ([[6, 2], "0-0"], False),  # no token at all (unhashable)
        ([6, "0-0"], False),
        ([], True),
        (None, False),
        ("6-2", False),
    ],
)
def test_a_boneyard_reads_in_one_pass_as_carefully_or_is_handed_back(boneyard: Any, vouched: bool) -> None:
    document = copy.deepcopy(BASE)
    document["hands"][0]["boneyard"] = boneyard
    fast = read_fast(document, WHERE)
    assert (fast is not None) == vouched
    assert fast is None or fast == _careful(document)
    text = json.dumps(document, separators=(",", ":"))  # (read from the text: the plays cut out, then one pass)
    outcomes: list[Any] = []
    for reading in (from_json_text, lambda text, where: from_document(parse_json(text, "g.jsonl"), where)):
        try:
            outcomes.append(reading(text, WHERE))
        except InputError as exc:
            outcomes.append(exc.message)
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("written", ["4-6", "6|4", "[6:4]", " 6 - 4 ", "[4:6]"])
def test_each_way_of_writing_a_tile_reads_the_same(written: str) -> None:
    document = copy.deepcopy(BASE)
    entry = document["hands"][0]["plays"][0]
    (name,) = entry
    document["hands"][0]["plays"][0] = {name: written}
    fast = read_fast(document, WHERE)
    assert fast is not None and fast == _careful(document)
    assert fast.hands[0].turns[0].tile == tile(6, 4)


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_one_pass_never_vouches_for_what_the_schema_rejects(document: Any) -> None:
    fast = read_fast(copy.deepcopy(document), WHERE)
    if fast is not None:
        assert fast == _careful(document)


def test_a_boolean_is_not_read_as_the_points_it_equals() -> None:
    # turns are looked up among those already read, and False == 0 as a key: the lookup must not pass it
    document = copy.deepcopy(BASE)
    assert read_fast(document, WHERE) is not None  # every turn of the document now read once
    entry = next(e for e in document["hands"][0]["plays"] if next(iter(e.values())).get("points") == 0)
    next(iter(entry.values()))["points"] = False
    assert read_fast(document, WHERE) is None
    assert _careful(document).startswith("schema: ")


def _first_hand(change: Any) -> Any:
    document = copy.deepcopy(BASE)
    change(document["hands"][0])
    return document


def _reorder_draw(hand: dict[str, Any]) -> None:
    hand["draw"] = dict(reversed(hand["draw"].items()))


def _drop_a_draw(hand: dict[str, Any]) -> None:
    del hand["draw"][next(iter(hand["draw"]))]


def _bare_totals(hand: dict[str, Any]) -> None:
    hand["score"] = {key: value["total"] for key, value in hand["score"].items()}


def _hand_only(hand: dict[str, Any]) -> None:
    hand["score"] = {key: {"hand": value["hand"]} for key, value in hand["score"].items()}


def _odd_token(hand: dict[str, Any]) -> None:
    first = next(iter(hand["draw"]))
    hand["draw"][first][0] = " [" + hand["draw"][first][0].replace("-", ":") + "] "


def _note(hand: dict[str, Any]) -> None:
    hand["note"] = "a hand with a note is read by the careful reader"


def _empty_award(hand: dict[str, Any]) -> None:
    hand["award"] = {}


def _misdeal(hand: dict[str, Any]) -> None:
    hand["misdeal"] = False


def _knock_word(hand: dict[str, Any]) -> None:
    hand["plays"].append({next(iter(hand["draw"])): " Pass "})


@pytest.mark.parametrize(
    "change",
    [_reorder_draw, _drop_a_draw, _bare_totals, _hand_only, _odd_token, _note, _empty_award, _misdeal, _knock_word],
)
def test_each_usual_field_in_another_form_reads_as_the_careful_reader_reads_it(change: Any) -> None:
    document = _first_hand(change)
    fast = read_fast(document, WHERE)
    careful_read = _careful(document)
    assert not isinstance(careful_read, str), careful_read
    assert fast is None or fast == careful_read
    assert fast is not None or change in (_odd_token,), "a schema-valid form the one pass should read"


def _from_text(text: str) -> Any:
    try:
        return from_json_text(text, WHERE)
    except InputError as exc:
        return exc.message


def _from_parsed(text: str) -> Any:
    try:
        return from_document(parse_json(text, "game.json"), WHERE)
    except InputError as exc:
        return exc.message


@pytest.mark.parametrize("place", ["points", "hand", "total"])
def test_a_boolean_in_the_text_is_not_read_as_the_number_it_equals(place: str) -> None:
    # what the reader looks up among the turns and score lines read before, a boolean would find as its int
    document = copy.deepcopy(BASE)
    hand = document["hands"][0]
    if place == "points":
        value = next(v for v in (next(iter(e.values())) for e in hand["plays"]) if isinstance(v, dict) and "tile" in v)
    else:
        value = next(iter(hand["score"].values()))
    value[place] = 1  # a number the table may write (wrongly): read once, and kept
    text = json.dumps(document)
    assert read_fast(json.loads(text), WHERE, text) is not None
    value[place] = True
    text = json.dumps(document)
    found = _from_text(text)
    assert found == _from_parsed(text)
    assert isinstance(found, str), "a boolean where a number should be is refused"


@pytest.mark.parametrize("points", [10, 0, -5, True, False, 2.5, 10**18, 10**400, "10", None])
def test_an_award_of_one_side_is_read_as_the_careful_reader_reads_it_or_handed_back(points: Any) -> None:
    # the usual award, one side's points, is read in a few steps: what the schema refuses (a negative number, a
    # boolean, which equals an int, a fraction, a number parse_json refuses, a text) must be handed back
    document = copy.deepcopy(BASE)
    document["hands"][0]["award"] = {next(iter(document["players"])): points}
    fast = read_fast(document, WHERE)
    careful_read = _careful(document)
    if isinstance(careful_read, str):
        assert fast is None, careful_read
    else:
        assert fast is None or fast == careful_read
    if type(points) is int and points in (10, 0):
        assert fast is not None, "the usual award should be read in one pass"
    text = json.dumps(document)  # and from its text, where a number parse_json refuses must be refused
    assert _from_text(text) == _from_parsed(text)
