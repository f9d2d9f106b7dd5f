"""Spec files' documents kept between runs, so that a run that reads no YAML log never imports PyYAML.

A bundled spec file's YAML is read once by the strict loader (:func:`referee.spec_files.read_raw` asks only for
the package's own, so the entries are as many as its files); its document is kept, beside the exact text it was
read from, as JSON in the user's cache folder (``$XDG_CACHE_HOME/referee``, else ``~/.cache/referee``), one file
per spec file. A later run reads it back when the spec file's text is still that text, character for character, and
the referee's version the same; else it reads the YAML again. PyYAML's import is ~12 ms of a run's start, and
reading a spec's YAML ~1.5 ms; JSON of the same document reads in ~0.1 ms.

Only a document that comes back from JSON exactly as it went in is kept (same types, values and key order:
no float NaN, no key but text, no integer past 64 bits). Nothing is ever written beside the spec or the logs;
a cache folder that cannot be written is passed over in silence.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from . import __version__, user_cache
from .user_cache import read_own, write_whole

FORMAT = 1  # what an entry holds: raised when that changes


# The bytes a file's name keeps as they are: URL quoting's unreserved ones (letters, digits, _ . - ~)
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def quoted(text: str) -> str | None:
    """``text`` as ``urllib.parse.quote(text, safe='')`` writes it (each byte of its UTF-8 but the unreserved ones
    as %XX), without importing urllib.parse (~10M instructions of a start, see stand_ins); a path's bytes that are no
    UTF-8 (held as surrogates) as they are on the disk, where quote refuses the text. None for a text no file's name
    holds (a lone surrogate of no byte)."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return None
    return "".join([chr(byte) if byte in _UNRESERVED else f"%{byte:02X}" for byte in data])


def _entry(path: Path) -> Path | None:
    """The cache file of a spec file (named by its whole resolved path, so two files never share one)."""
    where = user_cache.folder()
    whole = quoted(str(path.resolve()))
    name = f"spec-{whole}.json"
    if where is None or whole is None or len(name.encode()) > 255:  # longer than a file name may be: not kept
        return None
    return where / name


def document(path: Path, text: str) -> Any:
    """The document of a spec file whose text is ``text``: kept from an earlier run, else read now (and kept)."""
    entry = _entry(path)
    data = None if entry is None else read_own(entry)
    if data is not None:
        try:
            kept = orjson.loads(data)
            if kept["format"] == FORMAT and kept["referee"] == __version__ and kept["text"] == text:
                return kept["document"]
        except (ValueError, TypeError, KeyError):  # not one this referee wrote: read anew
            pass
    from .yaml_documents import parse_yaml

    parsed = parse_yaml(text, str(path))
    if entry is not None:
        _keep(entry, text, parsed)
    return parsed


def _keep(entry: Path, text: str, parsed: Any) -> None:
    try:
        data = orjson.dumps({"format": FORMAT, "referee": __version__, "text": text, "document": parsed})
    except (TypeError, orjson.JSONEncodeError):  # a key that is not text, an integer past 64 bits
        return
    if same(orjson.loads(data)["document"], parsed):  # not for NaN, or anything else JSON gives back otherwise
        write_whole(entry, data)


def same(a: Any, b: Any) -> bool:
    """Whether two documents are the same: equal values of the same types (``1``, ``1.0`` and ``True`` differ),
    and mappings with their keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(value, b[key]) for key, value in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
