"""No trump bids (``bidding.no_trump``, ``play.no_trump_bid``): a player bids a number of tricks "no trump".

Spades are still trumps, but the bidder promises to win no trick with one unless spades were led, and must
hold a spade to bid it. The side's contract scores ``multiplier`` times a normal one made and
``set_multiplier`` times set; bid blind (kind ``blind_no_trump``), ``blind_multiplier`` and
``blind_set_multiplier``, at least ``blind_min`` tricks, by a side ``behind_by`` behind. Looked at only in a
hand with such a bid, so the card loop pays nothing for the rule.
"""

from __future__ import annotations

from ..report import Code, Finding
from . import play
from .bidding import trailing_by
from .cards import card_symbol
from .log import Bid, Trick
from .tables import Tables

KINDS = ("no_trump", "blind_no_trump")


def no_trump_bids(t: Tables, bids: tuple[Bid, ...]) -> list[Bid]:
    """The hand's no trump bids, where the rules allow them (one not allowed is reported and scored plainly)."""
    return [bid for bid in bids if bid.kind in KINDS and bid.kind in t.allowed_kinds and not bid.raise_]


def side_times(t: Tables, bids: list[Bid]) -> list[tuple[int, int] | None]:
    """Each side's multipliers (made, set) for its contract: a no trump's, a blind no trump's, or none."""
    times: list[tuple[int, int] | None] = [None] * len(t.sides)
    for bid in bids:
        times[t.side_of[bid.seat]] = t.blind_no_trump_times if bid.kind == "blind_no_trump" else t.no_trump_times
    return times


def bid_findings(
    t: Tables,
    bids: list[Bid],
    deal: tuple[tuple[int, ...], ...] | None,
    names: tuple[str, ...],
    totals: list[int] | None,
) -> list[Finding]:
    """A no trump bid by a player without a spade, or a blind one too small or by a side not far enough behind."""
    findings = []
    for bid in bids:
        name = names[bid.seat]
        if deal is not None and not any(t.suit[card] == t.trump for card in deal[bid.seat]):
            message = f"{name} bid no trump holding no spade; it needs at least one"
            findings.append(Finding(Code.BID_NOT_ALLOWED, "bidding.no_trump", message, bid.seat))
        if bid.kind != "blind_no_trump":
            continue
        if bid.tricks is not None and bid.tricks < t.blind_no_trump_min:
            message = f"{name} bid {bid.tricks} blind no trump; it must be at least {t.blind_no_trump_min}"
            findings.append(Finding(Code.BID_OUT_OF_RANGE, "bidding.no_trump", message, bid.seat))
        behind = 0 if totals is None else trailing_by(t, totals, t.side_of[bid.seat])
        if totals is not None and behind < t.blind_no_trump_behind_by:
            message = f"{name} bid blind no trump {behind} behind; it needs {t.blind_no_trump_behind_by} or more"
            findings.append(Finding(Code.BID_NOT_ALLOWED, "bidding.no_trump", message, bid.seat))
    return findings


def play_findings(t: Tables, bids: list[Bid], tricks: tuple[Trick, ...], names: tuple[str, ...]) -> list[Finding]:
    """Tricks a no trump bidder won with a trump when another suit was led (where play.no_trump_bid says so)."""
    if not t.no_trump_play:
        return []
    bidders = {bid.seat for bid in bids}
    findings = []
    for number, (seats, cards) in enumerate(tricks, 1):
        if len(cards) != t.seats or t.suit[cards[0]] == t.trump:
            continue
        at = play.winning_index(t, list(cards))
        if seats[at] in bidders and t.suit[cards[at]] == t.trump:
            message = f"{names[seats[at]]} bid no trump and won trick {number} with {card_symbol(cards[at])}, a spade"
            findings.append(Finding(Code.NO_TRUMP_BROKEN, "play.no_trump_bid", message, seats[at], number))
    return findings
