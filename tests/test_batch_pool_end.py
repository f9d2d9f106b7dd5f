"""The end of a ``--jobs`` run: a unit a worker holds and has not started is audited in this process too."""

from __future__ import annotations

import io
import os
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from referee import batch_inputs, batch_pool
from referee.batch import Checker, GameResult, Settings
from referee.cli import main

ARCHIVE = Path(__file__).resolve().parent.parent / "examples" / "spades" / "intramural" / "games.jsonl"  # 200 games


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def _games_a_unit() -> list[int]:
    checker = Checker(Settings(format="json"))
    return [len(list(batch_inputs.check_unit(checker, unit))) for unit in batch_inputs.units([str(ARCHIVE)], checker)]


def test_the_unit_a_worker_has_not_started_is_audited_here_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_inputs, "BLOCK_BYTES", 65536)  # units of a few games
    monkeypatch.setattr(batch_pool, "_AHEAD", 1000)  # this process is not held back by the worker's slow unit
    sizes = _games_a_unit()
    audit_unit, here = batch_inputs.check_unit, os.getpid()

    def slow_in_the_worker(checker: Checker, unit: batch_inputs.Unit) -> Iterator[GameResult]:
        if os.getpid() != here:
            time.sleep(0.3)  # the worker is still on its first unit when this process has audited all the others
        for result in audit_unit(checker, unit):
            yield replace(result, output=f"{os.getpid()} {result.output}")

    monkeypatch.setattr(batch_pool, "check_unit", slow_in_the_worker)
    code, out = _run("check", str(ARCHIVE), "--format", "json", "--jobs", "2")
    pids = [line.split(" ", 1)[0] for line in out.splitlines()]
    reports = [line.split(" ", 1)[1] for line in out.splitlines()]
    # The worker was given units 1 (forked with it) and 2 (topped up at once); it audits 1 while this process audits
    # every other unit, then audits 2 too, which the worker has not started: only unit 1 is the worker's.
    first, second = sizes[0], sizes[0] + sizes[1]
    assert code == 0 and len(pids) == sum(sizes) == 200 and len(sizes) > 4 and sizes[1] > 1
    assert all(pid != str(here) for pid in pids[first:second])
    assert all(pid == str(here) for pid in pids[:first] + pids[second:])
    assert "".join(line + "\n" for line in reports) == _run("check", str(ARCHIVE), "--format", "json", "--jobs", "1")[1]


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
