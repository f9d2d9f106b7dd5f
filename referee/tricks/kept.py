"""A value of the replay worked out on its first use and kept: a game's lane tables, its whole-game answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class kept:
    """functools.cached_property without its lock (Python 3.11 takes one at each first use, once a game here):
    the value worked out on first use is kept in the instance's ``__dict__``, which is then found first."""

    def __init__(self, work: Callable[[Any], Any]) -> None:
        self.work = work
        self.name = work.__name__

    def __get__(self, replay: Any, owner: type | None = None) -> Any:
        if replay is None:
            return self
        value = replay.__dict__[self.name] = self.work(replay)
        return value
