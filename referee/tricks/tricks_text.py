"""A trick game read from its JSON text with each hand's tricks cut out before the decode (``read_text``).

A hand's tricks are most of its text, and decoding them makes a dict and a string a play (two hundred objects a
hand) only for the reader to take each apart again. So the text is decoded with each hand's tricks left out, and
the tricks, where every hand's are written in the usual way, are read from their own text a whole game at once,
in a few C-level steps (:func:`read_tricks`); any other game has its tricks decoded hand by hand and is read as
before. A game written in the compact form (a trick a list of strings, no dict) decodes at little cost, and is
decoded whole.

The cut: the text holds no backslash (the caller's condition), so every ``"`` opens or closes a string, and
``"tricks":[`` can only be met where the string ``tricks`` is a key whose value opens with ``[`` (a closing
quote is never followed by a letter). Each hand's *segment* is the text from such an opener to the first ``]]``
after it, and the rest is decoded with ``[]`` in its place. Where that decodes, every hand is an object holding
``tricks`` as ``[]``, the openers number the hands, and the string ``tricks`` is met only as a key followed at once
by its colon and its value (a bid's count of tricks), so that every hand's key is written as an opener (its
``[]`` not ``"tricks": []``): then each opener is its own hand's ``tricks`` key, in order (a hand holding two
would leave one without). The whole text is then the decoded one with each ``[]`` given back ``[`` + its segment
+ ``]]``, so it is valid JSON and decodes to the same document with those tricks, wherever that is itself a JSON
array: either every segment is of exactly the usual form (checked piece by piece as it is read, below), or each
segment decodes so by itself.
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import accumulate, repeat
from operator import mul
from typing import TYPE_CHECKING, Any

from ..errors import Location
from ..families import is_domino_document
from ..json_values import cut_values, plain_value
from ..logreader import read_in_one_pass
from .cards import TOKENS
from .log import GameLog
from .onepass import OnePassReader
from .usual_game import usual_hands

if TYPE_CHECKING:
    from .onepass import Seating

OPENER = '"tricks":['
_KEY = '"tricks"'
# What follows each segment in a game's joined segments (:func:`read_tricks`): the bracket closing its last trick,
# and a character no JSON text holds outside a string, nor the text at all (read_text's condition), so that it
# marks where each hand's tricks end and nothing else does.
_MARK = "\x00"
_END = "]" + _MARK
# The canonical card tokens, the ones card_bytes reads ("AS", "10H", "TD", "BJ"): a play in another is decoded
_CANONICAL = tuple(token for token in TOKENS if token.isascii())


class TricksTextReader(OnePassReader):
    """The one-pass reader of a document decoded with each hand's tricks left out, given their texts."""

    def __init__(self, segments: list[str], document: dict[str, Any], where: Location) -> None:
        super().__init__(document, where)
        self.segments = segments

    def usual_game(self) -> tuple[tuple[Any, ...], int] | None:
        return usual_hands(self.doc["hands"], self.seating, partial(read_tricks, self.segments))

    def hand_bodies(self) -> list[Any]:
        """The hands with their tricks decoded from their segments, for the reading a hand at a time."""
        bodies: list[Any] = self.doc["hands"]
        # each hand an object whose tricks are [], as many as the openers: so each opener is its own hand's
        if len(self.segments) != len(bodies) or not all([type(body) is dict and "tricks" in body for body in bodies]):
            raise TypeError("the openers are not the hands' tricks")
        for body, segment in zip(bodies, self.segments, strict=True):
            if body["tricks"] != []:
                raise TypeError("tricks left in")  # never: the decoded text has [] in their place
            body["tricks"] = plain_value("[" + segment + "]]")  # a ValueError: no JSON array by itself
        return bodies


def read_text(text: str, where: Location) -> GameLog | None:
    """The GameLog ``from_json_text`` gives for a JSON text holding no backslash, its hands' tricks read from their
    text (see the module's docstring); None where this cannot vouch for it."""
    if _MARK in text:
        return None  # no JSON text holds it: decoded whole, and refused there
    if text.startswith('["', text.find(OPENER) + len(OPENER)):
        return None  # the compact form (its first hand's), which decodes at little cost (no dict a play)
    cut = cut_values(text, OPENER, "]]")
    if cut is None:
        return None
    segments, decoded = cut
    # The string "tricks" met only as a key, right before its colon and its value (in the decoded text the openers
    # are the only "tricks":[ there is): so no hand's tricks key, its value [] written otherwise ("tricks": []), is
    # passed over while an opener elsewhere (in the options) numbers the hands for it.
    if decoded.count(_KEY) != decoded.count(_KEY + ":") or any(_KEY + ":" + space in decoded for space in " \t\n\r"):
        return None
    try:
        document = plain_value(decoded)
    except ValueError:
        return None
    if type(document) is not dict or type(document.get("hands")) is not list or is_domino_document(document):
        return None
    found: GameLog | None = read_in_one_pass(partial(TricksTextReader, segments), document, where, text)
    return found


def read_tricks(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes`` read from its segment, where every trick of every hand was played in turn by all
    the players and written play by play, as usual (as ``usual_game`` reads the decoded tricks), and the
    keys of their objects; a TypeError or KeyError for any other game.

    The segments are joined, each followed by ``]`` and the mark, into one text that is cut at one C-level step
    into pieces, one a play, every piece checked to be exactly what the usual form writes there: so every segment
    is of the usual form, and the marks (and nothing else) tell where each hand ends.
    """
    if len(column) != len(segments) or {*map(type, column)} != {list} or any(column):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    size = len(seating.names)
    joined = _END.join(segments) + _END + "["
    if not joined.startswith("[{"):
        raise TypeError("not tricks written play by play")
    cards, leaders, ends, keys = _by_play(joined, seating, size)
    # each hand's number of tricks, from its trick ends (1) and its last (2): the marks, one a hand (a hand more
    # or fewer than the column's is refused where the hands are put together)
    counts = [*map(len, ends.split(b"\2"))]
    del counts[-1]  # what follows the last mark
    finish = [*accumulate(map((1).__add__, counts))]
    start = [0, *finish[:-1]]
    led = map(leaders.__getitem__, map(slice, start, finish))
    played = map(cards.__getitem__, map(slice, map(mul, start, repeat(size)), map(mul, finish, repeat(size))))
    return [*zip(played, led, strict=True)], keys


def _by_play(joined: str, seating: Seating, size: int) -> tuple[bytes, bytes, bytes, int]:
    """The cards, the leaders and each trick's end (1, or 2 for a hand's last), tricks written play by play: cut
    at each ``{``, every piece is one play's text and what follows it (see :func:`_play_table`)."""
    table = _play_table(tuple(seating.names))
    pieces = joined.split("{")
    del pieces[0]  # "[": the text opens with "[{" (read_tricks)
    coded = b"".join(map(table.__getitem__, pieces))  # a KeyError: a piece of another form
    seats, cards, kinds = coded[::3], coded[1::3], coded[2::3]
    plays = len(kinds)
    if kinds.replace(b"\2", b"\1") != _trick_kinds(size) * (plays // size):  # (plays % size: of another length)
        raise TypeError("a trick of another size")
    leaders = seats[::size]
    if b"".join(map(_turn_seats(size).__getitem__, leaders)) != seats:
        raise TypeError("a play out of turn")
    return cards, leaders, kinds[size - 1 :: size], plays  # a key a play


@lru_cache(maxsize=16)
def _trick_kinds(size: int) -> bytes:
    """What follows each play of a trick, as :func:`_play_table` codes it: the next play (0), then the trick's end."""
    return bytes(size - 1) + b"\1"


@lru_cache(maxsize=16)
def _turn_seats(size: int) -> tuple[bytes, ...]:
    """The seats in turn from each leader's, as bytes."""
    return tuple(bytes((lead + k) % size for k in range(size)) for lead in range(size))


@lru_cache(maxsize=64)
def _play_table(players: tuple[str, ...]) -> dict[str, bytes]:
    """Each play's text as the usual tricks write it (``"East":"9D"}``, its ``{`` cut off), with what follows it:
    ``,`` and the next play, ``],[`` and the next trick, or the end of the hand (``]`` and the mark) and the next;
    each coded as its seat, its card and which follows (0, 1, 2). A name holds no ``"`` (the text holds no
    backslash), so a piece of the table is one play, read one way only. Empty for players who share a name or are
    too many for a byte (their tricks are decoded)."""
    if len(set(players)) != len(players) or len(players) > 255:
        return {}
    table: dict[str, bytes] = {}
    for seat, name in enumerate(players):
        for token in _CANONICAL:
            play, card = f'"{name}":"{token}"}}', TOKENS[token]
            table[play + ","] = bytes((seat, card, 0))
            table[play + "],["] = bytes((seat, card, 1))
            table[play + _END + "["] = bytes((seat, card, 2))
    return table
