"""The line of play: open ends, the spinner's sides and ends, crosswise doubles, the count.

Expected counts are worked out by hand from the All Fives sheet and the
spec's reading of the spinner.
"""

from __future__ import annotations

from referee.dominoes.layout import Arm, Layout, Placed
from referee.dominoes.tiles import tile


def test_a_spinner_opens_its_ends_only_once_both_sides_hold_a_tile() -> None:
    board = Layout(spinner_rule=True)
    board.start(tile(5, 5))
    assert board.count() == 10  # both halves of the lone spinner
    assert board.place(Arm.UP, tile(5, 1)) is Placed.NOT_OPEN  # an end before the sides are covered
    board = Layout(spinner_rule=True)
    board.start(tile(5, 5))
    assert board.place(Arm.LEFT, tile(5, 3)) is Placed.OK
    assert board.count() == 3 + 10  # the spinner still counts both halves while a side is free
    assert board.value[Arm.UP] == -1
    assert board.place(Arm.RIGHT, tile(5, 0)) is Placed.OK
    assert board.count() == 3 + 0
    assert board.value[Arm.UP] == board.value[Arm.DOWN] == 5
    assert board.place(Arm.UP, tile(5, 2)) is Placed.OK
    assert board.count() == 3 + 0 + 2  # an end counts once a tile lies on it
    assert board.place(Arm.DOWN, tile(6, 5)) is Placed.OK
    assert board.count() == 3 + 0 + 2 + 6


def test_other_doubles_lie_crosswise_and_count_both_halves() -> None:
    board = Layout(spinner_rule=True)
    board.start(tile(6, 6))
    board.place(Arm.LEFT, tile(6, 4))
    board.place(Arm.RIGHT, tile(6, 3))
    board.place(Arm.LEFT, tile(4, 4))
    assert board.count() == 8 + 3
    assert board.value[Arm.LEFT] == 4  # the double shows 4 for the next tile


def test_a_spinner_laid_later_opens_past_it() -> None:
    board = Layout(spinner_rule=True)
    board.start(tile(5, 0))  # not a double: no spinner yet
    assert board.count() == 5
    board.place(Arm.LEFT, tile(5, 5))  # the first double: the spinner, at the end of the left arm
    assert board.count() == 10 + 0
    assert board.value[Arm.UP] == -1
    board.place(Arm.LEFT, tile(5, 3))  # past the spinner: its ends open
    assert board.value[Arm.UP] == board.value[Arm.DOWN] == 5
    assert board.count() == 3 + 0


def test_a_line_has_two_ends_and_no_spinner() -> None:
    board = Layout(spinner_rule=False)
    board.start(tile(6, 6))
    board.place(Arm.LEFT, tile(6, 2))
    board.place(Arm.RIGHT, tile(6, 1))
    assert board.value[Arm.UP] == -1 and board.value[Arm.DOWN] == -1
    assert board.place(Arm.UP, tile(6, 5)) is Placed.NOT_OPEN


def test_a_tile_must_match_its_end() -> None:
    board = Layout(spinner_rule=False)
    board.start(tile(6, 4))
    assert board.arms_for(tile(4, 1)) == [Arm.RIGHT]
    hand = (1 << tile(3, 1)) | (1 << tile(4, 2))
    assert board.playable(hand) == 1 << tile(4, 2)
    assert board.place(Arm.LEFT, tile(3, 1)) is Placed.MISMATCH


def test_the_first_tile_laid_against_a_first_tile_decides_its_left() -> None:
    """A first tile that is no double has no left of its own: 6-4, then 4-1 on the end the log calls left lays
    it against the 4 (ends 1 and 6, not a mismatch); from then on the sides hold: 6-2 belongs on the right."""
    board = Layout(spinner_rule=True)
    board.start(tile(6, 4))
    assert board.place(Arm.LEFT, tile(4, 1)) is Placed.OK
    assert (board.value[Arm.LEFT], board.value[Arm.RIGHT], board.count()) == (1, 6, 7)
    assert board.place(Arm.LEFT, tile(6, 2)) is Placed.MISMATCH
