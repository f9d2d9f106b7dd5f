"""The rules' plan for the trick game loop: what it asks of the rules every hand (which lane a hand may take, what
ends the game, who deals next), worked out once per compiled spec."""

import math
from typing import NamedTuple

from . import bidding, deal, scoring
from .per_tables import per_tables
from .tables import Tables


class GamePlan(NamedTuple):
    """What the game loop asks of the rules every hand, worked out once per Tables."""

    # Where only a target ends the game (no floor, margin or last round): the target, or infinity where there is
    # none (the table breaks up); a hand whose totals are all under it cannot end the game (but by the clock, an
    # outright win or loss). None: other ends to look for every hand.
    sole_target: float | None
    renege_costly: bool  # a renege or a card not played costs more than books and points (sandbags, the game)
    penalised: bool  # offences cost books or points (penalties.renege, penalties.other_rule)
    bids: bidding.BidPlan  # the bid orders and plain biddings met so far
    scores: scoring.PlainScores  # plain hands scored so far
    next_dealer: tuple[int, ...]  # from each dealer: who deals the next hand
    # A hand of plain contracts may take the plain lane (LaneReplay._plain): bids score it, with no pass, claim window,
    # penalty or renege cost that the general hand would look into.
    lane: bool
    # A hand scored by the points of the cards taken may take the points lane (LaneReplay._by_points): cards
    # passed, and no claim window, renege cost or excess cards passed on.
    points_lane: bool
    no_bids: tuple[None, ...]  # a points hand's bids on the score sheet: none for each side
    zeros: tuple[int, ...]  # a 0 for each side: the totals and bags a game starts from


def _game_plan(t: Tables) -> GamePlan:
    only_target = t.floor is None and t.behind is None and t.max_rounds is None
    renege_costly = bool(t.renege_steps or t.unplayed_sandbags or t.renege_opponents_as_made or t.renege_win_thrown_out)
    penalised = bool(t.renege_books_lost or t.other_books_lost or t.other_points)
    return GamePlan(
        (math.inf if t.target is None else t.target) if only_target else None,
        renege_costly,
        penalised,
        bidding.bid_plan(t),
        scoring.plain_scores(t),
        tuple(deal.next_dealer(t, dealer) for dealer in range(t.seats)),
        t.contracts
        and t.points is None
        and not (t.passing or t.excess_passed or t.renege_claim_window or renege_costly or penalised),
        not t.contracts
        and t.points is not None
        and bool(t.passing)
        and not (t.excess_passed or t.renege_claim_window or renege_costly),
        (None,) * len(t.sides),
        (0,) * len(t.sides),
    )


_PLANS: dict[int, tuple[Tables, GamePlan]] = {}


def plan_for(t: Tables) -> GamePlan:
    """The plan for a compiled spec (worked out once, cached)."""
    return per_tables(_PLANS, t, _game_plan)
