"""Trick-game logs: a schema-valid document read into plain, typed events.

Reading turns player names into seat numbers and card tokens into card
ints, and fails with a located :class:`~referee.errors.InputError` on
anything it cannot read. Whether the game kept the rules is decided by
:mod:`referee.tricks.audit`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, time
from functools import cached_property, lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any

from ..errors import Location
from ..logreader import LogReader, RecordedGame, RecordedScore, read_in_one_pass, recorded_scores, whole
from ..score_text import ScoreFromText
from .cards import TOKENS, CardError, parse_card

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
_SHARED_BIDS, _SHARED_SEATS = 26, 10
_NUMBER_BIDS = tuple(tuple(Bid(seat, tricks) for tricks in range(_SHARED_BIDS + 1)) for seat in range(_SHARED_SEATS))


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
    started: float | None = None  # for a timed match: when the hand started, in seconds (see clock_seconds)
    # The tricks as the whole-hand play check reads them (clean_hand): each card in play order and each trick's
    # leader, a byte each. Set only by the one-pass reader, which vouches that every trick was played in turn by
    # all the players; not an argument of __init__, so a hand made or replaced otherwise has None (its tricks are
    # then read for the check), nor compared (it says again what the tricks say).
    play_bytes: tuple[bytes, bytes] | None = field(default=None, init=False, compare=False, repr=False)
    # The score as its text, where the one-pass reader cut it out of the game's text (see score_text): the audit
    # holds it to the true figures' text, and ``score`` is made from it on first use. Neither an argument of
    # __init__ nor compared, as play_bytes.
    score_text: tuple[tuple[str, ...], str] | None = field(default=None, init=False, compare=False, repr=False)


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


@lru_cache(maxsize=64)
def _turns(size: int) -> tuple[tuple[int, ...], ...]:
    """The seats in turn from each leader's, at a table of ``size``."""
    return tuple(tuple((lead + k) % size for k in range(size)) for lead in range(size))


setattr(Hand, "tricks", _TricksFromBytes())  # after @dataclass, which would read a class value as the default  # noqa: B010
setattr(Hand, "score", ScoreFromText())  # noqa: B010


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
    plays = [next(iter(entry.items())) for entry in trick] if isinstance(trick, list) else []
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


def clock_seconds(text: str) -> float | None:
    """A clock time as seconds: since midnight for a time of day, since the epoch for a date and time."""
    if "T" in text or " " in text.strip():
        try:
            return datetime.fromisoformat(text).timestamp()
        except ValueError:
            return None
    try:
        moment = time.fromisoformat(text)
    except ValueError:
        return None
    return moment.hour * 3600 + moment.minute * 60 + moment.second + moment.microsecond / 1e6


class _Reader(LogReader):
    """Builds a GameLog from a document, with located errors.

    The document is schema-valid, or (:func:`read_fast`) it is not known to be: then every field this reader
    turns into ints (deal, passes, tricks, leftover) is checked here as it is turned, anything else in a hand by
    :func:`referee.logshape.hand_conforms`, and a surprise (a TypeError, KeyError, an InputError) sends the document
    back to the schema and the careful reading, which say what is wrong and where.
    """

    READ_AND_CHECKED = frozenset({"deal", "passes", "tricks", "leftover"})  # turned into ints, checked as read
    COUNTS_KEYS = True

    def card(self, token: Any, path: str, hand: int, trick: int | None = None, seat: str | None = None) -> int:
        try:
            return parse_card(token)
        except CardError as exc:
            raise self.fail(str(exc), path, hand, trick, seat) from None

    def cards(self, tokens: list[Any], path: str, hand: int, seat: str | None) -> tuple[int, ...]:
        if type(tokens) is not list:  # not in a schema-valid document
            raise TypeError("a list of cards")
        try:
            return tuple(map(TOKENS.__getitem__, tokens))  # the common case: canonical tokens, read at C speed
        except (KeyError, TypeError):
            return tuple(self.card(token, f"{path}[{i}]", hand, seat=seat) for i, token in enumerate(tokens))

    def tricks(self, hand: int, raw: list[list[Any]]) -> tuple[Trick, ...]:
        if type(raw) is not list:  # not in a schema-valid document
            raise TypeError("a list of tricks")
        count = len(self.players)
        try:  # the common cases, the whole hand at C speed: a play from each seat a trick, canonical cards
            if raw and set(map(type, raw)) == {list}:
                entries = [*chain.from_iterable(raw)]
                kinds = set(map(type, entries))
                if kinds == {str} and set(map(len, raw)) == {count + 1}:  # compact: [leader, card, card, ...]
                    seats = [*map(self.clockwise.__getitem__, map(self.seat_of.__getitem__, map(itemgetter(0), raw)))]
                    played = chain.from_iterable(map(itemgetter(slice(1, None)), raw))
                    cards = [*zip(*[map(TOKENS.__getitem__, played)] * count, strict=True)]
                    return tuple(zip(seats, cards, strict=True))
                if kinds == {dict} and set(map(len, raw)) == {count} and set(map(len, entries)) == {1}:
                    names, tokens = zip(*chain.from_iterable(map(dict.items, entries)), strict=True)
                    seats = [*zip(*[map(self.seat_of.__getitem__, names)] * count, strict=True)]
                    cards = [*zip(*[map(TOKENS.__getitem__, tokens)] * count, strict=True)]
                    self.keys += len(entries)  # counted once read: a failure above reads the tricks again
                    return tuple(zip(seats, cards, strict=True))
        except (KeyError, TypeError):
            pass  # read trick by trick, to find and locate what is wrong
        return tuple(self.trick(hand, index, trick) for index, trick in enumerate(raw))

    @cached_property
    def clockwise(self) -> tuple[tuple[int, ...], ...]:
        """The seats in turn from each leader: a compact trick's players (as many as its cards)."""
        count = len(self.players)
        return tuple(tuple((lead + k) % count for k in range(count)) for lead in range(count))

    def compact_trick(self, hand: int, index: int, trick: list[Any]) -> Trick:
        """A trick written [leader, card, card, ...]: each card played by the next player clockwise."""
        base = f"$.hands[{hand - 1}].tricks[{index}]"
        if not all(type(item) is str for item in trick):
            raise self.fail(
                "a trick is written either play by play ({player: card}) or as its leader and cards "
                "([leader, card, ...]), not both",
                base,
                hand,
                index + 1,
            )
        if len(trick) < 2:
            raise self.fail(f"the trick names its leader, {trick[0]!r}, and no card", base, hand, index + 1)
        leader = self.seat(trick[0], f"{base}[0]", hand, index + 1)
        count = len(self.players)
        seats = tuple((leader + k) % count for k in range(len(trick) - 1))
        cards = tuple(
            self.card(token, f"{base}[{k + 1}]", hand, index + 1, self.players[seat])
            for k, (seat, token) in enumerate(zip(seats, trick[1:], strict=True))
        )
        return seats, cards

    def trick(self, hand: int, index: int, trick: list[Any]) -> Trick:
        if type(trick) is not list or not trick:  # not in a schema-valid document
            raise TypeError("a trick")
        if type(trick[0]) is str:
            return self.compact_trick(hand, index, trick)
        try:  # at C speed: each play a one-key {seat: card} object, canonical tokens
            pairs = [*chain.from_iterable(map(dict.items, trick))]
            if len(pairs) == len(trick) and set(map(len, trick)) == {1}:
                names, tokens = zip(*pairs, strict=True)
                found = tuple(map(self.seat_of.__getitem__, names)), tuple(map(TOKENS.__getitem__, tokens))
                # counted once read: a card written another way (a KeyError above) is read again, and counted,
                # below; counted twice, the keys would hide as many duplicates from read_in_one_pass
                self.keys += len(pairs)
                return found
        except (KeyError, TypeError):
            pass  # find and locate the bad entry
        seats: list[int] = []
        cards: list[int] = []
        for p, entry in enumerate(trick):
            if type(entry) is str:
                raise self.fail(
                    "a trick is written either play by play ({player: card}) or as its leader and cards "
                    "([leader, card, ...]), not both",
                    f"$.hands[{hand - 1}].tricks[{index}][{p}]",
                    hand,
                    index + 1,
                )
            if type(entry) is not dict or len(entry) != 1 or type(token := next(iter(entry.values()))) is not str:
                raise TypeError("a play")  # not in a schema-valid document
            name = next(iter(entry))
            self.keys += 1
            path = f"$.hands[{hand - 1}].tricks[{index}][{p}]"
            seats.append(self.seat(name, path, hand, index + 1))
            cards.append(self.card(token, path, hand, index + 1, name))
        return tuple(seats), tuple(cards)

    def bid(self, seat: int, value: Any, side_bid: bool = False) -> Bid:
        if isinstance(value, (int, float)):
            return Bid(seat, whole(value), "number", False, side_bid)
        if isinstance(value, str):
            return Bid(seat, 0, value.replace(" ", "_"), False, side_bid)
        kind = value["kind"]
        return Bid(seat, whole(value.get("tricks")), kind, bool(value.get("raise", False)), side_bid)

    def by_seat(self, number: int, field: str, raw: dict[str, Any]) -> list[tuple[int, tuple[int, ...]]]:
        """A hand's cards by player (its deal, its passes): each player's seat and cards."""
        seat_of = self.seat_of
        out = []
        self.keys += len(raw)
        for name, tokens in raw.items():
            seat = seat_of.get(name)
            if seat is None:
                seat = self.seat(name, f"$.hands[{number - 1}].{field}", number)
            if type(tokens) is list:
                try:
                    out.append((seat, tuple(map(TOKENS.__getitem__, tokens))))  # canonical cards, at C speed
                    continue
                except (KeyError, TypeError):
                    pass
            out.append((seat, self.cards(tokens, f"$.hands[{number - 1}].{field}.{name}", number, name)))
        return out

    def deal_of(self, number: int, raw: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """A hand's deal: each seat's cards, in seat order (none for a player the record leaves out)."""
        holdings: list[tuple[int, ...]] = [() for _ in self.players]
        for seat, cards in self.by_seat(number, "deal", raw):
            holdings[seat] = cards
        return tuple(holdings)

    def bids_of(self, raw: list[dict[str, Any]] | dict[str, Any]) -> tuple[Bid, ...]:
        """A hand's bids: in the order made (a list of {player: bid}), or by player (a score sheet's)."""
        self.keys += len(raw)  # a list's entries have one key each (the shape check's)
        if isinstance(raw, list):
            entries = [next(iter(entry.items())) for entry in raw]
            return tuple(self._keyed_bid(name, value) for name, value in entries)
        return tuple(self._keyed_bid(name, value) for name, value in raw.items())

    def scores_of(self, raw: dict[str, Any]) -> tuple[RecordedScore, ...]:
        """What the table wrote down after a hand, by side or player."""
        self.keys += len(raw) + sum(len(v) for v in raw.values() if type(v) is dict)
        return recorded_scores(raw)

    def hand(self, number: int, body: dict[str, Any]) -> Hand:
        base = f"$.hands[{number - 1}]"
        self.keys += len(body)
        dealer = self.seat(body["dealer"], f"{base}.dealer", number) if "dealer" in body else None
        deal = self.deal_of(number, body["deal"]) if "deal" in body else None
        bids = None
        ordered = False
        if "bids" in body:
            ordered = isinstance(body["bids"], list)
            bids = self.bids_of(body["bids"])
        passes = None
        if "passes" in body:
            passes = tuple(self.by_seat(number, "passes", body["passes"]))
        tricks = None
        if "tricks" in body:
            tricks = self.tricks(number, body["tricks"])
        books = None
        if "books" in body:
            books = tuple((key, whole(value)) for key, value in body["books"].items())
            self.keys += len(books)
        score = self.scores_of(body["score"]) if "score" in body else None
        events = tuple(self._event(number, i, e) for i, e in enumerate(body.get("events", ())))
        misdeal = bool(body.get("misdeal", False)) or any(e.type == "misdeal" for e in events)
        leftover = self.cards(body["leftover"], f"{base}.leftover", number, None) if "leftover" in body else None
        started = None
        if "started" in body:
            started = clock_seconds(body["started"])
            if started is None:
                message = f"{body['started']!r} is not a clock time (HH:MM, HH:MM:SS, or an ISO 8601 date and time)"
                raise self.fail(message, f"{base}.started", number)
        return Hand(
            number, dealer, deal, bids, ordered, passes, tricks, books, score, misdeal, events, leftover, started
        )

    def _event(self, number: int, index: int, e: dict[str, Any]) -> Event:
        path = f"$.hands[{number - 1}].events[{index}]"
        self.keys += len(e)
        return Event(
            e["type"],
            self.seat(e["seat"], f"{path}.seat", number) if "seat" in e else None,
            e.get("trick"),
            e.get("note") or e.get("reason"),
            self.seat(e["by"], f"{path}.by", number) if "by" in e else None,
            self.card(e["card"], f"{path}.card", number, e.get("trick")) if "card" in e else None,
            e.get("cards_played"),
            e.get("cause"),
            e.get("bids_made"),
            e.get("answer"),
        )

    def _keyed_bid(self, key: str, value: Any) -> Bid:
        if type(value) is dict:
            self.keys += len(value)
        if key in self.seat_of:
            seat = self.seat_of[key]
            if type(value) is int and 0 <= value <= _SHARED_BIDS:  # the usual bid: one shared record of it
                return _NUMBER_BIDS[seat][value] if seat < _SHARED_SEATS else self.bid(seat, value)
            return self.bid(seat, value)
        # a side's bid: which side a name stands for depends on the spec's seating, known to the audit
        return replace(self.bid(-1, value, side_bid=True), side_key=key)

    def game(self) -> GameLog:
        hands = tuple(self.hand(i, body) for i, body in enumerate(self.doc["hands"], 1))
        return GameLog(hands=hands, dealer_draw=self._dealer_draw(), **self.header())

    def _dealer_draw(self) -> tuple[tuple[int, int], ...] | None:
        drawn = (self.doc.get("game") or {}).get("dealer_draw")
        if drawn is None:
            return None
        path = "$.game.dealer_draw"
        out = []
        for name, token in drawn.items():
            try:
                out.append((self.seat(name, path), parse_card(token)))
            except CardError as exc:
                raise self.fail(str(exc), f"{path}.{name}") from None
        return tuple(out)


def read(document: dict[str, Any], where: Location, node: Any = None) -> GameLog:
    """A GameLog from a schema-valid trick-game document."""
    return _Reader(document, where, node).game()


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
