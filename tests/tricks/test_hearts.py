"""Hearts: simulated games for 3 to 7 players audit clean, each kind of broken game is pinpointed, and the
point rules (the sheet's settlement example) come out as the sheet prints them."""

from __future__ import annotations

import copy
import pathlib
from fractions import Fraction

import pytest
import yaml
from findings import FAST, Expected, found, ordered
from hearts_model import (
    CLUB,
    SPEC,
    Log,
    after_pass,
    club_cycle_cases,
    club_simulated,
    early_heart_cases,
    leftover_cases,
    pass_count_cases,
    pass_direction_cases,
    queen_cases,
    renege_cases,
    replay,
    seeds,
    simulated,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee.errors import InputError, Location
from referee.gamelog import from_document
from referee.report import Report
from referee.spec import resolve
from referee.tricks.cards import parse_card
from referee.tricks.points import PointRules, hand_points, settlement
from referee.tricks.tables import compile_spec, tables_for

FAST = settings(FAST, max_examples=10)


def audit(doc: Log) -> Report:
    return referee.audit(SPEC, from_document(doc, Location(file="<simulated>")))


def test_the_settlement_example_of_the_sheet() -> None:
    # W 42, X 71, Y 19, Z 24: "156 / 4 = 39 AVERAGE", differences +3, +32, -20, -15
    average, differences = settlement([42, 71, 19, 24])
    assert average == 39
    assert [int(d) for d in differences] == [3, 32, -20, -15] and all(d.denominator == 1 for d in differences)


def test_a_settlement_need_not_be_whole() -> None:
    average, differences = settlement([26, 0, 0])
    assert average == Fraction(26, 3)
    assert sum(differences) == 0


def test_the_deal_as_far_as_it_goes_for_each_count() -> None:
    # 52 cards: 17 x 3 + 1, 13 x 4, 10 x 5 + 2, 8 x 6 + 4, 7 x 7 + 3
    for seats, (each, widow) in {3: (17, 1), 4: (13, 0), 5: (10, 2), 6: (8, 4), 7: (7, 3)}.items():
        t = tables_for(SPEC, seats)
        assert (t.seats, t.per_player, t.out_of_play) == (seats, each, widow)


def test_card_points_and_the_moon() -> None:
    t = tables_for(SPEC, 4)
    assert t.points is not None
    assert t.points.total == 26
    assert t.points.of(1 << parse_card("QS") | 1 << parse_card("2H") | 1 << parse_card("AC")) == 14
    moon = PointRules(t.points.values, 26, 26, None, False)
    assert hand_points(moon, [26, 0, 0, 0], None) == [0, 26, 26, 26]
    assert hand_points(t.points, [26, 0, 0, 0], None) == [26, 0, 0, 0]  # no moon in the intramural sheet
    assert hand_points(t.points, [20, 6, 0, 0], 2) == [0, 0, 26, 0]  # a revoke charges all 26


def test_the_log_sets_the_player_count() -> None:
    doc = simulated(3, 5)
    assert audit(doc).status == "clean"
    doc["players"], doc["hands"] = doc["players"][:2], []
    with pytest.raises(InputError, match="is for 3 to 7 players; the log has 2"):
        audit(doc)


@FAST
@given(seeds, st.integers(3, 7))
def test_simulated_games_are_clean(seed: int, seats: int) -> None:
    doc = simulated(seed, seats)
    report = audit(doc)
    assert report.violations == [] and report.incomplete == []
    assert report.status == "clean" and report.finished
    for hand, line in zip(doc["hands"], report.hands, strict=True):
        assert all(len(cards) == 52 // seats for cards in hand["deal"].values())
        assert len(hand.get("leftover", [])) == 52 % seats
        assert all(len(cards) == 3 for cards in hand["passes"].values())
        assert sum(p for p in line.points if p is not None) == 26 and None not in line.points
        # the model's trick winners, with the widow's points to the first one
        winners = replay(hand, after_pass(doc["players"], hand)).winners
        if 52 % seats:
            assert hand["events"] == [{"type": "leftover_taken", "seat": winners[0]}]
    totals = report.totals
    assert report.settlement is not None
    assert report.settlement[0] == Fraction(sum(totals), seats)


def _pinpointed(case: tuple[Log, Expected]) -> None:
    doc, expected = case
    assert found(audit(doc)) == ordered(expected)


@FAST
@given(renege_cases)
def test_a_renege_is_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(early_heart_cases)
def test_hearts_led_too_early_are_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(queen_cases)
def test_the_queen_held_past_her_first_opportunity_is_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(pass_direction_cases())
def test_a_pass_the_wrong_way_is_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(pass_count_cases())
def test_a_pass_of_the_wrong_count_is_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(leftover_cases())
def test_the_widow_given_to_another_player_is_pinpointed(case: tuple[Log, Expected]) -> None:
    _pinpointed(case)


@FAST
@given(seeds)
def test_simulated_club_games_are_clean(seed: int) -> None:
    doc = club_simulated(seed)
    report = referee.audit(CLUB, from_document(doc, Location(file="<simulated>")))
    assert report.status == "clean" and report.finished
    for number, hand in enumerate(doc["hands"], 1):
        assert ("passes" in hand) == (number % 4 != 0)  # left, right, across, then no pass
    lowest = min(report.totals)
    assert max(report.totals) >= 100
    assert report.winner == report.sides[report.totals.index(lowest)]


@FAST
@given(club_cycle_cases())
def test_a_club_pass_out_of_its_cycle_is_pinpointed(case: tuple[Log, Expected]) -> None:
    doc, expected = case
    report = referee.audit(CLUB, from_document(doc, Location(file="<simulated>")))
    assert found(report) == ordered(expected)


@pytest.mark.parametrize(
    ("spec_id", "change", "refused"),
    [
        ("spades/intramural", {"scoring": {"moon": {"interpretation": "x", "others": 26}}}, "scoring.moon.others"),
        ("spades/intramural", {"penalties": {"revoke": {"interpretation": "x", "charge_points": 26}}}, "revoke"),
        ("hearts/club", {"penalties": {"renege": {"interpretation": "x", "points": -10}}}, "penalties.renege"),
        # a first hand played without bids is scored by its books: no such hand in a game of card points (the
        # audit once failed with an AttributeError on it)
        ("hearts/intramural", {"bidding": {"first_hand": {"interpretation": "x", "bids": False}}}, "first_hand.bids"),
    ],
)
def test_a_clause_of_the_other_way_of_scoring_is_refused(spec_id: str, change: Log, refused: str) -> None:
    # card points and contracts do not mix: a clause the replay would pass over is refused, not ignored
    spec = referee.load_spec(spec_id)
    raw = copy.deepcopy(spec.raw)
    for section, clauses in change.items():
        raw.setdefault(section, {}).update(clauses)
    with pytest.raises(InputError, match="cannot take effect") as error:
        compile_spec(resolve(raw, spec.path))
    assert refused in str(error.value)


@pytest.mark.parametrize(
    ("name", "value"), [("broken_by", "won"), ("broken_by", "played"), ("only_trump_left", "may_lead")]
)
def test_a_trump_breaking_field_on_a_suit_held_back_says_what_is_wrong(name: str, value: str) -> None:
    # Hearts holds back a suit that is not trumps: broken_by and only_trump_left speak of trumps only, and the
    # refusal says so (it once said "trumps may be led at any time", true but not the fault)
    spec = referee.load_spec("hearts/club")
    raw = copy.deepcopy(spec.raw)
    raw["play"]["lead"][name] = value
    with pytest.raises(InputError, match="cannot take effect") as error:
        compile_spec(resolve(raw, spec.path))
    message = str(error.value)
    assert f"play.lead.{name}" in message and "play.lead.suit: H" in message and "not trumps" in message
    assert "may be led at any time" not in message


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("hearts_led_too_early", "hearts may not be led before trick 3"),
        ("hearts_club_hearts_not_broken", "before hearts were broken"),
    ],
)
def test_an_early_heart_lead_is_told_as_the_rule_has_it(case: str, said: str) -> None:
    """Hearts are no trump (the intramural sheet says so in capitals): the message names the suit and, where the
    sheet counts tricks, the trick it waits for; it never speaks of trumps."""
    path = pathlib.Path(__file__).parent.parent / "conformance" / "bad" / f"{case}.yaml"
    doc = yaml.safe_load(path.read_text())
    report = referee.audit(doc["rules"], from_document(doc["log"], Location(file=str(path))))
    leads = [v.message for v in report.violations if v.code.value == "illegal_lead"]
    assert leads and all(said in m and "trump" not in m for m in leads), leads


@pytest.mark.parametrize("cut", ["tricks", "trick", "all"])
def test_a_last_hand_that_stops_short_leaves_the_game_unfinished(cut: str) -> None:
    # the game ends where the table breaks up, which the record shows only where it does not stop short: a last
    # hand cut short (after five tricks, in its fifth, or with no play at all) may have been played out and
    # followed by others, so no result or settlement is given, as in the other families; a gap before the last
    # hand leaves the end in the record
    doc = simulated(3, 4)
    assert len(doc["hands"]) > 2
    last = doc["hands"][-1]
    if cut == "all":
        del last["tricks"]
    else:
        last["tricks"] = last["tricks"][:5]
        if cut == "trick":
            last["tricks"][-1] = last["tricks"][-1][:2]
    report = audit(copy.deepcopy(doc))
    assert report.status == "incomplete" and [gap.where.hand for gap in report.incomplete] == [len(doc["hands"])]
    assert not report.finished and report.winner is None and report.ended_at_hand is None
    assert report.settlement is None
    # the same hand cut short, then a hand played out: the game ends with the last hand, but the totals leave the
    # hand cut short out, so they name no winner and settle nothing (the report names the hand)
    cut_hand = len(doc["hands"])
    doc["hands"].append(simulated(4, 4)["hands"][0])
    report = audit(doc)
    assert report.status == "incomplete" and report.finished and report.ended_at_hand == len(doc["hands"])
    assert report.winner is None and report.settlement is None and report.unscored == cut_hand
