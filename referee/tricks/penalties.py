"""Penalties a hand's offences cost: books lost and points, side by side, by the spec's numbers.

A renege costs what ``penalties.renege`` says; a claim the record does not bear out costs the claimers
what ``penalties.false_claim`` says; any other rule broken by a player costs that player's side what
``penalties.other_rule`` says. Books moved to the opponents by a renege are in :mod:`.scoring`.
"""

from __future__ import annotations

from ..report import Code
from .tables import Tables

# The rule breaks "any other rule" covers: each is a player's own act, seen in the record.
OTHER_RULE = frozenset(
    {
        Code.BID_OUT_OF_TURN,
        Code.BID_OUT_OF_RANGE,
        Code.BID_BELOW_SIDE_MINIMUM,
        Code.BID_KIND_NOT_ALLOWED,
        Code.BID_NOT_ALLOWED,
        Code.PLAY_OUT_OF_TURN,
        Code.CARD_NOT_IN_HAND,
        Code.CARD_PLAYED_TWICE,
        Code.ILLEGAL_LEAD,
        Code.CARD_TAKEN_BACK,
    }
)


def hand_penalties(t: Tables, offences: list[tuple[Code, int]]) -> tuple[list[int], list[int]]:
    """Books lost and penalty points per side for a hand's offences, each ``(code, side that pays)``."""
    lost = [0] * len(t.sides)
    points = [0] * len(t.sides)
    for code, side in offences:
        if code is Code.RENEGE:
            lost[side] += t.renege_books_lost
        elif code is Code.CLAIM_NOT_SUPPORTED:
            lost[side] += t.false_claim_books_lost
            points[side] += t.false_claim_points
        elif code in OTHER_RULE:
            lost[side] += t.other_books_lost
            points[side] += t.other_points
    return lost, points
