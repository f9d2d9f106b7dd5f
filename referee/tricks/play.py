"""The play of a trick: legal leads, following suit, the trick's winner.

Legal plays are computed here and nowhere else; the referee asks which of
these rules a recorded card broke, and the simulator draws from
:func:`legal_plays`. Hands are bitmasks over card ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ONE_COPY
from .tables import NO_TRUMP, Tables


def first_leader(t: Tables, dealer: int | None, holdings: list[int]) -> int | None:
    """Who leads to the first trick: the holder of the spec's opening card, or the player left of the dealer."""
    if t.first_leader == "holder_of_card":
        for card in t.first_lead_cards:
            for seat, held in enumerate(holdings):
                if held >> card & 1:
                    return seat
        return None
    return None if dealer is None else (dealer + 1) % t.seats


def lead_violation(t: Tables, hand: int, card: int, first_trick: bool, broken: bool, number: int = 0) -> str | None:
    """Which lead rule leading ``card`` from ``hand`` to trick ``number`` breaks: a clause id, or None if legal."""
    if first_trick and t.first_lead_cards:
        required = next((c for c in t.first_lead_cards if hand >> c & 1), None)
        if required is not None and card != required:
            return "play.first_lead"
    if t.suit[card] == t.held_suit and hand & ~t.suit_cards[t.held_suit]:
        # a suit held back (Hearts: hearts) may be led early only by a leader who holds nothing else
        number = number or (1 if first_trick else 2)  # a caller that knows only "first or not"
        if number < t.held_until_trick or (t.held_until_broken and not broken):
            return "play.lead"
    if t.trump == NO_TRUMP or t.suit[card] != t.trump:
        return None
    only_trumps = hand & ~t.suit_cards[t.trump] == 0
    if first_trick and not t.first_lead_trump and not only_trumps:
        return "play.first_lead"
    if t.trump_lead == "after_broken" and not broken and not only_trumps:
        return "play.lead"
    return None


def lead_rules(t: Tables) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """Where :func:`lead_violation` can object at all, for checking a whole hand without asking it at every lead:
    for each suit, whether a lead of it to the first trick may be faulted, and the trick index (0-based) from
    which on a later lead of it is always allowed (0: any time; the hand's length: until a suit is broken)."""
    held, trump = t.held_suit, t.trump
    first = [bool(t.first_lead_cards)] * 4  # a card to lead first: any other lead may be faulted
    until = [0, 0, 0, 0]
    if 0 <= held < 4:
        first[held] = first[held] or t.held_until_trick > 1 or t.held_until_broken
        until[held] = t.per_player if t.held_until_broken else max(t.held_until_trick - 1, 0)
    if 0 <= trump < 4:
        first[trump] = first[trump] or not t.first_lead_trump or t.trump_lead == "after_broken"
        if t.trump_lead == "after_broken":
            until[trump] = t.per_player
    return tuple(first), tuple(until)


def follows(t: Tables, hand: int, card: int, led: int) -> bool:
    """Whether playing ``card`` keeps the duty to follow the led suit."""
    if not t.must_follow or t.suit[card] == led or led < 0:
        return True  # led < 0: a card of no suit in this deck (reported elsewhere) sets no suit to follow
    return hand & t.suit_cards[led] == 0


def unbeaten(t: Tables, hand: int, card: int, trick: list[int]) -> int:
    """Under a must-beat rule: the cards of ``hand`` that would have beaten the trick so far, when ``card``
    (which keeps the duty to follow) does not; 0 when the play is legal."""
    if not t.must_beat or not trick:
        return 0
    beaters = t.beaters[trick[winning_index(t, trick)]]
    if beaters >> card & 1:
        return 0
    return _followers(t, hand, t.suit[trick[0]]) & beaters & ONE_COPY


def _followers(t: Tables, hand: int, led: int) -> int:
    """The cards of ``hand`` that keep the duty to follow ``led``."""
    if t.must_follow and led >= 0:
        of_suit = hand & t.suit_cards[led]
        if of_suit:
            return of_suit
    return hand


def _discard_rules(t: Tables, hand: int, allowed: int, led: int, first_trick: bool) -> tuple[int, str | None]:
    """The cards left once the discard duty and the first trick's bar apply, and the clause that narrowed them."""
    discard = t.discard_card
    if discard >= 0 and hand >> discard & 1 and led >= 0 and not hand & t.suit_cards[led]:
        return 1 << discard, "play.first_discard"  # unable to follow: the first opportunity to discard it
    if first_trick and allowed & t.first_trick_barred and allowed & ~t.first_trick_barred:
        return allowed & ~t.first_trick_barred, "play.first_trick"
    return allowed, None


def follow_violation(t: Tables, hand: int, card: int, led_card: int, first_trick: bool) -> str | None:
    """Which rule a follower's ``card`` breaks other than following suit: a clause id, or None."""
    discard = t.discard_card
    if not (first_trick and t.first_trick_barred) and (discard < 0 or card == discard or not hand >> discard & 1):
        return None  # no duty that this card could break
    led = t.suit[led_card]
    allowed, clause = _discard_rules(t, hand, _followers(t, hand, led), led, first_trick)
    return None if allowed >> card & 1 else clause


def legal_plays(t: Tables, hand: int, trick: list[int], first_trick: bool, broken: bool, number: int = 0) -> int:
    """The distinct cards of ``hand`` that may be played to ``trick`` (the cards so far, leader first)."""
    hand &= ONE_COPY  # a card held twice is one choice
    if not trick:
        legal = 0
        rest = hand
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            if lead_violation(t, hand, card, first_trick, broken, number) is None:
                legal |= low
            rest ^= low
        return legal
    led = t.suit[trick[0]]
    legal = _followers(t, hand, led)
    if t.discard_card >= 0 or t.first_trick_barred:
        legal = _discard_rules(t, hand, legal, led, first_trick)[0]
    if t.must_beat:
        beating = legal & t.beaters[trick[winning_index(t, trick)]]
        if beating:
            return beating
    return legal


def winning_index(t: Tables, cards: list[int]) -> int:
    """The position in ``cards`` (leader first) of the card that wins the trick."""
    suit = t.suit
    power = t.power
    later = t.later_wins  # identical cards are equal in power: the later one wins only under this rule
    led = suit[cards[0]]
    best = 0
    best_trump = t.trump != NO_TRUMP and led == t.trump
    for i in range(1, len(cards)):
        card = cards[i]
        s = suit[card]
        if s == t.trump and t.trump != NO_TRUMP:
            if not best_trump or power[card] > power[cards[best]] or (later and card == cards[best]):
                best, best_trump = i, True
        elif not best_trump and s == led and (power[card] > power[cards[best]] or (later and card == cards[best])):
            best = i
    return best


def breaking_cards(t: Tables) -> int | None:
    """The cards any one of which, in a trick, breaks trumps (or the suit held back), as one mask of the deck:
    what :func:`breaks_trump` asks of each card, compiled once for a hand of single-deck cards; None where it
    also asks who won the trick, or the suit is not one of the four."""
    if t.held_until_broken:
        return t.suit_cards[t.held_suit] | t.breakers if 0 <= t.held_suit < len(t.suit_cards) else None
    if t.trump == NO_TRUMP:
        return 0
    if t.broken_by == "won" or not 0 <= t.trump < len(t.suit_cards):
        return None
    return t.suit_cards[t.trump]


def breaks_trump(t: Tables, cards: Sequence[int], winner: int) -> bool:
    """Whether this trick breaks trumps (or the suit held back) for later leads, by the spec's meaning of broken."""
    if t.held_until_broken:
        return any(t.suit[c] == t.held_suit or t.breakers >> c & 1 for c in cards)
    if t.trump == NO_TRUMP:
        return False
    if t.broken_by == "won":
        return t.suit[cards[winner]] == t.trump and t.suit[cards[0]] != t.trump
    return any(t.suit[c] == t.trump for c in cards)
