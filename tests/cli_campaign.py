"""The fast paths held to the careful path through the command line, a campaign outside the test suite:
``python tests/cli_campaign.py --games 2000 --seed 7 [--only hearts] [--mixed] [--format text] [-- EXTRA...]``.

An archive of simulated games, each naming its rules (a few naming rules unknown, a club's, or none), changed as
``fast_path_campaign`` changes them and written as JSON Lines (a few lines blank, cut short or with a byte order
mark); with ``--mixed``, a folder of it beside some of its games as a YAML file, a JSON file and a second JSON
Lines file. ``referee check`` of it with ``--jobs 1``, ``2`` and ``3``, with every fast path off
(``fast_path_campaign.careful``), and of its JSON Lines on standard input, must give the same standard output,
standard error (but the wall time) and exit code. Each difference is printed with its first differing line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import fast_path_campaign as campaign
import yaml

import referee
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks.tables import tables_for

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "examples" / "club"
CAREFUL = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import fast_path_campaign as c; from referee import cli\n"
    "with c.careful(): code = cli.main(sys.argv[1:])\nsys.exit(code)"
)
Outcome = tuple[int, str, str]


def archive(games: int, seed: int, only: str | None) -> list[str]:
    """The lines of an archive of changed games."""
    rng = random.Random(seed)
    specs = [referee.load_spec(s) for s in bundled_ids() if only is None or only in s]
    lines: list[str] = []
    while len(lines) < games:
        spec = rng.choice(specs)
        seats = None if spec.family == "dominoes" else rng.choice(tables_for(spec).seat_counts)
        try:
            doc = simulate_game(spec, random.Random(rng.randrange(10**9)), seats=seats)
        except Exception:  # a spec the simulator cannot play for these seats: another
            continue
        if rng.random() < 0.7:
            doc["hands"] = doc["hands"][: rng.randint(1, 5)]
        game = doc.setdefault("game", {})
        game["rules"] = spec.id
        if rng.random() < 0.05:
            game["rules"] = rng.choice(["spades/nope", "club/maple-street", str(CLUB / "club.yaml"), 7])
        if rng.random() < 0.03:
            game.pop("rules")
        what: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            with contextlib.suppress(TypeError, KeyError, IndexError, ValueError, AttributeError, StopIteration):
                campaign.change(doc, rng)
        text = campaign.as_text(doc, rng, what)
        if rng.random() < 0.03:
            text = rng.choice(["", "   ", "\ufeff" + text, text[: len(text) // 2], "[]", "{}", "null", text + " "])
        lines.append(text)
    return lines


def write(folder: Path, lines: list[str], mixed: bool) -> Path:
    """The archive as one JSON Lines file, or (``mixed``) a folder of files of each kind."""
    path = folder / "a.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    if not mixed:
        return path
    documents = []
    for text in lines[: max(3, len(lines) // 20)]:
        with contextlib.suppress(ValueError):
            documents.append(json.loads(text))
    (folder / "b.yaml").write_text(yaml.safe_dump_all(documents, allow_unicode=True, sort_keys=False), "utf-8")
    (folder / "c.json").write_text(lines[-1], "utf-8")
    (folder / "d.jsonl").write_text("\n".join(lines[: len(lines) // 3]) + "\n", "utf-8")
    return folder


def run(args: list[str], where: Path, stdin: bytes | None = None, careful: bool = False) -> Outcome:
    """Exit code, standard output and standard error of ``referee`` (the wall time blanked)."""
    tests = str(Path(__file__).resolve().parent)
    command = [sys.executable, "-c", CAREFUL, tests, *args] if careful else [sys.executable, "-m", "referee", *args]
    done = subprocess.run(command, input=stdin, capture_output=True, cwd=where, check=False)
    # the wall time blanked where the summary is written: standard error, or standard output (--format text)
    out, err = (
        re.sub(r"in [0-9.]+ s \([0-9,]+ hands/s\)", "in X s", stream.decode("utf-8", "replace"))
        for stream in (done.stdout, done.stderr)
    )
    return done.returncode, out, err


def first_difference(a: Outcome, b: Outcome) -> str:
    """The first line where two outcomes differ."""
    for label, x, y in (("out", a[1], b[1]), ("err", a[2], b[2])):
        xs, ys = x.splitlines(), y.splitlines()
        for i in range(max(len(xs), len(ys))):
            u = xs[i] if i < len(xs) else None
            v = ys[i] if i < len(ys) else None
            if u != v:
                return f"{label} line {i}:\n    {str(u)[:400]}\n    {str(v)[:400]}"
    return f"exit {a[0]} against {b[0]}"


def main() -> None:
    """Run a campaign as the command line says; exit 1 where any run differs."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only specs whose id holds this")
    parser.add_argument("--mixed", action="store_true", help="a folder of YAML, JSON and JSON Lines files")
    parser.add_argument("--format", default="json", choices=["json", "text", "html"])
    parser.add_argument("extra", nargs="*", help="more options for referee check (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        target = write(folder, archive(args.games, args.seed, args.only), args.mixed)
        name = target.name
        check = ["check", "--allow-rules", str(CLUB), "--format", args.format, *args.extra]
        base = run([*check, "--jobs", "1", name], folder)
        others: dict[str, Any] = {f"--jobs {jobs}": run([*check, "--jobs", str(jobs), name], folder) for jobs in (2, 3)}
        others["every fast path off"] = run([*check, "--jobs", "1", name], folder, careful=True)
        if not args.mixed:
            code, out, err = run([*check, "--jobs", "1", "-"], folder, stdin=target.read_bytes())
            escaped = "&lt;stdin&gt;"
            others["standard input"] = (code, out.replace("<stdin>", name).replace(escaped, name), err)
            others["standard input"] = (*others["standard input"][:2], err.replace("<stdin>", name))
        differing = [label for label, got in others.items() if got != base]
        for label in differing:
            print(f"{label} differs from --jobs 1: {first_difference(base, others[label])}", flush=True)
    print(f"{args.games} games, exit {base[0]}, {len(differing)} runs differing (seed {args.seed})", file=sys.stderr)
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
