"""Spec documents kept between runs (referee.spec_cache): read back only for the very text they were read from."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import spec_cache, user_cache
from referee.spec import bundled_ids, find
from referee.yaml_documents import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "referee"


def _spec_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_a_kept_document_is_the_one_the_yaml_gives(spec_id: str, cache: Path) -> None:
    path = find(spec_id).resolve()
    text = path.read_text(encoding="utf-8")
    first = spec_cache.document(path, text)  # read from the YAML, and kept
    assert len(list(cache.iterdir())) == 1
    kept = spec_cache.document(path, text)  # read back from the cache
    assert spec_cache.same(kept, parse_yaml(text, str(path)))
    assert spec_cache.same(first, kept)
    assert kept is not first


def test_an_edited_spec_is_read_anew(tmp_path: Path, cache: Path) -> None:
    path = _spec_file(tmp_path, "id: a\nvalue: 1\n")
    assert spec_cache.document(path, path.read_text(encoding="utf-8")) == {"id": "a", "value": 1}
    path.write_text("id: a\nvalue: 2\n", encoding="utf-8")  # same size, perhaps the same time: the text differs
    assert spec_cache.document(path, path.read_text(encoding="utf-8")) == {"id": "a", "value": 2}


def test_a_kept_document_is_what_is_read_back(tmp_path: Path, cache: Path) -> None:
    # the entry is what is used: changed by hand (the text kept the same), the change is what comes back
    path = _spec_file(tmp_path, "id: a\n")
    spec_cache.document(path, "id: a\n")
    (entry,) = cache.iterdir()
    kept = orjson.loads(entry.read_bytes())
    kept["document"] = {"id": "from the cache"}
    entry.write_bytes(orjson.dumps(kept))
    assert spec_cache.document(path, "id: a\n") == {"id": "from the cache"}
    kept["referee"] = "0.0.0"  # another version's entry is not used
    entry.write_bytes(orjson.dumps(kept))
    assert spec_cache.document(path, "id: a\n") == {"id": "a"}


@pytest.mark.parametrize("broken", [b"", b"not json", b"[]", b'{"format": 1}', b"\xff\xfe"])
def test_a_broken_entry_is_read_anew_and_replaced(tmp_path: Path, cache: Path, broken: bytes) -> None:
    path = _spec_file(tmp_path, "id: a\n")
    spec_cache.document(path, "id: a\n")
    (entry,) = cache.iterdir()
    entry.write_bytes(broken)
    assert spec_cache.document(path, "id: a\n") == {"id": "a"}
    assert orjson.loads(entry.read_bytes())["document"] == {"id": "a"}


@pytest.mark.parametrize(
    "text",
    [
        "1: a\n",  # a key that is not text: JSON would give "1"
        "id: a\nnested: {k: [1, {true: x}]}\n",
        "id: a\n~: x\n",
    ],
)
def test_a_document_json_does_not_give_back_is_not_kept(tmp_path: Path, cache: Path, text: str) -> None:
    path = _spec_file(tmp_path, text)
    parsed = parse_yaml(text, str(path))
    assert spec_cache.same(spec_cache.document(path, text), parsed)
    assert spec_cache.same(spec_cache.document(path, text), parsed)
    assert not cache.exists() or not list(cache.iterdir())


def test_a_cache_folder_that_cannot_be_written_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # its "referee" folder cannot be made
    path = _spec_file(tmp_path, "id: a\n")
    assert spec_cache.document(path, "id: a\n") == {"id": "a"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "club.yaml"]  # nothing left beside the spec


def test_a_relative_cache_home_is_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_cache.folder() == tmp_path / ".cache" / "referee"


@pytest.mark.parametrize(
    ("a", "b", "alike"),
    [
        (1, 1, True),
        (1, 1.0, False),
        (1, True, False),
        (0, False, False),
        (None, None, True),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}, False),  # key order is part of a document
        ({"a": [1, {"b": "c"}]}, {"a": [1, {"b": "c"}]}, True),
        ([1, 2], [1, 2, 3], False),
        ("x", "x", True),
    ],
)
def test_same_asks_for_types_and_order(a: Any, b: Any, alike: bool) -> None:
    assert spec_cache.same(a, b) is alike


def test_a_json_lines_check_with_its_spec_kept_imports_no_yaml(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    script = (
        "import io, sys\nfrom referee.cli import main\n"
        f"code = main(['check', {str(GAMES)!r}], out=io.StringIO())\n"
        "print(code, 'yaml' in sys.modules, any(m.startswith('referee.dominoes') for m in sys.modules))"
    )
    runs = [
        subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        for _ in range(2)
    ]
    # the first run reads the spec's YAML (and keeps it), the second reads it back and never imports PyYAML; a
    # Spades game is told from a domino one without the domino log module (families.is_domino_document)
    expected = [["0", "True", "False"], ["0", "False", "False"]]
    assert [run.stdout.split() for run in runs] == expected, [r.stderr for r in runs]


@pytest.mark.parametrize("document", [{"x": float("nan")}, {"x": (1, 2)}, {"x": float("inf")}])
def test_what_json_would_give_back_otherwise_is_not_written(tmp_path: Path, cache: Path, document: Any) -> None:
    # the strict loader gives no such value; were it to, the entry would not be written
    spec_cache._keep(cache / "entry.json", "x: y\n", document)
    assert not (cache / "entry.json").exists()


PARENT = """\
spec: 1
id: test/parent
title: p
family: spades
extends: spades/intramural
source: {document: 001_3f218c6ee18e85e0.txt, title: t}
options:
  game_points:
    interpretation: some tables play shorter games
    description: points that win the game
    default: 500
    values: [300, 500]
game_end:
  target: {interpretation: set by the table, points: {option: game_points}}
"""
CHILD = "spec: 1\nid: test/child\ntitle: c\nfamily: spades\nextends: parent.yaml\n"


@pytest.mark.parametrize("edited", ["parent.yaml", "child.yaml"])
def test_a_spec_is_read_anew_when_a_file_it_extends_changes(tmp_path: Path, cache: Path, edited: str) -> None:
    # a process that runs long (a library's, a service's) loads a spec again after an edit of any file of its chain
    from referee.families import compile_spec
    from referee.spec import load

    (tmp_path / "parent.yaml").write_text(PARENT, encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text(CHILD, encoding="utf-8")
    before = load(str(child))
    assert load(str(child)) is before  # unchanged: not read again
    assert compile_spec(before).target == 500  # type: ignore[attr-defined]
    path = tmp_path / edited
    stat = path.stat()
    text = PARENT.replace("default: 500", "default: 300") if edited == "parent.yaml" else CHILD + "summary: s\n"
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # whatever the clock's grain
    after = load(str(child))
    assert after != before
    assert compile_spec(after).target == (300 if edited == "parent.yaml" else 500)  # type: ignore[attr-defined]
    assert load(str(child)) is after


@given(st.text(st.characters(exclude_categories=["Cs"])))
def test_a_spec_files_entry_is_named_as_url_quoting_names_it(text: str) -> None:
    # the entry's name is its path quoted (urllib.parse is not imported at a start for it): the same names as before
    from urllib.parse import quote

    assert spec_cache.quoted(text) == quote(text, safe="")


def test_a_path_of_bytes_no_utf_8_is_named_by_its_bytes() -> None:
    # a path read from the disk holds a byte that is no UTF-8 as a surrogate (os.fsdecode), which quote refused
    assert spec_cache.quoted(os.fsdecode(b"/x/\xff y")) == "%2Fx%2F%FF%20y"
    assert spec_cache.quoted("/x/\ud800") is None  # no byte: no file is named so
