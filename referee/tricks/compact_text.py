"""A game's tricks written in the compact form (each trick its leader and cards, ``["East","9D","3D","AD","10D"]``)
read from their own text, a whole game at once (:func:`read_compact`), as :mod:`.tricks_text` reads the tricks
written play by play: cut out of the game's text before the decode, which would make a list and five strings a
trick only for the reader to take each apart again.

Masked (every card's character made NUL and every "0" left out, see :mod:`.card_places`), each trick's text is its
leader's *template* (``["East","\\0\\0",...]``) but for its cards, and the game's tricks, joined by commas, are held
to the templates of their leaders at once (:func:`.card_places.cards_in_places`). Each trick's leader is read by
its name's *signature*, a byte the name holds once and no other name holds, which no template holds but in a
name: the masked text with every other byte left out is one signature a trick, its leader's, in order (one C-level
step, where a search for each name's ``["NAME",`` over the whole text cost two passes of some 4 instructions a byte
each). A name that has none, or that holds a card's character or a "0" (which the reading of the cards would take
for a card's), is first written out where it leads a trick (``["South",`` as ``["\\x12",``): its code, a control
character, which no JSON text holds (and the text was refused before where it held one), is its signature.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .card_places import LEADER_CODES, by_hands, cards_in_places, masked, name_kept

if TYPE_CHECKING:
    from .onepass import Seating

_JOIN = b","  # what joins the tricks of a hand
_HANDS = "]\n"  # what joins the hands' segments: a trick's end, and a line feed where a comma would be
_BREAK = b"\xff"  # each line feed's byte among the leaders read (no seat's)
_STRUCTURE = b'[]",'  # the bytes of a trick's masked text that are no name's (with NUL)


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
    are those whose leaders were read between two line feeds, the joins' (any other made one hand too many).
    """
    # each hand's field an empty list (counted: a decoded text's values are never of a subclass, and no other is
    # equal to []), as many as the segments
    if len(column) != len(segments) or column.count([]) != len(segments):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    layout = _layout(tuple(seating.names))
    if layout is None:
        raise TypeError("players whose tricks are not read from the text")
    written, templates, seats, others = layout
    # each segment's last "]" cut off with the closer; a line feed between two hands' tricks (see _BREAK)
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
    size = len(templates)
    # the joins' line feeds, each between two tricks (the "]" the cut took off, and the next hand's first "["), are
    # where the templates joined have a comma
    cards = cards_in_places(text, mask.replace(b"\n", _JOIN), _JOIN.join(led_by), len(leaders) * size)
    return by_hands(cards, leaders, [*map(len, led)], size), 0


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> tuple[tuple[tuple[str, str], ...], tuple[bytes, ...], bytes, bytes] | None:
    """For these players: each name written out, its trick opener ``["NAME",`` with what it is written as; each
    seat's template (a trick's text led by it, its cards' places NUL); and the translation that reads a trick's
    leader from its masked text: each name's signature mapped to its seat, and every other byte, left out. None
    where players share a name, a name holds a bracket or a control character, or more are written out than there
    are codes."""
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
    for seat, name in enumerate(encoded):
        held_elsewhere = {byte for other in encoded if other is not name for byte in other}
        once = [
            byte
            for byte in name
            if name.count(byte) == 1 and byte not in held_elsewhere and byte not in _STRUCTURE and byte
        ]
        if name_kept(players[seat]) and once:
            names.append(name)
            signatures.append(once[0])
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
    return tuple(written), templates, bytes(seats), others
