"""Audit one recorded game against a spec: the entry point every game family shares.

Options are applied here, once, the same way for every family; the replay
itself belongs to the family (:mod:`referee.tricks.audit`).
"""

from __future__ import annotations

from typing import Any

from .errors import InputError, Location
from .gamelog import GameLog
from .report import Report
from .spec import Spec, load
from .tricks import audit as trick_audit


def audit(spec: Spec | str, log: GameLog, options: dict[str, Any] | None = None) -> Report:
    """Audit one game against a spec (a :class:`Spec`, an id or a path); returns the report.

    Options the log's header sets are applied first, then ``options``.
    Raises :class:`~referee.errors.InputError` if the game cannot be audited
    against this spec at all (wrong number of players, unknown option).
    """
    base = spec if isinstance(spec, Spec) else load(spec)
    if log.options:  # the log's own choices: an error there is the log's, located in its header
        try:
            base = base.with_options(dict(log.options))
        except InputError as exc:
            where = Location(file=log.file, line=log.line, path="$.game.options", game=log.index)
            raise InputError(exc.message, where) from None
    if options:
        base = base.with_options({**dict(log.options), **options})
    return trick_audit.run(base, log)
