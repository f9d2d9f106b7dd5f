"""The replay's handling of irregular tricks: each slip reported once, at its place."""

from __future__ import annotations

import copy
import random
from typing import Any

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.tricks.simulate import simulate_game

SPEC = referee.load_spec("spades/intramural")


def _one_hand(seed: int = 1) -> dict[str, Any]:
    doc = simulate_game(SPEC, random.Random(seed), players=("Ann", "Bob", "Cat", "Dan"), with_score=False)
    doc["hands"] = doc["hands"][:1]
    return doc


def _found(doc: dict[str, Any]) -> list[tuple[str, int | None, int | None, str | None]]:
    report = referee.audit(SPEC, from_document(doc, Location(file="test")))
    return [(v.code.value, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]


def test_a_fifth_card_to_a_trick_is_a_second_card_from_its_player() -> None:
    doc = copy.deepcopy(_one_hand())
    trick = doc["hands"][0]["tricks"][12]  # the last trick: nothing after it to knock on
    leader, card = next(iter(trick[0].items()))
    trick.append({leader: card})
    report = referee.audit(SPEC, from_document(doc, Location(file="test")))
    (turn, twice) = report.violations
    assert (turn.code, turn.where.trick, turn.where.seat) == ("play_out_of_turn", 13, leader)
    assert "second card" in turn.message
    assert (twice.code, twice.where.trick, twice.where.seat) == ("card_played_twice", 13, leader)


def test_a_card_played_from_the_wrong_hand_is_reported_once() -> None:
    doc = copy.deepcopy(_one_hand())
    hand = doc["hands"][0]
    # In the last trick, the leader plays the card the last player holds, and that player then plays it too.
    trick = hand["tricks"][12]
    (leader, lead_card), (last, last_card) = next(iter(trick[0].items())), next(iter(trick[3].items()))
    trick[0] = {leader: last_card}
    # the leader's own card is left unplayed; the last player's card is played twice, once by its holder
    found = _found(doc)
    assert found[0] == ("card_not_in_hand", 1, 13, leader)
    assert all(seat != last for *_, seat in found), "its holder played it rightly"
    assert lead_card != last_card
