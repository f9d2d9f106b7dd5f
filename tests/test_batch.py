"""Batch runs of ``referee check``: many names, standard input, worker processes, the summary, Ctrl-C and
a closed pipe (the last two in real processes, as a shell would run them)."""

from __future__ import annotations

import io
import json
import os
import pty
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import batch as batch_mod
from referee import batch_inputs, batch_pool, batch_run
from referee.batch import Checker, GameResult
from referee.cli import main
from referee.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"  # 200 clean games, 2,384 hands
TWO = ROOT / "docs" / "examples" / "archive.jsonl"  # game 1 clean (1 hand), game 2: one bid_out_of_range (1 hand)
CLEAN = ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml"  # one clean game of 8 hands


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is None:
        return main(list(argv), out=out), out.getvalue()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(stdin)))
    try:
        return main(list(argv), out=out), out.getvalue()
    finally:
        sys.stdin = saved


def last_lines(out: str) -> list[str]:
    return out.splitlines()[-2:]


def mixed_archive(folder: Path, copies: int = 3) -> Path:
    """``copies`` times the two-game archive then the first 20 clean games (22 games a copy), with one line
    that is not JSON after the second copy: line 45, game 45."""
    lines = TWO.read_text(encoding="utf-8").splitlines(keepends=True)
    clean = ARCHIVE.read_text(encoding="utf-8").splitlines(keepends=True)[:20]
    path = folder / "mixed.jsonl"
    body = []
    for copy in range(copies):
        body += lines + clean
        if copy == 1:
            body.append('{"log": 1, "players": [\n')  # not JSON: one unreadable game
    path.write_text("".join(body), encoding="utf-8")
    return path


# -- names: files, folders, globs, standard input -----------------------------------------------------------------


def test_several_files_are_checked_in_the_order_given(tmp_path: Path) -> None:
    code, out = run("check", "-q", str(TWO), str(CLEAN), str(TWO))
    # 2 + 1 + 2 games; TWO's second game twice: 2 violations; hands 1 + 1 + 8 + 1 + 1
    assert code == 1
    assert last_lines(out)[1] == "5 games: 3 clean, 0 warnings, 2 violations, 0 incomplete, 0 unreadable"
    assert last_lines(out)[0].startswith("12 hands in ")
    assert last_lines(out)[0].endswith("; violations by code: bid_out_of_range 2")
    assert out.count("archive.jsonl, game 2 (T8-R1)\n") == 2


def test_a_folder_means_the_log_files_below_it(tmp_path: Path) -> None:
    (tmp_path / "week1").mkdir()
    (tmp_path / "week1" / "a.yaml").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.jsonl").write_text(TWO.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a log\n", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "c.yaml").write_text("not even YAML: [\n", encoding="utf-8")
    code, out = run("check", str(tmp_path), "--format", "json")
    # b.jsonl before week1/a.yaml (path order); notes.txt and the hidden folder left out
    reports = out.splitlines()
    assert code == 1 and len(reports) == 3
    assert [r.split('"status": "')[1].split('"')[0] for r in reports] == ["clean", "violations", "clean"]


def test_a_glob_is_expanded_by_the_referee(tmp_path: Path) -> None:
    for name in ("2026-01.jsonl", "2026-02.jsonl", "2025-12.jsonl"):
        (tmp_path / name).write_text(TWO.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = run("check", "-q", str(tmp_path / "2026-*.jsonl"))
    assert code == 1 and last_lines(out)[1].startswith("4 games: 2 clean, 0 warnings, 2 violations")
    code, out = run("check", "-q", str(tmp_path / "1999-*.jsonl"))
    assert code == 2 and out == ""


def test_a_glob_that_matches_nothing_is_one_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("check", str(tmp_path / "none-*.jsonl"), str(CLEAN))
    err = capsys.readouterr().err
    assert code == 2 and err == f"referee: {tmp_path / 'none-*.jsonl'}: no file matches this pattern\n"


def test_standard_input_as_json_lines_and_as_yaml() -> None:
    code, out = run("check", "-q", "-", stdin=TWO.read_bytes())
    assert code == 1 and last_lines(out)[1] == "2 games: 1 clean, 0 warnings, 1 violations, 0 incomplete, 0 unreadable"
    assert "<stdin>, game 2 (T8-R1)" in out
    stream = CLEAN.read_bytes() + b"---\n" + CLEAN.read_bytes()
    code, out = run("check", "-q", "-", stdin=stream)
    assert code == 0 and last_lines(out) == [
        last_lines(out)[0],
        "2 games: 2 clean, 0 warnings, 0 violations, 0 incomplete, 0 unreadable",
    ]
    assert last_lines(out)[0].startswith("16 hands in ")


def test_json_lines_with_a_byte_order_mark_on_standard_input_read_as_the_file_is(tmp_path: Path) -> None:
    # The reader drops a first line's byte order mark (documents.line_text), so an archive saved with one reads
    # the same from a file and from standard input: the mark must not make the stream look like YAML, which read
    # all its games as one document (one "not valid YAML" error for the whole archive)
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + TWO.read_bytes())
    code, out = run("check", "-q", str(marked))
    assert code == 1 and last_lines(out)[1] == "2 games: 1 clean, 0 warnings, 1 violations, 0 incomplete, 0 unreadable"
    code, piped = run("check", "-q", "-", stdin=marked.read_bytes())
    assert code == 1 and piped.replace("<stdin>", str(marked)).splitlines()[:-2] == out.splitlines()[:-2]
    assert last_lines(piped)[1] == last_lines(out)[1]


def test_json_lines_after_blank_lines_on_standard_input_read_as_the_file_is(tmp_path: Path) -> None:
    # what comes before the first game is looked past however long it is: 100 blank lines made the stream look
    # like YAML when only its first 64 bytes were looked at
    spaced = tmp_path / "spaced.jsonl"
    spaced.write_bytes(b"\n" * 100 + TWO.read_bytes())
    code, out = run("check", "-q", str(spaced))
    assert code == 1 and last_lines(out)[1] == "2 games: 1 clean, 0 warnings, 1 violations, 0 incomplete, 0 unreadable"
    code, piped = run("check", "-q", "-", stdin=spaced.read_bytes())
    assert code == 1 and piped.replace("<stdin>", str(spaced)).splitlines()[:-2] == out.splitlines()[:-2]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_one_json_game_written_over_many_lines_on_standard_input_read_as_the_file_is(
    tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # `jq . game.json | referee check -`: the stream opens with "{" as JSON Lines do, but its first line leaves the
    # object open; read a line at a time, each of its lines was an unreadable game of its own
    game = json.loads(TWO.read_text(encoding="utf-8").splitlines()[1])  # one hand, one bid_out_of_range
    pretty = tmp_path / "game.json"
    pretty.write_text(json.dumps(game, indent=2), encoding="utf-8")
    code, out = run("check", "-q", "--jobs", jobs, str(pretty))
    assert code == 1 and "bid_out_of_range" in out
    code, piped = run("check", "-q", "--jobs", jobs, "-", stdin=pretty.read_bytes())
    assert code == 1 and piped.replace("<stdin>", str(pretty)) == out
    capsys.readouterr()
    code, cut = run("check", "-q", "-", stdin=pretty.read_bytes()[: pretty.stat().st_size // 2])  # cut short
    err = capsys.readouterr().err
    assert (code, cut) == (2, "") and err.startswith("referee: <stdin>:") and err.count("\n") == 1  # one message
    assert "not valid JSON" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_lines_whose_first_line_is_cut_short_on_standard_input_read_as_the_file_is(
    tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A JSON Lines archive whose first game's line was cut short (a copy stopped, a disk filled): its first line
    # does not close the object it opens, as a game written over many lines (jq .) does not either; but it is
    # one unreadable game, and the games after it are read, from standard input as from the file.
    lines = TWO.read_text(encoding="utf-8").splitlines()
    archive = tmp_path / "cut.jsonl"
    archive.write_text(lines[0][: len(lines[0]) // 2] + "\n" + "\n".join(lines[1:]) + "\n", encoding="utf-8")
    code, out = run("check", "--format", "json", "--jobs", jobs, str(archive))
    from_file = capsys.readouterr().err
    assert code == 2 and "bid_out_of_range" in out and from_file.count("not valid JSON") == 1
    code, piped = run("check", "--format", "json", "--jobs", jobs, "-", stdin=archive.read_bytes())
    assert code == 2 and piped == out.replace(str(archive), "<stdin>")
    assert capsys.readouterr().err == from_file.replace(str(archive), "<stdin>")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_named_otherwise_is_read_by_what_it_begins_with(tmp_path: Path, jobs: str) -> None:
    # games.log holding JSON Lines was read as YAML, its games one unreadable document; it is told as standard
    # input is: JSON Lines, one JSON game over many lines, or YAML, each read as the file of that suffix
    game = json.loads(TWO.read_text(encoding="utf-8").splitlines()[1])  # one hand, one bid_out_of_range
    pretty = json.dumps(game, indent=2).encode()
    yaml_text = CLEAN.read_bytes() + b"---\n" + CLEAN.read_bytes()
    for named, data in [("two.jsonl", TWO.read_bytes()), ("game.json", pretty), ("two.yaml", yaml_text)]:
        (tmp_path / named).write_bytes(data)
        plain = tmp_path / named.replace(".", "-")  # two-jsonl, game-json, two-yaml: no suffix
        plain.write_bytes(data)
        as_named = run("check", "-q", "--jobs", jobs, str(tmp_path / named))
        as_plain = run("check", "-q", "--jobs", jobs, str(plain))
        assert as_plain[0] == as_named[0]
        found = as_plain[1].replace(str(plain), str(tmp_path / named)).splitlines()
        assert found[:-2] == as_named[1].splitlines()[:-2] and last_lines(as_plain[1])[1] == last_lines(as_named[1])[1]
    assert "two-jsonl, game 2 (T8-R1)" in run("check", "-q", str(tmp_path / "two-jsonl"))[1]  # a game a line
    # a folder still takes only the log suffixes: the files with none are not looked into
    code, out = run("check", "-q", str(tmp_path))
    assert code == 1 and "two-jsonl" not in out and "game-json" not in out
    assert last_lines(out)[1].startswith("5 games: ")  # two.jsonl's 2, game.json's 1, two.yaml's 2


# -- worker processes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "text", "html"])
def test_jobs_give_the_same_bytes_as_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 4096)  # 67 games: a unit a game or two, shared by the workers
    archive = mixed_archive(tmp_path)
    outputs, errors = [], []
    for jobs in ("1", "2", "3"):
        code, out = run("check", str(archive), str(CLEAN), "--format", fmt, "--jobs", jobs)
        assert code == 2  # the broken line
        lines = out.splitlines()
        outputs.append(out if fmt != "text" else "\n".join(lines[:-2] + lines[-1:]))  # the timing aside
        errors.append(capsys.readouterr().err)
    assert outputs[0] == outputs[1] == outputs[2] and errors[0] == errors[1] == errors[2]
    assert errors[0] == f"referee: {archive}:45, game 45: not valid JSON: Expecting value (column 24)\n"
    if fmt == "json":
        assert len(outputs[0].splitlines()) == 3 * 22 + 1 + 1


def test_jobs_2_share_the_units_between_this_process_and_a_warm_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 8192)  # 200 games: units of a few games
    audit_unit = batch_inputs.check_unit

    def tagged(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        warm = bool(checker._specs)  # the spec was loaded before this unit
        for result in audit_unit(checker, unit):
            yield result._replace(output=f"{os.getpid()} {warm}\n")

    monkeypatch.setattr(batch_pool, "check_unit", tagged)  # the worker, forked, takes it with it
    code, out = run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")
    tags = [line.split() for line in out.splitlines()]
    here = str(os.getpid())
    assert code == 0 and len(tags) == 200 and tags[0] == [here, "False"]  # the first unit audited here, cold
    worker = {pid for pid, _ in tags} - {here}
    assert len(worker) == 1 and sum(pid == here for pid, _ in tags) > 20  # both audit a share
    assert all(warm == "True" for pid, warm in tags if pid in worker)  # started with the spec loaded


def test_the_workers_do_not_wait_for_a_long_first_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 8192)
    monkeypatch.setattr(batch_pool, "_WARM_BYTES", 1024)  # the first block (4 KB) counts as long
    audit_unit = batch_inputs.check_unit

    def tagged(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        warm = bool(checker._specs)
        for result in audit_unit(checker, unit):
            yield result._replace(output=f"{os.getpid()} {warm}\n")

    monkeypatch.setattr(batch_pool, "check_unit", tagged)
    code, out = run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")
    tags = [line.split() for line in out.splitlines()]
    here = str(os.getpid())
    first_of_worker = next(tag for tag in tags if tag[0] != here)
    assert code == 0 and len(tags) == 200 and tags[0] == [here, "False"]
    assert first_of_worker[1] == "False"  # started before this process had loaded the spec


def test_a_worker_that_stops_is_said_not_waited_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 8192)
    audit_unit, here = batch_inputs.check_unit, os.getpid()

    def dies_in_a_worker(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        if os.getpid() != here:
            os._exit(3)  # as a worker killed by the system would: nothing sent back, its pipes closed
        yield from audit_unit(checker, unit)

    def waited(signum: int, frame: object) -> None:
        raise AssertionError("the run waited for a worker that had stopped")

    monkeypatch.setattr(batch_pool, "check_unit", dies_in_a_worker)
    before = signal.signal(signal.SIGALRM, waited)
    signal.alarm(60)
    try:
        assert run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")[0] == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert capsys.readouterr().err == "referee: a worker process stopped unexpectedly; try --jobs 1\n"


def test_a_unit_given_to_a_worker_that_has_stopped_is_said_not_taken_for_a_closed_output() -> None:
    # the worker's end of its task pipe gone: writing to it raises BrokenPipeError, which the run reads as its own
    # output closed (| head), ending quietly with the exit code of the games so far
    tasks_read, tasks_write = os.pipe()
    done_read, done_write = os.pipe()
    os.close(tasks_read)
    worker = batch_pool._Worker(0, tasks_write, done_read, 0)
    try:
        with pytest.raises(InputError, match="a worker process stopped unexpectedly"):
            worker.give(1, batch_inputs.WholeFile(str(CLEAN), 1))
    finally:
        for fd in (tasks_write, done_read, done_write):
            os.close(fd)


def test_jobs_must_be_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", str(CLEAN), "--jobs", "0")[0] == 2
    assert "--jobs wants a number" in capsys.readouterr().err


# -- real processes: Ctrl-C, a closed pipe, the progress bar ----------------------------------------------------------


def big_archive(folder: Path, copies: int = 15) -> Path:
    """TWO first (its second game breaks a rule), then the 200 clean games ``copies`` times: long enough to
    be still running when the test interrupts it or closes its pipe."""
    path = folder / "big.jsonl"
    path.write_text(TWO.read_text(encoding="utf-8") + ARCHIVE.read_text(encoding="utf-8") * copies, encoding="utf-8")
    return path


def referee_process(*argv: str, **kwargs: Any) -> subprocess.Popen[bytes]:
    # Unbuffered pipes: communicate() reads the pipe itself, so bytes a buffered readline() had read ahead
    # (the rest of the first chunk, often a report cut in the middle) would be lost to it.
    process: subprocess.Popen[bytes] = subprocess.Popen(
        [sys.executable, "-m", "referee", *argv], cwd=ROOT, bufsize=0, **kwargs
    )
    return process


def wait_for_output(process: subprocess.Popen[bytes]) -> bytes:
    assert process.stdout is not None
    first = process.stdout.readline()  # the first report is written: the run is under way
    assert first
    return first


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_with_the_summary_so_far(tmp_path: Path, jobs: str) -> None:
    archive = big_archive(tmp_path)
    process = referee_process("check", str(archive), "--jobs", jobs, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_output(process)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    lines = out.decode().splitlines()
    assert process.returncode == 130, err.decode()
    assert b"Traceback" not in err and err == b""
    assert lines[-3] == "interrupted: the figures below are for the games checked before Ctrl-C"
    checked = int(lines[-1].split(" games: ")[0])
    assert 2 <= checked < 3002  # some, not all
    assert " violations by code: bid_out_of_range 1" in lines[-2]


def test_ctrl_c_in_a_json_run_puts_the_summary_on_standard_error(tmp_path: Path) -> None:
    process = referee_process(
        "check",
        str(big_archive(tmp_path)),
        "--format",
        "json",
        "--jobs",
        "1",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = wait_for_output(process)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode().startswith("referee: interrupted: ") and b"Traceback" not in err
    reports = [json.loads(line) for line in (first + out).splitlines()]  # whole lines only: each one parses
    assert (first + out).endswith(b"\n") and all(report["report"] == 1 for report in reports)
    checked = int(err.decode().splitlines()[-1].split(" games: ")[0].removeprefix("referee: "))
    assert len(reports) == checked  # every game counted has its whole report written, and no other


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_closed_pipe_ends_quietly_with_the_exit_code_of_what_was_found(tmp_path: Path, jobs: str) -> None:
    archive = big_archive(tmp_path)
    shell = f"{sys.executable} -m referee check {archive} --jobs {jobs} | head -1; exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, timeout=120)
    assert result.stdout.startswith(f"{archive}, game 1".encode()) and result.stdout.count(b"\n") == 1
    assert result.stderr == b""
    assert result.returncode == 1  # game 2 breaks a rule, and its report was written before the pipe closed


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_after_a_closed_pipe_the_exit_code_still_counts_the_games_not_written(tmp_path: Path, jobs: str) -> None:
    # the rule broken only in the very last game, long after `head` has gone: the exit code must still say so
    archive = tmp_path / "late.jsonl"
    archive.write_text(ARCHIVE.read_text(encoding="utf-8") * 15 + TWO.read_text(encoding="utf-8"), encoding="utf-8")
    shell = f"{sys.executable} -m referee check {archive} --jobs {jobs} | head -1; exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, timeout=120)
    assert result.stdout.startswith(f"{archive}, game 1".encode()) and result.stdout.count(b"\n") == 1
    assert result.stderr == b""
    assert result.returncode == 1


def test_the_exit_code_of_a_closed_pipe_is_clean_when_nothing_was_found(tmp_path: Path) -> None:
    archive = tmp_path / "clean.jsonl"
    archive.write_text(ARCHIVE.read_text(encoding="utf-8") * 10, encoding="utf-8")
    shell = f"{sys.executable} -m referee check {archive} | head -1; exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, b"")


def run_on_a_terminal(*argv: str, piped: bool) -> bytes:
    """Standard error on a pseudo-terminal; standard output to a file, or to a pipe."""
    leader, follower = pty.openpty()
    sink = subprocess.PIPE if piped else subprocess.DEVNULL
    process = referee_process(*argv, stdout=sink, stderr=follower)
    os.close(follower)
    if piped:
        process.stdout.read()  # type: ignore[union-attr]
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the process is gone and the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    process.wait(timeout=60)
    os.close(leader)
    return seen


def test_the_bar_shows_the_time_left_as_soon_as_the_first_unit_is_read() -> None:
    # redrawn at most every 0.2 s, but the share and the time left are shown once known without waiting for the
    # next redraw: so the terminal test below does not depend on the run lasting longer than a redraw
    stream = io.StringIO()
    progress = batch_run.Progress(stream, total=1000)
    tally = batch_run.Tally()
    progress.update(tally)  # a game checked: drawn, nothing read yet
    progress.update(tally, 100)  # the first unit read, at once after
    drawn = stream.getvalue().split("\r")
    assert len(drawn) == 3 and "ETA" not in drawn[1] and " 10%  ETA " in drawn[2]


def test_the_summary_writes_its_hands_as_the_progress_bar_does() -> None:
    # the bar wrote 25,002 hands and the summary under it 25002: one number, written one way
    stream = io.StringIO()
    tally = batch_run.Tally()
    tally.hands = 25_002
    batch_run.Progress(stream, total=None).update(tally)
    assert " 25,002 hands " in stream.getvalue()
    assert tally.summary()[0].startswith("25,002 hands in ")


def test_a_progress_bar_only_on_a_terminal_and_not_with_quiet(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text(ARCHIVE.read_text(encoding="utf-8") * 3, encoding="utf-8")
    shown = run_on_a_terminal("check", str(archive), "--format", "json", "--jobs", "1", piped=False)
    assert b" hands/s" in shown and b"ETA" in shown and b"\x1b[K" in shown
    assert b"600 games: 600 clean" in shown  # a JSON run's summary, on a terminal
    assert run_on_a_terminal("check", str(archive), "--format", "json", "-q", piped=False) == b""
    assert b"hands/s" not in run_on_a_terminal("check", str(archive), piped=True)


def test_the_version_says_which_yaml_parser_reads_logs(capsys: pytest.CaptureFixture[str]) -> None:
    import yaml

    with pytest.raises(SystemExit):
        main(["--version"])
    shown = capsys.readouterr().out
    parser = "libyaml's C parser" if getattr(yaml, "__with_libyaml__", False) else "PyYAML's pure-Python parser"
    assert shown.startswith("referee ") and f"YAML read by {parser}" in shown


def test_a_refused_option_is_said_once_whatever_the_jobs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 40_000)  # 200 games: many units, each worker meets the refusal
    said = []
    for jobs in ("1", "2"):
        code, out = run("check", str(ARCHIVE), "--option", "target=7", "--format", "json", "--jobs", jobs)
        err = capsys.readouterr().err
        assert code == 2 and len(out.splitlines()) == 200  # every game counted as unreadable, with its line
        said.append((out, err))
    assert said[0] == said[1] and said[0][1].count("referee: ") == 1 and "unknown option 'target'" in said[0][1]


def test_the_workers_are_no_more_than_the_ceiling_or_the_work(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # --jobs 99999 forked workers until the system refused (some 1,100 here): at most four processes a core, and no
    # worker forked with no unit of work to give it
    forked: list[int] = []
    fork = os.fork

    def counted() -> int:
        if len(forked) >= 16:  # (no more, whatever the pool asks: refused, as by the system's limit)
            raise OSError("no more processes in this test")
        pid = fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted)  # (batch_pool forks by os.fork)
    monkeypatch.setattr(batch_run, "all_cores", lambda: 2)
    code, one = run("check", "--format", "json", "--jobs", "1", str(ARCHIVE))
    code_many, many = run("check", "--format", "json", "--jobs", "99999", str(ARCHIVE))
    assert (code_many, many) == (code, one)
    assert 1 <= len(forked) <= 4 * 2 - 1
    # three small files, a unit each: this process and two workers
    forked.clear()
    for number in range(3):
        (tmp_path / f"g{number}.jsonl").write_bytes(ARCHIVE.read_bytes()[:20000].rsplit(b"\n", 1)[0] + b"\n")
    code, one = run("check", "--format", "json", "--jobs", "1", str(tmp_path))
    assert run("check", "--format", "json", "--jobs", "8", str(tmp_path)) == (code, one)
    assert len(forked) <= 2


UNPLAYABLE = """\
spec: 1
id: club/twenty
title: Twenty passed
extends: hearts/intramural
passing:
  pass:
    interpretation: We pass twenty.
    cycle: [right]
    cards: 20
"""


def test_a_spec_the_check_cannot_enforce_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same place referee validate gives (line 9, cards: 20), whether the spec is named by --rules or by a
    # log's header; before, the check named the file and the JSON path alone.
    (tmp_path / "twenty.yaml").write_text(UNPLAYABLE, encoding="utf-8")
    log = tmp_path / "named.jsonl"
    log.write_text('{"log": 1, "game": {"rules": "twenty.yaml"}, "players": ["A", "B", "C", "D"], "hands": []}\n')
    for argv in (["--rules", str(tmp_path / "twenty.yaml")], ["--allow-rules", str(tmp_path)]):
        assert main(["check", *argv, str(log)]) == 2
        err = capsys.readouterr().err
        assert f"{tmp_path / 'twenty.yaml'}:9, " in err and "at $.passing.pass.cards: passes 20 cards" in err


def test_a_run_of_one_game_and_one_hand_counts_them_in_the_singular() -> None:
    # the bar said '1 games  1 hands' and the summary '1 hands in 0.05 s ...', '1 games: 1 clean, ...'
    stream = io.StringIO()
    tally = batch_run.Tally()
    tally.hands = 1
    tally.statuses["clean"] += 1
    batch_run.Progress(stream, total=None).update(tally)
    assert stream.getvalue().startswith("\r1 game  1 hand  ")
    figures, games = tally.summary()
    assert figures.startswith("1 hand in ") and games.startswith("1 game: 1 clean, 0 warnings")


def test_a_json_lines_games_location_is_the_one_its_reader_would_be_given() -> None:
    # Checker.line makes each line's Location without the frozen dataclass's __init__: it is equal to the one made
    # by it, hashes, prints and writes as it does, and a fault of the line is located by it as by that one
    from dataclasses import replace as replaced

    from referee.batch import Settings, error_line
    from referee.errors import Location
    from referee.gamelog import from_json_text

    checker = Checker(Settings(format="json"))
    made: list[Location] = []

    def kept(text: str, where: Location) -> Any:
        made.append(where)
        return from_json_text(text, where)

    bad = (
        '{"log": 1, "game": {"rules": "spades/intramural"}, "players": ["A", "B", "C", "D"], "hands": [{"dealer": 7}]}'
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch_mod, "from_json_text", kept)
        result = checker.line(bad + "\n", "club.jsonl", 7, 3)
    [where] = made
    plain = Location(file="club.jsonl", line=7, game=3)
    assert where == plain and hash(where) == hash(plain) and str(where) == str(plain) and repr(where) == repr(plain)
    assert where.as_dict() == plain.as_dict() == {"file": "club.jsonl", "line": 7, "game": 3}
    assert replaced(where, hand=2) == replaced(plain, hand=2)
    with pytest.raises(InputError) as caught:
        from_json_text(bad, plain)
    assert result.output == error_line(caught.value.at(game=3))
