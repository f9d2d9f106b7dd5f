"""The one-pass reading of a trick log (``read_fast``) gives exactly the GameLog that the schema check and the
careful reading give, and vouches for no document the schema rejects (it hands those back: None)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from one_pass import WHERE, careful

from referee import load_spec
from referee.documents import parse_yaml
from referee.logreader import RecordedScore
from referee.spec import bundled_ids
from referee.tricks.log import GameLog, Hand, compact_tricks, read, read_fast
from referee.tricks.simulate import simulate_game
from tricks.test_logshape import BASE, mutated

CORPUS = Path(__file__).resolve().parent.parent / "conformance"
TRICK_SPECS = ["spades/intramural", "spades/house", "spades/tournament-jjdd", "hearts/intramural", "hearts/club"]


def _careful(document: Any) -> Any:
    return careful(read, document)


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_are_read_in_one_pass(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(5))
    fast = read_fast(document, WHERE)
    assert fast is not None, "an ordinary simulated game should not need the schema"
    assert fast == _careful(document)


def test_corpus_logs_read_the_same_either_way() -> None:
    read_in_one_pass = 0
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        document = case.get("log")
        if not isinstance(document, dict) or "plays" in str(document.get("hands")):  # a domino game
            continue
        fast = read_fast(copy.deepcopy(document), WHERE)
        if fast is not None:
            read_in_one_pass += 1
            assert fast == _careful(document), path.name
    assert read_in_one_pass > 100  # nearly every case: only odd ones are handed back


def test_a_non_canonical_card_is_still_read() -> None:
    document = copy.deepcopy(BASE)
    trick = document["hands"][0]["tricks"][0]
    name, token = next(iter(trick[0].items()))
    trick[0] = {name: token.lower() if token[0] not in "0123456789" else token.replace("10", "T")}
    fast = read_fast(document, WHERE)
    assert fast is not None and fast == _careful(document)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0]["tricks"][0].__setitem__(0, {"North": "AS", "East": "KS"}),  # two plays in one
        lambda d: d["hands"][0]["tricks"][0].__setitem__(0, ["AS"]),
        lambda d: d["hands"][0]["tricks"].__setitem__(0, []),
        lambda d: d["hands"][0]["tricks"].__setitem__(0, "North led AS"),
        lambda d: d["hands"][0]["deal"].__setitem__("North", {"AS": 1}),
        lambda d: d["hands"][0]["deal"].__setitem__("North", "AS KS"),
        lambda d: d["hands"][0]["deal"]["North"].__setitem__(0, ""),
        lambda d: d["hands"][0].__setitem__("deal", [["AS"]]),
        lambda d: d["hands"][0].__setitem__("dealer", None),
        lambda d: d["hands"][0]["tricks"][1].__setitem__(1, {"Nobody": "AS"}),
        lambda d: d["hands"][0]["tricks"][1].__setitem__(1, {"North": 5}),
    ],
)
def test_what_the_schema_or_the_reader_refuses_is_handed_back(change: Any) -> None:
    document = copy.deepcopy(BASE)
    change(document)
    assert read_fast(document, WHERE) is None
    assert not isinstance(_careful(document), type(read(BASE, WHERE)))


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_one_pass_never_vouches_for_what_the_schema_rejects(document: Any) -> None:
    fast = read_fast(copy.deepcopy(document), WHERE)
    if fast is not None:
        assert fast == _careful(document)


@pytest.mark.parametrize("rules", [spec_id for spec_id in bundled_ids() if not spec_id.startswith("dominoes/")])
def test_every_trick_spec_s_simulated_games_are_read_in_one_pass(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(8))
    text = json.dumps(document, ensure_ascii=False)
    fast = read_fast(document, WHERE, text)
    assert fast is not None
    assert fast == _careful(document)
    _holds_its_tricks_as_bytes(fast)
    compact = read_fast(compact_tricks(document), WHERE)
    assert compact == fast
    _holds_its_tricks_as_bytes(compact)


def _holds_its_tricks_as_bytes(game: Any) -> None:
    # each hand's play as bytes (not compared with ==) says what its tricks say: the cards in play order, and
    # each trick's leader (a hand with a field of another kind, read the careful way, has none)
    given = 0
    for hand in game.hands:
        if hand.play_bytes is not None:
            cards = bytes(card for _, trick_cards in hand.tricks for card in trick_cards)
            assert hand.play_bytes == (cards, bytes(seats[0] for seats, _ in hand.tricks))
            given += 1
    assert given > 0


def _swap_plays(d: Any) -> None:
    trick = d["hands"][0]["tricks"][2]
    trick[1], trick[2] = trick[2], trick[1]


def _first_card(d: Any, change: Any) -> None:
    deal = d["hands"][0]["deal"]
    name = next(iter(deal))
    deal[name][0] = change(deal[name][0])


def _compact_hand(d: Any, change: Any) -> None:
    """The first hand's tricks written compactly, [leader, card, ...], its second trick changed."""
    tricks = compact_tricks(d)["hands"][0]["tricks"]
    tricks[1] = change(tricks[1])
    d["hands"][0]["tricks"] = tricks


# Each field of a hand in a form other than the usual one, still schema-valid: read by the careful reader's
# method for that field, to the same hand.
OTHER_FORMS = [
    lambda d: d["hands"][0].__setitem__("deal", dict(reversed(d["hands"][0]["deal"].items()))),
    lambda d: d["hands"][0]["deal"].pop("East"),
    lambda d: _first_card(d, str.lower),
    lambda d: _first_card(d, lambda card: card.replace("10", "T")),
    _swap_plays,
    lambda d: d["hands"][0]["tricks"][-1].pop(),
    lambda d: d["hands"][0]["tricks"].__setitem__(0, compact_tricks(d)["hands"][0]["tricks"][0]),
    lambda d: d["hands"][0].__setitem__("tricks", compact_tricks(d)["hands"][0]["tricks"]),
    lambda d: d["hands"][0].__setitem__("tricks", []),
    lambda d: _compact_hand(d, lambda trick: [trick[0], trick[1].lower(), *trick[2:]]),
    lambda d: d["hands"][0].__setitem__("bids", {k: v for e in d["hands"][0]["bids"] for k, v in e.items()}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": "nil"}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": {"kind": "blind_nil"}}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": 30}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"NS": 5}),
    lambda d: d["hands"][0].__setitem__("bids", []),
    lambda d: d["hands"][0]["score"].__setitem__("North", 120),
    lambda d: d["hands"][0]["score"]["North"].__setitem__("bags", 3),
    lambda d: d["hands"][0]["score"]["North"].pop("hand"),
    lambda d: d["hands"][0].__setitem__("score", {}),
    lambda d: d["hands"][0].__setitem__("misdeal", True),
    lambda d: d["hands"][0].__setitem__("leftover", ["2C"]),
    lambda d: d["hands"][0].__setitem__("passes", {"South": ["2C", "3C", "4C"], "North": ["5C", "6C", "7C"]}),
    lambda d: d["hands"][0].__setitem__("passes", {"South": ["2c", "3C", "4C"]}),
    lambda d: d["hands"][0].__setitem__("passes", {}),
    lambda d: d["hands"][0].__setitem__("started", "20:15"),
    lambda d: d["hands"][0].pop("dealer"),
]


@pytest.mark.parametrize("change", OTHER_FORMS)
def test_a_field_in_another_form_reads_as_the_careful_reader_reads_it(change: Any) -> None:
    document = copy.deepcopy(BASE)
    change(document)
    careful = _careful(document)
    assert isinstance(careful, GameLog), careful
    assert read_fast(copy.deepcopy(document), WHERE) == careful
    text = json.dumps(document, ensure_ascii=False)
    assert read_fast(document, WHERE, text) == careful


# What the usual forms' C-level steps could mistake for a usual field: each handed back (the schema refuses it).
LOOKALIKES = [
    lambda d: d["hands"][0]["tricks"][0].__setitem__(slice(0, 2), [{}, {"North": "AS", "East": "KS"}]),
    lambda d: d["hands"][0]["tricks"][1][2].update({"Nobody": "2C"}),  # a second key in a play not a trick's first
    lambda d: d["hands"][0]["tricks"][1][0].update({"Nobody": "2C"}),  # and in a trick's first
    lambda d: d["hands"][0]["tricks"].__setitem__(0, "abcd"),
    lambda d: d["hands"][0]["tricks"].__setitem__(0, [["North"], ["East"], ["South"], ["West"]]),
    lambda d: d["hands"][0]["tricks"].__setitem__(0, 4),
    lambda d: d["hands"][0]["deal"].__setitem__("North", dict.fromkeys(d["hands"][0]["deal"]["North"], 1)),
    lambda d: d["hands"][0]["deal"].__setitem__("North", "".join(d["hands"][0]["deal"]["North"])),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": True}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": 2.0, "East": 3}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {"North": -1}),
    lambda d: d["hands"][0]["score"]["North"].__setitem__("hand", True),
    lambda d: d["hands"][0]["score"]["North"].__setitem__("bonus", 10),
    lambda d: d["hands"][0].__setitem__("misdeal", "no"),
    lambda d: d["hands"][0].__setitem__("passes", {"South": "2C"}),
    lambda d: d["hands"][0].__setitem__("dealer", "Nobody"),
    lambda d: _compact_hand(d, lambda trick: ["Nobody", *trick[1:]]),
    lambda d: _compact_hand(d, lambda trick: [trick[0], 5, *trick[2:]]),
    lambda d: _compact_hand(d, lambda trick: [trick[0], ["AS"], *trick[2:]]),
    lambda d: _compact_hand(d, lambda trick: [{"North": "AS"}, *trick[1:]]),
]


@pytest.mark.parametrize("change", LOOKALIKES)
def test_a_lookalike_of_a_usual_field_is_handed_back(change: Any) -> None:
    document = copy.deepcopy(BASE)
    change(document)
    assert read_fast(copy.deepcopy(document), WHERE) is None
    # and from its JSON text, where the reader leaves some checks to the count of the text's keys
    assert read_fast(copy.deepcopy(document), WHERE, json.dumps(document)) is None
    assert not isinstance(_careful(document), GameLog)


def test_the_one_pass_records_hold_every_field_their_classes_declare() -> None:
    # a Hand, a score and the GameLog are made without their __init__: a field added to a class must be given
    game = read_fast(simulate_game(load_spec("hearts/intramural"), random.Random(2)), WHERE)
    assert game is not None
    assert vars(game).keys() == {f.name for f in fields(GameLog)}
    for hand in game.hands:
        # but the tricks, where the reader gives their bytes: made from those on first use, and kept
        assert vars(hand).keys() | {"tricks"} == {f.name for f in fields(Hand)} and hand.play_bytes is not None
        assert hand.tricks is hand.tricks and vars(hand).keys() == {f.name for f in fields(Hand)}
        for score in hand.score or ():
            assert vars(score).keys() == {f.name for f in fields(RecordedScore)}


def _usual_game() -> Any:
    """A simulated game: every hand in the usual form, read field by field by the one-pass reader."""
    return simulate_game(load_spec("spades/intramural"), random.Random(3))


def _second_key(trick: int, play: int) -> Any:
    return lambda d: d["hands"][0]["tricks"][trick][play].update({"Nobody": "2C"})


# Plays and bids the usual fields' C-level steps could misread, in a hand read field by field: each handed back,
# with or without the JSON text (from which the reader leaves a second key to the count of the text's colons).
USUAL_LOOKALIKES = [
    _second_key(1, 2),
    _second_key(1, 0),
    _second_key(12, 3),
    lambda d: d["hands"][0]["tricks"][4].__setitem__(2, {}),
    lambda d: d["hands"][0]["tricks"][4].__setitem__(0, {}),
    lambda d: d["hands"][0]["tricks"][12].__setitem__(0, {}),
    lambda d: d["hands"][0]["tricks"][4].__setitem__(0, [next(iter(d["hands"][0]["tricks"][4][0]))]),
    lambda d: d["hands"][0]["tricks"][4].__setitem__(1, [next(iter(d["hands"][0]["tricks"][4][1]))]),
    lambda d: d["hands"][0]["tricks"][4].__setitem__(0, next(iter(d["hands"][0]["tricks"][4][0]))),
    lambda d: d["hands"][0]["bids"][2].update({"Nobody": 2}),
    lambda d: d["hands"][0]["bids"][0].update({"Nobody": 2}),
    lambda d: d["hands"][0]["bids"].__setitem__(1, {}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, {}),
    lambda d: d["hands"][0]["bids"].__setitem__(0, [next(iter(d["hands"][0]["bids"][0]))]),
    lambda d: d["hands"][0]["bids"][1].update(dict.fromkeys(d["hands"][0]["bids"][1], True)),
    lambda d: d["hands"][0]["bids"][3].update(dict.fromkeys(d["hands"][0]["bids"][3], -1)),
]


@pytest.mark.parametrize("change", USUAL_LOOKALIKES)
def test_a_lookalike_of_the_usual_plays_or_bids_is_handed_back(change: Any) -> None:
    document = _usual_game()
    read = read_fast(copy.deepcopy(document), WHERE, json.dumps(document))
    assert read is not None and read.hands[0].play_bytes is not None
    change(document)
    assert not isinstance(_careful(document), GameLog)
    assert read_fast(copy.deepcopy(document), WHERE) is None
    assert read_fast(copy.deepcopy(document), WHERE, json.dumps(document)) is None


def _swap_bids(d: Any) -> None:
    bids = d["hands"][0]["bids"]
    bids[1], bids[2] = bids[2], bids[1]


@pytest.mark.parametrize(
    "change",
    [
        _swap_plays,
        _swap_bids,
        lambda d: d["hands"][0]["bids"].pop(),
        lambda d: d["hands"][0]["bids"].append(d["hands"][0]["bids"][0]),
        lambda d: d["hands"][0]["bids"][1].update(dict.fromkeys(d["hands"][0]["bids"][1], 26)),
        lambda d: d["hands"][0]["bids"][1].update(dict.fromkeys(d["hands"][0]["bids"][1], 27)),
        lambda d: d["hands"][0]["bids"][1].update(dict.fromkeys(d["hands"][0]["bids"][1], "nil")),
    ],
)
def test_a_usual_field_in_another_form_reads_as_the_careful_reader_reads_it(change: Any) -> None:
    document = _usual_game()
    change(document)
    careful = _careful(document)
    assert isinstance(careful, GameLog)
    assert read_fast(copy.deepcopy(document), WHERE) == careful
    assert read_fast(copy.deepcopy(document), WHERE, json.dumps(document)) == careful


def test_a_name_refused_is_refused_in_every_game_and_names_checked_once_keep_their_seats() -> None:
    # The reader checks a list of players' names once and then looks their seats up: a list refused is never kept,
    # so it is refused again in the next game that names it, text or document, after games of good names
    from test_json_text import WHERE as TEXT_WHERE
    from test_json_text import _same

    good = ("North", "East", "South", "West")
    for players in [good, ("North", "East", "South", "W" * 101), good, ("North", "East", "South", "W\x01"), good]:
        document = simulate_game(load_spec("hearts/intramural"), random.Random(4), players=players)
        document["hands"] = document["hands"][:2]
        for _ in range(2):
            text = json.dumps(document, ensure_ascii=False)
            found = _same(text)
            if players == good:
                assert isinstance(found, GameLog) and found.players == good
                assert read_fast(copy.deepcopy(document), TEXT_WHERE) == found
            else:
                assert found[0] == "error" and "$.players[3]" in str(found[2])
                assert read_fast(copy.deepcopy(document), WHERE) is None
