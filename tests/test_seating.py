"""Seats and sides shared by both families: the names a simulated game gives its players."""

from __future__ import annotations

import random
from io import StringIO
from pathlib import Path

import pytest

from referee import load_spec
from referee.cli import main
from referee.seating import default_players, side_names
from referee.simulate import simulate_game

ROOT = Path(__file__).resolve().parent.parent
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


def _sheet(tmp_path: Path, head: str, hand: str) -> Path:
    """A one-hand intramural score sheet."""
    path = tmp_path / "sheet.yaml"
    path.write_text(f"log: 1\ngame: {{rules: spades/intramural}}\n{head}hands:\n  - {hand}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("head", "hand", "name"),
    [
        # a side named as a player across the table: {Hawks: ...} in a hand could be either
        (
            "players: [Emma, Noah, Olivia, Hawks]\nsides: {Hawks: [Emma, Olivia], Owls: [Noah, Hawks]}\n",
            "{dealer: Noah, bids: {Emma: 4, Noah: 3, Olivia: 4, Hawks: 4}, books: {Emma: 4, Noah: 9}}",
            "Hawks",
        ),
        # no sides named: the first side is "b & d", the name of a player of the second
        (
            "players: [b, x, d, b & d]\n",
            "{dealer: x, bids: {b: 4, x: 3, d: 4, b & d: 4}, books: {b: 4, x: 9}}",
            "b & d",
        ),
    ],
)
def test_a_side_named_as_a_player_of_another_side_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], head: str, hand: str, name: str
) -> None:
    # such a key was silently taken for the side ("a side's name wins"): a scorer who keyed the other side's
    # figures by that player had them put on the wrong side
    assert main(["check", str(_sheet(tmp_path, head, hand))], out=StringIO()) == 2
    err = capsys.readouterr().err
    assert f"the side {name!r} has the name of a player of another side" in err and err.count("\n") == 1


def test_a_side_named_after_one_of_its_own_players_is_one_side(tmp_path: Path) -> None:
    head = "players: [Emma, Noah, Olivia, Liam]\nsides: {Emma: [Emma, Olivia], Owls: [Noah, Liam]}\n"
    hand = "{dealer: Noah, bids: {Emma: 4, Noah: 3, Olivia: 4, Liam: 4}, books: {Emma: 4, Owls: 9}}"
    assert main(["check", str(_sheet(tmp_path, head, hand))], out=StringIO()) == 0


@pytest.mark.parametrize(
    ("rules", "players"), [("spades/intramural", "b,x,d,b & d"), ("dominoes/block-partners", "b,x,d,b & d")]
)
def test_players_named_so_are_not_simulated(capsys: pytest.CaptureFixture[str], rules: str, players: str) -> None:
    # the simulator wrote such games, which the referee then refuses
    assert main(["simulate", "--rules", rules, "--players", players], out=StringIO()) == 2
    assert "the side 'b & d' has the name of a player of another side" in capsys.readouterr().err


def test_players_whose_sides_would_share_a_name_are_not_simulated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "spades/intramural", "--players", "A,A & B,B & C,C"], out=StringIO()) == 2
    assert "two sides would both be named 'A & B & C'" in capsys.readouterr().err
