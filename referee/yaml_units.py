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

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .documents import is_file, stream_lines
from .errors import InputError, Location
from .gamelog import AnyLog, numbered_games
from .yaml_documents import MAX_YAML_CHARS, chunk_documents, yaml_chunks

# The games a unit holds at most: a YAML game takes some ms to parse, so units are small, and the workers finish
# together even on a file of a hundred games.
UNIT_GAMES = 8
UNIT_CHARS = 256 * 1024

# Line breaks that YAML knows and the chunker (which cuts at line feeds) does not: past one of these a "---" could
# start a second document inside a chunk.
_OTHER_BREAKS = re.compile(r"\r(?!\n)|[\x85\u2028\u2029]")
# A document marker with nothing after it but a comment: the document's root is on a later line.
_BARE_MARKER = re.compile(r"---(?:[ \t]+(?:#.*)?)?")
# The first line of a root that is no null, whatever follows: a block mapping's plain key, a sequence's entry, a
# flow collection, a quoted text. (A plain scalar, a tag or an anchor might make an empty, null, document.)
_NOT_NULL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*:(?:[ \t]|$)|-(?:[ \t]|$)|[\[{\"']")


def games_in_chunk(text: str) -> int | None:
    """How many games (read or unreadable) a chunk of a YAML stream gives, where its text proves it; else None.

    A chunk holds at most one document when its lines are the chunker's (see ``_OTHER_BREAKS``): the chunker
    cuts at every other marker and directive. A document that is parsed gives one game unless it is null
    (empty); one that is not gives one error.
    """
    if _OTHER_BREAKS.search(text):
        return None
    marked = directive = False
    for line in text.split("\n"):
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


def cut(path: Path, unreadable: Callable[[InputError], Any]) -> Iterator[Documents | Rest] | None:
    """The units of a YAML file of several games, or None where it is to be read whole (one game, a chunk not
    proved before the second game, a JSON file, not a plain file). ``unreadable`` makes a document's reading error
    a result."""
    if path.suffix.lower() == ".json" or not is_file(path):  # a .json file is read as one JSON text, however named
        return None
    name = str(path)
    try:
        handle = path.open("rb")
    except OSError:
        return None
    chunks = yaml_chunks(stream_lines(handle, name, MAX_YAML_CHARS), name)
    head: list[tuple[int, int, Any]] = []
    games = size = 0
    for start, chunk in chunks:
        count = 1 if isinstance(chunk, InputError) else games_in_chunk(chunk)
        if count is None:
            break
        if count:
            games += 1
            head.append(_entry(start, games, chunk, unreadable))
        size += len(chunk) if isinstance(chunk, str) else 0
        if games >= 2:
            return _units(handle, name, chunks, head, games, size, unreadable)
    handle.close()
    return None


def _units(
    handle: Any,
    name: str,
    chunks: Iterator[tuple[int, str | InputError]],
    batch: list[tuple[int, int, Any]],
    games: int,
    size: int,
    unreadable: Callable[[InputError], Any],
) -> Iterator[Documents | Rest]:
    with handle:
        for start, chunk in chunks:
            count = 1 if isinstance(chunk, InputError) else games_in_chunk(chunk)
            if count is None:  # not proved: the rest of the file is one unit, read on from here
                if batch:
                    yield Documents(name, tuple(batch), size)
                yield Rest(name, start, games + 1, max(_size(handle) - handle.tell(), 0))
                return
            if count:
                games += 1
                batch.append(_entry(start, games, chunk, unreadable))
            size += len(chunk) if isinstance(chunk, str) else 0
            if len(batch) >= UNIT_GAMES or size >= UNIT_CHARS:
                yield Documents(name, tuple(batch), size)
                batch, size = [], 0
        if batch:
            yield Documents(name, tuple(batch), size)


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
            number = unit.game
            for start, chunk in yaml_chunks(stream_lines(handle, unit.file, MAX_YAML_CHARS), unit.file):
                if start >= unit.line:  # the chunks before are read again only to be cut where they were
                    found = chunk_documents(chunk, unit.file, start)
                    yield from numbered_games(found, unit.file, number, True)
                    number += len(found)
    except OSError as exc:  # the file went away since it was cut
        yield InputError(f"cannot read: {exc.strerror}", Location(file=unit.file))
