"""A name that is a loop of symbolic links, given to the referee or met in a folder or pattern it walks: one
clear message and exit code 2, not "no such file", a traceback or a walk without end."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml"
LOOP = "a loop of symbolic links (each leads on to another, and none to a file or folder)"


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    return main(list(argv), out=out), out.getvalue()


@pytest.fixture
def loops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding two links that lead to each other, a link to itself, and a clean game."""
    (tmp_path / "ping").symlink_to("pong")
    (tmp_path / "pong").symlink_to("ping")
    (tmp_path / "self.yaml").symlink_to("self.yaml")
    (tmp_path / "game.yaml").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["check", "game.yaml", "--allow-rules", "ping"], "--allow-rules ping"),  # was: no such file or folder
        (["check", "game.yaml", "--rules", "ping"], "ping"),  # was: unknown rule spec 'ping'
        (["check", "game.yaml", "--rules", "self.yaml"], "self.yaml"),  # was: no such rule spec file
        (["check", "ping"], "ping"),  # was: cannot read: Too many levels of symbolic links
        (["check", "self.yaml"], "self.yaml"),
        (["check", "ping/game.yaml"], "ping/game.yaml"),  # a loop on the way to the file
        (["validate", "ping"], "ping"),  # was: unknown rule spec 'ping'
        (["validate", "self.yaml"], "self.yaml"),  # was: no such rule spec file
    ],
)
def test_a_loop_of_links_is_said_to_be_one(
    loops: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert run(*argv) == (2, "")
    assert capsys.readouterr().err == f"referee: {said}: {LOOP}\n"


def test_a_loop_in_a_folder_checked_is_said_and_the_rest_checked(
    loops: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a loop named as a log was passed over in silence, as if no file were there
    code, out = run("check", ".", "--format", "json")
    assert code == 2
    assert capsys.readouterr().err == f"referee: self.yaml: {LOOP}\n"
    assert [line.count('"status": "clean"') for line in out.splitlines()[:2]] == [1, 0]


def test_a_loop_in_a_folder_validated_is_said(loops: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = ROOT / "rules" / "spades" / "intramural.yaml"
    (loops / "specs").mkdir()
    (loops / "specs" / "house.yaml").write_text(spec.read_text(encoding="utf-8"), encoding="utf-8")
    (loops / "specs" / "loop.yaml").symlink_to("loop.yaml")
    code, out = run("validate", "specs")
    assert code == 2 and out.startswith("ok   specs/house.yaml: ") and "FAIL specs/loop.yaml: 1 problem\n" in out
    assert capsys.readouterr().err == f"referee: specs/loop.yaml: {LOOP}\n"


def test_a_pattern_goes_into_no_folder_by_a_link(loops: Path) -> None:
    # glob's ** follows links: with two links back to the folder the walk doubled at each depth, and never ended
    (loops / "logs").mkdir()
    (loops / "logs" / "game.yaml").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    (loops / "logs" / "here").symlink_to(".")
    (loops / "logs" / "up").symlink_to("..")
    command = [sys.executable, "-m", "referee", "check", "logs/**/*.yaml", "--format", "json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert [line.startswith('{"report"') for line in done.stdout.splitlines()] == [True]  # one game, once
