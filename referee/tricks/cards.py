"""Playing cards as small ints, hands as bitmasks.

A card is an int: ``suit * 13 + (rank - 2)`` for the 52 suited cards
(suits clubs, diamonds, hearts, spades = 0..3; ranks 2..14, ace high),
then 52 for the Little Joker and 53 for the Big Joker. A set of cards (a
hand, a deck) is an int whose bit ``1 << card`` is set for each card in it.

A double deck has two of each card, and a record names a card, never a copy.
A set then keeps the second copy of a card at bit ``card + COPY`` and sets it
only when the first is set too: membership, suit masks and counts stay single
bit operations, and a single-deck set never has a bit at ``COPY`` or above.
"""

from __future__ import annotations

from typing import Any

from ..bits import members

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

LITTLE_JOKER = 52
BIG_JOKER = 53
CARD_COUNT = 54
JOKERS = {"LJ": LITTLE_JOKER, "BJ": BIG_JOKER}

BIT = tuple(1 << card for card in range(CARD_COUNT))  # a card's bit, looked up: the replay maps whole tricks
STANDARD_52 = (1 << 52) - 1
COPY = 64  # the bit offset of a card's second copy in a double deck
ONE_COPY = (1 << COPY) - 1  # the first-copy bits: the distinct cards of a set

_SUIT_ALIASES = {
    "C": CLUBS,
    "D": DIAMONDS,
    "H": HEARTS,
    "S": SPADES,
    "♣": CLUBS,
    "♦": DIAMONDS,
    "♥": HEARTS,
    "♠": SPADES,
    "♧": CLUBS,
    "♢": DIAMONDS,
    "♡": HEARTS,
    "♤": SPADES,
}
_RANK_ALIASES = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_ALIASES["T"] = 8  # "TS" is the ten of spades in many score-keeping programs


class CardError(ValueError):
    """A token that names no card."""


def make_card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (2..14, ace high)."""
    return suit * 13 + rank - 2


def suit_of(card: int) -> int:
    """The printed suit of a suited card; jokers have none (-1)."""
    return card // 13 if card < 52 else -1


def rank_of(card: int) -> int:
    """The printed rank (2..14) of a suited card; jokers have none (0)."""
    return card % 13 + 2 if card < 52 else 0


def _build_token_table() -> dict[str, int]:
    table: dict[str, int] = {}
    for suit_token, suit in _SUIT_ALIASES.items():
        for rank_token, rank_index in _RANK_ALIASES.items():
            table[rank_token + suit_token] = suit * 13 + rank_index
    table.update(JOKERS)
    return table


# Parsing is a dictionary look-up: logs hold millions of card tokens.
TOKENS = _build_token_table()


def _byte_table(values: dict[str, int], default: int) -> bytes:
    table = bytearray([default]) * 256
    for char, value in values.items():
        table[ord(char)] = value
    return bytes(table)


# What card_bytes reads a canonical token by, once every "10" is written "T": its first character's part of the
# card (the rank's index, or a joker's card) and its second's (its suit's 13 * suit, or 0 for a joker's J), a
# card being their sum; and each character's kind, which must agree (a suited rank with a suit, L or B with J;
# any other character is of a kind of its own, agreeing with none).
_RANK_LETTERS = "23456789TJQKA"
_RANK_PART = _byte_table({**{r: i for i, r in enumerate(_RANK_LETTERS)}, "L": LITTLE_JOKER, "B": BIG_JOKER}, 0)
_SUIT_PART = _byte_table({**{s: suit * 13 for suit, s in enumerate(SUIT_LETTERS)}, "J": 0}, 0)
_RANK_KIND = _byte_table({**dict.fromkeys(_RANK_LETTERS, 0), "L": 1, "B": 1}, 2)
_SUIT_KIND = _byte_table({**dict.fromkeys(SUIT_LETTERS, 0), "J": 1}, 3)


def card_bytes(tokens: list[Any]) -> bytes | None:
    """The cards of canonical ASCII tokens (``AS``, ``10H``, ``TD``, ``BJ``), a byte each, as ``TOKENS`` reads
    them; None where any token is written otherwise (then each is looked up, or parsed, one by one).

    A look-up hashes each token, a new string each: a game's hundreds of tokens are read here instead in a few
    passes over their joined text. Joined by commas with every "10" written "T", canonical tokens are two
    characters each, so the text is ``XY,XY,...,XY``, of 3 * count - 1 characters, none of them a comma but every
    third: a token of another length, or holding a comma, puts a comma (of no kind) where a rank or suit is.
    """
    count = len(tokens)
    try:
        text = ",".join(tokens).replace("10", "T").encode("ascii")
    except (TypeError, UnicodeEncodeError):  # a token not text, or not ASCII (a suit symbol)
        return None
    if len(text) != 3 * count - 1:
        return b"" if not count else None
    return cards_of_parts(text[::3], text[1::3])  # a comma here too: it is of no kind


def cards_of_parts(ranks: bytes, suits: bytes) -> bytes | None:
    """The cards whose canonical tokens' two characters (every "10" written "T") are these, a byte each, as
    ``TOKENS`` reads them; None where any pair is no card (a character of no kind, or kinds that disagree)."""
    if ranks.translate(_RANK_KIND) != suits.translate(_SUIT_KIND):
        return None
    # bytewise sums below 256 (at most 3 * 13 + 12, or a joker's 53): no byte carries into the next
    whole = int.from_bytes(ranks.translate(_RANK_PART), "big") + int.from_bytes(suits.translate(_SUIT_PART), "big")
    return whole.to_bytes(len(ranks), "big")


def parse_card(token: object) -> int:
    """Read a card token: ``AS``, ``as``, ``A♠``, ``10S``, ``TS``, ``BJ``, ``LJ``."""
    if not isinstance(token, str):
        raise CardError(f"a card must be written as text, like AS or 10H, not {token!r}")
    card = TOKENS.get(token)
    if card is None:
        card = TOKENS.get(token.strip().upper())
    if card is None:
        raise CardError(f"unknown card {token!r} (write rank then suit, like AS, 10H, TD, Q♣, or BJ/LJ for jokers)")
    return card


def card_name(card: int) -> str:
    """The canonical token: ``AS``, ``10H``, ``BJ`` (a second copy is named as its card)."""
    card %= COPY
    if card == BIG_JOKER:
        return "BJ"
    if card == LITTLE_JOKER:
        return "LJ"
    return RANK_NAMES[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: int) -> str:
    """The card for people: ``A♠``, ``10♥``, ``BJ`` (a second copy is shown as its card)."""
    card %= COPY
    if card >= 52:
        return card_name(card)
    return RANK_NAMES[card % 13] + SUIT_SYMBOLS[card // 13]


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The bitmask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def add_card(mask: int, card: int) -> int:
    """``mask`` with one more copy of ``card``: the first copy, or the second if the first is there."""
    bit = 1 << card
    return mask | (bit << COPY if mask & bit else bit)


def copies_of(cards: list[int] | tuple[int, ...]) -> int:
    """The bitmask holding ``cards``, a card listed again as its second copy (:func:`add_card`)."""
    mask = 0
    for card in cards:
        mask = add_card(mask, card)
    return mask


def remove_card(mask: int, card: int) -> int:
    """``mask`` with one copy of ``card`` less: the second copy first, so a held card keeps its first bit."""
    second = 1 << (card + COPY)
    return mask & ~second if mask & second else mask & ~(1 << card)


def cards_in(mask: int) -> list[int]:
    """The cards of a bitmask, lowest id first."""
    return members(mask)


def suit_mask(suit: int) -> int:
    """The printed cards of one suit."""
    return ((1 << 13) - 1) << (suit * 13)
