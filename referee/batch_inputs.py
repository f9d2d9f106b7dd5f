"""What a ``referee check`` run reads: names made into files, and files cut into units of work.

A name is a file, a folder (every log file below it, by suffix, in path
order, hidden ones left out), a glob (``'archive/*.jsonl'``, expanded here so
that a shell's limits do not apply; ``**`` reaches into subfolders), or ``-``
for standard input (JSON Lines if its first character is ``{``, unless its first line leaves that object
open: then one JSON game written over many lines; else a YAML stream; a file named otherwise than
``.yaml``, ``.yml``, ``.json``, ``.jsonl`` or ``.ndjson`` is told so too, by its first bytes). A JSON Lines
source is cut here into blocks of whole lines (:mod:`referee.line_blocks`), split, read and audited
wherever the block is sent, so that memory stays flat, worker processes get work by the block, not
by the game, and the process that reads the archive does little per game.
A YAML file of many games is cut at its documents when workers share the run
(see :mod:`referee.yaml_units`). Any other file is one unit, read where it is
audited.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeAlias, cast

from .batch import STDIN_NAME, Checker, GameResult
from .documents import (
    LOG_KINDS,
    MAX_JSON_BYTES,
    cannot_read,
    exists,
    is_file,
    is_folder,
    is_json_lines,
    is_link_loop,
    is_unnamed_pipe,
    json_document,
    kind_of_start,
    named_path,
    yaml_stream,
)
from .errors import InputError, Location
from .gamelog import games_in, iter_games
from .line_blocks import Block, block_lines, blocks, lines_in
from .line_blocks import games_in as games_in_block

if TYPE_CHECKING:
    # (imported where a YAML file is cut into units: ~4.8M instructions that a run of JSON Lines, nearly every
    # archive, does not need, before the workers are forked too)
    from .families import AnyLog
    from .yaml_units import Documents, Rest

LOG_SUFFIXES = tuple(LOG_KINDS)
STDIN = "-"
# The bytes of a block of JSON Lines: enough that sending it costs little beside auditing it (some 25 Spades
# games, 15 ms of work), few enough that the workers finish together.
BLOCK_BYTES = 256 * 1024
# The bytes of a JSON Lines source's first block: its first line, or a few if they are short, audited in the main
# process before it starts the workers (so that they start with the spec loaded), while they wait.
FIRST_BLOCK_BYTES = 4 * 1024
# The games a unit of a YAML stream read from standard input holds at most.
CHUNK_GAMES = 64


@dataclass(frozen=True)
class Lines:
    """Consecutive games of a YAML stream from standard input, read and audited already: their results."""

    file: str
    games: tuple[GameResult, ...]
    size: int = 0


@dataclass(frozen=True)
class WholeFile:
    """A YAML or JSON file, read and audited as one unit."""

    path: str
    size: int


@dataclass(frozen=True)
class Failed:
    """A name that gives nothing to read (a glob that matches no file): one unreadable result."""

    result: GameResult


Unit: TypeAlias = "Block | Lines | WholeFile | Failed | Documents | Rest"


def _folder_logs(folder: Path) -> list[Path]:
    """The log files below a folder, by suffix, in path order; hidden files and folders are left out."""
    found = []
    for path in folder.rglob("*"):
        hidden = any(part.startswith(".") for part in path.relative_to(folder).parts)
        # (a loop of links is kept, to be said to be one: it may be a log the user looks for)
        if not hidden and path.suffix.lower() in LOG_SUFFIXES and (path.is_file() or is_link_loop(path)):
            found.append(path)
    return sorted(found)


def expand(name: str) -> list[str] | InputError:
    """The files a name stands for, in order, or the error that it names none."""
    if name == STDIN:
        return [STDIN]
    try:
        path = named_path(name)
    except InputError as exc:
        return exc
    if not exists(path):
        import glob  # only a name that is no file may be a pattern: a run given files never imports it (~1.7M instr.)

        if glob.has_magic(name):
            from .name_patterns import matches as matched  # (glob's own ** follows links: one back to a folder it
            # is in would have it walk for ever)

            # files and folders only, as a folder's walk takes them: a pipe (which would wait for a writer for
            # ever), a socket or a device the pattern matches is left out; a loop of links is kept, to be said
            matches = [m for m in matched(name) if Path(m).is_dir() or is_file(Path(m)) or is_link_loop(Path(m))]
            if not matches:
                return InputError("no file matches this pattern", Location(file=name))
            found = [str(p) for m in matches for p in (_folder_logs(Path(m)) if Path(m).is_dir() else [Path(m)])]
            return list(dict.fromkeys(found))  # a file once, though both it and its folder match ('logs/**')
    if is_folder(path):  # (path.is_dir raises for a name too long: the reader says so, of the file alone)
        logs = _folder_logs(path)
        if not logs:
            return InputError(f"a folder with no log file ({', '.join(LOG_SUFFIXES)}) in it", Location(file=name))
        return [str(p) for p in logs]
    return [name]


def _size(name: str) -> int:
    try:
        return Path(name).stat().st_size
    except (OSError, ValueError):
        return 0


def total_size(names: list[str]) -> int | None:
    """The bytes to read in all, or None where it cannot be known (standard input)."""
    if STDIN in names:
        return None
    return sum(_size(name) for name in names)


def _line_units(handle: BinaryIO, name: str, checker: Checker, size: int | None = None) -> Iterator[Block | Failed]:
    """A JSON Lines stream cut into blocks, each numbered by its first line and the games before it; an empty
    stream is one unreadable game, as a file is. ``size``: the stream's, where known (the last blocks shrink)."""
    line, games = 1, 0
    for data in blocks(handle, MAX_JSON_BYTES, BLOCK_BYTES, min(FIRST_BLOCK_BYTES, BLOCK_BYTES), size):
        block = Block(name, data, line, games, len(data))
        yield block
        lines, opens = lines_in(data)
        games += games_in_block(block, lines, opens, MAX_JSON_BYTES)
        line += lines
    if not games:
        yield Failed(checker.unreadable(InputError("the file is empty", Location(file=name))))


def units(names: list[str], checker: Checker, split: bool = False) -> Iterator[Unit]:
    """Every unit of work the names give, in input order (files are opened one at a time, when reached);
    ``split``: a YAML file of many games is cut into units too (for worker processes to share)."""
    for name in names:
        found = expand(name)
        if isinstance(found, InputError):
            yield Failed(checker.unreadable(found))
            continue
        for file in found:
            if file == STDIN:
                yield from _stream_units(sys.stdin.buffer, STDIN_NAME, checker, split)
            elif is_unnamed_pipe(Path(file)):
                yield from _pipe_units(file, checker, split)
            elif is_json_lines(Path(file)):
                try:
                    with Path(file).open("rb") as handle:
                        yield from _read_on(_line_units(handle, file, checker, _size(file) or None), file, checker)
                except OSError:  # a missing or unreadable file: the reader says so, located
                    yield WholeFile(file, 0)
            elif split and (cuts := _cut(Path(file), checker)) is not None:
                yield from cuts
            else:
                yield WholeFile(file, _size(file))


def _cut(file: Path, checker: Checker) -> Iterator[Unit] | None:
    from .yaml_units import cut

    return cut(file, checker.unreadable)


def _read_on(found: Iterator[Unit], name: str, checker: Checker) -> Iterator[Unit]:
    """The units a stream gives until a read of it fails (a device's, a failing disk's): then its error, located,
    the units before it standing (one read again from the start would give their games twice)."""
    try:
        yield from found
    except OSError as exc:
        yield Failed(checker.unreadable(cannot_read(exc, name)))


def _pipe_units(name: str, checker: Checker, split: bool) -> Iterator[Unit]:
    """A pipe named otherwise (``referee check <(zcat games.jsonl.gz)``), read as standard input is: by what it
    begins with, as it comes (its bytes, once taken to look, cannot be read again; it was read as YAML)."""
    try:
        handle = Path(name).open("rb")  # noqa: SIM115 (closed below, the units it gives taken)
    except OSError:  # the reader says what is wrong with it, located
        yield WholeFile(name, 0)
        return
    with handle:
        yield from _stream_units(handle, name, checker, split)


def _stream_units(handle: BinaryIO, name: str, checker: Checker, split: bool) -> Iterator[Unit]:
    """The units of a stream read once (standard input, a pipe), its kind told by its first bytes."""
    # all that is buffered (up to the reader's buffer), not a first few bytes: blank lines before the first game
    # tell nothing of the format either
    kind = kind_of_start(handle.peek(1) if hasattr(handle, "peek") else b"")
    # A stream read here, a game at a time, and sent on as results; a YAML one cut, its proved documents go as units.
    games: Iterator[Any]
    cut_units: type[Documents] | tuple[()] = ()  # the type of the units a YAML stream is cut into, where it is
    if kind == "jsonl":
        yield from _read_on(_line_units(handle, name, checker), name, checker)
        return
    if kind == "json":
        games = games_in(json_document(handle, name), name)
    elif split:
        from .yaml_units import Documents, cut_stream

        games, cut_units = cut_stream(handle, name, checker.unreadable), Documents
    else:
        games = games_in(yaml_stream(handle, name), name)
    results: list[GameResult] = []
    try:
        for game in games:
            if isinstance(game, cut_units):
                if results:
                    yield Lines(name, tuple(results))
                    results = []
                yield game
                continue
            results.append(checker.game(cast("AnyLog | InputError", game)))  # (no unit of documents: see above)
            if len(results) >= CHUNK_GAMES:
                yield Lines(name, tuple(results))
                results = []
    except InputError as exc:
        results.append(checker.unreadable(exc))
    except OSError as exc:
        results.append(checker.unreadable(cannot_read(exc, name)))
    yield Lines(name, tuple(results))


def check_unit(checker: Checker, unit: Unit) -> Iterator[GameResult]:
    """The results of one unit's games, in order, each as soon as it is audited."""
    if isinstance(unit, Failed):
        yield unit.result
    elif isinstance(unit, WholeFile):
        try:
            for game in iter_games(Path(unit.path)):
                yield checker.game(game)
        except InputError as exc:
            yield checker.unreadable(exc)
        except OSError as exc:  # a read that fails part way (a device's, a failing disk's)
            yield checker.unreadable(cannot_read(exc, unit.path))
    elif isinstance(unit, Block):
        for line, index, text in block_lines(unit, MAX_JSON_BYTES):
            if isinstance(text, InputError):
                yield checker.unreadable(text.at(game=index))
            else:
                yield checker.line(text, unit.file, line, index)
    elif isinstance(unit, Lines):
        yield from unit.games
    else:  # a unit of a YAML file cut (Documents, Rest): yaml_units is imported already, where it was cut
        from .yaml_units import unit_games

        for game in unit_games(unit):
            yield game if isinstance(game, GameResult) else checker.game(game)
