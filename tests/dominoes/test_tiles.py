"""Tiles as ints 0..27 and hands as bitmasks; the three ways a log writes a tile."""

from __future__ import annotations

import random

import pytest

from referee.dominoes.tiles import (
    DOUBLES,
    FULL_SET,
    HALVES,
    HIGHEST,
    MATCH,
    NEXT_STATE,
    SPOTS,
    STATE_FITS,
    STATE_GROWS,
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


def test_the_advice_of_a_refusal_writes_the_bracketed_form_quoted() -> None:
    # followed bare in a YAML log, [6:4] is a list, which the schema then refuses ('not of type string')
    with pytest.raises(TileError, match=r'is not a tile \(write it 6-4, 6\|4 or "\[6:4\]"\)'):
        parse_tile("6_4")


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
    # two lookups of 14-tile halves: each tile alone, every tile, none, and random hands, one a tile of each half's
    # edges, and each half alone
    rng = random.Random(4)
    hands = [1 << t for t in range(TILE_COUNT)] + [FULL_SET, 0, (1 << 13) | (1 << 14) | 1 | (1 << 27)]
    hands += [(1 << 14) - 1, FULL_SET ^ ((1 << 14) - 1)]
    hands += [rng.getrandbits(TILE_COUNT) for _ in range(500)]
    added = [sum(SPOTS[t] for t in tiles_in(hand)) for hand in hands]
    assert [spots(hand) for hand in hands] == added
    assert seat_spots(hands) == added


def test_an_end_s_state_after_a_tile_is_laid_on_it() -> None:
    # worked by hand: 6-4 on an end showing 6 (a tile laid lengthwise, 6 spots) leaves 4 showing, 4 spots: 2 fewer
    six_four, five_five = tile(6, 4), tile(5, 5)
    assert (NEXT_STATE[six_four][3 * 6 + 1], STATE_GROWS[six_four][3 * 6 + 1]) == (3 * 4 + 1, -2)
    # 6-4 on 4-4 laid crosswise (8 spots): 6 showing, 6 spots; 5-5 on an open arm showing 5 and no spots: 10 more
    assert (NEXT_STATE[six_four][3 * 4 + 2], STATE_GROWS[six_four][3 * 4 + 2]) == (3 * 6 + 1, -2)
    assert (NEXT_STATE[five_five][3 * 5], STATE_GROWS[five_five][3 * 5]) == (3 * 5 + 2, 10)
    assert NEXT_STATE[six_four][3 * 5 + 1] == NEXT_STATE[six_four][-1] == -1  # no 5 on it; an end not open
    for t, (high, low) in enumerate(HALVES):
        for number in range(HIGHEST + 1):
            for kind, shows in enumerate((0, number, 2 * number)):
                state = 3 * number + kind
                if number not in (high, low):
                    assert (NEXT_STATE[t][state], STATE_GROWS[t][state]) == (-1, 0)
                    continue
                left = low if number == high else high
                after = (3 * left + 2, 2 * left) if high == low else (3 * left + 1, left)
                assert (NEXT_STATE[t][state], STATE_GROWS[t][state]) == (after[0], after[1] - shows)
        assert STATE_FITS[3 * high] & 1 << t and STATE_FITS[3 * low + 2] & 1 << t and not STATE_FITS[-1]
