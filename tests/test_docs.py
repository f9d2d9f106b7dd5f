"""The documentation shows real commands with their real output, valid examples, and lists that match the code.

Every ```console block of docs/*.md is a shell session: lines starting with ``$ referee`` are run through
``referee.cli.main`` (from the top of the project, standard output and standard error together), and the
lines after each command are its expected output. ``$ echo $?`` prints the last exit code, as a shell does.
"""

from __future__ import annotations

import argparse
import copy
import doctest
import html
import io
import json
import os
import re
import shlex
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT))  # the tests run from a source checkout

from referee.cli import main, parser  # noqa: E402
from referee.errors import Location  # noqa: E402
from referee.gamelog import from_document  # noqa: E402
from referee.report import Code  # noqa: E402
from referee.schemas import check  # noqa: E402
from referee.spec import SECTIONS, load, resolve  # noqa: E402
from referee.tricks import tables  # noqa: E402
from referee.tricks.tables import Unsupported, compile_spec  # noqa: E402

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
SCHEMA = json.loads((ROOT / "schema" / "rule-spec.schema.json").read_text(encoding="utf-8"))


def pages() -> list[Path]:
    """The docs pages, and the README: its sample output must be real too."""
    return [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]


def fenced(language: str) -> list[tuple[str, str]]:
    """(``page:line``, body) of each fenced block of a language, over all pages."""
    found = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{page.name}:{line}", match.group(2)))
    return found


def section(page: str, heading: str) -> str:
    """The text of a page under a heading, up to the next heading of the same or a higher level."""
    text = (DOCS / page).read_text(encoding="utf-8")
    level = heading.split(" ", 1)[0]
    start = text.index(heading + "\n")
    rest = text[start + len(heading) :]
    ends = [m.start() for m in re.finditer(rf"^#{{1,{len(level)}}} ", rest, re.M)]
    return rest[: ends[0]] if ends else rest


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the Markdown tables in a text, as lists of cells."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.fullmatch(r"\|[-| ]+\|", line):
            rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
    return [row for row in rows if row and row[0] not in ("Clause", "Code", "Section", "Option", "Field")]


def run(command: str, scratch: Path) -> tuple[str, int]:
    """Run one ``referee ...`` command line as the docs show it; returns its output and exit code."""
    words = [word.replace("/tmp/", f"{scratch}/") for word in shlex.split(command)]
    target = None
    if ">" in words:
        at = words.index(">")
        target, words = Path(words[at + 1]), words[:at]
    assert words[0] == "referee", f"not a referee command: {command}"
    buffer = io.StringIO()
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        with redirect_stdout(buffer), redirect_stderr(buffer):
            code = main(words[1:])
    finally:
        os.chdir(cwd)
    output = buffer.getvalue()
    if target is not None:
        target.write_text(output, encoding="utf-8")
        output = ""
    # The output as a person running the command from the top of the project sees it (no path of the project
    # is rewritten: what the referee prints is what the docs must show); only the scratch folder stands in
    # for /tmp/.
    return output.replace(f"{scratch}/", "/tmp/"), code


def _untimed(line: str) -> str:
    return re.sub(r" in [0-9.]+ s \([0-9,]+ hands/s\)", " in … s (… hands/s)", line)


def sessions() -> list[tuple[str, str]]:
    return fenced("console")


def test_the_docs_hold_sessions_to_run() -> None:
    found = sessions()
    assert len(found) >= 15
    for where, body in found:
        assert body.startswith("$ referee "), f"{where}: a console block starts with a referee command"


@pytest.mark.parametrize(("where", "body"), sessions(), ids=[where for where, _ in sessions()])
def test_session_output_is_real(where: str, body: str, tmp_path: Path) -> None:
    last_code: int | None = None
    steps: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line.rstrip())
    for command, expected in steps:
        if command == "echo $?":
            actual = [str(last_code)]
        else:
            output, last_code = run(command, tmp_path)
            actual = [line.rstrip() for line in output.splitlines()]
        # a run's wall time and speed differ from run to run: the docs show a real run's figures
        expected, actual = [_untimed(line) for line in expected], [_untimed(line) for line in actual]
        while expected and not expected[-1]:
            expected.pop()
        while actual and not actual[-1]:
            actual.pop()
        assert actual == expected, f"{where}: $ {command}"


def json_examples() -> list[tuple[str, str, str]]:
    found = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(r"<!-- json-output: (.*?) -->\n```json\n(.*?)^```", text, re.M | re.S):
            found.append((page.name, match.group(1), match.group(2)))
    return found


def test_json_output_shown_is_real(tmp_path: Path) -> None:
    found = json_examples()
    assert found
    for page, command, shown in found:
        output, _ = run(command, tmp_path)
        assert json.loads(output) == json.loads(shown), f"{page}: {command}"


def test_python_examples_run() -> None:
    blocks = fenced("pycon")
    assert len(blocks) >= 5
    globs: dict[str, Any] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        for where, body in blocks:  # in page order: later blocks use names bound by earlier ones
            test = doctest.DocTestParser().get_doctest(body, globs, where, where, 0)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, f"{where}: a Python example's output differs"
            globs.update(test.globs)
    finally:
        os.chdir(cwd)


# -- lists in the docs that must match the code ---------------------------------------------------------


def test_the_violation_read_line_by_line_is_real(tmp_path: Path) -> None:
    text = section("reports.md", "### Reading a violation")
    shown = next(m.group(2) for m in FENCE.finditer(text) if m.group(1) == "text")
    output, _ = run("referee check docs/examples/renege.yaml", tmp_path)
    real = [line[4:] for line in output.splitlines()]  # a violation stands four spaces in, under its hand
    lines = shown.splitlines()
    start = real.index(lines[0])
    assert real[start : start + len(lines)] == lines


def test_the_reports_page_lists_every_violation_code() -> None:
    rows = table_rows(section("reports.md", "## Violation codes"))
    shown = [re.fullmatch(r"`([a-z_]+)`", row[0]).group(1) for row in rows]  # type: ignore[union-attr]
    assert len(shown) == len(set(shown))
    assert set(shown) == {code.value for code in Code}
    assert all(len(row) == 2 and row[1] for row in rows), "each code has its meaning"


def test_the_cli_page_lists_every_option() -> None:
    (commands,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    for name, sub in commands.choices.items():
        wanted = {s for action in sub._actions for s in action.option_strings} - {"-h", "--help"}
        text = section("cli.md", f"## `referee {name}`")
        shown = {opt for row in table_rows(text) for opt in re.findall(r"`(-{1,2}[a-z-]+)`", row[0])}
        assert shown == wanted, f"referee {name}"


def test_the_cli_synopsis_names_every_command_and_option() -> None:
    (commands,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    synopsis = next(m.group(2) for m in FENCE.finditer(text) if m.group(1) == "text")
    lines = {line.split()[1]: line for line in synopsis.splitlines()}
    assert list(lines) == list(commands.choices), "one line per command, in the order of referee --help"
    for name, sub in commands.choices.items():
        for action in sub._actions:
            names = set(action.option_strings) - {"-h", "--help"}
            if names:
                assert any(re.search(rf"\[?{re.escape(o)}\b", lines[name]) for o in names), f"referee {name}: {names}"


def test_the_readme_s_commands_show_every_command() -> None:
    # the README's list of commands left out referee diff and referee compare, the two a player comparing house
    # rules wants; a new user reading it found neither
    (commands,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    readme = section_of_readme("## Commands")
    shown = {shlex.split(line, comments=True)[1] for line in readme.splitlines() if line.startswith("referee ")}
    assert shown == set(commands.choices)


def section_of_readme(heading: str) -> str:
    """The README's text under a heading, up to the next heading of the same level."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rest = text[text.index(heading + "\n") + len(heading) :]
    return rest.split("\n## ", 1)[0]


def shell_commands() -> list[tuple[str, str]]:
    """(``page:line``, command) of each ``referee ...`` command in the ```sh blocks of the docs and the README."""
    found = []
    for where, body in fenced("sh"):
        for line in body.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and words[0] == "referee":
                    found.append((where, part.strip()))
    return found


def test_the_shell_commands_shown_are_ones_the_referee_takes() -> None:
    # a renamed or dropped option would leave a command in a ```sh block that the referee refuses
    found = shell_commands()
    assert len(found) >= 10
    for where, command in found:
        words = shlex.split(command, comments=True)
        if ">" in words:
            words = words[: words.index(">")]
        try:
            parser().parse_args(words[1:])
        except SystemExit:  # argparse's way of refusing
            pytest.fail(f"{where}: {command}")


def test_the_specs_page_lists_every_section_and_clause() -> None:
    rows = table_rows(section("specs.md", "## Sections and clauses"))
    shown = {row[0].strip("`"): re.findall(r"`([a-z_]+)`", row[1]) for row in rows}
    schema = {name: list(SCHEMA["properties"][name]["properties"]) for name in SECTIONS if name in SCHEMA["properties"]}
    assert shown == schema


def refused_rows() -> list[tuple[str, str]]:
    rows = table_rows(section("specs.md", "### Not yet supported"))
    return [(row[0].strip("`"), row[1].strip("`")) for row in rows]


@pytest.mark.parametrize(("clause_id", "fragment"), refused_rows())
def test_each_refused_clause_is_refused(clause_id: str, fragment: str) -> None:
    spec = load("spades/intramural")
    raw = copy.deepcopy(spec.raw)
    section_name, name = clause_id.split(".")
    body = {**raw.setdefault(section_name, {}).get(name, {}), **yaml.safe_load(fragment)}
    body.setdefault("interpretation", "A test of the documented limit.")
    raw[section_name][name] = body
    check("rule-spec", raw, Location(file="docs/specs.md"))  # the fragment the docs show is a valid clause
    with pytest.raises(Unsupported, match="not supported by this referee yet") as refused:
        compile_spec(resolve(raw, spec.path))
    assert clause_id in str(refused.value) or f"$.{clause_id}" in str(refused.value.location)


DOMINO_SECTIONS = ("tiles", "draw", "layout", "dominoes_scoring")  # the domino replay: tests/dominoes/test_tables.py


def test_every_field_the_replay_ignores_is_refused_and_documented() -> None:
    # each clause and field of the schema is either acted on (tables.ENFORCED) or has a refused row
    refused = {clause_id: yaml.safe_load(fragment) for clause_id, fragment in refused_rows()}
    for section_name in SECTIONS:
        if section_name not in SCHEMA["properties"] or section_name in DOMINO_SECTIONS:
            continue
        for name, clause in SCHEMA["properties"][section_name]["properties"].items():
            clause_id = f"{section_name}.{name}"
            enforced = tables.ENFORCED.get(clause_id)
            if enforced is None:
                assert clause_id in refused, f"{clause_id}: neither enforced nor documented as refused"
                continue
            if clause_id in tables.KIND_CLAUSES.values():
                continue  # not allowed: its other fields are never read
            for field in clause["properties"]:
                if field not in enforced or enforced[field] is not None:
                    assert clause_id in refused, f"{clause_id}.{field}: limits not documented as refused"


def test_the_enforced_table_is_the_code() -> None:
    rows = table_rows(section("specs.md", "### What the replay acts on"))
    shown = {row[0].strip("`"): re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", row[1])) for row in rows}
    wanted = {c: list(f) for c, f in tables.ENFORCED.items() if c not in tables.KIND_CLAUSES.values()}
    assert shown == wanted


# -- examples that are not commands -----------------------------------------------------------------------


def _log_fragment(fragment: dict[str, Any]) -> dict[str, Any]:
    """A whole log around a fragment shown in the docs (top-level keys kept, the rest make a hand)."""
    top = set(json.loads((ROOT / "schema" / "game-log.schema.json").read_text(encoding="utf-8"))["properties"])
    document: dict[str, Any] = {"players": ["Ann", "Bob", "Cat", "Dan"], "hands": []}
    hand = {key: value for key, value in fragment.items() if key not in top}
    document.update({key: value for key, value in fragment.items() if key in top})
    if hand:
        document["hands"] = [hand]
    return document


def test_yaml_examples_are_valid() -> None:
    checked = 0
    for where, body in fenced("yaml"):
        if body.startswith("--8<--"):
            continue  # a file of docs/examples, included whole: run by the sessions above
        document = yaml.safe_load(body)
        page = where.split(":")[0]
        if page == "logs.md":
            from_document(_log_fragment(document), Location(file=where))
        elif page == "specs.md":
            if "spec" not in document:
                document = {
                    "spec": 1,
                    "id": "docs/example",
                    "title": "example",
                    "family": "spades",
                    "source": {"document": "001_3f218c6ee18e85e0.txt", "title": "example"},
                    **document,
                }
            # a spec that extends another is checked as the loader checks it: the fields it changes, null removing
            partial = document.get("extends") is not None
            check("rule-spec-partial" if partial else "rule-spec", document, Location(file=where))
        checked += 1
    assert checked >= 8


def _quotes(value: object) -> list[str]:
    """Every ``source`` quote in a YAML example, however deep."""
    if isinstance(value, dict):
        return [
            quote
            for key, item in value.items()
            for quote in (
                [q for q in (item if isinstance(item, list) else [item]) if isinstance(q, str)]
                if key == "source"
                else _quotes(item)
            )
        ]
    if isinstance(value, list):
        return [quote for item in value for quote in _quotes(item)]
    return []


def test_the_quotes_in_yaml_examples_are_word_for_word() -> None:
    # a spec's quotes must be in its source word for word; the docs' examples of specs are held to it too
    sheets = [*(ROOT / "rules" / "sources").glob("*.txt"), ROOT / "rules" / "hearts" / "club-sheet.txt"]
    sheets.append(ROOT / "examples" / "club" / "house-rules.txt")
    texts = [" ".join(path.read_text(encoding="utf-8").split()) for path in sheets]
    checked = 0
    for where, body in fenced("yaml"):
        if body.startswith("--8<--"):
            continue  # a spec file, included whole: validated as the sessions run it
        for quote in _quotes(yaml.safe_load(body)):
            if quote != "...":  # an elided quote
                assert any(" ".join(quote.split()) in text for text in texts), f"{where}: {quote!r}"
                checked += 1
    assert checked >= 5


def test_snippets_name_files_that_exist() -> None:
    for page in pages():
        for name in re.findall(r'^--8<-- "([^"]+)"', page.read_text(encoding="utf-8"), re.M):
            # the snippet paths of mkdocs.yml: docs/examples, then examples
            assert any((base / name).is_file() for base in (DOCS / "examples", ROOT / "examples")), (
                f"{page.name}: {name}"
            )


def test_no_generated_page_is_kept_in_the_source_tree() -> None:
    assert not (DOCS / "rules").exists()


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    result = subprocess.run(
        # not --quiet: it hides the warnings that --strict turns into a failure
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "rules" / "spades" / "intramural" / "index.html").read_text(encoding="utf-8")
    assert 'id="play.follow"' in page and "A player must follow suit, if able." in page
    index = (tmp_path / "site" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'href="spades/intramural/"' in index
    # the nav names a source document by its number and title, not by its file's name alone
    assert "001 · Office of Intramural, Recreation, and Sport Clubs" in index
    # and an example's pictures by what the game shows (its opening comment), not by its file's name alone
    plays = (tmp_path / "site" / "plays" / "index.html").read_text(encoding="utf-8")
    assert plays.count("A misdeal, then a hand dealt by the wrong player") == 2  # the menu's entry and the list's
    assert not re.search(r'md-ellipsis">\s*misdeal\.yaml', plays)  # the menu's entry was the file's name
    sources = (tmp_path / "site" / "sources" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rules/hearts/club/#source-text"' in sources  # a club's own sheet, printed on its page
    # The search box reads this index (its worker loads it when the site is served, not opened as a file).
    search = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    trump = [doc for doc in search["docs"] if doc["location"] == "rules/spades/intramural/#ranking.trump"]
    assert trump and "Not read as:" in trump[0]["text"] and "Little Joker (low)" in trump[0]["text"]
    assert not broken_links(tmp_path / "site")


def broken_links(site: Path) -> list[str]:
    """Links between the built pages that lead nowhere: a missing page, or an anchor the page does not have.

    mkdocs checks the links of Markdown; the generated pages' tables are HTML it does not look into. The 404
    page is left out: its links start at the site's root, wherever it is served from.
    """
    anchors: dict[Path, set[str]] = {}
    broken = []
    for page in sorted(site.rglob("*.html")):
        if page.name == "404.html":
            continue
        for href in re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8")):
            href = html.unescape(href)
            if re.match(r"[a-z]+:", href):
                continue  # another site, or mailto:
            path, _, anchor = href.partition("#")
            target = (page.parent / unquote(path)).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {href}")
            elif anchor and target.suffix == ".html":
                if target not in anchors:
                    anchors[target] = set(re.findall(r'\sid="([^"]+)"', target.read_text(encoding="utf-8")))
                if unquote(anchor) not in anchors[target]:
                    broken.append(f"{page.relative_to(site)}: {href}")
    return broken


def test_the_child_that_changes_one_number_is_the_file_it_names_and_validates() -> None:
    # docs/specs.md's "A child that changes one number is that one line and its words" failed referee validate:
    # its reading alone replaced the quotes of the intramural bidding.limits, whose sentences no clause quoted then
    from referee.spec_checks import check_file

    path = ROOT / "tests" / "specs" / "side-min-five.yaml"
    text = section("specs.md", "## Extending a spec")
    shown = next(body for language, body in FENCE.findall(text) if language == "yaml")
    assert yaml.safe_load(shown) == yaml.safe_load(path.read_text(encoding="utf-8"))
    assert check_file(path) == ([], [])
