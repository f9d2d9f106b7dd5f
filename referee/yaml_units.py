"""A YAML file of many games cut into units of work at its document markers, so that ``--jobs`` spreads it.

A YAML stream is read as :func:`referee.documents.yaml_chunks` cuts it: a
chunk a document, each parsed on its own (so a broken document spoils only
itself). Cutting a file into units in the main process, a worker parsing each
unit's chunks, gives the reading of the whole file exactly when every game
keeps its number; a game's number counts the readable games and the
unreadable ones before it, so this process must know how many games each
chunk gives without parsing it. :func:`games_in_chunk` answers only where the
text proves it (0 for an empty document, 1 for a document whose root is
plainly a mapping, a sequence or a quoted text: one game, or one error). A
file where a chunk is not proved is read whole, as it always was; past the
first units, the rest of it is one unit, read from its line on.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .documents import cannot_read, is_file, log_kind, stream_lines, yaml_lines
from .errors import InputError
from .gamelog import AnyLog, games_in, numbered_games
from .yaml_blocks import file_chunks
from .yaml_documents import MAX_YAML_CHARS, chunk_documents, reader_pattern_ready, yaml_chunks

# The games a unit holds at most: a YAML game takes some ms to parse, so units are small, and the workers finish
# together even on a file of a hundred games.
UNIT_GAMES = 8
UNIT_CHARS = 256 * 1024
# What is left of a file, over the characters of a unit cut from it near its end (see line_blocks).
_SHARES = 16

# A document marker with nothing after it but a comment: the document's root is on a later line. (Spaces only: a
# tab there is refused by the pure loader, which reads every text with a tab, see strict_yaml.CStrictLoader.)
_BARE_MARKER = re.compile(r"---(?:[ ]+(?:#.*)?)?")
# The first line of a root that is no null, whatever follows: a block mapping's plain key, a sequence's entry, a
# flow collection, a quoted text. (A plain scalar, a tag or an anchor might make an empty, null, document.)
_NOT_NULL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*:(?:[ \t]|$)|-(?:[ \t]|$)|[\[{\"']")


def _other_break(text: str) -> bool:
    """Whether a text holds a line break that YAML knows and the chunker (which cuts at line feeds) does not: past
    one a "---" could start a second document inside a chunk. (Looked for by the str methods, at memchr speed: a
    pattern's search over a game took ~0.1 ms, work the main process does for every game of a --jobs run.)"""
    lone_cr = "\r" in text and text.count("\r") != text.count("\r\n")
    return lone_cr or "\x85" in text or "\u2028" in text or "\u2029" in text


def games_in_chunk(text: str) -> int | None:
    """How many games (read or unreadable) a chunk of a YAML stream gives, where its text proves it; else None.

    A chunk holds at most one document when its lines are the chunker's (see ``_other_break``): the chunker
    cuts at every other marker (with the directive lines just above it). A document that is parsed gives one
    game unless it is null (empty); one that is not gives one error.
    """
    if _other_break(text):
        return None
    marked = directive = False
    at = 0
    while at >= 0:  # the lines of text.split("\n") up to the root's, each found when reached
        end = text.find("\n", at)
        line, at = (text[at:], -1) if end < 0 else (text[at:end], end + 1)
        line = line.removesuffix("\r")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line.startswith("%"):  # a directive, before the marker: a wrong one is an error, one game
            directive = True
            continue
        if not marked and _BARE_MARKER.fullmatch(line):
            marked = True
            continue
        return 1 if _NOT_NULL.match(line) else None
    return 0 if marked and not directive else None  # a marker and comments only: an empty document


@dataclass(frozen=True)
class Documents:
    """Consecutive documents of a YAML file: (first line, game number, the text, or the result of a document
    that could not be read); every unit of a file that is cut holds several games in all."""

    file: str
    chunks: tuple[tuple[int, int, Any], ...]  # Any: a GameResult (not imported here: a worker builds its own)
    size: int


@dataclass(frozen=True)
class Rest:
    """The rest of a YAML file, from the document that starts at ``line``, that one being game ``game``."""

    file: str
    line: int
    game: int
    size: int


class _Cut:
    """A stream's chunks read on, those the text proves numbered and gathered into units, until the stream ends
    or a chunk is not proved (kept in ``stopped``)."""

    def __init__(
        self,
        chunks: Iterator[tuple[int, str | InputError]],
        name: str,
        unreadable: Callable[[InputError], Any],
        left: Callable[[], int] | None = None,
    ) -> None:
        self.chunks = chunks
        self.left = left  # the bytes of the stream not read yet, where known
        self.name = name
        self.unreadable = unreadable
        self.games = self.size = 0
        self.batch: list[tuple[int, int, Any]] = []
        self.stopped: tuple[int, str | InputError] | None = None

    def _take(self) -> bool:
        """One more chunk into the batch; False at the end of the stream or at a chunk not proved."""
        found = next(self.chunks, None)
        if found is None:
            return False
        start, chunk = found
        count = 1 if isinstance(chunk, InputError) else games_in_chunk(chunk)
        if count is None:
            self.stopped = found
            return False
        if count:
            self.games += 1
            self.batch.append(_entry(start, self.games, chunk, self.unreadable))
        self.size += len(chunk) if isinstance(chunk, str) else 0
        return True

    def head(self) -> bool:
        """Whether two games are proved before the stream ends or a chunk is not (else it is not to be cut)."""
        while self.games < 2:
            if not self._take():
                return False
        return True

    def units(self) -> Iterator[Documents]:
        """The proved documents a unit at a time, to the end of the stream or to the first chunk not proved: first
        the two games :meth:`head` proved, alone (the first is audited before the workers start, the second is
        the first worker's: no more is cut before them, while no process audits), then up to ``UNIT_GAMES`` a
        unit, fewer near the end of a stream of known size (so that the processes finish together)."""
        firsts, self.batch = self.batch[:-1], self.batch[-1:]
        for entry in firsts:
            yield Documents(self.name, (entry,), 0)
        if self.batch:
            yield self._unit()
        while self._take():
            chars = UNIT_CHARS if self.left is None else min(UNIT_CHARS, max(1, self.left() // _SHARES))
            if self.batch and (len(self.batch) >= UNIT_GAMES or self.size >= chars):
                yield self._unit()
        if self.batch:
            yield self._unit()

    def _unit(self) -> Documents:
        unit = Documents(self.name, tuple(self.batch), self.size)
        self.batch, self.size = [], 0
        return unit


def cut(path: Path, unreadable: Callable[[InputError], Any]) -> Iterator[Documents | Rest] | None:
    """The units of a YAML file of several games, or None where it is to be read whole (one game, a chunk not
    proved before the second game, a JSON file, not a plain file). ``unreadable`` makes a document's reading error
    a result."""
    if not is_file(path) or log_kind(path) == "json":  # one JSON text, read whole
        return None
    name = str(path)
    try:
        handle = path.open("rb")
    except OSError:
        return None
    size = _size(handle)
    taken = _Cut(file_chunks(handle, name), name, unreadable, lambda: size - handle.tell())
    try:
        proved = taken.head()
    except OSError:  # a read that fails: the file is read whole, where the failure is said
        proved = False
    if not proved:
        handle.close()
        return None
    return _file_units(handle, taken)


def _file_units(handle: BinaryIO, taken: _Cut) -> Iterator[Documents | Rest]:
    with handle:
        try:
            yield from taken.units()
        except OSError as exc:  # a read that fails part way: the games read before it stand, then its error
            taken.batch.append((0, taken.games + 1, taken.unreadable(cannot_read(exc, taken.name))))
            yield taken._unit()
            return
        if taken.stopped is not None:  # not proved: the rest of the file is one unit, read on from here
            size = max(_size(handle) - handle.tell(), 0)
            yield Rest(taken.name, taken.stopped[0], taken.games + 1, size)


def cut_stream(
    handle: BinaryIO, name: str, unreadable: Callable[[InputError], Any]
) -> Iterator[Documents | AnyLog | InputError]:
    """A YAML stream that cannot be read twice (standard input): the units its proved documents fill, then the
    games of the rest, to be audited where they are read; the whole stream's games where it is not cut."""
    lines = stream_lines(handle, name, MAX_YAML_CHARS)
    read: list[tuple[int, str | InputError]] = []  # the lines read, while the stream may be read again from its start
    recording = True

    def kept() -> Iterator[tuple[int, str | InputError]]:
        for line in lines:
            if recording:
                read.append(line)
            yield line

    taken = _Cut(yaml_chunks(kept(), name), name, unreadable)
    if not taken.head():
        yield from games_in(yaml_lines(itertools.chain(read, lines), name), name)
        return
    recording = False
    read.clear()
    yield from taken.units()
    if taken.stopped is not None:
        yield from _games_from(itertools.chain([taken.stopped], taken.chunks), name, taken.games + 1)


def _games_from(
    chunks: Iterable[tuple[int, str | InputError]], name: str, number: int
) -> Iterator[AnyLog | InputError]:
    """The games of consecutive chunks of a stream of several games, the first being game ``number``."""
    for start, chunk in chunks:
        found = chunk_documents(chunk, name, start)
        yield from numbered_games(found, name, number, True)
        number += len(found)


def _entry(
    start: int, number: int, chunk: str | InputError, unreadable: Callable[[InputError], Any]
) -> tuple[int, int, Any]:
    """A document of a unit; one that could not be read is its result already (an exception pickles badly)."""
    return start, number, unreadable(chunk.at(game=number)) if isinstance(chunk, InputError) else chunk


def _size(handle: Any) -> int:
    try:
        return int(Path(handle.name).stat().st_size)
    except (OSError, ValueError, AttributeError):
        return 0


def ready() -> None:
    """Import what reading a unit's YAML needs (PyYAML and the strict loaders, ~88M instructions), as its first
    document's parse would: called before worker processes are forked, so that they inherit it rather than each
    import it again (the work both the main process and every worker need is done once, before they part)."""
    reader_pattern_ready()
    from . import strict_yaml  # noqa: F401  (imports yaml)


def unit_games(unit: Documents | Rest) -> Iterator[AnyLog | InputError | Any]:
    """A unit's games as the whole file's reading gives them (a document's result given by ``cut``, as is)."""
    if isinstance(unit, Documents):
        for start, number, chunk in unit.chunks:
            if not isinstance(chunk, str):
                yield chunk
                continue
            yield from numbered_games(chunk_documents(chunk, unit.file, start), unit.file, number, True)
        return
    try:
        with Path(unit.file).open("rb") as handle:
            chunks = file_chunks(handle, unit.file)
            # the chunks before are read again only to be cut where they were
            yield from _games_from(itertools.dropwhile(lambda c: c[0] < unit.line, chunks), unit.file, unit.game)
    except OSError as exc:  # the file went away since it was cut, or a read of it failed
        yield cannot_read(exc, unit.file)
