"""The files a ``referee check`` argument names."""

from __future__ import annotations

import json
import os
import threading
from io import StringIO
from pathlib import Path

import pytest

from referee.batch_inputs import expand
from referee.cli import main
from referee.errors import InputError


def test_an_empty_name_names_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Path("") is the current folder: every log in it was checked, for a name left out ("$LOG" unset)
    (tmp_path / "game.yaml").write_text("log: 1\nplayers: [Ann, Bob]\nhands: []\n")
    monkeypatch.chdir(tmp_path)
    found = expand("")
    assert isinstance(found, InputError)
    assert str(found) == "'': an empty name, which names no file"


def test_a_pipe_named_otherwise_is_read_by_what_it_begins_with(tmp_path: Path) -> None:
    # referee check <(zcat games.jsonl.gz): a pipe was read as YAML, and a JSON Lines archive failed at its
    # second line ('not valid YAML: expected <document start>')
    game = {"log": 1, "game": {"rules": "hearts/intramural"}, "players": ["Ann", "Bob", "Cat"], "hands": []}
    pipe = tmp_path / "games"
    os.mkfifo(pipe)
    writer = threading.Thread(target=pipe.write_text, args=((json.dumps(game) + "\n") * 2,), daemon=True)
    writer.start()
    out = StringIO()
    try:
        code = main(["check", "--format", "json", str(pipe)], out=out)
    finally:
        writer.join(timeout=10)
    assert code == 0
    assert [json.loads(line)["status"] for line in out.getvalue().splitlines()] == ["clean", "clean"]


def test_a_name_too_long_for_the_system_is_one_file_the_reader_refuses(tmp_path: Path) -> None:
    # Path.is_dir raised it, and the run ended ('referee: File name too long') with no other file checked
    name = str(tmp_path / ("a" * 300 + ".json"))
    assert expand(name) == [name]
