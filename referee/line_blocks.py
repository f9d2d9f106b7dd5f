"""JSON Lines read as blocks of whole lines: the bytes found where lines end, the lines split where audited.

The process that reads an archive only cuts it into blocks (one large read, then
the rest of the block's last line) and counts their lines; splitting, decoding and
the per-line checks happen where the block is audited, in a worker process when
there are several. Each line is read exactly as :func:`documents.stream_lines`
reads it (tests hold the two to the same lines): its number, a byte order mark on
the first line dropped, a line longer than the limit or with a bad byte refused
on its own, blank lines skipped but counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from .documents import line_text, too_long
from .errors import InputError

# What is left of a stream of known size, over the size of a block cut from it (when that is less than the full
# size): near the end, a block is a few ms of work, and no process is left auditing long after the others.
_SHARES = 16


@dataclass(frozen=True)
class Block:
    """Consecutive whole lines of a JSON Lines source, as bytes."""

    file: str
    data: bytes
    line: int  # the number of its first line in the source
    game: int  # the games (lines not blank) before it in the source
    size: int  # bytes read, for the progress bar


def blocks(
    handle: BinaryIO, limit: int, size: int, first: int | None = None, left: int | None = None
) -> Iterator[bytes]:
    """A byte stream as blocks of whole lines of about ``size`` bytes (the last may lack its newline). A line
    longer than ``limit`` bytes is kept as its first ``limit + 1`` bytes, enough to be refused as too long, and
    the rest of it is read past, so that no line is held whole.

    ``first``: the first block's size. ``left``: the bytes the stream holds, where known; the blocks then shrink
    with what is left (to a ``size // 16`` at least), so that processes sharing them finish close together.
    """
    want = first or size
    while data := handle.read(want):
        if left is not None:
            left -= len(data)
            want = min(size, max(size // 16, left // _SHARES, 1))  # never 0: a read of 0 bytes ends the stream
        else:
            want = size
        start = data.rfind(b"\n") + 1  # where the block's unfinished line begins (its length: none)
        if start < len(data):
            room = limit + 1 - (len(data) - start)  # bytes the line may still take before it is too long
            if room > 0:
                more = handle.readline(room)
                data += more
                if len(more) < room or more.endswith(b"\n"):  # it ended (newline or end of stream) in time
                    yield data
                    continue
            data = data[: start + limit + 1] + b"\n"
            while (rest := handle.readline(limit + 1)) and not rest.endswith(b"\n"):
                pass
        yield data


def lines_in(data: bytes) -> tuple[int, bool]:
    """The lines a block holds (the last may lack its newline), and whether each starts with ``{``. Each line
    end is found by ``bytes.find`` (memchr), far faster on long lines than ``bytes.count``'s loop over every byte."""
    find, at, end = data.find, 0, len(data)
    lines, opens = 0, True
    while at < end:
        lines += 1
        if data[at] != 0x7B:  # "{"
            opens = False
        at = find(b"\n", at) + 1
        if not at:
            break
    return lines, opens


def games_in(block: Block, lines: int, opens: bool, limit: int) -> int:
    """The games of a block, its lines that are not blank: all of them when each starts with ``{``; else each
    line is read as the auditing process will read it."""
    return lines if opens else sum(1 for _ in block_lines(block, limit))


def block_lines(block: Block, limit: int) -> Iterator[tuple[int, int, str | InputError]]:
    """Each game of a block: (line number, game number, the line's text without its line feed, or why it cannot be
    read). A line is decoded where it lies in the block (through a view), its line feed left out: a game's line is
    some 10 KB, and cutting it out of the block, then stripping its line end, were two copies of it more."""
    data, name = block.data, block.file
    view = memoryview(data)
    number, index = block.line - 1, block.game
    at, end = 0, len(data)
    while at < end:
        stop = data.find(b"\n", at)
        if stop < 0:
            stop = end
        number += 1
        if stop - at > limit:
            text: str | InputError = too_long(limit, name, number)
        elif number == 1:  # a byte order mark dropped, as the line reader drops it
            text = line_text(data[at:stop], name, number)
        else:
            try:
                text = str(view[at:stop], "utf-8")
            except UnicodeDecodeError:  # said as the line reader says it
                text = line_text(data[at:stop], name, number)
        at = stop + 1
        if isinstance(text, str) and not text.strip():
            continue
        index += 1
        yield number, index, text
