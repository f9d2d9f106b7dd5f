"""An error found after a YAML game is read (while it is replayed, or its header's rules and options are looked
up) is located at the field's own line, as the reader's own errors are; not at the game's first line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from referee.cli import main

pytestmark = pytest.mark.usefixtures("yaml_loader")  # under both YAML loaders

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml"  # its header from line 9, rules on 14
SCORE = "Ben & David: {hand: -40, total: -40}}"  # on line 38: hand 1's score, its last field

DOMINOES = """\
log: 1
game: {rules: dominoes/all-fives}
players: [Ann, Bob]
hands:
  - draw:
      Ann: [6-6, 6-3, 6-1, 3-0, 2-2, 1-1, 0-0]
      Bob: [6-4, 6-2, 4-4, 4-2, 5-3, 5-4, 4-3]
    plays:
      - Ann: 6-6
      - Bob: {tile: 6-4, end: left}
      - Ann: 6-3
      - Bob: 4-3
"""


def check(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    assert main(["check", str(path), *more], out=StringIO()) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        # a score kept for a side the log does not have: hand 1's score, line 38, not the game's line 9
        ((SCORE, SCORE.replace("David", "Dav")), "38, at $.hands[0].score: 'Ben & Dav' is neither a player nor a side"),
        (("rules: spades/intramural", "rules: spades/backyard"), "14, at $.game.rules: unknown rule spec"),
        (
            ("  table: 3\n", "  table: 3\n  options:\n    nope: 1\n"),
            "15, at $.game.options.nope: unknown option 'nope'",
        ),
    ],
)
def test_an_error_of_the_replay_gives_the_fields_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], said: str
) -> None:
    text = CLEAN.read_text(encoding="utf-8")
    assert change[0] in text
    log = tmp_path / "g.yaml"
    log.write_text(text.replace(*change), encoding="utf-8")
    assert check(log, capsys).startswith(f"referee: {log}:{said}")


def test_a_domino_that_fits_two_ends_is_located_at_its_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "d.yaml"
    log.write_text(DOMINOES, encoding="utf-8")
    assert check(log, capsys).startswith(f"referee: {log}:12, hand 1, at $.hands[0].plays[3]: 4-3 fits more than one")


def test_a_game_of_json_lines_keeps_its_own_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import yaml

    text = CLEAN.read_text(encoding="utf-8").replace(SCORE, SCORE.replace("David", "Dav"))
    game = json.dumps(yaml.safe_load(text))
    log = tmp_path / "g.jsonl"
    log.write_text(f"{game}\n{game}\n", encoding="utf-8")
    err = check(log, capsys)
    assert f"referee: {log}:1, game 1, at $.hands[0].score: 'Ben & Dav'" in err
    assert f"referee: {log}:2, game 2, at $.hands[0].score: 'Ben & Dav'" in err
