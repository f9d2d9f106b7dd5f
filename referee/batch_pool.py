"""Worker processes of a ``referee check`` run: forked, each fed units through a pipe of its own, its results read
back through another.

This process writes each unit straight into a worker's pipe, widened to hold
the units the worker has in hand, and reads the results back between the games
it audits itself: no thread in either process carries the messages, so a
worker never waits for this process's thread to be given the interpreter's lock
(with :mod:`multiprocessing`'s queues it waited for it, a few milliseconds at
each unit), and no lock or pipe is shared by two workers. A message is its
length, then its body (:mod:`referee.batch_messages`); a block of JSON Lines
is sent as its place in its file, then its bytes as they are (not copied into
the message, and read by the worker as the block's own). Whether a worker has sent anything
is told by a byte of memory the processes share, which it sets once a message
is written: this process reads a worker's pipe only then, not after every game.
"""

from __future__ import annotations

# The C module signal.py wraps, as in batch_run: signal.py's import makes IntEnums of its constants, ~3.2M
# instructions of the start every process of a --jobs run waits for, before the fork; the constants are the same ints.
import _signal  # type: ignore[import-not-found,unused-ignore]  # (no stub of its own: the names are signal's)
import contextlib
import mmap
import os
import select
from collections import deque
from collections.abc import Generator, Iterator
from typing import Any, NoReturn

from .batch import Checker, GameResult
from .batch_inputs import Unit, check_unit
from .batch_messages import LENGTH, TASK, results_message, results_of, task_lengths, task_message, unit_of
from .errors import InputError
from .line_blocks import Block

# Units a worker holds at most: one it audits, one waiting (topped up between the games this process audits), so
# that it is never idle; no more, so that the run ends with little left in one process's hands.
_HELD = 2
# Units audited or received ahead of the one due next, at most: memory stays flat if a worker takes long over one.
_AHEAD = 8
# The workers start once this process has audited the first unit (with its spec loaded), if that unit is short: a
# first block of JSON Lines. A longer one (a whole file) is not waited for, nor a YAML file's first game: parsing it
# is ~5 ms of work, which the workers would wait out to save themselves the warm-up they then do beside it.
_WARM_BYTES = 64 * 1024
# A pipe's capacity, where the system lets it be set (Linux): the units a worker holds (two blocks of JSON Lines
# of 256 KB) fit in it, so that this process never waits to write one, and a unit's results do too.
_PIPE_BYTES = 1024 * 1024
# The bytes asked of a worker's pipe of results at a time: a unit's results are some 50 KB; asking for the whole
# pipe (1 MB) made each look, most often at an empty pipe, allocate and free 1 MB (2.2 us a game against 1.0 us).
_READ_BYTES = 64 * 1024
_STOPPED = "a worker process stopped unexpectedly; try --jobs 1"
# A worker's byte in the memory the processes share (see ``Pool._look``): set once it has written a message back.
_SENT = 1
_SENT_BYTE = bytes([_SENT])


def can_fork() -> bool:
    """Whether workers can be started here (forked: they start with this process's modules and specs)."""
    return hasattr(os, "fork")


def _pipe() -> tuple[int, int]:
    ends = os.pipe()
    try:
        import fcntl

        fcntl.fcntl(ends[1], fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    except (ImportError, AttributeError, OSError):  # not Linux, or over the system's limit: a smaller pipe works too
        pass
    return ends


def _read(fd: int, size: int) -> bytes | None:
    """Exactly ``size`` bytes from a blocking pipe, or None at its end."""
    data = os.read(fd, size)
    if len(data) == size or not data:
        return data or None
    parts = [data]
    size -= len(data)
    while size:
        if not (data := os.read(fd, size)):
            return None
        parts.append(data)
        size -= len(data)
    return b"".join(parts)


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _serve(
    checker: Checker, tasks: int, done: int, first: tuple[tuple[int, Unit], ...], sent: mmap.mmap, slot: int
) -> NoReturn:
    """A worker: audit the units it was started with, then each unit it reads, and write back their results with
    the unit's number, until its pipe of units is closed; ``sent[slot]`` is set after each message written whole
    (and as it stops). It never returns into the code it was forked from."""
    code = 0
    try:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # Ctrl-C is the main process's to handle
        for number, unit in first:
            _write(done, results_message(number, list(check_unit(checker, unit))))
            sent[slot] = _SENT
        while (head := _read(tasks, TASK)) is not None:
            size, raw = task_lengths(head)
            body, data = _read(tasks, size), _read(tasks, raw) if raw else b""
            if body is None or data is None:
                break
            number, unit = unit_of(body, data)
            _write(done, results_message(number, list(check_unit(checker, unit))))
            sent[slot] = _SENT
    except BaseException:  # the main process says that a worker stopped; a worker prints nothing
        code = 1
    finally:
        sent[slot] = _SENT  # its end of the pipe is closed next: the main process looks, and finds it
        os._exit(code)  # no cleanup of the parent's: its buffered output is the parent's to write


class _Worker:
    """A worker as this process sees it: its pipes' ends, what is still to be written to it, what it has sent.
    (A plain class: a dataclass is built when the module is imported, some 1.5 ms of every run's start.)"""

    __slots__ = ("away", "done", "held", "inbox", "pending", "pid", "tasks")

    def __init__(self, pid: int, tasks: int, done: int, away: int) -> None:
        self.pid = pid
        self.tasks = tasks  # written to without waiting: what the pipe does not take now waits in ``pending``
        self.done = done  # read without waiting
        self.away = away  # units in its hands: sent, their results not yet read back
        self.pending: deque[memoryview] = deque()
        self.inbox = bytearray()
        self.held: dict[int, Unit] = {}  # the units in its hands, by number, in the order given (it audits in order)

    def give(self, number: int, unit: Unit) -> None:
        self.held[number] = unit
        message, data = task_message(number, unit)
        self.pending.append(memoryview(message))
        if data:
            self.pending.append(memoryview(data))
        self.away += 1
        self.flush()

    def flush(self) -> None:
        """Write what its pipe takes now."""
        while self.pending:
            try:
                written = os.write(self.tasks, self.pending[0])
            except BlockingIOError:
                return
            except BrokenPipeError:  # it stopped: said as such, not taken for the closed output pipe it is not
                raise InputError(_STOPPED) from None
            if written == len(self.pending[0]):
                self.pending.popleft()
            else:
                self.pending[0] = self.pending[0][written:]

    def received(self) -> Iterator[tuple[int, list[GameResult]]]:
        """The results it has sent back whole, read without waiting."""
        while True:
            try:
                data = os.read(self.done, _READ_BYTES)
            except BlockingIOError:
                break
            if not data:  # its end of the pipe closed: it stopped (it never does with units in hand)
                if self.away:
                    raise InputError(_STOPPED)
                break
            self.inbox += data
        inbox, start = self.inbox, 0
        while len(inbox) - start >= LENGTH:
            end = start + LENGTH + int.from_bytes(inbox[start : start + LENGTH], "little")
            if end > len(inbox):
                break
            self.away -= 1
            number, results = results_of(memoryview(inbox)[start + LENGTH : end])
            self.held.pop(number, None)
            yield number, results
            start = end
        del inbox[:start]


class Pool:
    """This process and ``jobs - 1`` workers sharing a run's units, the results handed on in input order.

    Each worker is kept supplied (``_HELD`` units in its hands: one it audits, one waiting, topped up between
    the games this process audits), and this process audits the next unit itself whenever they all are, so no
    process only cuts, sends and waits while the others audit. The workers are forked once this process has
    audited the first unit: they start with its specs loaded and tables built, and nothing written yet that
    they could write again (if it is short, and not a YAML game: else at once, as it is audited).
    """

    def __init__(self, checker: Checker, work: Iterator[Unit], jobs: int, stop: Any) -> None:
        self.checker, self.work, self.jobs, self.stop = checker, work, jobs, stop
        self.workers: list[_Worker] = []
        self.sizes: dict[int, int] = {}  # each unit's bytes, by its number, until its results are handed on
        self.ready: dict[int, list[GameResult]] = {}
        self.sent = 0
        self.more = True
        self.doubled: set[int] = set()  # units in a worker's hands audited here too (see ``_spare``)
        # A byte a worker, shared with them all: set by the worker when it has sent something, cleared here before
        # its pipe is read (see ``_look``). Anonymous shared memory, made before the fork, is the workers' too.
        self.said = mmap.mmap(-1, max(jobs - 1, 1))

    def results(self) -> Generator[tuple[GameResult | None, int], None, None]:
        """Each game's result in input order, and after each unit (as None) its bytes."""
        taken = 0
        try:
            while True:
                self._supply()
                while taken in self.ready:
                    yield from _each(self.ready.pop(taken), self.sizes.pop(taken))
                    taken += 1
                if self.stop.pressed or (taken == self.sent and not self.more):
                    return
                if self.more and len(self.ready) < _AHEAD:
                    if not self._here():
                        return
                elif not self.more and (spare := self._spare()) is not None:
                    if not self._again(*spare):
                        return
                else:
                    self._wait()
        finally:
            self._end()

    def _next(self) -> Unit | None:
        if self.more and (unit := next(self.work, None)) is not None:
            self.sizes[self.sent] = getattr(unit, "size", 0)
            self.sent += 1
            return unit
        self.more = False
        return None

    def _supply(self) -> None:
        """Take back what the workers have sent, and top up their hands."""
        for slot, worker in enumerate(self.workers):
            self.said[slot] = 0  # before the read: a message sent after it sets it again
            self.ready.update(worker.received())
            worker.flush()
            while worker.away < _HELD and (unit := self._next()) is not None:
                worker.give(self.sent - 1, unit)
            if not self.more and not worker.away and worker.tasks >= 0:
                # nothing left for it: its pipe of units closed now, it ends (and the system frees its memory)
                # while this process audits its last games, not after them while this process waits
                os.close(worker.tasks)
                worker.tasks = -1

    def _here(self) -> bool:
        """Audit the next unit in this process (the workers supplied between its games); False if Ctrl-C came
        first (the run stops at once, as it would after the game in hand)."""
        if (unit := self._next()) is None:
            return True
        number, results = self.sent - 1, []
        if not self.workers and not isinstance(unit, Block):  # (a block of JSON Lines: nearly every run)
            from . import yaml_units  # (imported already where the unit is a cut YAML file's)

            if isinstance(unit, yaml_units.Documents):  # a slow one: the workers do not wait for it
                yaml_units.ready()  # what every process needs to read it, done once, here, not in each
                self._start()
        if not self.workers and getattr(unit, "size", 0) > _WARM_BYTES:
            self._start()  # a long first unit (a whole file, say): the workers do not wait for it
        for result in check_unit(self.checker, unit):
            if self.stop.pressed:
                return False
            results.append(result)
            self._look()
        self.ready[number] = results
        if not self.workers:
            self._start()
        return True

    def _look(self) -> None:
        """Between two games audited here: :meth:`_supply` if a worker has sent something since the last look
        (its byte is set) or has a unit not yet all written. Else there is nothing to read nor to give: a read of
        an empty pipe was a system call and a raised BlockingIOError between every two games (~13k instructions
        and the call's time a game, some 1% of a Hearts game's audit). A worker's hands are topped up when it
        has sent a unit's results back, so none waits longer for it than before."""
        if self.said.find(_SENT_BYTE) >= 0 or any(worker.pending for worker in self.workers):
            self._supply()

    def _spare(self) -> tuple[int, Unit] | None:
        """Near the end, with nothing left to cut, a unit a worker holds and has not started: the last of two or
        more in its hands (it audits them in order). This process, which would only wait, audits it too, and
        whichever process ends it first gives its results (the same: a unit's results do not depend on where it
        is audited): the run no longer waits for a worker to audit a unit after the one in hand."""
        for worker in self.workers:
            if len(worker.held) >= 2:
                number = next(reversed(worker.held))
                if number not in self.doubled:
                    self.doubled.add(number)
                    return number, worker.held[number]
        return None

    def _again(self, number: int, unit: Unit) -> bool:
        """Audit a unit a worker holds (see ``_spare``), unless its results come back first; False if Ctrl-C came
        first."""
        results = []
        for result in check_unit(self.checker, unit):
            if self.stop.pressed:
                return False
            results.append(result)
            self._look()
            if number in self.ready:  # the worker was first
                return True
        self.ready[number] = results
        return True

    def _wait(self) -> None:
        """Wait until a worker sends something back, or its pipe takes more (a tenth of a second at most, so that
        Ctrl-C is not waited out)."""
        readable = [worker.done for worker in self.workers if worker.away]  # (one that has ended reads as ready)
        writable = [worker.tasks for worker in self.workers if worker.pending]
        select.select(readable, writable, [], 0.1)

    def _start(self) -> None:
        """Fork the workers, each with its first unit in hand (it finds it in its memory). One: the next is cut
        after the fork, while the worker audits (cutting a YAML unit is some 0.2 ms a game, which no process
        would be auditing through if it came before)."""
        for _ in range(self.jobs - 1):
            try:
                tasks = _pipe()
            except OSError:  # the system's limit of open files reached (a --jobs of hundreds): the workers made share
                break
            try:
                done = _pipe()
            except OSError:
                _close(*tasks)
                break
            first = tuple((self.sent - 1, unit) for _ in range(1) if (unit := self._next()) is not None)
            if not first:  # no unit left to give: a worker forked now would only end
                _close(*tasks, *done)
                break
            try:
                pid = os.fork()
            except OSError:  # the system's limit of processes reached: its first unit is audited here
                _close(*tasks, *done)
                if first:
                    self._again(*first[0])
                break
            if pid == 0:  # the worker: only its own ends of its own pipes stay open
                for fd in (tasks[1], done[0], *(end for worker in self.workers for end in (worker.tasks, worker.done))):
                    os.close(fd)
                _serve(self.checker, tasks[0], done[1], first, self.said, len(self.workers))
            os.close(tasks[0])
            os.close(done[1])
            os.set_blocking(tasks[1], False)
            os.set_blocking(done[0], False)
            worker = _Worker(pid, tasks[1], done[0], len(first))
            worker.held.update(first)
            self.workers.append(worker)

    def _end(self) -> None:
        """Stop the workers (units still in their hands are dropped) and close the pipes."""
        for worker in self.workers:
            for fd in (worker.tasks, worker.done):
                if fd >= 0:
                    os.close(fd)
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, _signal.SIGTERM)
            os.waitpid(worker.pid, 0)
        self.workers.clear()
        self.said.close()


def _close(*ends: int) -> None:
    for end in ends:
        os.close(end)


def _each(results: list[GameResult], size: int) -> Iterator[tuple[GameResult | None, int]]:
    for result in results:
        yield result, 0
    yield None, size
