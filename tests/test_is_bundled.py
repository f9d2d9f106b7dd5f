"""A spec id found bundled by its file is the answer listing the bundled specs gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import spec_files
from referee.spec import bundled_ids, is_bundled

NAMES = ["spades", "hearts", "dominoes", "sources", "intramural", "club", "all-fives", "nope", "..", "", "x.yaml"]


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_every_bundled_id_is_bundled(spec_id: str) -> None:
    assert is_bundled(spec_id)


@pytest.mark.parametrize(
    "name", ["sources/README", "spades/nope", "../rules/spades/intramural", "Spades/intramural", "spades", ""]
)
def test_other_names_are_not(name: str) -> None:
    assert not is_bundled(name)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map("/".join) | st.text(max_size=20))
def test_the_answer_is_the_listings(name: str) -> None:
    assert is_bundled(name) == (name in bundled_ids())


def test_a_spec_among_the_sources_is_not_bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the listing leaves the sources' folder out: so must the look by file
    for name in ("sources/kept.yaml", "spades/kept.yaml"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("spec: 1\n", encoding="utf-8")
    monkeypatch.setattr(spec_files, "rules_dir", lambda: tmp_path)
    spec_files.bundled_ids.cache_clear()
    try:
        assert spec_files.bundled_ids() == ("spades/kept",)
        assert spec_files.is_bundled("spades/kept")
        assert not spec_files.is_bundled("sources/kept")
    finally:
        spec_files.bundled_ids.cache_clear()
