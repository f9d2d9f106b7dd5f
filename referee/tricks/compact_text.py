"""A game's tricks written in the compact form (each trick its leader and cards, ``["East","9D","3D","AD","10D"]``)
read from their own text, a whole game at once (:func:`read_compact`), as :mod:`.tricks_text` reads the tricks
written play by play: cut out of the game's text before the decode, which would make a list and five strings a
trick only for the reader to take each apart again.

Masked (every card's character made NUL and every "0" left out, see :mod:`.card_places`), each trick's text is its
leader's *template* (``["East","\\0\\0",...]``) but for its cards, and the game's tricks, joined by commas, are
held to the templates of their leaders at once. The leaders are read with the cards: each trick's opening bracket
and the first byte of its leader's name that the cards' reading keeps, its *lead*, fall where a card's pair would
(a trick's first), and the game's map of pairs (``card_places.pairs_map``) reads each player's lead as a byte of its
own, which the cards read, all else left out, give as that player's seat (one C-level step over the cards read, a
fifth of the text, where a step over the masked text cost as much again). The lead of a name holding no card's
character is its *signature*, a byte the name holds once and no other name holds, and which is no card's character
(the reading keeps it: no other text holds it).

A name holding a card's character (South's S) is kept in its template masked as the text is (``["\\0outh",``),
where that character is its only one (not a "0", which the mask leaves out) and no other name's lead: its lead is
that character, the only byte of it the cards' reading keeps (no name holds another's signature). The
mask holds the name's other bytes; its lead is read only where the name is written as it is there: a name written
otherwise where it masks alike (``Houth``) makes a lead the map reads as nothing, or as another player's, whose
template it is not. That costs nothing, where writing the name out (a search and a copy of the whole text) cost a
fifth of the tricks' reading.

The hands' tricks, joined into one text, are joined by a line feed and a "0": the mask leaves the "0" out, so that
the line feed stands where the templates have a comma, and the cards' reading keeps both, a pair (no card's) that
the map reads as HAND, between each hand's cards and the next's.

A name that has no signature, or holds a "0" or more than one card's character (AJ), is first written out where it
leads a trick (``["AJ",`` as ``["\\x10",``): its code, a control character, which no JSON text holds (and the text
was refused before where it held one), is its lead.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .card_places import HAND, LEADER_CODES, NAMED_AT, TEN, masked, pairs_map, read_pairs
from .cards import BIG_JOKER

if TYPE_CHECKING:
    from _codecs import _EncodingMap

    from .onepass import Seating

_JOIN = b","  # what joins the tricks of a hand
_HANDS = "]\n0"  # what joins the hands' segments: a trick's end, a line feed where a comma would be, and a "0"
_STRUCTURE = b'[]",'  # the bytes of a trick's masked text that are no name's (with NUL)
_CARD_CHARACTERS = {*b"123456789JQKALBCDHS0"}  # what a card's token may hold (see card_places)
_TEN_BYTE = TEN.encode()
_CARDS = bytes(range(BIG_JOKER + 1))  # every card's byte among the cards read
_LEADS = bytes(range(NAMED_AT, NAMED_AT + len(LEADER_CODES)))  # each seat's lead among the cards read


def read_compact(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes`` read from its segment, where every trick of every hand was played in turn by all
    the players and written in the compact form (as ``usual_game`` reads the decoded tricks), and the keys of
    their objects (none: a compact trick holds no object); a TypeError for any other game.

    Why the text so read is exactly the usual form: its masked text is the templates of the leaders read, each
    trick ``["NAME",`` (a name written out, its code) and its cards, each a card's canonical token (see
    ``cards_in_places``), however the leaders were found (a wrong one would make templates the text is not), and
    every pair the cards' reading keeps is a card's, a lead (a bracket, which no template holds but at a trick's
    start, and the first byte after it the reading keeps: its leader's name's, which the mask holds but for a card's
    character, and the lead holds) or a join's. No code is in the text before the names are written out (checked),
    and no name holds a control character: so each code met is at a leader's place, written out from that leader's
    ``["NAME",``. And no name holding a bracket, each trick's only ``]`` is its last byte: so each segment, given
    back the last ``]`` its cut took off, ends where a trick does (the line feed after it, which no template holds,
    where the templates have a comma), and its tricks are those whose leads were read between two joins (a line
    feed and a "0" met within a hand's tricks, as no JSON, made one hand too many).
    """
    # each hand's field an empty list (counted: a decoded text's values are never of a subclass, and no other is
    # equal to []), as many as the segments
    if len(column) != len(segments) or column.count([]) != len(segments):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    layout = _layout(tuple(seating.names))
    if layout is None:
        raise TypeError("players whose tricks are not read from the text")
    written, templates, kept, pairs, seats = layout
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
    # The cards' characters, each ten's "10" as one, each trick's lead and each join's line feed and "0", read as
    # pairs by the game's map: a card's byte, a lead's, HAND
    read = read_pairs(text.translate(None, kept).replace(b"10", _TEN_BYTE), pairs)
    # each trick's leader's seat, by its lead (the cards left out), and HAND between two hands: each hand's leaders
    led = read.translate(seats, _CARDS).split(HAND)
    if len(led) != len(segments):
        raise TypeError("a join in a hand's tricks")
    leaders = b"".join(led)
    # each trick's template, its leader's, taken by one itemgetter; of one trick, the getter's item is bare (and of
    # none, the getter refuses to be made: a TypeError; a byte no seat's, an IndexError)
    led_by = itemgetter(*leaders)(templates) if len(leaders) != 1 else (templates[leaders[0]],)
    # the joins' line feeds, each between two tricks (the "]" the cut took off, and the next hand's first "["), are
    # where the templates joined have a comma (the joins' "0"s are left out of the mask, as every "0" is)
    if masked(text).replace(b"\n", _JOIN) != _JOIN.join(led_by):
        raise TypeError("not written as the templates")
    size = len(templates)
    if len(read) != len(leaders) * (size + 1) + len(led) - 1:
        raise TypeError("a place not a card's")  # (never, where every pair was read: see the docstring)
    # each hand's cards (the leads left out), beside its leaders
    return [*zip(read.translate(None, _LEADS).split(HAND), led)], 0  # noqa: B905 - as many (the joins')


# For a game's players: each name written out, its trick opener with its code; each seat's template; the bytes the
# cards' reading leaves out, and the map that reads their pairs; the translation that reads each lead as its seat
# (see _layout)
_Layout = tuple[tuple[tuple[str, str], ...], tuple[bytes, ...], bytes, "dict[int, int] | _EncodingMap", bytes]


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> _Layout | None:
    """For these players: each name written out, its trick opener ``["NAME",`` with what it is written as; each
    seat's template (a trick's text led by it, masked: its cards' places NUL, and a card's character in a name
    NUL too); what the cards' reading leaves out (all but a card's characters, the line feeds, the brackets that
    open a trick and the players' leads), and the map that reads the pairs kept (each player's lead after a bracket
    its seat's byte); and the translation that reads each seat's byte as the seat. None where players share a name,
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
    leads = bytearray()  # each seat's lead (see the module's docstring)
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
        held = [byte for byte in name if byte in _CARD_CHARACTERS]
        lead = (held[0] if len(held) == 1 else None) if held else (once[0] if once else None)
        # a lead no other's, no "0" (the mask leaves it out), and no byte D8 to DF: the code unit of a lead's pair,
        # the lead its high byte, would be a surrogate's, which the pairs' decode refuses
        if lead is not None and lead not in leads and lead != ord("0") and not 0xD8 <= lead <= 0xDF:
            names.append(masked(name))
            leads.append(lead)
            continue
        code = chr(LEADER_CODES[len(written)])
        written.append((f'["{players[seat]}",', f'["{code}",'))
        names.append(code.encode())
        leads += code.encode()
    templates = tuple(b'["' + name + b'",' + b",".join([b'"\0\0"'] * size) + b"]" for name in names)
    kept = bytes(sorted({*range(256)} - {*_CARD_CHARACTERS, *b"\n[", *leads}))
    seats = bytearray(range(256))
    seats[NAMED_AT : NAMED_AT + size] = range(size)
    return tuple(written), templates, kept, pairs_map(tuple(b"[" + bytes([lead]) for lead in leads)), bytes(seats)
