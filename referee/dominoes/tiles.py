"""Tiles as small ints and hands as bitmasks.

A double-six set has 28 tiles. Tile ``high-low`` (high >= low) is the int
``high * (high + 1) // 2 + low``: 0-0 is 0, 1-0 is 1, 1-1 is 2, ... 6-6 is
27. A hand is a bitmask of those ints, so "which tiles can go on an end
showing n" is one AND with ``MATCH[n]``.
"""

from __future__ import annotations

import re

from ..bits import members

HIGHEST = 6
TILE_COUNT = (HIGHEST + 1) * (HIGHEST + 2) // 2
FULL_SET = (1 << TILE_COUNT) - 1


def tile(a: int, b: int) -> int:
    """The int of the tile with halves ``a`` and ``b`` (either order)."""
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


HALVES: tuple[tuple[int, int], ...] = tuple((h, lo) for h in range(HIGHEST + 1) for lo in range(h + 1))
HIGH = tuple(h for h, _ in HALVES)
LOW = tuple(lo for _, lo in HALVES)
SPOTS = tuple(h + lo for h, lo in HALVES)
IS_DOUBLE = tuple(h == lo for h, lo in HALVES)
DOUBLES = tuple(tile(n, n) for n in range(HIGHEST, -1, -1))  # highest first
MATCH = tuple(sum(1 << t for t, (h, lo) in enumerate(HALVES) if n in (h, lo)) for n in range(HIGHEST + 1))
DOUBLE_MASK = sum(1 << t for t in DOUBLES)
# What laying each tile on an end showing n leaves, at [tile][n], and at [tile][-1] for an end not open: the
# number then showing (-1: it does not fit), and the spots that end then shows (a double lies crosswise).
NEXT_END = tuple(tuple(lo if n == h else h if n == lo else -1 for n in range(HIGHEST + 2)) for h, lo in HALVES)
END_SPOTS = tuple(tuple(v + v if h == lo else v for v in row) for (h, lo), row in zip(HALVES, NEXT_END, strict=True))
BIT = tuple(1 << t for t in range(TILE_COUNT))  # each tile's bit in a hand

# An open end as the clean check (:mod:`.clean_turns`) keeps it, one int: the number n it shows and the spots it
# adds to the count, 3 * n + k (k 0: none, an arm not yet laid on, as a first double's sides or a spinner's
# before a tile; 1: n, a tile laid lengthwise; 2: 2n, a double laid crosswise), and -1 for an end not open.
# What laying each tile on an end in each state leaves, at [tile][state] ([tile][-1]: an end not open): the
# state then (-1: it does not fit), and by how many spots the count grows.
END_STATES = 3 * (HIGHEST + 1)


def _after(t: int, state: int) -> tuple[int, int]:
    """The state of an end after tile ``t`` is laid on it in ``state`` (-1: it does not fit), and by how many
    spots the count grows."""
    number = NEXT_END[t][state // 3] if state >= 0 else -1
    if number < 0:
        return -1, 0
    return 3 * number + (2 if IS_DOUBLE[t] else 1), END_SPOTS[t][state // 3] - state // 3 * (state % 3)


_STATES = (*range(END_STATES), -1)
NEXT_STATE = tuple(tuple(_after(t, state)[0] for state in _STATES) for t in range(TILE_COUNT))
STATE_GROWS = tuple(tuple(_after(t, state)[1] for state in _STATES) for t in range(TILE_COUNT))
STATE_FITS = (*(MATCH[state // 3] for state in range(END_STATES)), 0)  # the tiles that fit an end in each state

_TOKEN = re.compile(r"^\s*\[?\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*\]?\s*$")


class TileError(ValueError):
    """A token that is not a tile of the set."""


# The usual ways of writing each tile, looked up: an archive holds millions of tile tokens.
TILE_TOKENS = {
    form.format(a, b): tile(a, b)
    for a in range(HIGHEST + 1)
    for b in range(HIGHEST + 1)
    for form in ("{}-{}", "{}|{}", "[{}:{}]")
}

# Each usual token's bit (1 << its tile): a hand's draw is read as its tiles' bits, which sum to the hand.
TOKEN_BITS = {token: 1 << t for token, t in TILE_TOKENS.items()}


# The forms a tile is written in, as the advice of a refusal gives them: "[6:4]" quoted, since YAML reads it bare
# as a list (which the schema refuses: not text)
_FORMS = 'write it 6-4, 6|4 or "[6:4]"'


def parse_tile(token: object) -> int:
    """A tile from ``6-4``, ``6|4`` or ``[6:4]`` (halves in either order)."""
    found_tile = TILE_TOKENS.get(token) if isinstance(token, str) else None
    if found_tile is not None:
        return found_tile
    if not isinstance(token, str):
        raise TileError(f"{token!r} is not a tile ({_FORMS})")
    found = _TOKEN.match(token)
    if found is None:
        raise TileError(f"{token!r} is not a tile ({_FORMS})")
    a, b = int(found[1]), int(found[2])
    if max(a, b) > HIGHEST:
        raise TileError(f"{token!r} is not a tile of the double-{HIGHEST} set")
    return tile(a, b)


def tile_name(t: int) -> str:
    """The canonical token of a tile, higher half first: ``6-4``."""
    return f"{HIGH[t]}-{LOW[t]}"


def tiles_in(mask: int) -> list[int]:
    """The tiles of a bitmask, in ascending order."""
    return members(mask)


# The spots of each 14-tile half of a hand, so that a hand's spots are two lookups rather than a loop a tile (or
# three lookups of 10-tile slices: each lookup, shift and mask of a hand's int is a step of its own, and a hand's
# end looks at every seat's). Each table is bytes, doubled a tile at a time: each sum so far, then that sum with the
# tile's spots added (one translate; no sum reaches 256, a whole set holding 168 spots). Some 0.1M instructions at
# import, where a Python sum each would take 10M, and a tuple made of them 2M more (a tuple's index reads a little
# faster: about 1k instructions a hand's end, paid back only after a few thousand hands).
_HALF = 14


def _half_spots(first: int, size: int) -> bytes:
    table, added = b"\0", bytes(range(256)) * 2  # (added[n : n + 256]: each byte's value with n added)
    for t in range(first, first + size):
        table += table.translate(added[SPOTS[t] : SPOTS[t] + 256])
    return table


_LOW, _HIGH = _half_spots(0, _HALF), _half_spots(_HALF, TILE_COUNT - _HALF)


def spots(mask: int) -> int:
    """The spots on all the tiles of a hand."""
    return _LOW[mask & 16383] + _HIGH[mask >> 14]


def seat_spots(held: list[int]) -> list[int]:
    """The spots each seat holds (:func:`spots` of each, in one step)."""
    return [_LOW[mask & 16383] + _HIGH[mask >> 14] for mask in held]  # (_HALF and its mask, as constants)


def other_half(t: int, n: int) -> int:
    """The half of tile ``t`` that is not ``n`` (``n`` again for a double)."""
    return LOW[t] if HIGH[t] == n else HIGH[t]


def names(mask: int) -> str:
    """A hand in words: ``6-4 3-3``."""
    return " ".join(tile_name(t) for t in tiles_in(mask))
