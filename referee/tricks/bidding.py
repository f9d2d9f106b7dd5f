"""Bidding: the order of bids, what each may be, and each side's contract."""

from collections.abc import Sequence
from itertools import chain, compress, repeat
from operator import and_, attrgetter, sub
from typing import Any, NamedTuple

from ..report import Code, Finding
from . import raises
from .double_nil import nil_pairs
from .log import NUMBER_BIDS, Bid, Hand
from .per_tables import per_tables
from .tables import ALLOWED_BIDS_CLAUSE, Tables


class BidPlan(NamedTuple):
    """What the bidding of every hand under one Tables shares, worked out once (see :func:`plain_contracts`)."""

    orders: tuple[tuple[int, ...], ...]  # from each dealer: the seats in the order they bid
    positions: tuple[tuple[tuple[int, ...], ...], ...]  # from each dealer: where each side's members bid in it
    # Each plain bidding met so far, (dealer, tricks bid in turn): the contracts, or None where a limit is broken.
    seen: dict[tuple[int | None, ...], tuple[int, ...] | None]
    # Each bidding of shared bids met so far, (dealer, each bid's code in turn: see _CODES), as :func:`game_contracts`
    # reads it: the contracts, or None where the bidding is not plain and regular.
    by_codes: dict[tuple[int, ...], tuple[int, ...] | None]
    # From each dealer: the code of a bid of no tricks by each player in turn (see _CODES), so that a bid's code less
    # its turn's is its tricks where the player whose turn it is made it, and out of range (below 0, or 32 and over)
    # where another did
    bases: tuple[tuple[int, ...], ...]
    lowest: int  # the fewest tricks a player may bid, and the most, within a code's 0 to 31
    highest: int
    paired: tuple[int, ...]  # the sides of more than one player, whose contract is held to the side's least


_PLANS: dict[int, tuple[Tables, BidPlan]] = {}


def _bid_plan(t: Tables) -> BidPlan:
    orders = tuple(tuple(bidding_order(t, dealer)) for dealer in range(t.seats))
    positions = tuple(tuple(tuple(map(order.index, members)) for members in t.sides) for order in orders)
    bases = tuple(tuple(seat << 5 for seat in order) for order in orders)
    paired = tuple(side for side, members in enumerate(t.sides) if len(members) > 1)
    return BidPlan(orders, positions, {}, {}, bases, max(t.player_min, 0), min(t.player_max, 31), paired)


def bid_plan(t: Tables) -> BidPlan:
    """The Tables' bid plan, made once (a game loop may ask once a game and hand it to :func:`plain_contracts`)."""
    return per_tables(_PLANS, t, _bid_plan)


def plain_contracts(
    t: Tables, bids: tuple[Bid, ...], ordered: bool, dealer: int | None, plan: BidPlan | None = None
) -> tuple[int, ...] | None:
    """Each side's contract where the bidding is certainly regular and plain (nearly every hand): every player
    once, in turn, a number of tricks in range, each side within its limits and the total allowed.

    None: anything else (a special bid, a side's bid, a raise, a bid out of turn or out of range), for
    :func:`check_bids`, which finds and reports what is wrong. One short loop, no finding made; the limits
    are looked at once per Tables for each bidding (a hand's numbers repeat across an archive).
    """
    if not ordered or dealer is None:
        return None
    # A loop, not map(attrgetter): Python 3.11 reads an attribute in a loop faster than attrgetter does.
    seats: list[int] = []
    key: list[int | None] = [dealer]
    for bid in bids:
        if bid.kind != "number" or bid.side_bid or bid.raise_ or bid.side_key is not None:
            return None
        seats.append(bid.seat)
        key.append(bid.tricks)
    if plan is None:
        plan = bid_plan(t)
    if tuple(seats) != plan.orders[dealer]:
        return None
    seen = plan.seen
    known = tuple(key)
    try:
        return seen[known]
    except KeyError:
        if len(seen) > 10_000:  # bounded: a hand's bids are a few numbers, most archives repeat them
            seen.clear()
        tricks: tuple[Any, ...] = known[1:]
        found = None
        if None not in tricks and min(tricks) >= t.player_min and max(tricks) <= t.player_max:
            found = _sides_within_limits(t, plan, plan.positions[dealer], tricks)
        seen[known] = found
        return found


# Each shared bid (log.NUMBER_BIDS: the readers make every usual bid one of them, a plain number of tricks by a
# player), by its identity: its seat and tricks as one int, seat * 32 + tricks. (A Bid's own hash, a dataclass's,
# runs Python code for each; id is a C call. The shared bids live as long as the module that made them.)
_CODES = {id(bid): bid.seat << 5 | bid.tricks for bids in NUMBER_BIDS for bid in bids if bid.tricks is not None}
_bids_of = attrgetter("bids")
_dealer_of = attrgetter("dealer")
_ordered = attrgetter("bids_ordered")
_UNSEEN = object()  # (not None: a bidding found not plain is None)


def game_contracts(t: Tables, hands: Sequence[Hand], plan: BidPlan) -> list[tuple[int, ...] | None] | None:
    """Each hand's contracts as :func:`plain_contracts` gives them for its bids and its recorded dealer, for all of
    a game's hands at once: each bid's code read by C calls over the game's bids, each hand's bidding then one
    look-up. None for a hand whose bidding is not plain and regular, or not of shared bids only (a bid of another
    kind, or made otherwise), or not a bid a player (none: an unbid first hand), which :func:`plain_contracts`
    is asked of a hand at a time."""
    n = t.seats
    bids = [*map(_bids_of, hands)]
    if None in bids:  # (a hand with no bids: an unbid first hand)
        bids = [() if made is None else made for made in bids]
    counts = [*map(len, bids)]
    if {*counts} != {n} or not all(map(_ordered, hands)):  # the hands of a bid a player, in the order made, alone
        whole = [*map(and_, map(n.__eq__, counts), map(_ordered, hands))]
        answers = iter(game_contracts(t, [*compress(hands, whole)], plan) or () if any(whole) else ())
        return [next(answers, None) if alone else None for alone in whole]
    # (a bid not shared: -1, whose seat, -1, is in no order of bids)
    codes = [*map(_CODES.get, map(id, chain.from_iterable(bids)), repeat(-1))]
    keys = [*zip(map(_dealer_of, hands), *[iter(codes)] * n)]  # noqa: B905 - n bids a hand (above)
    known = plan.by_codes
    found: list[Any] = [*map(known.get, keys, repeat(_UNSEEN))]
    if _UNSEEN in found:
        if len(known) > 10_000:  # bounded: a hand's bids are a few numbers, most archives repeat them
            known.clear()
        bases, positions, lowest, highest = plan.bases, plan.positions, plan.lowest, plan.highest
        for at, key in enumerate(keys):
            if found[at] is _UNSEEN:
                # plain_contracts' checks, once for each bidding met: each bid's tricks, its code less its turn's,
                # in range only where the player whose turn it was made it (a bid not shared, -1, never is)
                dealer = key[0]
                contracts = None
                if dealer is not None:
                    tricks = tuple(map(sub, key[1:], bases[dealer]))
                    if min(tricks) >= lowest and max(tricks) <= highest:
                        contracts = _sides_within_limits(t, plan, positions[dealer], tricks)
                found[at] = known[key] = contracts
    return found


def _sides_within_limits(
    t: Tables, plan: BidPlan, positions: tuple[tuple[int, ...], ...], tricks: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The contracts of plain bids each in the rules' limits, or None where a side or the total is out of them."""
    contracts = tuple(sum(map(tricks.__getitem__, at)) for at in positions)
    if max(contracts) > t.side_max or sum(contracts) == t.total_not:
        return None
    if plan.paired and min(map(contracts.__getitem__, plan.paired)) < t.side_min:
        return None
    return contracts


def bidding_order(t: Tables, dealer: int) -> list[int]:
    """The seats in the order they bid."""
    if t.non_dealers_first:
        # Partnership by partnership, the dealer's last: each side from its first player after the dealer
        # (the player left of the dealer, then that player's partner; the dealer, then the dealer's partner).
        def after(seat: int) -> int:
            return (seat - dealer - 1) % t.seats

        dealer_side = t.side_of[dealer]
        sides = sorted(
            (sorted(members, key=after) for i, members in enumerate(t.sides) if i != dealer_side),
            key=lambda members: after(members[0]),
        )
        own = sorted(t.sides[dealer_side], key=lambda seat: (seat - dealer) % t.seats)
        return [seat for members in [*sides, own] for seat in members]
    return [(dealer + t.bid_start + i) % t.seats for i in range(t.seats)]


def trailing_by(t: Tables, totals: list[int], side: int) -> int:
    """How far a side's total is behind the best of its opponents' (negative when ahead)."""
    others = [total for i, total in enumerate(totals) if i != side]
    return max(others) - totals[side] if others else 0


def blind_sides(t: Tables, bids: tuple[Bid, ...]) -> list[bool]:
    """Which sides' contracts are blind (a blind bid by the side or one of its players).

    Where blind bids are not allowed, one is reported and scored as its number of tricks.
    """
    blind = [False] * len(t.sides)
    if "blind" not in t.allowed_kinds:
        return blind
    for bid in bids:
        if bid.kind == "blind" and not bid.raise_:
            blind[t.side_of[bid.seat]] = True
    return blind


# The tricks a special bid names where none is written, whether or not the rules allow it.
_NAMED_TRICKS = {"ten_for_two_hundred": 10, "boston": 13}


def bid_tricks(t: Tables, bid: Bid) -> int:
    """The tricks a bid contracts for: its number, or where none is written the tricks its kind names (a
    ten-for-two-hundred bid's ten, a Boston's thirteen; the spec's where it allows the kind).

    A kind the rules do not allow counts as the tricks it names too (reported as not allowed, scored as a plain
    bid of them); a nil names none.
    """
    if bid.tricks is not None:
        return bid.tricks
    return next((tricks for kind, tricks, _, _ in t.specials if kind == bid.kind), _NAMED_TRICKS.get(bid.kind, 0))


def nil_bidders(t: Tables, bids: tuple[Bid, ...]) -> list[int]:
    """The seats that bid nil, where the rules allow it (a nil not allowed is reported and counts as 0).

    Partners who both bid nil bid a double nil where the rules allow one (:func:`.double_nil.nil_pairs`): theirs
    are not nils of their own.
    """
    if "nil" not in t.allowed_kinds:
        return []
    seats = [bid.seat for bid in bids if bid.kind == "nil" and not bid.side_bid and not bid.raise_]
    if len(seats) > 1 and "double_nil" in t.allowed_kinds:
        pairs = nil_pairs(t, bids)
        return [seat for seat in seats if t.side_of[seat] not in pairs]
    return seats


def nil_partner_findings(t: Tables, bids: tuple[Bid, ...], names: tuple[str, ...]) -> list[Finding]:
    """A nil bidder's partner who bid less than the rules ask of them.

    A partner who bid nil too bid none for the side, so two partners' nils (where they are no double nil) are each
    reported.
    """
    findings = []
    nils = set(nil_bidders(t, bids))
    for bid in bids:
        partners = [s for s in t.sides[t.side_of[bid.seat]] if s != bid.seat]
        if bid.side_bid or bid.raise_ or not nils.intersection(partners):
            continue
        if bid.seat in nils and bid.kind != "nil":
            continue  # the nil bidder's other bids (a raise, a second entry) are not the partner's
        if bid_tricks(t, bid) < t.nil_partner_min:
            who = " and ".join(names[s] for s in partners if s in nils)
            what = "nil" if bid.seat in nils else str(bid_tricks(t, bid))
            message = (
                f"{names[bid.seat]} bid {what} beside {who}'s nil; "
                f"the partner of a nil bidder must bid at least {t.nil_partner_min}"
            )
            findings.append(Finding(Code.BID_OUT_OF_RANGE, "bidding.nil", message, bid.seat))
    return findings


def _standing(behind: int) -> str:
    """How a side stands for people: so far behind, level, or so far ahead."""
    return f"{behind} behind" if behind > 0 else ("level" if behind == 0 else f"{-behind} ahead")


def blind_finding(t: Tables, bid: Bid, name: str, totals: list[int] | None, sized: bool = True) -> Finding | None:
    """What is wrong with an allowed blind bid: too small, or by a side not far enough behind.

    ``sized``: the bid is a whole blind contract, so the blind minimum binds it (a partner's share of a
    partnership's bid is not: the side's total is held to it, see :func:`check_bids`).
    """
    if sized and bid.tricks is not None and bid.tricks < t.blind_min:
        message = f"{name} bid {bid.tricks} blind; a blind bid must be at least {t.blind_min}"
        return Finding(Code.BID_OUT_OF_RANGE, "bidding.blind", message, bid.seat)
    if totals is not None and t.blind_behind_by:
        behind = trailing_by(t, totals, t.side_of[bid.seat])
        if behind < t.blind_behind_by:
            needs = f"blind needs a side {t.blind_behind_by} or more behind"
            message = f"{name} bid blind with the side {_standing(behind)}; {needs}"
            return Finding(Code.BID_NOT_ALLOWED, "bidding.blind", message, bid.seat)
    return None


def double_nil_finding(t: Tables, bid: Bid, name: str, totals: list[int] | None) -> Finding | None:
    """A double nil by a side not as far behind as the rules ask (bidding.double_nil.behind_by)."""
    if totals is None or not t.double_nil_behind_by:
        return None
    behind = trailing_by(t, totals, t.side_of[bid.seat])
    if behind >= t.double_nil_behind_by:
        return None
    what = "double nil" if bid.kind == "double_nil" else "nil beside a partner's nil, a double nil,"
    message = f"{name} bid {what} with the side {_standing(behind)}; it needs a side {t.double_nil_behind_by} behind"
    return Finding(Code.BID_NOT_ALLOWED, "bidding.double_nil", message, bid.seat)


def bid_value_finding(t: Tables, bid: Bid, name: str) -> Finding | None:
    """What is wrong with a bid's kind or number, if anything."""
    if bid.kind not in t.allowed_kinds:
        clause = dict(t.kind_clauses).get(bid.kind, ALLOWED_BIDS_CLAUSE)
        label = bid.kind.replace("_", " ")
        return Finding(
            Code.BID_KIND_NOT_ALLOWED, clause, f"{name} bid {label}, which these rules do not allow", bid.seat
        )
    if bid.kind == "blind":
        return None  # checked by blind_finding, which needs the score
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


def _who(members: tuple[int, ...], names: tuple[str, ...]) -> str:
    return " & ".join(names[s] for s in members)


def _order_findings(t: Tables, bids: tuple[Bid, ...], dealer: int, names: tuple[str, ...]) -> list[Finding]:
    order = bidding_order(t, dealer)
    if [-1 if bid.side_bid else bid.seat for bid in bids] == order:  # each player once, in turn (nearly always)
        return []
    findings = []
    seen: set[int] = set()
    start = 0  # where in the order the first bid was made: a side's bid at its earliest member's turn
    for position, bid in enumerate(bids):
        # a partnership's bid speaks for all its members at once
        side = t.sides[t.side_of[bid.seat]]
        members = side if bid.side_bid else (bid.seat,)
        # whose turn this bid may take: with partners' shares in any order, the turn of any partner yet to bid
        turn = side if t.partners_any_order else members
        if bid.seat in seen or (bid.side_bid and not seen.isdisjoint(members)):
            message = f"{_who(members, names)} bid a second time"
            findings.append(Finding(Code.BID_OUT_OF_TURN, "bidding.order", message, bid.seat))
            continue
        # As with plays, a bid out of turn stands and the turn goes on from whoever bid first, to the first
        # player yet to bid: one misplaced bid is reported once, not again for each bid after it.
        if position == 0:
            expected = order[0]
            start = 0 if expected in turn else min(order.index(s) for s in members)
        else:
            expected = next(
                (s for s in (order[(start + k) % t.seats] for k in range(t.seats)) if s not in seen), bid.seat
            )
        if expected != bid.seat and expected not in turn:
            message = f"{_who(members, names)} bid when it was {names[expected]}'s turn"
            findings.append(Finding(Code.BID_OUT_OF_TURN, "bidding.order", message, bid.seat))
        seen.update(members)
    return findings


def missing_bidders(t: Tables, bids: tuple[Bid, ...], contracts: Sequence[int | None]) -> list[int]:
    """The players of the sides left with no contract whose bid the record does not hold, in seat order."""
    bid = {b.seat for b in bids if not b.side_bid}
    return [seat for side, c in enumerate(contracts) if c is None for seat in t.sides[side] if seat not in bid]


def check_bids(
    t: Tables,
    bids: tuple[Bid, ...],
    ordered: bool,
    dealer: int | None,
    names: tuple[str, ...],
    side_names: tuple[str, ...] | None = None,
    totals: list[int] | None = None,
) -> tuple[list[int | None], list[Finding]]:
    """Each side's contract (None where a bid is missing) and the bidding's violations.

    ``totals`` are the scores before the hand, for the rules that depend on them (who may bid blind).
    Raises after the first round (see :mod:`.raises`) are checked after it, and change the contracts.
    """
    bids, raised = raises.split(bids)
    findings: list[Finding] = []
    # a double nil bids no tricks for the side: the side's minimum does not bind it
    double = set[int]()
    if "double_nil" in t.allowed_kinds:
        double = {t.side_of[b.seat] for b in bids if b.kind == "double_nil"} | nil_pairs(t, bids)
    if ordered and dealer is not None:
        findings.extend(_order_findings(t, bids, dealer, names))
    by_seat: dict[int, Bid] = {}
    side_total: dict[int, int] = {}
    # partners' bids of a partnership are shares of one bid: a blind minimum binds their sum, not each share
    shares = t.bid_style == "partnership" and t.blind_min > 0 and "blind" in t.allowed_kinds
    for bid in bids:
        problem = bid_value_finding(t, bid, names[bid.seat])
        if problem is None and bid.kind == "blind":
            problem = blind_finding(t, bid, names[bid.seat], totals, sized=bid.side_bid or not shares)
        if problem is None and bid.kind in ("double_nil", "nil") and t.side_of[bid.seat] in double:
            problem = double_nil_finding(t, bid, names[bid.seat], totals)
        if problem is not None:
            findings.append(problem)
        if bid.side_bid:
            side_total[t.side_of[bid.seat]] = bid_tricks(t, bid)
        elif bid.seat not in by_seat:
            by_seat[bid.seat] = bid
    if t.nil_partner_min:
        findings.extend(nil_partner_findings(t, bids, names))
    contracts: list[int | None] = []
    for side, members in enumerate(t.sides):
        if side in side_total:
            contracts.append(side_total[side])
            total = side_total[side]
        else:
            missing = [seat for seat in members if seat not in by_seat]
            # a hand written with no bid at all was played unbid; one with some bids and not every player's is a
            # record that stops short (see missing_bidders), not a player who did not bid: the table played on
            for seat in missing if not bids else ():
                findings.append(Finding(Code.BID_MISSING, "bidding.order", f"{names[seat]} made no bid", seat))
            if missing:
                contracts.append(None)
                continue
            total = sum(bid_tricks(t, by_seat[seat]) for seat in members)
            contracts.append(total)
        if total > t.side_max:
            side_name, made_of, last = _side_bid(t, side, members, side in side_total, by_seat, bids, names, side_names)
            message = f"{side_name} bid {total} ({made_of}); a side may bid at most {t.side_max}"
            findings.append(Finding(Code.BID_OUT_OF_RANGE, "bidding.limits", message, last))
        if (
            shares
            and side not in side_total
            and total < t.blind_min
            and any(by_seat[s].kind == "blind" for s in members)
        ):
            side_name, made_of, last = _side_bid(t, side, members, False, by_seat, bids, names, side_names)
            message = f"{side_name} bid {total} blind ({made_of}); a blind bid must be at least {t.blind_min}"
            findings.append(Finding(Code.BID_OUT_OF_RANGE, "bidding.blind", message, last))
        if len(members) > 1 and total < t.side_min and side not in double:
            side_name, made_of, last = _side_bid(t, side, members, side in side_total, by_seat, bids, names, side_names)
            message = f"{side_name} bid {total} ({made_of}); a side must bid at least {t.side_min}"
            findings.append(Finding(Code.BID_BELOW_SIDE_MINIMUM, "bidding.limits", message, last))
    if raised:
        labels = side_names or tuple(" & ".join(names[seat] for seat in members) for members in t.sides)
        contracts, more = raises.check(t, contracts, raised, dealer, ordered, labels)
        findings.extend(more)
    if t.total_not is not None and None not in contracts and sum(c or 0 for c in contracts) == t.total_not:
        findings.append(_total_finding(t, bids, ordered, dealer, names))
    return contracts, findings


def _side_bid(
    t: Tables,
    side: int,
    members: tuple[int, ...],
    whole: bool,
    by_seat: dict[int, Bid],
    bids: tuple[Bid, ...],
    names: tuple[str, ...],
    side_names: tuple[str, ...] | None,
) -> tuple[str, str, int]:
    """A side's name, how its bid was made up, and the seat a finding on it is reported at (the last to bid):
    put in words only when there is a finding."""
    side_name = side_names[side] if side_names else " & ".join(names[seat] for seat in members)
    if whole:
        return side_name, "for the side as a whole", members[-1]
    made_of = " + ".join(f"{names[seat]} {bid_tricks(t, by_seat[seat])}" for seat in members)
    return side_name, made_of, max(members, key=lambda seat: bids.index(by_seat[seat]))


def _total_finding(
    t: Tables, bids: tuple[Bid, ...], ordered: bool, dealer: int | None, names: tuple[str, ...]
) -> Finding:
    """The bids add up to the total the rules forbid: the last to bid made it so."""
    said = "bid last"
    if ordered or dealer is None:
        last = bids[-1].seat
        if not ordered:  # neither the order of the bids nor the dealer is in the record
            said = "written last; the order of the bids is not recorded"
    else:
        order = bidding_order(t, dealer)
        last = max((bid.seat for bid in bids), key=order.index)
    message = f"the bids add up to {t.total_not}, which these rules do not allow ({names[last]} {said})"
    return Finding(Code.BIDS_TOTAL_NOT_ALLOWED, "bidding.limits", message, last)
