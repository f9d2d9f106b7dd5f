"""Streams that fail: an output that cannot be written (/dev/full, a closed standard output), a closed standard
error, an input whose read fails (/proc/self/mem, a read failing part way). Each is said in one line, with exit
code 2, never a traceback; a read that fails part way leaves the games before it reported once, whatever --jobs."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import batch_inputs, line_blocks, yaml_blocks
from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"
FULL = Path("/dev/full")
MEM = Path("/proc/self/mem")


def run_shell(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m referee ARGS REDIRECT`` through the shell (a closed stream, /dev/full), output kept in the
    process's buffer to its exit."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    script = f'exec "$@" {redirect}'
    command = ["sh", "-c", script, "sh", sys.executable, "-m", "referee", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
@pytest.mark.parametrize(
    ("args", "redirect"),
    [
        (["check", "--format", "json", "--jobs", "1", str(GAMES)], ">/dev/full"),  # more than a buffer of reports
        (["check", "--jobs", "2", str(GAMES), str(GAMES)], ">/dev/full"),
        (["check", str(ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml")], ">/dev/full"),  # at exit
        (["rules"], ">/dev/full"),  # a command whose output is written at the exit's flush
        (["check", "--format", "json", str(GAMES)], ">&-"),
        (["rules"], ">&-"),
    ],
)
def test_an_output_that_cannot_be_written_is_said_with_exit_code_2(args: list[str], redirect: str) -> None:
    done = run_shell(redirect, *args)
    reason = "No space left on device" if "full" in redirect else "standard output is closed"
    assert done.stderr == f"referee: cannot write the output: {reason}\n"
    assert done.returncode == 2


def test_a_closed_standard_error_leaves_the_exit_code_true(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(GAMES.read_bytes().splitlines(keepends=True)[0] + b"{\n")  # a clean game, an unreadable one
    done = run_shell("2>&-", "check", "--format", "json", str(broken))
    assert done.returncode == 2  # the unreadable game's message goes nowhere; its exit code still tells
    assert done.stdout.count('"report"') == 2


def _logs(tmp_path: Path, suffixes: tuple[str, ...]) -> list[Path]:
    found = []
    for suffix in suffixes:
        link = tmp_path / f"mem{suffix}"
        link.symlink_to(MEM)
        found.append(link)
    return found


@pytest.mark.skipif(not MEM.exists(), reason="no /proc/self/mem (whose read at 0 fails)")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_whose_read_fails_is_one_unreadable_game(
    tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = _logs(tmp_path, (".jsonl", ".json", ".yaml"))
    out = io.StringIO()
    code = main(["check", "--format", "json", "--jobs", jobs, str(logs[0]), str(GAMES), *map(str, logs[1:])], out)
    assert code == 2
    said = capsys.readouterr().err.splitlines()
    assert said == [f"referee: {log}: cannot read: Input/output error" for log in logs]
    assert out.getvalue().count('"status": "invalid"') == 3
    assert out.getvalue().count('"report"') == 3 + len(GAMES.read_bytes().splitlines())


def _failing_after_one(real: object) -> object:
    """A block reader whose stream's read fails after its first block (a failing disk's)."""

    def blocks(*args: object, **kwargs: object) -> Iterator[bytes]:
        for data in real(*args, **kwargs):  # type: ignore[operator]
            yield data
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    return blocks


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_json_lines_read_failing_part_way_reports_the_games_before_it_once(
    tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_inputs, "blocks", _failing_after_one(line_blocks.blocks))
    monkeypatch.setattr(batch_inputs, "FIRST_BLOCK_BYTES", 1)  # the first block: the first line alone
    out = io.StringIO()
    assert main(["check", "--format", "json", "--jobs", jobs, str(GAMES)], out) == 2
    reports = out.getvalue().splitlines()
    assert len(reports) == 2  # the first game, then the failure: no game read twice
    assert '"game": 1,' in reports[0] and '"status": "invalid"' in reports[1]
    assert capsys.readouterr().err == f"referee: {GAMES}: cannot read: Input/output error\n"


def test_a_yaml_read_failing_part_way_gives_the_same_output_whatever_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "many.yaml"
    with archive.open("w") as handle:
        assert main(["simulate", "--rules", "spades/intramural", "--games", "12", "--seed", "5"], handle) == 0
    monkeypatch.setattr(yaml_blocks, "blocks", _failing_after_one(line_blocks.blocks))
    outputs = []
    for jobs in ("1", "2"):
        out = io.StringIO()
        assert main(["check", "--format", "json", "--jobs", jobs, str(archive)], out) == 2
        outputs.append((out.getvalue(), capsys.readouterr().err))
    assert outputs[0] == outputs[1]
    reports = outputs[0][0].splitlines()
    assert 1 < len(reports) < 12 and '"status": "invalid"' in reports[-1]
    assert outputs[0][1] == f"referee: {archive}: cannot read: Input/output error\n"


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_a_file_name_the_system_cannot_decode_is_shown_escaped_in_every_output(tmp_path: Path, fmt: str) -> None:
    # a name with a byte that is not UTF-8 comes to Python as a lone surrogate, which no UTF-8 output holds: written
    # as it came, the report was a traceback on a strict UTF-8 output (a UTF-8 locale other than C) and a JSON line
    # that is not UTF-8 elsewhere. Shown escaped, as the error of an unreadable game in the same file shows it.
    odd = tmp_path / os.fsdecode(b"odd\xff.jsonl")
    odd.write_bytes(GAMES.read_bytes().splitlines(keepends=True)[0] + b"{\n")  # a clean game, an unreadable one
    out = io.StringIO()
    assert main(["check", "--format", fmt, "--jobs", "1", str(odd)], out) == 2
    text = out.getvalue()
    text.encode("utf-8")  # no lone surrogate left
    shown = str(odd).replace("\udcff", "\\udcff")
    if fmt == "json":
        files = [
            json.loads(line).get("file") or json.loads(line)["error"]["location"]["file"] for line in text.splitlines()
        ]
        assert files == [shown, shown]
    else:
        assert shown in text


def _hearts_archive(tmp_path: Path) -> Path:
    archive = tmp_path / "many.jsonl"
    with archive.open("w") as handle:
        assert (
            main(
                ["simulate", "--rules", "hearts/intramural", "--games", "40", "--seed", "3", "--format", "jsonl"],
                handle,
            )
            == 0
        )
    return archive


def _by_one_process(archive: Path) -> tuple[int, str]:
    out = io.StringIO()
    return main(["check", "--format", "json", "--jobs", "1", str(archive)], out), out.getvalue()


def test_a_fork_the_system_refuses_leaves_the_run_to_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = _hearts_archive(tmp_path)
    expected = _by_one_process(archive)

    def refused() -> int:
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    monkeypatch.setattr(os, "fork", refused)
    out = io.StringIO()
    assert (main(["check", "--format", "json", "--jobs", "3", str(archive)], out), out.getvalue()) == expected
    assert capsys.readouterr().err == ""


def test_pipes_past_the_limit_of_open_files_leave_the_run_to_the_workers_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import batch_pool

    archive = _hearts_archive(tmp_path)
    expected = _by_one_process(archive)
    made = [0]
    real = batch_pool._pipe

    def pipe() -> tuple[int, int]:
        made[0] += 1
        if made[0] > 3:  # the first worker's two pipes, then the second's first: the limit
            raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
        return real()

    monkeypatch.setattr(batch_pool, "_pipe", pipe)
    out = io.StringIO()
    assert (main(["check", "--format", "json", "--jobs", "6", str(archive)], out), out.getvalue()) == expected
    assert made[0] == 4


def test_an_error_of_the_system_not_a_writes_is_not_said_to_be_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from referee import batch_run

    def failing(*args: object) -> int:
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    monkeypatch.setattr(batch_run, "run", failing)
    assert main(["check", str(GAMES)], io.StringIO()) == 2
    assert capsys.readouterr().err == f"referee: {os.strerror(errno.EAGAIN)}\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_glob_leaves_out_a_named_pipe_as_a_folder_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a pipe: opened, the run waits for a writer, for ever if none comes. Here one comes (a game, from a thread), so
    # that a run that opens the pipe reads one game more, and fails the test, rather than waiting.
    game = GAMES.read_bytes().splitlines(keepends=True)[0]
    (tmp_path / "a.jsonl").write_bytes(game)
    pipe = tmp_path / "b.jsonl"
    os.mkfifo(pipe)

    def writer() -> None:
        for _ in range(3):
            pipe.write_bytes(game)  # waits for a reader

    threading.Thread(target=writer, daemon=True).start()
    try:
        for name in (str(tmp_path / "*.jsonl"), str(tmp_path)):
            out = io.StringIO()
            assert main(["check", "--format", "json", "--jobs", "1", name], out) == 0
            assert out.getvalue().count('"report"') == 1
        assert main(["check", str(tmp_path / "b*.jsonl")], io.StringIO()) == 2
        assert capsys.readouterr().err == f"referee: {tmp_path / 'b*.jsonl'}: no file matches this pattern\n"
    finally:
        for _ in range(3):  # the writer let go: each of its writes given a reader
            with contextlib.suppress(OSError):
                reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
                time.sleep(0.05)
                os.close(reader)
