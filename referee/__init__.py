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

import gc

# Importing makes tens of thousands of containers that live as long as the process, so the collections it sets
# off (some 25 at the default threshold: a quarter of a check run's start is imports) find nothing to free and
# walk each of them twice, ~15M instructions. They are made with collections off, then moved to the oldest
# generation unwalked (gc.freeze, then gc.unfreeze: both move whole lists), where only a full collection looks;
# a process that froze objects of its own keeps them frozen (and pays the walks).
_collecting = gc.isenabled()
gc.disable()
try:
    from .user_cache import keep_method_code

    keep_method_code()  # before any class is made: the code of dataclass methods kept between runs (see user_cache)

    from .audit import audit
    from .errors import InputError, Location
    from .gamelog import GameLog, iter_games
    from .gamelog import load as load_log
    from .report import Code, Report, Severity, Violation
    from .spec import Spec
    from .spec import load as load_spec
finally:
    if not gc.get_freeze_count():
        gc.freeze()
        gc.unfreeze()
    if _collecting:
        gc.enable()

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
