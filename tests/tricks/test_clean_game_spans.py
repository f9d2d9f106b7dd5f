"""The whole-game clean check's arithmetic over a game's bytes (tricks.clean_game): each trick's winner found as the
one place holding its highest claim, and each hand's sums over its tricks, for any count of seats and tricks; and
games of every length, and of three players, each hand answered as its own check answers it, or left to it."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from lanes import WHERE

import referee
from referee.tricks import clean_game, game_lane
from referee.tricks.clean_lane import lane_for
from referee.tricks.log import compact_tricks, read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for
from tricks.test_clean_game import _alone


def _int(values: list[int]) -> int:
    return int.from_bytes(bytes(values), "little")


@pytest.mark.parametrize("seats", range(2, 8))
def test_each_tricks_winner_is_the_place_of_its_highest_claim(seats: int) -> None:
    rng = random.Random(seats)
    tricks = 255 // seats
    places = seats * tricks
    for _ in range(20):
        # each trick's claims distinct where above 0 (a card's own), below 128, the one led above 0
        claims = []
        for _trick in range(tricks):
            own = rng.sample(range(1, 128), seats)
            for at in rng.sample(range(seats), rng.randrange(seats)):
                own[at] = 0
            if not any(own):
                own[rng.randrange(seats)] = rng.randrange(1, 128)
            claims += own
        wanted = [0] * places
        for first in range(0, places, seats):
            trick = claims[first : first + seats]
            wanted[first + trick.index(max(trick))] = 0x80
        won = clean_game._winners(
            _int(claims),
            game_lane.max_shifts(seats),
            _int([0x80] * places),
            _int(([0xFF] + [0] * (seats - 1)) * tricks),
            _int([1] * places),
            _int([1] * seats),
        )
        assert won == _int(wanted)


@pytest.mark.parametrize("seats", range(2, 8))
def test_each_hands_sums_are_its_tricks_added(seats: int) -> None:
    rng = random.Random(seats)
    for per_player in range(1, 255 // seats + 1):
        hands = 255 // seats // per_player
        size = seats * per_player
        # a byte a place, each hand's sum a seat at most 127 (two hands' windows then fit a byte)
        values = []
        for _hand in range(hands):
            hand = [0] * size
            for _ in range(rng.randrange(128)):
                hand[rng.randrange(size)] += 1
            values += hand
        doubling, summing = game_lane.hand_sums(seats, per_player)
        summed = clean_game._by_hand(_int(values), doubling, summing).to_bytes(size * hands + seats, "little")
        for number in range(hands):
            for seat in range(seats):
                wanted = sum(values[number * size + seat : (number + 1) * size : seats])
                assert summed[number * size + seat] == wanted, (per_player, number, seat)


def test_a_card_led_without_a_claim_to_the_trick_leaves_the_game_to_each_hand() -> None:
    # a trick whose led card has no claim may have no claim at all: every place would hold its highest (0)
    t = tables_for(referee.load_spec("hearts/intramural"), 4)
    lane = lane_for(t)
    assert lane is not None and game_lane.PerLane(t, lane).fits
    rank = bytearray(lane.rank)
    two_of_clubs = lane.deck_cards[0]
    rank[lane.led_offset[two_of_clubs] + two_of_clubs] = 0
    assert not game_lane.PerLane(t, dataclasses.replace(lane, rank=bytes(rank))).fits


def _games(rules: str, count: int, spec: Any = None, seats: int = 4) -> list[Any]:
    """The hands of ``count`` hands' worth of simulated games of ``rules``, each hand at a place of the same pass."""
    spec = spec or referee.load_spec(rules)
    cycle = tables_for(spec, seats).pass_cycle or (None,)
    by_pass: list[list[Any]] = [[] for _ in cycle]
    seed = 0
    while min(map(len, by_pass)) < count:
        for number, hand in enumerate(simulate_game(spec, random.Random(seed), seats=seats)["hands"]):
            by_pass[number % len(cycle)].append(hand)
        seed += 1
    return [by_pass[number % len(cycle)][number // len(cycle)] for number in range(count)]


def _document(rules: str, hands: list[Any], seats: int = 4) -> Any:
    players = ["North", "East", "South", "West"][:seats]  # (as the simulator names them)
    return {"log": 1, "game": {"rules": rules}, "players": players, "hands": hands}


def _swap_own(hand: Any, rng: random.Random) -> None:
    """Two cards of one player swapped between two tricks of the hand (the play may then break a rule)."""
    tricks = hand["tricks"]
    a, b = rng.sample(range(len(tricks)), 2)
    seat = next(iter(tricks[a][0]))
    at_a = next(k for k, play in enumerate(tricks[a]) if seat in play)
    at_b = next(k for k, play in enumerate(tricks[b]) if seat in play)
    tricks[a][at_a], tricks[b][at_b] = tricks[b][at_b], tricks[a][at_a]


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
@pytest.mark.parametrize("count", [1, 4, 5, 19, 20, 64])
def test_a_game_of_any_length_is_answered_as_each_hand_alone(rules: str, count: int) -> None:
    # 19 hands of 13 tricks are the most a byte counts (255 tricks); 20 and 64 are checked a run at a time
    hands = _games(rules, count)
    t = tables_for(referee.load_spec(rules), 4)
    lane = lane_for(t)
    assert lane is not None
    for compact in (False, True):
        document = _document(rules, copy.deepcopy(hands))
        if compact:
            document = compact_tricks(document)
        log = read_fast(document, WHERE)
        assert log is not None
        game, alone = clean_game.clean_hands(t, lane, log.hands), _alone(t, lane, log.hands)
        assert game == alone and None not in game
    rng = random.Random(count)
    for at in {0, 3, count - 1} & set(range(count)):  # an irregular hand first, fourth, last
        for _ in range(5):
            changed = copy.deepcopy(hands)
            _swap_own(changed[at], rng)
            log = read_fast(_document(rules, changed), WHERE)
            assert log is not None
            game, alone = clean_game.clean_hands(t, lane, log.hands), _alone(t, lane, log.hands)
            assert game is None or all(g is None or g == a for g, a in zip(game, alone, strict=True))
            assert game is None or game[at] is None or alone[at] is not None


_THREE = """\
spec: 1
id: test/three-left
title: Spades for three, the dealer's left leading
extends: spades/three-player
summary: Spades for three players with the jokers, the player left of the dealer leading first, spades led at any time.
source:
  document: three.txt
  title: Three left
options:
  pack:
    source: Play with the jokers.
    default: jokers
play:
  first_lead:
    source: The dealer's left leads.
    leader: left_of_dealer
    cards: []
  lead:
    source: Spades may be led at any time.
    trump: any_time
    broken_by: null
    only_trump_left: null
"""

_THREE_SOURCE = "The dealer's left leads. Play with the jokers. Spades may be led at any time.\n"


def test_three_players_each_a_side_of_eighteen_tricks_are_answered_as_each_hand_alone(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # three seats (each trick's highest claim over spans of 1 and 1 place more) and 18 tricks (16 and 2), no lead
    # held back (each hand then answered by the game's check)
    (tmp_path / "three.txt").write_text(_THREE_SOURCE, encoding="utf-8")
    path = tmp_path / "three.yaml"
    path.write_text(_THREE, encoding="utf-8")
    spec = referee.load_spec(str(path))
    t = tables_for(spec, 3)
    lane = lane_for(t)
    assert lane is not None and game_lane.usable(t, lane) and t.per_player == 18
    for count in (1, 14, 15):  # 14 hands of 18 tricks are the most a byte counts
        log = read_fast(_document(str(path), _games(str(path), count, spec, seats=3), seats=3), WHERE)
        assert log is not None
        game, alone = clean_game.clean_hands(t, lane, log.hands), _alone(t, lane, log.hands)
        assert game == alone and None not in game
    for seed in range(3):  # whole games reported the same as with each hand checked alone
        document = simulate_game(spec, random.Random(seed), seats=3)
        reports = []
        for check in (clean_game.clean_hands, lambda *args: None):
            monkeypatch.setattr(clean_game, "clean_hands", check)
            log = read_fast(copy.deepcopy(document), WHERE)
            assert log is not None
            reports.append(referee.audit(spec, log).as_dict())
        assert reports[0] == reports[1] and reports[0]["status"] == "clean"


_CYCLE = """\
spec: 1
id: test/hearts-cycle
title: Intramural Hearts, the pass going round
extends: hearts/intramural
source:
  document: cycle.txt
  title: Cycle
passing:
  pass:
    source: Pass left, then right, then across, then hold.
    cycle: [left, right, across, none]
    cards: 3
"""


@pytest.mark.parametrize("count", [4, 5, 19, 20, 23, 64])
def test_a_pass_cycle_of_four_is_answered_at_each_hands_place_in_it(tmp_path: Any, count: int) -> None:
    # Intramural Hearts with the pass going left, right, across, then none (bundled rules the game's check answers
    # for pass one way only): each hand's pass is its place's in the cycle, a run of 19 hands at a time (the second
    # run, from hand 20, begins at the cycle's fourth place: no pass), and every hand is answered as alone
    (tmp_path / "cycle.txt").write_text("Pass left, then right, then across, then hold.\n", encoding="utf-8")
    path = tmp_path / "cycle.yaml"
    path.write_text(_CYCLE, encoding="utf-8")
    spec = referee.load_spec(str(path))
    t = tables_for(spec, 4)
    lane = lane_for(t)
    assert lane is not None and game_lane.usable(t, lane) and len(t.pass_cycle) == 4
    log = read_fast(_document(str(path), _games(str(path), count, spec)), WHERE)
    assert log is not None
    game, alone = clean_game.clean_hands(t, lane, log.hands), _alone(t, lane, log.hands)
    assert game == alone and None not in game
