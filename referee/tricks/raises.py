"""Raises of partnership bids after the first round, up to a lock (``bidding.order.raises: until_lock``).

After each side has bid, a hand whose bids total less than the tricks in it is un-locked: the non-dealers
may raise their bid once (the total not past the tricks); then, if the hand is still not locked, the
dealer's side may raise once, and only to make the total exactly the tricks (the hand is loaded). A raise
is a plain number: the special bids (ACES, Wheels, Boston, nil) are made in the first round, so a bid
raised to ten or thirteen scores as a plain bid of so many tricks.

A log writes a raise as a bid with ``raise: true`` whose ``tricks`` is the side's bid after it.
"""

from __future__ import annotations

from ..report import Code, Finding
from .log import Bid
from .tables import Tables

CLAUSE = "bidding.order"


def split(bids: tuple[Bid, ...]) -> tuple[tuple[Bid, ...], tuple[Bid, ...]]:
    """The first round's bids and the raises after it."""
    if not any(bid.raise_ for bid in bids):
        return bids, ()
    return tuple(b for b in bids if not b.raise_), tuple(b for b in bids if b.raise_)


def raised_sides(t: Tables, bids: tuple[Bid, ...]) -> list[bool]:
    """Which sides raised their bid (their contract is then a plain one, whatever its number)."""
    raised = [False] * len(t.sides)
    for bid in bids:
        if bid.raise_:
            raised[t.side_of[bid.seat]] = True
    return raised


def _problem(
    t: Tables, raise_: Bid, contracts: list[int | None], dealer_side: int | None, raised: set[int], ordered: bool
) -> tuple[Code, str] | None:
    """What is wrong with one raise, given the bids so far (None if nothing)."""
    side = t.side_of[raise_.seat]
    before = contracts[side] or 0
    total = sum(c or 0 for c in contracts)
    lock = t.per_player
    if raise_.kind != "number":
        kind = raise_.kind.replace("_", " ")
        why = "a raise is a number of tricks (special bids are made in the first round)"
        return Code.BID_NOT_ALLOWED, f"raised with {kind}; {why}"
    if side in raised:
        return Code.BID_OUT_OF_TURN, "raised a second time"
    if total >= lock:
        return Code.BID_NOT_ALLOWED, f"raised a locked hand (the bids already total {total})"
    if raise_.tricks is None or raise_.tricks <= before:
        return Code.BID_OUT_OF_RANGE, f"raised {before} to {raise_.tricks}; a raise must increase the bid"
    after = total - before + raise_.tricks
    if after > lock:
        return Code.BID_OUT_OF_RANGE, f"raised {before} to {raise_.tricks}: the bids would total {after}, past {lock}"
    if dealer_side is None:
        return None
    if side != dealer_side:
        if ordered and dealer_side in raised:
            return Code.BID_OUT_OF_TURN, "raised after the dealer's side; the non-dealers raise first"
        return None
    if after != lock:
        return (
            Code.BID_OUT_OF_RANGE,
            f"raised {before} to {raise_.tricks}, a total of {after}; the dealer's side may raise only to lock the "
            f"hand at {lock}",
        )
    return None


def check(
    t: Tables,
    contracts: list[int | None],
    raises: tuple[Bid, ...],
    dealer: int | None,
    ordered: bool,
    side_names: tuple[str, ...],
) -> tuple[list[int | None], list[Finding]]:
    """Each side's contract after the raises (each taken as recorded), and what was wrong with them."""
    out = list(contracts)
    findings = []
    dealer_side = None if dealer is None else t.side_of[dealer]
    raised: set[int] = set()
    for raise_ in raises:
        side = t.side_of[raise_.seat]
        if out[side] is None:
            continue  # the side's first bid is missing (reported); nothing to raise
        if not t.raises:
            problem: tuple[Code, str] | None = (Code.BID_NOT_ALLOWED, "raised its bid; these rules have no raises")
        else:
            problem = _problem(t, raise_, out, dealer_side, raised, ordered)
        if problem is not None:
            findings.append(Finding(problem[0], CLAUSE, f"{side_names[side]} {problem[1]}", raise_.seat))
        raised.add(side)
        if raise_.tricks is not None:
            out[side] = raise_.tricks
    return out, findings
