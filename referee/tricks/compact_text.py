"""A game's tricks written in the compact form (each trick its leader and cards, ``["East","9D","3D","AD","10D"]``)
read from their own text, a whole game at once (:func:`read_compact`), as :mod:`.tricks_text` reads the tricks
written play by play: cut out of the game's text before the decode, which would make a list and five strings a
trick only for the reader to take each apart again.

Masked (every card's character made NUL and every "0" left out, see :mod:`.card_places`), each trick's text is its
leader's *template* (``["East","\\0\\0",...]``) but for its cards, and the game's tricks, joined by commas, are
held to the templates of their leaders at once. Each trick's leader is read by its name's *signature*, a byte the
name holds once and no other name holds, which no template holds but in a name: the masked text with every other
byte left out is one signature a trick, its leader's, in order (one C-level step, where a search for each name's
``["NAME",`` over the whole text cost two passes of some 4 instructions a byte each).

A name holding a card's character (South's S) is kept in its template masked as the text is (``["\\0outh",``),
where that character is its only one (not a "0", which the mask leaves out) and it has a signature that is no
card's character. The mask holds the name's other bytes; its card's character is read with the cards' with its
signature, the two its *projection* (South's ``Su``), which falls where a card's pair would (a trick's first): the
game's map of pairs (``card_places.pairs_map``) reads it as a byte of NAMED, left out of the cards read. It is met
only at that name's places (no other text holds the signature), and read only where the name is written there as
it is: a name written otherwise where it masks alike (``Houth``) makes a pair of its signature that the map reads
as nothing; a "0" in it or beside it is a "0" no ten's (see card_places), which no pair holds but a ten's and a
join's. The cards read are then those the reading with the name written out (below) reads, refused alike: at no
cost, where writing the name out (a search and a copy of the whole text) cost a fifth of the tricks' reading.

The hands' tricks, joined into one text, are joined by a line feed and a "0": the mask leaves the "0" out, so that
the line feed stands where the templates have a comma, and the cards' reading keeps both, a pair (no card's) that
the map reads as HAND, between each hand's cards and the next's.

A name that has no signature, or holds a "0" or more than one card's character (AJ), is first written out where it
leads a trick (``["AJ",`` as ``["\\x10",``): its code, a control character, which no JSON text holds (and the text
was refused before where it held one), is its signature.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .card_places import HAND, LEADER_CODES, NAMED, TEN, masked, name_kept, pairs_map, read_pairs

if TYPE_CHECKING:
    from _codecs import _EncodingMap

    from .onepass import Seating

_JOIN = b","  # what joins the tricks of a hand
_HANDS = "]\n0"  # what joins the hands' segments: a trick's end, a line feed where a comma would be, and a "0"
_BREAK = b"\xff"  # each line feed's byte among the leaders read (no seat's)
_STRUCTURE = b'[]",'  # the bytes of a trick's masked text that are no name's (with NUL)
_CARD_CHARACTERS = {*b"123456789JQKALBCDHS0"}  # what a card's token may hold (see card_places)
_TEN_BYTE = TEN.encode()


def read_compact(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes`` read from its segment, where every trick of every hand was played in turn by all
    the players and written in the compact form (as ``usual_game`` reads the decoded tricks), and the keys of
    their objects (none: a compact trick holds no object); a TypeError for any other game.

    Why the text so read is exactly the usual form: its masked text is the templates of the leaders read, each
    trick ``["NAME",`` (a name written out, its code) and its cards, each a card's canonical token (see
    ``cards_in_places``), however the leaders were found (a wrong one would make templates the text is not). No
    code is in the text before the names are written out (checked), and no name holds a control character: so each
    code met is at a leader's place, written out from that leader's ``["NAME",``. And no name holding a bracket,
    each trick's only ``]`` is its last byte: so each segment, given back the last ``]`` its cut took off, ends where
    a trick does (the line feed after it, which no template holds, where the templates have a comma), and its tricks
    are those whose leaders were read between two line feeds, the joins' (any other made one hand too many). A name
    kept in its template though it holds a card's character (South's S) is held there by the mask only as far as
    its other bytes, and by the cards' reading as to the rest: see the module's docstring.
    """
    # each hand's field an empty list (counted: a decoded text's values are never of a subclass, and no other is
    # equal to []), as many as the segments
    if len(column) != len(segments) or column.count([]) != len(segments):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    layout = _layout(tuple(seating.names))
    if layout is None:
        raise TypeError("players whose tricks are not read from the text")
    written, templates, seats, others, kept, pairs = layout
    # each segment's last "]" cut off with the closer; a line feed and a "0" between two hands' tricks (see _HANDS)
    joined = _HANDS.join(segments) + "]"
    for _, code in written:
        # each code's control character looked for alone (a memchr): none is in a JSON text, so it is refused
        # wherever it is met
        if code[2] in joined:
            raise TypeError("a control character in the text")
    for opener, code in written:
        joined = joined.replace(opener, code)
    text = joined.encode()
    mask = masked(text)
    # each trick's leader's seat, by its signature (others left out), and _BREAK for each line feed: each hand's
    # leaders, where the only line feeds are the joins'
    led = mask.translate(seats, others).split(_BREAK)
    if len(led) != len(segments):
        raise TypeError("a line feed in a hand's tricks")  # (JSON's whitespace, which the templates hold nowhere)
    leaders = b"".join(led)
    # each trick's template, its leader's, taken by one itemgetter; of one trick, the getter's item is bare (and of
    # none, the getter refuses to be made: a TypeError)
    led_by = itemgetter(*leaders)(templates) if len(leaders) != 1 else (templates[leaders[0]],)
    # the joins' line feeds, each between two tricks (the "]" the cut took off, and the next hand's first "["), are
    # where the templates joined have a comma (the joins' "0"s are left out of the mask, as every "0" is)
    if mask.replace(b"\n", _JOIN) != _JOIN.join(led_by):
        raise TypeError("not written as the templates")
    # The cards' characters, each ten's "10" as one, each join's line feed and "0", and the projections of the names
    # kept though they hold a card's character (see the module's docstring), read as pairs by the game's map: each
    # join's as HAND, so that each hand's cards are apart, each name's left out
    cards = read_pairs(text.translate(None, kept).replace(b"10", _TEN_BYTE), pairs, NAMED)
    if len(cards) != len(leaders) * len(templates) + len(led) - 1:
        raise TypeError("a place not a card's")  # (never, where every pair was read: see the module's docstring)
    return [*zip(cards.split(HAND), led)], 0  # noqa: B905 - as many (the joins')


# For a game's players: each name written out, its trick opener with its code; each seat's template; the leaders'
# translation and the bytes it leaves out; the bytes the cards' reading leaves out, and the map that reads their
# pairs (see _layout)
_Layout = tuple[tuple[tuple[str, str], ...], tuple[bytes, ...], bytes, bytes, bytes, "dict[int, int] | _EncodingMap"]


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> _Layout | None:
    """For these players: each name written out, its trick opener ``["NAME",`` with what it is written as; each
    seat's template (a trick's text led by it, masked: its cards' places NUL, and a card's character in a name
    NUL too); the translation that reads a trick's leader from its masked text: each name's signature mapped to its
    seat, and every other byte, left out; what the cards' reading leaves out (all but a card's characters, the line
    feeds and the signatures of the names kept though they hold a card's character); and the map that reads the
    cards' pairs, and each such name's *projection* (see the module's docstring). None where players share a name,
    a name holds a bracket or a control character, or more are written out than there are codes."""
    size = len(players)
    if (
        len(set(players)) != size
        or not 0 < size <= len(LEADER_CODES)
        or any("[" in name or "]" in name or not name.isprintable() for name in players)
    ):
        return None
    encoded = [name.encode() for name in players]
    names: list[bytes] = []
    written: list[tuple[str, str]] = []
    signatures = bytearray()
    projections: list[bytes] = []  # each name kept though it holds a card's character: its projection
    projected = bytearray()  # and its signature
    for seat, name in enumerate(encoded):
        held_elsewhere = {byte for other in encoded if other is not name for byte in other}
        once = [
            byte
            for byte in name
            if name.count(byte) == 1
            and byte not in held_elsewhere
            and byte not in _STRUCTURE
            and byte not in _CARD_CHARACTERS
            and byte
        ]
        if once and name_kept(players[seat]):
            names.append(name)
            signatures.append(once[0])
            continue
        # a name of one card's character (no "0": the mask leaves it out), the pair it makes with its signature no
        # surrogate's code unit (which the pairs' decode refuses)
        projection = bytes(byte for byte in name if byte in _CARD_CHARACTERS or byte == once[0]) if once else b""
        if len(projection) == 2 and b"0" not in projection and not 0xD8 <= projection[1] <= 0xDF:
            names.append(masked(name))
            signatures.append(once[0])
            projections.append(projection)
            projected.append(once[0])
            continue
        code = chr(LEADER_CODES[len(written)])
        written.append((f'["{players[seat]}",', f'["{code}",'))
        names.append(code.encode())
        signatures += code.encode()
    templates = tuple(b'["' + name + b'",' + b",".join([b'"\0\0"'] * size) + b"]" for name in names)
    seats = bytearray(range(256))
    for seat, signature in enumerate(signatures):
        seats[signature] = seat
    seats[ord("\n")] = _BREAK[0]
    others = bytes(sorted({*range(256)} - {*signatures, ord("\n")}))
    kept = bytes(sorted({*range(256)} - {*_CARD_CHARACTERS, ord("\n"), *projected}))
    return tuple(written), templates, bytes(seats), others, kept, pairs_map(tuple(projections))
