"""Domino logs: a schema-valid document read into plain, typed turns.

A domino hand records the draw (each player's tiles), optionally the
boneyard, and each turn in order: a tile laid (and on which end), a tile
drawn from the boneyard, or a knock. Tiles are written ``6-4``, ``6|4`` or
``[6:4]``. Whether the game kept the rules is decided by
:mod:`referee.dominoes.audit`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from itertools import chain, compress, repeat
from typing import Any

from ..document_paths import key_step
from ..errors import Location
from ..families import is_domino_document as is_domino_document  # told by the families, which import this late
from ..logreader import LogReader, RecordedGame, RecordedScore, read_in_one_pass, recorded_scores, whole
from ..logshape import turn_conforms
from ..score_text import ScoreFromText
from .layout import ARM_NAMES
from .tiles import NEXT_STATE, STATE_GROWS, TILE_TOKENS, TileError, parse_tile, tile_name

KNOCK_WORDS = frozenset({"knock", "pass"})
_POINTS_TYPES = frozenset({int, type(None)})


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


# What a turn did, whoever took it: (action, tile, arm, points), as in Turn, then what the clean check
# (:mod:`.clean_turns`) reads of the tile, worked out once: its bit, and what it leaves laid on an end in each
# state, and by how much the count grows (tiles.NEXT_STATE and STATE_GROWS). Every turn written alike is the same
# tuple (see _MOVES).
Move = tuple[Action, int, int, int | None, int, tuple[int, ...], tuple[int, ...]]
# A turn: its seat, then its move, in one flat tuple (a hand is read, compared and checked as one tuple of these:
# the clean check unpacks each in one step). A turn written alike by the same player is the same tuple (see
# member_text).
Play = tuple[int, Action, int, int, int | None, int, tuple[int, ...], tuple[int, ...]]
_NONE: tuple[int, ...] = ()


def joined(seats: Any, moves: Any) -> tuple[Play, ...]:
    """Each turn's play, from its seat and its move (in a few built-in calls for the whole hand)."""
    plays: tuple[Play, ...] = tuple(map(tuple.__add__, zip(seats), moves))
    return plays


def make_move(action: Action, tile: int = -1, arm: int = -1, points: int | None = None) -> Move:
    """A turn's move, with what the clean check reads of its tile."""
    if tile < 0:
        return (action, tile, arm, points, 0, _NONE, _NONE)
    return (action, tile, arm, points, 1 << tile, NEXT_STATE[tile], STATE_GROWS[tile])


KNOCK = make_move(Action.KNOCK)


@dataclass(frozen=True)
class DominoHand:
    """One recorded hand."""

    number: int
    held: tuple[int, ...]  # each seat's tiles as drawn, as a hand: the sum of their bits (a tile drawn twice carries)
    drawn: tuple[int, ...]  # how many tiles each seat drew
    boneyard: tuple[int, ...] | None
    plays: tuple[Play, ...]  # who took each turn, in order, and what they did
    award: tuple[tuple[str, int], ...] | None  # the hand-end points the table wrote, by side or player
    score: tuple[RecordedScore, ...] | None
    redrawn: bool  # thrown in and drawn again (nobody held a double)
    # The score as its text, where the plays-text reader cut it out of the game's text (see referee.score_text): the
    # audit holds it to the true figures' text, and ``score`` is made from it on first use. Neither an argument of
    # __init__ nor compared (it says again what the score says).
    score_text: tuple[tuple[str, ...], str] | None = field(default=None, init=False, compare=False, repr=False)

    @cached_property
    def draw(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's tiles as drawn, for the check of a draw not as the rules have it: read from each seat's
        tokens as the reader kept them, each a usual one (``tokens``, not a field: a clean draw never needs this)."""
        return tuple(tuple(map(TILE_TOKENS.__getitem__, tokens)) for tokens in self.__dict__["tokens"])

    @cached_property
    def turns(self) -> tuple[Turn, ...]:
        """The turns one by one, for the careful replay and the pictures (a clean hand never needs them)."""
        return tuple(Turn(number, *play[:5]) for number, play in enumerate(self.plays, 1))


setattr(DominoHand, "score", ScoreFromText())  # after @dataclass, which would read a class value as a default  # noqa: B010


def drawn_as(draw: list[tuple[int, ...]]) -> tuple[tuple[int, ...], tuple[int, ...], list[list[str]]]:
    """Each seat's hand, how many tiles they drew, and their tiles' usual tokens, from each seat's tiles."""
    tokens = [[tile_name(tile) for tile in tiles] for tiles in draw]
    return tuple(sum(1 << tile for tile in tiles) for tiles in draw), (*map(len, draw),), tokens


@dataclass(frozen=True)
class DominoLog(RecordedGame):
    """A recorded domino game: the header every family shares, and its hands."""

    hands: tuple[DominoHand, ...]


# The move each way of writing a turn's value means (the value itself, or a {tile, end, points} object's items),
# learned as turns are read one by one: an archive writes the same few hundred turns millions of times.
# Bounded, since a log may write any number of points.
_MOVES: dict[Any, Move] = {}
_MOVES_KEPT = 20_000


def _keys_among_words(values: list[Any]) -> list[Any]:
    """The _MOVES key of each turn's value, where some are written as a word or a bare tile (their own key):
    the objects' items a run at a time, at C speed, each word taken where the run stops at it."""
    keys: list[Any] = []
    rest = iter(values)
    while True:
        try:
            keys.extend(map(tuple, map(dict.items, rest)))
            return keys
        except TypeError:
            word = values[len(keys)]  # the value the run stopped at, which it took from rest
            if type(word) is not str:
                raise
            keys.append(word)


class _Reader(LogReader):
    """Builds a DominoLog from a document, with located errors.

    As with trick logs (:mod:`referee.tricks.log`), the document is schema-valid, or :func:`read_fast` reads it
    without the schema: then the draw, the boneyard and the plays are checked here as they are read, the rest
    of a hand by :func:`~referee.logshape.hand_conforms`, and any surprise hands the document back.
    """

    READ_AND_CHECKED = frozenset({"draw", "boneyard", "plays"})  # turned into ints, checked as read
    # What a domino hand records. The schema is one for both families, so a trick game's field in a domino hand
    # (tricks, bids...) passes it, and would be passed over unread: a game recorded half as the other family's.
    FIELDS = frozenset({*READ_AND_CHECKED, "award", "score", "misdeal", "note"})

    @cached_property
    def booleans(self) -> bool:
        """Whether the document may hold a boolean where a number should be: not where the schema passed it, nor
        where the JSON text it was decoded from holds no ``true`` or ``false`` at all."""
        if self.schema_checked:
            return False
        return self.text is None or "true" in self.text or "false" in self.text

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

    def plays(self, hand: int, plays: Any) -> tuple[Play, ...]:
        """A hand's plays: each turn's value looked up among those already read (a few built-in calls for the
        whole hand), else read turn by turn."""
        if type(plays) is not list:  # not in a schema-valid document
            raise TypeError("a list of plays")
        try:
            values = [*chain.from_iterable(map(dict.values, plays))]  # each play an object
            if len(values) != len(plays) or {} in plays:  # of one member each
                raise TypeError("a turn")
            seats = tuple(map(self.seat_of.__getitem__, chain.from_iterable(plays)))
            try:
                keys: list[Any] = [*map(tuple, map(dict.items, values))]
                objects = values
            except TypeError:  # some turns written as a word or a bare tile
                keys = _keys_among_words(values)
                objects = [*compress(values, map(isinstance, values, repeat(dict)))]
            # True == 1 and False == 0 as dict keys: a boolean's points must not pass for a number's (unless the
            # schema passed the document, or its text holds no boolean)
            if self.booleans and not _POINTS_TYPES.issuperset(map(type, map(dict.get, objects, repeat("points")))):
                raise TypeError("points")
            moves = tuple(map(_MOVES.__getitem__, keys))
            if self.text is not None:  # each {player: turn}, and each turn object's members
                self.keys += len(plays) + sum(map(len, objects))
            return joined(seats, moves)
        except (KeyError, TypeError, AttributeError):
            pass
        turns = [self.turn(hand, i, entry) for i, entry in enumerate(plays)]
        return joined((seat for seat, _ in turns), (move for _, move in turns))

    def turn(self, hand: int, index: int, entry: Any) -> tuple[int, Move]:
        """One turn's seat and move, with a located error for what cannot be read."""
        if type(entry) is not dict or len(entry) != 1:  # not in a schema-valid document
            raise TypeError("a turn")
        ((name, value),) = entry.items()
        path = f"$.hands[{hand - 1}].plays[{index}]"
        seat = self.seat(name, path, hand)
        self.keys += 1
        if type(value) is dict:
            conforms = turn_conforms(value)
            if not self.schema_checked and not conforms:
                raise TypeError("a turn")  # perhaps not schema-valid: the schema decides
            key: Any = tuple(value.items())
            self.keys += len(key)
        elif type(value) is str:
            if not value:
                raise TypeError("an empty turn")  # not in a schema-valid document
            key, conforms = value, True
        else:
            raise TypeError("a turn")  # not in a schema-valid document
        move = _MOVES.get(key) if conforms else None
        if move is None:
            move = self.move(value, path, hand, name)
            # only what the shape check passes is kept: a turn found among them is one it would pass
            if conforms and len(_MOVES) < _MOVES_KEPT:
                _MOVES[key] = move
        return seat, move

    def move(self, value: str | dict[str, Any], path: str, hand: int, name: str) -> Move:
        """What a turn's value (schema-valid, or checked by turn_conforms) means."""
        if isinstance(value, str):
            if value.strip().lower() in KNOCK_WORDS:
                return KNOCK
            if value.strip().lower() == "draw":
                raise self.fail("a draw names the tile drawn: {draw: 3-2}", path, hand, seat=name)
            return make_move(Action.PLAY, self.tile(value, path, hand, name))
        if "draw" in value:
            return make_move(Action.DRAW, self.tile(value["draw"], f"{path}.draw", hand, name))
        if "tile" not in value:
            raise self.fail("a play names its tile: {tile: 6-4, end: left}", path, hand, seat=name)
        arm = ARM_NAMES.index(value["end"]) if "end" in value else -1
        tile = self.tile(value["tile"], f"{path}.tile", hand, name)
        return make_move(Action.PLAY, tile, arm, whole(value.get("points")))

    def hand(self, number: int, body: dict[str, Any]) -> DominoHand:
        base = f"$.hands[{number - 1}]"
        for key in body:
            if key not in self.FIELDS:
                message = f"{key!r} is a trick-taking game's record, and this log records a domino game"
                raise self.fail(f"{message} (its hands hold draw, boneyard or plays)", f"{base}.{key}", number)
        if "draw" not in body:
            raise self.fail("a domino hand records the draw: each player's tiles", base, number)
        draw: list[tuple[int, ...]] = [() for _ in self.players]
        for name, tokens in body["draw"].items():
            seat = self.seat(name, f"{base}.draw", number)
            draw[seat] = self.tiles(tokens, f"{base}.draw{key_step(name)}", number, name)
        boneyard = None
        if "boneyard" in body:
            boneyard = self.tiles(body["boneyard"], f"{base}.boneyard", number)
        plays = self.plays(number, body["plays"]) if "plays" in body else ()
        award = tuple((key, whole(v)) for key, v in body["award"].items()) if "award" in body else None
        score = None
        if "score" in body:
            score = recorded_scores(body["score"])
        held, drawn, tokens = drawn_as(draw)
        found = DominoHand(number, held, drawn, boneyard, plays, award, score, bool(body.get("misdeal", False)))
        found.__dict__["tokens"] = tokens  # (for DominoHand.draw, where needed)
        return found

    def game(self) -> DominoLog:
        hands = tuple(self.hand(i, body) for i, body in enumerate(self.doc["hands"], 1))
        return DominoLog(hands=hands, **self.header())


def read(document: dict[str, Any], where: Location, node: Any = None) -> DominoLog:
    """A DominoLog from a schema-valid domino document."""
    return _Reader(document, where, node).game()


def read_fast(document: Any, where: Location, text: str | None = None) -> DominoLog | None:
    """The DominoLog :func:`read` gives, in one pass and without the schema, or None where the pass cannot vouch
    for the document (then the schema and :func:`read` decide, with their located messages); ``text``: see
    :func:`~referee.logreader.read_in_one_pass`."""
    from .onepass import OnePassReader  # which reads with the reader here, so imported once it is made

    found: DominoLog | None = read_in_one_pass(OnePassReader, document, where, text)
    return found


def read_text(text: str, where: Location) -> DominoLog | None:
    """The DominoLog :func:`~referee.gamelog.from_json_text` gives for a JSON text holding no backslash, read
    from the text with each hand's plays cut out before the decode (see :mod:`.plays_text`), or None where
    that cannot vouch for the text (then it is decoded whole)."""
    from . import plays_text  # which reads with the one-pass reader, so imported once it is made

    return plays_text.read_text(text, where)
