"""referee: audit recorded Spades, Hearts and Dominoes games against rule specs.

The API in one screen::

    import referee
    spec = referee.load_spec("spades/intramural")      # by id or path
    log = referee.load_log("examples/spades/intramural/clean.yaml")
    report = referee.audit(spec, log)
    report.violations, report.hands, report.winner
"""

from __future__ import annotations

__version__ = "0.1.0"

from .audit import audit
from .errors import InputError, Location
from .gamelog import GameLog, iter_games
from .gamelog import load as load_log
from .report import Code, Report, Severity, Violation
from .spec import Spec
from .spec import load as load_spec

__all__ = [
    "Code",
    "GameLog",
    "InputError",
    "Location",
    "Report",
    "Severity",
    "Spec",
    "Violation",
    "audit",
    "iter_games",
    "load_log",
    "load_spec",
]
