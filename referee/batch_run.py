"""The driver of a ``referee check`` run over many games: in order, on all cores, interruptible.

Units of work (:mod:`referee.batch_inputs`) are audited in this process
(``--jobs 1``, or a run of one unit), or shared by this process and
``--jobs`` - 1 workers (:mod:`referee.batch_pool`), a few units in flight per
worker so that memory stays flat; results are written in input order either way, so the output does not
depend on ``--jobs``. Ctrl-C stops
the run with the summary of what was checked and exit code 130; after a closed
output pipe (``| head``) the rest is checked without writing, so that the exit code still tells what the
whole input holds.
"""

from __future__ import annotations

# The C module signal.py wraps: importing signal.py makes IntEnums of its constants, ~3M instructions of every
# start, for what the run never looks at (the handler before, which it hands back as it was given).
import _signal  # type: ignore[import-not-found,unused-ignore]  # (no stub of its own: the names are signal's)
import contextlib
import gc
import itertools
import os
import stat
import sys
import time
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from . import batch
from .batch import EXIT_CLEAN, Checker, GameResult
from .batch_inputs import Unit, check_unit, total_size, units
from .words import count

EXIT_INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)
STATUSES = ("clean", "warnings", "violations", "incomplete", "unreadable")


def all_cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


@dataclass
class Tally:
    """What a run has found so far."""

    started: float = field(default_factory=time.perf_counter)
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    worst: int = EXIT_CLEAN

    def add(self, result: GameResult) -> None:
        """Count one game's result."""
        self.statuses[result.status] += 1
        if result.codes:  # most games have none: Counter.update is a Python call (~1 us a game)
            self.codes.update(result.codes)
        self.hands += result.hands
        if result.exit_code > self.worst:
            self.worst = result.exit_code

    @property
    def games(self) -> int:
        """Games checked, readable or not."""
        return self.statuses.total()

    def rate(self) -> float:
        """Hands audited a second of wall time so far."""
        return self.hands / max(time.perf_counter() - self.started, 1e-9)

    def summary(self, interrupted: bool = False) -> list[str]:
        """The run's figures: games by status, then hands, time and violations by code."""
        counts = ", ".join(f"{self.statuses[s]} {s}" for s in STATUSES)
        seconds = time.perf_counter() - self.started
        codes = ", ".join(f"{code} {n}" for code, n in sorted(self.codes.items(), key=lambda kv: (-kv[1], kv[0])))
        figures = f"{count(self.hands, 'hand', thousands=True)} in {seconds:.2f} s ({self.rate():,.0f} hands/s)"
        # the games line last: scripts and the docs read a run's verdict there
        lines = [
            f"{figures}; violations by code: {codes or 'none'}",
            f"{self.games} game{'' if self.games == 1 else 's'}: {counts}",
        ]
        if interrupted:
            lines.insert(0, "interrupted: the figures below are for the games checked before Ctrl-C")
        return lines


class Progress:
    """A one-line progress bar on standard error (a terminal): games, hands a second and, when the size is
    known, the share read and the time left."""

    def __init__(self, stream: TextIO | None, total: int | None) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.shown = False
        self._next = 0.0

    def update(self, tally: Tally, size: int = 0) -> None:
        """Note ``size`` more bytes read; redraw at most a few times a second, and at once when the first unit
        read makes the share and the time left known (a run shorter than a redraw shows them too)."""
        if self.stream is None:  # no bar (piped, -q): nothing to count for it
            return
        first_share = size > 0 and self.done == 0
        self.done += size
        now = time.perf_counter()
        if now < self._next and not first_share:
            return
        self._next = now + 0.2
        games, hands = count(tally.games, "game", thousands=True), count(tally.hands, "hand", thousands=True)
        line = f"{games}  {hands}  {tally.rate():,.0f} hands/s"
        if self.total and self.done:
            share = min(self.done / self.total, 1.0)
            left = (now - tally.started) * (1 - share) / max(share, 1e-9)
            line += f"  {share:4.0%}  ETA {int(left) // 60}:{int(left) % 60:02d}"
        self.stream.write("\r" + line + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Wipe the bar (before output goes to the same terminal, and at the end)."""
        if self.shown and self.stream is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def wants_progress(quiet: bool, out: TextIO) -> bool:
    """A bar only on a terminal: standard error is one, the output is not piped, and -q was not given."""
    if quiet or not sys.stderr.isatty():
        return False
    try:
        return not stat.S_ISFIFO(os.fstat(out.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # an in-memory stream
        return True


def _serial(checker: Checker, work: Iterator[Unit]) -> Generator[tuple[GameResult | None, int], None, None]:
    for unit in work:
        for result in check_unit(checker, unit):
            yield result, 0
        yield None, getattr(unit, "size", 0)


class _CtrlC:
    """Ctrl-C asks the run to stop after the game in hand, so that no report is cut in the middle of its line."""

    def __init__(self) -> None:
        self.pressed = False
        self._before: Any = None

    def __enter__(self) -> _CtrlC:
        with contextlib.suppress(ValueError):  # not the main thread (an embedding program): Ctrl-C stays its own
            self._before = _signal.signal(_signal.SIGINT, self._press)
        return self

    def _press(self, signum: int, frame: object) -> None:
        if self.pressed:  # a second Ctrl-C does not wait
            raise KeyboardInterrupt
        self.pressed = True

    def __exit__(self, *exc: object) -> None:
        if self._before is not None:
            _signal.signal(_signal.SIGINT, self._before)


def _can_fork() -> bool:
    """batch_pool.can_fork, asked without importing batch_pool (a run of one unit never needs it)."""
    return hasattr(os, "fork")


def _results(
    checker: Checker, names: list[str], jobs: int, ctrl_c: _CtrlC
) -> Generator[tuple[GameResult | None, int], None, None]:
    """Each game's result in input order, and after each unit (as None) the bytes it read."""
    jobs = jobs if _can_fork() else 1  # where no process can be forked, this one audits every unit
    work = units(names, checker, split=jobs > 1)
    first = list(itertools.islice(work, 2))
    if jobs > 1 and len(first) > 1:
        from . import batch_pool  # only a run of several processes needs it (select, mmap: ~0.5 ms of a start)

        return batch_pool.Pool(checker, itertools.chain(first, work), jobs, ctrl_c).results()
    return _serial(checker, itertools.chain(first, work))


@dataclass
class _Writer:
    """Writes each game's output as the run has always laid it out: text reports a blank line apart."""

    out: TextIO
    settings: batch.Settings
    progress: Progress
    printed: bool = False
    sections: list[str] = field(default_factory=list)
    said: set[str] = field(default_factory=set)  # the refusals written so far
    unread: list[str] = field(default_factory=list)  # an HTML report's unreadable games, by their messages
    held: list[str] = field(default_factory=list)  # the outputs of the unit's games so far, to be written at its end

    def game(self, result: GameResult) -> None:
        message = result.message
        if result.once:  # a refusal: said at the first game that meets it, whichever process met it
            message = "" if result.once in self.said else message
            self.said.add(result.once)
        if message:
            self.unit()  # the outputs of the games before it first
            self.progress.clear()
            sys.stderr.write(message)
        if self.settings.format == "html":  # the games that could not be read close the page
            (self.unread if result.status == batch.UNREADABLE else self.sections).append(result.output)
        elif self.settings.format == "json":
            self.held.append(result.output)
        elif result.output:
            self.held.append(("\n" if self.printed else "") + result.output)
            self.printed = True

    def unit(self) -> None:
        """Write the outputs held: a unit's at once, at its end (one write, not one a game, and a system call
        every 8 KB of the stream's buffer)."""
        if self.held:
            self.progress.clear()
            self.out.write("".join(self.held))
            self.held.clear()

    def end(self, tally: Tally, interrupted: bool) -> None:
        self.unit()
        self.progress.clear()
        fmt = self.settings.format
        if fmt == "html":
            from . import html_report  # only an HTML run needs the page builder

            self.out.write(html_report.page(self.sections, self.unread))
        several = tally.games > 1 or interrupted
        if fmt == "text" and several:
            self.out.write(("\n" if self.printed else "") + "".join(line + "\n" for line in tally.summary(interrupted)))
        elif several and (interrupted or (sys.stderr.isatty() and not self.settings.quiet)):
            sys.stderr.write("".join(f"referee: {line}\n" for line in tally.summary(interrupted)))
        self.out.flush()


# Containers made and not freed since the last collection before the next one starts (Python's default: 700).
_YOUNG = 100_000


@contextlib.contextmanager
def _few_collections() -> Iterator[None]:
    """Fewer garbage collections while games stream through: each game's parsed document is thousands of
    containers that die with the game, and the default threshold collects several times a game; what was
    loaded before the run (modules, specs) is frozen out of every collection.

    A collection starts when the containers made since the last one, less those freed, pass the first threshold:
    a game's containers are freed with it (none is left in a cycle: tests/test_batch_collections.py), so a
    collection comes only when one game holds that many at once. A YAML game does (its document's nodes and
    their values, some 60,000 for a Spades game of 12 hands): at 10,000, a collection or more a game, a tenth of
    a YAML run's time."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(_YOUNG, 10, 10)
    try:
        yield
    finally:
        # What the run leaves alive (some 100,000 young containers) goes to the oldest generation unwalked, as the
        # package's imports do: restored, the default threshold would otherwise walk it all at once (~1 ms of every
        # run's end). A run leaves no cyclic garbage (tests/test_batch_collections.py) for a young collection to find.
        gc.freeze()
        gc.set_threshold(*before)
        gc.unfreeze()


def run(checker: Checker, names: list[str], out: TextIO, jobs: int) -> int:
    """Check every game the names give, write the output, and return the exit code."""
    settings = checker.settings
    tally = Tally()
    progress = Progress(sys.stderr if wants_progress(settings.quiet, out) else None, total_size(names))
    writer = _Writer(out, settings, progress)
    with _CtrlC() as ctrl_c, _few_collections():
        results = _results(checker, names, jobs, ctrl_c)
        try:
            try:
                for result, size in results:
                    if ctrl_c.pressed:
                        break
                    if result is None:
                        writer.unit()
                        progress.update(tally, size)
                        continue
                    tally.add(result)
                    writer.game(result)
                    progress.update(tally)
            except KeyboardInterrupt:  # a second Ctrl-C, or one before the handler was set
                ctrl_c.pressed = True
            writer.end(tally, ctrl_c.pressed)
        except BrokenPipeError:  # the reader went away (| head): write no more, but check the rest
            quiet_stdout(out)
            _check_unwritten(results, tally, ctrl_c)
        finally:
            results.close()  # the worker processes, if any, are stopped here
    return EXIT_INTERRUPTED if ctrl_c.pressed else tally.worst


def _check_unwritten(results: Iterator[tuple[GameResult | None, int]], tally: Tally, ctrl_c: _CtrlC) -> None:
    """Count the rest of the run's games, writing nothing: the output's reader has gone (``| head -1``), but a
    script still reads the exit code, which must say what the whole input holds, not what came before the pipe
    closed (a first game clean and a later one broken would otherwise pass). Ctrl-C still stops it at once."""
    try:
        for result, _ in results:
            if ctrl_c.pressed:
                return
            if result is not None:
                tally.add(result)
    except KeyboardInterrupt:
        ctrl_c.pressed = True


def quiet_stdout(out: TextIO) -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush at exit does not fail again."""
    if out is sys.stdout:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
