"""The referee's work counted in instructions, a figure that does not move with the machine's load:
``python benchmarks/instructions.py`` (needs valgrind).

Wall time on a shared machine moves by a tenth or more from run to run, and by more than twice from day to day,
which hides the change a small edit makes. Valgrind's cachegrind counts the instructions a process runs, the same
every run: so two versions of the referee can be compared to the instruction. The archives are run.py's, built
small (fixed seed, ``--hands``), and counted, each in its own process:

  start   ``referee check --format json --jobs 1`` of the archive's first game alone, less ``python3 -c pass``
  parse   json.loads of every line (run.py's (a)), for the games after the first
  check   the same check of the whole archive (run.py's (b)), for the games after the first

each of the last two the count for the whole archive less the count for its first game (so the interpreter's
start, the imports and the spec's loading are left out of both), and check/parse, the ratio run.py times.
With ``--linear``, also the check of the archive twice and three times over (its games repeated), and the
instructions a hand of its second copy and of its third: a cost that grew with the archive (a cache, a dict or a
collector's walk growing a game at a time) would make the third copy dearer than the second, where the wall time
run.py measures moves with the machine's load. With ``--spread``, also run.py's (c), the check of the whole archive
on two processes (``--jobs 2``), each process counted apart: the main process before it forks the worker (the start,
which no other process shares), the main process after, and the worker; their sum beside (b)'s count is what sharing
the archive costs in instructions. Instructions are not time (on the Hearts archive json.loads ran about twice as
many of them a second as the check did), so the ratio here is not the target's; it tells which way a change moved
the work, and by how much.

    python benchmarks/instructions.py                  # 600 hands of each archive: about a minute a family
    python benchmarks/instructions.py --hands 200      # smaller, quicker
    python benchmarks/instructions.py --only hearts    # the archives whose label holds this
    python benchmarks/instructions.py --spread         # and the check on two processes, each counted apart
    python benchmarks/instructions.py --linear         # and the cost a hand of the archive repeated

The referee counted is the one the Python running this script imports: to compare two versions, run it with
each one's virtual environment (``venv-a/bin/python benchmarks/instructions.py``).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from run import JSON_LINES, Archive, built  # (this folder is first on sys.path when the script is run)

import referee

_PARSE = "import json, sys\nwith open(sys.argv[1], 'rb') as f:\n    for line in f:\n        json.loads(line)"
_REFS = re.compile(rb"I\s+refs:\s+([\d,]+)")
_TOTALS = re.compile(r"^totals:\s+(\d+)", re.MULTILINE)


# A fixed hash seed: the order of a set of strings (and the work of walking it) is otherwise new each run, which
# moved a Hearts hand's count by up to a percent between runs of the same code.
_ENV = {**os.environ, "PYTHONHASHSEED": "0"}


def instructions(*command: str) -> int:
    """The instructions ``python3 COMMAND`` runs, counted by cachegrind (no cache simulated)."""
    found = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            *command,
        ],
        capture_output=True,
        check=False,
        env=_ENV,
    )
    counted = _REFS.search(found.stderr)
    if counted is None:
        raise SystemExit(f"valgrind counted nothing for {' '.join(command)}:\n{found.stderr.decode(errors='replace')}")
    return int(counted.group(1).replace(b",", b""))


def forked(folder: Path, *command: str) -> tuple[int, int, list[int]]:
    """The instructions of ``python3 COMMAND`` that forks workers: (the main process's before its first fork, its
    after, each worker's). Counted by callgrind, which writes its counts so far and starts again from zero as the
    main process enters the C API's PyOS_BeforeFork (which os.fork calls): a forked process inherits its parent's
    counts, so that cachegrind, which writes them only at each process's exit, counts the start once more in every
    worker."""
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=PyOS_BeforeFork",
            f"--callgrind-out-file={folder}/counts.%p",
            sys.executable,
            *command,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=_ENV,
    )
    parts: dict[str, dict[str, int]] = {}  # by process: its counts by part ("" for the last, at its exit)
    for path in folder.glob("counts.*"):
        _, pid, *part = path.name.split(".")
        found = _TOTALS.search(path.read_text(encoding="utf-8"))
        if found is None:
            raise SystemExit(f"callgrind wrote no total in {path}")
        parts.setdefault(pid, {})["".join(part)] = int(found.group(1))
    # the main process is the one whose counts were written in parts, the first written as it first forked
    main = [counts for counts in parts.values() if len(counts) > 1]
    if not main:
        return sum(counts[""] for counts in parts.values()), 0, []
    before = main[0]["1"]
    return before, sum(main[0].values()) - before, [counts[""] for counts in parts.values() if len(counts) == 1]


def count(archive: Archive, bare: int, folder: Path, spread: bool = False, linear: bool = False) -> None:
    first = folder / f"{archive.label}-first.jsonl"
    with archive.path.open(encoding="utf-8") as whole:
        first.write_text(whole.readline(), encoding="utf-8")
    check = ("-P", "-m", "referee", "check", "--format", "json", "--jobs", "1")
    # Run once uncounted: the user cache (a spec's document, the dataclass methods' code) is then warm for both
    # counts, as for a user's every run after the first; it is shared by every install of this version, so another
    # tree's run may have left it stale, and a count that rebuilt it would carry that work.
    subprocess.run([sys.executable, *check, str(first)], capture_output=True, check=False, env=_ENV)
    parse_all, parse_first = (instructions("-c", _PARSE, str(path)) for path in (archive.path, first))
    check_all, check_first = (instructions(*check, str(path)) for path in (archive.path, first))
    # the games after the first: what each costs, the start (interpreter, imports, the spec) left out
    parse, audit = parse_all - parse_first, check_all - check_first
    hands = archive.hands - _hands(first)
    print(f"\n{archive.label}: {archive.games:,} games, {archive.hands:,} hands")
    print(f"  start  {(check_first - bare) / 1e6:9.1f} M   the check of the first game alone, less python3 -c pass")
    if not hands:
        print("  (one game: none after it to count; ask for more --hands)")
        return
    print(f"  parse  {parse / 1e6:9.1f} M   {parse / hands / 1e3:7.1f} k a hand   the games after the first")
    print(f"  check  {audit / 1e6:9.1f} M   {audit / hands / 1e3:7.1f} k a hand   check/parse = {audit / parse:.2f}")
    if linear:
        # the archive twice and three times over: what its second copy costs, then its third
        twice, thrice = (instructions(*check, str(_repeated(archive.path, n, folder))) for n in (2, 3))
        second, third = (twice - check_all) / archive.hands, (thrice - twice) / archive.hands
        print(
            f"  linear {second / 1e3:9.1f} k a hand of the archive's second copy, {third / 1e3:.1f} k of its third"
            f" (third/second = {third / second:.3f})"
        )
    if spread:
        counted = folder / f"{archive.label}-spread"
        counted.mkdir()
        before, after, workers = forked(counted, *check[:-1], "2", str(archive.path))  # --jobs 2
        if not workers:
            print("  (the check on two processes forked no worker: too few games; ask for more --hands)")
            return
        total = before + after + sum(workers)
        each = ", ".join(f"{n / 1e6:.1f} M" for n in workers)
        print(
            f"  spread {total / 1e6:9.1f} M   {total / check_all - 1:+.1%} over --jobs 1 ({check_all / 1e6:.1f} M):"
            f" before the fork {before / 1e6:.1f} M, then the main process {after / 1e6:.1f} M, the worker {each}"
        )
        # the speed-up the counts allow if every instruction took the same time: the start alone, the rest halved
        ceiling = check_all / (before + (total - before) / 2)
        print(f"         (b)/(c) at most {ceiling:.2f}, if every instruction took as long")


def _repeated(path: Path, copies: int, folder: Path) -> Path:
    """The archive ``copies`` times over, in a file of its own."""
    target = folder / f"{path.stem}-x{copies}.jsonl"
    target.write_bytes(path.read_bytes() * copies)
    return target


def _hands(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["hands"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=600, help="hands of Spades (of Hearts and All Fives, half)")
    parser.add_argument("--only", default="", help="count only the archives whose label holds this")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--spread", action="store_true", help="also count the check on two processes (--jobs 2)")
    parser.add_argument("--linear", action="store_true", help="also count the check of the archive repeated")
    args = parser.parse_args()
    # pip compiles a package's bytecode as it installs it; an editable install under PYTHONDONTWRITEBYTECODE would
    # have every counted process compile every module it imports (a start counted four times over), as run.py says
    compileall.compile_dir(Path(referee.__file__).parent, quiet=1)
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        hands = max(1, args.hands)
        bare = instructions("-c", "pass")
        print(
            f"python3 -c pass: {bare / 1e6:.1f} M instructions; referee {referee.__version__} from {referee.__file__}"
        )
        for kind in JSON_LINES:
            if args.only in kind.label:
                count(built(kind, hands, folder, args.seed), bare, folder, args.spread, args.linear)


if __name__ == "__main__":
    main()
