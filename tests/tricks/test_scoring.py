"""Hand scores and the game's end, by the intramural numbers worked out by hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

import referee
from referee.spec import Spec
from referee.tricks import scoring
from referee.tricks.scoring import SideResult, contract, end_clause, renege_transfer, result, sandbags, score_hand
from referee.tricks.tables import Tables, tables_for

# -- contracts: 10 a trick bid when made, 1 an overtrick, -10 a trick bid when set


@pytest.mark.parametrize(
    ("bid", "books", "points", "over"),
    [
        (5, 5, 50, 0),  # made exactly
        (5, 8, 53, 3),  # three overtricks at a point each
        (4, 13, 49, 9),
        (13, 13, 130, 0),
        (1, 0, -10, 0),
        (5, 4, -50, 0),  # set by one: the whole bid counts against
        (9, 0, -90, 0),
        (7, 6, -70, 0),
    ],
)
def test_contract(intramural: Tables, bid: int, books: int, points: int, over: int) -> None:
    assert contract(intramural, bid, books) == (points, over)


def test_intramural_numbers(intramural: Tables) -> None:
    t = intramural
    assert (t.made_per_trick, t.overtrick, t.set_per_trick) == (10, 1, -10)
    assert t.bag_limit == 0
    assert (t.renege_books, t.renege_points) == (0, 0)
    assert t.target == 500
    assert t.tie_play_on


def test_score_hand_made_and_set(intramural: Tables) -> None:
    # side 0 bid 5 and took 7: 50 + 2; side 1 bid 6 and took 6: 60
    assert score_hand(intramural, [5, 6], [7, 6], [0, 0], [0, 0]) == [SideResult(52, 0), SideResult(60, 0)]
    # side 0 bid 7 and took 6: -70; side 1 bid 4 and took 7: 40 + 3
    assert score_hand(intramural, [7, 4], [6, 7], [0, 0], [0, 0]) == [SideResult(-70, 0), SideResult(43, 0)]
    # both set
    assert score_hand(intramural, [8, 8], [6, 7], [0, 0], [0, 0]) == [SideResult(-80, 0), SideResult(-80, 0)]


def test_intramural_has_no_sandbag_penalty(intramural: Tables) -> None:
    # with no bag limit, overtricks pile up without penalty and nothing is carried
    assert sandbags(intramural, 0, 13) == (0, 0)
    assert score_hand(intramural, [4, 4], [13, 0], [99, 0], [0, 0]) == [SideResult(49, 0), SideResult(-40, 0)]


def test_intramural_renege_costs_nothing(intramural: Tables) -> None:
    assert renege_transfer(intramural, [6, 7], [2, 0]) == [6, 7]
    assert score_hand(intramural, [5, 5], [6, 7], [0, 0], [1, 1]) == [SideResult(51, 0), SideResult(52, 0)]


# -- the end of the game: 500 ---------------------------------------------


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([0, 0], (False, None)),
        ([499, 300], (False, None)),
        ([499, 499], (False, None)),
        ([500, 300], (True, 0)),  # 500 exactly ends the game
        ([300, 500], (True, 1)),
        ([-120, 531], (True, 1)),
        ([520, 510], (True, 0)),  # both over: the higher wins
        ([505, 560], (True, 1)),
        ([510, 510], (False, None)),  # tied over 500: play on
        ([500, 500], (False, None)),
        ([-600, 200], (False, None)),  # no floor in intramural
    ],
)
def test_result(intramural: Tables, totals: list[int], expected: tuple[bool, int | None]) -> None:
    assert result(intramural, totals, 12) == expected


def test_game_over_a_series_of_hands(intramural: Tables) -> None:
    # (bids, books) per hand; the totals are worked out by hand in the comments
    hands = [
        ([6, 5], [7, 6]),  # 61, 51 -> 61, 51
        ([5, 6], [4, 9]),  # -50, 63 -> 11, 114
        ([9, 4], [10, 3]),  # 91, -40 -> 102, 74
    ]
    totals = [0, 0]
    for bids, books in hands:
        points = [r.points for r in score_hand(intramural, bids, books, [0, 0], [0, 0])]
        totals = [a + b for a, b in zip(totals, points, strict=True)]
    assert totals == [102, 74]
    assert result(intramural, totals, len(hands)) == (False, None)


# -- sandbags: a variant with a limit of 10 bags costing 100 ---------------


@pytest.fixture
def bagged(intramural: Tables) -> Tables:
    return dataclasses.replace(intramural, bag_limit=10, bag_penalty=-100, bag_carry=True)


@pytest.mark.parametrize(
    ("bags", "over", "expected"),
    [
        (0, 0, (0, 0)),
        (0, 9, (0, 9)),
        (9, 1, (-100, 0)),  # the tenth bag
        (8, 3, (-100, 1)),  # the extra bag carries over
        (9, 11, (-200, 0)),  # twenty bags: the penalty twice
        (5, 4, (0, 9)),
    ],
)
def test_sandbags_carry_over(bagged: Tables, bags: int, over: int, expected: tuple[int, int]) -> None:
    assert sandbags(bagged, bags, over) == expected


def test_sandbags_without_carry_over(bagged: Tables) -> None:
    dropped = dataclasses.replace(bagged, bag_carry=False)
    assert sandbags(dropped, 8, 3) == (-100, 0)
    assert sandbags(dropped, 8, 1) == (0, 9)


def test_score_hand_with_bags(bagged: Tables) -> None:
    # side 0 bid 4, took 8: 44, bags 7 + 4 = 11 -> -100, carry 1: -56
    # side 1 bid 5, took 5: 50, bags stay 3
    assert score_hand(bagged, [4, 5], [8, 5], [7, 3], [0, 0]) == [SideResult(-56, 1), SideResult(50, 3)]


def test_bags_across_hands(bagged: Tables) -> None:
    bags = [0, 0]
    totals = [0, 0]
    # side 0 overtricks 4, 4, 3 (bags 4, 8, 11 -> penalty on the third hand, 1 carried)
    for bids, books in (([4, 5], [8, 5]), ([4, 5], [8, 5]), ([5, 5], [8, 5])):
        results = score_hand(bagged, bids, books, bags, [0, 0])
        bags = [r.bags for r in results]
        totals = [a + r.points for a, r in zip(totals, results, strict=True)]
    assert bags == [1, 0]
    assert totals == [44 + 44 + 53 - 100, 150]


VARIANT_BAGS = """\
scoring:
  bags:
    interpretation: >-
      A test variant: each overtrick is a bag; ten bags cost 100 points and
      bags beyond ten are kept.
    limit: 10
    penalty: -100
    carry_over: true
"""


def test_bags_from_a_variant_spec(variant: Callable[[str], Spec], bagged: Tables) -> None:
    t = tables_for(variant(VARIANT_BAGS))
    assert (t.bag_limit, t.bag_penalty, t.bag_carry) == (10, -100, True)
    assert (t.made_per_trick, t.overtrick, t.set_per_trick) == (10, 1, -10)
    assert sandbags(t, 8, 3) == (-100, 1)
    assert score_hand(t, [4, 5], [8, 5], [7, 3], [0, 0]) == score_hand(bagged, [4, 5], [8, 5], [7, 3], [0, 0])


def test_renege_transfer_variant(intramural: Tables) -> None:
    # a house rule moving three books from the reneging side to its opponents
    t = dataclasses.replace(intramural, renege_books=3)
    assert renege_transfer(t, [5, 8], [1, 0]) == [2, 11]
    assert renege_transfer(t, [2, 11], [1, 0]) == [0, 13]  # cannot give more books than it has
    assert renege_transfer(t, [6, 7], [1, 1]) == [6, 7]


def test_books_received_for_a_renege_are_no_bags_when_both_sides_renege() -> None:
    # Tournament rule 18: three books to the other team, "not sandbags for the other team". Both teams bid 4 and
    # took 6 and 7, and each reneged once: Ann & Cat give 3 (3 left) and get 3 (6), Bob & Dan give 3 (4 left)
    # and get 3 (7). Each made its 4 (40) and kept no more of its own books than it bid, so no bags; -50 a
    # renege: -10 each. Counting only each side's net gain (none) would have made 2 and 3 bags of them.
    t = tables_for(referee.load_spec("spades/tournament-jjdd"))
    assert score_hand(t, [4, 4], [6, 7], [0, 0], [1, 1]) == [SideResult(-10, 0), SideResult(-10, 0)]
    # one renege only: Ann & Cat keep 3 (set, -40 - 50); Bob & Dan 10 books, 3 received: 40 + 3 bags
    assert score_hand(t, [4, 4], [6, 7], [0, 0], [1, 0]) == [SideResult(-90, 0), SideResult(43, 3)]


def test_both_sides_renege_the_listing_changes_nothing() -> None:
    # Tournament rule 18 when a team owes more books than it took: South & North bid 4 and took 3, East & West
    # bid 5 and took 10, each side reneged twice. South & North give their 3, East & West give 6, at once:
    # 3 - 3 + 6 = 6 (made, 40, the 6 received no bags; -100: -60) and 10 - 6 + 3 = 7 (made, 50, own 4 kept,
    # no bag; -100: -50). Handing over one side at a time made the side listed second lose, set at 3 books.
    t = tables_for(referee.load_spec("spades/tournament-jjdd"))
    assert score_hand(t, [4, 5], [3, 10], [0, 0], [2, 2]) == [SideResult(-60, 0), SideResult(-50, 0)]
    assert score_hand(t, [5, 4], [10, 3], [0, 0], [2, 2]) == [SideResult(-50, 0), SideResult(-60, 0)]


@pytest.mark.parametrize(
    ("totals", "hands", "clause"),
    [
        ([500, -200], 3, "game_end.target"),  # the target reached, though the other side is at the floor too
        ([120, -500], 3, "game_end.floor"),
        ([400, 30], 3, "game_end.behind"),  # 370 behind the leader
        ([120, 80], 12, "game_end.rounds"),
        ([120, 80], 3, "game_end.target"),  # not over: the target is the clause a game ends by
    ],
)
def test_the_clause_that_ends_the_game(totals: list[int], hands: int, clause: str) -> None:
    t = dataclasses.replace(
        tables_for(referee.load_spec("spades/intramural")), target=500, floor=-500, behind=300, max_rounds=12
    )
    assert end_clause(t, totals, hands) == clause
    assert end_clause(t, [0, 0], 3, frozenset({1})) == "penalties.renege"  # a side that lost by a penalty


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([-520, 30], (True, 1)),  # one side at the floor: it loses
        ([-510, -520], (True, 0)),  # both there: the higher wins (as both at 500 would)
        ([-520, -520], (True, None)),  # both there, level: each has lost; the game ends with no winner
        ([-520, -520, 40], (True, 2)),  # (three sides) the one above the floor wins
        ([-520, -520, -530], (True, None)),  # every side at the floor, the highest shared: no winner
        ([-200, 300, 300], (False, None)),  # no side at the floor, the leaders level under the target: play on
    ],
)
def test_sides_at_the_floor(totals: list[int], expected: tuple[bool, int | None]) -> None:
    t = dataclasses.replace(tables_for(referee.load_spec("spades/ihop-silver")), behind=None)
    assert result(t, totals, 3) == expected


@pytest.mark.parametrize(
    ("rules", "totals", "expected"),
    [
        ("hearts/intramural", (66, 46, 41, 29), 3),  # the lowest wins: West's 29
        ("hearts/intramural", (66, 29, 41, 29), None),  # 29 twice: no one leads
        ("hearts/intramural", (29, 46, 41, 66), 0),
        ("spades/intramural", (310, 520), 1),  # the highest wins
        ("spades/intramural", (520, 520), None),
    ],
)
def test_the_leader_is_the_one_side_with_the_best_total(
    rules: str, totals: tuple[int, ...], expected: int | None
) -> None:
    # Worked by hand: Hearts is won by the lowest total, Spades by the highest; a best total shared leads no one
    spec = referee.load_spec(rules)
    t = tables_for(spec, 4) if rules.startswith("hearts") else tables_for(spec)
    assert scoring.leader(t, totals) == expected
