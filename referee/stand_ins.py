"""Modules of the standard library kept from loading at every start, where the module that imports them uses them
for one rare call.

:mod:`dataclasses` imports :mod:`inspect` (and with it ast, dis, tokenize and linecache: some 170 classes made, the
AST's node types among them, ~19M instructions, 8% of a check's start) for ``inspect.signature``, called only for
a class made without a docstring (to write it one); :mod:`pathlib` imports :mod:`urllib.parse` (and ipaddress: ~10M)
for ``quote_from_bytes``, called only by ``Path.as_uri``. While :func:`import_without` imports such a module, the
one it names sits in ``sys.modules`` as a stand-in, whose named function imports the real module when first called
and calls its own; any other name asked of the stand-in imports the real module at once and answers from it. The
stand-in leaves ``sys.modules`` as soon as the import is done, so that any later ``import inspect`` (or
``urllib.parse``) gets the real module, as before: only the one importer's name points at the stand-in.

:mod:`uuid` (which orjson imports as it loads) imports :mod:`platform` (~8M instructions, nine patterns compiled)
to ask ``platform.system()`` once, whether it runs on AIX or Linux; the stand-in answers it as platform does on a
POSIX system, from ``os.uname()``, and platform is not imported at all. And orjson imports :mod:`datetime` (~4.5M:
the whole module written in Python, then replaced by its C version's names) for its C interface alone (the capsule
``datetime_CAPI``, the very one datetime hands on from ``_datetime``), which the stand-in holds.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import Any


class _StandIn(ModuleType):
    """A module's name held by another module that imports it: the real module is imported when it is first used."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of any module (__path__, ...): not there
            raise AttributeError(name)
        return getattr(_real(self.__name__), name)


def _real(name: str) -> ModuleType:
    """The module itself (imported now, the stand-in taken out of ``sys.modules`` first if it is still there)."""
    if isinstance(sys.modules.get(name), _StandIn):
        del sys.modules[name]
    __import__(name)
    return sys.modules[name]


def _calls_later(module: str, name: str) -> Any:
    def later(*args: Any, **kwargs: Any) -> Any:
        return getattr(_real(module), name)(*args, **kwargs)

    later.__name__ = later.__qualname__ = name
    return later


def import_without(importer: str, module: str, function: str, answer: Any = None) -> None:
    """Import ``importer`` with ``module`` standing in until ``function`` is called (where neither is imported yet:
    else as ``import`` would); or, given ``answer``, with that name holding it, the module not imported for it."""
    if importer in sys.modules or module in sys.modules:
        __import__(importer)
        return
    stand_in = _StandIn(module)
    setattr(stand_in, function, answer or _calls_later(module, function))
    sys.modules[module] = stand_in
    try:
        __import__(importer)
    finally:
        if sys.modules.get(module) is stand_in:
            del sys.modules[module]


def system_name() -> str:
    """What ``platform.system()`` answers on a POSIX system: the system's own name, as uname gives it."""
    return os.uname().sysname


def importing_less() -> None:
    """Import :mod:`dataclasses` and :mod:`pathlib` without what they import for one rare call, :mod:`uuid` without
    :mod:`platform`, and orjson without :mod:`datetime`."""
    import_without("dataclasses", "inspect", "signature")
    import_without("pathlib", "urllib.parse", "quote_from_bytes")
    if sys.platform not in ("win32", "darwin") and hasattr(os, "uname"):  # where uuid asks platform at all
        import_without("uuid", "platform", "system", answer=system_name)
    try:
        import _datetime  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # (a Python with no C datetime: datetime is what orjson gets)
        return
    import_without("orjson", "datetime", "datetime_CAPI", answer=_datetime.datetime_CAPI)
