"""A clean hand: a whole hand's play checked at once, at C speed, where it is certainly regular.

Nearly every recorded hand breaks no rule of play. Checked card by card (:mod:`.replay_play`), such a hand
costs a few microseconds a card in Python; here the same facts are checked over the hand's flat lists of
seats and cards with built-in functions (``map``, ``zip``, ``sum``), a few dozen steps a hand:

- every trick has one play from each seat, clockwise from its leader: the first leader the rules name,
  then each trick's winner (by the compiled win keys, :func:`.deck.win_keys`);
- each card is of the deck, played once, by a player who held it;
- each player who did not follow the led suit held none of it then, and broke no duty to discard;
- each lead that a rule could object to (the first, a trump, a suit held back) is allowed.

Where any of this fails, or the spec has a rule this check does not know (must beat, a double deck, a card
taken back), it answers None and the hand is replayed card by card, which finds and reports what is wrong.
So it never passes a hand the replay would fault, and gives the books and points the replay gives (tests
hold it to both).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat
from operator import and_, getitem, ne

from . import play
from .cards import BIT, COPY
from .log import Hand
from .tables import NO_TRUMP, Tables


@dataclass(frozen=True, slots=True)
class CleanPlay:
    """What a clean hand's play comes to."""

    books: list[int]  # tricks each side took
    seat_books: list[int]  # tricks each player took
    taken: list[int]  # points each player took in cards (games scored by points), the cards left over aside
    first_taker: int  # who took the first trick (the cards left over from the deal go to them, where they do)


def clean_play(t: Tables, hand: Hand, leader: int | None, holdings: list[int]) -> CleanPlay | None:
    """The hand's play, if it is certainly regular under ``t``; None: replay it card by card."""
    tricks = hand.tricks
    n = t.seats
    discard_rules = t.discard_card >= 0 or bool(t.first_trick_barred)
    if (
        not tricks
        or len(tricks) != t.per_player
        or t.must_beat
        or t.deck >> COPY
        or (t.take_back and any(e.type == "card_taken_back" for e in hand.events))
        or (discard_rules and not t.must_follow)
    ):
        return None
    seat_groups, card_groups = zip(*tricks, strict=True)
    if set(map(len, card_groups)) != {n}:
        return None
    cards = [*chain.from_iterable(card_groups)]
    seats = [*chain.from_iterable(seat_groups)]
    bits = [*map(BIT.__getitem__, cards)]
    played = sum(bits)
    # Each card of the deck, played once, by a player who was dealt (or passed) it.
    if (
        played.bit_count() != len(cards)
        or played & ~t.deck
        or not all(map(and_, map(holdings.__getitem__, seats), bits))
    ):
        return None
    if t.unplayed_sandbags and any(held & ~played for held in holdings):
        return None  # a card never played: a penalty the replay reports
    suit = t.suit
    leds = [*map(suit.__getitem__, cards[::n])]
    if min(leds) < 0:
        return None
    led_each = [*chain.from_iterable(zip(*repeat(leds, n), strict=True))]  # each trick's led suit, a play at a time
    keys = [*map(getitem, map(t.win_keys.__getitem__, led_each), cards)]
    key_groups = [*zip(*[iter(keys)] * n, strict=True)]
    at = [*map(tuple.index, key_groups, map(max, key_groups))]  # the winning position in each trick
    winners = [*map(getitem, seat_groups, at)]
    first = seat_groups[0][0] if leader is None else leader
    if [*map(t.clockwise.__getitem__, [first, *winners[:-1]])] != list(seat_groups):
        return None
    before = [0, *accumulate(map(sum, zip(*[iter(bits)] * n, strict=True)))]  # the cards played before each trick
    if t.must_follow and not _followed(t, cards, seats, led_each, before, holdings, discard_rules):
        return None
    if not _leads_allowed(t, card_groups, seat_groups, leds, at, before, holdings):
        return None
    won_by_side = [*map(t.side_of.__getitem__, winners)]
    taken = [0] * n
    if t.points is not None:
        values = t.points.values
        trick_points = map(sum, zip(*[iter(map(values.__getitem__, cards))] * n, strict=True))
        for winner, points in zip(winners, trick_points, strict=True):
            taken[winner] += points
    return CleanPlay([*map(won_by_side.count, range(len(t.sides)))], [*map(winners.count, range(n))], taken, winners[0])


def _followed(
    t: Tables,
    cards: list[int],
    seats: list[int],
    led_each: list[int],
    before: list[int],
    holdings: list[int],
    discard_rules: bool,
) -> bool:
    """Whether each player who did not follow the led suit held none of it, and broke no duty to discard."""
    n = t.seats
    suit = t.suit
    for p in compress(range(len(cards)), map(ne, map(suit.__getitem__, cards), led_each)):
        k = p // n
        held = holdings[seats[p]] & ~before[k]
        if held & t.suit_cards[led_each[p]]:
            return False
        if discard_rules and play.follow_violation(t, held, cards[p], cards[k * n], k == 0) is not None:
            return False
    if t.first_trick_barred:  # the first trick's bar holds for a card that follows suit too
        for p in range(1, n):
            if play.follow_violation(t, holdings[seats[p]], cards[p], cards[0], True) is not None:
                return False
    return True


def _leads_allowed(
    t: Tables,
    card_groups: tuple[tuple[int, ...], ...],
    seat_groups: tuple[tuple[int, ...], ...],
    leds: list[int],
    at: list[int],
    before: list[int],
    holdings: list[int],
) -> bool:
    """Whether each lead is allowed: the first, and any later lead of a suit a rule holds back (trumps, or
    the suit held back until broken); no other lead can break a lead rule (play.lead_violation)."""
    held_back = {s for s in (t.trump, t.held_suit) if s != NO_TRUMP and s >= 0}
    risky = [k for k in range(1, len(leds)) if leds[k] in held_back]
    broken = len(leds)  # the first trick that breaks trumps (or the suit held back)
    if risky:
        broken = next(
            (k for k in range(risky[-1]) if play.breaks_trump(t, card_groups[k], at[k])),
            len(leds),
        )
    for k in (0, *risky):
        held = holdings[seat_groups[k][0]] & ~before[k]
        if play.lead_violation(t, held, card_groups[k][0], k == 0, k > broken, k + 1) is not None:
            return False
    return True
