"""Plain words shared by every family's rulebook wording: a clause's fields, values and counts."""

from __future__ import annotations

from typing import Any


class Fields:
    """A clause's data fields; remembers which ones a description used, so none is left unshown."""

    def __init__(
        self, data: dict[str, Any], chosen: frozenset[str] = frozenset(), alone: bool = False, at_once: bool = False
    ) -> None:
        self.data = data
        self.chosen = chosen  # the fields an option of the table sets
        self.alone = alone  # every player plays for themselves: a side is one player
        self.at_once = at_once  # the game is won the moment the target is reached, not after the hand
        self.used: set[str] = set()

    def who(self, side: str, player: str) -> str:
        """The words of a side (``"A side that"``), or of a player where every player plays alone (``"A player
        who"``): a rulebook for Solo Spades, Hearts or All Fives spoke of sides nobody at the table forms."""
        return player if self.alone else side

    def get(self, key: str, default: Any = None) -> Any:
        self.used.add(key)
        return self.data.get(key, default)

    def rest(self) -> dict[str, Any]:
        return {k: v for k, v in self.data.items() if k not in self.used}


def words(name: str) -> str:
    return name.replace("_", " ")


def show(value: Any) -> str:
    """A data value in plain words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | dict) and not value:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{words(str(k))} {show(v)}" for k, v in value.items())
    if isinstance(value, str):
        return words(value)
    return str(value)


def count(n: int, one: str, many: str | None = None, thousands: bool = False) -> str:
    """``1 card``, ``2 cards``; with ``thousands`` a run's figures, their thousands marked: ``12,000 hands``."""
    figure = f"{n:,}" if thousands else str(n)
    return f"{figure} {one}" if n == 1 else f"{figure} {many or one + 's'}"


def counts(numbers: list[int] | tuple[int, ...]) -> str:
    """Numbers allowed, as a rule says them: "4", "3 to 7" (a run), "2, 4 or 6" (not "2 or 3 or 4", "3, 4, 5, 6, 7")."""
    if len(numbers) > 2 and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    shown = [str(n) for n in numbers]
    return " or ".join(shown) if len(shown) < 3 else f"{', '.join(shown[:-1])} or {shown[-1]}"


_TIMES = {1: "once", 2: "twice", 3: "three times"}


def times(n: object) -> str:
    """A multiple in words: "once", "twice", "three times", "4 times" (never "1 times")."""
    return _TIMES[n] if isinstance(n, int) and n in _TIMES else f"{show(n)} times"
