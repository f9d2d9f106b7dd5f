"""The plain reading of ``referee check``'s arguments gives what the parser gives, or leaves them to it."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee import check_args
from referee.cli import parser
from referee.commands import cmd_check

# Words the parser reads one way or another: the options whole, shortened, joined to their values, values it
# takes or refuses (formats, numbers of jobs int() reads or not), logs, "-" and "", help, other commands.
WORDS = [
    "check", "validate", "a.jsonl", "b.yaml", "-", "", "logs dir", "--", "-h", "--help", "--version",
    "--rules", "--allow-rules", "--option", "--format", "--jobs", "-j", "--quiet", "-q",
    "--form", "--rul", "--quie", "-qj2", "-j2", "--jobs=2", "--format=json", "-jq",
    "json", "text", "html", "xml", "JSON", "spades/intramural", "x=1",
    "0", "1", "2", "007", "-1", "+2", " 3", "3 ", "1_0", "٣", "2.0",
]  # fmt: skip


def by_parser(argv: list[str]) -> dict[str, Any] | None:
    """The parser's namespace as a dict, or None where it refuses the arguments (or shows help or the version)."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            return vars(parser().parse_args(argv))
        except SystemExit:
            return None


def by_plain(argv: list[str]) -> dict[str, Any] | None:
    found = check_args.plain(argv)
    return None if found is None else {**vars(found), "run": cmd_check}


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "a.jsonl"],
        ["check", "--format", "json", "--jobs", "1", "a.jsonl"],
        ["check", "a.jsonl", "b.yaml", "--format", "json", "-j", "2", "-q"],
        ["check", "-", "--rules", "spades/intramural", "--option", "x=1", "--option", "y=", "--allow-rules", "d"],
        ["check", "--format", "json", "--format", "html", "--jobs", "007", "", "-"],
    ],
)
def test_plain_arguments_are_read_as_the_parser_reads_them(argv: list[str]) -> None:
    assert by_plain(argv) is not None
    assert by_plain(argv) == by_parser(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["check"],  # no log: the parser says one is needed
        ["check", "a.jsonl", "-h"],
        ["check", "--form", "json", "a.jsonl"],  # shortened: the parser takes it
        ["check", "-j2", "a.jsonl"],
        ["check", "a.jsonl", "--format", "xml"],  # refused by the parser, which says why
        ["check", "a.jsonl", "--jobs", "+2"],  # int() reads it: the parser's reading, not a guess
        ["check", "a.jsonl", "--quiet", "b.yaml"],  # two runs of logs: refused
        ["check", "--rules", "-", "a.jsonl"],
        ["check", "--rules", "--quiet", "a.jsonl"],  # refused: --rules wants a value
        ["--version"],
        ["validate"],
    ],
)
def test_anything_else_is_left_to_the_parser(argv: list[str]) -> None:
    assert check_args.plain(argv) is None


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), max_size=9).map(lambda words: ["check", *words]) | st.lists(st.sampled_from(WORDS))
)
@example(["check", "--option", "-q", "a.jsonl"])
@example(["check", "a.jsonl", "-q", "b.yaml"])
@example(["check", "a.jsonl", "--jobs", " 3"])
def test_the_plain_reading_is_the_parsers_whenever_it_answers(argv: list[str]) -> None:
    plain = by_plain(argv)
    if plain is not None:
        assert plain == by_parser(argv)


def test_the_defaults_are_the_parsers() -> None:
    # an option added to the parser must be added here too, or a plain run would lack it
    found = by_parser(["check", "a.jsonl"])
    assert found is not None
    assert {k: v for k, v in found.items() if k not in ("command", "logs", "run")} == check_args.defaults()
