"""A YAML text as its documents: split at ``---`` lines so that a broken one leaves the others readable, each
read by the strict loader (libyaml's where it can), every error located."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .document_paths import json_path, node_line
from .errors import InputError, Location
from .unfit_values import walk_problem

if TYPE_CHECKING:
    import yaml

# PyYAML and the strict loaders are imported when a YAML text is first parsed, not with this module: JSON Lines
# runs import it (through the readers of files and units) and read no YAML, and PyYAML's import is ~12 ms of a
# run's start.

# Over half of that import is one pattern: PyYAML's reader compiles, as its class is made, the characters YAML
# refuses written as the complement of those it allows, and re builds such a class through a table of every
# character up to U+FFFF, ~64,000 Python steps (~50M instructions). The same characters written directly compile
# in a small part of that; they are put in re's cache of compiled patterns under the text PyYAML asks for, so that
# its re.compile() finds them ready. That cache is CPython's own (``re._cache``, keyed by the pattern's type, text
# and flags, in 3.11 to 3.13): where it is not a dict, nothing is put there and PyYAML compiles its own pattern.
# tests/test_yaml_reader_pattern.py holds the two patterns to the same matches over every code point.
READER_REFUSED = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"  # PyYAML's text
REFUSED = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"  # its complement's complement


def reader_pattern_ready() -> None:
    """Put the characters PyYAML's reader refuses in re's cache, compiled the quick way, before PyYAML is imported."""
    cache = getattr(re, "_cache", None)
    if "yaml.reader" not in sys.modules and isinstance(cache, dict):
        cache.setdefault((str, READER_REFUSED, 0), re.compile(REFUSED))


MAX_YAML_CHARS = 256 * 1024  # a YAML document: the pure-Python parser reads ~300 KB a second

# A line that starts a YAML document: where a chunk is cut (or before the directive lines just above it).
_MARKER = re.compile(r"---(?:[ \t\r\n]|$)")


def _yaml_error(exc: yaml.YAMLError, name: str, text: str = "", first_line: int = 1) -> InputError:
    from yaml.reader import ReaderError

    if isinstance(exc, ReaderError):  # a control character: it has a position, not a mark
        at = text.count("\n", 0, exc.position) + first_line
        problem = f"character #x{exc.character:04x}: {exc.reason}"
        return InputError(f"not valid YAML: {problem}", Location(file=name, line=at))
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if problem.startswith("found character '\\t'"):  # the scanner's words name the character, not the fix
        problem += " (a tab: YAML takes spaces, not tabs, to indent and after a colon; write spaces there)"
    line = mark.line + first_line if mark is not None else None  # marks count from the text's first line
    return InputError(f"not valid YAML: {problem}", Location(file=name, line=line))


def _load_chunk(loader_class: Any, text: str, first_line: int) -> list[tuple[Any, Any]]:
    from .strict_yaml import is_empty

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
            found = walk_problem(data)
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
    reader_pattern_ready()
    import yaml

    from . import strict_yaml

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


class Chunker:
    """Lines grouped into YAML documents as they come, a line (or a run of lines none of which is cut before) at a
    time: what :func:`yaml_chunks` gives, and :mod:`referee.yaml_blocks` feeds a block at a time.

    A document starts at a ``---`` line, which YAML forbids inside any scalar, so a broken document leaves the
    others readable. A document longer than ``limit`` characters is refused as soon as it is, before it is parsed.

    Directive lines (``%``) before a ``---`` go with the document they precede. A ``%`` at a line's start after
    content is not always a directive: a quoted or plain scalar continued on the next line may start it there
    (``note: "a long`` then ``%text"``). Such a line, and the comment or blank lines after it, are held until
    the next other line: a ``---`` makes them the next document's directives where YAML's scanner reads one
    there (else they close the scalar), anything else (or the end, or a line that cannot be read) the current
    document's text, for the parser to read or refuse in place.
    """

    def __init__(self, name: str, limit: int) -> None:
        self.name, self.limit = name, limit
        self.start, self.size = 1, 0
        self.parts: list[str] = []
        self.error: InputError | None = None
        self.content = False  # more than comments, blank lines and directives so far
        self.written = False  # a line not blank (or not readable) met: the stream is not empty
        self.held: list[str] = []  # a "%" line after content and the comment or blank lines after it
        self.held_from = self.held_size = 0  # the first held line's number, their characters (bounded as a chunk's)

    def cut(self, number: int) -> tuple[int, str | InputError]:
        """The chunk so far, a new one starting at line ``number``."""
        done = self.start, self.error or "".join(self.parts)
        self.start, self.parts, self.size, self.error, self.content = number, [], 0, None, False
        return done

    def line(self, number: int, line: str | InputError) -> Iterator[tuple[int, str | InputError]]:
        """One line: the chunk it ends, if it starts another."""
        self.written = self.written or not isinstance(line, str) or bool(line.strip())
        if isinstance(line, str):
            if self.held:
                if _MARKER.match(line):
                    # the held lines up to the first that YAML reads as a directive end a scalar the document left
                    # open (its text); that one and those after it are the next document's directives
                    held, self.held = self.held, []
                    count = len(held) if self.error is not None else _directives_in(self.parts, held)
                    percent = [at for at, text in enumerate(held) if text.startswith("%")]
                    split = percent[max(len(percent) - count, 0)] if count else len(held)
                    self.add("".join(held[:split]))
                    yield self.cut(self.held_from + split if split < len(held) else number)
                    self.add("".join(held[split:]))
                elif (line.startswith(("%", "#")) or not line.strip()) and self.held_size + len(line) <= self.limit:
                    self.held.append(line)
                    self.held_size += len(line)
                    return
                else:
                    self.release()
            elif self.content and line.startswith("%"):
                self.held, self.held_from, self.held_size = [line], number, len(line)
                return
            elif self.content and _MARKER.match(line):
                yield self.cut(number)
        else:
            self.release()
            self.error = self.error or line
            self.content = True
            return
        self.add(line)

    def release(self) -> None:
        """The held lines, which no ``---`` followed, as the current document's text."""
        if self.held:
            self.add("".join(self.held))
            self.held = []

    def add(self, text: str) -> None:
        """Lines none of which the chunk is cut before (but maybe the first): their content noted, then kept."""
        if not self.content:
            for line in text.split("\n"):
                if line.strip() and not line.startswith(("#", "%")):
                    self.content = True
                    break
        if self.error is not None:
            return
        self.size += len(text)
        if self.size > self.limit:  # the same error whichever line passes the limit: it names the chunk's start
            self.error = InputError(
                f"a YAML document longer than {self.limit} characters (no game or spec is)",
                Location(file=self.name, line=self.start),
            )
            self.parts = []
        else:
            self.parts.append(text)

    def end(self) -> Iterator[tuple[int, str | InputError]]:
        """The last chunk, if it holds more than comments, blank lines and directives."""
        self.release()
        if self.content:
            yield self.start, self.error or "".join(self.parts)


def _directives_in(parts: list[str], held: list[str]) -> int:
    """How many of the held "%" lines, counted from the last, YAML reads as directives after a document's text
    (``parts``), as it reads the whole stream, whose next line is a "---": the others, before them, end a scalar
    the document left open (a quoted text, a plain one continued) and are its text (after a directive, every "%"
    line at a line's start is one). A text that cannot be scanned to there is refused wherever they go: all are
    taken as directives, as a "%" line before a "---" always was. (Scanned only where such lines come before a
    "---", a stream's directives between its documents: no game log written plainly has them.)"""
    reader_pattern_ready()
    import yaml

    text = "".join(parts + held)
    # The scanner the text is parsed by: libyaml's, and where it refuses the text (an unknown directive name, which
    # the pure one reads on), the pure one, as parse_yaml_chunk falls back.
    scanners: list[Any] = [yaml.CSafeLoader] if getattr(yaml, "__with_libyaml__", False) else []
    for scanner_class in [*scanners, yaml.SafeLoader]:
        scanner = scanner_class(text)
        started = False  # a token past the stream's start and the document's own directives (its marker, content)
        count = 0  # the directives after it
        try:
            while (token := scanner.get_token()) is not None:
                if isinstance(token, yaml.DirectiveToken):
                    count += started
                elif not isinstance(token, yaml.StreamStartToken):
                    started = True
            return count
        except yaml.YAMLError:
            pass
        finally:
            scanner.dispose()
    return len(held)


def yaml_chunks(lines: Iterable[tuple[int, str | InputError]], name: str) -> Iterator[tuple[int, str | InputError]]:
    """Lines grouped into YAML documents (see :class:`Chunker`): (first line, its text, or the error that spoils
    it)."""
    chunker = Chunker(name, MAX_YAML_CHARS)
    for number, line in lines:
        yield from chunker.line(number, line)
    yield from chunker.end()


def iter_yaml(lines: Iterable[tuple[int, str | InputError]], name: str) -> Iterator[tuple[int, Any, Any] | InputError]:
    """Each document of a YAML stream as (line, node, data), or the InputError of one that cannot be read."""
    for start, chunk in yaml_chunks(lines, name):
        yield from chunk_documents(chunk, name, start)


def chunk_documents(chunk: str | InputError, name: str, start: int) -> list[tuple[int, Any, Any] | InputError]:
    """The documents of one chunk of :func:`yaml_chunks` as :func:`iter_yaml` gives them (empty ones left out)."""
    if isinstance(chunk, InputError):
        return [chunk]
    try:
        documents = parse_yaml_chunk(chunk, name, start)
    except InputError as exc:
        return [exc]
    return [(node_line(node, []), node, data) for node, data in documents]


class NoDocument(InputError):
    """A text that holds no YAML document: only blanks, comments, or a null (which a reader of files leaves out)."""


def parse_yaml_nodes(text: str, name: str) -> list[tuple[Any, Any]]:
    """Each YAML document of ``text`` as (node, data); the first that cannot be read raises its error."""
    out = []
    for item in iter_yaml(_split_lines(text), name):
        if isinstance(item, InputError):
            raise item
        out.append(item[1:])
    if not out:
        raise NoDocument("the file holds no YAML document", Location(file=name))
    return out


def parse_yaml(text: str, name: str) -> Any:
    """The single YAML document of ``text``; ``name`` is used in error locations."""
    documents = parse_yaml_nodes(text, name)
    if len(documents) > 1:
        start = node_line(documents[1][0], [])
        raise InputError("holds more than one YAML document", Location(file=name, line=start))
    return documents[0][1]
