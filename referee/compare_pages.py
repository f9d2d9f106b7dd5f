"""The comparison page of a game family: its rule sets side by side, as a Markdown page holding an HTML table.

One column per rule set, one row per rule concept (:mod:`referee.concepts`),
each clause in plain words and linked to its place on the rule set's own
page. A clause the rule sets do not all state alike is marked, and so is
its row. The table is plain HTML so that it can scroll within itself with
the concept column fixed (``docs/stylesheets/extra.css``); no script is
needed to read it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from .concepts import Entry, Line, Table, missing, table
from .spec import Spec

# href of a clause on a spec's page, given (spec id, clause id or "" for the page itself)
Linker = Callable[[str, str], str]


def _entry(spec: Spec, entry: Entry | None, line: Line, link: Linker) -> str:
    mark = ' class="differs"' if line.differs else ""
    if entry is None:
        return f'<p{mark}><span class="clause-id">{escape(line.clause)}</span> <em>{missing(line.clause)}</em></p>'
    href = escape(link(spec.id, entry.clause), quote=True)
    kind = {"reading": " (a reading)", "option": " (an option)", "not_checkable": " (not checkable)"}.get(
        entry.kind, ""
    )
    return (
        f'<p{mark}><a class="clause-id" href="{href}">{escape(entry.clause)}</a>{escape(kind)} {escape(entry.text)}</p>'
    )


def html_table(compared: Table, link: Linker) -> str:
    """The comparison as one HTML block: a header row of rule sets, then a row per concept."""
    head = "".join(
        f'<th scope="col"><a href="{escape(link(spec.id, ""), quote=True)}">{escape(spec.title)}</a>'
        f"<br><code>{escape(spec.id)}</code></th>"
        for spec in compared.specs
    )
    out = ['<div class="compare-scroll" tabindex="0">', '<table class="compare">']
    out.append(f'<thead><tr><th scope="col" class="concept">Rule concept</th>{head}</tr></thead>')
    out.append("<tbody>")
    for row in compared.rows:
        mark = ' class="differs"' if row.differs else ""
        note = '<br><span class="differs-note">differs</span>' if row.differs else ""
        cells = "".join(
            "<td>" + "".join(_entry(spec, line.cells[i], line, link) for line in row.lines) + "</td>"
            for i, spec in enumerate(compared.specs)
        )
        out.append(
            f'<tr id="{row.key}"{mark}><th scope="row" class="concept">{escape(row.title)}{note}</th>{cells}</tr>'
        )
    out += ["</tbody>", "</table>", "</div>"]
    return "\n".join(out)


def markdown(family: str, specs: list[Spec], link: Linker) -> str:
    """The comparison page of one family."""
    compared = table(specs)
    name = family.capitalize()
    differing = [row for row in compared.rows if row.differs]
    lines = [
        f"# {name}: the rule sets side by side",
        "",
        f"Every bundled {name} rule set, one column each, one row per rule concept. Each rule is given in plain "
        "words and links to the clause on its rule set's page, where the source's own words and the reading taken "
        "stand beside it. Rules the rule sets do not all state alike are marked *differs*. The page is built from "
        "the specs each time the site is built; `referee diff A B` prints the same differences for two of them, and "
        "[`referee compare`](../cli.md#referee-compare) shows what they change in a recorded game. The table scrolls "
        "sideways (on a phone, one rule set at a time), the rule concepts staying in view.",
        "",
    ]
    if len(specs) < 2:
        lines += [f"Only one {name} rule set is bundled so far: nothing to compare it with yet.", ""]
    elif differing:
        links = ", ".join(f"[{row.title}](#{row.key})" for row in differing)
        lines += [f"Where they differ: {links}.", ""]
    lines += [html_table(compared, link), ""]
    return "\n".join(lines)
