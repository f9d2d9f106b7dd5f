"""One game of a ``referee check`` run: from the game as read to what the driver prints and counts.

The driver (:mod:`referee.cli`'s check command) reads the inputs, hands each
game to a :class:`Checker` and writes the :class:`GameResult` it gets back, in
input order. A checker holds only plain settings and its cache of specs, so a
worker process can build its own and send results back: a result is plain
data (text and counts), cheap to send (:mod:`referee.batch_messages`).
"""

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from . import families, report_json
from .audit import as_played, audit, enforceable
from .bundled import rules_dir
from .documents import is_file
from .errors import InputError, Location, excerpt, shown_name
from .families import AnyLog
from .gamelog import from_json_text
from .logreader import field_location
from .report import Report, exit_code
from .spec import Spec, bundled_ids, is_bundled, load, option_problem
from .spec_files import files_below
from .spec_options import option_text, unmet_need

EXIT_CLEAN, EXIT_VIOLATIONS, EXIT_INPUT = 0, 1, 2
UNREADABLE = "unreadable"
STDIN_NAME = "<stdin>"  # the file name of the games read from standard input
_SPEC_ID = re.compile(r"[a-z0-9-]+(/[a-z0-9-]+)*")


@dataclass(frozen=True)
class Settings:
    """What a check run was asked for: the same in every worker."""

    rules: str | None = None
    allow_rules: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    # each --option's value as the user wrote it, to echo in a refusal (3e2 is read as 300.0, "300" as 300)
    option_words: dict[str, str] = field(default_factory=dict)
    format: str = "text"
    quiet: bool = False


class GameResult(NamedTuple):
    """What the driver needs of one game: what to print, where, and what to count.

    A named tuple, not a frozen dataclass: one is made for every game, and in a ``--jobs`` run made again in the
    main process from the row a worker sent; a frozen dataclass's ``__init__`` sets each of its seven fields by
    ``object.__setattr__``, ~11.6k instructions a game, where a tuple is made at once (~2k), and a tuple is the row
    :mod:`marshal` writes (:mod:`referee.batch_messages`)."""

    status: str  # clean, warnings, violations, incomplete, or unreadable
    exit_code: int
    output: str = ""  # for standard output ("" for nothing); text reports are separated by the driver
    message: str = ""  # for standard error: an unreadable game's located error, said once
    codes: tuple[str, ...] = ()  # the code of each violation found, in the report's order
    hands: int = 0  # hands audited
    # A spec (or --option) refused: said once a run, so its message is written only for the first result that
    # carries this key (each worker process refuses the spec on its own, at its own first game naming it).
    once: str = ""


def check_options(spec: Spec, chosen: dict[str, Any], words: dict[str, str] | None = None, whole: bool = False) -> None:
    """Refuse a ``--option`` the spec does not have, or a value it cannot take, or one that counts only with another
    option's value that ``--option`` sets otherwise (``whole``: or leaves at its default, no log's header to set
    it), before any game is read; the option is named as ``words`` (name: value as written) has it, where given."""
    for name, value in chosen.items():
        problem = option_problem(spec.id, spec.options, name, value)
        if problem is not None:
            written = (words or {}).get(name, option_text(value))
            raise InputError(problem, Location(file=f"--option {name}={written}"))
    unmet = unmet_need(spec.options, chosen, None if whole else frozenset(chosen))
    if unmet is not None:
        name, problem = unmet
        written = (words or {}).get(name, option_text(chosen[name]))
        raise InputError(problem, Location(file=f"--option {name}={written}"))


def error_line(exc: InputError) -> str:
    """The JSON output's line for a game that could not be audited."""
    error = {"message": exc.message, "location": exc.location.as_dict()}
    return json.dumps({"report": 1, "status": "invalid", "error": error}, ensure_ascii=False) + "\n"


class _Refused(InputError):
    """A game whose spec (or --option) was refused already: counted, not reported again."""


class _FirstRefusal(InputError):
    """The first game that names a spec (or an --option) that cannot be used: reported once for the run.
    ``key``: what makes it the same refusal in every process, where its text names the game (else the text)."""

    def __init__(self, message: str, location: Location | None = None, key: str = "") -> None:
        super().__init__(message, location)
        self.key = key


class _Clash(InputError):
    """A header's bundled id that an allowed spec gives itself too: which of the two is meant cannot be known."""


def _spec_id(path: Path) -> str | None:
    try:
        return load(path).id
    except InputError:
        return None


_SPEC_KEY = re.compile(rb"^(?:\xef\xbb\xbf)?spec[ \t]*:", re.MULTILINE)


def _opens_as_spec(path: Path) -> bool:
    """Whether a file's first 64 KB hold a spec's ``spec:`` line (a log has ``log:``): an allowed folder may be a
    club's whole archive, whose logs are not to be read in full, each as a spec, to learn it holds none."""
    try:
        with path.open("rb") as handle:
            return _SPEC_KEY.search(handle.read(65536)) is not None
    except OSError:
        return False


def _ids_in(folder: Path) -> dict[str, str]:
    """The id each spec file below an allowed folder gives itself, with its file (the first, in name order, where
    two give the same id; what is no spec, or a link that leads out of the folder, is passed over)."""
    ids: dict[str, str] = {}
    home = _real(folder)
    for path in files_below(folder):
        if is_file(path) and _inside(path, home) and _opens_as_spec(path):
            found = _spec_id(path)
            if found is not None:
                ids.setdefault(found, str(path))
    return ids


def _named_file(log: str, wanted: str) -> Path | None:
    """The file a header's path names: read from the log's own folder, as a link in a page is, else (no such file
    there) from the current folder, where it was read before; None where neither holds a file."""
    target = Path(wanted)
    places = [target] if target.is_absolute() or log == STDIN_NAME else [Path(log).parent / target, target]
    return next((place for place in places if is_file(place)), None)


def _real(path: Path) -> Path | None:
    """A path with every link and ``..`` followed; None where that cannot be done (a loop of links)."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return None


def _places(allowed: list[Path]) -> Iterator[tuple[Path, Path]]:
    """Each file or folder given with --allow-rules as given, with where it leads (links and ``..`` followed);
    one that leads nowhere is passed over."""
    for place in allowed:
        home = _real(place)
        if home is not None:
            yield place, home


def _inside(path: Path, home: Path | None) -> bool:
    """Whether a file of an allowed folder lies inside it once links and ``..`` are followed."""
    real = _real(path)
    return real is not None and home is not None and real.is_relative_to(home)


def _allowed_file(real: Path, allowed: list[Path]) -> bool:
    """Whether a file (links and ``..`` followed) is one given with --allow-rules, or lies inside a folder given."""
    return any(real == home or (home.is_dir() and real.is_relative_to(home)) for _, home in _places(allowed))


def _same_file(path: Path, bundled: Path | None) -> bool:
    """Whether an allowed spec is the bundled one: its file, or a copy of it byte for byte (a checkout's rules/)."""
    real = _real(path)
    if real is None or bundled is None or real == bundled:
        return real == bundled
    try:
        return real.read_bytes() == bundled.read_bytes()
    except OSError:
        return False


def _known_ids(place: Path, folder_ids: dict[Path, dict[str, str]]) -> dict[str, str]:
    """The ids of an allowed folder's specs (:func:`_ids_in`), read at the first header that needs them in a run."""
    if place not in folder_ids:
        folder_ids[place] = _ids_in(place)
    return folder_ids[place]


def _clash(wanted: str, allowed: list[Path], folder_ids: dict[Path, dict[str, str]]) -> None:
    """Refuse a bundled id that a spec given with --allow-rules gives itself too (or is named by in its folder):
    auditing by either one, the user unasked, would be auditing by a spec they may not have meant."""
    if not allowed:  # (nearly every run: no path looked up for each log file naming a bundled id)
        return
    bundled = _real(rules_dir() / f"{wanted}.yaml")
    for place, home in _places(allowed):
        if home.is_dir():
            by_id = place / f"{wanted}.yaml"
            other = str(by_id) if is_file(by_id) and _inside(by_id, home) else _known_ids(place, folder_ids).get(wanted)
        else:
            other = str(place) if _spec_id(place) == wanted else None
        if other is not None and not _same_file(Path(other), bundled):
            raise _Clash(
                f"{wanted!r} is both a bundled spec and the id of {shown_name(other)}, given with --allow-rules "
                f"{shown_name(str(place))}: say which the games are audited by, with --rules {wanted} or --rules "
                f"{shown_name(other)} (or give the allowed spec an id of its own)"
            )


def _nearest(wanted: str, allowed: list[Path], folder_ids: dict[Path, dict[str, str]]) -> str:
    """' (did you mean ID?)' for an id a slip away from a bundled one or an allowed spec's (a header that names the
    club's spec with a letter wrong was told only of the bundled ids), else nothing."""
    from difflib import get_close_matches  # to word an error only

    ids = list(bundled_ids())
    for place, home in _places(allowed):
        ids += list(_known_ids(place, folder_ids)) if home.is_dir() else [_spec_id(place) or ""]
    close = get_close_matches(wanted, [i for i in ids if i], n=1, cutoff=0.85)  # (as referee.spec_files.find)
    return f" (did you mean {close[0]}?)" if close else ""


def _header_spec(game: AnyLog, wanted: str, allowed: list[Path], folder_ids: dict[Path, dict[str, str]]) -> str:
    """The spec a log's header names, if it may: a bundled id, or a spec in a file or folder given by
    --allow-rules. A log is someone else's file: it must not make the referee read any path it likes, so a
    path is allowed by where it leads once links and ``..`` are followed.
    ``folder_ids``: the ids of each allowed folder's specs, as far as read (kept by the run: a folder is read once
    a run, not once a game, and afresh in the next run)."""
    where = partial(field_location, game, "$.game.rules")  # (its line looked up only for an error)
    if is_bundled(wanted):
        _clash(wanted, allowed, folder_ids)
        return wanted
    named = _named_file(game.file or "", wanted)
    real = None if named is None else _real(named)
    for place, home in _places(allowed):
        if home.is_dir():
            by_id = place / f"{wanted}.yaml"
            if _SPEC_ID.fullmatch(wanted) and is_file(by_id):
                led = _real(by_id)
                if led is not None and _allowed_file(led, allowed):
                    return str(by_id)
                if named is None:  # a link out of what is allowed: refused as a path leading there is (below)
                    named, real = by_id, led
            if real is not None and Path(wanted).suffix in (".yaml", ".yml") and real.is_relative_to(home):
                return str(named)
            declared = _known_ids(place, folder_ids).get(wanted)  # the id a spec gives itself, as simulate writes
            if declared is not None:
                return declared
        elif real == home or wanted == _spec_id(place):
            return str(place)
    if real is not None and any(real.is_relative_to(home) for _, home in _places(allowed) if home.is_dir()):
        raise InputError(
            f"the rule spec {excerpt(wanted)} is a file of a folder given with --allow-rules, but no .yaml or .yml "
            "file: a header names such a spec by a .yaml or .yml path, or by its id",
            where(),
        )
    # where the path leads, which may be no file its text shows (with nothing allowed: the advice below)
    if named is not None and allowed:
        raise InputError(
            f"the rule spec {excerpt(wanted)} is the file {shown_name(str(real or named))}, which is neither given "
            "with --allow-rules nor in a folder given with it (a log may name no other file)",
            where(),
        )
    if Path(wanted).suffix in (".yaml", ".yml") and allowed:
        raise InputError(
            f"no such rule spec file {excerpt(wanted)} (looked for beside the log, then from the current folder)",
            where(),
        )
    # the advice before the list of bundled specs, which grows: a long message is cut at its end; with a guess the
    # list is left to referee rules, so that the guess and the advice are read whole
    nearest = _nearest(wanted, allowed, folder_ids)
    known = "referee rules lists the bundled specs" if nearest else f"bundled: {', '.join(bundled_ids())}"
    raise InputError(
        f"unknown rule spec {excerpt(wanted)}{nearest}; a log may name another spec only if it is given with --rules "
        f"or its file or folder with --allow-rules ({known})",
        where(),
    )


def _ready(wanted: str, settings: Settings) -> Spec:
    """A spec that can be enforced with the run's options, checked once for all the games that name it."""
    spec = load(wanted)
    _enforceable(spec, settings)
    return spec


def _enforceable(spec: Spec, settings: Settings) -> None:
    """Refuse a spec the run cannot enforce with its options; a fault in the spec located by its line too, as
    referee validate locates it (the compiled spec knows the JSON path of the place, not its line)."""
    check_options(spec, settings.options, settings.option_words)
    try:
        enforceable(spec, settings.options)
    except InputError as exc:
        from .spec_checks import with_line  # (to locate an error only: it reads the spec's file again)

        raise with_line(exc) from None


_new = object.__new__
_NOWHERE = {f.name: f.default for f in fields(Location)}  # a Location's fields in their order, each at its default


def _text_writer() -> Callable[[Report], str]:
    from .render import text

    return text


def _no_text(report: Report) -> str:
    raise AssertionError("a run that writes no text wrote a text report")


class Checker:
    """Audits games one at a time under one run's settings, loading each spec once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._specs: dict[str, Spec | InputError] = {}
        # a log header's rules, as resolved, by the log's file and the header's text (a relative path is read from
        # the log's folder): looked up once a file, not once a game (the file's name as it is: no path work a game)
        self._named: dict[tuple[str | None, str], str | InputError] = {}  # (an error: a bundled id an allowed spec has)
        self._clashes: set[str] = set()  # the clashes said, by their messages
        self._folder_ids: dict[Path, dict[str, str]] = {}  # each allowed folder's specs by their ids, once read
        # the last game's file and header rules, with the spec they led to (looked up again only where they change)
        self._last: tuple[str | None, str, Spec] | None = None
        # the text report's writer: render imported only by a run that writes text (~1M instructions of a start)
        self._text: Callable[[Report], str] = _no_text if settings.format in ("json", "html") else _text_writer()

    def prepare(self) -> None:
        """Load and check ``--rules`` and ``--option`` before any game: refused once, with its own location."""
        wanted = self.settings.rules
        if wanted is None or wanted in self._specs:
            return
        try:
            spec = load(wanted)
        except InputError as exc:
            raise exc.at(file="--rules") from None
        _enforceable(spec, self.settings)
        self._specs[wanted] = spec

    def _spec_for(self, game: AnyLog) -> Spec:
        last = self._last
        if last is not None and last[0] == game.file and last[1] == game.rules:  # (as the game before: nearly always)
            return last[2]
        if self.settings.rules:
            wanted = self.settings.rules
        elif game.rules is None:
            raise InputError(
                "the log names no rules; pass --rules", Location(file=game.file, line=game.line, game=game.index)
            )
        else:
            named = self._named.get((game.file, game.rules)) or self._resolve(game, game.rules)
            if isinstance(named, InputError):
                self._refuse_clash(game, named)
            wanted = named
        if wanted not in self._specs:
            try:
                self._specs[wanted] = _ready(wanted, self.settings)
            except InputError as exc:
                self._specs[wanted] = exc
                raise _FirstRefusal(exc.message, exc.location) from None
        found = self._specs[wanted]
        if isinstance(found, InputError):
            raise _Refused(found.message, found.location)
        if not self.settings.rules and game.rules is not None:  # the spec a header names, for the next game's
            self._last = (game.file, game.rules, found)
        return found

    def _resolve(self, game: AnyLog, rules: str) -> str | InputError:
        found: str | InputError
        try:
            found = _header_spec(game, rules, [Path(p) for p in self.settings.allow_rules], self._folder_ids)
        except _Clash as exc:
            found = exc
        self._named[game.file, rules] = found
        return found

    def _refuse_clash(self, game: AnyLog, clash: InputError) -> NoReturn:
        """A clash of ids is said at the first game that meets it (in each process: the driver says it once)."""
        where = field_location(game, "$.game.rules")
        if clash.message in self._clashes:
            raise _Refused(clash.message, where)
        self._clashes.add(clash.message)
        raise _FirstRefusal(clash.message, where, key=clash.message)

    def unreadable(self, exc: InputError, said: bool = True) -> GameResult:
        """The result for input that could not be audited; ``said`` whether its message goes to standard error."""
        output = {"json": error_line(exc), "html": f"referee: {exc}"}.get(self.settings.format, "")
        return GameResult(UNREADABLE, EXIT_INPUT, output, f"referee: {exc}\n" if said else "")

    def line(self, text: str, file: str, line: int, index: int) -> GameResult:
        """One game of a JSON Lines file: its line's text, read and audited."""
        # Location(file=file, line=line, game=index), made as Report.start makes a report: the frozen dataclass's
        # __init__ sets each of its seven fields through object.__setattr__ (~13k instructions, every game)
        where = _new(Location)
        state = where.__dict__
        state.update(_NOWHERE)
        state["file"], state["line"], state["game"] = file, line, index
        try:
            game = from_json_text(text.rstrip("\r\n"), where)
        except InputError as exc:
            return self.unreadable(exc.at(game=index))
        return self.game(game)

    def game(self, game: "AnyLog | InputError") -> GameResult:  # (AnyLog is text: see families)
        """One game as read (or the error that stopped its reading): audited and rendered."""
        if isinstance(game, InputError):
            return self.unreadable(game)
        try:
            spec = self._spec_for(game)
            options = self.settings.options
            # (a game whose header chooses nothing, with no --option, nearly every one: audit's own dispatch, inline)
            report = families.audit(spec, game) if not (options or game.options) else audit(spec, game, options)
        except _Refused as exc:  # said once already, at the first game that named the spec
            return self.unreadable(exc.at(file=game.file, game=game.index), said=False)
        except _FirstRefusal as exc:
            return self.unreadable(exc.at(file=game.file, game=game.index))._replace(once=exc.key or str(exc))
        except InputError as exc:
            return self.unreadable(exc.at(file=game.file, game=game.index))
        fmt = self.settings.format
        status = report.status
        if fmt == "json":
            output = report_json.as_json(report, status, "\n")  # (render.as_json's, the line feed put in)
        elif fmt == "html":
            from . import html_report  # only an HTML run needs the page builder

            played = as_played(spec, game, self.settings.options)  # drawn by the rules the game was audited by
            output = html_report.game_html(report, families.pictures(played, game, report))
        elif not self.settings.quiet or report.violations or report.incomplete:
            output = self._text(report) + "\n"
        else:
            output = ""
        codes = tuple(str(v.code) for v in report.violations) if report.violations else ()  # (a clean game: none)
        return GameResult(status, exit_code(status), output, "", codes, report.hands_audited)
