"""A timed match: which hand was in progress when the time ran out, and who is ahead then."""

from __future__ import annotations

from .log import Hand
from .tables import Tables

DAY = 24 * 3600


def stop_hand(t: Tables, hands: tuple[Hand, ...]) -> int | None:
    """The number of the hand in progress when the match's time ran out, where the record shows it.

    The time runs from the first hand's start. A hand that starts at or after the stop was not in progress,
    so the hand before it was; a ``time_called`` event marks its hand as the one in progress. A time of day
    is on the day of the start before it, or the next day where it would run backwards (past midnight); a
    date and time counts from its date, but among times of day (the first start written without one) is read
    as its time of day alone.
    """
    if t.clock_minutes is None:
        return None
    start: float | None = None
    last: float | None = None
    dated = False  # whether the first start has its date: the times count from it (else from a day of their own)
    for hand in hands:
        if any(event.type == "time_called" for event in hand.events):
            return hand.number
        if hand.started is None:
            continue
        at = hand.started
        if last is None:
            dated = at >= DAY
        elif at < DAY or not dated:
            at = last - last % DAY + at % DAY
            if at < last:
                at += DAY
        last = at
        if start is None:
            start = at
        elif at - start >= t.clock_minutes * 60:
            return hand.number - 1
    return None


def leader(totals: list[int]) -> int | None:
    """The side ahead, or None for a tie at the top (overtime is played)."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
