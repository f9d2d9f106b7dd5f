"""Report.start gives the fields in order, not by keyword: it must be the report the dataclass makes by keywords."""

from __future__ import annotations

import dataclasses
import pickle

from referee.errors import Location
from referee.gamelog import from_json_text
from referee.report import Report
from referee.spec import load

GAME = '{"game": {"rules": "hearts/intramural"}, "players": ["N", "E", "S", "W"], "hands": []}'


def _started(family: str = "tricks") -> tuple[Report, Report]:
    spec = load("hearts/intramural")
    log = from_json_text(GAME, Location(file="g.jsonl", line=3, game=2))
    sides = ("N", "E", "S", "W")
    made = Report(
        spec_id=spec.id,
        spec_title=spec.title,
        options=dict(spec.chosen),
        players=log.players,
        sides=sides,
        file=log.file,
        game=log.index,
        game_id=log.game_id,
        family=family,
    )
    return Report.start(spec, log, sides, family), made


def test_start_is_the_report_the_dataclass_makes() -> None:
    for family in ("tricks", "dominoes"):
        started, made = _started(family)
        assert started == made
        assert dataclasses.asdict(started) == dataclasses.asdict(made)
        assert started.family == family and started.file == "g.jsonl" and started.game == 2
        # the fields left at their defaults read as the dataclass's defaults
        assert (started.finished, started.winner, started.hands_audited, started.bidding) == (False, None, 0, True)


def test_started_reports_keep_their_own_lists_and_fields() -> None:
    one, _ = _started()
    two, _ = _started()
    one.hands_audited += 3
    one.finished = True
    for name in ("violations", "incomplete", "hands"):
        getattr(one, name).append("x")
        assert getattr(two, name) == []
    assert (two.hands_audited, two.finished) == (0, False)
    assert two.options is not one.options
    copy = pickle.loads(pickle.dumps(one))
    assert copy == one and dataclasses.replace(one, winner="N").winner == "N"
