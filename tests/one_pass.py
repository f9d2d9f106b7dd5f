"""What the one-pass readings of a log are held to: the schema check and the careful reading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import InputError, Location
from referee.schemas import validator

WHERE = Location(file="game.json")


def careful(read: Callable[[Any, Location], Any], document: Any) -> Any:
    """What the schema and a family's careful reading make of a document: its log, or its error's message."""
    errors = list(validator("game-log").iter_errors(document))
    if errors:
        return "schema: " + errors[0].message
    try:
        return read(document, WHERE)
    except InputError as exc:
        return exc.message
