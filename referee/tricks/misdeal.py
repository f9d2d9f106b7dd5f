"""Misdeals: the causes a spec names (``deal.misdeal``), who may call each, and whether a recorded call was one.

A call (a ``misdeal`` event) is allowed when one of the spec's causes holds for it and the caller may call
that cause: anyone, the dealer's opponents, or the player holding the cards that make it. What a record
cannot show (whether the deal ended with the dealer) is taken on the table's word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..report import Code, Finding
from ..spec import Spec
from .deck import spec_error
from .log import plays_of

if TYPE_CHECKING:
    from .log import Event, Trick
    from .tables import Tables

CAUSES = ("wrong_count", "dealer_not_last", "suit_length", "no_trump")
WHO = {"any": "any", "opponents": "opponents", "holder": "holder", "victim": "holder"}
# Each cause as present (a misdeal for ...) and as absent from a deal.
_WORDS = {
    "wrong_count": ("a player dealt other than {n} cards", "every player was dealt {n} cards"),
    "dealer_not_last": ("a deal not ending with the dealer", ""),
    "suit_length": ("a hand of {k} or more cards of one suit", "no one holds {k} or more cards of one suit"),
    "no_trump": ("a hand without trumps", "every player holds a trump"),
}
_CALLER = {"any": "any player", "opponents": "the dealer's opponents", "holder": "the player holding it"}


def misdeal_callers(spec: Spec) -> tuple[tuple[str, str], ...]:
    """Each cause of a misdeal the spec names, with who may call it (none where the spec names neither callers
    nor a cause beyond the wrong count)."""
    named = [cause for cause in CAUSES if spec.value("deal.misdeal", cause)]
    # who may call is checked where the spec says who, or names a cause beyond the wrong count (anyone may call)
    called = spec.value("deal.misdeal", "called_by", "any" if set(named) - {"wrong_count"} else None)
    if called is None:
        return ()
    if isinstance(called, dict):
        for cause in called:
            if cause not in named:
                raise spec_error(
                    spec, f"called_by names {cause}, which is not a cause this spec gives", "deal.misdeal.called_by"
                )
        return tuple((cause, WHO[called.get(cause, "any")]) for cause in named)
    return tuple((cause, WHO[called]) for cause in named)


def _holders(t: Tables, cause: str, deal: tuple[tuple[int, ...], ...]) -> set[int] | None:
    """The players whose cards make this cause hold (None: a cause a record cannot show)."""
    if cause == "dealer_not_last":
        return None
    if cause == "wrong_count":
        return {seat for seat, cards in enumerate(deal) if len(cards) != t.per_player}
    found = set()
    for seat, cards in enumerate(deal):
        counts = [0] * 5
        for card in cards:
            counts[t.suit[card]] += 1
        if cause == "no_trump" and 0 <= t.trump < len(counts) and not counts[t.trump]:
            found.add(seat)
        if cause == "suit_length" and max(counts) >= t.misdeal_suit_length:
            found.add(seat)
    return found


def call_refused(
    t: Tables, call: Event, deal: tuple[tuple[int, ...], ...] | None, dealer: int | None, names: tuple[str, ...]
) -> str | None:
    """Why a recorded misdeal call was not one the rules allow (None: allowed, or not to be seen)."""
    caller = call.by if call.by is not None else call.seat
    causes = [(c, who) for c, who in t.misdeal_callers if call.cause in (None, c)]
    if call.cause is not None and not causes:
        return f"{call.cause.replace('_', ' ')} is not a cause of a misdeal in these rules"
    reasons = []
    for cause, who in causes:
        holders = None if deal is None else _holders(t, cause, deal)
        if holders is not None and not holders:
            reasons.append(_words(t, cause, 1))
            continue
        if caller is None or who == "any":
            return None
        if who == "opponents" and (dealer is None or t.side_of[caller] != t.side_of[dealer]):
            return None
        if who == "holder" and (holders is None or caller in holders):
            return None
        reasons.append(f"a misdeal for {_words(t, cause, 0)} may be called only by {_CALLER[who]}")
    by = "the table" if caller is None else names[caller]
    return f"{by} called a misdeal without a cause these rules give ({'; '.join(reasons)})"


def _words(t: Tables, cause: str, absent: int) -> str:
    return _WORDS[cause][absent].format(n=t.per_player, k=t.misdeal_suit_length)


def pass_excess(
    t: Tables,
    deal: tuple[tuple[int, ...], ...],
    holdings: list[int],
    findings: list[Finding],
    tricks: tuple[Trick, ...],
) -> tuple[list[int], list[Finding]]:
    """A deal of the whole deck with wrong counts, not called, made right by passing the excess cards on.

    Each card a player dealt too few plays that was dealt to a player with too many was passed to them. Where
    that makes every count right, the counts are not reported and the replay goes on from the passed
    holdings; otherwise nothing changes (the wrong count stands as dealt).
    """
    per = t.per_player
    counts = [len(cards) for cards in deal]
    if sum(counts) != per * t.seats or any(f.code is not Code.DEAL_WRONG_COUNT for f in findings):
        return holdings, findings
    held = list(holdings)
    for seat, card in plays_of(tricks):
        bit = 1 << card
        if counts[seat] >= per or held[seat] & bit:
            continue
        giver = next((s for s in range(t.seats) if counts[s] > per and held[s] & bit), None)
        if giver is not None:
            held[giver] &= ~bit
            held[seat] |= bit
            counts[giver] -= 1
            counts[seat] += 1
    if any(count != per for count in counts):
        return holdings, findings
    return held, []
