"""File name patterns matched as glob.glob matches them, but with no walk through a link to a folder."""

from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

from referee.name_patterns import matches

PATTERNS = ["**", "**/*.yaml", "a/**", "a/**/*.yaml", "*/*.yaml", "a/*", "a/.*", "a/**/", "*", "a/b/[[]x].yaml"]
PATTERNS += ["./a/*.yaml", "a/../x.yaml", "a//y.yaml", "a/?/*", "**/.*.yaml", "**/b", "a/b/*/", "nothing/*"]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for folder in ("a/b/c", ".h", "a/.hid"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    for name in ("x.yaml", "a/y.yaml", "a/b/z.jsonl", "a/b/c/w.yaml", ".h/q.yaml", "a/.hid/r.yaml", "a/.d.yaml"):
        (tmp_path / name).write_text("", encoding="utf-8")
    (tmp_path / "a" / "b" / "[x].yaml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_pattern_matches_what_glob_matches(tree: Path, pattern: str) -> None:
    def plain(names: list[str]) -> list[str]:
        return sorted({os.path.normpath(name) for name in names})

    assert plain(matches(pattern)) == plain(glob.glob(pattern, recursive=True))
    absolute = str(tree) + "/" + pattern
    assert plain(matches(absolute)) == plain(glob.glob(absolute, recursive=True))


def test_two_stars_go_into_no_folder_by_a_link(tree: Path) -> None:
    (tree / "a" / "here").symlink_to(".")
    (tree / "a" / "b" / "up").symlink_to("..")
    (tree / "a" / "b" / "c" / "y-link.yaml").symlink_to("../../y.yaml")
    assert matches("**/*.yaml") == ["a/b/[x].yaml", "a/b/c/w.yaml", "a/b/c/y-link.yaml", "a/y.yaml", "x.yaml"]
    assert matches("a/*/*.yaml") == ["a/b/[x].yaml", "a/here/y.yaml"]  # one level, written: as glob's
