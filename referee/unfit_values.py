"""Values a parser lets through that no game holds (a lone surrogate, a number too long or endless), found by
one walk of a parsed document, only where the parser saw a sign of one."""

from __future__ import annotations

import math
from typing import Any

from .errors import excerpt

MAX_DIGITS = 18  # no count or score in a game needs more; Python refuses to read 4,300


def walk_problem(document: Any) -> tuple[list[str | int], str] | None:
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
        elif isinstance(value, Unfit):
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


class Unfit:
    """A JSON number no game holds, kept where it stood so that the walk can say where it is."""

    def __init__(self, text: str) -> None:
        self.text = text
