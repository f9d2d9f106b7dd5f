"""Reading YAML, JSON and JSON Lines documents, with located errors.

YAML is read with a stricter loader than PyYAML's safe one: a duplicate
key is an error (not a silent overwrite), dates stay text, and alias
expansion is bounded so that a "billion laughs" file fails fast.
"""

from __future__ import annotations

import contextlib
import json
import json.scanner
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, Location

MAX_ALIASES = 100
MAX_DEPTH = 64
MAX_ALIAS_NODES = 10_000  # nodes that aliases may stand for in all: a few aliases can expand a billion-fold


def _node_size(node: Any, memo: dict[int, int]) -> int:
    """How many nodes ``node`` stands for once its aliases are expanded (memoized, so shared nodes cost once)."""
    key = id(node)
    if key not in memo:
        memo[key] = 1  # a recursive anchor counts once rather than looping
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        else:
            children = []
        memo[key] = 1 + sum(_node_size(child, memo) for child in children)
    return memo[key]


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate keys and keeps timestamps as text."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._alias_nodes = 0
        self._sizes: dict[int, int] = {}
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise yaml.MarkedYAMLError(
                    None, None, f"more than {MAX_ALIASES} aliases (a YAML bomb?)", event.start_mark
                )
            event = self.peek_event()  # type: ignore[no-untyped-call]
            target = self.anchors.get(event.anchor)
            if target is not None:  # an unknown anchor is left to the base class's error
                self._alias_nodes += _node_size(target, self._sizes)
                if self._alias_nodes > MAX_ALIAS_NODES:
                    problem = f"aliases expand to more than {MAX_ALIAS_NODES} values (a YAML bomb?)"
                    raise yaml.MarkedYAMLError(None, None, problem, event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.MarkedYAMLError(None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                hash(key)
            except TypeError:
                raise yaml.MarkedYAMLError(
                    None, None, "a mapping key must be a plain value", key_node.start_mark
                ) from None
            if key in seen:
                raise yaml.MarkedYAMLError(
                    None, None, f"duplicate key {key!r} (first at line {seen[key].line + 1})", key_node.start_mark
                )
            seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)


# Dates stay as written: a log's date is text, not a datetime.
_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _yaml_error(exc: yaml.YAMLError, name: str, text: str = "") -> InputError:
    if isinstance(exc, yaml.reader.ReaderError):  # a control character: it has a position, not a mark
        at = text.count("\n", 0, exc.position) + 1
        problem = f"character #x{exc.character:04x}: {exc.reason}"
        return InputError(f"not valid YAML: {problem}", Location(file=name, line=at))
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    line = mark.line + 1 if mark is not None else None
    return InputError(f"not valid YAML: {problem}", Location(file=name, line=line))


def parse_yaml_nodes(text: str, name: str) -> list[tuple[Any, Any]]:
    """Each YAML document of ``text`` as (node, data); the node locates errors later."""
    out = []
    try:
        loader = _StrictLoader(text)
        try:
            while loader.check_node():
                node = loader.get_node()
                out.append((node, loader.construct_document(node)))
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, name, text) from None
    except RecursionError:
        raise InputError("nested too deeply to read", Location(file=name)) from None
    if not out:
        raise InputError("the file holds no YAML document", Location(file=name))
    return out


def parse_yaml(text: str, name: str) -> Any:
    """The single YAML document of ``text``; ``name`` is used in error locations."""
    documents = parse_yaml_nodes(text, name)
    if len(documents) > 1:
        start = documents[1][0].start_mark.line + 1
        raise InputError("holds more than one YAML document", Location(file=name, line=start))
    return documents[0][1]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def parse_json(text: str, name: str, line: int | None = None) -> Any:
    """One JSON value; duplicate keys are an error."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        at = (line or 1) + exc.lineno - 1
        raise InputError(f"not valid JSON: {exc.msg} (column {exc.colno})", Location(file=name, line=at)) from None
    except ValueError as exc:
        offset = _duplicate_at(text)
        where = line if offset is None else (line or 1) + text.count("\n", 0, offset)
        raise InputError(f"not valid JSON: {exc}", Location(file=name, line=where)) from None
    except RecursionError:
        raise InputError("nested too deeply to read", Location(file=name, line=line)) from None


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


def read_text(path: Path) -> str:
    """A file's text, or an InputError naming it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", Location(file=str(path))) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", Location(file=str(path))) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", Location(file=str(path))) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8 text (byte {exc.start})", Location(file=str(path), line=line)) from None
    if not text.strip():
        raise InputError("the file is empty", Location(file=str(path)))
    return text


def is_json_lines(path: Path) -> bool:
    """Whether a file holds one JSON document a line (by its name)."""
    return path.suffix.lower() in (".jsonl", ".ndjson")


def load_document(path: Path) -> Any:
    """A YAML or JSON file's single document (JSON is read by the JSON parser)."""
    text = read_text(path)
    if path.suffix.lower() == ".json":
        return parse_json(text, str(path))
    return parse_yaml(text, str(path))


def iter_documents(path: Path) -> Iterator[tuple[int, Any | InputError]]:
    """Each document of a file with the line it starts on.

    JSON Lines files are streamed a line at a time, so memory stays flat; a
    line that cannot be read yields its InputError in place of a document.
    """
    if not is_json_lines(path):
        yield 1, load_document(path)
        return
    try:
        handle = path.open("r", encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", Location(file=str(path))) from None
    seen_any = False
    with handle:
        number = 0
        while True:
            try:
                text = handle.readline()
            except UnicodeDecodeError:
                yield number + 1, InputError("not UTF-8 text", Location(file=str(path), line=number + 1))
                return
            if not text:
                break
            number += 1
            if not text.strip():
                continue
            seen_any = True
            try:
                yield number, parse_json(text.rstrip("\r\n"), str(path), number)  # errors at its end stay on its line
            except InputError as exc:
                yield number, exc
    if not seen_any:
        raise InputError("the file is empty", Location(file=str(path)))


def node_line(node: Any, path: list[str | int]) -> int:
    """The line (1-based) where the YAML node at ``path`` below ``node`` starts (or its nearest parent)."""
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
    return int(node.start_mark.line) + 1


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
