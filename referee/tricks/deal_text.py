"""Each hand's deal read from its own text, a whole game at once (:func:`read_deals`), where every deal was cut
out of the game's text before the decode (see :mod:`.tricks_text`, which cuts it and vouches for the cut).

Where every player is dealt as many cards, every hand's deal masked (every "0" left out, and each name holding a
card's character written out as its code, see :mod:`.card_places`) is as long, and is the game's *template* but
for its cards (each player's name in seat order, then the cards, their places NUL): the game's deals, joined by
line feeds, are held to the template repeated, at once (:func:`.card_places.cards_in_places`), as the tricks are to
theirs (:func:`.tricks_text.read_tricks`). NUL is in no JSON text, and the text was refused before where it held one.
Where a game's deals and passes were both cut out, they are read so at once, the passes' text after the deals'
(:class:`Both`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from .card_places import cards_in_places, masked, write_names, written_names

if TYPE_CHECKING:
    from .onepass import Seating
    from .usual_game import Holdings

OPENER = '"deal":{'
_JOIN = "\n"  # what joins the deals' texts (a line feed is a JSON text's whitespace, never a template's byte)


def read_deals(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
    """Each hand's deal (every player's cards, in seat order, as ``usual_game`` reads the decoded deals) read from
    its segment, and the keys of their objects; a TypeError for any deal written otherwise. Given as their bytes
    (``Hand.deal_bytes``) alone: the deals are made from them on first use (see Hand)."""
    return _holdings(segments, column, seating)


def read_passes(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
    """Each hand's passes (each player's seat and the cards they pass, in seat order, as ``usual_game`` reads the
    decoded passes written so) read from its segment, and the keys of their objects; a TypeError for any passes
    written otherwise (in another order too: decoded, they are read in the order written). Given as their bytes
    (``Hand.pass_bytes``: every player passed, in seat order) alone, as the deals are."""
    return _holdings(segments, column, seating)


def _holdings(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
    """Each hand's holdings (every player's cards, in seat order) as their bytes, read from its segment, each player
    as many cards (no value: None a hand, see ``usual_hands``), and the keys of their objects; a TypeError for any
    other. (Made into tuples here, a tuple a holding and a deal, they cost some 4k instructions a hand, which the
    play check, reading the bytes, never asks for.)"""
    spaced, size = _cards(segments, column, seating)
    hands = len(segments)  # whole deals, as many as the segments (the templates')
    return ([None] * hands, _by_hand(spaced, hands)), size * hands  # a key a player


def _by_hand(spaced: bytes, hands: int) -> list[bytes]:
    """Each hand's holdings as the play check reads them (see ``Hand.deal_bytes``), from the game's (``spaced``:
    every hand's holdings, GAP between every two), all hands' as long."""
    width = (len(spaced) + 1) // hands  # a hand's holdings with a GAP after each
    return [spaced[start : start + width - 1] for start in range(0, len(spaced), width)]


def _cards(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[bytes, int]:
    """Every hand's holdings' cards (every player's, in seat order, GAP between every two holdings), read from its
    segment, and the players; a TypeError for any other."""
    # each hand's field an empty dict (counted: a decoded text's values are never of a subclass, and no other is
    # equal to {}), as many as the segments
    if len(column) != len(segments) or column.count({}) != len(segments):
        raise TypeError("the openers are not the hands' fields")  # a hand with none, or one met elsewhere
    written = written_names(tuple(seating.names))
    if written is None:
        raise TypeError("players whose deals are not read from the text")
    names = written[1]
    size = len(names)
    # Joined by a line feed, which no template holds: so where the text matches the templates, every join falls
    # between two templates, and each segment is one whole deal (a segment cut elsewhere, at a "}" in a card's
    # place with the rest written after the next opener, is no JSON by itself, though the deals joined would be).
    text = write_names(_JOIN.join(segments), written).encode()
    mask = masked(text)
    deals = len(column)
    each = (len(mask) + 1) // deals - 1  # a deal's length, masked, where all are as long
    held = (each - _fixed(names)) // (5 * size)  # each card '"XY",' but the last
    if held < 1:
        raise TypeError("no cards dealt")
    template = _template(names, held)
    if len(mask) + 1 != deals * (len(template) + 1):
        raise TypeError("deals of another length")
    expected = _JOIN.encode().join(repeat(template, deals))
    return cards_in_places(text, mask, expected, held * size * deals, size * deals), size


# The fields read so, each hand's cards by player (each cut out from '"FIELD":{' to the first "}" after it)
HOLDINGS = {"deal": read_deals, "passes": read_passes}


class Both:
    """A game's deals and passes read from their text at once: the passes' segments joined after the deals' (a
    line feed between every two, as between two deals), and the text held to the deals' template repeated, then
    the passes', by one pass of each step over them all (each field read alone set out a dozen C calls and a few
    Python ones again, most of what a game's passes cost: some 4 us of 8 a Hearts game). Asked for the deals
    first (``usual_hands`` reads the deal before the passes), it keeps the passes read; asked for the passes with
    none kept (hands of no deal), it reads them alone."""

    def __init__(self, deals: list[str], passes: list[str]) -> None:
        self.deals = deals
        self.passes = passes
        self.passes_read: tuple[Holdings, int] | None = None

    def read_deals(self, column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
        """As :func:`read_deals`, the passes read with them and kept (a TypeError where either is written
        otherwise: the game is then read a hand at a time, as where either reader alone refused its field). The
        passes are one a deal where the text matches the templates: the line feeds joining the segments are where
        the templates' are, one fewer than the deals and the passes together, and no segment holds one."""
        deals, passes = self.deals, self.passes
        hands = len(deals)
        if len(column) != hands or column.count({}) != hands:
            raise TypeError("the openers are not the hands' fields")  # (as _cards tells)
        written = written_names(tuple(seating.names))
        if written is None:
            raise TypeError("players whose deals are not read from the text")
        names = written[1]
        size = len(names)
        text = write_names(_JOIN.join([*deals, *passes]), written).encode()
        mask = masked(text)
        # The first deal's length, masked, tells the cards each player is dealt, and what is left after the deals
        # (the templates' length) the cards each passes, where all deals and all passes are as long: the templates
        # so made hold the text to it (a line feed of a segment's own, which no template holds, makes other counts
        # or fails the match)
        fixed = _fixed(names)
        held = (mask.find(b"\n") - fixed) // (5 * size)
        if held < 1:
            raise TypeError("no cards dealt")
        dealt = _template(names, held)
        each = (len(mask) - hands * (len(dealt) + 1) + 1) // hands - 1  # a pass's length, masked
        passed = (each - fixed) // (5 * size)
        if passed < 1:
            raise TypeError("no cards passed")
        expected = _JOIN.encode().join([*repeat(dealt, hands), *repeat(_template(names, passed), hands)])
        spaced = cards_in_places(text, mask, expected, (held + passed) * size * hands, 2 * size * hands)
        # the deals' holdings, each with a GAP after it (the last deal's, before the first pass's), then the passes'
        cut = (held + 1) * size * hands
        self.passes_read = ([None] * hands, _by_hand(spaced[cut:], hands)), size * hands
        return ([None] * hands, _by_hand(spaced[: cut - 1], hands)), size * hands

    def read_passes(self, column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
        """As :func:`read_passes`: those kept by the deals' reading, where every hand's field is as the cut leaves
        it (a TypeError otherwise)."""
        found = self.passes_read
        if found is None:
            return read_passes(self.passes, column, seating)
        if len(column) != len(self.passes) or column.count({}) != len(self.passes):
            raise TypeError("the openers are not the hands' fields")
        return found


@lru_cache(maxsize=64)
def _fixed(names: tuple[str, ...]) -> int:
    """A deal's characters other than its cards' '"XY",' each: each name and its '"":[]', the commas between the
    players, less each holding's last card's comma, which it has not."""
    return sum(len(name.encode()) + 5 for name in names) - 1


@lru_cache(maxsize=64)
def _template(names: tuple[str, ...], held: int) -> bytes:
    """A deal's text, every player dealt ``held`` cards, its cards' places NUL."""
    return b",".join(b'"' + name.encode() + b'":[' + b",".join([b'"\0\0"'] * held) + b"]" for name in names)
