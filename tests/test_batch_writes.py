"""A run's output written a unit at a time (referee.batch_run): the same bytes as a game at a time, in one write a
unit; an unreadable game's message on standard error after the outputs of the games before it; after Ctrl-C, the
report of every game counted, in the middle of a unit too."""

from __future__ import annotations

import io
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from referee import batch_inputs, line_blocks
from referee.batch import Checker, GameResult
from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"  # 200 clean games


class Writes(io.StringIO):
    """An output that notes, at each write, the lines written so far and the characters standard error holds."""

    def __init__(self, err: io.StringIO) -> None:
        super().__init__()
        self.err = err
        self.writes: list[tuple[int, int]] = []

    def write(self, text: str) -> int:
        done = super().write(text)
        self.writes.append((self.getvalue().count("\n"), len(self.err.getvalue())))
        return done


def archive_with_a_broken_game(folder: Path) -> Path:
    lines = ARCHIVE.read_bytes().splitlines(keepends=True)
    archive = folder / "archive.jsonl"
    archive.write_bytes(b"".join(lines[:100]) + b"{\n" + b"".join(lines[100:]))  # game 101 unreadable
    return archive


def run(archive: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Writes, str]:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    out = Writes(err)
    code = main(["check", str(archive), "--format", fmt, "--jobs", "1"], out=out)
    return code, out, err.getvalue()


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_a_units_outputs_are_written_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 64 * 1024)
    archive = archive_with_a_broken_game(tmp_path)
    expected = io.StringIO()
    assert main(["check", str(archive), "--format", fmt, "--jobs", "1"], out=expected) == 2
    said = capsys.readouterr().err
    code, out, err = run(archive, fmt, monkeypatch)
    assert code == 2 and err == said and said.count("\n") == 1
    if fmt == "json":
        assert out.getvalue() == expected.getvalue()
    else:  # the summary's timing aside
        assert out.getvalue().splitlines()[:-2] == expected.getvalue().splitlines()[:-2]
    blocks = -(-archive.stat().st_size // (64 * 1024))
    # a write a unit (and one at the end), not one a game (201), nor all held to the end (memory stays flat)
    assert blocks // 2 <= len(out.writes) <= blocks + 4


def test_an_unreadable_games_message_comes_after_the_reports_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 1024 * 1024)
    monkeypatch.setattr(line_blocks, "_SHARES", 1)  # games 2 to 201 in one unit (blocks not made smaller near the end)
    code, out, err = run(archive_with_a_broken_game(tmp_path), "json", monkeypatch)
    assert code == 2 and err.count("\n") == 1
    before = max(lines for lines, said in out.writes if said == 0)
    assert before == 100  # every report before game 101's message, none after it


def test_ctrl_c_in_the_middle_of_a_unit_writes_the_report_of_every_game_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 1024 * 1024)
    monkeypatch.setattr(line_blocks, "_SHARES", 1)  # games 2 to 200 in one unit
    line = Checker.line

    def pressed_at_game_10(self: Checker, *args: Any) -> GameResult:
        if args[3] == 10:
            os.kill(os.getpid(), signal.SIGINT)  # the run's handler notes it; the run stops after this game
        return line(self, *args)

    monkeypatch.setattr(Checker, "line", pressed_at_game_10)
    code, out, err = run(ARCHIVE, "json", monkeypatch)
    assert code == 130
    checked = int(err.splitlines()[-1].split(" games: ")[0].removeprefix("referee: "))
    assert 9 <= checked < 200  # those before the game in hand when Ctrl-C came
    assert out.getvalue().count("\n") == checked
