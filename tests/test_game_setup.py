"""What a run makes once and keeps for the games after (a spec's Tables, plan and seatings for each number of players,
the spec the last game's header named, a started report's fields, a settlement's figures): each game of a mixed run
is reported as it is alone, whatever came before it."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from referee import families, report_json
from referee.batch import Checker, Settings
from referee.dominoes import audit as domino_audit
from referee.report import Report
from referee.settlement import number
from referee.simulate import simulate_game
from referee.spec import load
from referee.tricks import audit as trick_audit
from referee.tricks import game_plan


def _game(spec_id: str, seed: int, players: tuple[str, ...] | None = None, **header: Any) -> dict[str, Any]:
    document = simulate_game(load(spec_id), random.Random(seed), players=players, game_id=f"{spec_id}-{seed}")
    document["game"].update(header)
    return document


def _mixed() -> list[dict[str, Any]]:
    """Two games' families, two specs of one game, three and four and five players of one spec, two sets of names,
    a header's option on one game and not on the next (Spades, dominoes), the log's own sides, and games after a
    faulty one."""
    own_sides = _game("spades/intramural", 5, ("Ann", "Bob", "Cat", "Dan"))
    own_sides["sides"] = {"Team A": ["Ann", "Bob"], "Team B": ["Cat", "Dan"]}  # the spec's reading: opposite
    faulty = _game("hearts/intramural", 6, ("N", "E", "S", "W"))
    faulty["hands"][0]["tricks"][0].reverse()  # played out of turn
    return [
        _game("hearts/intramural", 1, ("N", "E", "S", "W")),
        _game("hearts/intramural", 2, ("N", "E", "S")),
        _game("hearts/intramural", 3, ("A", "B", "C", "D", "E")),
        _game("spades/intramural", 4),
        own_sides,
        _game("spades/intramural", 7, ("Ann", "Bob", "Cat", "Dan")),
        _game("spades/three-player", 8, options={"target": 300}),
        _game("spades/three-player", 8),
        faulty,
        _game("hearts/intramural", 9, ("N", "E", "S", "W")),
        _game("dominoes/all-fives", 10),
        _game("dominoes/block-two", 14, options={"target": 50}),
        _game("dominoes/block-two", 14),
        _game("dominoes/block-three", 15),
        _game("hearts/club", 11),
    ]


def _forget() -> None:
    trick_audit._SEATED.clear()
    game_plan._PLANS.clear()
    domino_audit._TABLES.clear()
    report_json._NUMBERS.clear()
    families._AUDITS.clear()


def test_each_game_of_a_mixed_run_is_reported_as_it_is_alone() -> None:
    games = _mixed()
    alone = []
    for at, document in enumerate(games, 1):
        _forget()
        alone.append(Checker(Settings(format="json")).line(json.dumps(document), "run.jsonl", at, at))
    checker = Checker(Settings(format="json"))
    for _ in range(2):  # the whole run twice over: every game meets the caches as the one before left them
        for at, document in enumerate(games, 1):
            assert checker.line(json.dumps(document), "run.jsonl", at, at) == alone[at - 1]
    statuses = [result.status for result in alone]
    assert statuses.count("clean") >= 8 and "warnings" in statuses and "violations" in statuses
    assert len({result.output for result in alone}) == len(games)


def test_the_plan_is_the_one_of_the_players_tables() -> None:
    # Hearts for three, four and five: each game's totals start from a zero for each of its players
    for players in (("N", "E", "S", "W"), ("N", "E", "S"), ("A", "B", "C", "D", "E"), ("N", "E", "S", "W")):
        document = _game("hearts/intramural", 12, players)
        result = Checker(Settings(format="json")).line(json.dumps(document), "run.jsonl", 1, 1)
        report = json.loads(result.output)
        assert result.status == "clean" and len(report["totals"]) == len(players)
        assert all(len(line["sides"]) == len(players) for line in report["score_sheet"])


def test_a_settlements_figures_are_what_number_gives_of_their_fraction() -> None:
    _forget()
    for numerator in range(-700, 701):
        for denominator in range(1, 13):
            ratio = Fraction(numerator, denominator)
            figure = report_json._NUMBERS[ratio.numerator, ratio.denominator]  # (in lowest terms, as its slots)
            assert figure == str(number(ratio)) == json.dumps(number(ratio))


def test_a_started_reports_fields_are_in_the_dataclass_order() -> None:
    document = _game("hearts/intramural", 13, ("N", "E", "S", "W"))
    result = Checker(Settings(format="json")).line(json.dumps(document), "run.jsonl", 1, 1)
    assert result.status == "clean"
    made = Report("hearts/intramural", "Hearts", {}, ("N",), ("N",))
    started = Report.start(load("hearts/intramural"), _Log(), ("N",))
    assert list(vars(started)) == list(vars(made))


class _Log:
    file = "g.jsonl"
    players = ("N",)
    index = 1
    game_id = None
