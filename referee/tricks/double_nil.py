"""Double nil (``bidding.double_nil``): both partners bid to take no trick at once.

Written for the side (``{Ann & Cat: double nil}``) or by each partner, as double nil or as nil: both partners
bidding nil at once is the double nil the sheet describes, where the rules allow it. The side's contract is no
tricks, so the side minimum does not bind it, and any tricks it takes are overtricks. Made (neither partner took a
trick), it scores ``bonus``, or wins the game in its place (``made_wins_game``); failed, ``penalty``, or loses the game
(``failed_loses_game``); where both partners took a trick the opponents score ``opponents_bonus``. A side
may bid it only when at least ``behind_by`` behind (checked with the bids). Scored from each player's tricks.
"""

from __future__ import annotations

from .log import Bid
from .tables import Tables


def double_nil_sides(t: Tables, bids: tuple[Bid, ...]) -> set[int]:
    """The sides that bid double nil (where the rules allow it; one not allowed is reported and counts as 0)."""
    if "double_nil" not in t.allowed_kinds:
        return set()
    return {t.side_of[bid.seat] for bid in bids if bid.kind == "double_nil" and not bid.raise_} | nil_pairs(t, bids)


def nil_pairs(t: Tables, bids: tuple[Bid, ...]) -> set[int]:
    """The sides of partners who all bid nil, each for themselves: a double nil where the rules allow one.

    "This is a bid in which both partners play Nil at once": two nils side by side are that bid, not two nils,
    each of which asks its partner to bid for the side (where double nil is not allowed they stay two nils, and
    each is reported as its partner's bid below that minimum).
    """
    nil_seats = {bid.seat for bid in bids if bid.kind == "nil" and not bid.side_bid and not bid.raise_}
    if len(nil_seats) < 2:
        return set()
    return {side for side, members in enumerate(t.sides) if len(members) > 1 and nil_seats.issuperset(members)}


def double_nil_points(
    t: Tables, sides: set[int], seat_books: list[int]
) -> tuple[list[int], frozenset[int], frozenset[int]]:
    """Each side's points for double nil bids, the sides that win the game by one, and those that lose it."""
    points = [0] * len(t.sides)
    won: set[int] = set()
    lost: set[int] = set()
    for side in sorted(sides):
        takers = [seat for seat in t.sides[side] if seat_books[seat]]
        if not takers:
            if t.double_nil_wins:
                won.add(side)  # the game, in place of the bonus
            else:
                points[side] += t.double_nil_bonus
            continue
        points[side] += t.double_nil_penalty
        if t.double_nil_loses:
            lost.add(side)
        if len(takers) == len(t.sides[side]) > 1:
            for other in range(len(t.sides)):
                if other != side:
                    points[other] += t.double_nil_opponents_bonus
    return points, frozenset(won), frozenset(lost)
