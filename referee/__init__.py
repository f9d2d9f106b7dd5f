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

from .user_cache import keep_method_code

keep_method_code()  # before any class is made: the code of dataclass methods kept between runs (see user_cache)

from .audit import audit  # noqa: E402
from .errors import InputError, Location  # noqa: E402
from .gamelog import GameLog, iter_games  # noqa: E402
from .gamelog import load as load_log  # noqa: E402
from .report import Code, Report, Severity, Violation  # noqa: E402
from .spec import Spec  # noqa: E402
from .spec import load as load_spec  # noqa: E402

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
