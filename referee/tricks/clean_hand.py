"""A clean hand: a whole hand's play checked at once, with built-ins, where it is certainly regular.

Nearly every recorded hand breaks no rule of play. Checked card by card (:mod:`.replay_play`), with every
rule's branch at every card, such a hand costs a few microseconds a card in Python. Here the whole hand is
checked in a handful of passes at C speed over its cards, with tables compiled once per spec
(:mod:`.clean_lane`):

- each trick's seats are a turn clockwise; its leader is the first leader the rules name, then each winner
  (the highest of the compiled win keys, :func:`.deck.win_keys`, which carry the seat that played the card);
- every card a player was dealt (or passed) is played once, by them, and no other card: one comparison of
  the (seat, card) pairs played with those dealt;
- no one failed to follow suit while holding it: since every card held is played, a player held a suit at a
  trick exactly when they play it at a later one, so for each player and suit the tricks they failed to
  follow it must all come after their last card of it (a few operations on one integer for the whole hand);
- the duty to discard a card at the first opportunity: its holder did not fail to follow before playing it;
- the leads a rule could object to (the first, a trump, a suit held back) are asked of :func:`.play.lead_violation`.

Where any of this fails, or the spec has a rule this check does not know (must beat, a double deck, a card
taken back), it answers None and the hand is replayed card by card, which finds and reports what is wrong.
So it never passes a hand the replay would fault, and gives the books and points the replay gives (tests
hold it to both).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import reduce
from itertools import chain, repeat
from operator import add, and_, itemgetter, lshift, or_
from typing import NamedTuple

from . import play
from .cards import BIT
from .clean_lane import CleanLane, lane_for
from .log import Hand
from .tables import Tables

# The clauses of play this check knows (play.beat and play.take_back by sending the hand to the replay, and
# play.no_trump_bid because it is checked after the play). A spec with any other clause of play, a rule the
# card-by-card replay learned later, has all its hands replayed card by card until this check learns it too.
KNOWN_PLAY = frozenset(
    {
        "players.turn",
        "play.own_cards",
        "play.first_lead",
        "play.next_lead",
        "play.lead",
        "play.follow",
        "play.first_discard",
        "play.first_trick",
        "play.short_hand",
        "play.take_back",
        "play.beat",
        "play.trick_winner",
        "play.no_trump_bid",
    }
)

_FIRST = itemgetter(0)


def knows(clause_ids: Iterable[str]) -> bool:
    """Whether this check knows every clause of play among a spec's clauses."""
    return all(not cid.startswith("play.") or cid in KNOWN_PLAY for cid in clause_ids)


class CleanPlay(NamedTuple):
    """What a clean hand's play comes to."""

    books: list[int]  # tricks each side took
    seat_books: list[int]  # tricks each player took
    taken: list[int]  # points each player took in cards (games scored by points), the cards left over aside
    first_taker: int  # who took the first trick (the cards left over from the deal go to them, where they do)


def clean_play(t: Tables, hand: Hand, leader: int | None, holdings: list[int]) -> CleanPlay | None:
    """The hand's play, if it is certainly regular under ``t``; None: replay it card by card."""
    lane = lane_for(t)
    tricks = hand.tricks
    if (
        lane is None
        or not tricks
        or len(tricks) != t.per_player
        or (t.take_back and any(e.type == "card_taken_back" for e in hand.events))
    ):
        return None
    seat_groups, card_groups = zip(*tricks, strict=True)
    # Each trick's seats a turn clockwise (so as many as the table seats, and as many cards: the log pairs them).
    if not lane.turns.issuperset(seat_groups):
        return None
    leaders = [*map(_FIRST, seat_groups)]
    if leader is not None and leaders[0] != leader:
        return None
    cards = [*chain.from_iterable(card_groups)]
    if len(cards) != lane.plays or set(map(len, card_groups)) != lane.trick_size:
        return None
    # (seat, card) codes: the cards played, each once, are exactly those dealt, each dealt once, all of the deck.
    codes = [*map(add, chain.from_iterable(map(lane.offsets.__getitem__, leaders)), cards)]
    dealt = reduce(or_, holdings)
    if (
        dealt & ~t.deck
        or dealt.bit_count() != lane.plays
        or sum(map(lane.code_bit.__getitem__, codes)) != sum(map(lshift, holdings, lane.seat_shift))
    ):
        return None
    leds = [*map(t.suit.__getitem__, cards[:: t.seats])]
    # The winners: the highest key of each trick, its low bits the seat that played the card.
    keys: Iterator[int] = map(
        max, map(map, map(lane.key_of.__getitem__, leds), zip(*[iter(codes)] * t.seats, strict=True))
    )
    winners = [*map(and_, keys, repeat(lane.seat_bits))]
    if leaders[1:] != winners[:-1]:
        return None
    if t.must_follow and not _followed(t, lane, codes, leds, cards, holdings):
        return None
    if lane.first_lead and play.lead_violation(t, holdings[leaders[0]], cards[0], True, False, 1):
        return None
    if t.first_trick_barred and not _first_trick_allowed(t, seat_groups[0], card_groups[0], holdings):
        return None
    if lane.late_until > 1 and not _late_leads_allowed(t, lane, leds, leaders, winners, cards, holdings):
        return None
    taken = [0] * t.seats
    if t.points is not None:
        values = t.points.values.__getitem__
        for winner, points in zip(winners, map(sum, map(map, repeat(values), card_groups)), strict=True):
            taken[winner] += points
    seat_books = [*map(winners.count, range(t.seats))]
    books = [sum(map(seat_books.__getitem__, side)) for side in t.sides]
    return CleanPlay(books, seat_books, taken, winners[0])


def _followed(
    t: Tables, lane: CleanLane, codes: list[int], leds: list[int], cards: list[int], holdings: list[int]
) -> bool:
    """Whether everyone followed suit when able (and discarded the card they must, at its first opportunity).

    One integer holds a field per (seat, suit) with a bit per trick: ``played``, the tricks where the seat played
    the suit; ``led``, the tricks where the suit was led (in every seat's field). A player held a suit at a trick
    exactly when they play it at a later one (every card held is played), so no one failed to follow while able
    when, in every field, no trick the seat played the suit comes after the first trick it failed to follow it.
    """
    played = sum(map(lshift, map(lane.field_bit.__getitem__, codes), lane.trick_of))
    failed = sum(map(lshift, map(lane.led_bits.__getitem__, leds), range(len(leds)))) & ~played
    guarded = failed | lane.guards  # a guard bit atop each field keeps each field's borrow to itself
    later = ~(guarded ^ (guarded - lane.lows)) & lane.fields  # the tricks after each field's first failure
    if later & played:
        return False
    discard = t.discard_card
    if discard < 0:
        return True
    holder = next((seat for seat, held in enumerate(holdings) if held >> discard & 1), None)
    if holder is None:
        return True
    # the holder's tricks not followed, all suits' fields folded into one
    own = failed >> lane.seat_width * holder
    width = lane.field_width
    not_followed = (own | own >> width | own >> 2 * width | own >> 3 * width) & lane.field
    return not not_followed & ((1 << cards.index(discard) // t.seats) - 1)  # none before the card is played


def _late_leads_allowed(
    t: Tables,
    lane: CleanLane,
    leds: list[int],
    leaders: list[int],
    winners: list[int],
    cards: list[int],
    holdings: list[int],
) -> bool:
    """Whether each lead after the first that a rule could object to (a suit held back, trumps before broken) is
    allowed, the leader's hand and the broken suit worked out from the tricks before it."""
    breaking = play.breaking_cards(t)
    n = t.seats
    for k in range(1, min(lane.late_until, len(leds))):
        if k >= lane.late_leads[leds[k]]:
            continue
        before = sum(map(BIT.__getitem__, cards[: k * n]))
        if breaking is not None:
            broken = bool(before & breaking)
        else:
            broken = any(
                play.breaks_trump(t, cards[j * n : j * n + n], (winners[j] - leaders[j]) % n) for j in range(k)
            )
        if play.lead_violation(t, holdings[leaders[k]] & ~before, cards[k * n], False, broken, k + 1):
            return False
    return True


def _first_trick_allowed(t: Tables, seats: tuple[int, ...], cards: tuple[int, ...], holdings: list[int]) -> bool:
    """Whether no follower to the first trick played a card barred from it (the bar holds for a card that
    follows suit too)."""
    return all(
        play.follow_violation(t, holdings[seat], card, cards[0], True) is None
        for seat, card in zip(seats[1:], cards[1:], strict=True)
    )
