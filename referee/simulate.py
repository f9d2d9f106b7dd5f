"""The simulator's driver: reproducible runs of random legal games, for any family.

How one game is played is the family's (found by :mod:`referee.families`);
seeding, numbering and game ids are shared.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .families import simulate_game
from .spec import Spec

__all__ = ["simulate", "simulate_game"]


def simulate(
    spec: Spec,
    games: int,
    seed: int | None = None,
    with_score: bool = True,
    players: tuple[str, ...] | None = None,
    seats: int | None = None,
) -> Iterator[dict[str, Any]]:
    """``games`` legal games, reproducible from ``seed``, each with an id naming its seed and number.

    ``players`` names the players; ``seats`` says only how many (where the rules allow several counts).
    """
    rng = random.Random(seed)
    for number in range(1, games + 1):
        game_id = f"sim-{seed}-{number}" if seed is not None else f"sim-{number}"
        yield simulate_game(spec, rng, players=players, with_score=with_score, game_id=game_id, seats=seats)
