"""The replay's handling of irregular tricks: each slip reported once, at its place."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from referee import render
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


# -- each violation cites the words it breaks, and the reading that makes it one ---------------------------------

CASES = Path(__file__).resolve().parent.parent / "conformance"


def _case_report(name: str) -> referee.Report:
    case = yaml.safe_load((CASES / name).read_text(encoding="utf-8"))
    return referee.audit(case["rules"], from_document(case["log"], Location(file=name)))


@pytest.mark.parametrize("name", ["bad/joker_lead_renege.yaml", "bad/joker_holder_renege.yaml"])
def test_a_renege_with_a_joker_shows_the_jokers_are_spades_reading(name: str) -> None:
    report = _case_report(name)
    (renege,) = [v for v in report.violations if v.code == "renege"]
    assert renege.clause.id == "play.follow"
    assert renege.reading is not None and renege.reading.id == "ranking.trump"
    assert "jokers are read as spades" in renege.as_dict()["reading"]["interpretation"].lower()
    assert "reading (ranking.trump): The jokers are read as spades" in render.text(report)


def test_a_renege_without_a_joker_shows_no_second_reading() -> None:
    (renege,) = _case_report("bad/renege.yaml").violations
    assert renege.reading is None and "reading" not in renege.as_dict()


def test_a_bid_of_fourteen_shows_why_thirteen_is_the_most() -> None:
    report = _case_report("bad/bid_fourteen.yaml")
    (bid,) = [v for v in report.violations if v.code == "bid_out_of_range"]
    assert "The game consist of thirteen tricks." in bid.clause.quote
    shown = " ".join(render.text(report).split())
    assert "a hand has only thirteen tricks to win" in shown


def test_a_side_below_its_minimum_is_named_with_both_bids() -> None:
    report = _case_report("bad/bid_below_side_minimum.yaml")
    (short,) = [v for v in report.violations if v.code == "bid_below_side_minimum"]
    side = next(name for name in report.sides if short.where.seat in name)
    assert short.message.startswith(f"{side} bid ")
    partners = [p for p in report.players if p in side]
    assert all(f"{p} " in short.message.split(";")[0] for p in partners), short.message


def test_the_report_counts_errors_and_warnings_apart() -> None:
    report = _case_report("good/play_out_of_turn_warning.yaml")
    data = report.as_dict()
    assert (data["errors"], data["warnings"]) == (0, 1)
    assert "0 error(s), 1 warning(s): clean but for warnings." in render.text(report)
