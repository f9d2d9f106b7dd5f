"""Trick-game logs: a schema-valid document read into plain, typed events.

Reading turns player names into seat numbers and card tokens into card
ints, and fails with a located :class:`~referee.errors.InputError` on
anything it cannot read. Whether the game kept the rules is decided by
:mod:`referee.tricks.audit`.
"""

# Annotations evaluated as the classes are made, not kept as text (no `from __future__ import annotations`):
# dataclasses looks each text annotation up (ClassVar? InitVar? KW_ONLY?) as it makes the class, ~16k
# instructions a field of every start for this module's 44 fields (tests/test_startup.py).
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any

from ..errors import Location
from ..logreader import RecordedGame, RecordedScore, read_in_one_pass
from ..score_text import ScoreFromText

# A trick as read: the seats in play order and the cards they played, in the same order. Two flat tuples, not a
# Play object a card: a log holds millions of plays, and the replay walks them by position.
Trick = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Bid:
    """One bid as recorded."""

    seat: int  # the bidder, or a member of the side for a side's bid
    tricks: int | None
    kind: str = "number"
    raise_: bool = False
    side_bid: bool = False  # recorded for the side as a whole (a score sheet)
    side_key: str | None = None  # the side's name as written, resolved to a seat by the audit


# A bid of a number of tricks by a player, made once: a log holds millions of them, and a Bid is immutable.
SHARED_BIDS, SHARED_SEATS = 26, 10
NUMBER_BIDS = tuple(tuple(Bid(seat, tricks) for tricks in range(SHARED_BIDS + 1)) for seat in range(SHARED_SEATS))


@dataclass(frozen=True)
class Event:
    """Something the table recorded besides play: a misdeal called, a claim."""

    type: str
    seat: int | None
    trick: int | None
    note: str | None
    by: int | None = None  # who called the misdeal or made the claim
    card: int | None = None  # the card concerned (a card taken back)
    cards_played: int | None = None  # a claim: how many of the hand's cards had been played when it was made
    cause: str | None = None  # a misdeal: the cause the caller gave
    bids_made: int | None = None  # a misdeal: how many bids had been made when it was called
    answer: str | None = None  # an ace check's reply: none, one or two


@dataclass(frozen=True)
class Hand:
    """One recorded hand; any part may be missing from a record."""

    number: int
    dealer: int | None
    deal: tuple[tuple[int, ...], ...] | None  # each seat's dealt cards, in the order written
    bids: tuple[Bid, ...] | None
    bids_ordered: bool
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None
    tricks: tuple[Trick, ...] | None
    books: tuple[tuple[str, int], ...] | None  # keyed by side or member name, resolved by the audit
    score: tuple[RecordedScore, ...] | None
    misdeal: bool
    events: tuple[Event, ...]
    leftover: tuple[int, ...] | None = None  # cards the record shows left undealt (out of play)
    started: float | None = None  # for a timed match: when the hand started, in seconds (see log_reader.clock_seconds)
    # The tricks as the whole-hand play check reads them (clean_hand): each card in play order and each trick's
    # leader, a byte each. Set only by the one-pass reader, which vouches that every trick was played in turn by
    # all the players; not an argument of __init__, so a hand made or replaced otherwise has None (its tricks are
    # then read for the check), nor compared (it says again what the tricks say).
    play_bytes: tuple[bytes, bytes] | None = field(default=None, init=False, compare=False, repr=False)
    # The score as its text, where the one-pass reader cut it out of the game's text (see score_text): the audit
    # holds it to the true figures' text, and ``score`` is made from it on first use. Neither an argument of
    # __init__ nor compared, as play_bytes.
    score_text: tuple[tuple[str, ...], str] | None = field(default=None, init=False, compare=False, repr=False)
    # The deal's and the pass's cards as the play check reads them (clean_hand; passing.passed_bytes): each seat's
    # cards, a byte each, in seat order, a byte 255 (clean_lane.GAP) after every seat's but the last; the pass's
    # where every player passed, in seat order. Set only where the one-pass reader read a whole game's deals (or
    # passes) from their text at once (see deal_text), where they cost a few steps a game: the replay makes them
    # from ``deal`` and ``passes`` otherwise. Neither an argument of __init__ nor compared, as play_bytes.
    deal_bytes: bytes | None = field(default=None, init=False, compare=False, repr=False)
    pass_bytes: bytes | None = field(default=None, init=False, compare=False, repr=False)


class _TricksFromBytes:
    """``Hand.tricks`` of a hand the one-pass reader read, made from its ``play_bytes`` on first use and kept.

    Nearly every hand's play is checked whole from its bytes (clean_hand) and never read trick by trick, so the
    reader leaves ``tricks`` out of the hand's ``__dict__`` (a tuple a trick, some 3 us a hand to build); this
    descriptor, non-data, is reached only then: a hand made by ``__init__`` has its own ``tricks``, which win."""

    def __get__(self, hand: Hand | None, owner: type | None = None) -> Any:
        if hand is None:
            return self
        cards, leaders = hand.__dict__["play_bytes"]  # (a KeyError, not a loop, for a hand with neither)
        size = len(cards) // len(leaders)
        turns = _turns(size)
        tricks = tuple(zip(map(turns.__getitem__, leaders), zip(*[iter(cards)] * size)))  # noqa: B905 - whole tricks
        hand.__dict__["tricks"] = tricks
        return tricks


class _HeldFromBytes:
    """``Hand.deal`` (or ``Hand.passes``) of a hand whose deal (or pass) the one-pass reader gave as bytes only
    (``deal_bytes``, ``pass_bytes``), made from them on first use and kept, as ``tricks`` from ``play_bytes``.

    The play check reads the bytes, and the clean path asks only whether a hand has a deal and a pass (which it
    tells from the bytes): so the reader leaves the tuples out of the hand's ``__dict__`` (four of a seat's cards
    and a deal's, some 4k instructions a hand to build, as many again for a pass). Made as the careful reader makes
    them: each seat's cards in seat order; each passer's seat and cards, every player in seat order (the only pass
    given as bytes)."""

    def __init__(self, name: str, given: str) -> None:
        self.name = name
        self.given = given  # the field of its bytes

    def __get__(self, hand: Hand | None, owner: type | None = None) -> Any:
        if hand is None:
            return self
        given = hand.__dict__[self.given]  # (a KeyError for a hand with neither)
        if given is None:  # a hand read at once (usual_game) whose hands have no such field
            value = hand.__dict__[self.name] = None
            return value
        held = map(tuple, given.split(_GAP))
        value = hand.__dict__[self.name] = tuple(held) if self.name == "deal" else tuple(enumerate(held))
        return value


_GAP = b"\xff"  # between two seats' cards in deal_bytes and pass_bytes (clean_lane.GAP: no card's byte)


@lru_cache(maxsize=64)
def _turns(size: int) -> tuple[tuple[int, ...], ...]:
    """The seats in turn from each leader's, at a table of ``size``."""
    return tuple(tuple((lead + k) % size for k in range(size)) for lead in range(size))


setattr(Hand, "tricks", _TricksFromBytes())  # after @dataclass, which would read a class value as the default  # noqa: B010
setattr(Hand, "score", ScoreFromText())  # noqa: B010
setattr(Hand, "deal", _HeldFromBytes("deal", "deal_bytes"))  # noqa: B010
setattr(Hand, "passes", _HeldFromBytes("passes", "pass_bytes"))  # noqa: B010
# What every hand read at once (usual_game) holds, given by the class where such a hand's __dict__ leaves it out
# (a key of its own costs some 300 instructions a hand); a hand made by __init__ holds its own, which wins. (The
# fields given a default, leftover and started among them, have it here already.)
for _field, _value in (("books", None), ("misdeal", False), ("events", ())):
    setattr(Hand, _field, _value)


def has_tricks(hand: Hand) -> bool:
    """Whether a hand records a trick, asked without making the tricks the one-pass reader left to be made."""
    return hand.play_bytes is not None or bool(hand.tricks)


def compact_tricks(document: dict[str, Any]) -> dict[str, Any]:
    """A log document with each trick played in turn written compactly, ``[leader, card, card, ...]`` (the
    game-log schema's second form of a trick: the same game, read the same, in less text); a trick played out
    of turn keeps its plays ``{player: card}``."""
    players = document.get("players") or []
    seat_of = {name: seat for seat, name in enumerate(players)}
    hands = []
    for hand in document.get("hands") or []:
        if isinstance(hand, dict) and isinstance(hand.get("tricks"), list):
            hand = {**hand, "tricks": [_compact(trick, players, seat_of) for trick in hand["tricks"]]}
        hands.append(hand)
    return {**document, "hands": hands}


def _compact(trick: Any, players: list[str], seat_of: dict[str, int]) -> Any:
    # only a trick written play by play, each play one {player: card}: one written compactly already is kept
    if not isinstance(trick, list) or not all(isinstance(entry, dict) and len(entry) == 1 for entry in trick):
        return trick
    plays = [next(iter(entry.items())) for entry in trick]
    if not plays or any(name not in seat_of for name, _ in plays):
        return trick
    first = seat_of[plays[0][0]]
    if any(seat_of[name] != (first + k) % len(players) for k, (name, _) in enumerate(plays)):
        return trick
    return [plays[0][0], *(card for _, card in plays)]


def plays_of(tricks: tuple[Trick, ...] | None) -> list[tuple[int, int]]:
    """Every (seat, card) played in a hand, in order."""
    if not tricks:
        return []
    seat_groups, card_groups = zip(*tricks, strict=True)
    return list(zip(chain.from_iterable(seat_groups), chain.from_iterable(card_groups), strict=True))


@dataclass(frozen=True)
class GameLog(RecordedGame):
    """A recorded trick game: the header every family shares, and its hands."""

    hands: tuple[Hand, ...]
    dealer_draw: tuple[tuple[int, int], ...] | None = None  # (seat, card) each player drew for the first deal


def read(document: dict[str, Any], where: Location, node: Any = None) -> GameLog:
    """A GameLog from a schema-valid trick-game document."""
    from .log_reader import Reader  # (which reads into the records here)

    return Reader(document, where, node).game()


def read_fast(document: Any, where: Location, text: str | None = None) -> GameLog | None:
    """The GameLog :func:`read` gives, in one pass and without the schema, or None where the pass cannot vouch
    for the document (then the schema and :func:`read` decide, with their located messages); ``text``: see
    :func:`~referee.logreader.read_in_one_pass`."""
    from .onepass import OnePassReader  # which reads with the reader here, so imported once it is made

    found: GameLog | None = read_in_one_pass(OnePassReader, document, where, text)
    return found


def read_text(text: str, where: Location) -> GameLog | None:
    """The GameLog :func:`~referee.gamelog.from_json_text` gives for a JSON text holding no backslash, read from
    the text with each hand's tricks cut out before the decode (see :mod:`.tricks_text`), or None where that
    cannot vouch for the text (then it is decoded whole)."""
    reader = _TEXT_READER.get("read_text")
    if reader is None:  # imported on first use (it reads with the one-pass reader), then looked up: a game each
        from . import tricks_text

        reader = _TEXT_READER["read_text"] = tricks_text.read_text
    return reader(text, where)


_TEXT_READER: dict[str, Callable[[str, Location], GameLog | None]] = {}
