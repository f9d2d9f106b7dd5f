"""Shared fixtures: the intramural tables and variant specs written to a temporary folder."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

import referee
from referee.spec import Spec
from referee.tricks.tables import Tables, tables_for

# In CI the property tests draw the same examples every run, so main stays green on a rare seed that a
# developer's own (random) runs are there to find first; everywhere else Hypothesis explores afresh.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

VARIANT_HEADER = """\
spec: 1
id: spades/test-variant
title: Intramural Spades, a test variant
family: spades
extends: spades/intramural
source:
  document: 001_3f218c6ee18e85e0.txt
  title: "Office of Intramural, Recreation, and Sport Clubs: Spades Rules"
"""


@pytest.fixture(scope="session")
def intramural() -> Tables:
    """The compiled tables of the bundled intramural spec."""
    return tables_for(referee.load_spec("spades/intramural"))


@pytest.fixture
def variant(tmp_path: Path) -> Callable[[str], Spec]:
    """Write a spec extending spades/intramural with the given sections (YAML text) and load it."""

    def make(sections: str) -> Spec:
        path = tmp_path / "variant.yaml"
        path.write_text(VARIANT_HEADER + sections, encoding="utf-8")
        return referee.load_spec(str(path))

    return make


@pytest.fixture(params=["libyaml", "pure"])
def yaml_loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each YAML test under both strict loaders: libyaml's C parser (where installed) and the pure-Python one."""
    import yaml

    from referee import strict_yaml

    if request.param == "libyaml":
        if not getattr(yaml, "__with_libyaml__", False):
            pytest.skip("PyYAML is installed without libyaml")
        monkeypatch.setattr(strict_yaml, "StrictLoader", strict_yaml.CStrictLoader)
    else:
        monkeypatch.setattr(strict_yaml, "StrictLoader", strict_yaml.PureStrictLoader)
    return str(request.param)
