"""MkDocs hook: a comparison page per game family and a page per source document, made at build time.

Like the rulebook pages, these exist only in the build. The nav entries
``Side by side: compare/index.md`` and ``Sources: sources/index.md`` are
expanded into an index followed by one entry per family or document. Every
page comes from the bundled specs and sources alone, so a new spec shows up
with no change here, and the same specs give the same pages byte for byte.
"""

from __future__ import annotations

import posixpath
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # a source checkout builds its docs without installing the package

from referee import compare_pages, html_report, source_pages  # noqa: E402
from referee import families as game_families  # noqa: E402
from referee.audit import as_played, audit  # noqa: E402
from referee.compare_pages import Linker  # noqa: E402
from referee.concepts import families  # noqa: E402
from referee.errors import InputError  # noqa: E402
from referee.gamelog import iter_games  # noqa: E402
from referee.rulebook import escape  # noqa: E402
from referee.source_map import documents  # noqa: E402
from referee.spec import Spec, bundled_ids, load  # noqa: E402

COMPARE, SOURCES, PLAYS = "compare/index.md", "sources/index.md", "plays/index.md"
EXAMPLES = ROOT / "docs" / "examples"
# The wide tables need the room of the page's table of contents (a theme setting, so it is added here).
WIDE = "---\nhide:\n  - toc\n---\n\n"


def _specs() -> tuple[Spec, ...]:
    return tuple(load(spec_id) for spec_id in bundled_ids())


def _url(src: str, directory_urls: bool) -> str:
    """The URL path of a page built from ``src`` (``rules/spades/intramural.md``)."""
    stem = src[: -len(".md")]
    if not directory_urls:
        return stem + ".html"
    return "" if stem == "index" else (stem[: -len("index")] if stem.endswith("/index") else stem + "/")


def linker(page: str, directory_urls: bool) -> Linker:
    """Links from a generated page to a spec's rulebook page, or a clause on it (raw HTML is not rewritten)."""
    here = _url(page, directory_urls).rstrip("/") if directory_urls else posixpath.dirname(page)

    def link(spec_id: str, clause: str) -> str:
        target = _url(f"rules/{spec_id}.md", directory_urls)
        relative = posixpath.relpath(target.rstrip("/") or ".", here or ".")
        return relative + ("/" if directory_urls else "") + (f"#{clause}" if clause else "")

    return link


def compare_index(grouped: dict[str, list[Spec]]) -> str:
    """The index of the comparison pages."""
    lines = [
        "# Side by side",
        "",
        "The bundled rule sets of each game family compared rule by rule: one column per rule set, one row per "
        "rule concept, the differences marked. Each page is built from the specs, so it always says what the "
        "referee checks. [Sources](../sources/index.md) shows each source document with its sentences linked to the "
        "clauses that encode them.",
        "",
        "| Family | Rule sets |",
        "|---|---|",
    ]
    for family, specs in grouped.items():
        names = ", ".join(f"`{spec.id}`" for spec in specs)
        lines.append(f"| [{family.capitalize()}]({family}.md) | {names} |")
    return "\n".join(lines) + "\n"


def sources_index(paths: list[Path], specs: tuple[Spec, ...]) -> str:
    """The index of the source pages."""
    lines = [
        "# Sources",
        "",
        "The source documents as received, sentence by sentence: each sentence marked as a rule, a reading, "
        "an option or not checkable, and linked to the clauses that quote it. A sentence no clause accounts for "
        "is flagged.",
        "",
        "| Document | Title | Rule sets encoded from it |",
        "|---|---|---|",
    ]
    for path in paths:
        title = escape(source_pages.title_of(path, specs)).replace("|", "\\|")
        readers = ", ".join(f"`{s.id}`" for s in specs if s.document_path == path) or "none yet"
        lines.append(f"| [`{path.name}`]({path.stem}.md) | {title} | {readers} |")
    # a club's own sheet sits beside its spec, not among the sources: say where it is printed
    own = [s for s in specs if s.document_path is not None and s.document_path not in paths]
    if own:
        lines += ["", "Rule sets written from a sheet of their own, printed at the end of their rulebook page:", ""]
        lines += [f"- [{escape(s.title)}](../rules/{s.id}.md#source-text): `{s.document}`" for s in own]
    return "\n".join(lines) + "\n"


def _plays() -> dict[str, tuple[str, str]]:
    """The docs' example logs that audit, drawn: {file stem: (title, page body)}; the rest are left out."""
    drawn = {}
    for path in sorted(EXAMPLES.glob("*.yaml")):
        sections = []
        for game in iter_games(path):
            if isinstance(game, InputError) or game.rules is None:
                continue
            try:
                spec = load(game.rules)
                report = audit(spec, game)
            except InputError:
                continue
            report.file = f"docs/examples/{path.name}"
            played = as_played(spec, game)  # the picture by the rules the game was audited by
            sections.append(html_report.game_html(report, game_families.pictures(played, game, report)))
        if sections:
            command = f"referee check --format html docs/examples/{path.name} > {path.stem}.html"
            body = (
                f"# Pictures of play: {path.name}\n\nThe example game `docs/examples/{path.name}` as "
                f"`{command}` draws it: for a trick-taking game each trick by seat, the card led and the card "
                "that won marked, a card at fault outlined in red with its violation beside the trick; for dominoes "
                "the line of play with the spinner's arms and the open ends, a tile at fault outlined.\n\n"
                + html_report.fragment(sections)
            )
            drawn[path.stem] = (_caption(path), body)
    return drawn


def _caption(path: Path) -> str:
    """An example's title for the menu: its opening comment's words up to the first colon or full stop ("A misdeal,
    then a hand dealt by the wrong player"), not its file's name alone (misdeal.yaml said little); the name where it
    opens with no comment."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            words = re.split(r"[:.](?:\s|$)", line[2:].strip(), maxsplit=1)[0].strip()
            return words or path.name
        if line.strip():
            break
    return path.name


def plays_index(drawn: dict[str, tuple[str, str]]) -> str:
    """The index of the pictures of play."""
    lines = [
        "# Pictures of play",
        "",
        "The example games of these pages drawn trick by trick, as `referee check --format html` draws any game: "
        "plain HTML and SVG, nothing to run to read it.",
        "",
    ]
    lines += [f"- [{title}]({stem}.md) (`{stem}.yaml`)" for stem, (title, _) in drawn.items()]
    return "\n".join(lines) + "\n"


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    """Expand the two nav entries into their index and one page per family or document."""
    nav = config.nav
    if nav is None:
        return config
    specs = _specs()
    for position, item in enumerate(nav):
        if not isinstance(item, dict) or len(item) != 1:
            continue
        ((title, target),) = item.items()
        if target == COMPARE:
            pages = [{family.capitalize(): f"compare/{family}.md"} for family in families(specs)]
            nav[position] = {title: [COMPARE, *pages]}
        elif target == PLAYS:
            pages = [{title: f"plays/{stem}.md"} for stem, (title, _) in _plays().items()]
            nav[position] = {title: [PLAYS, *pages]}
        elif target == SOURCES:
            # named by number and title: the file's name alone (001_3f218c6ee18e85e0.txt) says nothing to a reader
            pages = [
                {f"{path.name[:3]} · {source_pages.title_of(path, specs)}": f"sources/{path.stem}.md"}
                for path in documents()
            ]
            nav[position] = {title: [SOURCES, *pages]}
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Add the generated pages to the build."""
    specs = _specs()
    grouped = families(specs)
    use_dirs = bool(config.use_directory_urls)
    files.append(File.generated(config, COMPARE, content=compare_index(grouped)))
    for family, members in grouped.items():
        page = f"compare/{family}.md"
        files.append(
            File.generated(config, page, content=WIDE + compare_pages.markdown(family, members, linker(page, use_dirs)))
        )
    drawn = _plays()
    files.append(File.generated(config, PLAYS, content=plays_index(drawn)))
    for stem, (_, body) in drawn.items():
        files.append(File.generated(config, f"plays/{stem}.md", content=WIDE + body))
    files.append(File.generated(config, SOURCES, content=sources_index(documents(), specs)))
    for path in documents():
        page = f"sources/{path.stem}.md"
        content = WIDE + source_pages.markdown(path, specs, linker(page, use_dirs))
        files.append(File.generated(config, page, content=content))
    return files
