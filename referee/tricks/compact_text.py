"""A game's tricks written in the compact form (each trick its leader and cards, ``["East","9D","3D","AD","10D"]``)
read from their own text, a whole game at once (:func:`read_compact`), as :mod:`.tricks_text` reads the tricks
written play by play: cut out of the game's text before the decode, which would make a list and five strings a
trick only for the reader to take each apart again.

A compact trick's text is as long as its leader's name makes it, so the leaders are written out first: each
``["NAME",`` that opens a trick becomes ``[`` and the leader's *code*, one character (a control character, which
no JSON text holds, and the text was refused before where it held one). Then, masked (every "0" left out, see
:mod:`.card_places`), every trick's text is as long, and is one template (``[c"XY","XY",...]``, its code's and
its cards' places NUL) but for its code and cards: each trick's code is read at its place and made NUL there,
and the game's tricks, joined by commas, are held to the template repeated, at once
(:func:`.card_places.cards_in_places`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from .card_places import LEADER_CODES, by_hands, cards_in_places, masked

if TYPE_CHECKING:
    from .onepass import Seating

_FIRST_CODE = LEADER_CODES[0]  # the leaders' codes, a seat each from here (see card_places)


def read_compact(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes`` read from its segment, where every trick of every hand was played in turn by all
    the players and written in the compact form (as ``usual_game`` reads the decoded tricks), and the keys of
    their objects (none: a compact trick holds no object); a TypeError for any other game.

    Why the text so read is exactly the usual form: no code is in the text before the leaders are written out
    (checked), and no name holds ``[`` (else no layout), so no two of the ``["NAME",`` overlap and writing one out
    makes no other (a code is followed by no quote): each code in the text written out stands for one of them, at
    its place. That text matching the template repeated, each trick is ``["NAME",`` and its cards, each a card's
    canonical token (see ``cards_in_places``), and a code met only at a code's place (a code is not masked: at a
    card's place it differs from the template's NUL). And no name holding ``]``, each
    trick's only ``]`` is its last byte: so each segment, whose last ``]`` the cut took off, ends where a trick
    does, and its ``[`` number its tricks.
    """
    if len(column) != len(segments) or {*map(type, column)} != {list} or any(column):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    layout = _layout(tuple(seating.names))
    if layout is None:
        raise TypeError("players whose tricks are not read from the text")
    openers, codes, template, seats = layout
    joined = "],".join(segments) + "]"  # each segment's last "]" cut off with the closer
    # each code's control character looked for alone (one memchr a code, where "[" and the code, two characters,
    # cost a search some 4 instructions a byte each): none is in a JSON text, so it is refused wherever it is
    if any(map(joined.__contains__, _CODE_CHARACTERS[: len(codes)])):
        raise TypeError("a control character in the text")  # no JSON text holds one
    for opener, code in zip(openers, codes, strict=True):
        joined = joined.replace(opener, code)
    text = joined.encode()
    found = masked(text)  # (the codes are not masked)
    width = len(template)  # a trick's text with the comma after it
    tricks = (len(found) + 1) // width
    if tricks * width != len(found) + 1:
        raise TypeError("tricks of another length")
    size = len(openers)
    plays = tricks * size
    leaders = found[1::width].translate(seats)  # each trick's code (a card's character there, masked, leaves none)
    if b"\xff" in leaders:
        raise TypeError("a card where a code is")
    mask = bytearray(found)
    mask[1::width] = bytes(tricks)  # each code's place NUL, as the template has it
    cards = cards_in_places(text, mask, _JOIN.join(repeat(template[:-1], tricks)), plays)
    counts = [*map(str.count, segments, repeat("["))]  # every "[" a trick's (above): each hand's tricks
    return by_hands(cards, leaders, counts, size), 0


_JOIN = b","
_CODE_CHARACTERS = tuple(map(chr, LEADER_CODES))  # each seat's code, in seat order


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], bytes, bytes] | None:
    """For these players: each seat's trick opener ``["NAME",`` and its code; the template of a trick's text (with
    the comma after it), its code's and cards' places NUL; and each code's seat (255 for no code's). None where
    players share a name, a name holds a bracket, or they are more than there are codes."""
    size = len(players)
    if (
        len(set(players)) != size
        or not 0 < size <= len(LEADER_CODES)
        or any("[" in name or "]" in name for name in players)
    ):
        return None
    openers = tuple(f'["{name}",' for name in players)
    codes = tuple("[" + chr(_FIRST_CODE + seat) for seat in range(size))  # each opener written "[" and its code
    template = b"[\0" + b",".join([b'"\0\0"'] * size) + b"],"
    seats = bytearray(b"\xff" * 256)
    for seat in range(size):
        seats[_FIRST_CODE + seat] = seat
    return openers, codes, template, bytes(seats)
