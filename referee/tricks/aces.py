"""The ACES bid (all four aces in the bidding side's tricks) and the ace check that may come before it.

An ACES bid is written as a bid of kind ``aces`` with the number of tricks bid along with it; it scores
``bidding.aces`` points on top of the contract when the side's tricks hold all four aces, its penalty
otherwise. Who took the aces is worked out from the tricks only when a hand has an ACES bid, so the card
loop pays nothing for the rule.

An ace check is an ``ace_check`` event: ``seat`` asked partner how many aces partner holds, and
``answer`` (none, one, two) is the reply. The asker must hold ``bidding.ace_check.aces_held`` aces as
dealt; the reply is checked against the partner's aces as dealt.
"""

from __future__ import annotations

from ..report import Code, Finding, Severity
from ..words import count
from . import play
from .cards import COPY, parse_card
from .log import Bid, Event, Trick
from .tables import Tables

ACES = frozenset(parse_card(f"A{suit}") for suit in "CDHS")
ANSWERS = ("none", "one", "two")


def aces_bids(t: Tables, bids: tuple[Bid, ...]) -> list[bool]:
    """Which sides bid ACES (where the rules allow it; one not allowed is reported and scores nothing)."""
    sides = [False] * len(t.sides)
    if "aces" in t.allowed_kinds:
        for bid in bids:
            if bid.kind == "aces" and not bid.raise_:
                sides[t.side_of[bid.seat]] = True
    return sides


def aces_taker(t: Tables, tricks: tuple[Trick, ...]) -> int | None:
    """The side whose tricks hold all four aces, if one side's do."""
    sides = set()
    seen = 0
    for seats, cards in tricks:
        count = sum(1 for card in cards if card % COPY in ACES)
        if count and len(cards) == t.seats:
            sides.add(t.side_of[seats[play.winning_index(t, list(cards))]])
            seen += count
    return sides.pop() if seen >= len(ACES) and len(sides) == 1 else None


def aces_points(t: Tables, bid: list[bool], tricks: tuple[Trick, ...]) -> list[int]:
    """Each side's points for its ACES bid: made where its tricks hold all four aces."""
    taker = aces_taker(t, tricks)
    return [(t.aces_points if side == taker else t.aces_penalty) if made else 0 for side, made in enumerate(bid)]


def _aces_in(cards: tuple[int, ...]) -> int:
    return sum(1 for card in cards if card % COPY in ACES)


def ace_check_findings(
    t: Tables, events: tuple[Event, ...], deal: tuple[tuple[int, ...], ...], names: tuple[str, ...]
) -> list[Finding]:
    """Ace checks asked by a player without the aces the rule needs, or answered other than the deal shows."""
    findings = []
    for event in events:
        if event.type != "ace_check" or event.seat is None:
            continue
        asker = event.seat
        held = _aces_in(deal[asker])
        if held < t.ace_check_aces:
            message = f"{names[asker]} asked for an ace check holding {count(held, 'ace')}; it needs {t.ace_check_aces}"
            findings.append(Finding(Code.ACE_CHECK_NOT_DUE, "bidding.ace_check", message, asker))
        partners = [s for s in t.sides[t.side_of[asker]] if s != asker]
        if event.answer is None or len(partners) != 1:
            continue
        partner = partners[0]
        true = _aces_in(deal[partner])
        if ANSWERS.index(event.answer) != true:
            message = f"{names[partner]} answered the ace check {event.answer!r}, holding {count(true, 'ace')}"
            findings.append(
                Finding(Code.ACE_CHECK_NOT_DUE, "bidding.ace_check", message, partner, severity=Severity.WARNING)
            )
    return findings
