"""``referee check`` attacked through its input streams: what a JSON Lines file gives, its bytes on standard input
give too (the same games, reports and exit code), whatever comes before the first game."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_batch import TWO, last_lines, run


@pytest.mark.parametrize("blank", ["\xa0", "\u3000", "\u2003 ", "\x1f", "\x85", " \xa0\t"])
def test_a_json_lines_stream_opening_with_a_line_of_unicode_blanks_reads_as_its_file(
    blank: str, tmp_path: Path
) -> None:
    # The JSON Lines reader passes over a line that is blank to str.strip (documents.iter_documents and the
    # blocks' reader), Unicode spaces too; standard input was told JSON Lines from YAML by its first byte after
    # ASCII blanks only, so the same bytes piped were read as one YAML document (one schema error for all).
    # TWO: game 1 clean, game 2 one violation (see test_batch), after the blank line as before it.
    archive = tmp_path / "archive.jsonl"
    archive.write_bytes((blank + "\n").encode() + TWO.read_bytes())
    code, out = run("check", "-q", str(archive))
    assert code == 1 and last_lines(out)[1] == "2 games: 1 clean, 0 warnings, 1 violations, 0 incomplete, 0 unreadable"
    code, piped = run("check", "-q", "-", stdin=archive.read_bytes())
    assert code == 1 and piped.replace("<stdin>", str(archive)).splitlines()[:-2] == out.splitlines()[:-2]
    assert last_lines(piped)[1] == last_lines(out)[1]
