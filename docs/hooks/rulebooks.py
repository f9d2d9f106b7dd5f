"""MkDocs hook: one rulebook page per bundled rule spec, made at build time.

The pages exist only in the build (``File.generated``): nothing is written
into ``docs/``. The nav entry ``Rulebooks: rules/index.md`` is expanded into
the index page followed by one entry per spec.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # a source checkout builds its docs without installing the package

from referee.errors import Unsupported  # noqa: E402
from referee.families import compile_spec  # noqa: E402
from referee.rulebook import escape, markdown  # noqa: E402
from referee.spec import Spec, bundled_ids, load  # noqa: E402

INDEX = "rules/index.md"


@cache
def _specs() -> tuple[Spec, ...]:
    return tuple(load(spec_id) for spec_id in bundled_ids())


def _enforced(spec: Spec) -> str:
    if spec.raw.get("abstract"):
        return "base for other specs"
    try:
        compile_spec(spec)
    except Unsupported:
        return "not yet"
    return "yes"


def index_page(specs: tuple[Spec, ...]) -> str:
    """The rules index: every bundled spec with its source, family by family."""
    lines = [
        "# Rulebooks",
        "",
        "Each bundled rule spec as a rulebook a player can play by: the rules in the order of a game, in plain "
        "words, each beside the source's own words, the reading taken where the source is silent or unclear (with "
        "the readings it turned down), the options with their defaults, and what no record can show. These pages "
        "are built from the specs in `rules/` each time the site is built, so they always say what the referee "
        "checks. [Rule specs](../specs.md) explains the format; [Side by side](../compare/index.md) sets the rule "
        "sets of each game next to each other.",
        "",
    ]
    for family in dict.fromkeys(spec.family for spec in specs):
        lines += [f"## {family.capitalize()}", "", "| Rulebook | Source | Enforced |", "|---|---|---|"]
        for spec in (s for s in specs if s.family == family):
            title, source = (escape(text).replace("|", "\\|") for text in (spec.title, spec.document_title))
            lines.append(
                f"| [{title}]({spec.id}.md)<br>`{spec.id}` | {source}<br>`{spec.document}` | {_enforced(spec)} |"
            )
        lines.append("")
    return "\n".join(lines)


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    """Expand the Rulebooks nav entry into the index and one page per spec."""
    nav = config.nav
    if nav is None:
        return config
    for position, item in enumerate(nav):
        if isinstance(item, dict) and list(item.values()) == [INDEX]:
            (title,) = item
            pages = [{spec.title: f"rules/{spec.id}.md"} for spec in _specs()]
            nav[position] = {title: [INDEX, *pages]}
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Add the generated pages to the build."""
    files.append(File.generated(config, INDEX, content=index_page(_specs())))
    for spec in _specs():
        files.append(File.generated(config, f"rules/{spec.id}.md", content=markdown(spec)))
    return files
