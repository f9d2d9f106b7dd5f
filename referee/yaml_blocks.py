"""A YAML file cut into its documents' texts a block of lines at a time: exactly what
``yaml_chunks(stream_lines(handle, name, MAX_YAML_CHARS), name)`` gives, found by C-level searches.

The line reader and the chunker take some 0.6 us a line in Python, 0.2-0.3 ms a game of a YAML archive, work
the main process of a ``--jobs`` run does for every game it hands on. Here a block of whole lines
(:func:`referee.line_blocks.blocks`) that decodes as UTF-8 and is shorter than the line limit is cut by one
search for the lines that may start a document (``---``), the text between two of them taken whole: where the
block decodes, every line of it does (a line feed is never inside a character's bytes), and no line of it is too
long. Any other block (a bad byte, a line cut at the limit, a line starting with ``%``) is read a line at a time,
as :func:`referee.documents.stream_lines` reads it, by the chunker's own steps. Tests hold the two readings equal.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Generator, Iterator
from typing import Any, BinaryIO

from . import yaml_documents
from .documents import line_text, too_long
from .errors import InputError, Location
from .line_blocks import blocks

_MARKS = re.compile(r"\n---")
_AFTER_MARKER = ("", " ", "\t", "\r", "\n")  # what may follow a document's "---" (nothing: the stream's end)
BLOCK_BYTES = 64 * 1024  # a block's bytes: several games' lines, well under the line limit


class _Chunker(yaml_documents.Chunker):
    """The chunker, fed a run of whole readable lines at once where it can be."""

    def text(self, text: str, number: int) -> Generator[tuple[int, str | InputError], None, int]:
        """Whole lines, the first being line ``number``, each of them readable; returns the next line's number."""
        self.written = self.written or bool(text.strip())  # blank to str.strip, as a line at a time
        at = counted = 0
        for where in _cuts(text):
            if where > at:
                self.add(text[at:where])
                at = where
            number += text.count("\n", counted, where)
            counted = where
            if self.content:
                yield self.cut(number)
        if at < len(text):
            self.add(text[at:])
        return number + text.count("\n", counted)  # the next line's (a block's last line lacks its end only last)


def file_chunks(
    handle: BinaryIO, name: str, limit: int | None = None, block: int = BLOCK_BYTES, written: list[bool] | None = None
) -> Iterator[tuple[int, str | InputError]]:
    """Each chunk of a YAML stream (first line, text or the error that spoils it), as ``yaml_chunks`` cuts the
    lines ``stream_lines`` reads. ``limit``: a line's bytes and a chunk's characters at most (the reader's).
    ``written``: set to whether a line was more than blank, at the end."""
    limit = yaml_documents.MAX_YAML_CHARS if limit is None else limit
    chunker = _Chunker(name, limit)
    number = 0  # the lines before the block
    for data in blocks(handle, limit, min(block, limit)):
        text = _readable(data, number == 0) if len(data) <= limit else None
        # A line of it not readable, or maybe too long, or a "%" line (whether it is a directive depends on the
        # lines after it, maybe in the next block: the chunker decides, see yaml_documents.Chunker): a line at a
        # time
        if text is None or chunker.held or text.startswith("%") or "\n%" in text:
            for raw in io.BytesIO(data):
                number += 1
                too = len(raw) - raw.endswith(b"\n") > limit
                yield from chunker.line(number, too_long(limit, name, number) if too else line_text(raw, name, number))
            continue
        number = (yield from chunker.text(text, number + 1)) - 1
    yield from chunker.end()
    if written is not None:
        written[:] = [chunker.written]


def stream_documents(handle: BinaryIO, name: str) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a YAML stream as :func:`referee.documents.yaml_stream` reads it line by line (the same
    documents, errors and empty-stream error), its chunks cut by :func:`file_chunks`."""
    written = [False]
    seen_any = False
    for item in _documents(file_chunks(handle, name, written=written), name):
        seen_any = True
        yield item
    if not seen_any:
        raise InputError("the file holds no YAML document" if written[0] else "the file is empty", Location(file=name))


def _documents(
    chunks: Iterator[tuple[int, str | InputError]], name: str
) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """The documents of the chunks, as ``iter_yaml`` gives them, and in its way: each chunk's list handed on by
    ``yield from`` from the frame that made it. (Taken one by one into a local of that frame, a document's error
    was left in a cycle with its traceback's frames, for the garbage collector: tests/test_batch_collections.py.)"""
    for start, chunk in chunks:
        yield from yaml_documents.chunk_documents(chunk, name, start)


def _cuts(text: str) -> list[int]:
    """Where the lines start that the chunker may cut before (a document's start), in order, in a text with no
    directive line: one pattern's search for a line feed and a marker (a search for the lines' starts, or for
    "---" alone in a text of many "-", took twice as long or more)."""
    found = [0] if text.startswith("---") else []
    found += [mark.start() + 1 for mark in _MARKS.finditer(text)]
    return [at for at in found if text[at + 3 : at + 4] in _AFTER_MARKER]


def _readable(data: bytes, first: bool) -> str | None:
    """A block's text where it decodes whole (a first line's byte order mark dropped, as the line reader drops
    it), else None."""
    if first and data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
