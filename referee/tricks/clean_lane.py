"""The tables the clean-hand check (:mod:`.clean_hand`) reads, compiled once per spec and player count.

The check turns a hand's play into bytes, a byte a card, each trick turned so that its cards stand in seat
order (the card of seat ``s`` in trick ``k`` at byte ``k * seats + s``): each player's cards are then every
``seats``-th byte, and the whole hand is mapped by ``bytes.translate`` through 256-byte tables (the cards'
suits, their claims to win a trick) and compared as one integer, rather than card by card. In Python a call
costs far more than the bytes it works on, so the tables are built for few calls a hand.
"""

# Annotations evaluated as the classes are made, not kept as text (no `from __future__ import annotations`):
# dataclasses looks each text annotation up (ClassVar? InitVar? KW_ONLY?) as it makes the class, ~16k
# instructions a field of every start for this module's 43 fields (tests/test_startup.py).
from dataclasses import dataclass

from . import play
from .cards import CARD_COUNT, COPY
from .tables import Tables

_SUITS = 4
_LED = 64  # a card's byte plus this times the suit led: its claim to win a trick led in that suit
HELD = 0x80  # a card's player as a byte: this plus the seat (above every card's byte)
GAP = b"\xff"  # between one seat's cards and the next's in a deal's or a pass's bytes (no card's byte, nor a seat's)


@dataclass(frozen=True, slots=True)
class CleanLane:
    """What a whole-hand check needs of a spec, compiled once."""

    plays: int  # the cards of a whole hand's play
    turns: frozenset[tuple[int, ...]]  # the seats of a trick in turn from each leader
    # The hand's cards from play order to seat order: each play's place in seat order is its trick's first place
    # (``trick_bases``, a byte a play, as an integer) plus its seat (``turn_seats``, per leader: the seats in turn,
    # a byte each). Where a byte holds it (seats * seats * tricks <= 256), each play's byte is made instead from
    # its trick, its leader and its turn in the trick, ``stride`` * trick + seats * leader + turn, put together
    # from the leaders' (``leader_times``, in each place of their tricks) and ``stride_bases``, and ``place_of`` maps
    # it to the place.
    turn_seats: tuple[bytes, ...]
    trick_bases: int
    leader_times: bytes
    stride_bases: int
    place_of: bytes | None
    seats: range
    left_leads: bool  # the player left of the dealer leads first (else the holder of an opening card)
    # Who played each card: each place of the hand's bytes, the byte of its seat; the cards from the deck's highest
    # down to 0 in turn, each its own byte (mapped to its player's: no more digits than the deck needs); per seat, a
    # table from its own byte to the digit 1 (any other: 0).
    seat_of_place: bytes
    seat_of_dealt: bytes  # each place of a deal's bytes (each seat's cards in turn, GAP between), its seat's byte
    deal_folds: bool  # whether a hand's deal (and pass) may be checked by its play alone (see clean_hand.clean_play)
    # A regular pass as bytes (passing.passed_bytes): each seat in turn passes pass_cards cards, one passer's cards
    # apart from the next's by GAP; per place, the byte of its passer (``passers``) and, per pass offset, of who
    # holds it once all have passed, after seat_of_dealt (``held_after_pass``); the cards of the deck less a pass.
    seats_in_turn: tuple[int, ...]
    passers: bytes
    held_after_pass: tuple[bytes, ...]
    kept_in_pass: int
    all_cards: bytes
    seat_digits: tuple[bytes, ...]
    deck_cards: bytes  # the cards of the deck
    deck_size: int  # how many
    spread: int  # a trick's bytes times this: their sum in its last place
    trick_of_place: bytes  # each place's trick: a byte a trick, made a table, translates it to a byte a place
    trick_pad: bytes  # the bytes after a hand's tricks, to make a byte a trick a table for bytes.translate
    trick_starts: int  # the place of each trick's first byte, a byte a trick
    pad: bytes  # the bytes after a hand's places, to make a hand's bytes a table for bytes.translate
    led_offset: bytes  # per card led, _LED times its suit
    rank: bytes  # per card plus _LED times the suit led: its claim to win, 1 and up; 0 for no claim
    guards: int  # the top bit of each byte of the hand
    suit_bit: bytes  # per card, the bit of its suit
    failed_bit: bytes  # per card plus _LED times the suit led: the bit of the suit led where the card is not of it
    smear: tuple[int, ...]  # shifts spreading a bit to each later trick of the same seat
    earlier: tuple[int, ...]  # per place, the bytes of the same seat's earlier tricks (all bits set), as an integer
    side_of: bytes | None  # per seat, its side (None: partners sit opposite, or each player is a side)
    sides: range
    opposite: int  # partners sit opposite: the seats between partners (0: not so)
    points: bytes | None  # per card, its points as a byte, where any trick's points add up within one
    seat_shift: bytes | None  # per seat, 8 times it, where every card's points together fit in a byte (else None)
    first_leads: bytes  # the cards whose lead to the first trick a rule may object to
    first_barred: bytes  # the cards barred from the first trick (only a follower who played one is looked into)
    late_leads: tuple[int, ...]  # per suit, the trick index from which a later lead of it is always allowed
    late_until: int  # the largest of these
    late_cards: bytes  # the cards whose lead after the first trick a rule may object to (before late_until)
    breaking: bytes | None  # per card, 1 if a trick with it breaks trumps (or the suit held back); None: who won


def _lane(t: Tables) -> CleanLane | None:
    n = t.seats
    cards = [c for c in range(CARD_COUNT) if t.deck >> c & 1]
    if (
        t.must_beat
        or t.deck >> COPY
        or not 2 <= n < 8
        or not 2 <= t.per_player <= 255 // n  # (a trick a byte: each trick's first place, below 256)
        or any(not 0 <= t.suit[c] < _SUITS for c in cards)
        or ((t.discard_card >= 0 or t.first_trick_barred) and not t.must_follow)
    ):
        # must beat, a double deck, a card of no suit, a duty to discard where no one need follow suit (the
        # check reads "did not follow" as "held none"): left to the card-by-card replay
        return None
    # per led suit, the claims to win in order (a card with none: the least key); each card's own, so that the
    # highest claim in a trick names one card, as the replay's first of the highest does
    claims = [sorted(keys[c] for c in cards if keys[c] > min(keys)) for keys in t.win_keys]
    if max(map(len, claims)) > 127 or any(len(set(claim)) < len(claim) for claim in claims):
        return None
    rank = bytearray(256)
    for led, keys in enumerate(t.win_keys):
        for c in cards:
            if keys[c] in claims[led]:
                rank[led * _LED + c] = 1 + claims[led].index(keys[c])
    plays = n * t.per_player
    first, late = play.lead_rules(t)
    breaking = play.breaking_cards(t)
    half = n // 2
    fits = n * n * t.per_player <= 256  # a trick, its leader and a turn in it, as a byte (see place_of)
    # The deal (and a pass) is checked by the play alone where a deal of every seat's count leaves out no more cards
    # than the rules allow, and nothing after the play reads the holdings as bitmasks: the cards left over from the
    # deal going with their points to the first trick's winner are found from them. (Rules of play that read a
    # player's holding, rarely asked, have it made from who played each card: see clean_hand.clean_play.)
    widow_points = t.points is not None and t.widow_to_winner and t.out_of_play > 0
    deal_folds = len(cards) - plays <= t.out_of_play and not widow_points
    dealt = _seat_bytes(n, t.per_player, 0)
    opposite = t.sides == tuple(tuple(range(first, n, half)) for first in range(half)) and n % 2 == 0
    return CleanLane(
        plays=plays,
        turns=frozenset(t.clockwise),
        turn_seats=tuple(map(bytes, t.clockwise)),
        trick_bases=int.from_bytes(bytes(p - p % n for p in range(plays)), "little"),
        leader_times=_table({seat: seat * n for seat in range(n)}),
        stride_bases=int.from_bytes(bytes(n * n * (p // n) + p % n for p in range(plays)), "little") if fits else 0,
        place_of=_place_of(n, t.per_player) if fits else None,
        seats=range(n),
        left_leads=t.first_leader != "holder_of_card",
        seat_of_place=bytes(HELD + p % n for p in range(plays)),
        seat_of_dealt=dealt,
        deal_folds=deal_folds,
        seats_in_turn=tuple(range(n)),
        passers=_seat_bytes(n, t.pass_cards, 0),
        held_after_pass=tuple(dealt + _seat_bytes(n, t.pass_cards, offset) for offset in range(n)),
        kept_in_pass=max(cards) + 1 - t.pass_cards * n,
        all_cards=bytes(range(max(cards), -1, -1)),
        seat_digits=tuple(bytes(b"01"[b == HELD + seat] for b in range(256)) for seat in range(n)),
        deck_cards=bytes(cards),
        deck_size=len(cards),
        spread=sum(1 << 8 * k for k in range(n)),
        trick_of_place=bytes(p // n for p in range(plays)),
        trick_pad=bytes(256 - t.per_player),
        trick_starts=int.from_bytes(bytes(range(0, plays, n)), "little"),
        pad=bytes(256 - plays),
        led_offset=_table({c: _LED * t.suit[c] for c in cards}),
        rank=bytes(rank),
        guards=int.from_bytes(b"\x80" * plays, "little"),
        suit_bit=_table({c: 1 << t.suit[c] for c in cards}),
        failed_bit=_table({led * _LED + c: 1 << led for led in range(_SUITS) for c in cards if t.suit[c] != led}),
        smear=tuple(8 * n << k for k in range((t.per_player - 1).bit_length())),
        earlier=tuple(sum(0xFF << 8 * q for q in range(p % n, p, n)) for p in range(plays)),
        side_of=None if opposite or len(t.sides) == n else _table(dict(enumerate(t.side_of))),
        sides=range(len(t.sides)),
        opposite=half if opposite else 0,
        points=_points(t, cards),
        seat_shift=_table({seat: 8 * seat for seat in range(n)}) if _points_fit(t, cards) else None,
        first_leads=bytes(c for c in cards if first[t.suit[c]]),
        first_barred=bytes(c for c in cards if t.first_trick_barred >> c & 1),
        late_leads=late,
        late_until=max(late),
        late_cards=bytes(c for c in cards if late[t.suit[c]] > 1),
        breaking=None if breaking is None else _table({c: 1 for c in cards if breaking >> c & 1}),
    )


def _seat_bytes(n: int, count: int, offset: int) -> bytes:
    """Per place of a deal's or a regular pass's bytes (``count`` cards of each seat in turn, GAP between), the
    byte of the seat ``offset`` seats from it; GAP at each gap (as a card's seat, never read: no card is that
    byte)."""
    return GAP.join(bytes((HELD + (seat + offset) % n,)) * count for seat in range(n))


def _place_of(n: int, tricks: int) -> bytes:
    """Per byte ``n * n * trick + n * leader + turn``, the place in seat order of the card played at that turn of
    that trick."""
    stride = n * n
    return _table(
        {
            stride * k + n * lead + turn: k * n + (lead + turn) % n
            for k in range(tricks)
            for lead in range(n)
            for turn in range(n)
        }
    )


def _table(values: dict[int, int]) -> bytes:
    """A table for bytes.translate: these bytes to these values, any other to 0."""
    return bytes(values.get(b, 0) for b in range(256))


def _points(t: Tables, cards: list[int]) -> bytes | None:
    """Each card's points as a byte, where the points of any trick's cards (and of any run of as many cards)
    stay below 256, so that a trick's points add up in one byte; None otherwise (the points added trick by trick)."""
    if t.points is None:
        return None
    values = [t.points.values[c] for c in cards]
    if min(values) < 0 or sum(sorted(values)[-t.seats :]) > 255:
        return None
    return _table(dict(zip(cards, values, strict=True)))


def _points_fit(t: Tables, cards: list[int]) -> bool:
    """Whether every card's points are a byte's, and all of them together too: so each player's points in a hand
    fit in a byte (the check adds them up each in its own byte of one integer)."""
    if t.points is None:
        return False
    values = [t.points.values[c] for c in cards]
    return min(values) >= 0 and sum(values) <= 255


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
