"""Bidding: the order of bids, what each may be, and each side's contract."""

from __future__ import annotations

from ..report import Code, Finding
from .log import Bid
from .tables import ALLOWED_BIDS_CLAUSE, Tables


def bidding_order(t: Tables, dealer: int) -> list[int]:
    """The seats in the order they bid."""
    return [(dealer + t.bid_start + i) % t.seats for i in range(t.seats)]


def bid_value_finding(t: Tables, bid: Bid, name: str) -> Finding | None:
    """What is wrong with a bid's kind or number, if anything."""
    if bid.kind not in t.allowed_kinds:
        clause = dict(t.kind_clauses).get(bid.kind, ALLOWED_BIDS_CLAUSE)
        label = bid.kind.replace("_", " ")
        return Finding(
            Code.BID_KIND_NOT_ALLOWED, clause, f"{name} bid {label}, which these rules do not allow", bid.seat
        )
    if bid.side_bid or bid.tricks is None:
        return None
    if not t.player_min <= bid.tricks <= t.player_max:
        return Finding(
            Code.BID_OUT_OF_RANGE,
            "bidding.limits",
            f"{name} bid {bid.tricks}; a player's bid must be {t.player_min} to {t.player_max}",
            bid.seat,
        )
    return None


def _order_findings(t: Tables, bids: tuple[Bid, ...], dealer: int, names: tuple[str, ...]) -> list[Finding]:
    order = bidding_order(t, dealer)
    findings = []
    seen: set[int] = set()
    for position, bid in enumerate(bids):
        if bid.seat in seen:
            message = f"{names[bid.seat]} bid a second time"
            findings.append(Finding(Code.BID_OUT_OF_TURN, "bidding.order", message, bid.seat))
            continue
        # As with plays, a bid out of turn stands and the turn goes on clockwise from whoever bid first, to the
        # first player yet to bid: one misplaced bid is reported once, not again for each bid after it.
        if position == 0:
            expected = order[0]
        else:
            first = bids[0].seat
            expected = next((s for s in ((first + k) % t.seats for k in range(t.seats)) if s not in seen), bid.seat)
        if bid.seat != expected:
            message = f"{names[bid.seat]} bid when it was {names[expected]}'s turn"
            findings.append(Finding(Code.BID_OUT_OF_TURN, "bidding.order", message, bid.seat))
        seen.add(bid.seat)
    return findings


def check_bids(
    t: Tables,
    bids: tuple[Bid, ...],
    ordered: bool,
    dealer: int | None,
    names: tuple[str, ...],
    side_names: tuple[str, ...] | None = None,
) -> tuple[list[int | None], list[Finding]]:
    """Each side's contract (None where a bid is missing) and the bidding's violations."""
    findings: list[Finding] = []
    if ordered and dealer is not None:
        findings.extend(_order_findings(t, bids, dealer, names))
    by_seat: dict[int, Bid] = {}
    side_total: dict[int, int] = {}
    for bid in bids:
        problem = bid_value_finding(t, bid, names[bid.seat])
        if problem is not None:
            findings.append(problem)
        if bid.side_bid:
            side_total[t.side_of[bid.seat]] = bid.tricks or 0
        elif bid.seat not in by_seat:
            by_seat[bid.seat] = bid
    contracts: list[int | None] = []
    for side, members in enumerate(t.sides):
        side_name = side_names[side] if side_names else " & ".join(names[seat] for seat in members)
        if side in side_total:
            contracts.append(side_total[side])
            total = side_total[side]
            last = members[-1]
            made_of = "for the side as a whole"
        else:
            missing = [seat for seat in members if seat not in by_seat]
            for seat in missing:
                findings.append(Finding(Code.BID_MISSING, "bidding.order", f"{names[seat]} made no bid", seat))
            if missing:
                contracts.append(None)
                continue
            total = sum(by_seat[seat].tricks or 0 for seat in members)
            contracts.append(total)
            last = max(members, key=lambda seat: bids.index(by_seat[seat]))
            made_of = " + ".join(f"{names[seat]} {by_seat[seat].tricks or 0}" for seat in members)
        if total > t.side_max:
            message = f"{side_name} bid {total} ({made_of}); a side may bid at most {t.side_max}"
            findings.append(Finding(Code.BID_OUT_OF_RANGE, "bidding.limits", message, last))
        if len(members) > 1 and total < t.side_min:
            message = f"{side_name} bid {total} ({made_of}); a side must bid at least {t.side_min}"
            findings.append(Finding(Code.BID_BELOW_SIDE_MINIMUM, "bidding.limits", message, last))
    if t.total_not is not None and None not in contracts and sum(c or 0 for c in contracts) == t.total_not:
        findings.append(_total_finding(t, bids, ordered, dealer, names))
    return contracts, findings


def _total_finding(
    t: Tables, bids: tuple[Bid, ...], ordered: bool, dealer: int | None, names: tuple[str, ...]
) -> Finding:
    """The bids add up to the total the rules forbid: the last to bid made it so."""
    if ordered or dealer is None:
        last = bids[-1].seat
    else:
        order = bidding_order(t, dealer)
        last = max((bid.seat for bid in bids), key=order.index)
    message = f"the bids add up to {t.total_not}, which these rules do not allow ({names[last]} bid last)"
    return Finding(Code.BIDS_TOTAL_NOT_ALLOWED, "bidding.limits", message, last)
