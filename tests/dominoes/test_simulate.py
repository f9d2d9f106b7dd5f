"""Simulated domino games: legal under every player count and variation, so the referee passes them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import referee
from referee import gamelog
from referee.errors import Location
from referee.simulate import simulate, simulate_game

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schema" / "game-log.schema.json").read_text())
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
RUNS = [("dominoes/all-fives", n) for n in (2, 3, 4)]


@pytest.mark.parametrize(("rules", "players"), RUNS)
def test_simulated_games_audit_clean(rules: str, players: int) -> None:
    spec = referee.load_spec(rules)
    for seed in range(4):
        document = simulate_game(spec, random.Random(seed), players=NAMES[:players])
        assert not list(Draft202012Validator(SCHEMA).iter_errors(document))
        report = referee.audit(spec, gamelog.from_document(document, Location(file=f"seed {seed}")))
        assert report.status == "clean", [v.message for v in report.violations]
        assert report.finished and report.winner in NAMES[:players]
        assert max(report.totals) >= 150
        assert len(report.hands) == len(document["hands"])


def test_same_seed_same_games() -> None:
    spec = referee.load_spec("dominoes/all-fives")
    assert list(simulate(spec, 2, seed=5)) == list(simulate(spec, 2, seed=5))


BLOCK_RUNS = [
    ("dominoes/block-partners", {}),
    ("dominoes/block-partners", {"chip_out": "side"}),
    ("dominoes/block-partners", {"target": 30}),
    ("dominoes/block-two", {}),
    ("dominoes/block-three", {}),
    ("dominoes/block-five", {}),
    ("dominoes/block-four-solo", {}),
]


@pytest.mark.parametrize(("rules", "options"), BLOCK_RUNS)
def test_block_game_variations_audit_clean(rules: str, options: dict[str, object]) -> None:
    spec = referee.load_spec(rules, options or None)
    target = options.get("target", 100)
    for seed in range(4):
        document = simulate_game(spec, random.Random(seed))
        assert not list(Draft202012Validator(SCHEMA).iter_errors(document))
        report = referee.audit(spec, gamelog.from_document(document, Location(file=f"seed {seed}")))
        assert report.status == "clean", [v.message for v in report.violations]
        assert report.finished and max(report.totals) >= target  # type: ignore[operator]
        # one side scores a hand, the winners the losers' spots (or the difference): never a negative hand
        assert all(all(p is not None and p >= 0 for p in h.points) for h in report.hands)
    assert all(sum(1 for p in h.points if p) <= 1 for h in report.hands)


@pytest.mark.parametrize("options", [{"chip_out": "side"}, {"target": 300}])
def test_a_log_simulated_under_options_records_them(options: dict[str, object]) -> None:
    # they were left out: `referee check` audited the log under the defaults (game_continued, award_mismatch)
    document = simulate_game(referee.load_spec("dominoes/block-partners", options), random.Random(2))
    assert document["game"]["options"] == options
    report = referee.audit("dominoes/block-partners", gamelog.from_document(document, Location(file="sim")))
    assert report.status == "clean", [v.message for v in report.violations]


def test_a_simulated_game_s_yaml_writes_a_play_a_line() -> None:
    # referee simulate's YAML, which docs/cli.md offers as a template for writing logs by hand, put a hand's
    # plays in one flow list cut at 200 characters, a play broken across lines ('{tile: 6-5, end: right,' then
    # 'points: 0}}'); a play is now a line of its own, as docs/examples/all-fives.yaml writes them
    import yaml

    document = simulate_game(referee.load_spec("dominoes/all-fives"), random.Random(5), players=NAMES[:3])
    text = gamelog.log_yaml(document)
    assert yaml.safe_load(text) == document  # the same game
    plays = document["hands"][0]["plays"]
    lines = text.splitlines()
    start = lines.index("  plays:")
    assert len(plays) > 10
    for play, line in zip(plays, lines[start + 1 : start + 1 + len(plays)], strict=True):
        assert line.startswith("  - ") and yaml.safe_load(line[4:]) == play
    # a trick and a bid list of plain numbers stay on one line each
    cards = simulate_game(referee.load_spec("spades/intramural"), random.Random(5))
    text = gamelog.log_yaml(cards)
    assert "\n  bids: [{" in text and "\n  - [{" in text
