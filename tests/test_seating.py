"""Seats and sides shared by both families: the names a simulated game gives its players."""

from __future__ import annotations

import random

import pytest

from referee import load_spec
from referee.seating import default_players, side_names
from referee.simulate import simulate_game

TABLES = [("spades/six-player", 6), ("hearts/intramural", 4), ("hearts/intramural", 3), ("dominoes/all-fives", 2)]


@pytest.mark.parametrize(("rules", "seats"), TABLES)
def test_unnamed_players_are_named_for_their_table(rules: str, seats: int) -> None:
    # a six-handed table's sides read "North & West v East & Fifth v South & Sixth": the compass seats four
    document = simulate_game(load_spec(rules), random.Random(1), seats=seats)
    players = tuple(document["players"])
    assert players == default_players(seats)
    if seats == 6:
        assert players == tuple(f"Player {n}" for n in range(1, 7))
        sides = side_names(players, ((0, 3), (1, 4), (2, 5)), None)
        assert sides == ("Player 1 & Player 4", "Player 2 & Player 5", "Player 3 & Player 6")
    else:
        assert players == ("North", "East", "South", "West")[:seats]
