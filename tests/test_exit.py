"""The command's exit (referee.cli.main_exit), which ends the process without the interpreter's teardown: the
output is written whole, the exit code is the run's, and the exit handlers still run (the user cache kept)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"


def test_a_check_writes_all_its_output_exits_with_its_code_and_keeps_its_cache(tmp_path: Path) -> None:
    archive = tmp_path / "archive.jsonl"
    # several pipe buffers of reports, none flushed before the exit, and a line that cannot be read: exit code 2
    archive.write_bytes(GAMES.read_bytes() * 40 + b"{\n")
    expected = io.StringIO()
    code = main(["check", "--format", "json", "--jobs", "1", str(archive)], out=expected)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("REFEREE_NO_CACHE", None)
    env.pop("PYTHONUNBUFFERED", None)  # the output held in the process's buffer until the exit flushes it
    done = subprocess.run(
        [sys.executable, "-m", "referee", "check", "--format", "json", str(archive)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert code == 2
    assert done.returncode == code
    assert len(done.stdout) > 256 * 1024
    assert done.stdout == expected.getvalue()
    assert done.stderr.count("referee: ") == 1  # the unreadable line, said once
    # the user cache's exit handler ran: the methods the run compiled are kept for the next run
    assert (tmp_path / "cache" / "referee" / f"methods-{sys.implementation.cache_tag}.marshal").exists()


def test_a_command_that_leaves_its_output_in_the_buffer_has_it_written() -> None:
    argv = ["rules"]  # the bundled specs, a few KB: all of it in the buffer at the exit
    expected = io.StringIO()
    assert main(argv, out=expected) == 0
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # held in the buffer to the exit
    done = subprocess.run(
        [sys.executable, "-m", "referee", *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    assert done.stdout == expected.getvalue()
    assert "spades/intramural" in done.stdout
