"""Bitmask sets of small ints (cards, tiles): what every family's hands are made of."""

from __future__ import annotations


def members(mask: int) -> list[int]:
    """The ints of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
