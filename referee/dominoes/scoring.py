"""Domino scoring: the open ends, rounding, and the points at a hand's end."""

from typing import NamedTuple

from .tables import Tables


def round_to(points: int, step: int) -> int:
    """``points`` to the nearest multiple of ``step`` (12 gives 10, 13 gives 15 for five); ``step`` 0 keeps them."""
    if step <= 0:
        return points
    return (points + step // 2) // step * step


def ends_points(t: Tables, count: int) -> int:
    """What a play scores when the open ends show ``count`` spots."""
    return t.made[count]


# An Award made from its fields at C speed, once a hand (a NamedTuple's own constructor is a Python function)
_made = tuple.__new__


class Award(NamedTuple):
    """The points a hand's end gives, to which side (None: nobody), and the clause that gives them."""

    side: int | None
    points: int
    clause: str
    note: str
    # A tie for the fewest spots at a locked board, which the spec's reading (tie: no_score) scores for nobody, the
    # sheet being silent: each tied side and what it would score as the one with the fewest. A table that gives a
    # tied side that breaks only the reading (a warning), not the sheet's words.
    tied: tuple[tuple[int, int], ...] = ()


def domino_award(t: Tables, seat: int, spots: list[int], total_before: int, name: str) -> Award:
    """Going out: the backman's spots (or every opponent's), rounded, if the winner is on the board."""
    side = t.side_of[seat]
    if total_before < t.domino_needs:
        return _made(Award, (side, 0, "dominoes_scoring.domino", f"{name} went out, not yet on the scoreboard", ()))
    owed = spots[(seat - 1) % t.seats] if t.domino_from_backman else sum(map(spots.__getitem__, t.opponents[seat]))
    step = t.domino_round  # (round_to, written out: once a hand, no call)
    points = (owed + step // 2) // step * step if step > 0 else owed
    return _made(Award, (side, points, "dominoes_scoring.domino", f"{name} went out", ()))


def blocked_award(t: Tables, side_spots: list[int], totals: list[int]) -> Award:
    """A blocked hand: the side with the fewest spots scores the others' spots (or the difference)."""
    least = min(side_spots)
    winners = [side for side, n in enumerate(side_spots) if n == least]
    if len(winners) > 1:
        # (one not on the scoreboard, its points too few to put it there, would score nothing)
        tied = tuple(
            (side, 0 if totals[side] < t.entry and points < t.entry else points)
            for side, points in ((side, _fewest(t, side, side_spots)) for side in winners)
        )
        return Award(None, 0, "dominoes_scoring.blocked", "blocked, a tie for the fewest spots", tied)
    side = winners[0]
    others = sum(side_spots) - least  # (as _fewest, written out: once a blocked hand, no call)
    points = round_to(others - least if t.blocked_difference else others, t.blocked_round)
    if totals[side] < t.entry and points < t.entry:
        # the entry rule withholds them, not the blocked board's, whose words give them: a table that scores them
        # breaks dominoes_scoring.entry (t.entry is set by that clause alone)
        return Award(side, 0, "dominoes_scoring.entry", "blocked, too few points to get on the scoreboard")
    return Award(side, points, "dominoes_scoring.blocked", "blocked")


def _fewest(t: Tables, side: int, side_spots: list[int]) -> int:
    """What a side scores at a locked board as the one with the fewest spots: the others' spots (or the
    difference), rounded."""
    least = side_spots[side]
    others = sum(side_spots) - least
    return round_to(others - least if t.blocked_difference else others, t.blocked_round)
