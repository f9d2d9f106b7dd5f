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
from .unfit_values import MAX_DIGITS

MAX_ALIASES = 100
MAX_DEPTH = 64
MAX_ALIAS_NODES = 10_000  # nodes that aliases may stand for in all: a few aliases can expand a billion-fold
# Values in one document: a hand of a trick game holds ~250 (a six-handed one ~420), so this is a game
# of 150 to 240 hands, about as many as yaml_documents.MAX_YAML_CHARS admits; the pure-Python loader reads it in ~1 s.
MAX_NODES = 60_000


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


UNFIT = (ValueError, TypeError, OverflowError, KeyError, AttributeError, IndexError)


def _error(problem: str, mark: Any) -> yaml.MarkedYAMLError:
    return yaml.MarkedYAMLError(None, None, problem, mark)


class _Strict:
    """What both loaders share: the core schema's integers.

    Marks (and so errors) count lines from the start of the text given; ``first_line`` (0-based) is where that
    text starts in its file: a document's root node carries it as ``line_offset`` (see
    :func:`referee.document_paths.node_line`), and the duplicate-key message adds it.
    """

    _offset = 0

    def construct_yaml_int(self, node: Any) -> int:
        """A core-schema integer: decimal (a leading 0 is not octal), ``0o`` octal or ``0x`` hex."""
        text = str(self.construct_scalar(node)).replace("_", "")  # type: ignore[attr-defined]
        digits = text.lstrip("+-")
        if len(digits) > MAX_DIGITS:
            raise _error(f"a number of {len(digits)} digits (at most {MAX_DIGITS})", node.start_mark)
        if digits[:2] in ("0o", "0x", "0b"):
            value = int(digits[2:], {"0o": 8, "0x": 16, "0b": 2}[digits[:2]])
            return -value if text.startswith("-") else value
        return int(text, 10)


class PureStrictLoader(_Strict, yaml.SafeLoader):
    """The strict loader on PyYAML's pure-Python parser: every bound checked as each node is composed, every
    refusal in its own words. It decides (and explains) whatever the C loader declines."""

    needs_walk = True  # what it builds may hold a lone surrogate or a float no game holds: walked after

    def __init__(self, stream: str, first_line: int = 0) -> None:
        super().__init__(stream)
        self._offset = first_line
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
            event = self.peek_event()  # type: ignore[no-untyped-call]
            self._alias(self.anchors.get(event.anchor), event.start_mark)
        self._depth += 1
        try:
            self._nodes += 1
            if self._nodes > MAX_NODES:
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise _error(
                    f"more than {MAX_NODES} values in one document (write a game this long as JSON)", event.start_mark
                )
            if self._depth > MAX_DEPTH:
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise _error(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _alias(self, target: Any, mark: Any) -> None:
        """Count an alias and what it stands for (an unknown anchor is left to the parser's own error)."""
        self._aliases += 1
        if self._aliases > MAX_ALIASES:
            raise _error(f"more than {MAX_ALIASES} aliases (a YAML bomb?)", mark)
        if target is not None:
            self._alias_nodes += _node_size(target, self._sizes)
            if self._alias_nodes > MAX_ALIAS_NODES:
                raise _error(f"aliases expand to more than {MAX_ALIAS_NODES} values (a YAML bomb?)", mark)

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except UNFIT:  # an explicit tag on a value it cannot take (!!float abc, !!bool maybe)
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
                first = seen[key].line + 1 + self._offset
                raise _error(f"duplicate key {shown} (first at line {first})", key_node.start_mark)
            seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)


class Declined(yaml.YAMLError):
    """The C loader cannot vouch for a text (an alias, a bound passed, a duplicate key, any error): the pure
    loader reads it again, to accept it or to say, located, what is wrong."""


# Where an alias may start: after a space, a line's start, a flow bracket, comma or colon, and a name follows. A "*"
# in a quote or a word ("***NOTE") is not one; a plain scalar that looks like one only sends its text to the
# pure loader.
_ALIAS = re.compile(r"(?:^|[\s\[{,:])\*[^\s\]},]", re.MULTILINE)
_PLAIN_TAGS: dict[str, str] = {}  # a plain scalar's resolved tag, by its text: a log repeats the same few hundred
_DEFAULT_TAGS = {yaml.SequenceNode: "tag:yaml.org,2002:seq", yaml.MappingNode: "tag:yaml.org,2002:map"}


class CStrictLoader(_Strict, yaml.CSafeLoader):
    """The strict loader on libyaml's C parser, for texts it can vouch for at C speed: no alias at all, the
    pure loader's bounds on values and nesting kept (counted once a document is composed, before anything is
    built from it), no duplicate key. Anything else it declines (see :class:`Declined`)."""

    needs_walk = False  # set when it builds a float (libyaml itself refuses a lone surrogate)
    # The composer calls these two for every node, to follow a path resolver; none is ever added (tags are
    # resolved by value alone, see _CORE), so C builtins that merely take the arguments stand in for PyYAML's
    # methods, which would cost a Python frame a node (~7% of a log's parse).
    descend_resolver = slice  # type: ignore[assignment]  # called with (parent, index)
    ascend_resolver = tuple  # type: ignore[assignment]  # called with nothing

    def __init__(self, stream: str, first_line: int = 0) -> None:
        # a tab: libyaml takes it as white space where the pure scanner refuses it (after a colon, in a plain value)
        if "\t" in stream:
            raise Declined("a tab is read by the pure-Python loader")
        # perhaps an alias: the pure loader counts what aliases stand for (an alias needs a "*": the test for one,
        # at memchr speed, spares most logs the pattern's search, ~0.2 ms a game)
        if "*" in stream and _ALIAS.search(stream):
            raise Declined("aliases are read by the pure-Python loader")
        super().__init__(stream)
        self._offset = first_line

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            if not implicit[0]:
                return "tag:yaml.org,2002:str"
            tag = _PLAIN_TAGS.get(value)
            if tag is None:
                tag = str(super().resolve(kind, value, implicit))  # type: ignore[no-untyped-call]
                if len(_PLAIN_TAGS) < 100_000 and len(value) <= 64:  # names, cards, numbers: not long texts
                    _PLAIN_TAGS[value] = tag
            return tag
        return _DEFAULT_TAGS[kind]

    def get_node(self) -> Any:
        node = super().get_node()
        if node is not None and not _within_bounds(node):
            raise Declined("a bound passed")
        return node

    def construct_document(self, node: Any) -> Any:
        """The document's data, built straight from its tree (no alias can share a node): plain str, int,
        float, bool and null values, lists and dicts; any other tag, or a key twice, is declined."""
        scalars: dict[str, Any] = {
            _STR: str,
            _INT: lambda n: self.construct_yaml_int(n),
            _BOOL: lambda n: _BOOLS[n.value],  # an explicit !!bool on another word: declined, as KeyError
            _NULL: lambda n: None,
            _FLOAT: self._float,
        }
        # built by a module function, not a recursive closure: a closure that calls itself is a reference cycle
        # (and through ``scalars``, this loader with it), left for a collection to free (batch_run._few_collections)
        return _build(node, scalars)

    def _float(self, node: Any) -> Any:
        self.needs_walk = True  # inf, nan or a huge float: the walk says where
        return self.construct_yaml_float(node)


def _build(node: Any, scalars: dict[str, Any]) -> Any:
    """A node's value (see CStrictLoader.construct_document), its scalars made by ``scalars``, by tag."""
    cls = node.__class__
    if cls is _SEQ_NODE:
        if node.tag != _SEQ:
            raise Declined("a tagged sequence")
        return [_build(item, scalars) for item in node.value]
    if cls is _MAP_NODE:
        if node.tag != _MAP:
            raise Declined("a tagged mapping")
        pairs = node.value
        data = {_build(key, scalars): _build(value, scalars) for key, value in pairs}
        if len(data) != len(pairs):  # a key twice
            raise Declined("a duplicate key")
        return data
    make = scalars.get(node.tag)
    if make is None:  # a tag of YAML 1.1 (a date, bytes), a merge key, or one of the writer's own
        raise Declined("another tag")
    return node.value if make is str else make(node)


_SEQ_NODE, _MAP_NODE = yaml.SequenceNode, yaml.MappingNode
_BOOLS = {word: word[0] in "tT" for word in ("true", "True", "TRUE", "false", "False", "FALSE")}
_STR, _INT, _FLOAT, _BOOL, _NULL, _SEQ, _MAP = (
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")
)


def _within_bounds(root: Any) -> bool:
    """Whether a document composed without aliases (a tree) keeps to MAX_NODES values and MAX_DEPTH levels."""
    level, depth, nodes = [root], 1, 0
    mapping = yaml.MappingNode
    while level:
        nodes += len(level)
        if nodes > MAX_NODES or depth > MAX_DEPTH:
            return False
        below: list[Any] = []
        for node in level:
            value = node.value
            if value.__class__ is list:
                if node.__class__ is mapping:
                    for pair in value:
                        below.extend(pair)
                else:
                    below.extend(value)
        level, depth = below, depth + 1
    return True


StrictLoader: type[PureStrictLoader] | type[CStrictLoader] = (
    CStrictLoader if getattr(yaml, "__with_libyaml__", False) else PureStrictLoader
)


def loader_note() -> str:
    """Which YAML parser reads logs and specs, for ``referee --version``."""
    if StrictLoader is CStrictLoader:
        return "YAML read by libyaml's C parser"
    return "YAML read by PyYAML's pure-Python parser (slower: libyaml is not installed)"


def _not_core(loader: Any, node: Any) -> Any:
    raise _error(f"the tag !!{node.tag.rsplit(':', 1)[-1]} has no place in a log or a spec", node.start_mark)


def _merge_key(loader: Any, node: Any) -> Any:
    # "<<" resolves as YAML 1.1's merge key (else it would be taken for a field of that name), which the core
    # schema the logs and specs are read by does not have: said as such, not as a tag without a constructor
    raise _error("a merge key (<<) has no place in a log or a spec: write the fields out in full", node.start_mark)


for _loader in (PureStrictLoader, CStrictLoader):
    _loader.add_constructor("tag:yaml.org,2002:int", _Strict.construct_yaml_int)  # type: ignore[type-var]
    _loader.add_constructor("tag:yaml.org,2002:merge", _merge_key)
    # YAML 1.1's other types (bytes, sets, dates, ordered pairs) are not JSON's: a log or a spec holds none of them.
    for _tag in ("binary", "timestamp", "omap", "pairs", "set"):
        _loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _not_core)

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
_RESOLVERS: dict[Any, list[tuple[str, re.Pattern[str]]]] = {}
for _tag, _pattern, _firsts in _CORE:
    for _first in _firsts:
        _RESOLVERS.setdefault(_first, []).append((_tag, re.compile(f"^(?:{_pattern})$")))
_RESOLVERS.setdefault("<", []).append(("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$")))
PureStrictLoader.yaml_implicit_resolvers = CStrictLoader.yaml_implicit_resolvers = _RESOLVERS


def is_empty(node: Any) -> bool:
    """Whether a document is empty: nothing (or only ``null``) between its markers."""
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"
