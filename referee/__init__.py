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
import os
import sys
from itertools import pairwise


def stop_while_loading(signum: int, frame: object) -> None:
    """Ctrl-C while the ``referee`` command's modules load: the run ends as one stopped later does, exit code 130,
    where Python's own handler printed a traceback of the import it cut (~40 ms of every start, more on a busy
    machine). :func:`referee.cli.main_exit` sets Python's handler back once they are loaded."""
    os._exit(130)


def _run_as_referee() -> bool:
    """Whether this process is the referee command starting: the console script (a program named referee), or
    ``python -m referee``, whose package is imported while ``sys.argv[0]`` is still ``-m`` (Python's own command
    line says which module: a program run with -m that imports referee later keeps its own Ctrl-C)."""
    first = (getattr(sys, "argv", None) or [""])[0]
    if os.path.basename(first) == "referee":
        return True
    line = getattr(sys, "orig_argv", [])
    return first == "-m" and ("-mreferee" in line or ("-m", "referee") in pairwise(line))


if _run_as_referee():  # starting
    # (the C module signal.py wraps: its import makes IntEnums of the constants, ~3M instructions of every start)
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]

    # (not where Ctrl-C is ignored, as in a job the shell started in the background)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, stop_while_loading)

# Importing makes tens of thousands of containers that live as long as the process, so the collections it sets
# off (some 25 at the default threshold: a quarter of a check run's start is imports) find nothing to free and
# walk each of them twice, ~15M instructions. They are made with collections off, then moved to the oldest
# generation unwalked (gc.freeze, then gc.unfreeze: both move whole lists), where only a full collection looks;
# a process that froze objects of its own keeps them frozen (and pays the walks).
_collecting = gc.isenabled()
gc.disable()
try:
    from .stand_ins import importing_less

    importing_less()  # dataclasses without inspect, pathlib without urllib.parse (see stand_ins)

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
