"""Input that cannot be audited: where it is and what is wrong with it."""

from __future__ import annotations

from dataclasses import dataclass, replace

MAX_MESSAGE = 400  # characters: a message quotes the input, which may be anything, a whole file even


def _one_line(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with control characters escaped: an error stays one short line."""
    cut = text[:limit] + ("…" if len(text) > limit else "")
    return cut if cut.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)


def shown_name(name: str) -> str:
    """A file's name as messages and reports show it: at most MAX_MESSAGE // 2 characters, control characters and
    the bytes the system's encoding could not decode (lone surrogates: no UTF-8 output holds them) escaped."""
    return _one_line(name, MAX_MESSAGE // 2)


@dataclass(frozen=True)
class Location:
    """Where something is: a file and line, a JSON path, and the game place."""

    file: str | None = None
    line: int | None = None
    path: str | None = None
    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    seat: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        elif self.line:
            parts.append(f"line {self.line}")
        if self.game is not None:
            parts.append(f"game {self.game}")
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.path:
            parts.append(f"at {self.path}")
        return ", ".join(parts)

    def as_dict(self) -> dict[str, object]:
        """The location's known parts, for JSON."""
        return {k: v for k, v in self.__dict__.items() if v is not None}


class InputError(Exception):
    """Input that is unreadable or malformed: reported with its location, exit code 2."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        message = _one_line(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        where = location or Location()
        if where.path is not None and (len(where.path) > MAX_MESSAGE // 4 or not where.path.isprintable()):
            where = replace(where, path=_one_line(where.path, MAX_MESSAGE // 4))  # a path through a key of the input
        if where.file is not None and (len(where.file) > MAX_MESSAGE // 2 or not where.file.isprintable()):
            where = replace(where, file=shown_name(where.file))  # a name a spec or a log wrote
        self.location = where

    def __str__(self) -> str:
        where = str(self.location)
        return f"{where}: {self.message}" if where else self.message

    def at(self, **where: object) -> InputError:
        """The same error with more of its location filled in (known parts kept)."""
        known = self.location.as_dict()
        merged = {**{k: v for k, v in where.items() if v is not None}, **known}
        return InputError(self.message, Location(**merged))  # type: ignore[arg-type]


def as_yaml(value: object) -> str:
    """A value from the input as a message shows it: text quoted (so that "" and " " are seen), null, true and false
    bare, as YAML writes them (not Python's None, True and False), anything else as Python writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def excerpt(value: object, limit: int = 60) -> str:
    """A short, escaped rendering of a value from the input, for an error message.

    Input may be anything, a whole file even: messages quote at most ``limit``
    characters of it, with control characters and lone surrogates escaped.
    """
    text = value if isinstance(value, str) else repr(value)  # repr escapes what it holds
    shown = repr(text[:limit]) if isinstance(value, str) else text[:limit]
    return shown + ("…" if len(text) > limit else "")


class Unsupported(InputError):
    """A spec clause the referee cannot enforce yet (so it will not pretend to)."""
