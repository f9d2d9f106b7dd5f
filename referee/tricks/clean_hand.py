"""A clean hand: a whole hand's play checked at once, with built-ins, where it is certainly regular.

Nearly every recorded hand breaks no rule of play. Checked card by card (:mod:`.replay_play`), with every
rule's branch at every card, such a hand costs a few microseconds a card in Python. Here the hand's cards
become one bytes object, each trick in seat order, and each rule a few operations on the whole hand (bytes
translated through tables compiled once per spec, :mod:`.clean_lane`, and compared as integers):

- each trick's seats are a turn clockwise; its leader is the first leader the rules name, then each winner
  (the highest claim of the compiled win keys, :func:`.deck.win_keys`);
- each player played exactly the cards they held (dealt, or passed), each once, and only cards of the deck:
  who played each card, read per seat as a binary number (a digit a card), equals their holdings;
- no one failed to follow suit while holding it: since every card held is played, a player held a suit at a
  trick exactly when they play it at a later one;
- the duty to discard a card at the first opportunity: its holder did not fail to follow before playing it;
- the leads a rule could object to (the first, a trump, a suit held back) are asked of :func:`.play.lead_violation`.

Where any of this fails, or the spec has a rule this check does not know (must beat, a double deck, a card
taken back), it answers None and the hand is replayed card by card, which finds and reports what is wrong.
So it never passes a hand the replay would fault, and gives the books and points the replay gives (tests
hold it to both, and each guard to a hand only it stops).
"""

from collections.abc import Iterable
from itertools import chain, compress, repeat
from operator import add, itemgetter, lshift
from typing import NamedTuple

from . import play
from .cards import BIT
from .clean_lane import CleanLane, lane_for
from .log import Hand, Trick
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
# Looked up once: int.from_bytes found on int at each call costs about half again as much as the call itself.
_from_bytes = int.from_bytes
_new_tuple = tuple.__new__
# Each seat as a byte, made once (bytes((seat,)) is a call a hand): a lane seats fewer than 8 (clean_lane._lane).
_BYTE = tuple(bytes((seat,)) for seat in range(8))


def knows(clause_ids: Iterable[str]) -> bool:
    """Whether this check knows every clause of play among a spec's clauses."""
    return all(not cid.startswith("play.") or cid in KNOWN_PLAY for cid in clause_ids)


class CleanPlay(NamedTuple):
    """What a clean hand's play comes to."""

    books: list[int]  # tricks each side took
    seat_books: list[int]  # tricks each player took
    taken: list[int]  # points each player took in cards (games scored by points), the cards left over aside
    first_taker: int  # who took the first trick (the cards left over from the deal go to them, where they do)


def clean_play(
    t: Tables,
    hand: Hand,
    leader: int | None,
    holdings: list[int] | None,
    lane: CleanLane | None = None,
    dealt: bytes | None = None,
    dealt_to: bytes | None = None,
) -> CleanPlay | None:
    """The hand's play, if it is certainly regular under ``t``; None: replay it card by card. ``lane``: the
    tables of ``t`` (:func:`.clean_lane.lane_for`), where the caller keeps them.

    ``holdings`` None: the deal is checked here too, from ``dealt``, its cards in seat order as bytes (each seat's
    in turn, a byte GAP between, for as many seats as the table's: the caller checks that), for a lane whose
    ``deal_folds``: a clean answer then also says the deal was regular (see below), and None leaves the deal to
    check_deal as well. A pass checked as far as
    the pass shows (:func:`.passing.passed_bytes`) is given after the deal: its cards follow the deal's in
    ``dealt``, and ``dealt_to`` is, per byte of ``dealt``, the byte of the seat holding it once all have passed
    (:attr:`.CleanLane.seat_of_dealt`, then the receivers'); a clean answer then says the pass was regular too.
    ``leader`` None there, where the first leader is the opening card's holder: found here."""
    if lane is None:
        lane = lane_for(t)
    if lane is None or (t.take_back and hand.events and any(e.type == "card_taken_back" for e in hand.events)):
        return None
    # The hand's bytes as the one-pass reader gives them (its tricks then never made: nothing here reads them),
    # or made from its tricks
    as_bytes = hand.play_bytes
    if as_bytes is None:
        tricks = hand.tricks
        if not tricks or len(tricks) != t.per_player:
            return None
        as_bytes = _play_bytes(lane, tricks)
        if as_bytes is None:
            return None  # a trick's seats not a turn, or a card beyond a byte (not of a single deck)
    in_play, leaders = as_bytes
    n = t.seats
    size = lane.plays
    if len(leaders) != t.per_player or len(in_play) != size or (leader is not None and leaders[0] != leader):
        return None
    # each trick's cards in seat order (the card of seat s in trick k at place k * n + s): the hand's cards.
    # (A byte a trick is put in each of its trick's places by a table: each place's trick, translated by the
    # tricks' bytes made a table.)
    at_places, pad = lane.trick_of_place, lane.trick_pad
    if lane.place_of is not None:
        leaders_at = at_places.translate(leaders.translate(lane.leader_times) + pad)
        turns = _from_bytes(leaders_at, "little") + lane.stride_bases
        places = turns.to_bytes(size, "little").translate(lane.place_of)
    else:
        turns = _from_bytes(b"".join(map(lane.turn_seats.__getitem__, leaders)), "little") + lane.trick_bases
        places = turns.to_bytes(size, "little")
    cards = bytes.maketrans(places, in_play)[:size]  # (a table: at each place, the card played there)
    led = in_play[::n]
    # Each of the hand's cards played once, and all of the deck: as many of the deck's cards as there are plays
    # are among the cards played.
    if len(lane.deck_cards.translate(None, cards)) != lane.deck_size - size:
        return None
    # Each player played the cards they held (dealt, or passed).
    if holdings is None:
        # Who holds each card played, by the deal's bytes, is who played it. Every card played is then at a place
        # of a card in them (a gap maps to no seat), a distinct one each: as many as there are, so each seat's
        # cards fill its places, and the seats' gaps (no card's byte) fall on the gaps' places. The deal then gave
        # each player the hand's count, each card once, all of the deck, and left out what the lane allows
        # (deal_folds): the deal check would find nothing either. With a pass: its cards, given after the deal's,
        # map to their receivers (maketrans keeps a byte's last mapping). Each was dealt to its passer
        # (passed_bytes), so every card played was dealt: the deal is as above; and each was played by the player
        # it was due to, as passing.apply finds it too, leaving each player the cards they played: the holdings
        # after the pass.
        seats_of = lane.seat_of_dealt if dealt_to is None else dealt_to
        if (
            not lane.deal_folds
            or dealt is None
            or len(dealt) != len(seats_of)
            or cards.translate(bytes.maketrans(dealt, seats_of)) != lane.seat_of_place
        ):
            return None
        if leader is None and t.first_leader == "holder_of_card":
            leader = _opening_holder(t, cards)
            if leader is not None and leaders[0] != leader:
                return None
    # (each card mapped to the byte of the seat that played it: see _holdings)
    elif _played_by(lane, cards) != holdings:
        return None
    # The winners: each trick's next leader played its highest claim (a byte a card, compared all at once with
    # a guard bit atop each byte); the last trick's winner is its highest. Each card's byte with the suit led to
    # its trick (``_LED`` times it) added reads as its claim, and as whether it failed to follow (below).
    led_at = at_places.translate(led.translate(lane.led_offset) + pad)
    with_led = (_from_bytes(cards, "little") | _from_bytes(led_at, "little")).to_bytes(size, "little")
    claims = with_led.translate(lane.rank)
    last = claims[-n:]
    won = winners = leaders[1:] + _BYTE[last.index(max(last))]
    claimed = (_from_bytes(won, "little") + lane.trick_starts).to_bytes(len(won), "little")  # their places
    best = at_places.translate(claimed.translate(claims + lane.pad) + pad)  # (claims + pad: each place's claim)
    guards = lane.guards
    if (_from_bytes(best, "little") | guards) - _from_bytes(claims, "little") & guards != guards:
        return None
    if t.must_follow:
        # A bit a suit in each card's byte: ``played``, the suit of the card; ``failed``, the suit led where the
        # card is not of it. A player held a suit at a trick exactly when they play it at a later one (every card
        # held is played), so no one failed to follow while able when no failure, spread to the same seat's
        # later tricks, meets a card of its suit.
        played = _from_bytes(cards.translate(lane.suit_bit), "little")
        failed = _from_bytes(with_led.translate(lane.failed_bit), "little")
        later = failed
        for shift in lane.smear:
            later |= later << shift
        if later << 8 * n & played:
            return None
        # the card to discard at the first opportunity: its holder failed to follow no trick before playing it
        if t.discard_card >= 0:
            at = cards.find(t.discard_card)
            if at >= 0 and failed & lane.earlier[at]:
                return None
    if led[0] in lane.first_leads and play.lead_violation(
        t, _holdings(lane, cards, holdings)[leaders[0]], led[0], True, False, 1
    ):
        return None
    if t.first_trick_barred:
        # Only a follower who played a barred card can have broken the bar (a card that follows suit, as every
        # card here does, breaks no other rule of the first trick but the duty to discard, checked above).
        followers = in_play[1:n]
        if followers != followers.translate(None, lane.first_barred) and not _first_trick_allowed(
            t, t.clockwise[leaders[0]], in_play[:n], _holdings(lane, cards, holdings)
        ):
            return None
    late_until = lane.late_until
    if late_until > 1:  # a later lead a rule may object to: any among the tricks it may be?
        # (only the second trick's lead, nearly always where there is one: Hearts, hearts led after the first trick)
        if late_until == 2:
            suspect = led[1] in lane.late_cards
        else:
            window = led[1:late_until]
            suspect = window != window.translate(None, lane.late_cards)
        if suspect and not _late_leads_allowed(
            t, lane, leaders, winners, in_play, cards, _holdings(lane, cards, holdings)
        ):
            return None
    seat_books = [*map(won.count, lane.seats)]
    if lane.opposite == 2:  # four players, partners opposite (most tables): two sums cost less than a map
        books = [seat_books[0] + seat_books[2], seat_books[1] + seat_books[3]]
    elif lane.opposite:
        books = [*map(add, seat_books[: lane.opposite], seat_books[lane.opposite :])]
    elif lane.side_of is None:  # each player a side
        books = [*seat_books]
    else:
        books = [*map(won.translate(lane.side_of).count, lane.sides)]
    if t.points is None:
        taken = [0] * n
    elif lane.seat_shift is not None and lane.points is not None:  # (_taken's usual case, inline: a call a hand)
        # each trick's points added up at once (the sum of its bytes lands in its last), then each shifted to its
        # winner's byte and all added: every player's points, a byte each
        total = _from_bytes(cards.translate(lane.points), "little") * lane.spread
        trick_points = total.to_bytes(size + n, "little")[n - 1 : size : n]
        taken = [*sum(map(lshift, trick_points, winners.translate(lane.seat_shift))).to_bytes(n, "little")]
    else:
        taken = _taken(t, lane, cards, winners)
    # made as a tuple is (CleanPlay(...) runs the NamedTuple's own __new__, a Python call, for every hand)
    return _new_tuple(CleanPlay, (books, seat_books, taken, winners[0]))


def _holdings(lane: CleanLane, cards: bytes, holdings: list[int] | None) -> list[int]:
    """Each seat's holding as a bitmask: as given, or (the deal checked by the play) the cards each played."""
    return _played_by(lane, cards) if holdings is None else holdings


def _played_by(lane: CleanLane, cards: bytes) -> list[int]:
    """The cards each seat played, as bitmasks (``cards``: each trick's in seat order): for each card 63..0, the
    byte of the seat that played it (none: not played); per seat, a binary digit a card (1: that seat played it),
    read as a number."""
    seat_of = bytes.maketrans(cards, lane.seat_of_place)
    return [*map(int, map(lane.all_cards.translate(seat_of).translate, lane.seat_digits), repeat(2))]


def _opening_holder(t: Tables, cards: bytes) -> int | None:
    """Who holds the opening card (the first of the spec's that anyone holds), as play.first_leader finds it,
    from who played each card (``cards``: each trick's in seat order, each once)."""
    for card in t.first_lead_cards:
        at = cards.find(card)
        if at >= 0:
            return at % t.seats
    return None


def _play_bytes(lane: CleanLane, tricks: tuple[Trick, ...]) -> tuple[bytes, bytes] | None:
    """What the one-pass reader gives a hand (``Hand.play_bytes``), from its tricks as the careful reader reads
    them: None where a trick's seats are not a turn, or a card is beyond a byte (not of a single deck)."""
    seat_groups, card_groups = zip(*tricks, strict=True)
    if not lane.turns.issuperset(seat_groups):
        return None
    try:
        return bytes(chain.from_iterable(card_groups)), bytes(map(_FIRST, seat_groups))
    except ValueError:
        return None


def _taken(t: Tables, lane: CleanLane, cards: bytes, winners: bytes) -> list[int]:
    """The points each player took in cards, in a game scored by points (``cards``: each trick's, in seat order)."""
    assert t.points is not None
    taken = [0] * t.seats
    n = t.seats
    if lane.points is not None:  # each trick's points added up at once: the sum of its bytes lands in its last
        total = _from_bytes(cards.translate(lane.points), "little") * lane.spread
        points: Iterable[int] = total.to_bytes(lane.plays + n, "little")[n - 1 : lane.plays : n]
    else:
        per_trick = map(cards.__getitem__, map(slice, range(0, lane.plays, n), range(n, lane.plays + n, n)))
        points = [*map(sum, map(map, repeat(t.points.values.__getitem__), per_trick))]
    for winner, trick_points in compress(zip(winners, points, strict=True), points):  # tricks with points
        taken[winner] += trick_points
    return taken


def _late_leads_allowed(
    t: Tables,
    lane: CleanLane,
    leaders: bytes,
    winners: bytes,
    in_play: bytes,
    cards: bytes,
    holdings: list[int],
) -> bool:
    """Whether each lead after the first that a rule could object to (a suit held back, trumps before broken) is
    allowed, the leader's hand worked out from the tricks before it (``in_play``: the cards in play order,
    ``cards``: each trick's in seat order)."""
    n = t.seats
    tricks = len(leaders)
    if lane.breaking is not None:  # the first trick with a card that breaks the suit
        first = cards.translate(lane.breaking).find(1)
        broken_at = first // n if first >= 0 else tricks
    else:  # broken by who won a trick
        broken_at = next(
            (
                j
                for j in range(tricks)
                if play.breaks_trump(t, in_play[j * n : j * n + n], (winners[j] - leaders[j]) % n)
            ),
            tricks,
        )
    # a rule holds a lead back only until the suit is broken, or until the trick a suit is held back to
    for k in range(1, min(lane.late_until, tricks, max(broken_at + 1, t.held_until_trick - 1))):
        lead = in_play[k * n]
        if k >= lane.late_leads[t.suit[lead]]:
            continue
        broken = broken_at < k
        if broken and k + 1 >= t.held_until_trick:
            continue  # broken, and no rule holds it back to a later trick: allowed
        before = sum(map(BIT.__getitem__, cards[: k * n]))
        if play.lead_violation(t, holdings[leaders[k]] & ~before, lead, False, broken, k + 1):
            return False
    return True


def _first_trick_allowed(t: Tables, seats: tuple[int, ...], cards: bytes, holdings: list[int]) -> bool:
    """Whether no follower to the first trick played a card barred from it (the bar holds for a card that
    follows suit too)."""
    return all(
        play.follow_violation(t, holdings[seat], card, cards[0], True) is None
        for seat, card in zip(seats[1:], cards[1:], strict=True)
    )
