"""Who sits where, compiled from a spec: the player counts it allows, the sides, pass directions as seat offsets."""

from __future__ import annotations

from ..spec import Spec
from .deck import spec_error

NO_PASS = None  # in a pass cycle: no pass that hand


def sides_of(spec: Spec, seats: int) -> tuple[tuple[int, ...], ...]:
    """The sides (partnerships, or each player alone) of ``seats`` players, each a tuple of seats."""
    partners = spec.value("players.sides", "partners", "none")
    if partners == "none":
        return tuple((seat,) for seat in range(seats))
    if partners == "opposite":
        if seats % 2:
            raise spec_error(spec, f"partners cannot sit opposite with {seats} players", "players.sides")
        half = seats // 2
        return tuple(tuple(range(first, seats, half)) for first in range(half))
    sides = tuple(tuple(side) for side in partners)
    covered = sorted(seat for side in sides for seat in side)
    if covered != list(range(seats)):
        raise spec_error(
            spec, f"the sides {partners} do not cover each of seats 0..{seats - 1} exactly once", "players.sides"
        )
    return sides


def pass_offsets(cycle: list[str], sides: tuple[tuple[int, ...], ...], seats: int) -> tuple[int | None, ...]:
    """Each direction of a cycle as the seats from passer to receiver (None: no pass that hand).

    Raises ValueError for a direction these seats cannot have (across with an odd count, a partner with none).
    """
    out: list[int | None] = []
    for direction in cycle:
        if direction == "none":
            out.append(None)
        elif direction == "left":
            out.append(1)
        elif direction == "right":
            out.append(seats - 1)
        elif direction == "across" and seats % 2 == 0:
            out.append(seats // 2)
        elif direction == "partner" and all(len(side) == 2 for side in sides):
            out.append((sides[0][1] - sides[0][0]) % seats)
        else:
            raise ValueError(f"cannot pass {direction} with {seats} players")
    return tuple(out)


def seat_counts(spec: Spec) -> tuple[int, ...]:
    """The numbers of players a spec allows: its ``counts``, or its one ``count``."""
    count = int(spec.value("players.seats", "count", 4))
    return tuple(spec.value("players.seats", "counts", None) or (count,))
