"""What ``referee check`` imports and reads to start: only what the command needs (timed by benchmarks/)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import schemas
from referee.spec import bundled_ids, chain, find

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml"
ARCHIVE = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"  # 200 clean games

NOT_FOR_CHECK = (
    "jsonschema",
    "referee.html_report",
    "referee.rulebook",
    "referee.game_compare",
    "multiprocessing",
    "referee.dominoes.audit",  # a Spades game needs no domino replay
    "referee.tricks.simulate",
    "referee.tricks.picture",
    "signal",  # batch_run sets its Ctrl-C handler by _signal: signal's enums cost ~3M instructions of a start
    # dataclasses' inspect (with ast, dis, tokenize: ~19M) and pathlib's urllib.parse (with ipaddress: ~10M), imported
    # for a call a check never makes (referee.stand_ins)
    "inspect",
    "ast",
    "dis",
    "tokenize",
    "urllib",
    "ipaddress",
    "platform",  # uuid's (orjson imports it), for platform.system() alone: ~8M
)


def imported_by(*argv: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``referee`` with ``argv``."""
    script = (
        "import io, sys\nfrom referee.cli import main\n"
        f"code = main({list(argv)!r}, out=io.StringIO())\nprint(code, *sorted(sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    code, *modules = result.stdout.split()
    assert code in ("0", "1", "2"), result.stderr  # an exit code, not any substring of "012"
    return set(modules)


def test_a_clean_check_imports_no_validator_no_page_builder_no_pool() -> None:
    loaded = imported_by("check", str(CLEAN))
    assert "referee.tricks.audit" in loaded  # it did audit the game
    assert not [m for m in loaded if m.startswith(NOT_FOR_CHECK)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_of_json_lines_imports_neither_the_yaml_cutting_nor_pickle(jobs: str) -> None:
    # (referee.yaml_units and its blocks: ~4.8M instructions of every start, before the workers are forked too; and
    # pickle, ~7M: the workers' messages of blocks and results are written by marshal, see referee.batch_messages)
    loaded = imported_by("check", str(ARCHIVE), "--format", "json", "--jobs", jobs)
    assert "referee.batch_inputs" in loaded and ("referee.batch_pool" in loaded) == (jobs == "2")
    assert not [m for m in loaded if m.startswith(("referee.yaml_units", "referee.yaml_blocks", "pickle", "_pickle"))]
    # nor what only YAML, a text report, a spec or game checked by the schema, or referee new needs (yaml_documents,
    # render, schemas, shlex: ~3M instructions of a start)
    assert not loaded & {"referee.yaml_documents", "referee.render", "referee.schemas", "shlex"}
    # nor datetime (orjson's: its C interface alone, held by a stand-in, see referee.stand_ins; YAML's reader needs it)
    assert "datetime" not in loaded
    # nor signal.py, whose enums cost ~3.2M instructions of the start before the fork: the pool sets its handler and
    # stops its workers by _signal, as batch_run does
    assert "signal" not in loaded


def test_the_console_script_imports_no_signal_module() -> None:
    # the program named referee sets its Ctrl-C handlers by _signal (signal.py's enums: ~3M instructions of a start)
    script = (
        "import atexit, sys\natexit.register(lambda: print(*sorted(sys.modules)))\n"
        f"sys.argv = ['referee', 'check', {str(CLEAN)!r}]\nfrom referee.cli import main_exit\nmain_exit()"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    loaded = set(result.stdout.split())
    assert "referee.tricks.audit" in loaded and "signal" not in loaded, result.stderr


def test_a_log_that_fails_its_structural_check_brings_in_the_validator(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    text = CLEAN.read_text(encoding="utf-8")
    broken.write_text(text.replace("players: [Alice, Ben, Carla, David]", "players: [Alice]"), encoding="utf-8")
    assert "jsonschema" in imported_by("check", str(broken))  # to say what is wrong: ['Alice'] is too short


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_every_bundled_spec_matches_the_schema(spec_id: str) -> None:
    # a run trusts the bundled specs without the validator (spec_files.schema_checked): this is where they are checked
    chain(find(spec_id).resolve(), verify=True)
    assert schemas.validator("rule-spec").schema  # the check ran with the real schema


@pytest.mark.parametrize("columns", [None, "1", "50", "0", "-3", "wide", "200"])
def test_the_help_is_as_wide_as_shutil_says(columns: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    # the CLI finds the terminal's width itself (shutil's import cost a start ~2 ms): the same width, whatever COLUMNS
    import shutil

    from referee.cli import _columns, parser

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert _columns() == shutil.get_terminal_size().columns
    assert parser()._get_formatter()._width == shutil.get_terminal_size().columns - 2


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("ab .,\t\n\xa0é-"), max_size=40) | st.text(max_size=30),
    width=st.integers(min_value=12, max_value=50),  # wider than any indent: textwrap loops forever otherwise
    first=st.sampled_from(["", "  ", "          "]),
    later=st.sampled_from(["", "    "]),
)
def test_a_line_that_fits_is_what_textwrap_gives(text: str, width: int, first: str, later: str) -> None:
    # render.fill answers a text that fits on its first line without importing textwrap: the same text either way
    import textwrap

    from referee.render import fill

    expected = textwrap.fill(text, width, initial_indent=first, subsequent_indent=later)
    assert fill(text, width, initial_indent=first, subsequent_indent=later) == expected


@pytest.mark.parametrize("module", ["referee.tricks.table_fields", "referee.tricks.clean_lane", "referee.tricks.log"])
def test_the_widest_dataclasses_of_a_start_hold_evaluated_annotations(module: str) -> None:
    # a field annotated by text is looked up by dataclasses (ClassVar? InitVar? KW_ONLY?) as the class is made: these
    # modules' 214 fields cost ~4.7M instructions of every start so; their annotations are evaluated instead
    import dataclasses
    import importlib

    found = vars(importlib.import_module(module)).values()
    made = [v for v in found if dataclasses.is_dataclass(v) and v.__module__ == module]  # its own, not imported
    own = [f for cls in made for f in dataclasses.fields(cls) if f.name in vars(cls).get("__annotations__", {})]
    assert own and all(not isinstance(f.type, str) for f in own)  # (a field inherited is its own module's)


# Runs a check with compile() counted where it is given text (an import compiles a module's bytes), and prints the
# file names it was given: typing compiles each name of a Union or a NamedTuple field written as text (ForwardRef),
# and a process's first compile() of text makes the 137 classes of the AST's nodes, ~9M instructions.
COMPILES = """
import builtins, io, sys
given = []
real = builtins.compile


def counted(source, filename, *args, **kwargs):
    if isinstance(source, str):
        given.append(filename)
    return real(source, filename, *args, **kwargs)


builtins.compile = counted
from referee.cli import main

code = main(sys.argv[1:], out=io.StringIO())
print(code, *given)
"""


@pytest.mark.parametrize(
    ("spec_id", "form"),
    [
        ("spades/intramural", "jsonl"),
        ("spades/intramural", "yaml"),
        ("hearts/intramural", "jsonl"),
        ("dominoes/all-fives", "jsonl"),
        ("dominoes/all-fives", "yaml"),
    ],
)
def test_a_check_compiles_no_text(spec_id: str, form: str, tmp_path: Path) -> None:
    log = tmp_path / f"games.{form}"
    simulated = subprocess.run(
        [sys.executable, "-m", "referee", "simulate", "--rules", spec_id, "--games", "2", "--format", form],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    log.write_text(simulated.stdout, encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for _run in ("first", "second"):  # the first keeps its dataclasses' method code (user_cache), compiled from text
        result = subprocess.run(
            [sys.executable, "-c", COMPILES, "check", str(log), "--format", "json", "--jobs", "1"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
    code, *compiled = result.stdout.split()
    assert code == "0", result.stderr
    assert compiled == []
