"""The ``referee`` command: a thin layer over the Python API.

Exit codes: 0 clean, 1 rule violations found, 2 unreadable or malformed
input (or a truncated game).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

from . import __version__, check_args, json_values
from .batch import EXIT_CLEAN, EXIT_INPUT
from .commands import (
    JOBS_A_CORE,
    cmd_check,
    cmd_compare,
    cmd_diff,
    cmd_new,
    cmd_rulebook,
    cmd_rules,
    cmd_simulate,
    cmd_validate,
)
from .errors import InputError

if TYPE_CHECKING:  # argparse is imported when the parser is built: a plain check run reads its arguments without
    import argparse

# The errors of a write that fails (None: standard output closed, no stream to write to)
_WRITE_ERRORS = (None, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF, errno.EINVAL)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it (``COLUMNS``, else the terminal's, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        return (os.get_terminal_size(stdout.fileno()).columns or 80) if stdout is not None else 80
    except (AttributeError, ValueError, OSError):
        return 80


def parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    import argparse

    class _Help(argparse.HelpFormatter):
        """argparse's help, its width found without importing shutil: argparse makes a formatter for each argument
        added, the first of which imported shutil, and with it bz2, lzma and zlib (~2 ms of a run's start)."""

        def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
            super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)

    class _Version(argparse._VersionAction):
        """``--version``, which names the YAML and JSON readers: looked up when asked for (to name the YAML one
        imports PyYAML, ~12 ms of every other run's start)."""

        def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
            from . import strict_yaml

            self.version = f"referee {__version__} ({strict_yaml.loader_note()}; {json_values.plain_note()})"
            super().__call__(parser, *args, **kwargs)

    class _OneSpec(argparse.Action):
        """``--rules`` of a command that runs under one spec: given again with another spec it is refused, not left
        to the last (``check --rules spades/intramural --rules spades/house`` audited under house rules alone,
        saying nothing of the first)."""

        def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
            before = getattr(namespace, self.dest, None)
            if before is not None and before != values:
                raise argparse.ArgumentError(
                    self,
                    f"given twice ({before}, then {values}): one spec at a time; "
                    "referee compare LOG --rules A B audits a game under several side by side",
                )
            setattr(namespace, self.dest, values)

    class _Parser(argparse.ArgumentParser):
        """An argument parser whose help is :class:`_Help` (its commands' parsers are of its class, so theirs too)."""

        def __init__(self, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", _Help)
            super().__init__(**kwargs)

    top = _Parser(prog="referee", description="Audit recorded card and domino games against their written rules.")
    top.add_argument("--version", action=_Version)
    sub = top.add_subparsers(dest="command", required=True)

    def command(name: str, summary: str, **how: Any) -> argparse.ArgumentParser:
        """A command's parser: its line in ``referee --help``, and the same words atop its own ``--help``, which
        said only its usage and options."""
        return sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".", **how)

    check = command(
        "check",
        "audit game logs (YAML, JSON, JSON Lines)",
        epilog="exit code: 0 every game clean (warnings allowed), 1 a game breaks a rule, 2 a game could not be "
        "checked or its record is incomplete, 130 stopped by Ctrl-C",
    )
    check.add_argument(
        "logs",
        nargs="+",
        help="log files (a .jsonl file holds one game a line), folders, quoted globs, or - for standard input",
    )
    check.add_argument(
        "--rules", action=_OneSpec, metavar="SPEC", help="rule spec id or file (default: the one the log names)"
    )
    check.add_argument(
        "--allow-rules",
        action="append",
        default=[],
        metavar="PATH",
        help="a spec file or folder of specs that a log's header may name (by path or id)",
    )
    check.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a spec option (referee rules --format json lists each spec's options)",
    )
    check.add_argument(
        "--format",
        choices=("text", "json", "html"),
        default="text",
        help="text for people (the default), json for one report a line, html for one page",
    )
    check.add_argument(
        "--quiet", "-q", action="store_true", help="print only games with findings; no progress bar, no JSON summary"
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help=f"processes (default: all cores; at most {JOBS_A_CORE} a core, and no more than there is work "
        "for); the output is the same",
    )
    check.set_defaults(run=cmd_check)

    validate = command(
        "validate", "check rule specs: schema, quotes, semantics", epilog="exit code: 0 every spec valid, 2 not"
    )
    validate.add_argument(
        "paths", nargs="*", default=[], help="spec ids, files or folders (default: the bundled rules)"
    )
    validate.set_defaults(run=cmd_validate, verdict_in_exit=True)

    rules = command("rules", "list the bundled rule specs, or show one resolved")
    rules.add_argument(
        "--format", choices=("text", "json"), default="text", help="json adds each spec's family and options"
    )
    rules.add_argument(
        "--show", metavar="SPEC", help="print a spec (id or file) with all it extends merged in, clause by clause"
    )
    rules.set_defaults(run=cmd_rules)

    rulebook = command("rulebook", "print a spec (id or file) as a rulebook page, in Markdown")
    rulebook.add_argument("spec", metavar="SPEC", help="rule spec id or file")
    rulebook.set_defaults(run=cmd_rulebook)

    new = command("new", "write a starter spec that extends another")
    new.add_argument("path", help="the new spec file (.yaml); never overwritten")
    new.add_argument("--extends", required=True, metavar="SPEC", help="the spec it builds on (id or file)")
    new.set_defaults(run=cmd_new)

    diff = command(
        "diff",
        "the rule-level differences between two specs (ids or files)",
        epilog="exit code: 0 the specs state every rule alike, 1 they differ (specs of two families always do), "
        "2 a spec cannot be read",
    )
    diff.add_argument("a", metavar="A", help="rule spec id or file")
    diff.add_argument("b", metavar="B", help="rule spec id or file")
    diff.add_argument(
        "--format", choices=("text", "json"), default="text", help="text for people (the default), or json"
    )
    diff.set_defaults(run=cmd_diff, verdict_in_exit=True)

    compare = command(
        "compare",
        "one game audited under several specs, side by side",
        # the log first: argparse's own usage put it after --rules, whose specs would then take it for one more
        usage="referee compare [-h] LOG --rules SPEC SPEC [SPEC ...] [--format {text,json}]",
        epilog="exit code: 0 every spec gives the same violations, scores and result (a record that stops short "
        "under each alike included), 1 they differ (or a spec cannot audit the game), 2 a spec or the log cannot be "
        "read",
    )
    compare.add_argument("log", metavar="LOG", help="a log file (every game in it is compared)")
    compare.add_argument(
        "--rules",
        nargs="+",
        action="extend",  # --rules A B, or --rules A --rules B as check and simulate take it
        required=True,
        metavar="SPEC",
        help="two or more spec ids or files",
    )
    compare.add_argument(
        "--format", choices=("text", "json"), default="text", help="text for people (the default), or json"
    )
    compare.set_defaults(run=cmd_compare, verdict_in_exit=True)

    sim = command("simulate", "write random legal games as logs")
    sim.add_argument(
        "--rules", action=_OneSpec, required=True, metavar="SPEC", help="the rule spec (id or file) to play by"
    )
    sim.add_argument("--games", type=int, default=1, metavar="N", help="how many games (default: 1)")
    sim.add_argument("--seed", type=int, metavar="N", help="seed for the random choices: the same seed, the same games")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set a spec option")
    sim.add_argument(
        "--format",
        choices=("yaml", "json", "jsonl"),
        default="yaml",
        help="yaml (the default; games separated by ---), json, or jsonl (a game a line)",
    )
    sim.add_argument("--no-score", action="store_true", help="leave the table's score out of the logs")
    sim.add_argument(
        "--players",
        metavar="N|A,B,...",
        help="how many players, or their names comma-separated in seat order, where the rules allow several counts",
    )
    sim.set_defaults(run=cmd_simulate)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        args: Any = check_args.plain(sys.argv[1:] if argv is None else argv)  # a plain check needs no parser built
        if args is None:
            args = parser().parse_args(argv)
        else:
            args.run = cmd_check
    except KeyboardInterrupt:  # Ctrl-C while the parser is built (argparse's import and the commands' help)
        return 130
    if sys.stderr is None:  # closed (2>&-): the messages go nowhere, but a run still ends with its exit code
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the process's, to its end)
    stream = out or sys.stdout
    errors = sys.stderr
    try:
        if stream is None:  # closed (>&-): no report could be written
            raise OSError("standard output is closed")
        # a command whose exit code says what it found (its parser's verdict_in_exit) is run to its end (check goes
        # on past a closed pipe itself: see batch_run); the others stop there (simulate | head would otherwise
        # simulate for ever)
        if getattr(args, "verdict_in_exit", False):
            sys.stderr = cast(TextIO, _ReaderMayGo(errors))
            code: int = args.run(args, cast(TextIO, _ReaderMayGo(stream)))
        else:
            code = args.run(args, stream)
    except InputError as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_CLEAN
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full): said, the run stopped
        return _unwritten(exc, stream)
    except KeyboardInterrupt:  # Ctrl-C before a check run is under way (a check run handles its own)
        return 130
    finally:
        sys.stderr = errors
    return code


class _ReaderMayGo:
    """An output whose reader may go away (``referee diff A B | head -1``): what is written after it has gone is
    dropped, so that the command runs to its end and its exit code still says what it found (1: the specs
    differ), not 0 for a run cut short."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            _to_devnull(self._stream)
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            _to_devnull(self._stream)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _to_devnull(stream: TextIO) -> None:
    """Point a stream's file at /dev/null: what its buffer holds, and the interpreter's flush at exit, go there."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, stream.fileno())
    os.close(devnull)


def _unwritten(exc: OSError, stream: TextIO | None) -> int:
    """Say that the output could not be written (not a traceback), and give exit code 2: the reports are lost."""
    from .batch_run import quiet_stdout

    if stream is not None:
        quiet_stdout(stream)  # what its buffer holds is not tried again at the exit
    # (an error of the system's that is none of a stream's, a fork's say, is said as it is)
    what = "cannot write the output: " if exc.errno in _WRITE_ERRORS else ""
    with contextlib.suppress(OSError):  # (nor, perhaps, standard error)
        print(f"referee: {what}{exc.strerror or exc}", file=sys.stderr)
    return EXIT_INPUT


def main_exit() -> None:
    """Console-script entry point."""
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (see referee/__init__.py)

    from . import stop_while_loading

    if signal.getsignal(signal.SIGINT) is stop_while_loading:  # loaded: Ctrl-C is KeyboardInterrupt again, as
        signal.signal(signal.SIGINT, signal.default_int_handler)  # the run (a check's summary) handles it
    code = main()
    # Every object left is about to go: the collection the interpreter makes on its way out would only walk
    # them all (some 25M instructions after a check run, as much as auditing a few games); frozen, it skips them.
    gc.freeze()
    # Nor need they be freed one by one, as the interpreter's teardown of its modules would (another 5-10 ms after
    # a check run, serial however many processes audited): the exit handlers (the user cache's) run, the
    # standard streams flushed, the process ends. A closed pipe is left to the interpreter's own exit, which says
    # so as it always has; an output that cannot be written otherwise (a full disk) is said as in a run.
    import atexit

    atexit._run_exitfuncs()
    atexit._clear()  # run once: not again by the interpreter's exit below, where it is taken
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (BrokenPipeError, ValueError):
        sys.exit(code)
    except OSError as exc:
        code = _unwritten(exc, sys.stdout)
    os._exit(code)
