"""The user's cache folder, and the code of the referee's dataclass methods kept there between runs.

:mod:`dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and
``__delattr__`` as Python text and compiles it as the class is made: ~240 small texts for the ~40 classes a check
run makes, a third of its start (~170M instructions, ~20 ms). Here the code compiled from each text is kept (by
:mod:`marshal`, one file per Python version), and a later run executes that code instead of compiling the same
text again: ``exec`` of the code compiled from a text is what ``exec`` of the text does, and a text not kept is
compiled as before. Only texts written for a class of the referee's own modules are looked up or kept.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

# Texts kept: a check run uses ~250, every command together some 300. Past this (classes edited often, several
# versions run), a process writes only the texts it used, so the file read at every start stays small.
MAX_KEPT = 600


# Set (to anything but nothing) to keep and read nothing: for a shared or read-only home, or a run that must leave
# no trace; dataclasses is then left as it is, too.
NO_CACHE = "REFEREE_NO_CACHE"


def folder() -> Path | None:
    """The cache folder (``$XDG_CACHE_HOME/referee``, else ``~/.cache/referee``), or None: no home known, or
    the cache turned off (``REFEREE_NO_CACHE``)."""
    if os.environ.get(NO_CACHE):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is ignored
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home directory known
            return None
    return Path(base) / "referee"


def write_whole(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all (a run reading it meanwhile sees the old or the new), readable and
    writable by its owner only; a folder that cannot be written is passed over in silence."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
        with open(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


def read_own(path: Path) -> bytes | None:
    """A cache file's bytes, if it is the user's own and no one else may write it: what is read back is run (the
    methods' code) or trusted (a spec's document), so a file someone else could have written is passed over."""
    try:
        with path.open("rb") as handle:
            info = os.fstat(handle.fileno())
            if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o022):
                return None
            return handle.read()
    except OSError:
        return None


def _methods_file() -> Path | None:
    where = folder()
    return None if where is None else where / f"methods-{sys.implementation.cache_tag}.marshal"


def _read_kept(path: Path | None) -> dict[str, CodeType]:
    """The code kept for each text, if the file was written by this very Python (its version string whole)."""
    data = None if path is None else read_own(path)
    if data is None:
        return {}
    try:
        version, codes = marshal.loads(data)
    except Exception:  # none yet, or not one this Python wrote whole: marshal raises EOFError, ValueError, ...
        return {}
    if version != sys.version or not isinstance(codes, dict) or len(codes) > MAX_KEPT:
        return {}
    return {text: code for text, code in codes.items() if type(text) is str and type(code) is CodeType}


class MethodCode:
    """Stands in for ``exec`` in :mod:`dataclasses`: a text written for a referee class runs as kept code."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.codes = _read_kept(path)
        self.fresh = 0  # texts compiled by this process, not yet written
        self.used: set[str] = set()
        self.pid = os.getpid()

    def __call__(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        # A text is compiled as dataclasses' own exec compiles it, with no __future__ import (dont_inherit): exec
        # of a text here would give it this module's `annotations`, and every __init__ of another module's class
        # annotations such as '_type_x', never evaluated (its __doc__ "P(x: '_type_x') -> '_return_type'").
        if type(source) is str and type(globals) is dict and str(globals.get("__name__")).startswith("referee."):
            code = self.codes.get(source)
            if code is None:
                code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.fresh += 1
            self.used.add(source)
            source = code
        elif isinstance(source, str):
            source = compile(source, "<string>", "exec", dont_inherit=True)
        exec(source, globals, locals)

    def write(self) -> None:
        """Keep what this process compiled (by the process that installed it: a forked worker leaves it)."""
        if self.fresh and self.path is not None and os.getpid() == self.pid:
            codes = self.codes if len(self.codes) <= MAX_KEPT else {text: self.codes[text] for text in self.used}
            write_whole(self.path, marshal.dumps((sys.version, codes)))
            self.fresh = 0


def keep_method_code() -> MethodCode | None:
    """Have :mod:`dataclasses` run kept code for the referee's classes from now on (once per process); None,
    with :mod:`dataclasses` left untouched, where there is no cache folder to keep it in."""
    current = getattr(dataclasses, "exec", None)
    if isinstance(current, MethodCode):
        return current
    path = _methods_file()
    if path is None:
        return None
    methods = MethodCode(path)
    dataclasses.exec = methods  # type: ignore[attr-defined]  # the name dataclasses calls, found before the builtin
    atexit.register(methods.write)
    return methods
