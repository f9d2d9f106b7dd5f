"""Domino logs: a schema-valid document read into plain, typed turns.

A domino hand records the draw (each player's tiles), optionally the
boneyard, and each turn in order: a tile laid (and on which end), a tile
drawn from the boneyard, or a knock. Tiles are written ``6-4``, ``6|4`` or
``[6:4]``. Whether the game kept the rules is decided by
:mod:`referee.dominoes.audit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ..errors import Location
from ..logreader import LogReader, RecordedGame, RecordedScore, read_in_one_pass, recorded_scores, whole
from ..tricks.logshape import turn_conforms
from .layout import ARM_NAMES
from .tiles import TILE_TOKENS, TileError, parse_tile

KNOCK_WORDS = frozenset({"knock", "pass"})
HAND_KEYS = frozenset({"draw", "boneyard", "plays"})  # a hand with any of these is a domino hand


class Action(IntEnum):
    """What a player did on a turn."""

    PLAY = 0
    DRAW = 1
    KNOCK = 2


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry of a hand's plays: who did what (``arm`` -1 where the log names no end)."""

    number: int  # 1-based, in the order of the hand's plays
    seat: int
    action: Action
    tile: int = -1
    arm: int = -1
    points: int | None = None  # what the table wrote down for this play


@dataclass(frozen=True)
class DominoHand:
    """One recorded hand."""

    number: int
    draw: tuple[tuple[int, ...], ...]  # each seat's tiles as drawn
    boneyard: tuple[int, ...] | None
    turns: tuple[Turn, ...]
    award: tuple[tuple[str, int], ...] | None  # the hand-end points the table wrote, by side or player
    score: tuple[RecordedScore, ...] | None
    redrawn: bool  # thrown in and drawn again (nobody held a double)


@dataclass(frozen=True)
class DominoLog(RecordedGame):
    """A recorded domino game: the header every family shares, and its hands."""

    hands: tuple[DominoHand, ...]


def is_domino_document(document: Any) -> bool:
    """Whether a log document records a domino game (a hand with a draw, a boneyard or plays)."""
    if not isinstance(document, dict) or not isinstance(document.get("hands"), list):
        return False
    return any(isinstance(hand, dict) and not HAND_KEYS.isdisjoint(hand) for hand in document["hands"])


class _Reader(LogReader):
    """Builds a DominoLog from a document, with located errors.

    As with trick logs (:mod:`referee.tricks.log`), the document is schema-valid, or :func:`read_fast` reads it
    without the schema: then the draw, the boneyard and the plays are checked here as they are read, the rest
    of a hand by :func:`~referee.tricks.logshape.hand_conforms`, and any surprise hands the document back.
    """

    READ_AND_CHECKED = frozenset({"draw", "boneyard", "plays"})  # turned into ints, checked as read

    def tile(self, token: Any, path: str, hand: int, seat: str | None = None) -> int:
        try:
            return parse_tile(token)
        except TileError as exc:
            raise self.fail(str(exc), path, hand, seat=seat) from None

    def tiles(self, tokens: Any, path: str, hand: int, seat: str | None = None) -> tuple[int, ...]:
        if type(tokens) is not list:  # not in a schema-valid document
            raise TypeError("a list of tiles")
        try:
            return tuple(map(TILE_TOKENS.__getitem__, tokens))  # the usual forms, at C speed
        except (KeyError, TypeError):
            return tuple(self.tile(tok, f"{path}[{i}]", hand, seat) for i, tok in enumerate(tokens))

    def turn(self, hand: int, index: int, entry: dict[str, Any]) -> Turn:
        if type(entry) is not dict or len(entry) != 1:  # not in a schema-valid document
            raise TypeError("a turn")
        name, value = next(iter(entry.items()))
        seat = self.seat_of.get(name)
        number = index + 1
        if type(value) is str:
            laid = TILE_TOKENS.get(value)
            if laid is not None and seat is not None:  # the common case: a tile laid, written the usual way
                return Turn(number, seat, Action.PLAY, laid)
            if not value:
                raise TypeError("an empty turn")  # not in a schema-valid document
        else:
            if not self.schema_checked and not turn_conforms(value):
                raise TypeError("a turn")  # perhaps not schema-valid: the schema decides
            laid = TILE_TOKENS.get(value.get("tile"))
            if laid is not None and seat is not None and type(points := value.get("points", 0)) is int:
                arm = ARM_NAMES.index(value["end"]) if "end" in value else -1
                return Turn(number, seat, Action.PLAY, laid, arm, value.get("points"))
        path = f"$.hands[{hand - 1}].plays[{index}]"
        seat = self.seat(name, path, hand)
        if isinstance(value, str):
            if value.strip().lower() in KNOCK_WORDS:
                return Turn(number, seat, Action.KNOCK)
            if value.strip().lower() == "draw":
                raise self.fail("a draw names the tile drawn: {draw: 3-2}", path, hand, seat=name)
            return Turn(number, seat, Action.PLAY, self.tile(value, path, hand, name))
        if "draw" in value:
            return Turn(number, seat, Action.DRAW, self.tile(value["draw"], f"{path}.draw", hand, name))
        if "tile" not in value:
            raise self.fail("a play names its tile: {tile: 6-4, end: left}", path, hand, seat=name)
        arm = ARM_NAMES.index(value["end"]) if "end" in value else -1
        points = whole(value.get("points"))
        return Turn(number, seat, Action.PLAY, self.tile(value["tile"], f"{path}.tile", hand, name), arm, points)

    def hand(self, number: int, body: dict[str, Any]) -> DominoHand:
        base = f"$.hands[{number - 1}]"
        if "draw" not in body:
            raise self.fail("a domino hand records the draw: each player's tiles", base, number)
        draw: list[tuple[int, ...]] = [() for _ in self.players]
        for name, tokens in body["draw"].items():
            seat = self.seat(name, f"{base}.draw", number)
            draw[seat] = self.tiles(tokens, f"{base}.draw.{name}", number, name)
        boneyard = None
        if "boneyard" in body:
            boneyard = self.tiles(body["boneyard"], f"{base}.boneyard", number)
        plays = body.get("plays") or ()
        if "plays" in body and type(body["plays"]) is not list:  # not in a schema-valid document
            raise TypeError("a list of plays")
        turns = tuple(self.turn(number, i, entry) for i, entry in enumerate(plays))
        award = tuple((key, whole(v)) for key, v in body["award"].items()) if "award" in body else None
        score = None
        if "score" in body:
            score = recorded_scores(body["score"])
        return DominoHand(number, tuple(draw), boneyard, turns, award, score, bool(body.get("misdeal", False)))

    def game(self) -> DominoLog:
        hands = tuple(self.hand(i, body) for i, body in enumerate(self.doc["hands"], 1))
        return DominoLog(hands=hands, **self.header())


def read(document: dict[str, Any], where: Location, node: Any = None) -> DominoLog:
    """A DominoLog from a schema-valid domino document."""
    return _Reader(document, where, node).game()


def read_fast(document: Any, where: Location) -> DominoLog | None:
    """The DominoLog :func:`read` gives, in one pass and without the schema, or None where the pass cannot vouch
    for the document (then the schema and :func:`read` decide, with their located messages)."""
    found: DominoLog | None = read_in_one_pass(_Reader, document, where)
    return found
