"""Bemo (``bidding.bemo``): a side commits to win the first tricks of the hand, Little Bemo six, Big Bemo nine,
for a bonus on top of its bid if it does and as much lost if not.

A bemo is written with the number bid along with it (``{kind: little_bemo, tricks: 5}``) and is scored from
the tricks, looked at only when a hand has a bemo bid.
"""

from __future__ import annotations

from . import play
from .log import Bid, Trick
from .tables import Tables


def bemo_bids(t: Tables, bids: tuple[Bid, ...]) -> list[tuple[int, int, int]]:
    """Each allowed bemo bid as (its side, the first tricks it must win, its points)."""
    terms = dict((kind, (tricks, points)) for kind, tricks, points in t.bemo)
    return [(t.side_of[bid.seat], *terms[bid.kind]) for bid in bids if bid.kind in terms and not bid.raise_]


def bemo_points(t: Tables, bids: tuple[Bid, ...], tricks: tuple[Trick, ...]) -> list[int]:
    """Each side's points for its bemo bids: made where the side won every one of the first tricks named."""
    out = [0] * len(t.sides)
    winners = [t.side_of[seats[play.winning_index(t, list(cards))]] for seats, cards in tricks if len(cards) == t.seats]
    for side, first, points in bemo_bids(t, bids):
        made = len(winners) >= first and all(winner == side for winner in winners[:first])
        out[side] += points if made else -points
    return out
