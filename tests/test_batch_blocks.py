"""JSON Lines cut into blocks of whole lines (:mod:`referee.line_blocks`) read exactly as one line at a time:
the same line numbers, game numbers, texts and errors, whatever the block size, for streams with blank lines,
a byte order mark, bad bytes, carriage returns, lines longer than the limit and a last line without its
newline."""

from __future__ import annotations

import codecs
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.documents import stream_lines
from referee.errors import InputError
from referee.line_blocks import Block, block_lines, blocks, games_in, lines_in

NAME = "archive.jsonl"

_PIECES = st.sampled_from(
    [b"{", b"}", b'"a"', b" ", b"\t", b"\r", b"\x0c", b"x", b"\xff", b"\xe2\x82", b"\xc3\xa9", b"\xe2\x80\xa8"]
)
_LINE = st.lists(_PIECES, max_size=12).map(b"".join)


@st.composite
def streams(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(_LINE, max_size=12))
    data = b"\n".join(lines) + draw(st.sampled_from([b"", b"\n", b"\r\n"]))
    return (codecs.BOM_UTF8 if draw(st.booleans()) else b"") + data


def _said(item: str | InputError) -> object:
    """A line as the checker takes it (its line end stripped), or its error as said."""
    return item.rstrip("\r\n") if isinstance(item, str) else (item.message, item.location.as_dict())


def one_at_a_time(data: bytes, limit: int) -> list[tuple[int, int, object]]:
    """What the batch reader read before blocks: stream_lines, blank lines skipped, the others numbered."""
    found, index = [], 0
    for number, line in stream_lines(io.BufferedReader(io.BytesIO(data)), NAME, limit):
        if isinstance(line, str) and not line.strip():
            continue
        index += 1
        found.append((number, index, _said(line)))
    return found


def by_blocks(
    data: bytes, limit: int, size: int, first: int | None = None, left: int | None = None
) -> list[tuple[int, int, object]]:
    found: list[tuple[int, int, object]] = []
    line = 1
    games = 0
    for block in blocks(io.BufferedReader(io.BytesIO(data)), limit, size, first, left):
        unit = Block(NAME, block, line, games, len(block))
        read = list(block_lines(unit, limit))
        lines, opens = lines_in(block)
        assert lines == block.count(b"\n") + (not block.endswith(b"\n"))
        assert games_in(unit, lines, opens, limit) == len(read)  # the count the reading process keeps
        found += [(number, index, _said(text)) for number, index, text in read]
        games += len(read)
        line += lines
    return found


@settings(max_examples=300, deadline=None)
@given(streams(), st.integers(1, 40), st.integers(1, 60))
def test_blocks_read_the_lines_one_at_a_time_does(data: bytes, limit: int, size: int) -> None:
    assert by_blocks(data, limit, size) == one_at_a_time(data, limit)


@settings(max_examples=200, deadline=None)
@given(streams(), st.integers(1, 40), st.integers(1, 60), st.integers(1, 60), st.booleans())
def test_a_small_first_block_and_shrinking_last_ones_read_the_same_lines(
    data: bytes, limit: int, size: int, first: int, known: bool
) -> None:
    assert by_blocks(data, limit, size, first, len(data) if known else None) == one_at_a_time(data, limit)


def test_the_first_block_is_small_and_the_last_ones_shrink_with_what_is_left() -> None:
    data = b"".join(b'{"game": %d}\n' % n for n in range(100_000))  # 1.4 MB of short lines
    sizes = [len(b) for b in blocks(io.BufferedReader(io.BytesIO(data)), 1000, 64 * 1024, 4096, len(data))]
    assert sum(sizes) == len(data) and 4096 <= sizes[0] < 4096 + 20
    assert max(sizes) < 64 * 1024 + 20 and sizes[1] >= 64 * 1024  # full blocks while much is left
    assert all(4096 <= n < 4096 + 20 for n in sizes[-10:-1])  # the last ones a sixteenth of the full size
    unknown = [len(b) for b in blocks(io.BufferedReader(io.BytesIO(data)), 1000, 64 * 1024, 4096)]
    assert unknown[0] < 4096 + 20 and all(n >= 64 * 1024 for n in unknown[1:-1])  # a stream of unknown size


def test_a_long_line_is_not_held_whole() -> None:
    data = b"{1}\n" + b"{" + b"x" * 100_000 + b"}\n{2}"
    held = list(blocks(io.BufferedReader(io.BytesIO(data)), 1000, 8))
    assert max(map(len, held)) <= 8 + 1000 + 1 + 1
    assert by_blocks(data, 1000, 8) == one_at_a_time(data, 1000)
    assert [n for n, _, _ in by_blocks(data, 1000, 8)] == [1, 2, 3]


def test_the_count_of_games_needs_no_reading_when_every_line_opens_an_object() -> None:
    # a line that does not start with "{" is read as the auditing process reads it: blank ones are no game
    def games(data: bytes) -> int:
        return games_in(Block(NAME, data, 1, 0, len(data)), *lines_in(data), 100)

    assert games(b'{"a": 1}\n{"b": 2}\n') == 2
    assert games(b'{"a": 1}\n \r\n\n{"b": 2}') == 2
    assert games(b'x\n{"b": 2}\n') == 2
    assert games(codecs.BOM_UTF8 + b"\n") == 0
