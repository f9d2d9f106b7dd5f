"""Domino scoring by hand: rounding to the nearest five, the open ends, the awards at a hand's end."""

from __future__ import annotations

import pytest

import referee
from referee.dominoes.scoring import blocked_award, domino_award, ends_points, round_to
from referee.dominoes.tables import tables_for


@pytest.mark.parametrize(
    ("spots", "rounded"), [(0, 0), (2, 0), (3, 5), (10, 10), (12, 10), (13, 15), (34, 35), (37, 35), (79, 80)]
)
def test_rounding_to_the_nearest_five(spots: int, rounded: int) -> None:
    assert round_to(spots, 5) == rounded


def test_no_rounding_keeps_the_spots() -> None:
    assert round_to(13, 0) == 13


def test_the_open_ends_score_multiples_of_five_from_ten() -> None:
    t = tables_for(referee.load_spec("dominoes/all-fives"), 2)
    assert [ends_points(t, n) for n in (5, 10, 12, 15, 20, 0)] == [0, 10, 0, 15, 20, 0]
    block = tables_for(referee.load_spec("dominoes/block-partners"), 4)
    assert ends_points(block, 10) == 0  # the block game does not score the ends


def test_the_backman_pays_only_a_player_on_the_board() -> None:
    t = tables_for(referee.load_spec("dominoes/all-fives"), 3)
    spots = [0, 12, 13]  # seat 0 went out; seat 2 is before seat 0 in the order of play
    assert domino_award(t, 0, spots, 10, "Ann").points == 15  # 13, the backman's, to the nearest five
    assert domino_award(t, 1, [12, 0, 13], 10, "Bob").points == 10  # 12 for Bob, whose backman is seat 0
    assert domino_award(t, 0, spots, 5, "Ann").points == 0  # not yet on the scoreboard


def test_a_locked_board_pays_the_fewest_spots_and_ties_pay_nobody() -> None:
    t = tables_for(referee.load_spec("dominoes/all-fives"), 3)
    award = blocked_award(t, [7, 20, 12], [10, 0, 0])
    assert (award.side, award.points) == (0, 30)  # 20 + 12 = 32, to the nearest five
    assert blocked_award(t, [7, 7, 12], [10, 0, 0]).side is None
    assert blocked_award(t, [1, 2, 4], [0, 0, 0]).points == 0  # 6 rounds to 5: under ten, not on the board
    partners = tables_for(referee.load_spec("dominoes/block-partners"), 4)
    award = blocked_award(partners, [45, 33], [0, 0])
    assert (award.side, award.points) == (1, 12)  # the difference, not rounded
