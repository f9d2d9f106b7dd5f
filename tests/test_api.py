"""The Python API in one screen: load_spec, load_log, audit, iter_games and the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import referee

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "spades" / "intramural"
SPEC = ROOT / "rules" / "spades" / "intramural.yaml"
REPORT_SCHEMA = Draft202012Validator(json.loads((ROOT / "schema" / "report.schema.json").read_text(encoding="utf-8")))


def test_load_spec_by_id_and_by_path() -> None:
    by_id = referee.load_spec("spades/intramural")
    by_path = referee.load_spec(str(SPEC))
    assert isinstance(by_id, referee.Spec)
    assert by_id.id == by_path.id == "spades/intramural"
    assert by_id.document == "001_3f218c6ee18e85e0.txt"
    assert by_id.clause("play.follow").quote == "A player must follow suit, if able."
    # A clause the sheet is silent on carries the reading taken instead of a quote.
    assert by_id.clause("play.next_lead").source == () and by_id.clause("play.next_lead").interpretation


def test_load_spec_errors() -> None:
    with pytest.raises(referee.InputError, match="unknown rule spec"):
        referee.load_spec("spades/no-such-rules")
    with pytest.raises(referee.InputError, match="unknown option"):
        referee.load_spec("spades/intramural", {"bags": 10})


def test_load_log() -> None:
    log = referee.load_log(HERE / "clean-game.yaml")
    assert isinstance(log, referee.GameLog)
    assert log.players == ("Alice", "Ben", "Carla", "David")
    assert log.rules == "spades/intramural"
    assert log.event == "Intramural Spades league, week 2"
    assert log.date == "2026-10-04"  # dates stay text
    assert len(log.hands) == 8
    first = log.hands[0]
    assert first.number == 1 and first.dealer == 0  # Alice, the first seat
    assert first.tricks is not None and len(first.tricks) == 13  # each trick: its seats and its cards, in play order
    assert all(len(seats) == len(cards) == 4 for seats, cards in first.tricks)
    assert first.deal is not None and all(len(cards) == 13 for cards in first.deal)
    # Also by a plain string path.
    assert referee.load_log(str(HERE / "clean-game.yaml")).players == log.players


def test_load_log_refuses_an_archive_and_bad_input(tmp_path: Path) -> None:
    with (HERE / "games.jsonl").open(encoding="utf-8") as handle:
        lines = [next(handle) for _ in range(2)]
    archive = tmp_path / "two.jsonl"
    archive.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(referee.InputError, match="iter_games"):
        referee.load_log(archive)
    with pytest.raises(referee.InputError) as caught:
        referee.load_log(tmp_path / "missing.yaml")
    assert caught.value.location.file == str(tmp_path / "missing.yaml")


def test_audit_returns_a_report() -> None:
    spec = referee.load_spec("spades/intramural")
    report = referee.audit(spec, referee.load_log(HERE / "disputed-game.yaml"))
    assert isinstance(report, referee.Report)
    assert [v.code for v in report.violations] == [
        referee.Code.BID_BELOW_SIDE_MINIMUM,
        referee.Code.RENEGE,
        referee.Code.PLAY_OUT_OF_TURN,
        referee.Code.SCORE_MISMATCH,
    ]
    renege = report.violations[1]
    assert isinstance(renege, referee.Violation)
    assert (renege.where.hand, renege.where.trick, renege.where.seat) == (4, 4, "Maria")
    assert len(report.hands) == 8
    assert report.winner == "Maria & Linda" and report.finished
    assert report.status == "violations" and report.exit_code == 1


def test_audit_takes_an_id_or_a_path() -> None:
    log = referee.load_log(HERE / "tricks-only.yaml")
    by_id = referee.audit("spades/intramural", log)
    by_path = referee.audit(str(SPEC), log)
    assert by_id.as_dict() == by_path.as_dict()
    assert [(v.code, v.where.hand, v.where.trick, v.where.seat) for v in by_id.violations] == [
        (referee.Code.RENEGE, 5, 3, "Mark")
    ]


def test_audit_refuses_a_log_for_another_number_of_players() -> None:
    log = referee.load_log(HERE / "clean-game.yaml")
    assert isinstance(log, referee.GameLog)
    five = referee.GameLog(players=(*log.players, "Erin"), hands=log.hands)
    with pytest.raises(referee.InputError, match="for 4 players"):
        referee.audit("spades/intramural", five)


def test_iter_games_over_jsonl(tmp_path: Path) -> None:
    games = list(referee.iter_games(HERE / "games.jsonl"))
    assert len(games) == 200
    assert all(isinstance(g, referee.GameLog) for g in games)
    assert [g.index for g in games if isinstance(g, referee.GameLog)] == list(range(1, 201))
    # A bad line yields its error in place; the games around it still come through.
    with (HERE / "games.jsonl").open(encoding="utf-8") as handle:
        lines = [next(handle) for _ in range(2)]
    archive = tmp_path / "some.jsonl"
    archive.write_text(lines[0] + "not json\n" + lines[1], encoding="utf-8")
    kinds = [type(g).__name__ for g in referee.iter_games(archive)]
    assert kinds == ["GameLog", "InputError", "GameLog"]


def test_report_as_dict_validates_against_the_schema() -> None:
    for name in ("clean-game.yaml", "disputed-game.yaml", "tricks-only.yaml", "score-sheet.yaml", "truncated.yaml"):
        data = referee.audit("spades/intramural", referee.load_log(HERE / name)).as_dict()
        assert [e.message for e in REPORT_SCHEMA.iter_errors(data)] == [], name
        assert json.loads(json.dumps(data)) == data
    data = referee.audit("spades/intramural", referee.load_log(HERE / "disputed-game.yaml")).as_dict()
    assert data["status"] == "violations"
    assert data["totals"] == {"Maria & Linda": 523, "James & Robert": -330}
    assert data["violations"][0]["rule"] == "bidding.limits"
    assert "Four (4) is the minimum bid by a partnership." in data["violations"][0]["source"]


def test_input_error_names_its_place() -> None:
    where = referee.Location(file="game.yaml", line=12, path="$.hands[1].tricks[2][2]", hand=2, trick=3, seat="Ann")
    error = referee.InputError("unknown card 'ZZ'", where)
    assert str(error) == "game.yaml:12, hand 2, trick 3, seat Ann, at $.hands[1].tricks[2][2]: unknown card 'ZZ'"
    assert error.at(game=4, line=99).location.game == 4
    assert error.at(line=99).location.line == 12  # known parts are kept
