"""The end of a ``--jobs`` run: a unit a worker holds and has not started is audited in this process too."""

from __future__ import annotations

import io
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from referee import batch_inputs, batch_pool
from referee.batch import Checker, GameResult, Settings
from referee.cli import main

ARCHIVE = Path(__file__).resolve().parent.parent / "examples" / "spades" / "intramural" / "games.jsonl"  # 200 games


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def _games_a_unit(path: Path) -> list[int]:
    checker = Checker(Settings(format="json"))
    units = batch_inputs.units([str(path)], checker, split=True)
    return [len(list(batch_inputs.check_unit(checker, unit))) for unit in units]


@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_the_unit_a_worker_has_not_started_is_audited_here_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 65536)  # units of a few games
    monkeypatch.setattr(batch_pool, "_AHEAD", 1000)  # this process is not held back by the worker's slow unit
    archive = ARCHIVE
    if form == "yaml":  # the archive's first 60 games as one YAML file, cut into units of up to 8 games
        archive = tmp_path / "games.yaml"
        games = [json.loads(line) for line in ARCHIVE.read_text().splitlines()[:60]]
        archive.write_text(yaml.safe_dump_all(games, sort_keys=False))
    sizes = _games_a_unit(archive)
    audit_unit, here = batch_inputs.check_unit, os.getpid()
    # The worker is given units 1 (forked with it) and 2 (topped up at once): it starts unit 1 only once this process
    # has audited every other unit, so that both are still in its hands at the end.
    others, audited_here, rest_done = sum(sizes) - sizes[1] - sizes[2], [0], tmp_path / "rest-done"

    def slow_in_the_worker(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        if os.getpid() != here:
            deadline = time.monotonic() + 60
            while not rest_done.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.2)  # and it is slow
        for result in audit_unit(checker, unit):
            yield result._replace(output=f"{os.getpid()} {result.output}")
            audited_here[0] += os.getpid() == here
            if audited_here[0] == others:
                rest_done.touch()

    monkeypatch.setattr(batch_pool, "check_unit", slow_in_the_worker)
    code, out = _run("check", str(archive), "--format", "json", "--jobs", "2")
    pids = [line.split(" ", 1)[0] for line in out.splitlines()]
    reports = [line.split(" ", 1)[1] for line in out.splitlines()]
    # unit 2, which the worker has not started, is audited here too, and first: only unit 1 is the worker's
    first, second = sizes[0], sizes[0] + sizes[1]
    assert code == 0 and len(pids) == sum(sizes) and len(sizes) > 4
    assert all(pid != str(here) for pid in pids[first:second])
    assert all(pid == str(here) for pid in pids[:first] + pids[second:])
    assert "".join(line + "\n" for line in reports) == _run("check", str(archive), "--format", "json", "--jobs", "1")[1]


def test_only_the_last_of_two_or_more_units_a_worker_holds_is_taken_and_once() -> None:
    worker = batch_pool._Worker(0, -1, -1, 0)
    pool = batch_pool.Pool(Checker(Settings()), iter(()), 2, None)
    pool.workers.append(worker)
    one, two = batch_inputs.WholeFile("a", 1), batch_inputs.WholeFile("b", 1)
    worker.held.update({4: one})
    assert pool._spare() is None  # the one it holds it may be auditing already
    worker.held.update({5: two})
    assert pool._spare() == (5, two)
    assert pool._spare() is None  # taken once


def _state(pid: int) -> str:
    """A process's state as the system shows it (Z: it has ended, not yet waited for)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads a process's state in /proc")
def test_a_worker_given_nothing_more_ends_before_the_run_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 65536)
    monkeypatch.setattr(batch_pool, "_HELD", 1)  # one unit in its hands: none is audited twice (see above)
    states = []
    end = batch_pool.Pool._end

    def seen_ended(pool: batch_pool.Pool) -> None:
        for worker in pool.workers:  # every result is in: its pipe of units was closed, and it ends of itself
            deadline = time.monotonic() + 10
            while (state := _state(worker.pid)) != "Z" and time.monotonic() < deadline:
                time.sleep(0.01)
            states.append(state)
        end(pool)

    monkeypatch.setattr(batch_pool.Pool, "_end", seen_ended)
    code, out = _run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")
    assert code == 0 and len(out.splitlines()) == 200 and states == ["Z"]


def test_between_two_games_audited_here_an_empty_pipe_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # After each game this process audits it looks at the workers; a worker sets its byte in the memory they share
    # once it has sent something, so that the look finds whether to read without reading: a read of an empty pipe
    # is a system call and a raised BlockingIOError. Such reads between games were one a game (~100 here); now at
    # most one a message a worker sends (the read that finds the pipe emptied), some 8 here. How many messages there
    # are depends on timing (a loaded machine makes more), so the bound is the reads that found something.
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 131072)  # units of some 12 games (200 games, ~1.1 MB)
    here, real_read, audit_unit = os.getpid(), os.read, batch_inputs.check_unit
    auditing, empty, full, games_here = [False], [0], [0], [0]

    def counted_read(fd: int, size: int) -> bytes:
        try:
            data = real_read(fd, size)
        except BlockingIOError:
            empty[0] += os.getpid() == here and auditing[0]
            raise
        full[0] += os.getpid() == here and auditing[0] and bool(data)
        return data

    def counted_unit(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        auditing[0] = True  # (the look after each game runs while this generator waits at its yield)
        for result in audit_unit(checker, unit):
            games_here[0] += os.getpid() == here
            yield result
        auditing[0] = False

    monkeypatch.setattr(os, "read", counted_read)
    monkeypatch.setattr(batch_pool, "check_unit", counted_unit)
    code, out = _run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")
    assert code == 0 and out == _run("check", str(ARCHIVE), "--format", "json", "--jobs", "1")[1]
    assert games_here[0] > 40  # this process audited a share (else the count below would prove nothing)
    assert empty[0] <= full[0] + 2 and empty[0] < games_here[0] / 2, (empty[0], full[0], games_here[0])
