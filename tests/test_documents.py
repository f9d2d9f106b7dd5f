"""Reading a log file's documents, whatever its kind."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from referee.documents import iter_documents


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
