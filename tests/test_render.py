"""The JSON report: ``render.as_json`` writes exactly what the encoder writes of ``Report.as_dict``.

``as_json`` writes the score sheet from templates, for speed; these tests hold its text to the
plain encoding, byte for byte, on simulated games of every bundled spec (some with records changed,
so that hands go unscored and rules are broken) and on made-up reports with awkward names and figures.
"""

from __future__ import annotations

import json
import random

import pytest

import referee
from referee import gamelog, render
from referee.errors import Location
from referee.report import HandScore, Report
from referee.simulate import simulate_game
from referee.spec import bundled_ids, load


def _plain(report: Report) -> str:
    return json.dumps(report.as_dict(), ensure_ascii=False)


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_simulated_games_are_written_as_the_encoder_writes_them(spec_id: str) -> None:
    spec = load(spec_id)
    rng = random.Random(7)
    for number in range(3):
        document = simulate_game(spec, rng, game_id=f"g{number}", with_score=number != 1)
        hands = document["hands"]
        if number == 2:
            hands[-1].pop("score", None)  # whatever the audit makes of a changed record, both encodings agree
            hands[0].pop("bids", None)
            hands[0].pop("tricks", None)
        report = referee.audit(spec, gamelog.from_document(document, Location(file="sim.jsonl", game=number)))
        assert render.as_json(report) == _plain(report)


def _report(sides: tuple[str, ...], lines: list[HandScore]) -> Report:
    report = Report("spades/intramural", "Spades", {}, ("N", "E", "S", "W"), sides, file="a.json", game=1)
    report.hands.extend(lines)
    return report


@pytest.mark.parametrize(
    "sides",
    [
        ("North & South", "East & West"),
        ('"quoted" %s 100%', "Zoë ♠ \\ back"),  # a format sign, quotes, a backslash, non-ASCII
        ("A",),
        ("N", "E", "S", "W"),
    ],
)
def test_awkward_names_and_figures(sides: tuple[str, ...]) -> None:
    n = len(sides)
    lines = [
        HandScore(1, "N", (5,) * n, (7,) * n, (52,) * n, (52,) * n, (0,) * n),
        HandScore(2, None, (None,) * n, (None,) * n, (0,) * n, (52,) * n, (0,) * n, False, "no bids: not scored"),
        HandScore(3, 'a "dealer" %d', (-1,) * n, (13,) * n, (-100,) * n, (-48,) * n, (3,) * n, after_end=True),
        HandScore(4, None, (None,) * n, (None,) * n, (10,) * n, (20,) * n, (0,) * n, note="N went out", spots=(5,) * n),
        HandScore(5, "E", (None,) * n, (None,) * n, (0,) * n, (20,) * n, (0,) * n, spots=(None,) * n, note=""),
    ]
    for report in (_report(sides, lines), _report(sides, [])):
        assert render.as_json(report) == _plain(report)


def test_figures_the_templates_do_not_write_are_left_to_the_encoder() -> None:
    odd = [
        HandScore(1, "N", (True, 2), (7, 6), (1, 2), (1, 2), (0, 0)),  # a bool is not written as an int
        HandScore(2, "N", (1, 2), (7, 6), (1.5, 2), (1, 2), (0, 0)),  # type: ignore[arg-type]  # a float
    ]
    report = _report(("A", "B"), odd)
    assert render.as_json(report) == _plain(report)
    assert '"bid": true' in render.as_json(report) and '"points": 1.5' in render.as_json(report)
