"""Reading YAML, JSON and JSON Lines documents, bounded, with located errors.

A file is read a line at a time and each line decoded on its own, so a bad
byte spoils only its line: in JSON Lines one game, in a YAML stream the one
document that holds it. Limits that no real game or spec reaches (the size
of a document, of a line, the digits of a number) are enforced while
reading, so no input costs more than a second or so per game.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .document_paths import json_path, node_line, yaml_line
from .errors import InputError, Location
from .json_values import parse_json

if TYPE_CHECKING:  # at run time by __getattr__ below, when first asked for
    from .yaml_documents import MAX_YAML_CHARS, iter_yaml, parse_yaml, parse_yaml_chunk, parse_yaml_nodes, yaml_chunks

# Reading files, and the names that moved to the modules above, still importable from here.
__all__ = [
    "LINK_LOOP",
    "MAX_JSON_BYTES",
    "MAX_TEXT_BYTES",
    "MAX_YAML_CHARS",
    "cannot_read",
    "exists",
    "file_lines",
    "is_file",
    "is_json_lines",
    "is_link_loop",
    "iter_documents",
    "iter_yaml",
    "json_path",
    "kind_of_start",
    "log_kind",
    "named_path",
    "node_line",
    "parse_json",
    "parse_yaml",
    "parse_yaml_chunk",
    "parse_yaml_nodes",
    "read_text",
    "stream_lines",
    "yaml_chunks",
    "yaml_line",
    "yaml_stream",
]


# The names that moved to yaml_documents: it is imported when one of them is first asked for here, so that a run
# that reads no YAML never imports it (~1M instructions of a start, its pattern compiled among them)
_YAML_NAMES = frozenset(
    {"MAX_YAML_CHARS", "iter_yaml", "parse_yaml", "parse_yaml_chunk", "parse_yaml_nodes", "yaml_chunks"}
)


def __getattr__(name: str) -> Any:
    if name in _YAML_NAMES:
        from . import yaml_documents

        return getattr(yaml_documents, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


MAX_JSON_BYTES = 2 * 1024 * 1024  # a .json file, or a line of JSON Lines: one game (a real one is ~20 KB)
MAX_TEXT_BYTES = 8 * 1024 * 1024  # a YAML file read whole (a spec), before its documents are measured
# What a name is that the system cannot follow to its end (its "too many levels of symbolic links")
LINK_LOOP = "a loop of symbolic links (each leads on to another, and none to a file or folder)"


def _open(path: Path) -> BinaryIO:
    """A file opened to read bytes, or an InputError naming it (a device such as /dev/zero is refused)."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a folder, not a file", Location(file=str(path)))
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            raise InputError("is a device, not a file", Location(file=str(path)))
        return path.open("rb")
    except FileNotFoundError:
        raise InputError("no such file", Location(file=str(path))) from None
    except OSError as exc:
        raise cannot_read(exc, str(path)) from None


def cannot_read(exc: OSError, name: str) -> InputError:
    """The error of a file the system will not open or read (a read can fail part way: a device's, a failing
    disk's), naming it."""
    if exc.errno == errno.ELOOP:
        return InputError(LINK_LOOP, Location(file=name))
    return InputError(f"cannot read: {exc.strerror or exc}", Location(file=name))


def is_link_loop(path: Path) -> bool:
    """Whether ``path`` is (or passes through) a loop of symbolic links: it names nothing, but not for want of a
    file, and "no such file" would send the user looking for one."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    except ValueError:
        return False
    return False


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False, not an error, for a name the system cannot take (too long, say)."""
    try:
        return path.is_file()
    except (OSError, ValueError):  # ENAMETOOLONG, or a NUL byte in the name
        return False


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; False for a name the system cannot take."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """Whether ``path`` exists; False for a name the system cannot take."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


# the byte order marks a text in another Unicode encoding starts with: a Windows editor's "Unicode" is UTF-16
_OTHER_ENCODINGS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def _decode(data: bytes, name: str, first_line: int) -> str | InputError:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + first_line
        if exc.start == 0 and first_line == 1:
            other = next((code for mark, code in _OTHER_ENCODINGS if data.startswith(mark)), None)
            if other is not None:  # said as what it is, with what to do, not 'byte 1'
                message = f"{other} text, not UTF-8: save the file as UTF-8"
                return InputError(message, Location(file=name, line=line))
        # the byte counted from the start of its own line (of a whole file, it was counted from the file's start)
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        return InputError(f"not UTF-8 text (byte {column} of the line)", Location(file=name, line=line))


def file_lines(path: Path, limit: int) -> Iterator[tuple[int, str | InputError]]:
    """Each line of a file with its number, decoded on its own: a bad byte or a line over ``limit`` bytes
    yields an InputError for that line alone, and reading goes on."""
    with _open(path) as handle:
        yield from stream_lines(handle, str(path), limit)


def stream_lines(handle: BinaryIO, name: str, limit: int) -> Iterator[tuple[int, str | InputError]]:
    """Each line of an open byte stream (a file, standard input) with its number, as :func:`file_lines`."""
    number = 0
    while raw := handle.readline(limit + 1):
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # the rest of the line, unread
                raw = handle.readline(limit + 1)
            yield number, too_long(limit, name, number)
            continue
        yield number, line_text(raw, name, number)


def too_long(limit: int, name: str, number: int) -> InputError:
    """The error of a line of JSON Lines longer than ``limit`` bytes: it is not read."""
    return InputError(f"a line longer than {limit} bytes", Location(file=name, line=number))


def line_text(raw: bytes, name: str, number: int) -> str | InputError:
    """A line's bytes as text, a first line's byte order mark dropped; a bad byte is an error on its line."""
    if number == 1 and raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8) :]
    return _decode(raw, name, number)


def read_text(path: Path, limit: int = MAX_TEXT_BYTES) -> str:
    """A whole file's text (at most ``limit`` bytes), or an InputError naming it."""
    with _open(path) as handle:
        return _whole_text(handle, str(path), limit)


def _whole_text(handle: BinaryIO, name: str, limit: int) -> str:
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"larger than {limit} bytes (no game or spec is)", Location(file=name))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    text = _decode(data, name, 1)
    if isinstance(text, InputError):
        raise text
    if not text.strip():
        raise InputError("the file is empty", Location(file=name))
    return text


def json_document(handle: BinaryIO, name: str) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """The one JSON document of a stream read whole (standard input holding a game written over many lines), as
    :func:`iter_documents` gives a ``.json`` file's."""
    yield None, None, parse_json(_whole_text(handle, name, MAX_JSON_BYTES), name)


# How a log file is read, by its suffix (in the order messages list them)
LOG_KINDS = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}
# What is read of a file named otherwise to tell its kind: a JSON Lines game's first line is mostly shorter
_SNIFF_BYTES = 64 * 1024


def kind_of_start(start: bytes) -> str:
    """How a stream is read that begins with ``start`` (what is at hand of it): ``jsonl`` where its first
    character, after a byte order mark and blank lines, is ``{``, ``json`` where that first line is the ``{``
    alone (one game written over many lines, as ``jq .`` prints it), else ``yaml``. A JSON Lines game's line that
    does not close its object (cut short) is an unreadable game of the archive, which goes on; a first line
    longer than ``start`` is a JSON Lines game's."""
    # the byte order mark the line reader drops (line_text) tells nothing of the format; nor do the lines the
    # JSON Lines reader takes as blank (str.strip: Unicode spaces too; a character cut at the end starts no game)
    text = start.removeprefix(codecs.BOM_UTF8).decode("utf-8", "ignore").lstrip()
    if not text.startswith("{"):
        return "yaml"
    first, newline, _ = text.partition("\n")
    return "json" if newline and first.strip() == "{" else "jsonl"


def log_kind(path: Path) -> str:
    """How a log file is read: ``json`` (one game), ``jsonl`` (a game a line) or ``yaml`` (a stream of games), by
    its suffix; a plain file named otherwise (``games.log``, ``archive``) by its first bytes, as standard input
    is (:func:`kind_of_start`). Anything else named otherwise (a pipe, whose bytes would be taken by looking) is
    read as YAML here; :func:`iter_documents` looks at what a pipe has buffered, as standard input is looked at."""
    kind = LOG_KINDS.get(path.suffix.lower())
    if kind is not None:
        return kind
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return "yaml"
        with path.open("rb") as handle:
            return kind_of_start(handle.read(_SNIFF_BYTES))
    except (OSError, ValueError):  # the reader says what is wrong with it, located
        return "yaml"


def is_unnamed_pipe(path: Path) -> bool:
    """Whether a path names a pipe (a FIFO, or ``<(command)``'s /dev/fd/N) with no log suffix to tell its kind:
    its kind is then told by what it has buffered, as standard input's is (looking at a pipe takes its bytes)."""
    if path.suffix.lower() in LOG_KINDS:
        return False
    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def named_path(name: str, what: str = "file", where: str = "''") -> Path:
    """The path a name gives; an InputError for an empty one (``''`` from an unset variable), which Path would
    take for the current folder: every log or spec in it read for a name left out."""
    if not name:
        raise InputError(f"an empty name, which names no {what}", Location(file=where))
    return Path(name)


def is_json_lines(path: Path) -> bool:
    """Whether a file holds one JSON document a line (see :func:`log_kind`)."""
    return log_kind(path) == "jsonl"


def iter_documents(path: Path) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a log file as (line, YAML node or None, data), or the InputError of one unreadable.

    JSON Lines and YAML streams are read a line at a time, so memory stays
    flat and one unreadable game leaves the others to be read.
    """
    name = str(path)
    kind = log_kind(path)
    with _open(path) as handle:
        if kind == "yaml" and is_unnamed_pipe(path):  # <(zcat games.jsonl.gz)
            kind = kind_of_start(handle.peek(1) if hasattr(handle, "peek") else b"")  # looked at, not taken
        yield from _stream_documents(handle, name, kind)


def _stream_documents(handle: BinaryIO, name: str, kind: str) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of an open log file of the kind given, as :func:`iter_documents`."""
    if kind == "json":
        yield from json_document(handle, name)
        return
    seen_any = False
    if kind == "jsonl":
        for number, line in stream_lines(handle, name, MAX_JSON_BYTES):
            if isinstance(line, str) and not line.strip():
                continue
            seen_any = True
            if isinstance(line, InputError):
                yield line
                continue
            try:
                yield number, None, parse_json(line.rstrip("\r\n"), name, number)  # errors at its end stay on its line
            except InputError as exc:
                yield exc
        if not seen_any:
            raise InputError("the file is empty", Location(file=name))
        return
    yield from yaml_stream(handle, name)


def yaml_stream(handle: BinaryIO, name: str) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a YAML stream (a file, standard input), as :func:`iter_documents` gives them: what
    :func:`yaml_lines` gives of its lines, cut a block of lines at a time (some 0.3 ms a game less)."""
    from .yaml_blocks import stream_documents  # (it reads lines through this module: imported when first used)

    return stream_documents(handle, name)


def yaml_lines(
    lines: Iterable[tuple[int, str | InputError]], name: str
) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a YAML stream's lines (see :func:`stream_lines`), as :func:`iter_documents` gives them."""
    seen_any = False
    written = [False]  # whether the file holds more than blank lines

    def noted(lines: Iterable[tuple[int, str | InputError]]) -> Iterator[tuple[int, str | InputError]]:
        for number, line in lines:
            written[0] = written[0] or not isinstance(line, str) or bool(line.strip())
            yield number, line

    from .yaml_documents import iter_yaml

    for item in iter_yaml(noted(lines), name):
        seen_any = True
        yield item
    if not seen_any:
        raise InputError("the file holds no YAML document" if written[0] else "the file is empty", Location(file=name))
