"""One JSON value read strictly: a duplicate key, NaN or Infinity, a lone surrogate or a number past MAX_DIGITS
is an error, located."""

from __future__ import annotations

import contextlib
import json
import json.scanner
import math
import re
from collections.abc import Callable
from itertools import repeat
from typing import Any

import orjson

from .document_paths import json_path
from .errors import InputError, Location
from .unfit_values import MAX_DIGITS, Unfit, walk_problem


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


def plain_value(text: str) -> Any:
    """A JSON text decoded with no check beyond JSON's grammar (a ValueError where it fails that), for the one-pass
    readers, which vouch for the rest (``logreader.read_in_one_pass``): what ``json.loads`` gives, faster.

    orjson gives what ``json.loads`` gives on every text the readers take it from (one with no backslash), but
    where it refuses what ``json.loads`` takes: NaN and the infinities, nesting past 1,024, a number that is
    infinite as a float. Where they differ it is outside what parse_json lets through, which the readers refuse
    too: an integer beyond 64 bits, which orjson reads as a float (a float of that size is past MAX_DIGITS).
    Duplicate keys: both keep the last value, at the first one's place.
    """
    return orjson.loads(text)


def cut_values(
    text: str, opener: str, closer: str, apart: Callable[[str, str], tuple[str, str, str]] = str.partition
) -> tuple[list[str], str] | None:
    """The text from each ``opener`` to the first ``closer`` after it (a *segment* each), and the text with each
    opener, segment and closer written ``opener`` + the closer's last character (an opener opening an array or an
    object, its closer closing it: a text to decode without the segments); None where an opener has no closer
    after it. ``apart``: ``str.rpartition`` cuts each segment at the last closer before the next opener (or the
    text's end) instead, for a caller that reads a segment only where it holds no closer, or decodes it by itself
    (the text with each segment and closer put back is the text, wherever it was cut)."""
    parts = text.split(opener)
    if len(parts) == 1:
        return [], text
    # each part taken apart at its closer, its three pieces gathered by one zip (where three maps of an itemgetter
    # over the partitions cost some 4k instructions more a call, four calls a game); each partition is three
    # pieces, so no strict=True (a keyword zip parses by a slow path)
    segments, closers, rests = zip(*map(apart, parts[1:], repeat(closer)))  # noqa: B905
    if "" in closers:
        return None
    return [*segments], (opener + closer[-1]).join([parts[0], *rests])


def plain_note() -> str:
    """Which library decodes JSON Lines, for ``referee --version``."""
    return f"JSON read by orjson {orjson.__version__}"


def parse_json(text: str, name: str, line: int | None = None) -> Any:
    """One JSON value; duplicate keys, NaN, lone surrogates and numbers past MAX_DIGITS are errors."""
    unfit: list[str] = []

    def integer(digits: str) -> Any:  # the C parser calls it for each integer: kept short
        if len(digits) <= MAX_DIGITS or (len(digits) == MAX_DIGITS + 1 and digits[0] == "-"):
            return int(digits)
        unfit.append(digits)
        return Unfit(digits)

    def real(digits: str) -> Any:
        value = float(digits)
        if math.isfinite(value) and abs(value) < 10**MAX_DIGITS:
            return value
        unfit.append(digits)
        return Unfit(digits)

    try:
        document = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant, parse_int=integer, parse_float=real
        )
    except json.JSONDecodeError as exc:
        at = (line or 1) + exc.lineno - 1
        # (the decoder's "Invalid control character at" and "Unterminated string starting at" name their place
        # after the message, which the column gives here)
        message = exc.msg.removesuffix(" at")
        raise InputError(f"not valid JSON: {message} (column {exc.colno})", Location(file=name, line=at)) from None
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
        found_problem = walk_problem(document)
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
