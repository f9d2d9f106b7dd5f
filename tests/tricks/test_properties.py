"""Hypothesis: simulated games audit clean, and each kind of broken game is caught exactly where it breaks."""

from __future__ import annotations

from findings import FAST, found, ordered
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import (
    SPEC,
    Expected,
    Log,
    intramural_deck,
    low_bid_cases,
    played_twice_cases,
    renege_cases,
    running_totals,
    score_cases,
    seeds,
    simulated,
    suit,
    swapped_cases,
    trick_winner,
)

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.report import Report
from referee.tricks.cards import card_name, cards_in, parse_card
from referee.tricks.play import legal_plays, winning_index
from referee.tricks.tables import tables_for

DECK = sorted(intramural_deck())
TABLES = tables_for(SPEC)


def audit(doc: Log) -> Report:
    return referee.audit(SPEC, from_document(doc, Location(file="<simulated>")))


@FAST
@given(seeds)
def test_simulated_games_are_clean(seed: int) -> None:
    doc = simulated(seed)
    report = audit(doc)
    assert report.violations == []
    assert report.incomplete == []
    assert report.status == "clean" and report.exit_code == 0
    assert report.hands_audited == len(doc["hands"]) == len(report.hands)
    # totals are running sums of the hand points, and agree with the model and the written sheet
    previous: tuple[int, ...] = (0, 0)
    model = running_totals(doc["players"], doc["hands"])
    for line, hand, (points, totals) in zip(report.hands, doc["hands"], model, strict=True):
        assert line.scored
        scored = [p for p in line.points if p is not None]  # (a hand scored has every side's points)
        assert line.totals == tuple(a + b for a, b in zip(previous, scored, strict=True))
        assert list(line.points) == points and list(line.totals) == totals
        assert hand["score"]["Ann"] == {"hand": line.points[0], "total": line.totals[0]}
        assert hand["score"]["Bob"] == {"hand": line.points[1], "total": line.totals[1]}
        assert sum(b or 0 for b in line.books) == 13
        previous = line.totals
    # the game is over, won by the side with the highest total, at least 500
    assert report.finished
    assert report.sides == ("Ann & Cat", "Bob & Dan")
    best = max(report.totals)
    assert best >= 500 and list(report.totals).count(best) == 1
    assert report.winner == report.sides[report.totals.index(best)]


def check(case: tuple[Log, Expected]) -> None:
    doc, expected = case
    report = audit(doc)
    assert found(report) == ordered(expected)
    assert report.incomplete == []


@FAST
@given(renege_cases())
def test_renege_is_reported_once(case: tuple[Log, Expected]) -> None:
    check(case)
    report = audit(case[0])
    (violation,) = report.violations
    assert violation.clause.id == "play.follow"
    assert violation.clause.source == ("A player must follow suit, if able.",)


@FAST
@given(played_twice_cases())
def test_card_played_twice_is_reported(case: tuple[Log, Expected]) -> None:
    check(case)


@FAST
@given(swapped_cases())
def test_plays_out_of_turn_are_reported(case: tuple[Log, Expected]) -> None:
    check(case)
    assert {v.clause.id for v in audit(case[0]).violations} == {"players.turn"}


@FAST
@given(score_cases())
def test_wrong_score_is_reported(case: tuple[Log, Expected]) -> None:
    check(case)


@FAST
@given(low_bid_cases())
def test_side_bid_below_four_is_reported(case: tuple[Log, Expected]) -> None:
    check(case)


# the model checks below cost microseconds an example, so they can look at many more
MANY = settings(FAST, max_examples=300)


@MANY
@given(st.permutations(DECK), st.integers(1, 13), st.integers(0, 3))
def test_legal_plays_agree_with_the_model(shuffled: list[str], size: int, played: int) -> None:
    held, trick = shuffled[:size], shuffled[size : size + played]
    mask = sum(1 << parse_card(c) for c in held)
    legal = {card_name(c) for c in cards_in(legal_plays(TABLES, mask, [parse_card(c) for c in trick], False, False))}
    if trick:
        of_suit = {c for c in held if suit(c) == suit(trick[0])}
        assert legal == (of_suit or set(held))
    else:
        assert legal == set(held)


@MANY
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_trick_winner_agrees_with_the_model(trick: list[str]) -> None:
    seats = ["Ann", "Bob", "Cat", "Dan"]
    won = winning_index(TABLES, [parse_card(c) for c in trick])
    assert seats[won] == trick_winner(list(zip(seats, trick, strict=True)))
