"""What reading a log of any family shares: located errors, seats by name, the header."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import logshape
from .document_paths import key_step, path_steps
from .documents import node_line
from .errors import InputError, Location, as_yaml
from .unfit_values import MAX_DIGITS

MAX_HANDS = 500  # the schema is checked a hand at a time, some 2 ms each: a second in all
MAX_NAME = 100  # characters in a player's or a side's name, or a game's id
_LIMIT = 10**MAX_DIGITS  # parse_json refuses a number of more digits
PLAIN_DEPTH = 64  # no game's value is nested so deep; far below where json.loads runs out of stack


@dataclass(frozen=True, kw_only=True)
class RecordedGame:
    """What every family's record of a game holds besides its hands: the header and where it was read.

    Each family's log (``tricks.log.GameLog``, ``dominoes.log.DominoLog``) adds its own ``hands``.
    """

    players: tuple[str, ...]  # in clockwise seat order
    rules: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    event: str | None = None
    date: str | None = None
    game_id: str | None = None
    side_names: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    file: str | None = None
    line: int | None = None
    index: int | None = None  # the game's number within its file (1-based), for archives
    # A YAML game's document node, which knows each field's line: looked into only for an error found after the
    # reading (the replay's, the audit's), to give its field's line as the reader's own errors do
    node: Any = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class RecordedScore:
    """What the table wrote down for a side (or a player) after a hand: that hand's points, the total, or both."""

    key: str  # a side's or a player's name as written, resolved by the audit
    hand: int | None
    total: int | None


def recorded_scores(written: dict[str, Any]) -> tuple[RecordedScore, ...]:
    """A hand's ``score`` entry, in either form a log may write it: ``{hand, total}`` or a bare total."""
    return tuple(
        RecordedScore(key, whole(value.get("hand")), whole(value.get("total")))
        if isinstance(value, dict)
        else RecordedScore(key, None, whole(value))
        for key, value in written.items()
    )


_new, _set = object.__new__, object.__setattr__


def usual_scores(written: Any) -> tuple[RecordedScore, ...] | None:
    """A hand's ``score`` in its usual form, each side's (or player's) ``{hand, total}`` (ints, bounded as
    parse_json bounds them), checked as it is read; None for any other form.

    Each RecordedScore is made without its frozen ``__init__`` (an ``object.__setattr__`` call a field, costly
    from C: ``map(RecordedScore, ...)`` costs three times this whole loop), its fields given as its ``__dict__``.
    """
    if type(written) is not dict:
        return None
    scores = []
    for key, value in written.items():
        if type(value) is not dict or len(value) != 2:
            return None
        hand, total = value.get("hand"), value.get("total")
        if (
            type(hand) is not int
            or type(total) is not int
            or not (-_LIMIT < hand < _LIMIT and -_LIMIT < total < _LIMIT)
        ):
            return None
        score = _new(RecordedScore)
        _set(score, "__dict__", {"key": key, "hand": hand, "total": total})
        scores.append(score)
    return tuple(scores)


def whole(value: Any) -> Any:
    """A number as an int: JSON Schema counts 7.0 as an integer, so a log may write it so."""
    return int(value) if isinstance(value, float) else value


# The seats of players whose names were checked (see LogReader), by their names in seat order; bounded
_SEATS_OF: dict[tuple[str, ...], dict[str, int]] = {}
_KEPT_PLAYERS = 1_000


def name_fault(name: str) -> str | None:
    """What is wrong with a name a report would print (too long, a control character), or None."""
    if len(name) > MAX_NAME:
        return f"a name of {len(name)} characters (at most {MAX_NAME})"
    if not name.isprintable():
        return f"a name with a control character: {name!r}"
    return None


def field_location(game: RecordedGame, path: str | None = None, **place: Any) -> Location:
    """Where a field of a game read is, for an error found after its reading: the field's own line where the game
    is YAML (its node kept), else the game's first line; ``place``: its hand, trick, seat."""
    line = game.line if game.node is None or path is None else node_line(game.node, path_steps(path))
    return Location(file=game.file, line=line, path=path, game=game.index, **place)


class LogReader:
    """The base of each family's log reader: a schema-valid document, where it came from, its players.

    Or a document not yet known to be schema-valid, read by :func:`read_in_one_pass`: then ``schema_checked``
    is False, and the reader checks what it reads of the fields in ``READ_AND_CHECKED`` (the rest of a hand is
    checked by the fast shape check first).
    """

    schema_checked = True
    READ_AND_CHECKED: frozenset[str] = frozenset()
    # Whether the family's reader counts, in ``keys``, every key of every object in the hands it reads (see
    # read_in_one_pass): where it does not, a plainly decoded document's hands are counted by a generic walk.
    COUNTS_KEYS = False
    keys = 0
    text: str | None = None  # the JSON text a plainly decoded document came from (see read_in_one_pass)

    def __init__(self, document: dict[str, Any], where: Location, node: Any = None) -> None:
        self.doc = document
        self.where = where
        self.node = node
        self.players = players = tuple(document["players"])
        # Bounds no real game reaches, checked before the work: a small file must not cost a lot, and
        # what a report prints of the log must be short and hold no line break or terminal escape. An archive's
        # games mostly share their players: names checked once, and their seats looked up (never changed).
        try:  # (players holding a value that is no str are never stored, below: an unhashable one fails here)
            seat_of = _SEATS_OF.get(players)
        except TypeError:
            seat_of = None
        if seat_of is None:
            for seat, name in enumerate(players):
                self.check_name(name, f"$.players[{seat}]")
            seat_of = {name: seat for seat, name in enumerate(players)}
            if {*map(type, players)} == {str}:
                if len(_SEATS_OF) >= _KEPT_PLAYERS:
                    _SEATS_OF.clear()
                _SEATS_OF[players] = seat_of
        self.seat_of = seat_of
        for name in document.get("sides") or ():
            if type(name) is not str:  # YAML reads a key 1: or ~: as a number or a null, which no side is named
                raise self.fail(f"a side's name is text, not {as_yaml(name)}", "$.sides")
            self.check_name(name, "$.sides" + key_step(name[:MAX_NAME]))
        game_id = (document.get("game") or {}).get("id")
        if isinstance(game_id, str):
            self.check_name(game_id, "$.game.id")
        if len(document["hands"]) > MAX_HANDS:
            raise self.fail(f"more than {MAX_HANDS} hands (no game has so many)", f"$.hands[{MAX_HANDS}]")

    def check_name(self, name: str, path: str) -> None:
        """A name the report will print: at most MAX_NAME characters, and no control character."""
        fault = name_fault(name)
        if fault is not None:
            raise self.fail(fault, path)

    def fail(
        self, message: str, path: str, hand: int | None = None, trick: int | None = None, seat: str | None = None
    ) -> InputError:
        """An InputError at a JSON path of the document (and its line, where the YAML node is known)."""
        line = self.where.line if self.node is None else node_line(self.node, path_steps(path))
        return InputError(
            message,
            Location(
                file=self.where.file, line=line, path=path, game=self.where.game, hand=hand, trick=trick, seat=seat
            ),
        )

    def seat(self, name: str, path: str, hand: int | None = None, trick: int | None = None) -> int:
        """The seat of a player named in the log."""
        found = self.seat_of.get(name)
        if found is None:
            raise self.fail(f"{as_yaml(name)} is not one of the players ({', '.join(self.players)})", path, hand, trick)
        return found

    def side_names(self) -> tuple[tuple[str, tuple[int, ...]], ...] | None:
        """The log's names for its sides, each with its seats."""
        sides = self.doc.get("sides")
        if sides is None:
            return None
        return tuple(
            (name, tuple(self.seat(m, "$.sides" + key_step(name)) for m in members)) for name, members in sides.items()
        )

    def header(self) -> dict[str, Any]:
        """The fields every family's log object has besides its hands."""
        header = self.doc.get("game") or {}
        game_id = header.get("id")
        return {
            "players": self.players,
            "rules": header.get("rules"),
            "options": tuple((header.get("options") or {}).items()),
            "event": header.get("event"),
            "date": str(header["date"]) if "date" in header else None,
            "game_id": None if game_id is None else str(game_id),
            "side_names": self.side_names(),
            "file": self.where.file,
            "line": self.where.line,
            "index": self.where.game,
            "node": self.node,
        }

    def keys_vouched(self, text: str, keys: int) -> bool:
        """Whether ``text``, decoded into the objects read, holding ``keys`` keys, holds no duplicate key (see
        :func:`keys_vouched`; a reader that knows more of the text may tell at less cost)."""
        return keys_vouched(text, keys)

    def game(self) -> Any:
        """The family's record of the game."""
        raise NotImplementedError

    def hands_conform(self) -> bool:
        """Whether the hands certainly fit the schema but for the fields in ``READ_AND_CHECKED``, which the
        reader checks as it reads them; a reader that checks whole hands as it reads them says True."""
        return all(logshape.hand_conforms(hand, self.READ_AND_CHECKED) for hand in self.doc["hands"])


def read_in_one_pass(
    reader: Callable[[Any, Location], LogReader], document: Any, where: Location, text: str | None = None
) -> Any:
    """What ``reader`` makes of a document, read in one pass without the schema; None where that pass cannot
    vouch for the document (then the schema and the careful reading decide, with their located messages).

    ``text``: the JSON text the document was decoded from plainly (:func:`~referee.json_values.plain_value`),
    without the hooks of
    :func:`~referee.json_values.parse_json` (a Python call for every object and number is most of a hand's parse).
    What those hooks refuse is then vouched for here instead, or the document handed back (None), for the
    caller to parse carefully: a text with a backslash (so no ``\\u`` escape, so no lone surrogate), a duplicate
    key (:func:`keys_vouched`, from the keys the reader counts), a number not an int within MAX_DIGITS digits
    (the shape check and the readers accept only ints, bounded, wherever a log holds a number; the game's
    options, which may hold anything, are walked; an integer orjson reads as a float is past 64 bits, so past
    MAX_DIGITS, and refused either way). The reader's contract, where ``COUNTS_KEYS``: it adds to
    ``keys`` the number of keys of every object it reads in the hands, and hands back (raises) where it meets
    an object it does not count.
    """
    if text is not None and ("\\" in text or not (text.isascii() or _utf8(text))):
        return None
    if not logshape.header_conforms(document):
        return None
    try:
        one_pass = reader(document, where)
        one_pass.schema_checked = False
        one_pass.text = text
        if not one_pass.hands_conform():
            return None
        game = one_pass.game()
    except (InputError, KeyError, TypeError, ValueError, AttributeError, StopIteration):
        return None
    if text is not None:
        keys = header_keys(document)
        if keys is None:
            return None
        if one_pass.COUNTS_KEYS:
            keys += one_pass.keys
        else:
            for hand in document["hands"]:
                found = plain_keys(hand)
                if found is None:
                    return None
                keys += found
        if not one_pass.keys_vouched(text, keys):
            return None
    return game


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")  # a str decoded from UTF-8 holds no surrogate; one made otherwise might
    except UnicodeEncodeError:
        return False
    return True


def keys_vouched(text: str, keys: int) -> bool:
    """Whether a JSON text, decoded plainly into objects holding ``keys`` keys in all, is
    certainly free of duplicate keys (False: parse it carefully to find out).

    Each member of an object is written ``"key" : value``: one colon of the text a member, and any other colon
    is inside a string. So the text's colons number the members written plus the colons in strings, and the
    decoded objects' keys number the members less the duplicates (the plain decode keeps the last of each):
    ``colons == keys`` only where there is no duplicate (and no colon in a string). A text with colons in its
    strings (a clock time) is counted again by ``":``, each member's key closing right before its colon, which
    holds only where no whitespace comes before a colon (any other ``":``, a string opening with a colon, only
    adds to the count, so equality again means no duplicate).
    """
    if text.count(":") == keys:
        return True
    return text.count('":') == keys and not any(space + ":" in text for space in " \t\n\r")


def header_keys(document: dict[str, Any]) -> int | None:
    """The keys of a header-conforming document's objects outside its hands; None for a number parse_json
    refuses (in the game's options, which may hold any JSON value)."""
    keys = len(document)
    game = document.get("game")
    if game is not None:
        keys += len(game)
        for key in ("options", "dealer_draw"):
            if key in game:
                found = plain_keys(game[key])
                if found is None:
                    return None
                keys += found
    if "sides" in document:
        keys += len(document["sides"])
    return keys


def plain_keys(value: Any) -> int | None:
    """The keys of every object in a plainly decoded JSON value; None where it holds a number parse_json
    refuses (NaN, an infinity, more than MAX_DIGITS digits), or is nested deeper than PLAIN_DEPTH (orjson
    decodes what ``json.loads``, and so parse_json, may find too deep to read: the careful path decides)."""
    keys = 0
    level = [value]
    for _ in range(PLAIN_DEPTH):
        if not level:
            return keys
        inner: list[Any] = []
        for item in level:
            kind = type(item)
            if kind is dict:
                keys += len(item)
                inner.extend(item.values())
            elif kind is list:
                inner.extend(item)
            elif kind is int:
                if not -_LIMIT < item < _LIMIT:
                    return None
            elif kind is float and not (math.isfinite(item) and abs(item) < _LIMIT):
                return None
        level = inner
    return None if level else keys
