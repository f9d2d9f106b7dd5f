"""The source page of a document: its text sentence by sentence, each linked to the clauses that encode it.

Each sentence is marked by how the clauses quoting it account for it (a
rule, a reading, an option, not checkable from a record) and links to those
clauses on their rule sets' pages; the rulebook pages link back to the
sentence (anchors ``s1``, ``s2``, ... from :mod:`referee.source_map`). A
sentence no clause quotes in full is flagged.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from .compare_pages import Linker
from .source_map import Sentence, sentences
from .spec import Spec
from .words import count

KIND_LABELS = {"rule": "rule", "reading": "reading", "option": "option", "not_checkable": "not checkable"}
# One small shape a kind, beside each clause that quotes the sentence: told apart by shape as well as colour.
KIND_SIGNS = {"rule": "●", "reading": "◆", "option": "▲", "not_checkable": "○"}


def title_of(document: Path, specs: tuple[Spec, ...]) -> str:
    """A document's title as the specs citing it give it: what their titles share, else all of them."""
    titles = sorted({spec.document_title for spec in specs if spec.document_path == document and spec.document_title})
    if not titles:
        return document.name
    heads = {title.split(":", 1)[0].strip() for title in titles if ":" in title}
    if len(titles) > 1 and len(heads) == 1 and all(":" in title for title in titles):
        return heads.pop()
    return "; ".join(titles)


def sign(kind: str) -> str:
    """The small mark of a kind of clause (rule, reading, option, not checkable), named in its tooltip."""
    return f'<span class="mk mk-{kind}" title="{KIND_LABELS[kind]}">{KIND_SIGNS[kind]}</span>'


def legend() -> str:
    """What the marks mean, once above the table."""
    return " ".join(f'<span class="mk-key">{sign(k)} {KIND_LABELS[k]}</span>' for k in KIND_LABELS)


def _flag(sentence: Sentence) -> str:
    """The warning on a sentence no clause accounts for in full (there should be none)."""
    if sentence.covered:
        return ""
    flag = "partly quoted" if sentence.refs else "accounted for by nothing"
    flag += "" if sentence.inside else " (outside every rule set's part)"
    return f' <span class="mark mark-none">{flag}</span>'


def _refs(sentence: Sentence, link: Linker) -> str:
    """The clauses quoting a sentence, grouped by spec: ``spades/intramural: deck.cards, play.own_cards``."""
    grouped: dict[str, list[str]] = {}
    for ref in sentence.refs:
        href = escape(link(ref.spec_id, ref.clause), quote=True)
        clause = f'{sign(ref.kind)}<a href="{href}">{escape(ref.clause)}</a>'
        grouped.setdefault(ref.spec_id, []).append(f'<span class="mk-ref">{clause}</span>')
    return "<br>".join(f"<code>{escape(spec_id)}</code>: {', '.join(links)}" for spec_id, links in grouped.items())


def html_text(rows: tuple[Sentence, ...], link: Linker) -> str:
    """The document as an HTML table: sentence, how it is accounted for, the clauses quoting it."""
    out = ['<div class="source-scroll">', '<table class="source-text">']
    out.append(
        '<thead><tr><th scope="col">Source sentence</th><th scope="col">Encoded by (marked by kind)</th></tr></thead>'
    )
    out.append("<tbody>")
    paragraph = None
    for sentence in rows:
        if sentence.heading:
            out.append(f'<tr id="{sentence.anchor}" class="heading"><th colspan="2">{escape(sentence.text)}</th></tr>')
            paragraph = sentence.paragraph
            continue
        gap = " paragraph" if paragraph is not None and sentence.paragraph != paragraph else ""
        paragraph = sentence.paragraph
        flagged = "" if sentence.covered else " unaccounted"
        out.append(
            f'<tr id="{sentence.anchor}" class="sentence{gap}{flagged}">'
            f'<td><a class="anchor" href="#{sentence.anchor}">{sentence.anchor[1:]}</a> {escape(sentence.text)}'
            f"{_flag(sentence)}</td><td>{_refs(sentence, link)}</td></tr>"
        )
    out += ["</tbody>", "</table>", "</div>"]
    return "\n".join(out)


def markdown(document: Path, specs: tuple[Spec, ...], link: Linker) -> str:
    """The source page of one document."""
    rows = sentences(document, specs)
    readers = [spec for spec in specs if spec.document_path == document]
    body = [s for s in rows if not s.heading]
    counts = {k: sum(1 for s in body if k in s.kinds) for k in KIND_LABELS}
    flagged = [s for s in body if not s.covered]
    lines = [f"# {escape(title_of(document, specs))}", "", f"Source document `{document.name}`, as received.", ""]
    if readers:
        # raw HTML like the table below: the link is already the built page's URL, which mkdocs would
        # otherwise try (and fail, under --strict) to resolve as a Markdown file
        encoded = ", ".join(
            f'<a href="{escape(link(spec.id, ""), quote=True)}">{escape(spec.title)}</a>' for spec in readers
        )
        lines += [f"Rule sets encoded from it: {encoded}.", ""]
    else:
        lines += ["No bundled rule set is encoded from it yet.", ""]
    tally = ", ".join(
        f"{n} {KIND_LABELS[k]}{'s' if n != 1 and k != 'not_checkable' else ''}" for k, n in counts.items()
    )
    lines += [
        f"{len(body)} sentences; quoted as {tally} (a sentence may be quoted by several clauses). "
        "Each sentence links to the clauses that quote it, each marked by how it accounts for the sentence; "
        "each clause on a rulebook page links back here.",
        "",
        f'<p class="mk-legend">{legend()}</p>',
        "",
    ]
    if flagged:
        lines += [
            f"**{count(len(flagged), 'sentence')} accounted for by nothing** (marked in the table): no clause of a "
            "bundled rule set quotes them in full, so either their rule set has no spec yet or a spec leaves them out.",
            "",
        ]
    else:
        lines += ["Every sentence is accounted for.", ""]
    lines += [html_text(rows, link), ""]
    return "\n".join(lines)
