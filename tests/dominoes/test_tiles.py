"""Tiles as ints 0..27 and hands as bitmasks; the three ways a log writes a tile."""

from __future__ import annotations

import random

import pytest

from referee.dominoes.tiles import (
    DOUBLES,
    FULL_SET,
    MATCH,
    SPOTS,
    TILE_COUNT,
    TileError,
    parse_tile,
    seat_spots,
    spots,
    tile,
    tile_name,
    tiles_in,
)


def test_a_double_six_set_has_28_tiles_each_once() -> None:
    assert TILE_COUNT == 28
    assert FULL_SET == (1 << 28) - 1
    pairs = {(a, b) for a in range(7) for b in range(a + 1)}
    assert {tile(a, b) for a, b in pairs} == set(range(28))
    assert tile(0, 0) == 0 and tile(6, 6) == 27 and tile(4, 6) == tile(6, 4)


@pytest.mark.parametrize("token", ["6-4", "4-6", "6|4", "[6:4]", " [ 4 : 6 ] "])
def test_every_written_form_is_the_same_tile(token: str) -> None:
    assert parse_tile(token) == tile(6, 4)
    assert tile_name(parse_tile(token)) == "6-4"


@pytest.mark.parametrize("token", ["7-1", "6", "6-4-2", "six-four", "", "6/4"])
def test_what_is_not_a_tile_is_refused(token: str) -> None:
    with pytest.raises(TileError):
        parse_tile(token)


def test_names_round_trip() -> None:
    assert [parse_tile(tile_name(t)) for t in range(28)] == list(range(28))


def test_spots_and_matches() -> None:
    assert SPOTS[tile(5, 3)] == 8
    assert spots((1 << tile(5, 3)) | (1 << tile(5, 4)) | (1 << tile(4, 3)) | (1 << tile(5, 5))) == 34
    # seven tiles carry each number, the double once
    assert all(bin(MATCH[n]).count("1") == 7 for n in range(7))
    assert MATCH[0] >> tile(0, 0) & 1 and not MATCH[1] >> tile(0, 0) & 1
    assert DOUBLES[0] == tile(6, 6) and DOUBLES[-1] == tile(0, 0)
    assert tiles_in((1 << 27) | 1 | (1 << 5)) == [0, 5, 27]


def test_a_hand_s_spots_are_its_tiles_spots_added_whatever_tiles_it_holds() -> None:
    # three lookups of 10-tile slices (the last 8): each tile alone, every tile, none, and random hands, one a
    # tile of each slice's edges
    rng = random.Random(4)
    hands = [1 << t for t in range(TILE_COUNT)] + [FULL_SET, 0, (1 << 9) | (1 << 10) | (1 << 19) | (1 << 20)]
    hands += [rng.getrandbits(TILE_COUNT) for _ in range(500)]
    added = [sum(SPOTS[t] for t in tiles_in(hand)) for hand in hands]
    assert [spots(hand) for hand in hands] == added
    assert seat_spots(hands) == added
