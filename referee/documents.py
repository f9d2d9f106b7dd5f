"""Reading YAML, JSON and JSON Lines documents, bounded, with located errors.

A file is read a line at a time and each line decoded on its own, so a bad
byte spoils only its line: in JSON Lines one game, in a YAML stream the one
document that holds it. Limits that no real game or spec reaches (the size
of a document, of a line, the digits of a number) are enforced while
reading, so no input costs more than a second or so per game.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import json.scanner
import math
import re
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from . import strict_yaml
from .errors import InputError, Location, excerpt
from .strict_yaml import MAX_DIGITS, is_empty

MAX_JSON_BYTES = 2 * 1024 * 1024  # a .json file, or a line of JSON Lines: one game (a real one is ~20 KB)
MAX_YAML_CHARS = 256 * 1024  # a YAML document: the pure-Python parser reads ~300 KB a second
MAX_TEXT_BYTES = 8 * 1024 * 1024  # a YAML file read whole (a spec), before its documents are measured

# A line that starts a YAML document, and a directive line before one.
_DOCUMENT_START = re.compile(r"---(?:[ \t\r\n]|$)")


def _yaml_error(exc: yaml.YAMLError, name: str, text: str = "", first_line: int = 1) -> InputError:
    if isinstance(exc, yaml.reader.ReaderError):  # a control character: it has a position, not a mark
        at = text.count("\n", 0, exc.position) + first_line
        problem = f"character #x{exc.character:04x}: {exc.reason}"
        return InputError(f"not valid YAML: {problem}", Location(file=name, line=at))
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    line = mark.line + first_line if mark is not None else None  # marks count from the text's first line
    return InputError(f"not valid YAML: {problem}", Location(file=name, line=line))


def _walk_problem(document: Any) -> tuple[list[str | int], str] | None:
    """The first value no loader bounds that a game cannot hold: a lone surrogate, a huge or endless number."""
    stack: list[tuple[Any, list[str | int]]] = [(document, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            pending: list[tuple[Any, list[str | int]]] = []
            for key, item in value.items():
                if isinstance(key, str) and _not_text(key):
                    return path, f"a key holds {_surrogate(key)}, half of a UTF-16 pair, which is not text"
                pending.append((item, [*path, key if isinstance(key, (str, int)) else str(key)]))
            stack.extend(reversed(pending))  # popped in the document's order
        elif isinstance(value, list):
            stack.extend((value[i], [*path, i]) for i in range(len(value) - 1, -1, -1))
        elif isinstance(value, _Unfit):
            digits = value.text.lstrip("-")
            if digits.isdigit():
                return path, f"a number of {len(digits)} digits (at most {MAX_DIGITS})"
            return path, f"a number no game holds ({excerpt(value.text)})"
        elif isinstance(value, str):
            if _not_text(value):
                return path, f"holds {_surrogate(value)}, half of a UTF-16 pair, which is not text"
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**MAX_DIGITS:
                return path, f"a number of more than {MAX_DIGITS} digits"
        elif isinstance(value, float) and not (math.isfinite(value) and abs(value) < 10**MAX_DIGITS):
            return path, f"a number no game holds ({excerpt(value)})"
    return None


def _not_text(value: str) -> bool:
    if value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate(value: str) -> str:
    bad = next(c for c in value if 0xD800 <= ord(c) <= 0xDFFF)
    return f"\\u{ord(bad):04x}"


def _load_chunk(loader_class: Any, text: str, first_line: int) -> list[tuple[Any, Any]]:
    out = []
    loader = loader_class(text, first_line - 1)
    try:
        while loader.check_node():
            node = loader.get_node()
            if not is_empty(node):
                setattr(node, "line_offset", first_line - 1)  # noqa: B010 - where its text starts: see node_line
                out.append((node, loader.construct_document(node)))
    finally:
        loader.dispose()
    if loader.needs_walk:
        for node, data in out:
            found = _walk_problem(data)
            if found is not None:
                path, problem = found
                raise InputError(problem, Location(line=node_line(node, path), path=json_path(path)))
    return out


def parse_yaml_chunk(text: str, name: str, first_line: int = 1) -> list[tuple[Any, Any]]:
    """Each non-empty YAML document of ``text`` as (node, data); ``first_line`` is where ``text`` starts.

    Read with libyaml's C parser where it is installed; a text it declines or refuses is read again by the
    pure-Python one, which decides it and says in its own words, located, what is wrong (the same words
    with libyaml or without).
    """
    try:
        if strict_yaml.StrictLoader is not strict_yaml.PureStrictLoader:
            try:
                return _load_chunk(strict_yaml.StrictLoader, text, first_line)
            except (yaml.YAMLError, InputError, *strict_yaml.UNFIT):
                pass
        return _load_chunk(strict_yaml.PureStrictLoader, text, first_line)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, name, text, first_line) from None
    except InputError as exc:
        raise exc.at(file=name) from None
    except RecursionError:
        raise InputError("nested too deeply to read", Location(file=name, line=first_line)) from None


def _split_lines(text: str) -> Iterator[tuple[int, str]]:
    """A text's lines with their numbers, split at line feeds only (as a file is read)."""
    for number, line in enumerate(text.split("\n"), 1):
        yield number, line + "\n"


def yaml_chunks(lines: Iterable[tuple[int, str | InputError]], name: str) -> Iterator[tuple[int, str | InputError]]:
    """Lines grouped into YAML documents: (first line, its text, or the error that spoils it).

    A document starts at a ``---`` line, which YAML forbids inside any scalar,
    so a broken document leaves the others readable. A document longer than
    MAX_YAML_CHARS is refused as soon as it is, before it is parsed.
    """
    start, size = 1, 0
    parts: list[str] = []
    error: InputError | None = None
    content = False  # more than comments, blank lines and directives so far
    for number, line in lines:
        if isinstance(line, str) and content and (_DOCUMENT_START.match(line) or line.startswith("%")):
            yield start, error or "".join(parts)
            start, parts, size, error, content = number, [], 0, None, False
        if isinstance(line, InputError):
            error = error or line
            content = True
            continue
        if not content and line.strip() and not line.startswith(("#", "%")):
            content = True
        if error is not None:
            continue
        size += len(line)
        if size > MAX_YAML_CHARS:
            error = InputError(
                f"a YAML document longer than {MAX_YAML_CHARS} characters (no game or spec is)",
                Location(file=name, line=start),
            )
            parts = []
        else:
            parts.append(line)
    if content:
        yield start, error or "".join(parts)


def iter_yaml(lines: Iterable[tuple[int, str | InputError]], name: str) -> Iterator[tuple[int, Any, Any] | InputError]:
    """Each document of a YAML stream as (line, node, data), or the InputError of one that cannot be read."""
    for start, chunk in yaml_chunks(lines, name):
        if isinstance(chunk, InputError):
            yield chunk
            continue
        try:
            documents = parse_yaml_chunk(chunk, name, start)
        except InputError as exc:
            yield exc
            continue
        for node, data in documents:
            yield node_line(node, []), node, data


def parse_yaml_nodes(text: str, name: str) -> list[tuple[Any, Any]]:
    """Each YAML document of ``text`` as (node, data); the first that cannot be read raises its error."""
    out = []
    for item in iter_yaml(_split_lines(text), name):
        if isinstance(item, InputError):
            raise item
        out.append(item[1:])
    if not out:
        raise InputError("the file holds no YAML document", Location(file=name))
    return out


def parse_yaml(text: str, name: str) -> Any:
    """The single YAML document of ``text``; ``name`` is used in error locations."""
    documents = parse_yaml_nodes(text, name)
    if len(documents) > 1:
        start = node_line(documents[1][0], [])
        raise InputError("holds more than one YAML document", Location(file=name, line=start))
    return documents[0][1]


def _refuse_constant(name: str) -> Any:
    raise _NotAGameValue(f"{name} is not a number a game holds")


class _NotAGameValue(ValueError):
    """A JSON value that parses but that no game holds (NaN, Infinity)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)  # at C speed: the JSON decoder calls this for every object of every game
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key!r}")
            seen.add(key)
    return out


class _Unfit:
    """A JSON number no game holds, kept where it stood so that the walk can say where it is."""

    def __init__(self, text: str) -> None:
        self.text = text


def parse_json(text: str, name: str, line: int | None = None) -> Any:
    """One JSON value; duplicate keys, NaN, lone surrogates and numbers past MAX_DIGITS are errors."""
    unfit: list[str] = []

    def integer(digits: str) -> Any:  # the C parser calls it for each integer: kept short
        if len(digits) <= MAX_DIGITS or (len(digits) == MAX_DIGITS + 1 and digits[0] == "-"):
            return int(digits)
        unfit.append(digits)
        return _Unfit(digits)

    def real(digits: str) -> Any:
        value = float(digits)
        if math.isfinite(value) and abs(value) < 10**MAX_DIGITS:
            return value
        unfit.append(digits)
        return _Unfit(digits)

    try:
        document = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant, parse_int=integer, parse_float=real
        )
    except json.JSONDecodeError as exc:
        at = (line or 1) + exc.lineno - 1
        raise InputError(f"not valid JSON: {exc.msg} (column {exc.colno})", Location(file=name, line=at)) from None
    except _NotAGameValue as exc:
        found = re.search(r"NaN|-?Infinity", text)
        where = line if found is None else (line or 1) + text.count("\n", 0, found.start())
        raise InputError(f"not valid JSON: {exc}", Location(file=name, line=where)) from None
    except ValueError as exc:
        offset = _duplicate_at(text)
        where = line if offset is None else (line or 1) + text.count("\n", 0, offset)
        raise InputError(f"not valid JSON: {exc}", Location(file=name, line=where)) from None
    except RecursionError:
        raise InputError("nested too deeply to read", Location(file=name, line=line)) from None
    if unfit or "\\ud" in text or "\\uD" in text:  # rare: only then is the document walked
        found_problem = _walk_problem(document)
        if found_problem is not None:
            path, problem = found_problem
            raise InputError(problem, Location(file=name, line=line, path=json_path(path)))
    return document


def _duplicate_at(text: str) -> int | None:
    """Where the object holding a duplicate key starts (a character offset): a slow re-parse, for the error only."""
    found: list[int] = []
    decoder = json.JSONDecoder(object_pairs_hook=_no_duplicates)

    def parse_object(s_and_end: tuple[str, int], *rest: Any) -> Any:
        try:
            return json.decoder.JSONObject(s_and_end, *rest)  # type: ignore[attr-defined]
        except json.JSONDecodeError:
            raise
        except ValueError:
            if not found:  # the innermost object fails first
                found.append(s_and_end[1] - 1)
            raise

    # The C scanner ignores parse_object; the pure-Python one calls it with each object's start.
    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    with contextlib.suppress(ValueError, RecursionError):
        decoder.decode(text)
    return found[0] if found else None


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
        raise InputError(f"cannot read: {exc.strerror}", Location(file=str(path))) from None


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False, not an error, for a name the system cannot take (too long, say)."""
    try:
        return path.is_file()
    except (OSError, ValueError):  # ENAMETOOLONG, or a NUL byte in the name
        return False


def exists(path: Path) -> bool:
    """Whether ``path`` exists; False for a name the system cannot take."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _decode(data: bytes, name: str, first_line: int) -> str | InputError:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + first_line
        return InputError(f"not UTF-8 text (byte {exc.start + 1} of the line)", Location(file=name, line=line))


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
            yield number, InputError(f"a line longer than {limit} bytes", Location(file=name, line=number))
            continue
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        yield number, _decode(raw, name, number)


def read_text(path: Path, limit: int = MAX_TEXT_BYTES) -> str:
    """A whole file's text (at most ``limit`` bytes), or an InputError naming it."""
    with _open(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"larger than {limit} bytes (no game or spec is)", Location(file=str(path)))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    text = _decode(data, str(path), 1)
    if isinstance(text, InputError):
        raise text
    if not text.strip():
        raise InputError("the file is empty", Location(file=str(path)))
    return text


def is_json_lines(path: Path) -> bool:
    """Whether a file holds one JSON document a line (by its name)."""
    return path.suffix.lower() in (".jsonl", ".ndjson")


def iter_documents(path: Path) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a log file as (line, YAML node or None, data), or the InputError of one unreadable.

    JSON Lines and YAML streams are read a line at a time, so memory stays
    flat and one unreadable game leaves the others to be read.
    """
    name = str(path)
    if path.suffix.lower() == ".json":
        yield None, None, parse_json(read_text(path, MAX_JSON_BYTES), name)
        return
    seen_any = False
    if is_json_lines(path):
        for number, line in file_lines(path, MAX_JSON_BYTES):
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
    with _open(path) as handle:
        yield from yaml_stream(handle, name)


def yaml_stream(handle: BinaryIO, name: str) -> Iterator[tuple[int | None, Any, Any] | InputError]:
    """Each document of a YAML stream (a file, standard input), as :func:`iter_documents` gives them."""
    seen_any = False
    written = [False]  # whether the file holds more than blank lines

    def noted(lines: Iterator[tuple[int, str | InputError]]) -> Iterator[tuple[int, str | InputError]]:
        for number, line in lines:
            written[0] = written[0] or not isinstance(line, str) or bool(line.strip())
            yield number, line

    for item in iter_yaml(noted(stream_lines(handle, name, MAX_YAML_CHARS)), name):
        seen_any = True
        yield item
    if not seen_any:
        raise InputError("the file holds no YAML document" if written[0] else "the file is empty", Location(file=name))


def node_line(node: Any, path: list[str | int]) -> int:
    """The line (1-based) where the YAML node at ``path`` below ``node`` starts (or its nearest parent).

    ``node`` is a document's root: its ``line_offset`` says where the text it was read from starts in its file.
    """
    offset = getattr(node, "line_offset", 0)
    for step in path:
        if isinstance(node, yaml.MappingNode):
            match = next((value for key, value in node.value if key.value == str(step)), None)
            if match is None:
                break
            node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
    return int(node.start_mark.line) + 1 + offset


def yaml_line(text: str, path: list[str | int]) -> int | None:
    """The line where the node at ``path`` starts in a one-document YAML text, if found."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    return None if node is None else node_line(node, path)


def json_path(path: list[str | int] | tuple[str | int, ...]) -> str:
    """A JSON path like ``$.hands[2].tricks[0]``."""
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out
