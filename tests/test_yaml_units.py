"""A YAML file of many games cut into units for worker processes: the games each chunk gives are counted only
where the text proves it, and a cut file reads exactly as the whole file does (every game, number, line and
message), whatever its documents hold."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import batch_inputs, yaml_units
from referee.batch import Checker, Settings
from referee.cli import main
from referee.yaml_documents import chunk_documents, yaml_chunks

ROOT = Path(__file__).resolve().parent.parent
CLEAN = (ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml").read_text(encoding="utf-8")
DISPUTED = (ROOT / "examples" / "spades" / "intramural" / "disputed-game.yaml").read_text(encoding="utf-8")
BAD_INPUT = ROOT / "tests" / "bad_input"


def chunks_of(text: str) -> list[tuple[int, str]]:
    """The chunks a YAML stream is read in, as the reader cuts them (chunks spoilt before parsing left out)."""
    lines = [(n, line + "\n") for n, line in enumerate(text.split("\n"), 1)]
    return [(start, chunk) for start, chunk in yaml_chunks(lines, "t.yaml") if isinstance(chunk, str)]


def read_count(chunk: str, start: int) -> int:
    return len(chunk_documents(chunk, "t.yaml", start))


# Lines that meet YAML's document markers, directives, empty and null documents, scalars that span lines, line
# breaks other than a line feed, and errors.
# fmt: off
LINES = [
    "---", "--- ", "--- # a comment", "---\t", "---#x", "--- ~", "--- null", "--- |", "--- !!map", "--- &a",
    "...", "... # end", "%YAML 1.1", "%YAML 2.0", "%TAG ! tag:x,2000:", "%FOO bar", "# a comment", "", "  ",
    "a: 1", "b:", "  c: 2", "- 1", "-", "[1, 2", "[1, 2]", "{a: 1}", "'quoted", "'quoted'", '"text"', "~", "null",
    "NULL", "&anchor", "!!null", "!!null x", "!!str", "*anchor", "key: value\r", "a: 1\r---\rb: 2", "x\x85--- y",
    "a: 1\u2028--- b", "a: |", "  ---", "a: 'multi", "--- x: 1", "a: 1 # c: d", "\t- x", "? a", ": b", "a: 1\r",
    "a: b: c", "%", "key:x", "-x",
]
# fmt: on


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=8))
def test_a_count_that_is_given_is_the_count_the_reading_gives(lines: list[str]) -> None:
    for start, chunk in chunks_of("\n".join(lines)):
        count = yaml_units.games_in_chunk(chunk)
        if count is not None:
            assert count == read_count(chunk, start), chunk


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("a-\r\n\x85\u2028\u2029\u2027é"), max_size=12))
def test_the_breaks_the_chunker_does_not_see_are_all_found(text: str) -> None:
    # what the str methods find is what a search for a lone carriage return or another break finds
    assert yaml_units._other_break(text) == bool(re.search(r"\r(?!\n)|[\x85\u2028\u2029]", text))


@pytest.mark.parametrize(
    ("chunk", "count"),
    [
        ("---\nlog: 1\n", 1),
        ("# notes\n%YAML 1.1\n---\nlog: 1\n", 1),
        ("--- # a comment\n\n# more\nhands:\n", 1),
        ("---\n- a\n", 1),
        ("---\n[1, 2\n", 1),  # an error is one game, unreadable
        ("---\n'text'\n", 1),
        ("---\n", 0),
        ("--- # nothing here\n\n", 0),
        ("---\n~\n", None),  # a null written out: not proved
        ("---\n&a\nlog: 1\n", None),
        ("--- !!null\n", None),
        ("%YAML 1.1\n---\n", None),  # a wrong directive would make it an error: one game
        ("---\n...\n", None),
        ("log: 1\r---\rlog: 2\r", None),  # lines the chunker does not see
        ("log: 1\n\u2028--- x\n", None),
        ("plain text\n", None),
    ],
)
def test_what_a_chunk_proves(chunk: str, count: int | None) -> None:
    assert yaml_units.games_in_chunk(chunk) == count
    if count is not None:
        assert read_count(chunk, 1) == count


# -- a cut file reads as the whole file ---------------------------------------------------------------------------

GAME = CLEAN.split("log: 1\n", 1)[1]  # the clean game without its opening comment
DUPLICATE = "log: 1\nlog: 1\n" + GAME
ALIASED = "log: 1\n" + GAME.replace("players: [", "players: &seats [", 1) + "extra: *seats\n"
ONE = "---\nlog: 1\n" + GAME  # a document of one game
AWKWARD = {
    "plain": ONE + ONE + "--- # three\nlog: 1\n" + GAME,
    "broken-in-the-middle": ONE + "---\nlog: 1\n  bad: [\n" + "---\n" + DISPUTED + ONE,
    "duplicate-key": ONE + "---\n" + DUPLICATE + ONE,
    "aliases": ONE + "---\n" + ALIASED + ONE,
    "empty-documents": "---\n" + ONE + "--- # empty\n\n" + ONE + "---\n",
    "no-final-newline": ONE + ONE.rstrip("\n"),
    "windows-line-ends": (ONE + ONE).replace("\n", "\r\n"),
    "directive-and-bom": "\ufeff%YAML 1.1\n" + ONE + ONE,
    "null-in-the-middle": ONE + ONE + "--- ~\n" + ONE + GAME,
    "unproved-first": "--- ~\n" + ONE + ONE,
    "one-game-and-empties": "---\n" + ONE + "---\n",
    "document-end": ONE + "...\n" + ONE + "...\n",
    "text-document": ONE + ONE + "--- just words\n---\n'quoted'\n" + ONE,
    "bad-byte": ONE + ONE.replace("hands:", "hands: \udcff", 1) + "---\n" + DISPUTED,
}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return path


def same_as_whole(path: Path, capsys: pytest.CaptureFixture[str], fmt: str = "json") -> str:
    """Check a file with one process and with two; the output and the messages must be byte for byte the same."""
    seen = []
    for jobs in ("1", "2"):
        code, out = run("check", str(path), "--format", fmt, "--jobs", jobs)
        lines = out.splitlines()
        seen.append((code, out if fmt == "json" else "\n".join(lines[:-2] + lines[-1:]), capsys.readouterr().err))
    assert seen[0] == seen[1]
    return seen[0][1]


@pytest.mark.parametrize("name", sorted(AWKWARD))
def test_a_cut_file_reads_as_the_whole_file(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(yaml_units, "UNIT_GAMES", 1)  # a unit a game: every game's number is the cut's to give
    path = write(tmp_path, name, AWKWARD[name])
    for fmt in ("json", "text"):
        same_as_whole(path, capsys, fmt)


def test_the_awkward_files_are_cut_as_the_text_proves(tmp_path: Path) -> None:
    """Which files are cut, and where the rest of a file is left whole: so that the test above holds each way."""
    checker = Checker(Settings(format="json"))
    kinds = {}
    for name, text in AWKWARD.items():
        found = batch_inputs.units([str(write(tmp_path, name, text))], checker, split=True)
        kinds[name] = [type(unit).__name__ for unit in found]
    assert kinds["plain"] == ["Documents", "Documents", "Documents"]  # the first two games alone, then the others
    assert kinds["null-in-the-middle"] == ["Documents", "Documents", "Rest"]
    assert kinds["unproved-first"] == kinds["one-game-and-empties"] == ["WholeFile"]
    assert kinds["text-document"] == ["Documents", "Documents", "Rest"]
    for name in ("broken-in-the-middle", "bad-byte", "empty-documents"):
        assert set(kinds[name]) == {"Documents"}, name


def test_a_file_is_cut_small_first_and_last(tmp_path: Path) -> None:
    """The first unit is audited before the workers start, the second is cut before the fork, the last ones are
    audited while the others finish: all small."""
    path = write(tmp_path, "many", "---\n".join([CLEAN] * 60))
    found = list(batch_inputs.units([str(path)], Checker(Settings(format="json")), split=True))
    games = [len(unit.chunks) for unit in found if isinstance(unit, yaml_units.Documents)]
    assert len(games) == len(found) and sum(games) == 60
    assert games[:2] == [1, 1] and games[2] > 2 and games[-3:] == [1, 1, 1]
    assert games[2:] == sorted(games[2:], reverse=True)  # games of the same size: units shrink with what is left
    numbers = [number for unit in found for _, number, _ in unit.chunks]  # type: ignore[union-attr]
    assert numbers == list(range(1, 61))


def stdin_of(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    data = text.encode("utf-8", "surrogateescape")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(data))))


@pytest.mark.parametrize("name", sorted(AWKWARD))
def test_standard_input_cut_reads_as_it_is_read_whole(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(yaml_units, "UNIT_GAMES", 1)
    seen = []
    for jobs in ("1", "2"):
        stdin_of(monkeypatch, AWKWARD[name])
        code, out = run("check", "-", "--format", "json", "--jobs", jobs)
        seen.append((code, out, capsys.readouterr().err))
    assert seen[0] == seen[1]


def test_standard_input_is_cut_as_the_text_proves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proved documents go to the workers, the rest is read here, a stream not proved at its start all here."""
    kinds = {}
    for name in ("plain", "null-in-the-middle", "unproved-first"):
        stdin_of(monkeypatch, AWKWARD[name])
        found = batch_inputs.units(["-"], Checker(Settings(format="json")), split=True)
        kinds[name] = [(type(unit).__name__, len(getattr(unit, "games", ()))) for unit in found]
    assert kinds == {
        "plain": [("Documents", 0), ("Documents", 0), ("Documents", 0), ("Lines", 0)],  # a game a unit at first
        "null-in-the-middle": [("Documents", 0), ("Documents", 0), ("Lines", 1)],
        "unproved-first": [("Lines", 2)],
    }


def test_a_json_file_is_not_cut_whatever_the_case_of_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.JSON"
    path.write_text('{"log": 1}\n---\n{"log": 1}\n', encoding="utf-8")  # two YAML documents, but no JSON text
    assert [type(u).__name__ for u in batch_inputs.units([str(path)], Checker(Settings()), split=True)] == ["WholeFile"]
    same_as_whole(path, capsys)


def test_a_rest_numbers_its_games_on_from_the_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(yaml_units, "UNIT_GAMES", 1)
    out = same_as_whole(write(tmp_path, "rest", AWKWARD["null-in-the-middle"]), capsys)
    # games 1 and 2, the null document (no game), then one document holding the game twice: a duplicate key, game 3
    reports = out.splitlines()
    assert len(reports) == 3 and '"status": "clean"' in reports[1]
    assert '"game": 3' in reports[2] and "duplicate key" in reports[2]


def test_every_yaml_file_of_the_bad_input_corpus_twice_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each bad YAML file between two clean games, and again: cut or read whole, the same bytes."""
    for bad in sorted(BAD_INPUT.glob("*.yaml")):
        text = bad.read_bytes().decode("utf-8", "surrogateescape")
        stream = "---\nlog: 1\n" + GAME + "---\n" + text + "\n---\nlog: 1\n" + GAME + "---\n" + text
        same_as_whole(write(tmp_path, bad.stem, stream), capsys)


def test_the_worker_does_not_wait_for_a_yaml_files_first_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import batch_pool

    path = tmp_path / "games.yaml"
    path.write_text("---\n".join([CLEAN] * 6), encoding="utf-8")
    audit_unit = batch_inputs.check_unit

    def tagged(checker: Checker, unit: batch_inputs.Unit) -> Iterator[Any]:
        warm = bool(checker._specs)  # a spec was loaded in this process before this unit
        for result in audit_unit(checker, unit):
            yield result._replace(output=f"{os.getpid()} {warm}\n")

    monkeypatch.setattr(batch_pool, "check_unit", tagged)  # the worker, forked, takes it with it
    code, out = run("check", str(path), "--format", "json", "--jobs", "2")
    tags = [line.split() for line in out.splitlines()]
    here = str(os.getpid())
    assert code == 0 and len(tags) == 6 and tags[0] == [here, "False"]
    assert tags[1][0] != here and tags[1][1] == "False"  # forked before this process had read a game


_INHERITS = """
import os, sys
from referee import batch_pool, cli
audit_unit, here = batch_pool.check_unit, os.getpid()

def tagged(checker, unit):
    loaded = "referee.strict_yaml" in sys.modules  # in a worker: imported before it was forked, or by its own games
    for result in audit_unit(checker, unit):
        yield result
    if os.getpid() != here:
        print("worker", loaded, flush=True)

batch_pool.check_unit = tagged
sys.exit(cli.main(["check", sys.argv[1], "--format", "json", "--jobs", "2"], out=open(os.devnull, "w")))
"""


def test_a_worker_inherits_the_yaml_reader_it_would_otherwise_import(tmp_path: Path) -> None:
    """PyYAML and the strict loaders (~88M instructions) are imported before the worker is forked, not by both
    processes after the fork: its first unit starts with them loaded. (A process of its own: pytest has them.)"""
    import subprocess

    path = tmp_path / "games.yaml"
    path.write_text("---\n".join([CLEAN] * 6), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _INHERITS, str(path)], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    tags = done.stdout.split("\n")
    assert done.returncode == 0 and tags[0] == "worker True", (done.stdout, done.stderr)
