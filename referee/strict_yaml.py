"""The YAML loader for logs and specs: strict, bounded, and YAML 1.2's core schema.

Stricter than PyYAML's safe loader: a duplicate key is an error (not a
silent overwrite), alias expansion and nesting are bounded so that a
"billion laughs" file fails fast, and a number may not have more digits than
any game needs. Plain scalars are resolved as YAML 1.2's core schema does:
only ``true``/``false`` are booleans and only ``null``/``~`` null, so a
player named No, Yes, On or Off stays the name a person wrote, and dates and
times (``1:20``) stay text.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from .errors import excerpt

MAX_ALIASES = 100
MAX_DEPTH = 64
MAX_ALIAS_NODES = 10_000  # nodes that aliases may stand for in all: a few aliases can expand a billion-fold
MAX_DIGITS = 18  # no count or score in a game needs more; Python refuses to read 4,300
# Values in one document: PyYAML spends ~60 us on each, and a hand of a trick game holds ~270,
# so this is some 45 hands, and under a second.
MAX_NODES = 12_000


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


_UNFIT = (ValueError, TypeError, OverflowError, KeyError, AttributeError, IndexError)


def _error(problem: str, mark: Any) -> yaml.MarkedYAMLError:
    return yaml.MarkedYAMLError(None, None, problem, mark)


class StrictLoader(yaml.SafeLoader):
    """SafeLoader with bounds, duplicate-key errors and the YAML 1.2 core schema.

    ``first_line`` (0-based) is where ``stream`` starts in its file, so that
    marks give the file's line numbers when a file is read a document at a time.
    """

    def __init__(self, stream: str, first_line: int = 0) -> None:
        super().__init__(stream)
        self.line = first_line
        self._aliases = 0
        self._alias_nodes = 0
        self._sizes: dict[int, int] = {}
        self._depth = 0
        self._nodes = 0

    def compose_document(self) -> Any:
        self._nodes = 0  # the bound is per document: a stream of games may be long
        return super().compose_document()

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            event = self.peek_event()  # type: ignore[no-untyped-call]
            if self._aliases > MAX_ALIASES:
                raise _error(f"more than {MAX_ALIASES} aliases (a YAML bomb?)", event.start_mark)
            target = self.anchors.get(event.anchor)
            if target is not None:  # an unknown anchor is left to the base class's error
                self._alias_nodes += _node_size(target, self._sizes)
                if self._alias_nodes > MAX_ALIAS_NODES:
                    raise _error(
                        f"aliases expand to more than {MAX_ALIAS_NODES} values (a YAML bomb?)", event.start_mark
                    )
        self._depth += 1
        self._nodes += 1
        if self._nodes > MAX_NODES:
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _error(
                f"more than {MAX_NODES} values in one document (no game or spec has so many)", event.start_mark
            )
        if self._depth > MAX_DEPTH:
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _error(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except _UNFIT:  # an explicit tag on a value it cannot take (!!float abc, !!bool maybe)
            shown = excerpt(node.value, 30) if isinstance(node, yaml.ScalarNode) else "this value"
            raise _error(f"cannot read {shown} as {node.tag.rsplit(':', 1)[-1]}", node.start_mark) from None

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, yaml.MappingNode):
            raise _error(f"expected a mapping for {node.tag.rsplit(':', 1)[-1]}", node.start_mark)
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                hash(key)
            except TypeError:
                raise _error("a mapping key must be a plain value", key_node.start_mark) from None
            if key in seen:
                shown = repr(key) if len(repr(key)) <= 40 else repr(key)[:40] + "…"
                raise _error(f"duplicate key {shown} (first at line {seen[key].line + 1})", key_node.start_mark)
            seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: Any) -> int:
        """A core-schema integer: decimal (a leading 0 is not octal), ``0o`` octal or ``0x`` hex."""
        text = str(self.construct_scalar(node)).replace("_", "")
        digits = text.lstrip("+-")
        if len(digits) > MAX_DIGITS:
            raise _error(f"a number of {len(digits)} digits (at most {MAX_DIGITS})", node.start_mark)
        if digits[:2] in ("0o", "0x", "0b"):
            value = int(digits[2:], {"0o": 8, "0x": 16, "0b": 2}[digits[:2]])
            return -value if text.startswith("-") else value
        return int(text, 10)


StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)


def _not_core(loader: StrictLoader, node: Any) -> Any:
    raise _error(f"the tag !!{node.tag.rsplit(':', 1)[-1]} has no place in a log or a spec", node.start_mark)


# YAML 1.1's other types (bytes, sets, dates, ordered pairs) are not JSON's: a log or a spec holds none of them.
for _tag in ("binary", "timestamp", "omap", "pairs", "set"):
    StrictLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _not_core)

# YAML 1.2 core schema resolvers, in the order they are tried (an integer before a float).
_CORE = (
    ("tag:yaml.org,2002:bool", r"true|True|TRUE|false|False|FALSE", "tTfF"),
    ("tag:yaml.org,2002:int", r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:null", r"~|null|Null|NULL|", ["~", "n", "N", ""]),
)
StrictLoader.yaml_implicit_resolvers = {}
for _tag, _pattern, _firsts in _CORE:
    for _first in _firsts:
        StrictLoader.yaml_implicit_resolvers.setdefault(_first, []).append((_tag, re.compile(f"^(?:{_pattern})$")))
StrictLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])


def is_empty(node: Any) -> bool:
    """Whether a document is empty: nothing (or only ``null``) between its markers."""
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"
