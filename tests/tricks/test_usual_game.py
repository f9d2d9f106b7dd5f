"""A game whose hands all take the usual form is read a field at a time across its hands (``usual_hands``): it
gives exactly what the hand-at-a-time reading (``hand_unchecked``) gives, or leaves the game to it (None), and
through ``from_json_text`` the game reads as the careful reading reads it. ``card_bytes`` reads exactly what a
look-up in ``TOKENS`` reads, or leaves the tokens to it."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import random
from collections.abc import Callable
from functools import cache
from itertools import count
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import load_spec
from referee.documents import parse_json
from referee.errors import InputError, Location
from referee.gamelog import from_document, from_json_text
from referee.json_values import plain_value
from referee.tricks.cards import TOKENS, card_bytes
from referee.tricks.log import Hand, compact_tricks
from referee.tricks.onepass import OnePassReader, seating
from referee.tricks.simulate import simulate_game
from referee.tricks.usual_game import usual_hands
from referee.unfit_values import MAX_DIGITS
from tricks.test_logshape import ODD_VALUES

WHERE = Location(file="games.jsonl", line=3, game=2)
TRICK_SPECS = ["spades/intramural", "spades/house", "spades/tournament-jjdd", "hearts/intramural", "hearts/club"]


@cache
def _simulated(rules: str, seed: int) -> dict[str, Any]:
    return simulate_game(load_spec(rules), random.Random(seed))


def _text(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"))


def _readings(document: Any) -> tuple[Any, Any]:
    """What usual_hands and hand_unchecked make of a document's hands (each with its key count), from its text;
    hand_unchecked's "refused" where it raises."""
    text = _text(document)
    decoded = plain_value(text)
    reader = OnePassReader(decoded, WHERE)
    reader.schema_checked, reader.text, reader.seating = False, text, seating(reader.players)
    usual = usual_hands(decoded["hands"], reader.seating)
    try:
        by_hand: Any = (tuple(map(reader.hand_unchecked, count(1), decoded["hands"])), reader.keys)
    except (InputError, KeyError, TypeError, ValueError, AttributeError, StopIteration):
        by_hand = "refused"
    return usual, by_hand


def _fields(hands: tuple[Any, ...]) -> list[Any]:
    """Every hand's fields as it reads them (those its __dict__ leaves out given by the class, or made on first use
    by its descriptors), its scores' too."""
    return [
        [*((name, getattr(hand, name)) for name in _HAND_FIELDS), ("scores", [vars(s) for s in hand.score or ()])]
        for hand in hands
    ]


_HAND_FIELDS = [field.name for field in dataclasses.fields(Hand)]


def _held_to_the_hand_at_a_time_reading(document: Any) -> Any:
    usual, by_hand = _readings(document)
    if usual is not None:
        assert by_hand != "refused", "read at once what a hand at a time refuses"
        assert usual[1] == by_hand[1], "another count of keys"
        assert _fields(usual[0]) == _fields(by_hand[0])
    text = _text(document)
    assert _outcome(from_json_text, text) == _outcome(_careful, text)
    return usual


def _careful(text: str, where: Location) -> Any:
    return from_document(parse_json(text, where.file or "", where.line), where)


def _outcome(read: Callable[[str, Location], Any], text: str) -> Any:
    try:
        return read(text, WHERE)
    except InputError as exc:
        return ("error", exc.message, exc.location)


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_are_read_at_once_as_a_hand_at_a_time(rules: str, compact: bool) -> None:
    for seed in range(3):
        document = _simulated(rules, seed)
        document = compact_tricks(document) if compact else document
        alike = len({*map(tuple, document["hands"])}) == 1  # every hand of the same fields (some rules: not)
        read_at_once = _held_to_the_hand_at_a_time_reading(document) is not None
        assert read_at_once == alike


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        target = document
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = copy.deepcopy(value)

    return change


def _first_bid_of_last_hand_empty(document: Any) -> None:
    document["hands"][-1]["bids"][0] = {}


def _two_keys_in_a_first_bid(document: Any) -> None:
    bid = document["hands"][0]["bids"][0]
    bid[next(name for name in document["players"] if name not in bid)] = 1


def _bid_of(value: Any, index: int) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        bid = document["hands"][0]["bids"][index]
        (bidder,) = bid
        bid[bidder] = value

    return change


def _bids_out_of_turn(document: Any) -> None:
    bids = document["hands"][1]["bids"]
    bids[1], bids[2] = bids[2], bids[1]


def _deal_in_another_order(document: Any) -> None:
    deal = document["hands"][0]["deal"]
    document["hands"][0]["deal"] = dict(reversed(deal.items()))


def _one_hand_compact(document: Any) -> None:
    document["hands"][1] = compact_tricks({**document, "hands": [document["hands"][1]]})["hands"][0]


def _a_play_out_of_turn(document: Any) -> None:
    trick = document["hands"][0]["tricks"][2]
    trick[1], trick[2] = trick[2], trick[1]


def _fields_in_another_order(document: Any) -> None:
    document["hands"][1] = dict(reversed(document["hands"][1].items()))


def _tricks_alone(document: Any) -> None:
    document["hands"] = [{"tricks": hand["tricks"]} for hand in document["hands"]]


CHANGES = {
    "a bid of 5.0": _bid_of(5.0, 0),
    "a bid of true": _bid_of(True, 1),
    "first bid of the last hand empty": _first_bid_of_last_hand_empty,
    "two keys in a first bid": _two_keys_in_a_first_bid,
    "bids out of turn": _bids_out_of_turn,
    "a bid of 27": _bid_of(27, 3),
    "a deal in another order": _deal_in_another_order,
    "one hand compact": _one_hand_compact,
    "a play out of turn": _a_play_out_of_turn,
    "fields in another order": _fields_in_another_order,
    "no tricks in a hand": _set(("hands", 1, "tricks"), []),
    "a misdeal field": _set(("hands", 1, "misdeal"), False),
    "a dealer not a player": _set(("hands", 1, "dealer"), "Nobody"),
    "a dealer null": _set(("hands", 1, "dealer"), None),
    "a score of three keys": _set(("hands", 1, "score", "North"), {"hand": 1, "total": 2, "bags": 0}),
    "a score of 1.5": _set(("hands", 1, "score", "North"), {"hand": 1.5, "total": 2}),
    "a score of true": _set(("hands", 1, "score", "North"), {"hand": True, "total": 2}),
    "a score too long": _set(("hands", 1, "score", "North"), {"hand": 1, "total": 10**MAX_DIGITS}),
    "a score too low": _set(("hands", 1, "score", "North"), {"hand": -(10**MAX_DIGITS), "total": 2}),
    "a bare total": _set(("hands", 1, "score", "North"), 52),
    "no score": _set(("hands", 1, "score"), {}),
    # a hand, or its passes, not an object (dict.keys, dict.values refuse it), and hands of their tricks alone
    "a hand a list": _set(("hands", 1), ["dealer", "tricks"]),
    "a hand null": _set(("hands", 1), None),
    "passes a list": _set(("hands", 1, "passes"), [["2C", "3C", "4C"]]),
    "passes a string": _set(("hands", 1, "passes"), "North"),
    "hands of their tricks alone": _tricks_alone,
}


@pytest.mark.parametrize("name", sorted(CHANGES))
@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_a_hand_of_another_form_reads_as_a_hand_at_a_time_reads_it(rules: str, name: str) -> None:
    document = copy.deepcopy(_simulated(rules, 1))
    if "bid" in name and "bids" not in document["hands"][0]:
        pytest.skip("no bids in these rules")
    if "score" in name and "North" not in document["hands"][1]["score"]:  # scores by side: one named North
        document["hands"][1]["score"] = {"North": {"hand": 0, "total": 0}, **document["hands"][1]["score"]}
    CHANGES[name](document)
    _held_to_the_hand_at_a_time_reading(document)


def _first_play_of_the_last_trick(document: Any, hand: int, play: dict[str, str]) -> None:
    document["hands"][hand]["tricks"][-1][0] = play


@pytest.mark.parametrize("compensated", [False, True])
def test_a_first_play_of_no_key_is_refused_even_beside_one_of_two(compensated: bool) -> None:
    # A trick's first play of no key gives no leader, one of two keys two: the turns after it shift, and the
    # plays of a trick with no leader went unread; with one of each, the text's colons number the keys counted.
    document = copy.deepcopy(_simulated("spades/intramural", 1))
    _first_play_of_the_last_trick(document, -1, {})
    if compensated:
        (name,) = document["hands"][0]["tricks"][-1][0]
        other = next(player for player in document["players"] if player != name)
        document["hands"][0]["tricks"][-1][0][other] = "AS"
    assert _held_to_the_hand_at_a_time_reading(document) is None
    assert _readings(document)[1] == "refused"
    assert _outcome(from_json_text, _text(document))[0] == "error"


def test_a_hand_short_of_its_bids_refuses_the_game_at_once() -> None:
    document = copy.deepcopy(_simulated("spades/intramural", 1))
    _first_bid_of_last_hand_empty(document)
    assert _held_to_the_hand_at_a_time_reading(document) is None


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_changed_field_of_a_usual_game_reads_as_a_hand_at_a_time_reads_it(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(["spades/intramural", "hearts/intramural", "spades/tournament-jjdd"]))
    document = copy.deepcopy(_simulated(rules, 2))
    if data.draw(st.booleans()):
        document = compact_tricks(document)
    for _ in range(data.draw(st.integers(1, 2))):
        hand = data.draw(st.sampled_from(document["hands"]))
        field = data.draw(st.sampled_from(sorted(hand)))
        target: Any = hand
        key: Any = field
        while isinstance(target[key], (dict, list)) and target[key] and data.draw(st.booleans()):
            target = target[key]
            key = data.draw(st.sampled_from(sorted(target) if isinstance(target, dict) else range(len(target))))
        action = data.draw(st.sampled_from(["replace", "card", "delete"]))
        if action == "replace":
            target[key] = copy.deepcopy(data.draw(st.sampled_from([*ODD_VALUES, "10S", "TS", "as", "A♠", "1S"])))
        elif action == "card":
            target[key] = data.draw(st.sampled_from(["TS", "as", "A♠", "1S", "10", "S10", "AS,", "BJ", "JJ"]))
        elif isinstance(target, dict):
            del target[key]
        else:
            target.pop(key)
    _held_to_the_hand_at_a_time_reading(document)


ALPHABET = ["1", "0", "10", "2", "9", "T", "J", "Q", "K", "A", "L", "B", "C", "D", "H", "S", ",", "x", "♠", "a", " "]


def test_card_bytes_reads_what_the_token_look_up_reads_or_leaves_it() -> None:
    canonical = [token for token in TOKENS if token.isascii()]
    assert card_bytes(canonical) == bytes(map(TOKENS.__getitem__, canonical))  # every ASCII token, read whole
    assert card_bytes([]) == b""
    for size in (1, 2, 3):
        for parts in itertools.product(ALPHABET, repeat=size):
            token = "".join(parts)
            for tokens in ([token], [token, "AS"], ["10H", token, "BJ"]):
                try:
                    expected: bytes | None = bytes(map(TOKENS.__getitem__, tokens))
                except KeyError:
                    expected = None
                found = card_bytes(tokens)
                assert found is None or found == expected, tokens
                assert found is not None or expected is None or not all(map(str.isascii, tokens)), tokens
    assert card_bytes(["AS", 5]) is None and card_bytes(["AS", None]) is None and card_bytes(["AS", ""]) is None


def test_hands_writing_the_same_fields_in_another_order_are_read_at_once() -> None:
    # each field is read by its name: a hand writing the first hand's fields in another order reads at once as a
    # hand at a time reads it; one holding as many fields but another in place of one of them is left to it
    document = copy.deepcopy(_simulated("spades/intramural", 1))
    hands = document["hands"]
    hands[1] = dict(reversed(hands[1].items()))
    assert _held_to_the_hand_at_a_time_reading(document) is not None
    hands[2] = {**{key: value for key, value in hands[2].items() if key != "score"}, "misdeal": False}
    assert _held_to_the_hand_at_a_time_reading(document) is None
