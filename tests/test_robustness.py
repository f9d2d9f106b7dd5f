"""Malformed logs never crash the referee: each gives a report or a located InputError, nothing else."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from tricks.test_logshape import mutated

import referee
from referee.errors import InputError, Location
from referee.gamelog import from_document

SPEC = referee.load_spec("spades/intramural")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_log_gives_a_report_or_a_located_error(document: Any) -> None:
    try:
        report = referee.audit(SPEC, from_document(document, Location(file="fuzz.json")))
    except InputError as error:
        assert error.location.file == "fuzz.json"
        assert error.message
        return
    assert report.exit_code in (0, 1, 2)
    report.as_dict()  # renders
