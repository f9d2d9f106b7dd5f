"""The YAML file cut a block at a time (referee.yaml_blocks) gives exactly the chunks the line reader and the
chunker give: every text, start line and error, whatever the bytes (markers, directives, comments, line ends,
byte order marks, bad bytes, lines too long, documents too long), wherever the blocks end."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import yaml_documents
from referee.documents import stream_lines, yaml_lines
from referee.errors import InputError
from referee.yaml_blocks import file_chunks, stream_documents
from referee.yaml_documents import yaml_chunks

ROOT = Path(__file__).resolve().parent.parent

# fmt: off
LINES = [
    b"---", b"--- ", b"--- # c", b"---\t", b"---#x", b"----", b"--- a: 1", b"---\r", b" ---", b"...", b"%YAML 1.2",
    b"%", b"%TAG ! x:", b"# c", b"#", b"", b" ", b"\t", b"a: 1", b"- x", b"key: value\r", b"a: 1\r---\rb: 2",
    b"x\xc2\x85--- y", b"a: \xe2\x80\xa8 b", b"caf\xc3\xa9: 1", b"bad \xff byte", b"\xc3", b"a" * 30,
    b"b: " + b"c" * 20,
    b"\xef\xbb\xbf---", b"\xef\xbb\xbfa: 1",
]
# fmt: on


def shown(chunks: Any) -> list[tuple[int, object]]:
    return [(start, (str(c), c.location) if isinstance(c, InputError) else c) for start, c in chunks]


def both(data: bytes, limit: int, block: int) -> tuple[list[tuple[int, object]], list[tuple[int, object]]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yaml_documents, "MAX_YAML_CHARS", limit)  # the chunker's limit on a document, read per call
        careful = shown(yaml_chunks(stream_lines(io.BytesIO(data), "t.yaml", limit), "t.yaml"))
    return careful, shown(file_chunks(io.BytesIO(data), "t.yaml", limit, block))


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(LINES), min_size=0, max_size=14),
    st.sampled_from([b"\n", b"\r\n"]),
    st.booleans(),
    st.sampled_from([8, 16, 25, 40, 1000]),
    st.sampled_from([1, 7, 16, 64, 4096]),
)
def test_a_file_cut_by_blocks_gives_the_line_readers_chunks(
    lines: list[bytes], end: bytes, last_end: bool, limit: int, block: int
) -> None:
    data = end.join(lines) + (end if last_end and lines else b"")
    careful, fast = both(data, limit, block)
    assert fast == careful


@pytest.mark.parametrize("block", [1, 100, 4096, 64 * 1024])
def test_the_example_games_cut_by_blocks_as_by_lines(block: int) -> None:
    texts = [path.read_bytes() for path in sorted((ROOT / "examples").rglob("*.yaml"))]
    data = b"---\n".join(texts) * 3
    careful, fast = both(data, yaml_documents.MAX_YAML_CHARS, block)
    assert len(careful) > 10
    assert fast == careful


def test_a_document_longer_than_the_limit_is_refused_at_its_start() -> None:
    data = b"---\na: 1\n---\n" + b"b: 1\n" * 30 + b"---\nc: 2\n"
    careful, fast = both(data, 40, 16)
    assert fast == careful
    assert [start for start, _ in fast] == [1, 3, 34]
    assert "longer than 40 characters" in str(fast[1][1])


def documents(read: Any) -> list[object]:
    """A stream's documents as (line, data), its errors as said, and the error that ends it, if any."""
    found: list[object] = []
    try:
        for item in read:
            found.append((str(item), item.location) if isinstance(item, InputError) else (item[0], item[2]))
    except InputError as exc:
        found.append(("raised", str(exc), exc.location))
    return found


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*LINES, b"a: [1, 2]", b"- {b: 2}", b"  c: d"]), min_size=0, max_size=10),
    st.sampled_from([b"\n", b"\r\n"]),
    st.booleans(),
)
def test_a_stream_read_by_blocks_gives_the_line_readers_documents(lines: list[bytes], end: bytes, last: bool) -> None:
    data = end.join(lines) + (end if last and lines else b"")
    careful = documents(yaml_lines(stream_lines(io.BytesIO(data), "t.yaml", yaml_documents.MAX_YAML_CHARS), "t.yaml"))
    assert documents(stream_documents(io.BytesIO(data), "t.yaml")) == careful


@pytest.mark.parametrize(
    "data",
    # (a block with a long line, blank or not, is read a line at a time)
    [
        b"",
        b"\n\n",
        b"  \n\t\n",
        b"# only a comment\n",
        b"%YAML 1.2\n",
        b"\xff\n",
        b"\n" * 60_000 + b" " * 250_000 + b"\n",
    ],
)
def test_a_stream_of_no_document_is_refused_as_the_line_reader_refuses_it(data: bytes) -> None:
    careful = documents(yaml_lines(stream_lines(io.BytesIO(data), "t.yaml", yaml_documents.MAX_YAML_CHARS), "t.yaml"))
    assert documents(stream_documents(io.BytesIO(data), "t.yaml")) == careful
    if not data.startswith(b"\xff"):  # (a bad byte is one unreadable document)
        assert isinstance(careful[-1], tuple) and careful[-1][0] == "raised"
