"""What a hand's checks work out once per compiled spec and reuse for every hand: a cache by the Tables' identity.

Hashing a :class:`~.tables.Tables` (well over a hundred fields) costs microseconds, so these caches are keyed by
its ``id`` and hold the Tables itself, so an id is never taken for another Tables' after the first is gone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .tables import Tables

T = TypeVar("T")
_LIMIT = 64  # Tables made per game (a log's own sides) come and go: a cache past this many starts again


def per_tables(cache: dict[int, tuple[Tables, T]], t: Tables, build: Callable[[Tables], T]) -> T:
    """``build(t)``, made once per Tables and kept in ``cache``."""
    entry = cache.get(id(t))
    if entry is None or entry[0] is not t:
        if len(cache) > _LIMIT:
            cache.clear()
        entry = cache[id(t)] = (t, build(t))
    return entry[1]
