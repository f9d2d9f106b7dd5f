"""What each ``referee`` subcommand does, given its parsed arguments (the parser and the process's exit are
:mod:`referee.cli`'s)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from . import batch
from .batch import EXIT_CLEAN, EXIT_INPUT, EXIT_VIOLATIONS
from .documents import LINK_LOOP, exists, is_link_loop, named_path
from .errors import InputError, Location
from .spec import bundled_ids, load

if TYPE_CHECKING:
    import argparse


def _players(value: str | None) -> tuple[tuple[str, ...] | None, int | None]:
    """``--players``: a number of players, or their names comma-separated (then their number counts)."""
    if value is None:
        return None, None
    if value.strip().isdigit():
        if int(value) < 1:
            raise InputError(f"--players {value}: a game needs players")
        return None, int(value)
    names = tuple(name.strip() for name in value.split(","))
    if "" in names:
        raise InputError(f"--players {value}: a player's name is empty")
    from .logreader import name_fault  # read only where names are given

    for name in names:  # as a log's reader would refuse it: the games written would be unreadable
        fault = name_fault(name)
        if fault is not None:  # said without the value, which may be long or hold the control character
            raise InputError(f"--players: {fault}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:  # a log names each player once: its games would be unreadable
        raise InputError(f"--players {value}: each player is named once ({', '.join(twice)} more than once)")
    return names, len(names)


def _option_pairs(pairs: list[str]) -> list[tuple[str, str]]:
    """``name=value`` pairs split, each name stripped and each value as written; an option given twice with two
    values is refused, as ``--rules`` given twice is (the last was kept without a word)."""
    split: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InputError(f"--option wants name=value, not {pair!r}")
        name = name.strip()
        if name in split and split[name].strip() != value.strip():
            raise InputError(f"--option {name}: given twice ({split[name]}, then {value}): an option takes one value")
        split[name] = value
    return list(split.items())


def _options(pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs; values read as YAML scalars (true, 100, text; null, ~ or nothing after a space as
    None, for the option to refuse)."""
    chosen: dict[str, Any] = {}
    if not pairs:  # (the reader of YAML imported only by a run given options: ~1M instructions of a start)
        return chosen
    from .yaml_documents import NoDocument, parse_yaml  # PyYAML's import is ~12 ms: only a run given options

    for name, value in _option_pairs(pairs):
        try:
            chosen[name] = parse_yaml(value, "--option") if value.strip() else ""
        except NoDocument:  # YAML's null is no document to the reader of files, but a value here
            chosen[name] = None
        except InputError as exc:  # said of the option as written, not of a line 1 of a file "--option"
            raise InputError(exc.message, Location(file=f"--option {name}={value}")) from None
    return chosen


def _option_words(pairs: list[str]) -> dict[str, str]:
    """Each option's value as written, to name it so in a refusal."""
    return dict(_option_pairs(pairs))


# The most processes a --jobs run takes a core: an audit is all computing, so more only cost memory (a --jobs of
# thousands forked until the system refused, starving the machine).
JOBS_A_CORE = 4


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Audit each game of each file, folder, glob or standard input; a summary closes a run of several games."""
    from . import batch_run

    for place in args.allow_rules:  # a name mistyped would leave the spec refused, as if not allowed
        path = named_path(place, where="--allow-rules ''")
        if not exists(path):
            what = LINK_LOOP if is_link_loop(path) else "no such file or folder"
            raise InputError(what, Location(file=f"--allow-rules {place}"))
    settings = batch.Settings(
        rules=args.rules,
        allow_rules=tuple(args.allow_rules),
        options=_options(args.option),
        option_words=_option_words(args.option),
        format=args.format,
        quiet=args.quiet,
    )
    checker = batch.Checker(settings)
    checker.prepare()  # a spec that cannot be loaded or enforced, or a bad --option, is refused once, before any game
    if args.jobs is not None and args.jobs < 1:
        raise InputError(f"--jobs wants a number of processes (1 or more), not {args.jobs}")
    cores = batch_run.all_cores()
    jobs = cores if args.jobs is None else min(args.jobs, JOBS_A_CORE * cores)
    return batch_run.run(checker, args.logs, out, jobs)


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """Schema and semantic checks of specs (ids, files or folders); says how much of each rests on quotes."""
    from . import spec_checks  # each command imports only what it needs: a check starts sooner

    paths = spec_checks.spec_targets(args.paths)
    worst = EXIT_CLEAN
    for shown, path in paths:
        problems, notes = spec_checks.check_file(path)
        for note in notes:
            print(f"referee: {note}", file=sys.stderr)
        if problems:
            worst = EXIT_INPUT
            for problem in problems:
                print(f"referee: {problem}", file=sys.stderr)
            out.write(f"FAIL {shown}: {len(problems)} problem{'' if len(problems) == 1 else 's'}\n")
        else:
            out.write(f"ok   {shown}: {spec_checks.quote_summary(load(str(path)))}\n")
    if not paths:
        print("referee: no rule spec files found", file=sys.stderr)
        return EXIT_INPUT
    return worst


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """List the bundled specs with their sources, or show one spec with everything it extends resolved."""
    from . import authoring

    if args.show is not None:  # (an empty name is refused as one, not taken for no --show)
        spec = load(args.show)
        if args.format == "json":  # the merged document alone: the marks of where each clause comes from are YAML's
            out.write(json.dumps(authoring.effective_document(spec), ensure_ascii=False, indent=2) + "\n")
        else:
            out.write(authoring.effective_yaml(spec))
        return EXIT_CLEAN
    rows = []
    for spec_id in bundled_ids():
        spec = load(spec_id)
        rows.append(
            {
                "id": spec.id,
                "title": spec.title,
                "family": spec.family,
                "source": spec.document,
                "source_title": spec.document_title,
                "options": {name: option.default for name, option in spec.options.items()},
            }
        )
    if args.format == "json":
        out.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return EXIT_CLEAN
    width = max(len(r["id"]) for r in rows) if rows else 0
    for r in rows:
        out.write(f"{r['id']:<{width}}  {r['title']}\n{'':<{width}}  source: {r['source']} ({r['source_title']})\n")
    return EXIT_CLEAN


def cmd_rulebook(args: argparse.Namespace, out: TextIO) -> int:
    """A spec as a rulebook page in Markdown that stands alone, as a club publishes its rules."""
    from .rulebook import markdown

    out.write(markdown(load(args.spec), args.spec))
    return EXIT_CLEAN


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    """Write a starter spec that extends another and validates as it stands."""
    import shlex  # (for this command alone: ~0.7M instructions of every start)

    from . import authoring

    path = named_path(args.path)
    authoring.write_starter(args.extends, path)
    # the command as it can be pasted, a name with a space or a quote in it quoted for the shell
    out.write(
        f"wrote {path}: it extends {args.extends}; edit it, then run: referee validate {shlex.quote(str(path))}\n"
    )
    return EXIT_CLEAN


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Write random legal games as logs."""
    from .gamelog import compact_tricks, log_yaml
    from .simulate import simulate

    if args.games < 1:
        raise InputError(f"--games {args.games}: 1 or more")
    if args.format == "json" and args.games != 1:
        raise InputError("--format json writes one game; use --format jsonl (one game a line) for more")
    chosen = _options(args.option)
    batch.check_options(load(args.rules), chosen, _option_words(args.option), whole=True)  # no header: the rest default
    spec = load(args.rules, chosen or None)
    players, seats = _players(args.players)
    for document in simulate(spec, args.games, args.seed, not args.no_score, players, seats):
        if args.format == "jsonl":  # archives: each trick played in turn written compactly
            out.write(json.dumps(compact_tricks(document), ensure_ascii=False, separators=(",", ":")) + "\n")
        elif args.format == "json":
            out.write(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
        else:
            out.write("---\n" + log_yaml(document))
    return EXIT_CLEAN


def cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    """The rule-level differences between two specs; exit 1 when they differ, as diff does."""
    from . import spec_diff

    specs = []
    for name, flag in ((args.a, "A"), (args.b, "B")):
        try:
            specs.append(load(name))
        except InputError as exc:
            raise exc.at(file=exc.location.file or f"{flag} ({name})") from None
    a, b = specs
    out.write(spec_diff.as_json(a, b) + "\n" if args.format == "json" else spec_diff.text(a, b))
    differ = a.family != b.family or spec_diff.as_dict(a, b)["differences"]  # two games never state every rule alike
    return EXIT_VIOLATIONS if differ else EXIT_CLEAN


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    """One game under several specs: where the verdicts and scores differ, hand by hand; exit 1 where they do."""
    from . import game_compare
    from .gamelog import iter_games

    log = named_path(args.log)  # an empty name is said first, whatever the specs
    if len(args.rules) < 2:  # one spec has nothing to be compared with: its agreement with itself says nothing
        raise InputError(
            "compare wants two or more specs, to set their verdicts side by side",
            Location(file=f"--rules {args.rules[0]}"),
        )
    specs = []
    for name in args.rules:
        try:
            specs.append(load(name))
        except InputError as exc:
            raise exc.at(file=exc.location.file or f"--rules {name}") from None
    worst = EXIT_CLEAN
    printed = False
    for game in iter_games(log):
        if isinstance(game, InputError):
            raise game
        data = game_compare.run(specs, game)
        worst = max(worst, EXIT_VIOLATIONS if game_compare.differs(data) else EXIT_CLEAN)
        if args.format == "json":
            out.write(json.dumps(data, ensure_ascii=False) + "\n")
        else:
            out.write(("\n" if printed else "") + game_compare.text(data))
            printed = True
    return worst
