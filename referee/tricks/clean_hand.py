"""A clean hand: a whole hand's play checked in a few steps a trick, where it is certainly regular.

Nearly every recorded hand breaks no rule of play. Checked card by card (:mod:`.replay_play`), with every
rule's branch at every card, such a hand costs a few microseconds a card in Python. Here the hand's cards
are checked at once with built-ins (each of the deck, played once, by a player who held it), then each
trick in a few steps:

- its seats are the turn clockwise from its leader: the first leader the rules name, then each winner
  (by the compiled win keys, :func:`.deck.win_keys`);
- a player who did not follow the led suit held none of it then, and broke no duty to discard;
- a lead that a rule could object to (the first, a trump, a suit held back) is allowed.

Where any of this fails, or the spec has a rule this check does not know (must beat, a double deck, a card
taken back), it answers None and the hand is replayed card by card, which finds and reports what is wrong.
So it never passes a hand the replay would fault, and gives the books and points the replay gives (tests
hold it to both).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from operator import and_

from . import play
from .cards import BIT, COPY
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


def knows(clause_ids: Iterable[str]) -> bool:
    """Whether this check knows every clause of play among a spec's clauses."""
    return all(not cid.startswith("play.") or cid in KNOWN_PLAY for cid in clause_ids)


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
    bits = [*map(BIT.__getitem__, chain.from_iterable(card_groups))]
    played = sum(bits)
    # Each card of the deck, played once, by a player who was dealt (or passed) it.
    if (
        played.bit_count() != len(bits)
        or played & ~t.deck
        or not all(map(and_, map(holdings.__getitem__, chain.from_iterable(seat_groups)), bits))
    ):
        return None
    if t.unplayed_sandbags and any(held & ~played for held in holdings):
        return None  # a card never played: a penalty the replay reports
    # Trick by trick (a loop of a dozen steps a trick measures faster than mapping the hand's cards several times):
    # the turn from the leader, following suit, the leads a rule could object to, the winner.
    suit, suit_cards, win_keys, clockwise = t.suit, t.suit_cards, t.win_keys, t.clockwise
    must_follow = t.must_follow
    held_back = {s for s in (t.trump, t.held_suit) if s >= 0}  # the suits a lead rule can hold back
    breaking = play.breaking_cards(t)  # a trick with any of these cards breaks them (None: ask breaks_trump)
    values = t.points.values if t.points is not None else None
    taken = [0] * n
    winners: list[int] = []
    broken = False  # trumps (or the suit held back) broken before this trick
    before = 0  # the cards played before this trick
    for k, (seats, cards) in enumerate(tricks):
        if seats != clockwise[seats[0] if leader is None else leader]:
            return None
        lead = cards[0]
        led = suit[lead]
        if led < 0:
            return None
        trick_mask = sum(map(BIT.__getitem__, cards))
        led_cards = suit_cards[led]
        if must_follow and (trick_mask & led_cards).bit_count() != n:  # someone did not follow: were they void?
            for seat, card in zip(seats, cards, strict=True):
                if not BIT[card] & led_cards:
                    held = holdings[seat] & ~before
                    if held & led_cards:
                        return None
                    if discard_rules and play.follow_violation(t, held, card, lead, k == 0) is not None:
                        return None
        if k == 0 and t.first_trick_barred and not _first_trick_allowed(t, seats, cards, holdings):
            return None
        if (k == 0 or led in held_back) and play.lead_violation(
            t, holdings[seats[0]] & ~before, lead, k == 0, broken, k + 1
        ):
            return None
        keys = [*map(win_keys[led].__getitem__, cards)]
        at = keys.index(max(keys))
        leader = seats[at]
        winners.append(leader)
        if held_back and not broken:
            broken = bool(trick_mask & breaking) if breaking is not None else play.breaks_trump(t, cards, at)
        if values is not None:
            taken[leader] += sum(map(values.__getitem__, cards))
        before |= trick_mask
    won_by_side = [*map(t.side_of.__getitem__, winners)]
    return CleanPlay([*map(won_by_side.count, range(len(t.sides)))], [*map(winners.count, range(n))], taken, winners[0])


def _first_trick_allowed(t: Tables, seats: tuple[int, ...], cards: tuple[int, ...], holdings: list[int]) -> bool:
    """Whether no follower to the first trick played a card barred from it (the bar holds for a card that
    follows suit too)."""
    return all(
        play.follow_violation(t, holdings[seat], card, cards[0], True) is None
        for seat, card in zip(seats[1:], cards[1:], strict=True)
    )
