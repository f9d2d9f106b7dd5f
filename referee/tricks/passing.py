"""Passing cards before the play: N cards, in a direction that cycles hand by hand.

The log records what each player passed; who received it is the spec's
direction for the hand, unless the play shows the cards in another
player's hand, in which case the pass went there and is reported as
passed the wrong way. Hands are bitmasks over card ids.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from .. import words
from ..report import Code, Finding
from .cards import BIT, COPY, add_card, card_symbol, cards_in, copies_of, remove_card
from .clean_lane import GAP, CleanLane
from .tables import NO_PASS, Tables


def direction_name(t: Tables, offset: int) -> str:
    """The direction of a pass for people."""
    if offset == 1:
        return "to the left"
    if offset == t.seats - 1:
        return "to the right"
    if offset * 2 == t.seats:
        return "across"
    return f"{offset} seats to the left"


def offset_for(t: Tables, dealt_hands: int) -> int | None:
    """The pass of the ``dealt_hands``-th hand played (1-based; misdeals do not count)."""
    if not t.pass_cycle:
        return NO_PASS
    return t.pass_cycle[(dealt_hands - 1) % len(t.pass_cycle)]


def _receiver(
    t: Tables, passer: int, passed: int, offset: int, played_by: dict[int, int], plays: list[tuple[int, int]]
) -> int:
    """Who got the cards: the spec's neighbour, unless the play shows them all with one other player. With a
    double deck, every player of either copy of a card passed counts (``played_by`` keeps one player a card)."""
    if t.deck >> COPY:
        shown = {card % COPY for card in cards_in(passed)}
        players = {seat for seat, card in plays if card in shown} - {passer}
    else:
        players = {played_by[card] for card in cards_in(passed) if card in played_by} - {passer}
    if len(players) == 1:
        return players.pop()
    return (passer + offset) % t.seats


def _held(
    deck: int, holding: int, cards: tuple[int, ...], passer: int, name: str, clause: str, findings: list[Finding]
) -> int:
    """The cards passed that the passer held, as a bitmask (a second copy at its COPY bit, cards.py); each one not
    held is reported. A card listed again is its second copy where the deck has two (else the same card, which
    :func:`_written_again` reports), held only if the passer was dealt both."""
    passed = short = 0  # short: the second copies listed but not held, reported once each
    for card in cards:
        if not holding >> card & 1:
            message = f"{name} passed {card_symbol(card)}, which was not dealt to them"
            findings.append(Finding(Code.CARD_NOT_IN_HAND, clause, message, passer))
        elif passed >> card & 1 and deck >> (card + COPY) & 1:
            second = 1 << (card + COPY)
            if holding & second:
                passed |= second
            elif not short & second:
                short |= second
                message = f"{name} passed {card_symbol(card)} twice, but was dealt one"
                findings.append(Finding(Code.CARD_NOT_IN_HAND, clause, message, passer))
        else:
            passed |= 1 << card
    return passed


def _moved(deck: int, after: list[int], passer: int, receiver: int, passed: int) -> None:
    """The cards ``passed`` taken from the passer's holding into the receiver's. With a double deck copy by copy
    (cards.remove_card and add_card), so that one copy passed of two leaves the other, and one received beside
    one held makes two."""
    if not deck >> COPY:
        after[passer] &= ~passed
        after[receiver] |= passed
        return
    for card in cards_in(passed):
        after[passer] = remove_card(after[passer], card % COPY)
        after[receiver] = add_card(after[receiver], card % COPY)


def _written_again(t: Tables, cards: tuple[int, ...]) -> tuple[str, int]:
    """The first card a pass lists more often than the deck holds it (its symbol, how many times it is listed),
    else ('', 0)."""
    seen = 0
    for card in cards:
        if seen >> card & 1 and (not t.deck >> (card + COPY) & 1 or seen >> (card + COPY) & 1):
            return card_symbol(card), cards.count(card)
        seen |= 1 << (card + COPY) if seen >> card & 1 else 1 << card
    return "", 0


def passed_anyway(
    t: Tables,
    holdings: list[int],
    passes: tuple[tuple[int, tuple[int, ...]], ...],
    plays: list[tuple[int, int]],
    message: str,
) -> tuple[list[int], list[Finding]]:
    """A pass on a hand the rules give none: reported once, and each card its passer held taken to be where the play
    shows it. A card the passer played (a copy of, with a double deck) stays; one that another player alone played
    goes to them; one no one else played, or two others, leaves its passer for a holder the record does not show.
    The play is then judged by the cards the players held, not reported card after card for the pass the rules
    refuse; nor is what the refused pass lists beyond the passer's cards (it moves none of them)."""
    players: dict[int, set[int]] = {}  # each card played: who played it (either copy)
    for seat, card in plays:
        players.setdefault(card, set()).add(seat)
    after = list(holdings)
    for passer, cards in passes:
        for card in {card % COPY for card in cards_in(_held(t.deck, holdings[passer], cards, passer, "", "", []))}:
            shown = players.get(card, set())
            if passer in shown:
                continue
            after[passer] = remove_card(after[passer], card)
            if len(shown) == 1:
                after[next(iter(shown))] = add_card(after[next(iter(shown))], card)
    return after, [Finding(Code.PASS_NOT_ALLOWED, "passing.pass", message)]


def apply(
    t: Tables,
    offset: int | None,
    holdings: list[int],
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None,
    plays: list[tuple[int, int]],
    names: tuple[str, ...],
) -> tuple[list[int], list[Finding]]:
    """Each seat's holding after the pass, and what was irregular about the pass."""
    if offset is NO_PASS:
        if passes:
            return passed_anyway(t, holdings, passes, plays, "cards were passed on a hand with no pass")
        return holdings, []
    findings: list[Finding] = []
    given = dict(passes or ())
    played_by = dict(zip(map(itemgetter(1), plays), map(itemgetter(0), plays), strict=True))  # card: its player
    after = list(holdings)
    for passer in range(t.seats):
        cards = given.get(passer, ())
        name = names[passer]
        if len(cards) != t.pass_cards:
            message = f"{name} passed {words.count(len(cards), 'card')}, not {t.pass_cards}"
            findings.append(Finding(Code.PASS_WRONG_COUNT, "passing.pass", message, passer))
        else:
            again, times = _written_again(t, cards)
            if again:
                # a card written more often than the deck has it passes fewer cards than the record lists
                counted = sum(min(cards.count(card), 1 + (t.deck >> (card + COPY) & 1)) for card in {*cards})
                short = words.count(counted, "card")
                message = f"{name} passed {again} {words.times(times)}: {short}, not {t.pass_cards}"
                findings.append(Finding(Code.PASS_WRONG_COUNT, "passing.pass", message, passer))
        passed = _held(t.deck, holdings[passer], cards, passer, name, "passing.pass", findings)
        if not passed:
            continue
        due = (passer + offset) % t.seats
        receiver = _receiver(t, passer, passed, offset, played_by, plays)
        if receiver != due:
            shown = " ".join(card_symbol(c) for c in cards_in(passed))
            message = (
                f"{name} passed {shown} to {names[receiver]}; this hand's pass is {direction_name(t, offset)}, "
                f"to {names[due]}"
            )
            findings.append(Finding(Code.PASS_WRONG_DIRECTION, "passing.pass", message, passer))
        _moved(t.deck, after, passer, receiver, passed)
    return after, findings


def clean_pass(
    t: Tables,
    offset: int | None,
    holdings: list[int],
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None,
    played: bool,
) -> list[int] | None:
    """Each seat's holding after a pass that is regular as far as the pass itself shows (nearly every hand):
    every player, in seat order, passed the hand's count of cards they held, each to the player the pass is due
    to. A few C-level calls a passer, no finding made. ``played``: whether the hand records a trick.

    Regular, that is, unless the play shows the cards elsewhere, which :func:`apply` reads as a pass the wrong
    way: the caller confirms it by the play check (:func:`.clean_hand.clean_play`), which vouches only for a hand
    where each player played exactly the cards this gives them, so every card passed was played by the player it
    was due to, as :func:`apply` then finds too; where the play check cannot vouch, the caller applies the pass
    with :func:`apply`.

    None: anything else (a pass missing, short, of a card not held, no pass due, no play to confirm it), for
    :func:`apply`, which finds and reports what is wrong.
    """
    if offset is NO_PASS or not played or not passes or len(passes) != t.seats:
        return None
    count = t.pass_cards
    seats = t.seats
    after = list(holdings)
    every = 0  # every card passed
    for seat, (passer, cards) in enumerate(passes):
        passed = 0
        for card in cards:  # a loop, not sum(map(BIT.__getitem__, ...)): under Python 3.11 the loop is faster
            passed |= BIT[card]
        if passer != seat or len(cards) != count or holdings[passer] & passed != passed:
            return None
        after[passer] ^= passed  # as apply moves them, passer by passer (held, so ^ takes them away)
        after[(passer + offset) % seats] |= passed
        every |= passed
    # Each passed the hand's count of cards, so this many cards passed in all means none was passed twice and
    # none twice by one passer (only a deal that gave a card twice allows it): so each passer's cards are still
    # with the player due them once all have passed, and the play check, comparing these holdings with the
    # cards each played, finds them played by that player.
    if every.bit_count() != count * seats:
        return None
    return after


def passed_bytes(
    t: Tables,
    lane: CleanLane,
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None,
    dealt: bytes,
    given_bytes: bytes | None = None,
) -> bytes | None:
    """The cards of a pass regular as far as the pass itself shows, as bytes, passer by passer in seat order (each
    passer's after a byte 255, :data:`.clean_lane.GAP`; ``dealt``: the deal's cards as bytes, each seat's in turn,
    GAP between, as long as ``lane.seat_of_dealt``): every player, in seat order, passed the hand's count of cards
    they were dealt, none twice. The play check (:func:`.clean_hand.clean_play`, given them after the deal)
    confirms the rest, as :func:`clean_pass`'s caller does: each was played by the player it was due to. None:
    anything else, for :func:`clean_pass` or :func:`apply`. ``given_bytes``: the pass's bytes where the reader gave
    them (``Hand.pass_bytes``: every player passed, in seat order)."""
    if given_bytes is not None:
        passed = given_bytes
    else:
        if not passes:
            return None
        # Each pass a passer and their cards (a pair, as the readers make it): two columns. Not strict=True: zip
        # parses a keyword through the slow generic path, some 0.4 us a hand, more than the rest of the zip.
        passers, given = zip(*passes)  # noqa: B905
        if passers != lane.seats_in_turn:
            return None
        passed = GAP.join(map(bytes, given))
    # Each card passed dealt to its passer (a card dealt twice reads as its last holder's), each passer's count of
    # them (the gaps, 255 after the translation as before, in their places), and each card once.
    if (
        passed.translate(bytes.maketrans(dealt, lane.seat_of_dealt)) != lane.passers
        or len(lane.all_cards.translate(None, passed)) != lane.kept_in_pass
    ):
        return None
    return passed


def choose(
    t: Tables, holdings: list[int], offset: int | None, pick: Callable[[list[int], int], list[int]]
) -> tuple[list[int], list[list[int]]]:
    """A legal pass for the simulator: each seat's chosen cards (by ``pick(cards, n)``) and the holdings after."""
    if offset is NO_PASS:
        return holdings, [[] for _ in holdings]
    # a second copy (at its COPY bit) chosen is written as its card
    chosen = [sorted(card % COPY for card in pick(cards_in(held), t.pass_cards)) for held in holdings]
    after = list(holdings)
    for passer, cards in enumerate(chosen):
        _moved(t.deck, after, passer, (passer + offset) % t.seats, copies_of(cards))
    return after, chosen


def nil_pass_hand(t: Tables, dealt_hands: int) -> bool:
    """Whether the ``dealt_hands``-th hand played is one where a nil bidder may pass to partner."""
    if not t.nil_pass_hands or not t.pass_cycle:
        return False
    return (dealt_hands - 1) % len(t.pass_cycle) + 1 in t.nil_pass_hands


def nil_pass(
    t: Tables,
    holdings: list[int],
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None,
    nils: list[int],
    names: tuple[str, ...],
) -> tuple[list[int], list[Finding]]:
    """Each seat's holding after nil bidders' passes with their partners, and what was irregular about them.

    A side with a nil bidder may exchange the spec's number of cards: each partner passes that many to the
    other (so both keep a full hand), or neither passes. A pass by anyone else is reported and, like any
    pass, taken as made (to the passer's partner).
    """
    findings: list[Finding] = []
    given = dict(passes or ())
    nil_sides = {t.side_of[seat] for seat in nils}
    for passer in given:
        if t.side_of[passer] not in nil_sides:
            message = f"{names[passer]} passed cards on a hand with no pass; only a nil bidder and partner exchange"
            findings.append(Finding(Code.PASS_NOT_ALLOWED, "passing.nil_pass", message, passer))
    for side in sorted(nil_sides):
        members = t.sides[side]
        if not any(seat in given for seat in members):
            continue  # the side chose not to pass
        for seat in members:
            count = len(given.get(seat, ()))
            if count != t.nil_pass_cards:
                given_count = words.count(count, "card")
                message = f"{names[seat]} passed {given_count} to partner; the exchange is {t.nil_pass_cards} each"
                findings.append(Finding(Code.PASS_WRONG_COUNT, "passing.nil_pass", message, seat))
    after = list(holdings)
    for passer, cards in given.items():
        partners = [s for s in t.sides[t.side_of[passer]] if s != passer]
        passed = _held(t.deck, holdings[passer], cards, passer, names[passer], "passing.nil_pass", findings)
        if passed and partners:
            _moved(t.deck, after, passer, partners[0], passed)
    return after, findings
