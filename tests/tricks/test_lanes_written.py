"""The lanes' hands' written scores, kept as text by the one-pass reader, are held to the true figures a run of hands
at once (``WrittenChecks._check_lanes``): what that finds is what each hand's own check finds (the careful reading,
whose hands have no text, checks each as it is made), figures right or wrong, before or after anything else the game
reports; and a game that run cannot read is checked a hand at a time."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from test_json_text import _careful
from test_score_text import WHERE, _both, _game, _text

import referee
from referee.gamelog import from_json_text
from referee.simulate import simulate_game
from referee.tricks import written

RULES = ["hearts/intramural", "spades/intramural"]


def _checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The hands checked one at a time (WrittenChecks._check_recorded_score), by number, as the audits go."""
    checked: list[int] = []
    each = written.WrittenChecks._check_recorded_score

    def counted(self: Any, hand: Any, *args: Any) -> None:
        checked.append(hand.number)
        each(self, hand, *args)

    monkeypatch.setattr(written.WrittenChecks, "_check_recorded_score", counted)
    return checked


def _violations(rules: str, text: str) -> list[tuple[str, int | None, str]]:
    report = json.loads(_both(rules, text)[0])
    return [(v["code"], v["location"].get("hand"), v["message"]) for v in report["violations"]]


@pytest.mark.parametrize("rules", RULES)
def test_a_game_written_true_is_checked_at_once(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = _checks(monkeypatch)
    document = _game(rules, hands=5)
    assert _both(rules, _text(document))[1] == 5  # (the careful reading, checked each hand: five)
    checked.clear()
    referee.audit(rules, from_json_text(_text(document), WHERE))
    assert checked == []  # no hand checked alone: the five at once


@pytest.mark.parametrize("rules", RULES)
def test_one_figure_wrong_in_the_third_hand_is_found_there(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    document = _game(rules, hands=5)
    key = next(iter(document["hands"][2]["score"]))
    changed = copy.deepcopy(document)
    changed["hands"][2]["score"][key]["hand"] += 10  # the hand's figure ten more, its total (and the next) true
    found = _violations(rules, _text(changed))
    true = document["hands"][2]["score"][key]["hand"]
    assert [(code, hand) for code, hand, _ in found] == [("score_mismatch", 3)]
    assert f"the table wrote {true + 10} for " in found[0][2] and f"the rules give {true}" in found[0][2]
    checked = _checks(monkeypatch)
    referee.audit(rules, from_json_text(_text(changed), WHERE))
    assert checked == [1, 2, 3, 4, 5]  # the run differs: each hand checked as it is, as the careful path does


@pytest.mark.parametrize("rules", RULES)
def test_a_total_written_right_and_the_hands_figure_wrong_is_one_slip(rules: str) -> None:
    document = _game(rules, hands=4)
    key = next(iter(document["hands"][1]["score"]))
    changed = copy.deepcopy(document)
    changed["hands"][1]["score"][key]["hand"] -= 1
    assert [(code, hand) for code, hand, _ in _violations(rules, _text(changed))] == [("score_mismatch", 2)]


@pytest.mark.parametrize("rules", RULES)
def test_scores_written_for_some_hands_only_are_checked_where_written(rules: str) -> None:
    document = _game(rules, hands=5)
    for index in (1, 3):
        del document["hands"][index]["score"]
    assert _both(rules, _text(document))[1] == 0  # (not kept as text: the careful reading's)
    document["hands"][4]["score"][next(iter(document["hands"][4]["score"]))]["total"] += 3
    assert [(code, hand) for code, hand, _ in _violations(rules, _text(document))] == [("score_mismatch", 5)]


@pytest.mark.parametrize("rules", RULES)
def test_a_slip_before_a_dealer_out_of_turn_is_reported_before_it(rules: str) -> None:
    # the second hand's slip is found (with the first's run) before the third hand's dealer is looked at
    document = _game(rules, hands=4)
    key = next(iter(document["hands"][1]["score"]))
    document["hands"][1]["score"][key]["total"] += 2
    third = document["hands"][2]
    third["dealer"] = next(name for name in document["players"] if name != third["dealer"])
    found = [(code, hand) for code, hand, _ in _violations(rules, _text(document))]
    assert found[:2] == [("score_mismatch", 2), ("dealer_out_of_turn", 3)]


def test_a_slip_before_a_hand_no_lane_answers_is_reported_before_its_findings() -> None:
    # the third hand's North bids 0, which intramural Spades has not (a bid of 1 to 13): the general hand replays
    # it, and reports it after the second hand's slip
    rules = "spades/intramural"
    document = _game(rules, hands=4)
    key = next(iter(document["hands"][1]["score"]))
    document["hands"][1]["score"][key]["total"] += 2
    bid = document["hands"][2]["bids"][0]
    bid[next(iter(bid))] = 0
    found = [(code, hand) for code, hand, _ in _violations(rules, _text(document))]
    assert found[:2] == [("score_mismatch", 2), ("bid_out_of_range", 3)]


@pytest.mark.parametrize("rules", RULES)
def test_a_slip_before_a_misdeal_is_reported(rules: str) -> None:
    # (a misdeal's hand is read a hand at a time, its fields not the others': the game read, then its third hand
    # made a misdeal, in both readings)
    document = _game(rules, hands=4)
    key = next(iter(document["hands"][1]["score"]))
    document["hands"][1]["score"][key]["total"] += 2
    reports = []
    for read in (from_json_text, _careful):
        game: Any = read(_text(document), WHERE)
        game.hands[2].__dict__["misdeal"] = True
        reports.append(referee.audit(rules, game).as_dict())
    assert reports[0] == reports[1]
    assert [(v["code"], v["location"]["hand"]) for v in reports[0]["violations"]][:1] == [("score_mismatch", 2)]


def test_a_slip_before_the_hands_played_after_the_end_is_reported_before_them() -> None:
    # a whole Spades game (to its target), a slip in its last hand, and two hands more: the slip (at the last hand),
    # then that the game went on, then the first of them's own slips (each later hand checked before it is shown
    # apart, with the totals the game ended on)
    rules = "spades/intramural"
    document = _game(rules, seed=3, hands=99)
    last = len(document["hands"])
    key = next(iter(document["hands"][-1]["score"]))
    document["hands"][-1]["score"][key]["total"] += 1
    document["hands"] += copy.deepcopy(document["hands"][-4:-2])  # (their dealers due: four players)
    found = [(code, hand) for code, hand, _ in _violations(rules, _text(document))]
    assert found[:3] == [("score_mismatch", last), ("game_continued", last + 1), ("score_mismatch", last + 1)]


@pytest.mark.parametrize("rules", RULES)
def test_a_hand_with_no_text_among_the_others_is_checked_alone(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # (no reader keeps some hands' scores as text and not others': the run asks that every hand's is)
    document = _game(rules, hands=4)
    clean = referee.audit(rules, from_json_text(_text(document), WHERE)).as_dict()
    game: Any = from_json_text(_text(document), WHERE)
    second = game.hands[1]
    assert second.score is not None  # (made from its text, and kept)
    second.__dict__["score_text"] = None
    checked = _checks(monkeypatch)
    assert referee.audit(rules, game).as_dict() == clean
    assert checked == [1, 2, 3, 4]


@pytest.mark.parametrize("rules", RULES)
def test_a_hand_whose_keys_are_not_the_others_is_checked_alone(rules: str) -> None:
    # (no reader does this either): the third hand's figures the true ones, one of its keys no side's, which each
    # hand's own check refuses, located
    document = _game(rules, hands=4)
    game: Any = from_json_text(_text(document), WHERE)
    keys, segment = game.hands[2].score_text
    other = (*keys[:-1], "Nobody")
    game.hands[2].__dict__["score_text"] = (other, segment.replace(f'"{keys[-1]}":', '"Nobody":'))
    with pytest.raises(referee.InputError, match="Nobody") as refused:
        referee.audit(rules, game)
    assert "hands[2].score" in str(refused.value.location)


@pytest.mark.parametrize("players", [("N1", "E-", "S,", "W"), ("1-", "2", "-3", "4,5")])
def test_keys_holding_a_figures_character_or_a_comma_are_checked_a_hand_at_a_time(players: Any) -> None:
    document = _game(players=players)
    assert _both("hearts/intramural", _text(document))[1] == 4
    changed = copy.deepcopy(document)
    changed["hands"][2]["score"][players[1]]["total"] += 1
    assert [(code, hand) for code, hand, _ in _violations("hearts/intramural", _text(changed))] == [
        ("score_mismatch", 3)
    ]


def test_the_figures_form_is_each_games_own() -> None:
    # Two games whose scores are written with the same keys in the same order (one tuple, as the reader keeps
    # them), their players seated otherwise: in the second, North sits second and East first. Its table wrote each
    # player's figures under the key of the player seated where the first game's keyed player sat (East's under
    # North, North's under East, West's under South, South's under West): slips, held to its own seating.
    rules = "hearts/intramural"
    first = _game(rules, hands=3)
    seated = ("East", "North", "West", "South")
    again = _game(rules, seed=6, players=seated, hands=3)
    assert json.loads(_both(rules, _text(first))[0])["status"] == "clean"
    for hand in again["hands"]:
        figures = [hand["score"][name] for name in seated]  # each seat's, in seat order
        hand["score"] = dict(zip(("North", "East", "South", "West"), figures, strict=True))
    found = {(code, hand) for code, hand, _ in _violations(rules, _text(again))}
    assert ("score_mismatch", 1) in found


def test_a_moon_written_as_the_points_taken_breaks_the_moon_rule() -> None:
    # hearts/club, seed 18: in the first hand one player took all 26 points (the moon: 0 for them, 26 for each
    # other). Three hands, all passing (the fourth of the cycle keeps its cards, read a hand at a time): read in one
    # pass, its scores as text. The table wrote the points taken (26 for the shooter, 0 for the others) and totals
    # added so: four figures wrong, each breaking scoring.moon, as each hand's own check finds them.
    rules = "hearts/club"
    document = simulate_game(referee.load_spec(rules), random.Random(18))
    document["hands"] = document["hands"][:3]
    assert _both(rules, _text(document))[1] == 3
    first = document["hands"][0]["score"]
    shooter = next(key for key, value in first.items() if value["hand"] == 0)
    for number, hand in enumerate(document["hands"]):
        for key, value in hand["score"].items():
            change = 26 if key == shooter else -26
            value["hand"] += 0 if number else change  # (the later hands' own figures true, their totals carried)
            value["total"] += change
    report = json.loads(_both(rules, _text(document))[0])
    found = [(v["code"], v["rule"], v["location"]["hand"]) for v in report["violations"]]
    assert found == [("score_mismatch", "scoring.moon", 1)] * 4
