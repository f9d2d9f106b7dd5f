"""How many hands a second `referee check` audits on a JSON Lines archive.

A plain script, not a test: run it on a quiet machine and read the figures.

    python benchmarks/bench_check.py --games 300 --rules spades/intramural
    python benchmarks/bench_check.py --games 300 --rules hearts/intramural   # four players (--players 3..7)
    python benchmarks/bench_check.py --games 300 --rules dominoes/all-fives --players 4

It simulates the archive (seeded), then times three things, best of
``--repeat`` runs each: the whole command (read, parse, audit, JSON out),
parsing alone, and auditing alone on games already parsed.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import tempfile
import time
from pathlib import Path

import referee
from referee.cli import main
from referee.errors import InputError
from referee.gamelog import AnyLog, iter_games
from referee.simulate import simulate_game


def _best(repeat: int, run: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main_bench() -> None:
    """Simulate an archive and print hands per second for each stage."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", default="spades/intramural")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, help="how many players, where the rules allow several")
    args = parser.parse_args()

    spec = referee.load_spec(args.rules)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "games.jsonl"
        with archive.open("w", encoding="utf-8") as out:
            for number in range(args.games):
                document = simulate_game(spec, rng, game_id=str(number), seats=args.players)
                out.write(json.dumps(document, separators=(",", ":")) + "\n")
        size = archive.stat().st_size
        games: list[AnyLog] = [g for g in iter_games(archive) if not isinstance(g, InputError)]
        hands = sum(len(g.hands) for g in games)

        def whole() -> None:
            code = main(["check", str(archive), "--rules", args.rules, "--format", "json"], out=io.StringIO())
            assert code == 0, f"simulated games should be clean (exit {code})"

        def parse_only() -> None:
            for game in iter_games(archive):
                assert not isinstance(game, InputError)

        def audit_only() -> None:
            for game in games:
                referee.audit(spec, game)

        t_whole = _best(args.repeat, whole)
        t_parse = _best(args.repeat, parse_only)
        t_audit = _best(args.repeat, audit_only)
    players = f", {args.players} players" if args.players else ""
    print(f"archive: {args.games} games, {hands} hands, {size / 1e6:.1f} MB ({args.rules}{players}, seed {args.seed})")
    print(f"referee check --format json: {t_whole:6.2f} s  {hands / t_whole:8.0f} hands/s")
    print(f"  parse only (JSON + log):   {t_parse:6.2f} s  {hands / t_parse:8.0f} hands/s")
    print(f"  audit only (replay+score): {t_audit:6.2f} s  {hands / t_audit:8.0f} hands/s")


if __name__ == "__main__":
    main_bench()
