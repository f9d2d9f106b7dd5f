"""Reading a log file's documents, whatever its kind."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from referee.documents import iter_documents, read_text
from referee.errors import InputError


def test_a_pipe_named_otherwise_is_read_by_what_it_begins_with(tmp_path: Path) -> None:
    # referee compare <(zcat games.jsonl.gz): a pipe was read as YAML, and failed at a JSON Lines archive's second
    # line ('not valid YAML: expected <document start>')
    games = [{"log": 1, "players": ["Ann", "Bob"], "hands": [], "game": {"id": n}} for n in (1, 2)]
    pipe = tmp_path / "games"
    os.mkfifo(pipe)
    text = "".join(json.dumps(game) + "\n" for game in games)
    writer = threading.Thread(target=pipe.write_text, args=(text,), daemon=True)
    writer.start()
    try:
        found = list(iter_documents(pipe))
    finally:
        writer.join(timeout=10)
    assert found == [(1, None, games[0]), (2, None, games[1])]


@pytest.mark.parametrize(("encoding", "said"), [("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32")])
def test_a_file_in_another_unicode_encoding_is_said_to_be_one(tmp_path: Path, encoding: str, said: str) -> None:
    # a Windows editor's "Unicode" (UTF-16, with its byte order mark) was 'not UTF-8 text (byte 1 of the line)'
    path = tmp_path / "game.yaml"
    path.write_bytes(("\ufeff" if encoding.endswith("-be") else "").encode(encoding) + "log: 1\n".encode(encoding))
    with pytest.raises(InputError) as caught:
        read_text(path)
    assert caught.value.message == f"{said} text, not UTF-8: save the file as UTF-8"
    assert caught.value.location.line == 1
