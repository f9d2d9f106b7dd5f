"""What reading a log of any family shares: located errors, seats by name, the header."""

from __future__ import annotations

import re
from typing import Any

from .documents import node_line
from .errors import InputError, Location


class LogReader:
    """The base of each family's log reader: a schema-valid document, where it came from, its players."""

    def __init__(self, document: dict[str, Any], where: Location, node: Any = None) -> None:
        self.doc = document
        self.where = where
        self.node = node
        self.players = tuple(document["players"])
        self.seat_of = {name: seat for seat, name in enumerate(self.players)}

    def fail(
        self, message: str, path: str, hand: int | None = None, trick: int | None = None, seat: str | None = None
    ) -> InputError:
        """An InputError at a JSON path of the document (and its line, where the YAML node is known)."""
        line = self.where.line
        if self.node is not None:
            steps = [int(m[1]) if m[1] else m[2] for m in re.finditer(r"\[(\d+)\]|\.([^.\[]+)", path)]
            line = node_line(self.node, steps)
        return InputError(
            message,
            Location(
                file=self.where.file, line=line, path=path, game=self.where.game, hand=hand, trick=trick, seat=seat
            ),
        )

    def seat(self, name: str, path: str, hand: int | None = None, trick: int | None = None) -> int:
        """The seat of a player named in the log."""
        found = self.seat_of.get(name)
        if found is None:
            raise self.fail(f"{name!r} is not one of the players ({', '.join(self.players)})", path, hand, trick)
        return found

    def side_names(self) -> tuple[tuple[str, tuple[int, ...]], ...] | None:
        """The log's names for its sides, each with its seats."""
        sides = self.doc.get("sides")
        if sides is None:
            return None
        return tuple((name, tuple(self.seat(m, f"$.sides.{name}") for m in members)) for name, members in sides.items())

    def header(self) -> dict[str, Any]:
        """The fields every family's log object has besides its hands."""
        header = self.doc.get("game") or {}
        game_id = header.get("id")
        return {
            "players": self.players,
            "rules": header.get("rules"),
            "options": tuple((header.get("options") or {}).items()),
            "event": header.get("event"),
            "date": str(header["date"]) if "date" in header else None,
            "game_id": None if game_id is None else str(game_id),
            "side_names": self.side_names(),
            "file": self.where.file,
            "line": self.where.line,
            "index": self.where.game,
        }
