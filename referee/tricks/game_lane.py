"""The whole-game clean check's tables (:mod:`.clean_game`): a lane's patterns of a hand, and those of a game of
so many hands, compiled once per lane and once per count of hands."""

from __future__ import annotations

from itertools import repeat
from operator import and_, floordiv
from struct import Struct

from .clean_lane import CleanLane
from .tables import NO_PASS, Tables

_from_bytes = int.from_bytes


def usable(t: Tables, lane: CleanLane) -> bool:
    """Whether the whole-game check (:mod:`.clean_game`) can stand in for the hand's own under these rules: the
    hand's first leader named by the dealer, no card of the deal set apart, no pass but the cycle's (a nil bidder's),
    each player a side or partners sitting opposite, and where points are taken, each trick's added in a byte and
    each player's in a byte. Asked once per lane (PerLane.fits)."""
    return (
        (len(t.sides) == t.seats or lane.opposite > 0)
        and not t.nil_pass_hands
        and lane.left_leads
        and lane.deal_folds
        and (t.points is None or (lane.points is not None and lane.seat_shift is not None))
    )


class GameLane:
    """What the whole-game check needs for a game of so many hands under a lane, compiled once per count (a plain
    class: a dataclass costs every run's start some 16k instructions a field to make)."""

    __slots__ = (
        "firsts",
        "guards",
        "hand_of_trick",
        "hand_slices",
        "keeps",
        "late_window",
        "led_next",
        "low_halves",
        "not_first",
        "ones",
        "plays",
        "seat_nums",
        "suits_led",
        "trick_keeps",
        "trick_of_place",
        "trick_pad",
        "tricks",
        "turns",
    )

    def __init__(self, lane: CleanLane, per_lane: PerLane, n: int, per_player: int, hands: int) -> None:
        plays = self.plays = lane.plays * hands
        tricks = self.tricks = per_player * hands
        self.trick_of_place = per_lane.trick_of_place[:plays]  # each place's trick (a byte: at most 255 tricks)
        self.hand_slices = tuple(slice(at, at + lane.plays) for at in range(0, plays, lane.plays))  # each hand's places
        self.trick_pad = bytes(256 - tricks)  # after the tricks, to make a byte a trick a table
        self.hand_of_trick = per_lane.hand_of_trick[:tricks]  # each trick's hand
        self.firsts = _from_bytes(per_lane.firsts * hands, "little")  # each trick's first byte, all bits set
        self.seat_nums = _from_bytes(per_lane.seat_nums * tricks, "little")  # each place's seat
        # per turn of a trick's bytes by 1, 2, 4 ... places: the shift up and the places of a trick it keeps, the
        # shift down and those it keeps
        self.turns = tuple(
            (up, _from_bytes(ahead * tricks, "little"), down, _from_bytes(behind * tricks, "little"))
            for up, ahead, down, behind in per_lane.turns
        )
        # the seat's bits of each trick's last byte but a hand's last
        self.led_next = _from_bytes(per_lane.led_next * hands, "little")
        self.suits_led = _from_bytes(b"\xc0" * plays, "little")  # the bits of the suit led (64 times it) of each place
        self.guards = _from_bytes(b"\x80" * plays, "little")  # the top bit of each place's byte
        self.low_halves = _from_bytes(b"\x0f" * plays, "little")  # the low four bits of each place's byte
        # per smear step, the places it may carry a failure to (not past a hand's end)
        self.keeps = tuple(_from_bytes(keep * hands, "little") for keep in per_lane.keeps)
        self.not_first = _from_bytes(per_lane.not_first * hands, "little")  # each place but a first trick's
        self.ones = _from_bytes(b"\x01" * plays, "little")  # 1 a place
        self.late_window = _from_bytes(per_lane.late_window * hands, "little")  # each trick a later lead is asked at
        # per step of a smear a trick at a time, the tricks it may carry to (not past a hand's end)
        self.trick_keeps = tuple(_from_bytes(keep * hands, "little") for keep in per_lane.trick_keeps)


class PerLane:
    """The whole-game check's tables of a lane: a hand's patterns (a game's are so many of them in turn, or the
    first so many bytes), and tables of a card or a seat."""

    __slots__ = (
        "barred",
        "book_rows",
        "breaking",
        "broken",
        "card",
        "cycle_length",
        "doubling",
        "first",
        "firsts",
        "fits",
        "follow",
        "games",
        "hand_of_trick",
        "keeps",
        "late",
        "late_window",
        "led_next",
        "left",
        "max_shifts",
        "not_first",
        "partner_shift",
        "point_rows",
        "seat_nums",
        "seats",
        "summing",
        "targets",
        "trick_keeps",
        "trick_of_place",
        "trick_shifts",
        "turns",
    )

    def __init__(self, t: Tables, lane: CleanLane) -> None:
        n, per_player, plays = t.seats, t.per_player, lane.plays
        most = 255 // per_player * plays  # the places of the most hands whose tricks a byte counts
        # Where points are taken, the products that add them up over a trick's places or a hand's tricks also add
        # windows straddling two hands (a hand's last trick and the next hand's first); each window's cards are
        # distinct within each hand, so two hands' points below 256 keep every window in its byte, none carrying
        # into a byte that is read (a deck of 213 points, the queen at 200, gave a player a point too many)
        self.fits = usable(t, lane) and (t.points is None or (lane.points is not None and sum(lane.points) < 128))
        # and a trick's winner is the one place holding its highest claim where the card led has a claim
        self.fits = self.fits and all(lane.rank[lane.led_offset[card] + card] for card in lane.deck_cards)
        if not self.fits:  # (nothing else is asked of it)
            return
        # (made by maps of C functions, not generators: these are made at the start of every run that checks a game)
        self.trick_of_place = bytes(map(floordiv, range(most), repeat(n)))
        self.hand_of_trick = bytes(map(floordiv, range(most // n), repeat(per_player)))
        self.firsts = (b"\xff" + bytes(n - 1)) * per_player
        self.seat_nums = bytes(range(n))
        # a trick's bytes turned by ``m`` places (1, 2, 4 ... below n), each byte to the place ``m`` on, the last
        # ``m`` to the first: shifted up by ``m`` bytes, the places from ``m`` on kept; shifted down by ``n - m``, the
        # first ``m`` kept
        self.turns = tuple(
            (8 * m, bytes(m) + b"\xff" * (n - m), 8 * (n - m), b"\xff" * m + bytes(n - m))
            for m in (1 << k for k in range((n - 1).bit_length()))
        )
        self.card = bytes(b & 63 for b in range(256))  # a claim's byte (a card plus 64 times the suit led): the card
        self.led_next = (bytes(n - 1) + b"\x3f") * (per_player - 1) + bytes(n)
        self.max_shifts = max_shifts(n)
        self.keeps = tuple(
            bytes(n * (shift // (8 * n))) + b"\xff" * (plays - n * (shift // (8 * n))) for shift in lane.smear
        )
        self.not_first = bytes(n) + b"\xff" * (plays - n)
        self.doubling, self.summing = hand_sums(n, per_player)
        # and each side's books at these places: each player's; or, partners sitting opposite, a seat's and its
        # partner's (``half`` seats after it) added, in the earlier partner's place (side s at seat s)
        half = lane.opposite
        self.partner_shift = 8 * half
        # (each hand's row of them, a struct's: its first trick's first bytes, the rest of the hand's skipped)
        books = half or n
        self.book_rows = Struct(f"{books}B{plays - books}x").iter_unpack
        self.point_rows = Struct(f"{n}B{plays - n}x").iter_unpack  # each player's points, where they are taken
        # A hand's tricks, a byte each: those whose lead a rule may object to after the first trick (before
        # late_until); and per step of a smear (1, 2, 4 ... tricks on), the tricks it may carry to in the hand
        until = min(lane.late_until, per_player)
        self.late_window = bytes(1) + b"\x01" * (until - 1) + bytes(per_player - max(until, 1))
        steps = [1 << k for k in range((per_player - 1).bit_length())]
        self.trick_keeps = tuple(bytes(step) + b"\xff" * (per_player - step) for step in steps)
        # a trick with a card that breaks the suit a later lead is held to (1 where one is): a lead of it after the
        # trick that broke it is allowed, where no rule holds it back to a later trick (None: asked of each hand)
        self.breaking = lane.breaking if lane.breaking is not None and t.held_until_trick <= 2 else None
        self.broken = b"\0" + b"\x01" * 255  # a count above 0 to 1
        self.trick_shifts = tuple(8 << k for k in range(len(self.trick_keeps)))
        # The suit bit of each card, all four for the card to discard at the first opportunity (a failure to follow
        # before it is then found as one before any card of the suit it failed); each seat's next seat (the first
        # leader, from the dealer); the seats; and 1 for a card whose lead to the first trick, lead to a later
        # trick, or play to the first trick a rule may object to (such a hand is left to the hand's own check).
        suit_bit = bytearray(lane.suit_bit)
        if t.discard_card >= 0:
            suit_bit[t.discard_card] = 0x0F
        # per card plus 64 times the suit led, the bit of the suit led where the card is not of it (low half of
        # the byte) and the card's suit bits (high half)
        self.follow = bytes(lane.failed_bit[b] | suit_bit[b & 63] << 4 for b in range(256))
        self.left = bytes(range(1, n)) + b"\0" + b"\xff" * (256 - n)
        self.seats = bytes(range(n))
        self.first = _ones(lane.first_leads)
        self.late = _ones(lane.late_cards)
        self.barred = _ones(bytes(card for card in range(64) if t.first_trick_barred >> card & 1))
        # Per hand of the pass cycle, who holds each place of the deal and the pass once all have passed (None: no
        # pass), the cycle repeated so that a run of hands from any place of it is a slice (see clean_game)
        cycle = tuple(None if offset is NO_PASS else lane.held_after_pass[offset] for offset in t.pass_cycle)
        self.cycle_length = len(cycle or (None,))
        self.targets = (cycle or (None,)) * (255 // per_player // self.cycle_length + 2)
        self.games: dict[int, GameLane] = {}  # by count of hands

    def game(self, t: Tables, lane: CleanLane, hands: int) -> GameLane:
        found = self.games.get(hands)
        if found is None:
            most = 255 // t.per_player
            top = self.games.get(most)
            if top is None:
                top = self.games[most] = GameLane(lane, self, t.seats, t.per_player, most)
            found = self.games[hands] = top if hands == most else _fewer(top, lane.plays, t.per_player, hands)
        return found


def max_shifts(n: int) -> tuple[int, ...]:
    """The shifts (in bits) that widen a span of places holding their highest claim, 1 place to 2, 2 to 4 ... (the
    last step no longer than the rest of the trick), until it covers a trick of ``n`` places
    (:func:`.clean_game._winners`)."""
    shifts, span = [], 1
    while span < n:
        step = min(span, n - span)
        shifts.append(8 * step)
        span += step
    return tuple(shifts)


def hand_sums(n: int, per_player: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """How :func:`.clean_game._by_hand` sums each hand's tricks (``n`` bytes each), ``per_player`` of them: the
    shifts (in bits) doubling a sum's span of tricks, 1 to 2, 2 to 4 ... up to the largest power of two in the
    count; and per lower set bit of the count, the span of that many tricks (its index among the doublings), added
    as many tricks on as the spans before it cover (13: 8, then 4 eight tricks on, then 1 twelve on)."""
    trick = 8 * n
    top = per_player.bit_length() - 1
    summing, covered = [], 1 << top
    for k in range(top - 1, -1, -1):
        if per_player >> k & 1:
            summing.append((k, trick * covered))
            covered += 1 << k
    return tuple(trick << k for k in range(top)), tuple(summing)


def _fewer(top: GameLane, size: int, per_player: int, hands: int) -> GameLane:
    """The game lane of fewer hands than ``top``'s: each of its patterns cut short (made anew, int.from_bytes
    reads a byte at a time: some 140k instructions a count of hands, where this costs a tenth of it)."""
    g = object.__new__(GameLane)
    plays = g.plays = size * hands
    tricks = g.tricks = per_player * hands
    low = (1 << 8 * plays) - 1  # the places of so many hands
    low_tricks = (1 << 8 * tricks) - 1  # their tricks
    g.trick_of_place = top.trick_of_place[:plays]
    g.hand_slices = top.hand_slices[:hands]
    g.trick_pad = bytes(256 - tricks)
    g.hand_of_trick = top.hand_of_trick[:tricks]
    g.firsts = top.firsts & low
    g.seat_nums = top.seat_nums & low
    g.turns = tuple((up, ahead & low, down, behind & low) for up, ahead, down, behind in top.turns)
    g.led_next = top.led_next & low
    g.suits_led = top.suits_led & low
    g.guards = top.guards & low
    g.low_halves = top.low_halves & low
    g.keeps = tuple(map(and_, top.keeps, repeat(low)))
    g.not_first = top.not_first & low
    g.ones = top.ones & low
    g.late_window = top.late_window & low_tricks
    g.trick_keeps = tuple(map(and_, top.trick_keeps, repeat(low_tricks)))
    return g


def _ones(cards: bytes) -> bytes:
    """A table for bytes.translate: these bytes to 1, any other to 0."""
    table = bytearray(256)
    for card in cards:
        table[card] = 1
    return bytes(table)


# Compiled once per lane (held, so that its id is never taken for another's), each count of hands on first use;
# bounded. (A dict by the lane's id: hashing a lane, a dataclass of some forty fields, costs more than a look-up.)
_PER_LANE: dict[int, tuple[CleanLane, PerLane]] = {}


def per_lane(t: Tables, lane: CleanLane) -> PerLane:
    found = _PER_LANE.get(id(lane))
    if found is None or found[0] is not lane:
        if len(_PER_LANE) > 64:
            _PER_LANE.clear()
        found = _PER_LANE[id(lane)] = (lane, PerLane(t, lane))
    return found[1]
