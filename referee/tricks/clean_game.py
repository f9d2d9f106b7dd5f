"""A clean game: the clean-hand check (:mod:`.clean_hand`) run over all of a game's hands at once.

``clean_play`` turns a hand into bytes and asks each rule of play a few built-in operations on them: some eighty
C calls a hand, each costing more to set out than the 52 bytes it reads. Nearly every hand of an archive is
regular, and the one-pass reader has every hand's bytes before the audit's loop starts; so here the hands are
put end to end, and the rules whose operations do not care where a hand ends (who won each trick, following
suit, the card to discard at the first opportunity, the points each trick holds) are asked once of the whole
game, with masks where a hand's end matters (a failure to follow is carried on to the same player's later
tricks of the same hand only). What is made a hand at a time stays so: the cards put in seat order (a table of
a hand's 52 places: a place of the game would not fit a byte), the deal and the pass (each hand's own cards).

It answers, for each hand, exactly what :func:`.replay_play.dealt_and_played` answers given the hand's
recorded dealer and the pass of the hand's place in the game (the caller uses it only where they are the
hand's: no misdeal before it, the dealer as recorded): the books and the points taken where that check
vouches for the hand, None where a lead a rule may object to sends it to that check (which asks the rule).
Anything else it cannot vouch for (a hand in another form, an irregular one anywhere in the game) makes it
answer None for the game, and every hand is checked alone, as before, which finds and reports what is wrong.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, floordiv

from .clean_lane import GAP, CleanLane
from .log import Hand
from .passing import passed_bytes
from .tables import NO_PASS, Tables

# What a hand's clean play comes to, as the points lane reads it: each side's books and each player's points.
HandAnswer = tuple[tuple[int, ...], tuple[int, ...]]

_from_bytes = int.from_bytes
_maketrans = bytes.maketrans
_index = bytes.index
_dealer = attrgetter("dealer")
_play = attrgetter("play_bytes")
# a seat-in-place byte (see GameLane.seat_hi) or'ed with the winner's seat: 0xFF where they are the same seat
_SAME_SEAT = bytes(0xFF if b < 64 and b & 7 == b >> 3 else 0 for b in range(256))


class GameLane:
    """What the whole-game check needs for a game of so many hands under a lane, compiled once per count (a plain
    class: a dataclass costs every run's start some 16k instructions a field to make)."""

    __slots__ = (
        "firsts",
        "guards",
        "hand_of_trick",
        "hand_pad",
        "keeps",
        "last",
        "not_first",
        "not_last",
        "ones",
        "plays",
        "seat_hi",
        "stride_bases",
        "trick_of_place",
        "trick_pad",
        "tricks",
    )

    def __init__(self, lane: CleanLane, per_lane: _PerLane, n: int, per_player: int, hands: int) -> None:
        plays = self.plays = lane.plays * hands
        tricks = self.tricks = per_player * hands
        self.stride_bases = _from_bytes(per_lane.stride * hands, "little")  # CleanLane.stride_bases, hand by hand
        self.trick_of_place = per_lane.trick_of_place[:plays]  # each place's trick (a byte: at most 255 tricks)
        self.trick_pad = bytes(256 - tricks)  # after the tricks, to make a byte a trick a table
        self.hand_of_trick = per_lane.hand_of_trick[:tricks]  # each trick's hand
        self.hand_pad = bytes(256 - hands)
        self.firsts = _from_bytes(per_lane.firsts * hands, "little")  # each trick's first byte, all bits set
        self.seat_hi = _from_bytes(per_lane.seat_hi * tricks, "little")  # each place's seat, times 8
        self.guards = _from_bytes(b"\x80" * plays, "little")  # the top bit of each place's byte
        self.not_last = _from_bytes(per_lane.not_last * hands, "little")  # each trick but a hand's last
        self.last = _from_bytes(per_lane.last * hands, "little")  # each hand's last trick
        # per smear step, the places it may carry a failure to (not past a hand's end)
        self.keeps = tuple(_from_bytes(keep * hands, "little") for keep in per_lane.keeps)
        self.not_first = _from_bytes(per_lane.not_first * hands, "little")  # each place but a first trick's
        self.ones = _from_bytes(b"\x01" * plays, "little")  # 1 a place


class _PerLane:
    """The whole-game check's tables of a lane: a hand's patterns (a game's are so many of them in turn, or the
    first so many bytes), and tables of a card or a seat."""

    __slots__ = (
        "barred",
        "by_hand",
        "first",
        "firsts",
        "games",
        "hand_of_trick",
        "keeps",
        "last",
        "late",
        "left",
        "not_first",
        "not_last",
        "seat_hi",
        "seats",
        "stride",
        "suit_bit",
        "trick_of_place",
    )

    def __init__(self, t: Tables, lane: CleanLane) -> None:
        n, per_player, plays = t.seats, t.per_player, lane.plays
        most = 255 // per_player * plays  # the places of the most hands whose tricks a byte counts
        self.stride = lane.stride_bases.to_bytes(plays, "little")
        # (made by maps of C functions, not generators: these are made at the start of every run that checks a game)
        self.trick_of_place = bytes(map(floordiv, range(most), repeat(n)))
        self.hand_of_trick = bytes(map(floordiv, range(most // n), repeat(per_player)))
        self.firsts = (b"\xff" + bytes(n - 1)) * per_player
        self.seat_hi = bytes(range(0, 8 * n, 8))
        self.not_last = b"\xff" * (per_player - 1) + b"\0"
        self.last = bytes(per_player - 1) + b"\xff"
        self.keeps = tuple(
            bytes(n * (shift // (8 * n))) + b"\xff" * (plays - n * (shift // (8 * n))) for shift in lane.smear
        )
        self.not_first = bytes(n) + b"\xff" * (plays - n)
        # a byte a place times this: each hand's sums, a byte a seat, in its last trick's places
        self.by_hand = _from_bytes((b"\x01" + bytes(n - 1)) * per_player, "little")
        # The suit bit of each card, all four for the card to discard at the first opportunity (a failure to follow
        # before it is then found as one before any card of the suit it failed); each seat's next seat (the first
        # leader, from the dealer); the seats; and 1 for a card whose lead to the first trick, lead to a later
        # trick, or play to the first trick a rule may object to (such a hand is left to the hand's own check).
        suit_bit = bytearray(lane.suit_bit)
        if t.discard_card >= 0:
            suit_bit[t.discard_card] = 0x0F
        self.suit_bit = bytes(suit_bit)
        self.left = bytes(range(1, n)) + b"\0" + b"\xff" * (256 - n)
        self.seats = bytes(range(n))
        self.first = _ones(lane.first_leads)
        self.late = _ones(lane.late_cards)
        self.barred = _ones(bytes(card for card in range(64) if t.first_trick_barred >> card & 1))
        self.games: dict[int, GameLane] = {}  # by count of hands

    def game(self, t: Tables, lane: CleanLane, hands: int) -> GameLane:
        found = self.games.get(hands)
        if found is None:
            found = self.games[hands] = GameLane(lane, self, t.seats, t.per_player, hands)
        return found


def usable(t: Tables, lane: CleanLane) -> bool:
    """Whether the whole-game check can stand in for the hand's own under these rules: the hand's first leader
    named by the dealer, a trick's place in a byte (place_of), points added a trick at a time, each player's in
    a byte, no card of the deal set apart, each player a side, and no pass but the cycle's (a nil bidder's)."""
    return (
        len(t.sides) == t.seats
        and not t.nil_pass_hands
        and lane.left_leads
        and lane.deal_folds
        and lane.place_of is not None
        and lane.points is not None
        and lane.seat_shift is not None
        and t.points is not None
    )


def _ones(cards: bytes) -> bytes:
    """A table for bytes.translate: these bytes to 1, any other to 0."""
    table = bytearray(256)
    for card in cards:
        table[card] = 1
    return bytes(table)


# Compiled once per lane (held, so that its id is never taken for another's), each count of hands on first use;
# bounded. (A dict by the lane's id: hashing a lane, a dataclass of some forty fields, costs more than a look-up.)
_PER_LANE: dict[int, tuple[CleanLane, _PerLane]] = {}


def _per_lane(t: Tables, lane: CleanLane) -> _PerLane:
    found = _PER_LANE.get(id(lane))
    if found is None or found[0] is not lane:
        if len(_PER_LANE) > 64:
            _PER_LANE.clear()
        found = _PER_LANE[id(lane)] = (lane, _PerLane(t, lane))
    return found[1]


def clean_hands(t: Tables, lane: CleanLane, hands: tuple[Hand, ...]) -> list[HandAnswer | None] | None:
    """Each hand's books and points where :func:`.replay_play.dealt_and_played` would vouch for it (given the
    hand's recorded dealer and the pass of its place in the game), None for a hand it would be asked of; None for
    the whole game where any hand is not certainly regular (or this check cannot say: see the module)."""
    n = t.seats
    per_player = t.per_player
    size = lane.plays
    count = len(hands)
    if not count or count * per_player > 255 or not usable(t, lane):
        return None
    plays = [*map(_play, hands)]
    if None in plays:  # a hand whose play the one-pass reader did not read
        return None
    # (each a pair; not strict=True: zip parses a keyword through the slow generic path, more than the rest of it)
    ins, leads = zip(*plays)  # noqa: B905
    try:
        firsts = bytes(map(_dealer, hands))
    except (TypeError, ValueError):  # a hand with no dealer recorded
        return None
    if {*map(len, ins)} != {size} or {*map(len, leads)} != {per_player}:
        return None
    tables = _per_lane(t, lane)
    in_play = b"".join(ins)
    leaders = b"".join(leads)
    # each trick's leader a seat, and each hand's first left of its dealer
    if leaders[::per_player] != firsts.translate(tables.left) or leaders.translate(None, tables.seats):
        return None
    g = tables.game(t, lane, count)
    # each play's place in its hand in seat order, for every hand at once (as clean_play finds it)
    turns = _from_bytes(g.trick_of_place.translate(leaders.translate(lane.leader_times) + g.trick_pad), "little")
    places = (turns + g.stride_bases).to_bytes(g.plays, "little").translate(lane.place_of)
    # A hand at a time: its cards in seat order; each card once, all of the deck; the deal and the pass as
    # passing.passed_bytes and clean_play check them, and who held each card played once all had passed
    cycle = t.pass_cycle
    seat_of_dealt = lane.seat_of_dealt
    seated = []
    held = []
    deck_cards, left_over = lane.deck_cards, lane.deck_size - size
    start = 0
    for number, hand in enumerate(hands):
        cards = _maketrans(places[start : start + size], in_play[start : start + size])[:size]
        start += size
        # the deal's and the pass's bytes, where the reader gave them: the same bytes (see Hand), the tuples then
        # made on first use (asked for here only where it gave none). They hold a holding a player: n, as the replay
        # refuses a log of another number of players before any hand (Replay.__init__).
        dealt = hand.deal_bytes
        if dealt is None:
            deal = hand.deal
            if deal is None or len(deal) != n:
                return None
            dealt = GAP.join(map(bytes, deal))
        if hand.leftover is not None:
            return None
        if len(dealt) != len(seat_of_dealt) or len(deck_cards.translate(None, cards)) != left_over:
            return None
        offset = cycle[number % len(cycle)] if cycle else NO_PASS
        passed = hand.pass_bytes
        if offset is NO_PASS:
            if passed is not None or hand.passes:
                return None
            table = _maketrans(dealt, seat_of_dealt)
        else:
            passed = passed_bytes(t, lane, hand.passes if passed is None else None, dealt, passed)
            if passed is None:
                return None
            table = _maketrans(dealt + passed, lane.held_after_pass[offset])
        seated.append(cards)
        held.append(cards.translate(table))
    cards = b"".join(seated)
    if b"".join(held) != lane.seat_of_place * count:
        return None
    # The winners: each card's claim, the suit led added (a trick's first play in play order, its offset spread
    # to the trick's bytes by a product: one byte a trick, no carry)
    led_at = (_from_bytes(in_play.translate(lane.led_offset), "little") & g.firsts) * lane.spread
    with_led = (_from_bytes(cards, "little") | led_at).to_bytes(g.plays, "little")
    claims = with_led.translate(lane.rank)
    # the last trick of each hand won by its highest claim; every other by the next trick's leader
    lasts = [claims[at : at + n] for at in range(size - n, g.plays, size)]
    last_won = bytes(map(_index, lasts, map(max, lasts)))
    won_at = _from_bytes(g.hand_of_trick.translate(last_won + g.hand_pad), "little") & g.last
    won = (_from_bytes(leaders, "little") >> 8 & g.not_last | won_at).to_bytes(g.tricks, "little")
    # the winner's own card in each trick: its place's seat is the winner's; its claim, summed over the trick (the
    # others masked out), spread to each place of the trick and held above every claim there (guard bits)
    winners_at = _from_bytes(g.trick_of_place.translate(won + g.trick_pad), "little") | g.seat_hi
    mask = _from_bytes(winners_at.to_bytes(g.plays, "little").translate(_SAME_SEAT), "little")
    of_claims = _from_bytes(claims, "little")
    best_each = ((of_claims & mask) * lane.spread).to_bytes(g.plays + n, "little")[n - 1 : g.plays : n]
    best = _from_bytes(g.trick_of_place.translate(best_each + g.trick_pad), "little")
    guards = g.guards
    if (best | guards) - of_claims & guards != guards:
        return None
    if t.must_follow:
        # a failure to follow carried to the same player's later tricks of the hand: met by a card of that suit,
        # or by the card to discard at the first opportunity (all four suits' bits)
        later = _from_bytes(with_led.translate(lane.failed_bit), "little")
        for shift, keep in zip(lane.smear, g.keeps, strict=True):
            later |= later << shift & keep
        if later << 8 * n & g.not_first & _from_bytes(cards.translate(tables.suit_bit), "little"):
            return None
    # The points each player took and each side's tricks, for every hand at once: each trick's points (the sum
    # of its bytes lands in its last), spread over its places and kept at its winner's (the mask above), and the
    # tricks won (a 1 there); each summed over its hand's tricks by a product, a byte a seat, into its last trick
    points_each = (_from_bytes(cards.translate(lane.points), "little") * lane.spread).to_bytes(g.plays + n, "little")
    points_at = _from_bytes(g.trick_of_place.translate(points_each[n - 1 : g.plays : n] + g.trick_pad), "little")
    by_hand, tail = tables.by_hand, g.plays + size
    taken = ((points_at & mask) * by_hand).to_bytes(tail, "little")
    won_by = ((g.ones & mask) * by_hand).to_bytes(tail, "little")
    seats = range(size - n, size)
    books = zip(*(won_by[at : g.plays : size] for at in seats))  # noqa: B905 - as many hands each
    answers: list[HandAnswer | None] = [*zip(books, zip(*(taken[at : g.plays : size] for at in seats)))]  # noqa: B905
    # A lead (or a first trick's play) a rule may object to: that hand is left to clean_play, which asks the rule
    suspect = _from_bytes(in_play[::size].translate(tables.first), "little")
    for trick in range(1, min(lane.late_until, per_player)):
        suspect |= _from_bytes(in_play[trick * n :: size].translate(tables.late), "little")
    if t.first_trick_barred:
        for turn in range(1, n):
            suspect |= _from_bytes(in_play[turn::size].translate(tables.barred), "little")
    if suspect:
        for number, flag in enumerate(suspect.to_bytes(count, "little")):
            if flag:
                answers[number] = None
    return answers
