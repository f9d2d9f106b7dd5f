"""Cards read from a text laid out as known templates but for its cards' places (:func:`cards_in_places`): the
deals and the tricks of a game, each cut out of its text (:mod:`.deal_text`, :mod:`.tricks_text`,
:mod:`.compact_text`).

A template is the text every hand's deal, or every trick, would be, each card's two characters (every "10"
written as one, :data:`TEN`) NUL. The text is held to it by two passes over it, each one C-level step: masked
(every character a card's token may hold made NUL), it must be the templates exactly, and its characters a card
may hold, all else left out, are then the cards' characters, a pair a card. For that no template may hold such a
character but at its cards' places: so a name holding one (South's S, Ann's A) is first written out, wherever it
is met as a key (``"South":``), as a *code* as long, one control character repeated (no JSON text holds one, and
a text holding one is refused before it is written out: so each code in the text written out stands for that
name, met there), and the templates are made of the names so written (:func:`written_names`).
"""

from __future__ import annotations

import codecs
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import BIG_JOKER, card_name

if TYPE_CHECKING:
    from _codecs import _EncodingMap

TEN = "\x01"  # what every "10" is written as, in the deals' and the tricks' texts (no JSON text holds it)
_CARD_CHARACTERS = ("23456789" + TEN + "JQKALBCDHS").encode()  # every character of a card's token, "10" as TEN
# The compact form's leaders' codes (see compact_text), each met where a template has a NUL, as a card is
LEADER_CODES = bytes(range(0x10, 0x20))
# The names' codes: the control characters that are neither a JSON text's whitespace nor a leader's code
_NAME_CODES = "\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"
_MASK = bytes.maketrans(_CARD_CHARACTERS + LEADER_CODES, bytes(len(_CARD_CHARACTERS + LEADER_CODES)))
_NOT_CARD = bytes(sorted({*range(256)} - {*_CARD_CHARACTERS}))


def _pairs_map() -> dict[int, int] | _EncodingMap:
    """What reads a card's two characters (a ten's "10" written as TEN) as one character: the code unit UTF-16
    makes of them (little-endian: its suit's byte high, its rank's low), mapped to its card, plus one (an encoding
    map, C's, must map NUL to NUL), by ``codecs.charmap_encode``. Every card from 2 of clubs to the big joker, each
    by its canonical token (``card_name``): no other pair is mapped, and the encode refuses it."""
    table = ["\ufffe"] * 256  # (U+FFFE: mapped to no byte)
    table[0] = "\0"
    for card in range(BIG_JOKER + 1):
        rank, suit = card_name(card).replace("10", TEN).encode()
        table[card + 1] = chr(suit << 8 | rank)
    return codecs.charmap_build("".join(table))


_PAIRS = _pairs_map()
_encode = codecs.charmap_encode
_LESS_ONE = bytes([255, *range(255)])  # each card's byte, the map's less one

# A game's names written out: each (key, written) pair replaced, in order, and every name as written
Written = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]


@lru_cache(maxsize=64)
def written_names(players: tuple[str, ...]) -> Written | None:
    """Each name holding a character a card's token may hold (or a "10"), written out as its code (as long as the
    name), with the key it is met as: ``"South":`` as ``"\\x02\\x02\\x02\\x02\\x02":``; and every name as
    written. None where a name holds a control character (no JSON text's name does) or more names hold a card's
    character than there are codes."""
    replaced: list[tuple[str, str]] = []
    names: list[str] = []
    for name in players:
        if any(character < " " for character in name):
            return None
        if {*name.encode()}.isdisjoint(_CARD_CHARACTERS) and "10" not in name:  # (a "10" would be a ten's)
            names.append(name)
            continue
        if len(replaced) == len(_NAME_CODES):
            return None
        code = _NAME_CODES[len(replaced)] * len(name)
        replaced.append((f'"{name}":', f'"{code}":'))
        names.append(code)
    return tuple(replaced), tuple(names)


def write_names(text: str, written: Written) -> str:
    """``text`` with each name holding a card's character written out where it is met as a key (a TypeError where
    the text holds the name's code itself)."""
    for key, code in written[0]:
        if code[1] in text:
            raise TypeError("a control character in the text")  # no JSON text holds one
        text = text.replace(key, code)
    return text


def cards_in_places(text: bytes, templates: bytes, count: int) -> bytes:
    """The ``count`` cards of ``text``, a byte each, where it is ``templates`` (as long, its ``count`` cards' places
    NUL, none of its other bytes a character a card's token may hold) but for a card's characters at each of those
    places; a TypeError for any other text. (A leader's code where the templates have a NUL passes the mask too,
    but is no card's character: the cards then fall short of ``count``, unless a card's character is where the
    code should be, which the compact form's reader tells.)"""
    if text.translate(_MASK) != templates:
        raise TypeError("not written as the templates")
    parts = text.translate(None, _NOT_CARD)
    if len(parts) != 2 * count:
        raise TypeError("a place not a card's")
    # Each card's two characters made one by decoding them as UTF-16 (card characters are ASCII: no surrogate),
    # then each mapped to its card by a C encoding map (about two thirds of what cards_of_parts costs: the ranks
    # and the suits apart, two translates each, and an addition of two ints of a byte a card)
    try:
        return _encode(parts.decode("utf-16-le"), "strict", _PAIRS)[0].translate(_LESS_ONE)
    except UnicodeEncodeError:
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
