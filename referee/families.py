"""The game families, and the one place a spec or a log is told to belong to one.

Everything else is shared (spec loading, options, log files, reports, the
CLI, the simulator's driver); each family brings its compiler, log reader,
replay and simulator, and these are found here by the spec's ``family`` or
the log document's shape.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .dominoes import audit as domino_audit
from .dominoes import log as domino_log
from .dominoes import picture as domino_picture
from .dominoes import simulate as domino_simulate
from .dominoes import tables as domino_tables
from .errors import InputError, Location
from .report import Report
from .spec import Spec
from .tricks import audit as trick_audit
from .tricks import log as trick_log
from .tricks import picture as trick_picture
from .tricks import simulate as trick_simulate
from .tricks import tables as trick_tables

AnyLog = trick_log.GameLog | domino_log.DominoLog


@dataclass(frozen=True)
class Family:
    """What one family brings: how to compile a spec, read a log, replay it and simulate a game."""

    name: str
    log_type: type
    compile_spec: Callable[[Spec], object]
    read_log: Callable[[dict[str, Any], Location, Any], AnyLog]
    run: Callable[[Spec, Any], Report]
    simulate_game: Callable[..., dict[str, Any]]
    # The picture of a game's play for ``check --format html``: (hand number, HTML) per hand; None draws none.
    draw: Callable[[Spec, Any, Report], list[tuple[int, str]]] | None = None
    # The log read in one pass without the schema, or None where that pass cannot vouch for the document.
    read_fast: Callable[[Any, Location], AnyLog | None] | None = None


TRICKS = Family(
    "trick-taking",
    trick_log.GameLog,
    trick_tables.compile_spec,
    trick_log.read,
    trick_audit.run,
    trick_simulate.simulate_game,
    trick_picture.draw,
    trick_log.read_fast,
)
DOMINOES = Family(
    "domino",
    domino_log.DominoLog,
    domino_tables.compile_spec,
    domino_log.read,
    domino_audit.run,
    domino_simulate.simulate_game,
    domino_picture.draw,
    domino_log.read_fast,
)
BY_SPEC_FAMILY = {"spades": TRICKS, "hearts": TRICKS, "dominoes": DOMINOES}


def of_spec(spec: Spec) -> Family:
    """The family a spec's rules belong to."""
    return BY_SPEC_FAMILY[spec.family]


def of_document(document: Any) -> Family:
    """The family a log document records: a domino game has a draw, a boneyard or plays."""
    return DOMINOES if domino_log.is_domino_document(document) else TRICKS


def pictures(spec: Spec, log: AnyLog, report: Report) -> list[tuple[int, str]]:
    """The picture of a game's play, hand by hand, as its family draws it (none where it draws none)."""
    draw = of_spec(spec).draw
    return [] if draw is None else draw(spec, log, report)


def compile_spec(spec: Spec) -> object:
    """Compile a spec with its family's compiler (raises Unsupported or InputError)."""
    return of_spec(spec).compile_spec(spec)


def audit(spec: Spec, log: AnyLog) -> Report:
    """Replay a log with its spec's family; a log of another family cannot be audited against it."""
    family = of_spec(spec)
    if not isinstance(log, family.log_type):
        raise InputError(
            f"{spec.id} is a {family.name} rule set; this log records a game of another family",
            Location(file=log.file, line=log.line, game=log.index),
        )
    return family.run(spec, log)


def simulate_game(
    spec: Spec,
    rng: random.Random,
    players: tuple[str, ...] | None = None,
    with_score: bool = True,
    game_id: str | None = None,
    seats: int | None = None,
) -> dict[str, Any]:
    """One legal game under a spec, by its family's simulator (``seats``: how many players, unnamed)."""
    return of_spec(spec).simulate_game(spec, rng, players=players, with_score=with_score, game_id=game_id, seats=seats)
