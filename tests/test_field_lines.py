"""An error found after a YAML game is read (while it is replayed, or its header's rules and options are looked
up) is located at the field's own line, as the reader's own errors are; not at the game's first line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.document_paths import json_path, path_steps

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
        # a key that is no text, or holds a dot, in brackets as YAML wrote it: '$.game.options.None' was Python's
        # word, and '$.game.options.a.b' two steps, a path to no field
        (("  table: 3\n", "  table: 3\n  options:\n    null: 1\n"), "15, at $.game.options[null]: unknown option null"),
        (
            ("  table: 3\n", "  table: 3\n  options:\n    a.b: 1\n"),
            "15, at $.game.options['a.b']: unknown option 'a.b'",
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


@pytest.mark.parametrize(
    ("steps", "path", "read_back"),
    [
        (["game", "options", None], "$.game.options[null]", ["game", "options", "null"]),
        (["game", "options", True], "$.game.options[true]", ["game", "options", "true"]),
        (["game", "options", "a.b"], "$.game.options['a.b']", None),
        (["game", "options", ""], "$.game.options['']", None),
        (["game", "options", "it's [x]"], "$.game.options['it\\'s [x]']", None),
        (["hands", 2, "deal", "Player 1"], "$.hands[2].deal.Player 1", None),  # a name with a space, as it is
    ],
)
def test_a_path_says_each_key_as_one_step(steps: list[Any], path: str, read_back: list[Any] | None) -> None:
    # a key no dot can say is put in brackets, and read back as one step (a key that is no text as its YAML node
    # holds it, null as written, so that the node is found for its line)
    assert json_path(steps) == path
    assert path_steps(path) == (steps if read_back is None else read_back)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        # a key YAML reads as null, said as YAML writes it: these said 'not None', 'None is not one of the players'
        (lambda game: game.update(sides={None: ["Ann", "Cat"]}), "a side's name is text, not null"),
        (lambda game: game["hands"][0]["deal"].update({None: []}), "null is not one of the players"),
        (lambda game: game["hands"][0]["score"].update({None: {"total": 0}}), "null is neither a player nor a side"),
    ],
)
def test_a_key_that_is_null_is_said_null(change: Any, said: str) -> None:
    import random

    import referee
    from referee.errors import InputError, Location
    from referee.gamelog import from_document
    from referee.simulate import simulate_game

    game = simulate_game(referee.load_spec("spades/intramural"), random.Random(2), players=("Ann", "Bob", "Cat", "Dan"))
    change(game)
    with pytest.raises(InputError, match=said):
        referee.audit("spades/intramural", from_document(game, Location(file="<test>")))


def test_a_player_named_with_a_full_stop_is_one_step_of_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'B. Jones' dealt a card that is none (line 20, hand 1's deal): it was '$.hands[0].deal.B. Jones[0]', two steps
    # that lead nowhere, and so another line (19, Alice's), not B. Jones's
    text = CLEAN.read_text(encoding="utf-8").replace("Ben", "B. Jones")
    text = text.replace("B. Jones: [3C,", "B. Jones: [ZZ,", 1)
    log = tmp_path / "g.yaml"
    log.write_text(text, encoding="utf-8")
    assert check(log, capsys).startswith(
        f"referee: {log}:20, hand 1, seat B. Jones, at $.hands[0].deal['B. Jones'][0]:"
    )
