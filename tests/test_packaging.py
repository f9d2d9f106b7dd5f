"""The installed package finds its bundled rules, sources and schemas (installed from a wheel or not)."""

from __future__ import annotations

import json
from pathlib import Path

import referee
from referee import bundled

ROOT = Path(__file__).resolve().parent.parent


def test_bundled_folders_are_found_and_complete() -> None:
    rules = bundled.rules_dir()
    assert (rules / "spades" / "intramural.yaml").is_file()
    for name in ("rule-spec", "game-log", "report"):
        json.loads(bundled.schema_path(name).read_text(encoding="utf-8"))
    sources = {p.name for p in bundled.sources_dir().iterdir()}
    assert sources == {p.name for p in (ROOT / "rules" / "sources").iterdir()}


def test_installed_copy_matches_the_project_tree() -> None:
    # Run from a wheel install, the package carries copies of rules/ and schema/: they must be today's.
    for name in ("rule-spec", "game-log", "report"):
        assert bundled.schema_path(name).read_bytes() == (ROOT / "schema" / f"{name}.schema.json").read_bytes()
    for path in (ROOT / "rules").rglob("*"):
        if path.is_file():
            assert (bundled.rules_dir() / path.relative_to(ROOT / "rules")).read_bytes() == path.read_bytes(), path


def test_sources_are_the_shared_seeds_unchanged() -> None:
    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():  # the project is whole without ../shared; compare only where it is beside us
        return
    for seed in seeds.iterdir():
        assert (ROOT / "rules" / "sources" / seed.name).read_bytes() == seed.read_bytes(), seed.name


def test_loading_by_id_needs_no_project_tree() -> None:
    spec = referee.load_spec("spades/intramural")
    assert spec.path.is_relative_to(bundled.rules_dir().resolve())
