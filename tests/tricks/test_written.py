"""What a table wrote down is read by its keys: a score written in another order of sides means the same, and a
figure written under the wrong key is found wherever it stands."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import referee
from referee import gamelog
from referee.errors import Location
from referee.report import Code
from referee.tricks.simulate import simulate_game

WHERE = Location(file="game.json")


def _report(rules: str, document: Any) -> dict[str, Any]:
    return referee.audit(rules, gamelog.from_document(copy.deepcopy(document), WHERE)).as_dict()


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_a_score_written_in_another_order_means_the_same(rules: str) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(5))
    honest = _report(rules, document)
    assert honest["status"] == "clean"
    # each hand's score written from the last side to the first: the same figures under the same keys
    reversed_order = copy.deepcopy(document)
    for hand in reversed_order["hands"]:
        hand["score"] = dict(reversed(hand["score"].items()))
    assert _report(rules, reversed_order) == honest


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_figures_written_under_each_others_keys_are_found_in_either_order(rules: str) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(5))
    # in the second hand, the first two sides' figures written under each other's keys; the keys written in the
    # sides' order (one table), or each figure in its true side's place with the keys swapped (the other table):
    # one JSON object either way, so the same findings (each reported in the order its key is written), and the
    # figures that differ are found
    in_order, in_place = copy.deepcopy(document), copy.deepcopy(document)
    score = document["hands"][1]["score"]
    (first, first_figures), (second, second_figures), *rest = score.items()
    assert first_figures != second_figures  # (the two sides' figures differ in this game)
    in_order["hands"][1]["score"] = {first: second_figures, second: first_figures, **dict(rest)}
    in_place["hands"][1]["score"] = {second: first_figures, first: second_figures, **dict(rest)}
    report, other = _report(rules, in_order), _report(rules, in_place)
    for found in (report, other):
        found["violations"].sort(key=lambda violation: violation["message"])
    assert report == other
    mismatches = [v for v in report["violations"] if v["code"] == Code.SCORE_MISMATCH.value]
    assert mismatches and all(v["location"]["hand"] == 2 for v in mismatches)


def test_a_total_that_drops_a_hand_written_as_points_alone_is_a_slip() -> None:
    # Hand 1's total is 51; hand 2 is written as its points alone (51), so the table's own total is 102; hand 3's
    # total of 102 is that total without hand 3's 51 (true total 153): a slip, not the table's own total carried on.
    # Bob & Dan's 183 (61 a hand) is right.
    hand = {"bids": {"Ann": 3, "Bob": 3, "Cat": 2, "Dan": 3}, "books": {"Ann & Cat": 6, "Bob & Dan": 7}}
    document = {
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": [
            {**hand, "score": {"Ann": 51, "Bob": 61}},
            {**hand, "score": {"Ann": {"hand": 51}, "Bob": {"hand": 61}}},
            {**hand, "score": {"Ann": 102, "Bob": 183}},
        ],
    }
    report = _report("spades/intramural", document)
    assert [(v["code"], v["location"]["hand"], v["message"]) for v in report["violations"]] == [
        ("score_mismatch", 3, "the table wrote a total of 102 for Ann & Cat; the rules give 153")
    ]


@pytest.mark.parametrize(
    ("bids", "books", "gap"),
    [
        # a nil bid with only the side's books: whether Bob took a trick is not in the record
        (
            [{"Bob": "nil"}, {"Dan": 5}, {"Ann & Cat": 5}],
            {"Ann & Cat": 7, "Bob & Dan": 6},
            "a nil bid is scored from each player's tricks, and only the side's are recorded",
        ),
        # ACES with no tricks: where the aces went is not in the record
        (
            [{"Bob & Dan": 5}, {"Ann & Cat": {"kind": "aces", "tricks": 5}}],
            {"Ann & Cat": 7, "Bob & Dan": 6},
            "an ACES bid is scored from the tricks, and none are recorded",
        ),
    ],
)
def test_a_hand_the_record_cannot_score_is_incomplete(bids: list[Any], books: dict[str, int], gap: str) -> None:
    document = {
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": [{"dealer": "Ann", "bids": bids, "books": books}],
    }
    report = _report("spades/ihop-silver", document)
    assert report["violations"] == []
    assert report["status"] == "incomplete"
    assert report["incomplete"] == [{"location": {"hand": 1}, "message": gap}]
    assert report["score_sheet"][0]["scored"] is False


def test_bids_that_total_the_tricks_in_no_known_order_do_not_name_the_last_bidder() -> None:
    # a mapping of bids and no dealer: who bid last is not in the record, so the finding does not say who did
    document = {
        "game": {"options": {"total_bets": "not_tricks"}},
        "players": ["Ann", "Bob", "Cat"],
        "hands": [{"bids": {"Ann": 5, "Bob": 6, "Cat": 6}, "books": {"Ann": 5, "Bob": 6, "Cat": 6}}],
    }
    report = referee.audit(
        "spades/three-player", gamelog.from_document(document, WHERE), {"total_bets": "not_tricks"}
    ).as_dict()
    (finding,) = report["violations"]
    assert finding["code"] == "bids_total_not_allowed"
    assert "bid last" not in finding["message"] and "the order of the bids is not recorded" in finding["message"]


# Ann & Cat bid 5 and take 7; Bob & Dan bid 4 and take 6; Ann claims Bob reneged in trick 3. With no tricks in
# the record, neither the renege nor a false claim can be shown: house Spades would take 3 books off one side or
# the other (the renege's, penalties.renege; the claim's, penalties.false_claim), and neither is taken.
_CLAIM = {"type": "renege_claim", "seat": "Bob", "by": "Ann", "trick": 3}


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        ("spades/house", {"dealer": "Dan", "bids": [{"Ann & Cat": 5}, {"Bob & Dan": 4}]}),
        # a claim window (penalties.renege.claim_window): a claim in time would make a renege cost its penalty
        ("spades/ihop-silver", {"dealer": "Ann", "bids": [{"Bob & Dan": 4}, {"Ann & Cat": 5}]}),
        ("spades/intramural", {"dealer": "Ann", "bids": {"Ann": 3, "Bob": 2, "Cat": 2, "Dan": 2}}),
    ],
)
def test_a_claim_on_a_hand_recorded_without_its_tricks_is_reported_as_not_checked(
    rules: str, hand: dict[str, Any]
) -> None:
    first = {"dealer": "Cat", "books": {"Ann": 6, "Bob": 7}} if rules == "spades/house" else None
    plain = {**hand, "books": {"Ann & Cat": 7, "Bob & Dan": 6}}
    claimed = {**plain, "events": [_CLAIM]}
    hands = [first] if first is not None else []
    document = {"players": ["Ann", "Bob", "Cat", "Dan"], "hands": [*hands, plain]}
    without = _report(rules, document)
    report = _report(rules, {**document, "hands": [*hands, claimed]})
    number = len(hands) + 1
    assert [(v["code"], v["severity"], v["location"]) for v in report["violations"]] == [
        ("claim_not_checked", "warning", {"hand": number, "trick": 3, "seat": "Bob"})
    ]
    assert "cannot be checked" in report["violations"][0]["message"]
    assert report["status"] == "warnings"
    assert report["score_sheet"] == without["score_sheet"]  # no penalty either way


def test_a_claim_on_a_trick_the_record_stops_before_is_not_checked() -> None:
    # the first four tricks of a hand, then the record stops: a claim on trick 9 is on a trick not recorded (not
    # borne out or not, so not claim_not_supported); one on trick 2, where Bob followed suit, is not borne out
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(5))
    hand = document["hands"][0]
    hand["tricks"] = hand["tricks"][:4]
    hand.pop("score", None)
    del document["hands"][1:]
    claim = {"type": "renege_claim", "seat": document["players"][1], "by": document["players"][0]}
    # no trick named, last: the tricks not recorded may hold it
    hand["events"] = [{**claim, "trick": 9}, {**claim, "trick": 2}, claim]
    report = _report("spades/intramural", document)
    assert [(v["code"], v["location"].get("trick")) for v in report["violations"]] == [
        ("claim_not_checked", 9),
        ("claim_not_supported", 2),
        ("claim_not_checked", None),
    ]
    assert report["status"] == "incomplete"
