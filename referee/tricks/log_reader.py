"""The careful reader of a trick-game document: names made seats, tokens made cards, each failure located.

:func:`referee.tricks.log.read` reads a schema-valid document with it; the one-pass reader
(:mod:`.onepass`) reads a document not known to be valid with it, field by field.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..document_paths import key_step
from ..logreader import LogReader, RecordedScore, recorded_scores, whole
from .cards import TOKENS, CardError, parse_card
from .log import NUMBER_BIDS, SHARED_BIDS, SHARED_SEATS, Bid, Event, GameLog, Hand, Trick

if TYPE_CHECKING:
    from datetime import time


def clock_seconds(text: str) -> float | None:
    """A clock time as seconds: since midnight for a time of day; for a date and time, since the midnight before
    the first day of the calendar (``clock.DAY`` or more), the time read as written (its zone is the table's)."""
    from datetime import datetime, time  # (a timed match's alone: ~4.5M instructions of every start, see stand_ins)

    if "T" in text or " " in text.strip():
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            return None
        return when.toordinal() * 86400 + _of_day(when.time())
    try:
        return _of_day(time.fromisoformat(text))
    except ValueError:
        return None


def _of_day(moment: time) -> float:
    return moment.hour * 3600 + moment.minute * 60 + moment.second + moment.microsecond / 1e6


class Reader(LogReader):
    """Builds a GameLog from a document, with located errors.

    The document is schema-valid, or (:func:`referee.tricks.log.read_fast`) it is not known to be: then every
    field this reader turns into ints (deal, passes, tricks, leftover) is checked here as it is turned, anything
    else in a hand by :func:`referee.logshape.hand_conforms`, and a surprise (a TypeError, KeyError, an InputError)
    sends the document back to the schema and the careful reading, which say what is wrong and where.
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
            out.append((seat, self.cards(tokens, f"$.hands[{number - 1}].{field}{key_step(name)}", number, name)))
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
            if type(value) is int and 0 <= value <= SHARED_BIDS:  # the usual bid: one shared record of it
                return NUMBER_BIDS[seat][value] if seat < SHARED_SEATS else self.bid(seat, value)
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
                raise self.fail(str(exc), path + key_step(name)) from None
        return tuple(out)
