"""Audit one recorded game against a spec: the entry point every game family shares.

Options are applied here, once, the same way for every family; the replay
itself belongs to the family (:mod:`referee.families` finds it).
"""

from __future__ import annotations

from typing import Any

from . import families
from .document_paths import key_step
from .errors import InputError
from .families import AnyLog
from .logreader import field_location
from .report import Report
from .spec import Spec, load, option_problem
from .spec_options import unmet_need


def audit(spec: Spec | str, log: AnyLog, options: dict[str, Any] | None = None) -> Report:
    """Audit one game against a spec (a :class:`Spec`, an id or a path); returns the report.

    Options the log's header sets are applied first, then ``options`` (which win over the header's).
    Raises :class:`~referee.errors.InputError` if the game cannot be audited
    against this spec at all (wrong number of players, unknown option).
    """
    base = spec if isinstance(spec, Spec) else load(spec)
    # (a game whose header chooses nothing, with no options given, nearly every one: played by the spec as it is)
    return families.audit(as_played(base, log, options) if log.options or options else base, log)


def as_played(spec: Spec, log: AnyLog, options: dict[str, Any] | None = None) -> Spec:
    """The spec a game was played under: the options its log's header sets, then ``options`` (which win).

    Raises :class:`~referee.errors.InputError`, located in the log's header, for an option the spec lacks or a
    value it cannot take, even one ``options`` replaces: the header is the log's record of the game, and a value
    no game of the spec has is a fault of the record, whatever the audit is told to apply instead.
    """
    base = spec
    for name, value in log.options:  # the log's own choices: an error there is the log's, located in its header
        problem = option_problem(base.id, base.options, name, value)
        if problem is not None:
            if options and name in options:  # (said so: the override was taken for a way round the header)
                problem += f"; --option {name} replaces the header's choice, not a value the spec cannot take"
            raise InputError(problem, field_location(log, "$.game.options" + key_step(name)))
    chosen = {**dict(log.options), **(options or {})}
    unmet = unmet_need(base.options, chosen) if chosen else None  # (most games choose nothing: no look)
    if unmet is not None:  # said at the header's choice of either option, or at the header that makes none
        name, problem = unmet
        header = dict(log.options)
        named = next((n for n in (name, *(other for other, _ in base.options[name].needs)) if n in header), None)
        path = "$.game" if named is None else "$.game.options" + key_step(named)
        raise InputError(problem, field_location(log, path))
    return base.with_options(chosen) if chosen else base


def enforceable(spec: Spec, options: dict[str, Any] | None = None) -> Spec:
    """The spec with ``options`` set, compiled once: raises :class:`~referee.errors.InputError` (located in the
    spec) if the referee cannot enforce it, so a run over many games can refuse it once, before the first."""
    chosen = spec.with_options(options, whole=False) if options else spec  # a header may set what an option needs
    families.compile_spec(chosen)
    return chosen
