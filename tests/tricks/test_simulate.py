"""The simulator's games, checked against the independent model in strategies.py (not against referee.play)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from strategies import (
    SPEC,
    Log,
    contracts,
    entries,
    game_over,
    intramural_deck,
    replay,
    running_totals,
    simulated,
    suit,
)

from referee.simulate import simulate, simulate_game

SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "game-log.schema.json"
SEEDS = (1, 2, 3, 17, 2026)


@pytest.fixture(scope="module")
def games() -> list[Log]:
    return [simulated(seed) for seed in SEEDS]


def test_same_seed_same_games() -> None:
    assert list(simulate(SPEC, 2, seed=5)) == list(simulate(SPEC, 2, seed=5))
    assert simulate_game(SPEC, random.Random(9)) == simulate_game(SPEC, random.Random(9))


def test_different_seeds_different_games() -> None:
    first = simulate_game(SPEC, random.Random(1))
    assert first != simulate_game(SPEC, random.Random(2))
    assert first["hands"][0]["deal"] != simulate_game(SPEC, random.Random(2))["hands"][0]["deal"]
    two = list(simulate(SPEC, 2, seed=5))
    assert two[0]["hands"] != two[1]["hands"]
    assert two[0]["game"]["id"] != two[1]["game"]["id"]


def test_logs_match_the_schema(games: list[Log]) -> None:
    validator = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    for doc in [*games, simulated(4, with_score=False)]:
        errors = list(validator.iter_errors(doc))
        assert errors == [], errors[0].message
        assert doc["game"]["rules"] == "spades/intramural"


def test_default_player_names() -> None:
    doc = simulate_game(SPEC, random.Random(3))
    assert len(doc["players"]) == 4 == len(set(doc["players"]))


def test_deals_are_the_whole_deck(games: list[Log]) -> None:
    deck = intramural_deck()
    assert len(deck) == 52
    for doc in games:
        for hand in doc["hands"]:
            deal = hand["deal"]
            assert sorted(deal) == sorted(doc["players"])
            assert all(len(cards) == 13 for cards in deal.values())
            dealt = [card for cards in deal.values() for card in cards]
            assert len(dealt) == len(set(dealt)) == 52
            assert set(dealt) == deck


def test_every_play_is_legal(games: list[Log]) -> None:
    for doc in games:
        for hand in doc["hands"]:
            assert len(hand["tricks"]) == 13
            assert all(len(trick) == 4 for trick in hand["tricks"])
            assert replay(doc["players"], hand).problems == []
            # every dealt card is played once, by the player who held it
            played = {card: name for trick in hand["tricks"] for name, card in entries(trick)}
            assert played == {card: name for name, cards in hand["deal"].items() for card in cards}


def test_first_lead_is_left_of_dealer(games: list[Log]) -> None:
    for doc in games:
        players = doc["players"]
        for hand in doc["hands"]:
            leader = entries(hand["tricks"][0])[0][0]
            assert players.index(leader) == (players.index(hand["dealer"]) + 1) % 4


def test_players_follow_suit_when_they_can(games: list[Log]) -> None:
    # a direct restatement of the duty, jokers counted as spades, over the whole deal
    for doc in games:
        for hand in doc["hands"]:
            held = {name: set(cards) for name, cards in hand["deal"].items()}
            for trick in hand["tricks"]:
                plays = entries(trick)
                led = suit(plays[0][1])
                for name, card in plays[1:]:
                    could = {c for c in held[name] if suit(c) == led}
                    assert card in held[name]
                    assert suit(card) == led or not could, (name, card, led, could)
                for name, card in plays:
                    held[name].remove(card)


def test_bids_respect_the_limits(games: list[Log]) -> None:
    for doc in games:
        players = doc["players"]
        for hand in doc["hands"]:
            order = [next(iter(entry)) for entry in hand["bids"]]
            start = players.index(hand["dealer"])
            assert order == [players[(start + i) % 4] for i in range(4)]  # dealer first, clockwise
            for entry in hand["bids"]:
                (bid,) = entry.values()
                assert isinstance(bid, int) and 1 <= bid <= 13
            assert min(contracts(players, hand)) >= 4


def test_dealer_rotates_left(games: list[Log]) -> None:
    for doc in games:
        players = doc["players"]
        dealers = [players.index(hand["dealer"]) for hand in doc["hands"]]
        for before, after in itertools.pairwise(dealers):
            assert after == (before + 1) % 4


def test_game_ends_at_500_and_not_before(games: list[Log]) -> None:
    for doc in games:
        sheet = running_totals(doc["players"], doc["hands"])
        assert not any(game_over(totals) for _, totals in sheet[:-1])
        assert game_over(sheet[-1][1])
        assert max(sheet[-1][1]) >= 500


def test_written_scores_are_right(games: list[Log]) -> None:
    for doc in games:
        sheet = running_totals(doc["players"], doc["hands"])
        for hand, (points, totals) in zip(doc["hands"], sheet, strict=True):
            # the simulator writes each side under its first player's name: Ann (Ann & Cat), Bob (Bob & Dan)
            written = hand["score"]
            assert written == {
                "Ann": {"hand": points[0], "total": totals[0]},
                "Bob": {"hand": points[1], "total": totals[1]},
            }


def test_without_score() -> None:
    doc = simulated(11, with_score=False)
    assert all("score" not in hand for hand in doc["hands"])
    assert [h["deal"] for h in doc["hands"]] == [h["deal"] for h in simulated(11)["hands"]]
