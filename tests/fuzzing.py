"""A fuzz harness: valid logs and specs mutated at the byte and the structure level, fed to the referee.

Each input goes through what a user's file goes through, in process: the
loaders (``iter_games``, spec loading, ``validate``), the audit, both report
writers, and now and then the whole ``referee check`` command. The only
exception allowed to escape is the project's own :class:`InputError`;
anything else is a failure, and so is an input that takes more than a
second. ``tests/test_fuzzing.py`` runs a short campaign in the suite;
``tests/fuzz_campaign.py`` runs a long one (with atheris, if installed).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

import referee
from referee import render, spec_checks
from referee.cli import main
from referee.errors import InputError
from referee.gamelog import iter_games
from referee.spec import expand, resolve
from referee.tricks.tables import tables_for

ROOT = Path(__file__).resolve().parent.parent
SPEC = referee.load_spec("spades/intramural")
SLOW = 1.0  # seconds of CPU: no input may cost more

# Values a careless or hostile file puts where a game has a name, a card or a count.
ODD: list[Any] = [
    None, True, False, 0, -1, 13, 10**17, 10**18, 2**64, 1.5, 1e308, "", " ", "No", "yes", "off", "~",
    "\ud800", "Al\udfffce", "\x00", "x" * 300, "AS", "10H", "BJ", "LJ", "ZZ", "nil", "blind nil",
    "/etc/passwd", "../../../../etc/passwd", "spades/intramural", "spades/../../etc", [], [[]], {}, {"kind": "nil"},
    {"kind": "number", "tricks": 99}, [{"a": "AS"}],
]  # fmt: skip
# Byte runs that make a file hostile or broken.
TOKENS: list[bytes] = [
    b"---\n", b"\n---\n", b"...\n", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\x00", b"\r", b"\r\n", b"\t",
    b"&a ", b"*a", b"<<: *a\n", b"!!python/object/apply:os.system ['true']", b"!!binary ", b"!!float ",
    b"!!int ", b"!!timestamp ", b"!!set ", b"%YAML 1.1\n", b"[" * 70, b"{" * 70, b"]", b"}", b"9" * 5000,
    b"1e400", b"NaN", b"-Infinity", b'"\\ud800"', b'"\\udc00\\ud800"', b"No", b"null", b": ", b"- ", b"? ",
    b"#", b"'", b'"', b"|\n", b">-\n", b"0x1F", b"0o17", b"012", b"1:20", b"2026-10-04", b"\xe2\x80\xa8",
]  # fmt: skip


def _seed_files() -> list[Path]:
    examples = ROOT / "examples" / "spades" / "intramural"
    docs = ROOT / "docs" / "examples"
    found = [p for p in sorted(examples.glob("*.yaml"))] + [p for p in sorted(docs.glob("*.yaml"))]
    return [p for p in found if p.stat().st_size < 20_000]


def _trimmed(document: Any, hands: int) -> Any:
    """A log cut to its first hands: small seeds make fast inputs, and a record that stops short is a seed too."""
    if isinstance(document, dict) and isinstance(document.get("hands"), list):
        return {**document, "hands": document["hands"][:hands]}
    return document


def seeds() -> list[Any]:
    """Valid (and truncated) logs as documents, cut to one or two hands."""
    out: list[Any] = []
    for path in _seed_files():
        with contextlib.suppress(yaml.YAMLError):
            for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                if isinstance(document, dict) and "hands" in document:
                    document = json.loads(json.dumps(document, default=str))  # dates as text
                    out.extend([_trimmed(document, 1), _trimmed(document, 2)])
    with (ROOT / "examples" / "spades" / "intramural" / "games.jsonl").open(encoding="utf-8") as handle:
        out.append(_trimmed(json.loads(next(handle)), 2))
    return out


SPEC_SEED = json.loads(
    json.dumps(yaml.safe_load((ROOT / "rules" / "spades" / "intramural.yaml").read_text(encoding="utf-8")), default=str)
)


# -- structure-level mutation ---------------------------------------------------------


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_places(item, (*path, index)))
    return found


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def mutate_structure(document: Any, rng: random.Random, rounds: int = 3) -> Any:
    """A deep copy of ``document`` with a few random edits: values swapped for odd ones, keys renamed
    or dropped, list items dropped, repeated or swapped, subtrees copied elsewhere."""
    document = json.loads(json.dumps(document))
    for _ in range(rng.randint(1, rounds)):
        places = _places(document)
        path = rng.choice(places)
        if not path:
            continue
        parent, step = _get(document, path[:-1]), path[-1]
        action = rng.randrange(8)
        if action == 0:
            parent[step] = copy.deepcopy(rng.choice(ODD))  # a copy: later edits must not change ODD
        elif action == 1 and isinstance(parent, dict):
            del parent[step]
        elif action == 2 and isinstance(parent, dict):
            parent[rng.choice([*ODD[11:22], str(step).upper(), "note", "x"])] = parent.pop(step)
        elif action == 3 and isinstance(parent, list):
            parent.insert(step, json.loads(json.dumps(parent[step])))
        elif action == 4 and isinstance(parent, list):
            parent.pop(step)
        elif action == 5 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[step], parent[other] = parent[other], parent[step]
        elif action == 6:
            parent[step] = json.loads(json.dumps(_get(document, rng.choice(places))))
        elif action == 7 and isinstance(parent, list):
            parent.extend(json.loads(json.dumps(parent[step])) for _ in range(rng.choice([2, 10, 300])))
    return document


def _dump_json(document: Any, rng: random.Random, indent: int | None) -> bytes:
    text = json.dumps(document, ensure_ascii=rng.random() < 0.5, indent=indent)
    return text.encode("utf-8", "surrogatepass")


def serialize(document: Any, suffix: str, rng: random.Random) -> bytes:
    """A document written as ``suffix`` says (YAML, JSON or one JSON line)."""
    if suffix == ".yaml":
        with contextlib.suppress(yaml.YAMLError, UnicodeEncodeError):  # a surrogate: written as JSON below
            dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's writer, where built: faster
            text = yaml.dump(document, Dumper=dumper, allow_unicode=rng.random() < 0.5, sort_keys=False, width=200)
            return text.encode("utf-8", "surrogatepass")
        return _dump_json(document, rng, 1)
    return _dump_json(document, rng, None if suffix == ".jsonl" else rng.choice([None, 1]))


# -- byte-level mutation -------------------------------------------------------------


def mutate_bytes(data: bytes, rng: random.Random, rounds: int = 4) -> bytes:
    """``data`` with a few random byte edits: flips, insertions of hostile tokens, deletions, repeats."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, rounds)):
        at = rng.randrange(len(buf) + 1)
        action = rng.randrange(6)
        if action == 0 and buf:
            buf[min(at, len(buf) - 1)] = rng.randrange(256)
        elif action == 1:
            buf[at:at] = rng.choice(TOKENS)
        elif action == 2:
            del buf[at : at + rng.choice([1, 2, 8, 64, 1000])]
        elif action == 3:
            size = rng.choice([1, 16, 200])
            buf[at:at] = buf[at : at + size] * rng.choice([2, 50])
        elif action == 4:
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            buf = buf[:at]  # a file cut short
    return bytes(buf)


# -- the harness ---------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One input: its bytes and what it is (a log's suffix, or ``spec``)."""

    data: bytes
    kind: str  # ".yaml", ".json", ".jsonl" or "spec"


def make_case(rng: random.Random, logs: list[Any]) -> Case:
    """A random input: a log (or an archive) or a spec, mutated by structure, by bytes, or both."""
    if rng.random() < 0.015:
        document, kind = SPEC_SEED, "spec"
    else:
        document, kind = rng.choice(logs), rng.choice([".yaml", ".json", ".json", ".jsonl", ".jsonl", ".jsonl"])
    how = rng.randrange(3)
    if how != 1:
        document = mutate_structure(document, rng)
    if kind == ".jsonl":
        games = [document, *(rng.choice(logs) for _ in range(rng.randrange(2)))]
        rng.shuffle(games)
        data = b"".join(serialize(g, kind, rng) + b"\n" for g in games)
    else:
        data = serialize(document, ".yaml" if kind == "spec" else kind, rng)
    if how != 0:
        data = mutate_bytes(data, rng)
    return Case(data, kind)


def _encoded(text: str) -> None:
    text.encode("utf-8")  # what stdout does with it: a lone surrogate fails here


def _check_log(path: Path) -> None:
    for game in iter_games(path):
        if isinstance(game, InputError):
            _encoded(str(game))
            continue
        try:
            report = referee.audit(SPEC, game)
        except InputError as exc:
            _encoded(str(exc))
            continue
        _encoded(render.text(report))
        _encoded(render.as_json(report))


def _check_spec(path: Path) -> None:
    try:
        spec = resolve(expand(path), path)
        tables_for(spec)
    except InputError as exc:
        _encoded(str(exc))
    problems, notes = spec_checks.check_file(path)
    for line in (*problems, *notes):
        _encoded(str(line))


def _run_cli(path: Path, fmt: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        main(["check", str(path), "--format", fmt], out=out)
    _encoded(out.getvalue())
    _encoded(err.getvalue())


def exercise(case: Case, folder: Path, with_cli: bool = False) -> None:
    """Feed one input to the loaders, the audit and both writers (and the command, if asked).

    Raises whatever escapes that is not an InputError.
    """
    suffix = ".yaml" if case.kind == "spec" else case.kind
    path = folder / f"input{suffix}"
    path.write_bytes(case.data)
    try:
        if case.kind == "spec":
            _check_spec(path)
        else:
            _check_log(path)
            if with_cli:
                _run_cli(path, "json")
    except InputError:
        pass


@dataclass
class Failures:
    """Distinct failures found (by exception type and the innermost line of the referee that raised it)."""

    found: dict[str, tuple[int, Case, str]] = field(default_factory=dict)

    def add(self, case: Case, exc: BaseException) -> str:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/referee/" in f.filename]
        where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
        key = f"{type(exc).__name__} at {where}"
        count, first, text = self.found.get(key, (0, case, "".join(traceback.format_exception(exc))))
        self.found[key] = (count + 1, first, text)
        return key


def run_one(
    case: Case, folder: Path, failures: Failures, with_cli: bool = False, slow: float | None = None
) -> str | None:
    """Exercise one case; a failure (anything but an InputError, or over a second) is recorded and named."""
    started = time.process_time()  # CPU time: the machine may be busy with other work
    try:
        exercise(case, folder, with_cli)
    except Exception as exc:
        return failures.add(case, exc)
    spent = time.process_time() - started
    if slow is not None and spent > slow:  # the campaign's check: the suite times nothing
        return failures.add(case, TimeoutError(f"took {spent:.1f} s of CPU"))
    return None


def campaign(
    count: int,
    seed: int,
    folder: Path,
    progress: Callable[[int, Failures], None] | None = None,
    slow: float | None = None,
) -> Failures:
    """``count`` random inputs from ``seed``; returns the distinct failures."""
    rng = random.Random(seed)
    logs = seeds()
    failures = Failures()
    for number in range(1, count + 1):
        run_one(make_case(rng, logs), folder, failures, with_cli=number % 20 == 0, slow=slow)
        if progress is not None and number % 10_000 == 0:
            progress(number, failures)
    return failures
