"""Scalars as JSON, written as ``json.dumps(value, ensure_ascii=False)`` writes them without its call where it
can be: what the JSON report's writers (:mod:`referee.report_json`, :mod:`referee.sheet_json`) share."""

from __future__ import annotations

import json
from math import isfinite

KEPT = 512  # entries a writer's cache (line ends, heads, texts) holds before it starts afresh: an archive has few


def dumps(value: object) -> str:
    """The encoder's text of any value (what every fast path here must equal)."""
    return json.dumps(value, ensure_ascii=False)


def key(name: object) -> str:
    """A dict's key as the encoder writes it: text as a string, and a key of another kind (a bool, an int: only a
    made-up report's names) as the string the encoder makes of it (True: "true", 1: "1")."""
    return dumps(name) if type(name) is str else dumps({name: 0})[1:-4]


def string(text: str) -> str:
    """A string as JSON: as it is, quoted, where the encoder escapes nothing in it (it escapes only quotes,
    backslashes and control characters, none of which is printable); else the encoder's text."""
    if type(text) is str and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return dumps(text)


def value(item: object) -> str:
    """A scalar as JSON: ints, nulls, bools, strings and finite floats written directly (a float's repr is the
    encoder's text where it is finite), anything else by the encoder."""
    kind = type(item)
    if kind is int:
        return str(item)
    if item is None:
        return "null"
    if kind is bool:
        return "true" if item else "false"
    if kind is str:
        return string(item)  # type: ignore[arg-type]
    if kind is float and isfinite(item):  # type: ignore[arg-type]
        return repr(item)
    return dumps(item)
