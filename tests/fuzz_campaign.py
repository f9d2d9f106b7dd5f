"""A long fuzz campaign, outside the test suite: ``python tests/fuzz_campaign.py --inputs 1000000``.

Inputs come from the harness's own mutators (seeded, reproducible), or
from atheris (``--atheris``, coverage-guided) where it is installed. Every
distinct failure is written to ``--out`` (its input and traceback), and
``--out/stats.json`` keeps the running figures: inputs, distinct failures.
Run it niced, one process: ``nice python tests/fuzz_campaign.py ...``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import fuzzing

KINDS = (".yaml", ".json", ".jsonl", "spec")
# the code under test: the commit when the campaign started (and whether files had changed since)
COMMIT = subprocess.run(
    ["git", "describe", "--always", "--dirty"], capture_output=True, text=True, check=False
).stdout.strip()


def _record(out: Path, failures: fuzzing.Failures, inputs: int, started: float, seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    listing = {}
    for number, (key, (count, case, text)) in enumerate(sorted(failures.found.items()), 1):
        stem = out / f"failure-{seed}-{number}"
        (stem.with_suffix(".input")).write_bytes(case.data)
        (stem.with_suffix(".txt")).write_text(f"{key}\nkind: {case.kind}\ncount: {count}\n\n{text}", "utf-8")
        listing[key] = {"count": count, "kind": case.kind, "input": stem.with_suffix(".input").name}
    stats = {
        "seed": seed,
        "commit": COMMIT,
        "inputs": inputs,
        "seconds": round(time.time() - started),
        "distinct_failures": listing,
    }
    (out / f"stats-{seed}.json").write_text(json.dumps(stats, indent=1, ensure_ascii=True), "utf-8")


def _mutators(args: argparse.Namespace) -> None:
    started = time.time()
    with tempfile.TemporaryDirectory(dir=args.tmp) as folder:

        def progress(number: int, failures: fuzzing.Failures) -> None:
            _record(args.out, failures, number, started, args.seed)

        failures = fuzzing.campaign(args.inputs, args.seed, Path(folder), progress, slow=fuzzing.SLOW)
    _record(args.out, failures, args.inputs, started, args.seed)
    print(f"{args.inputs} inputs, {len(failures.found)} distinct failures", file=sys.stderr)


def _atheris(args: argparse.Namespace) -> None:
    import atheris  # type: ignore[import-not-found,import-untyped,unused-ignore]

    corpus = args.out / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    seeds = fuzzing.seeds()
    for number, document in enumerate(seeds):
        for k, kind in enumerate(KINDS[:3]):
            (corpus / f"seed-{number}-{k}").write_bytes(bytes([k]) + fuzzing.serialize(document, kind, rng))
    folder = Path(tempfile.mkdtemp(dir=args.tmp))
    failures = fuzzing.Failures()
    state: dict[str, float] = {"inputs": 0, "started": time.time()}

    def one(data: bytes) -> None:
        if not data:
            return
        state["inputs"] += 1
        case = fuzzing.Case(data[1:], KINDS[data[0] % 4])
        fuzzing.run_one(case, folder, failures, with_cli=state["inputs"] % 10 == 0, slow=fuzzing.SLOW)
        if state["inputs"] % 1_000 == 0 or state["inputs"] >= args.inputs:  # libFuzzer ends the process itself
            _record(args.out, failures, int(state["inputs"]), state["started"], args.seed)

    atheris.instrument_all()  # coverage of the referee (and its libraries) guides the mutations
    flags = [f"-runs={args.inputs + 3 * len(seeds)}", f"-seed={args.seed}", "-max_len=40000", "-len_control=0"]
    atheris.Setup([sys.argv[0], *flags, str(corpus)], one)
    atheris.Fuzz()


def main() -> None:
    """Run a campaign as the command line says."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"))
    parser.add_argument("--tmp", default=None, help="where the input file is written (a RAM disk is fastest)")
    parser.add_argument("--atheris", action="store_true", help="coverage-guided inputs from atheris")
    args = parser.parse_args()
    (_atheris if args.atheris else _mutators)(args)


if __name__ == "__main__":
    main()
