"""Which specs ``referee validate`` checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import InputError
from referee.spec_checks import spec_targets


def test_an_empty_name_is_not_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every spec in the current folder was validated, for a name left out
    (tmp_path / "club.yaml").write_text("spec: 1\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="an empty name, which names no rule spec"):
        spec_targets([""])


def test_a_name_too_long_for_the_system_is_said_to_name_no_spec(tmp_path: Path) -> None:
    # Path.is_dir raised it: 'referee: File name too long', naming nothing
    with pytest.raises(InputError, match="unknown rule spec"):
        spec_targets([str(tmp_path / ("a" * 300))])
