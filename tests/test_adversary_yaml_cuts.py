"""A YAML stream cut into documents (referee.yaml_documents.Chunker, a line at a time or a block at a time) reads
as the whole stream reads: wherever the strict loader reads a stream whole, the referee reads the same documents,
whatever line starts with "%" (a directive before a "---", or a quoted or plain text continued there), "---", "...", a
comment or a blank line, and wherever the blocks end."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee import yaml_documents
from referee.cli import main
from referee.documents import stream_lines, yaml_lines
from referee.errors import InputError
from referee.yaml_blocks import file_chunks
from referee.yaml_documents import parse_yaml_chunk, yaml_chunks

ROOT = Path(__file__).resolve().parent.parent

# Lines a stream is made of: markers, directives, comments, blank lines, mappings, a quoted text opened on one
# line and continued (maybe closed) on the next, a line starting with "%" that may be either.
LINES = [
    "---", "--- # c", "...", "%YAML 1.1", "%TAG ! tag:x,2000:", "%FOO bar", "%", "%x\"", "%x'", "# c", "",
    "a: 1", "b: [1, 2]", "c: [1,", "2]", "--- a: 2", "k: |", "  x", "%YAML 1.2", "  %in", 'n: "open', "n: 'open",
    'closed"', "closed'", "  more", "- x", "plain",
]  # fmt: skip


def referee_reading(text: str) -> list[object]:
    found = yaml_lines(stream_lines(io.BytesIO(text.encode()), "t.yaml", yaml_documents.MAX_YAML_CHARS), "t.yaml")
    try:
        return [item if isinstance(item, InputError) else item[2] for item in found]
    except InputError as exc:  # no document at all
        return [exc]


def shown(chunks: Iterable[tuple[int, str | InputError]]) -> list[tuple[int, object]]:
    return [(start, str(chunk) if isinstance(chunk, InputError) else chunk) for start, chunk in chunks]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=12), st.sampled_from([1, 16, 4096]))
@example(['n: "open', '%x"', "---", "a: 1"], 4096)  # a quoted text closed on a "%" line, the document's last
@example(["n: 'open", "%x'", "# c", "", "---", "a: 1"], 16)
@example(["a: 1", "%YAML 1.1", "---", "a: 1"], 4096)  # a directive indeed
@example(["---", "%YAML 1.1", "---"], 4096)  # after an empty document's marker too
@example(["plain", '%x"', "---", "a: 1"], 4096)  # a plain root text continued on a "%" line
@example(["%FOO bar", "---", 'closed"', "%YAML 1.1", "---"], 1)
@example(['closed"', "%YAML 1.1 # c", "%TAG !e! tag:e,1:", "---"], 1)  # text, then a directive, both held
@example(
    ['n: "open', '%x"', "# c", "%YAML 1.1", "---", "a: 1"], 16
)  # a quoted text ends, a directive follows  # libyaml refuses %FOO, the pure scanner reads on
def test_a_stream_read_whole_reads_as_the_same_documents(lines: list[str], block: int) -> None:
    text = "".join(line + "\n" for line in lines)
    try:  # the strict loader's reading of the whole stream at once: the documents that are not empty
        expected = [data for _, data in parse_yaml_chunk(text, "t.yaml")]
    except InputError:
        return  # refused whole: the referee refuses the broken document alone (its own reading)
    got = [document for document in referee_reading(text) if document is not None]
    if not expected:  # a stream of no game: refused as such
        assert len(got) == 1 and isinstance(got[0], InputError) and str(got[0]).endswith(("empty", "no YAML document"))
    else:
        assert got == expected
    data = text.encode()
    by_lines = yaml_chunks(stream_lines(io.BytesIO(data), "t.yaml", yaml_documents.MAX_YAML_CHARS), "t.yaml")
    assert shown(file_chunks(io.BytesIO(data), "t.yaml", None, block)) == shown(by_lines)  # a block at a time too


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_game_whose_last_note_goes_on_at_a_percent_line_is_read(tmp_path: Path, jobs: str) -> None:
    # the last hand's note, a quoted text, goes on at a line starting with "%", and the next game's "---" follows:
    # valid YAML (two games), where the "%" line was cut as the next game's directive (both games refused)
    game = (ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml").read_text()
    noted = game + '    note: "the last tricks claimed,\n%all agreed"\n'
    archive = tmp_path / "noted.yaml"
    archive.write_text(noted + "---\n" + game)
    out = io.StringIO()
    assert main(["check", "--format", "json", "--jobs", jobs, str(archive)], out) == 0
    assert out.getvalue().count('"status": "clean"') == 2
