"""Trick-game logs: a schema-valid document read into plain, typed events.

Reading turns player names into seat numbers and card tokens into card
ints, and fails with a located :class:`~referee.errors.InputError` on
anything it cannot read. Whether the game kept the rules is decided by
:mod:`referee.tricks.audit`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time
from typing import Any

from ..errors import Location
from ..logreader import LogReader, RecordedGame, RecordedScore, recorded_scores, whole
from .cards import TOKENS, CardError, parse_card


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick."""

    seat: int
    card: int


@dataclass(frozen=True)
class Bid:
    """One bid as recorded."""

    seat: int  # the bidder, or a member of the side for a side's bid
    tricks: int | None
    kind: str = "number"
    raise_: bool = False
    side_bid: bool = False  # recorded for the side as a whole (a score sheet)
    side_key: str | None = None  # the side's name as written, resolved to a seat by the audit


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


@dataclass(frozen=True)
class Hand:
    """One recorded hand; any part may be missing from a record."""

    number: int
    dealer: int | None
    deal: tuple[tuple[int, ...], ...] | None  # each seat's dealt cards, in the order written
    bids: tuple[Bid, ...] | None
    bids_ordered: bool
    passes: tuple[tuple[int, tuple[int, ...]], ...] | None
    tricks: tuple[tuple[Play, ...], ...] | None
    books: tuple[tuple[str, int], ...] | None  # keyed by side or member name, resolved by the audit
    score: tuple[RecordedScore, ...] | None
    misdeal: bool
    events: tuple[Event, ...]
    leftover: tuple[int, ...] | None = None  # cards the record shows left undealt (out of play)
    started: float | None = None  # for a timed match: when the hand started, in seconds (see clock_seconds)


@dataclass(frozen=True)
class GameLog(RecordedGame):
    """A recorded trick game: the header every family shares, and its hands."""

    hands: tuple[Hand, ...]


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
    """Builds a GameLog from a schema-valid document, with located errors."""

    def card(self, token: Any, path: str, hand: int, trick: int | None = None, seat: str | None = None) -> int:
        try:
            return parse_card(token)
        except CardError as exc:
            raise self.fail(str(exc), path, hand, trick, seat) from None

    def cards(self, tokens: list[Any], path: str, hand: int, seat: str | None) -> tuple[int, ...]:
        try:
            return tuple(TOKENS[token] for token in tokens)  # the common case: canonical tokens
        except (KeyError, TypeError):
            return tuple(self.card(token, f"{path}[{i}]", hand, seat=seat) for i, token in enumerate(tokens))

    def trick(self, hand: int, index: int, trick: list[dict[str, Any]]) -> tuple[Play, ...]:
        seat_of = self.seat_of
        try:
            return tuple(Play(seat_of[name], TOKENS[token]) for entry in trick for name, token in entry.items())
        except (KeyError, TypeError):
            pass  # find and locate the bad entry
        plays = []
        for p, entry in enumerate(trick):
            name, token = next(iter(entry.items()))
            path = f"$.hands[{hand - 1}].tricks[{index}][{p}]"
            seat = self.seat(name, path, hand, index + 1)
            plays.append(Play(seat, self.card(token, path, hand, index + 1, name)))
        return tuple(plays)

    def bid(self, seat: int, value: Any, side_bid: bool = False) -> Bid:
        if isinstance(value, (int, float)):
            return Bid(seat, whole(value), "number", False, side_bid)
        if isinstance(value, str):
            return Bid(seat, 0, value.replace(" ", "_"), False, side_bid)
        kind = value["kind"]
        return Bid(seat, whole(value.get("tricks")), kind, bool(value.get("raise", False)), side_bid)

    def hand(self, number: int, body: dict[str, Any]) -> Hand:
        base = f"$.hands[{number - 1}]"
        dealer = self.seat(body["dealer"], f"{base}.dealer", number) if "dealer" in body else None
        deal = None
        if "deal" in body:
            holdings: list[tuple[int, ...]] = [() for _ in self.players]
            for name, tokens in body["deal"].items():
                seat = self.seat(name, f"{base}.deal", number)
                holdings[seat] = self.cards(tokens, f"{base}.deal.{name}", number, name)
            deal = tuple(holdings)
        bids = None
        ordered = False
        if "bids" in body:
            raw = body["bids"]
            if isinstance(raw, list):
                ordered = True
                entries = [next(iter(entry.items())) for entry in raw]
                bids = tuple(self._keyed_bid(name, value) for name, value in entries)
            else:
                bids = tuple(self._keyed_bid(name, value) for name, value in raw.items())
        passes = None
        if "passes" in body:
            passes = tuple(
                (
                    self.seat(name, f"{base}.passes", number),
                    self.cards(tokens, f"{base}.passes.{name}", number, name),
                )
                for name, tokens in body["passes"].items()
            )
        tricks = None
        if "tricks" in body:
            tricks = tuple(self.trick(number, t, trick) for t, trick in enumerate(body["tricks"]))
        books = tuple((key, whole(value)) for key, value in body["books"].items()) if "books" in body else None
        score = None
        if "score" in body:
            score = recorded_scores(body["score"])
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
        )

    def _keyed_bid(self, key: str, value: Any) -> Bid:
        if key in self.seat_of:
            return self.bid(self.seat_of[key], value)
        # a side's bid: which side a name stands for depends on the spec's seating, known to the audit
        return replace(self.bid(-1, value, side_bid=True), side_key=key)

    def game(self) -> GameLog:
        hands = tuple(self.hand(i, body) for i, body in enumerate(self.doc["hands"], 1))
        return GameLog(hands=hands, **self.header())


def read(document: dict[str, Any], where: Location, node: Any = None) -> GameLog:
    """A GameLog from a schema-valid trick-game document."""
    return _Reader(document, where, node).game()
