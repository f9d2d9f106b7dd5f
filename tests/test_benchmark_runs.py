"""The benchmark runs (on a tiny archive): a smoke test, no timing asserted (speed is the benchmark's to print)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import referee

ROOT = Path(__file__).resolve().parent.parent


def test_the_benchmark_runs_and_names_each_target(tmp_path: Path) -> None:
    command = [sys.executable, "benchmarks/run.py", "--scale", "0.002", "--repeat", "1", "--big-mb", "1"]
    result = subprocess.run(
        [*command, "--folder", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    archives = ("spades-intramural", "hearts-intramural-4", "dominoes-all-fives-4", "spades-intramural-yaml")
    for label in (*archives, "spades-intramural-compact", "hearts-intramural-4-compact"):
        assert f"{label}:" in out
    assert out.count("(b)/(a) = ") == 6 and out.count("target: at least 22,000") == 2
    assert "referee check - python3 -c pass = " in out and "target: under 100 MB" in out
    assert out.count("cores busy in (c): ") == 6
    if len(os.sched_getaffinity(0)) > 1:  # (b) on every core at once beside (c), for what the cores cost each other
        assert out.count(" times at once, one a core: CPU time ") == out.count("; (c) over it: x ") == 6
    assert "machine speed: 10^7 additions in a Python loop take " in out
    # the cost per hand at each size: the best of --repeat runs, the sizes in turn, and the output says so
    assert "the sizes run in turn, once over, the best of each kept" in out
    assert (tmp_path / "spades-intramural.jsonl").is_file()  # --folder keeps the archives
    kept = sorted(str(path) for path in tmp_path.glob("*.jsonl"))
    floor = subprocess.run([sys.executable, "benchmarks/floor.py", *kept], cwd=ROOT, capture_output=True, text=True)
    assert floor.returncode == 0, floor.stderr
    assert floor.stdout.count(" x json.loads)") == len(kept) == 6


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="instructions.py counts with valgrind")
def test_the_instruction_count_runs() -> None:
    command = [sys.executable, "benchmarks/instructions.py", "--hands", "60", "--only", "all-fives", "--spread"]
    command.append("--linear")
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "dominoes-all-fives-4:" in out and "spades-intramural" not in out  # (no Spades archive counted)
    figures = [
        float(line.split()[1]) for line in out.splitlines() if line.strip().startswith(("start", "parse", "check"))
    ]
    assert len(figures) == 3 and all(figure > 0 for figure in figures)
    assert "check/parse = " in out
    # --spread: the check on two processes, the main process before and after its fork and the worker apart
    (spread,) = [line for line in out.splitlines() if line.strip().startswith("spread")]
    counts = [float(figure) for figure in re.findall(r"([\d.]+) M", spread)]
    assert len(counts) == 5 and all(count > 0 for count in counts), spread
    total, _, before, after, worker = counts
    assert abs(before + after + worker - total) < 0.5, spread  # the parts add up to the whole
    assert "(b)/(c) at most " in out
    # --linear: the archive's second and third copies, each counted a hand, and their ratio
    (linear,) = [line for line in out.splitlines() if line.strip().startswith("linear")]
    second, third = (float(figure) for figure in re.findall(r"([\d.]+) k ", linear))
    ratio = re.search(r"third/second = ([\d.]+)\)", linear)
    assert ratio is not None and second > 0 and third > 0, linear
    assert abs(float(ratio.group(1)) - third / second) < 0.01, linear


def test_the_instruction_count_is_of_the_compiled_referee(tmp_path: Path) -> None:
    # No bytecode yet, and none written on import (an editable install in a shell that sets this): the referee's
    # is compiled before anything is counted, so that no counted process compiles it (asked here with no valgrind
    # on the path, where the script stops after compiling it, before counting)
    cache = tmp_path / "bytecode"
    unwritten = {**os.environ, "PATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(cache)}
    command = [sys.executable, "benchmarks/instructions.py"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, env=unwritten)
    assert result.returncode != 0 and "needs valgrind" in result.stderr
    # each module's bytecode where Python looks for it under the prefix: the folder's absolute path below it
    package = Path(referee.__file__).resolve().parent
    tag = sys.implementation.cache_tag
    missing = [
        path
        for path in package.rglob("*.py")
        if not (cache / path.parent.relative_to(path.anchor) / f"{path.stem}.{tag}.pyc").is_file()
    ]
    assert not missing, missing
