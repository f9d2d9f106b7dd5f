"""The tables the clean-hand check (:mod:`.clean_hand`) reads, compiled once per spec and player count.

A card played is looked up by its (seat, card) code, ``seat * 64 + card``: one lookup gives what a check of the
whole hand needs of it (its bit among the codes dealt, its claim to win a trick led in each suit with the seat
in the low bits, its (seat, suit) field), so the hand's cards are mapped a few times in all rather than once per
rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import play
from .cards import COPY
from .tables import Tables

_CODES = 64  # (seat, card) codes: seat * 64 + card, a single deck's cards all below COPY
_SUITS = 4


@dataclass(frozen=True, slots=True)
class CleanLane:
    """What a whole-hand check needs of a spec, per (seat, card) code, seat and trick."""

    plays: int  # the cards of a whole hand's play
    trick_size: frozenset[int]  # {cards to a trick}
    turns: frozenset[tuple[int, ...]]  # the seats of a trick in turn from each leader
    offsets: tuple[tuple[int, ...], ...]  # from each leader, the code offset (seat * 64) of each seat in turn
    code_bit: tuple[int, ...]  # per code, its bit
    seat_shift: tuple[int, ...]  # per seat, where its codes begin (a holding shifted there: its codes' bits)
    key_of: tuple[
        Callable[[int], int], ...
    ]  # per led suit, the lookup of a code's claim to win (win key, then the seat's bits)
    seat_bits: int  # the low bits of a key that hold the seat
    # Follow suit: a field of ``field_width`` bits per (seat, suit), a bit per trick, and a guard bit atop.
    field_width: int
    seat_width: int  # the fields of one seat
    field_bit: tuple[int, ...]  # per code, the lowest bit of its (seat, suit) field
    led_bits: tuple[int, ...]  # per led suit, the lowest bit of that suit's field of every seat
    trick_of: tuple[int, ...]  # per play of the hand, its trick's index
    guards: int
    lows: int
    fields: int  # every field's trick bits
    field: int  # one field's trick bits
    first_lead: bool  # a rule may object to the first lead
    late_leads: tuple[int, ...]  # per suit, the trick index from which a later lead of it is always allowed
    late_until: int  # the largest of these


def _lane(t: Tables) -> CleanLane | None:
    n = t.seats
    if t.must_beat or t.deck >> COPY or n > 8 or any(not 0 <= t.suit[c] < _SUITS for c in _cards(t.deck)):
        return None  # must beat, a double deck, a card of no suit: left to the card-by-card replay
    bits = (n - 1).bit_length()
    low = -min(min(keys) for keys in t.win_keys)
    width = t.per_player + 1
    fields = range(n * _SUITS)
    first, late = play.lead_rules(t)
    return CleanLane(
        plays=n * t.per_player,
        trick_size=frozenset({n}),
        turns=frozenset(t.clockwise),
        offsets=tuple(tuple(seat * _CODES for seat in turn) for turn in t.clockwise),
        code_bit=tuple(1 << code for code in range(n * _CODES)),
        seat_shift=tuple(seat * _CODES for seat in range(n)),
        key_of=tuple(
            tuple(
                ((keys[c % _CODES] + low) << bits | c // _CODES) if c % _CODES < len(keys) else 0
                for c in range(n * _CODES)
            ).__getitem__
            for keys in t.win_keys
        ),
        seat_bits=(1 << bits) - 1,
        field_width=width,
        seat_width=width * _SUITS,
        field_bit=tuple(
            1 << (c // _CODES * _SUITS + max(t.suit[c % _CODES], 0)) * width if c % _CODES < len(t.suit) else 0
            for c in range(n * _CODES)
        ),
        led_bits=tuple(sum(1 << (seat * _SUITS + s) * width for seat in range(n)) for s in range(_SUITS)),
        trick_of=tuple(i // n for i in range(n * t.per_player)),
        guards=sum(1 << (f * width + width - 1) for f in fields),
        lows=sum(1 << f * width for f in fields),
        fields=sum(((1 << width - 1) - 1) << f * width for f in fields),
        field=(1 << width - 1) - 1,
        first_lead=first,
        late_leads=late,
        late_until=max(late),
    )


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


# Compiled once per Tables object (the replay keeps one per spec and player count); a Tables made for one game
# (a log's own sides) compiles its own, and the cache stays small.
_LANES: dict[int, tuple[Tables, CleanLane | None]] = {}


def lane_for(t: Tables) -> CleanLane | None:
    """The clean-hand tables of ``t``; None where the whole-hand check cannot vouch for any hand of it."""
    found = _LANES.get(id(t))
    if found is not None and found[0] is t:
        return found[1]
    if len(_LANES) > 64:
        _LANES.clear()
    lane = _lane(t)
    _LANES[id(t)] = (t, lane)
    return lane
