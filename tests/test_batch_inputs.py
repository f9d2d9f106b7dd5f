"""The files a ``referee check`` argument names."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.batch_inputs import expand
from referee.errors import InputError


def test_an_empty_name_names_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Path("") is the current folder: every log in it was checked, for a name left out ("$LOG" unset)
    (tmp_path / "game.yaml").write_text("log: 1\nplayers: [Ann, Bob]\nhands: []\n")
    monkeypatch.chdir(tmp_path)
    found = expand("")
    assert isinstance(found, InputError)
    assert str(found) == "'': an empty name, which names no file"
