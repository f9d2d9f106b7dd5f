"""Each hand's deal read from its own text, a whole game at once (:func:`read_deals`), where every deal was cut
out of the game's text before the decode (see :mod:`.tricks_text`, which cuts it and vouches for the cut).

Where every player is dealt as many cards, and every "10" is written as one character, every hand's deal is
written as long, and is the game's *template* but for its cards (each player's name in seat order, then the
cards, their places NUL): the game's deals, joined by commas, are held to the template repeated, at once, by one
XOR of two integers, as the tricks are to theirs (:func:`.tricks_text.read_tricks`). NUL and the ten's character
are in no JSON text, and the text was refused before where it held either.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from .cards import cards_of_parts

if TYPE_CHECKING:
    from .onepass import Seating

OPENER = '"deal":{'
TEN = "\x01"  # what every "10" is written as, here and in the tricks' text (no JSON text holds it)
_TEN_BYTE = TEN.encode()
_JOIN = "\n"  # what joins the deals' texts (a line feed is a JSON text's whitespace, never a template's byte)


def read_deals(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's deal (every player's cards, in seat order, as ``usual_game`` reads the decoded deals) read from
    its segment, and the keys of their objects; a TypeError for any deal written otherwise."""
    if len(column) != len(segments) or {*map(type, column)} != {dict} or any(column):
        raise TypeError("the openers are not the hands' deals")  # a hand with none, or one met elsewhere
    names = tuple(seating.names)
    size = len(names)
    written = [*map(str.replace, segments, repeat("10"), repeat(TEN))]
    # Joined by a line feed, which no template holds: so where the text matches the templates, every join falls
    # between two templates, and each segment is one whole deal (a segment cut elsewhere, at a "}" in a card's
    # place with the rest written after the next opener, is no JSON by itself, though the deals joined would be).
    text = _JOIN.join(written).encode()
    held = (len(written[0].encode()) - _fixed(names)) // (5 * size)  # each card '"XY",' but the last
    if held < 1:
        raise TypeError("no cards dealt")
    template = _template(names, held)
    if len(text) + 1 != len(column) * (len(template) + 1):  # (the template's text as long, for the XOR)
        raise TypeError("deals of another length")
    expected = _JOIN.encode().join(repeat(template, len(column)))
    cards = cards_where_differing(text, expected, held * size * len(column))
    holdings = zip(*[iter(cards)] * held)  # noqa: B905 - whole holdings
    return [*zip(*[holdings] * size, strict=True)], size * len(column)  # each deal's keys: a player each


def cards_where_differing(text: bytes, templates: bytes, count: int) -> bytes:
    """The ``count`` cards written where ``text`` differs from ``templates`` (as long, its cards' places NUL), a
    byte each; a TypeError unless it differs there exactly (no card's character is NUL, which no JSON text holds:
    so every card place differs, and any other byte that differs is one too many), each place a card."""
    found = differing(text, templates)
    if len(found) != 2 * count:
        raise TypeError("not written as the templates")
    cards = cards_of_parts(found[::2].replace(_TEN_BYTE, b"T"), found[1::2])
    if cards is None:
        raise TypeError("a card written otherwise")
    return cards


def differing(text: bytes, templates: bytes) -> bytes:
    """Where ``text`` differs from ``templates`` (as long, its places to read NUL), a byte each, in order: at the
    templates' NUL places, the text's own bytes (each one there, none of them NUL, where the text holds no NUL)."""
    differ = (int.from_bytes(text, "little") ^ int.from_bytes(templates, "little")).to_bytes(len(text), "little")
    return differ.translate(None, b"\0")


@lru_cache(maxsize=64)
def _fixed(names: tuple[str, ...]) -> int:
    """A deal's characters other than its cards' '"XY",' each: each name and its '"":[]', the commas between the
    players, less each holding's last card's comma, which it has not."""
    return sum(len(name.encode()) + 5 for name in names) - 1


@lru_cache(maxsize=64)
def _template(names: tuple[str, ...], held: int) -> bytes:
    """A deal's text, every player dealt ``held`` cards, its cards' places NUL."""
    return b",".join(b'"' + name.encode() + b'":[' + b",".join([b'"\0\0"'] * held) + b"]" for name in names)
