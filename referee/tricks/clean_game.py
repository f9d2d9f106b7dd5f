"""A clean game: the clean-hand check (:mod:`.clean_hand`) run over all of a game's hands at once.

``clean_play`` turns a hand into bytes and asks each rule of play a few built-in operations on them: some eighty C
calls a hand, each costing more to set out than the 52 bytes it reads. Nearly every hand of an archive is regular,
and the one-pass reader has every hand's bytes before the audit's loop starts; so here the hands are put end to end,
and the rules whose operations do not care where a hand ends (who won each trick, following suit, the card to
discard at the first opportunity, the points each trick holds) are asked once of the whole game, with masks where a
hand's end matters (a failure to follow is carried on to the same player's later tricks of the same hand only).
Every such step is a few operations on the game's bytes as one integer, none a trick or a hand at a time: each
trick's winner is the one place holding its highest claim (the larger of two bytes found for all bytes at once, by
guard bits), and each hand's sums over its tricks are spans of tricks doubled and added (8 + 4 + 1 for 13), not a
product by a number of 13 terms, which costs as much as the rest. The cards are put in seat order for every trick at
once too: each trick's bytes turned by its leader's seat, a shift each way for each bit of the seat (1, 2 ...
places), where clean_play's table of a hand's places is made a hand at a time (a place of the game would not fit a
byte). What is made a hand at a time stays so: the deal and the pass (each hand's own cards). (Each of those steps
mapped over the hands by C functions costs more than the loop: a map of several iterables makes a tuple for each
call.) A trick's index is a byte: a game of more hands than 255 tricks hold is checked a run of as many hands at a
time.

It answers, for each hand, exactly what :func:`.replay_play.dealt_and_played` answers given the hand's
recorded dealer and the pass of the hand's place in the game (the caller uses it only where they are the
hand's: no misdeal before it, the dealer as recorded): each side's books (a player's, or two partners' sitting
opposite) and each player's points taken where that check vouches for the hand, None where a lead a rule may
object to sends it to that check (which asks the rule). A later lead of a suit held back until broken (Spades:
a spade led before spades are broken) is such a lead only where no card breaking it was played to an earlier
trick of the hand: the tricks with a breaking card are found for the whole game at once and carried on to the
hand's later tricks, so that a lead after them is vouched for here. Anything else it cannot vouch for (a hand in
another form, an irregular one anywhere in the game) makes it answer None for the game, and every hand is
checked alone, as before, which finds and reports what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import attrgetter

from .clean_lane import GAP, CleanLane
from .game_lane import per_lane
from .log import Hand
from .passing import passed_bytes
from .tables import Tables

# What a hand's clean play comes to, as the points lane reads it: each side's books and each player's points.
HandAnswer = tuple[tuple[int, ...], tuple[int, ...]]

_from_bytes = int.from_bytes
_maketrans = bytes.maketrans
_index = bytes.index
_dealer = attrgetter("dealer")
_play = attrgetter("play_bytes")
_events = attrgetter("events")


def _by_hand(bytes_: int, doubling: tuple[int, ...], summing: tuple[tuple[int, int], ...]) -> int:
    """Each hand's tricks' bytes summed, a byte a seat, into its first trick's: the sums of 2, 4, 8 ... tricks on made
    by doubling, then those of the set bits of a hand's count of tricks added, each as many tricks on as the larger
    ones cover (13: 8 + 4 + 1). Other places hold windows straddling two hands, never read."""
    spans = [bytes_]
    for shift in doubling:
        bytes_ += bytes_ >> shift
        spans.append(bytes_)
    for at, shift in summing:
        bytes_ += spans[at] >> shift
    return bytes_


def _winners(claims: int, shifts: tuple[int, ...], guards: int, firsts: int, ones: int, spread: int) -> int:
    """0x80 at each trick's winner's place, of claims a byte a place (each trick's ``spread``'s bytes; ``firsts``
    all bits of each trick's first byte, ``guards`` the top bit of every byte, ``ones`` 1 a byte). Each trick's
    highest claim, in its first byte: the larger of two bytes some places apart (``shifts``, see
    :func:`.game_lane.max_shifts`), a byte at a time (claims are below 128: each byte's difference held above its
    neighbours' by a guard bit), until the span covers the trick; spread back over the trick, it is met at one place
    only, the winner's, where the card led has a claim (each claim is its card's own)."""
    top = claims
    for shift in shifts:
        apart = top >> shift
        ahead = (top | guards) - apart
        at = ahead & guards  # 0x80 where the byte's claim is at least the one ``shift`` places on
        top = apart + (ahead & at - (at >> 7))
    top = (top & firsts) * spread
    return ((claims ^ top | guards) - ones & guards) ^ guards


def clean_hands(t: Tables, lane: CleanLane, hands: Sequence[Hand], first: int = 0) -> list[HandAnswer | None] | None:
    """Each hand's books and points where :func:`.replay_play.dealt_and_played` would vouch for it (given the
    hand's recorded dealer and the pass of its place in the game), None for a hand it would be asked of; None for
    the whole game where any hand is not certainly regular (or this check cannot say: see the module). ``first``:
    the hands of the game before these (a long game is checked a run of hands at a time)."""
    n = t.seats
    per_player = t.per_player
    size = lane.plays
    count = len(hands)
    tables = per_lane(t, lane)
    if not count or not tables.fits:  # (see game_lane.usable)
        return None
    most = 255 // per_player
    if count > most:  # each trick's index a byte: a run of as many hands as that allows at a time
        runs: list[HandAnswer | None] = []
        for start in range(0, count, most):
            run = clean_hands(t, lane, hands[start : start + most], first + start)
            if run is None:
                return None
            runs += run
        return runs
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
    in_play = b"".join(ins)
    leaders = b"".join(leads)
    # each trick's leader a seat, and each hand's first left of its dealer
    if leaders[::per_player] != firsts.translate(tables.left) or leaders.translate(None, tables.seats):
        return None
    g = tables.game(t, lane, count)
    # Each trick's leader (its seat, the low bits) and the suit led (64 times it, the top two), a byte a trick,
    # spread over the trick's places
    led = _from_bytes(in_play[::n].translate(lane.led_offset), "little") | _from_bytes(leaders, "little")
    lead = _from_bytes(g.trick_of_place.translate(led.to_bytes(g.tricks, "little") + g.trick_pad), "little")
    # The cards put in seat order, every trick at once: each trick's bytes turned by its leader's seat, by 1 place
    # where its lowest bit is set, then by 2 ... (each turn a shift each way, kept within the trick by masks); and
    # each card's claim to the trick, the suit led added
    seated = _from_bytes(in_play, "little")
    ones = g.ones
    for bit, (up, ahead, down, behind) in enumerate(g.turns):
        turned = seated << up & ahead | seated >> down & behind
        seated ^= (seated ^ turned) & (lead >> bit & ones) * 0xFF
    with_led = (seated | lead & g.suits_led).to_bytes(g.plays, "little")
    in_seats = with_led.translate(tables.card)
    # A hand at a time: each card once, all of the deck; the deal and the pass as
    # passing.passed_bytes and clean_play check them, and who held each card played once all had passed (each
    # hand's places after the pass, or None where it has none: the pass cycle's from the hand's place in the game)
    held = []
    seat_of_dealt = lane.seat_of_dealt
    dealt_size = len(seat_of_dealt)
    deck_cards, left_over = lane.deck_cards, lane.deck_size - size
    targets = tables.targets
    start = first % tables.cycle_length
    each_cards = map(in_seats.__getitem__, g.hand_slices)
    for hand, cards, target in zip(hands, each_cards, targets[start : start + count]):  # noqa: B905 - as many
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
        if len(dealt) != dealt_size or len(deck_cards.translate(None, cards)) != left_over:
            return None
        passed = hand.pass_bytes
        if target is None:
            if passed is not None or hand.passes:
                return None
            table = _maketrans(dealt, seat_of_dealt)
        else:
            passed = passed_bytes(t, lane, hand.passes if passed is None else None, dealt, passed)
            if passed is None:
                return None
            table = _maketrans(dealt + passed, target)
        held.append(cards.translate(table))
    if b"".join(held) != lane.seat_of_place * count:
        return None
    claims = _from_bytes(with_led.translate(lane.rank), "little")
    won = _winners(claims, tables.max_shifts, g.guards, g.firsts, ones, lane.spread)
    wins = won >> 7
    mask = wins * 0xFF
    # every trick but a hand's last won by the next trick's leader: the winner's seat summed over its trick into the
    # trick's last byte, where the next trick's leader's seat is (its low bits)
    if ((mask & g.seat_nums) * lane.spread ^ lead >> 8 * n) & g.led_next:
        return None
    if t.must_follow:
        # a failure to follow carried to the same player's later tricks of the hand: met by a card of that suit,
        # or by the card to discard at the first opportunity (all four suits' bits). One table gives both, each
        # card's failure (the suit led's bit, low half of its byte) and its suit (high half)
        marks = _from_bytes(with_led.translate(tables.follow), "little")
        later = marks & g.low_halves
        for shift, keep in zip(lane.smear, g.keeps, strict=True):
            later |= later << shift & keep
        if later << 8 * n + 4 & g.not_first & marks:
            return None
    # Each side's tricks, for every hand at once: a 1 at each trick's winner's place, summed over its hand's tricks
    # (a byte a seat, or partners' added: see game_lane.PerLane), into its first trick
    if tables.partner_shift:  # partners sitting opposite: a seat's and its partner's (``half`` seats on) added
        wins += wins >> tables.partner_shift
    # Each hand's row (its first trick's bytes: each side's books, each player's points) read by a struct, a tuple a
    # hand in one C call (a slice a side and a zip of them made each hand's tuple in Python steps)
    if t.points is None:
        won_by = _by_hand(wins, tables.doubling, tables.summing).to_bytes(g.plays, "little")
        answers: list[HandAnswer | None] = [*zip(tables.book_rows(won_by), repeat((0,) * n, count))]  # noqa: B905
    else:
        # The points each player took: each trick's (the sum of its bytes lands in its last, moved to its first),
        # spread over its places and kept at its winner's, each summed over its hand's tricks as the books are, in
        # the same sums: the points above the books, a game's places on (a window straddling the two, at the books'
        # last places, holds a hand's points, below 128, and at most 13 books: it carries into no byte read)
        spread = lane.spread
        points = (_from_bytes(in_seats.translate(lane.points), "little") * spread >> 8 * (n - 1) & g.firsts) * spread
        both = (points & mask) << 8 * g.plays | wins
        sums = memoryview(_by_hand(both, tables.doubling, tables.summing).to_bytes(2 * g.plays, "little"))
        answers = [*zip(tables.book_rows(sums[: g.plays]), tables.point_rows(sums[g.plays :]))]  # noqa: B905
    # A lead (or a first trick's play) a rule may object to: that hand is left to clean_play, which asks the rule
    suspect = _from_bytes(in_play[::size].translate(tables.first), "little")
    if t.first_trick_barred:
        for turn in range(1, n):
            suspect |= _from_bytes(in_play[turn::size].translate(tables.barred), "little")
    if suspect:
        for number in compress(range(count), suspect.to_bytes(count, "little")):
            answers[number] = None
    late = _from_bytes(in_play[::n].translate(tables.late), "little") & g.late_window  # (a byte each trick's lead)
    if late and tables.breaking is not None:
        # a lead after a trick of the hand that broke the suit is allowed: each trick with a breaking card (the sum
        # of its bytes, in its last) carried to the hand's later tricks
        breaking = _from_bytes(in_seats.translate(tables.breaking), "little")
        breaks = (breaking * lane.spread).to_bytes(g.plays + n, "little")
        keeps = g.trick_keeps
        broken = _from_bytes(breaks[n - 1 : g.plays : n].translate(tables.broken), "little") << 8 & keeps[0]
        for shift, keep in zip(tables.trick_shifts, keeps, strict=True):
            broken |= broken << shift & keep
        late &= ~broken
    if late:
        for number in compress(g.hand_of_trick, late.to_bytes(g.tricks, "little")):
            answers[number] = None
    if t.take_back and any(map(_events, hands)):  # a card taken back: clean_play leaves the hand to the replay
        for number in compress(range(count), map(_events, hands)):
            answers[number] = None
    return answers
