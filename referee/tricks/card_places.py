"""Cards read from a text laid out as known templates but for its cards' places (:func:`cards_in_places`): the
deals and the tricks of a game, each cut out of its text (:mod:`.deal_text`, :mod:`.tricks_text`,
:mod:`.compact_text`).

A template is the text every hand's deal, or every trick, would be, each card's two characters NUL (a ten's "10"
counted as two: its "0" is left out, below). The text is held to it by two passes over it, each one C-level step:
masked (every character a card's token may hold made NUL, and every "0" left out: :func:`masked`), it must be the
templates exactly, and its characters a card may hold, all else left out, are then the cards' characters, a pair
a card once each "10" is read as one (:func:`cards_in_places`). For that no template may hold such a character
(nor a "0") but at its cards' places: so a name holding one (South's S, Ann's A, a 0) is first written out,
wherever it is met as a key (``"South":``), as a *code* as long, one control character repeated (no JSON text
holds one, and a text holding one is refused before it is written out: so each code in the text written out
stands for that name, met there), and the templates are made of the names so written (:func:`written_names`).

Why a ten is read so, where every "0" is left out of the masked text and kept with the cards' characters: the
masked text being the templates, each place holds two characters a card's token may hold (or "1"), and the
cards' characters read are each place's two, in order, with every "0" of the text where it was met. Each "10"
among them read as one character (TEN), they are two a place exactly where every "0" of the text came right after
a "1" (each "0" in no "10" is one character more, and each "10" one less): then each place is two characters, or
"1", a "0" and one more, and reads as a pair mapped to a card only where it is a card's canonical token (a "1"
with no "0" after it, or a place's second character "1" with a "0" after it, is in no card's pair).

A game's deals (or passes) are read with the gaps the play check wants between the holdings (``Hand.deal_bytes``):
each holding's brackets are kept with its cards' characters, and the pair "][" between two holdings is read as GAP.
No template holds a bracket but the holdings' own (a name holding one is written out as a code): so, the masked
text being the templates, the characters kept are an opening bracket, each holding's cards' characters, with the
text's "0"s among them, then a closing bracket, each pair of brackets with only "0"s between (the mask leaves them
out): as above, they are two a card, two a pair of brackets between two holdings and the two outer brackets
exactly where every "0" came right after a "1" within a holding (no "10" is made across a bracket), and then each
holding's pairs fall on its places, each "][" read as GAP falls between two holdings, and no other "][" is met.
"""

from __future__ import annotations

import codecs
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import BIG_JOKER, card_name

if TYPE_CHECKING:
    from _codecs import _EncodingMap

TEN = "\x01"  # what a ten's "10" is read as, among the cards' characters (no JSON text holds it)
_TEN_BYTE = TEN.encode()
_CARD_CHARACTERS = b"123456789JQKALBCDHS"  # every character of a card's token but a ten's "0", which is left out
# The compact form's leaders' codes (see compact_text), each a name written out where it leads a trick
LEADER_CODES = bytes(range(0x10, 0x20))
# The names' codes: the control characters that are neither a JSON text's whitespace nor a leader's code
_NAME_CODES = "\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"
_MASK = bytes.maketrans(_CARD_CHARACTERS, bytes(len(_CARD_CHARACTERS)))
_NOT_CARD = bytes(sorted({*range(256)} - {*_CARD_CHARACTERS, *b"0"}))
_NOT_HELD = bytes(sorted({*_NOT_CARD} - {*b"[]"}))  # and the holdings' brackets kept (see the module's docstring)
_KEPT = {*_CARD_CHARACTERS, *b"0[]"}  # what no name may hold as it is written in a template (see written_names)
GAP = b"\xff"  # between two holdings' cards (clean_lane.GAP: no card's byte)
_GAP_AT = GAP[0]  # where the map puts the pair "][" (no card's place in it)
HAND = b"\xfe"  # between two hands' cards, read from the pair "\n0" (compact_text joins the hands so: no card's byte)
_NAMED_AT = 0xE0  # where a map puts the first of a game's names' pairs (see pairs_map): no card's place
NAMED_AT = _NAMED_AT - 1  # the first name's byte among the bytes read (each the map's less one, see read_pairs)


def pairs_map(names: tuple[bytes, ...] = ()) -> dict[int, int] | _EncodingMap:
    """What reads a card's two characters (a ten's "10" written as TEN) as one character: the code unit UTF-16
    makes of them (little-endian: its suit's byte high, its rank's low), mapped to its card, plus one (an encoding
    map, C's, must map NUL to NUL), by ``codecs.charmap_encode``. Every card from 2 of clubs to the big joker, each
    by its canonical token (``card_name``), "][" (between two holdings) as GAP, a line feed and a "0" (between two
    hands) as HAND, and each of ``names`` (two bytes each, none a card's pair: see compact_text) as a byte of its
    own, from NAMED_AT on, in turn: no other pair is mapped, and the encode refuses it."""
    table = ["\ufffe"] * 256  # (U+FFFE: mapped to no byte)
    table[0] = "\0"
    for card in range(BIG_JOKER + 1):
        rank, suit = card_name(card).replace("10", TEN).encode()
        table[card + 1] = chr(suit << 8 | rank)
    table[_GAP_AT] = chr(ord("[") << 8 | ord("]"))
    table[HAND[0]] = chr(ord("0") << 8 | ord("\n"))
    for at, (first, second) in enumerate(names):
        table[_NAMED_AT + at] = chr(second << 8 | first)
    return codecs.charmap_build("".join(table))


_PAIRS = pairs_map()
_encode = codecs.charmap_encode
# (called itself: bytes.decode("utf-16-le") looks the codec up by its name, then calls this from a Python function)
_decode = codecs.utf_16_le_decode
_LESS_ONE = bytes([255, *range(253), *HAND, *GAP])  # each card's byte, the map's less one; HAND and GAP as they are

# A game's names written out: each (key, written) pair replaced, in order, and every name as written
Written = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]


@lru_cache(maxsize=64)
def written_names(players: tuple[str, ...]) -> Written | None:
    """Each name holding a character a card's token may hold (or a "0", or a bracket, which a holding's reading
    keeps), written out as its code (as long as the name), with the key it is met as: ``"South":`` as
    ``"\\x02\\x02\\x02\\x02\\x02":``; and every name as written. None where a name holds a control character
    (no JSON text's name does) or more names hold such a character than there are codes."""
    replaced: list[tuple[str, str]] = []
    names: list[str] = []
    for name in players:
        if any(character < " " for character in name):
            return None
        if name_kept(name):
            names.append(name)
            continue
        if len(replaced) == len(_NAME_CODES):
            return None
        code = _NAME_CODES[len(replaced)] * len(name)
        replaced.append((f'"{name}":', f'"{code}":'))
        names.append(code)
    return tuple(replaced), tuple(names)


def name_kept(name: str) -> bool:
    """Whether a name may stand in a template as it is: it holds no character a card's token may hold, no "0" (left
    out of the mask) and no bracket (a holding's reading keeps them)."""
    return {*name.encode()}.isdisjoint(_KEPT)


def write_names(text: str, written: Written) -> str:
    """``text`` with each name holding a card's character written out where it is met as a key (a TypeError where
    the text holds the name's code itself)."""
    for key, code in written[0]:
        if code[1] in text:
            raise TypeError("a control character in the text")  # no JSON text holds one
        text = text.replace(key, code)
    return text


def masked(text: bytes) -> bytes:
    """``text`` with every character a card's token may hold made NUL and every "0" left out, to be held to its
    templates (see :func:`cards_in_places`)."""
    return text.translate(_MASK, b"0")


def cards_in_places(
    text: bytes, masked_text: bytes | bytearray, templates: bytes, count: int, holdings: int = 0
) -> bytes:
    """The ``count`` cards of ``text``, a byte each, where its masked text (:func:`masked`, a NUL in a leader's
    code's place made NUL again) is ``templates`` (its ``count`` cards' places NUL, none of its other bytes a
    character a card's token may hold) and each place holds a card's canonical token (see the module's
    docstring); a TypeError for any other text. ``holdings``: where given, the templates are that many holdings,
    each in its own brackets (no other is in them), and the cards are given with GAP between each holding's and
    the next's (see the module's docstring)."""
    if masked_text != templates:
        raise TypeError("not written as the templates")
    if holdings:
        # the cards' characters and the holdings' brackets: two a card, two a gap, and the first and last bracket
        parts = text.translate(None, _NOT_HELD).replace(b"10", _TEN_BYTE)
        if len(parts) != 2 * (count + holdings):
            raise TypeError("a place not a card's")  # (or a "0" not a ten's: see the module's docstring)
        parts = parts[1:-1]
    else:
        parts = text.translate(None, _NOT_CARD).replace(b"10", _TEN_BYTE)
        if len(parts) != 2 * count:
            raise TypeError("a place not a card's")  # (or a "0" not a ten's: see the module's docstring)
    return read_pairs(parts)


def read_pairs(parts: bytes, pairs: dict[int, int] | _EncodingMap = _PAIRS) -> bytes:
    """Each pair of ``parts`` (a card's two characters, a ten's "10" written as TEN; a pair between two holdings or
    two hands; a name's) read as its byte by ``pairs`` (see pairs_map); a TypeError where a pair is mapped to none,
    or a character is left over."""
    # Each pair made one character by decoding them as UTF-16 (card characters are ASCII: no surrogate), then each
    # mapped to its card by a C encoding map (about two thirds of what cards_of_parts costs: the ranks and the suits
    # apart, two translates each, and an addition of two ints of a byte a card)
    try:
        return _encode(_decode(parts, "strict", True)[0], "strict", pairs)[0].translate(_LESS_ONE)
    except UnicodeError:  # (a pair mapped to no byte: UnicodeEncodeError; a character left over: UnicodeDecodeError)
        raise TypeError("a card written otherwise") from None


def by_hands(cards: bytes, leaders: bytes, counts: list[int], size: int) -> list[tuple[bytes, bytes]]:
    """Each hand's ``play_bytes`` (its cards, ``size`` a trick, and its tricks' leaders) cut from a game's, each
    hand ``counts`` tricks in turn. A loop of a few steps a hand: a game has a dozen hands or so, and a chain of
    maps over them (each a C object to make) cost twice as much."""
    hands = []
    start = 0
    for count in counts:
        finish = start + count
        hands.append((cards[start * size : finish * size], leaders[start:finish]))
        start = finish
    return hands
