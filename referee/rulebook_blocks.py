"""One rule of a rulebook page in Markdown: the rule in plain words beside the source's words, and its reading.

A block is two columns (``md_in_html``): on the left the rule as a player
needs it (written from the clause's data, so it says what the referee
checks) with a small line of references; on the right the source's own
sentences, linked to the source page. Below, where the source is silent,
unclear or contradicts itself, the reading taken stands out, with the
readings it rejected and why.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from .rule_words import plays_alone, rule_text, wins_at_once
from .spec import Clause, Spec, bundled_ids, load, option_ref
from .words import show, words

_INLINE = re.compile(r"([\\`*_\[\]{}#>])")
_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")


def escape(text: str) -> str:
    """Source text as literal Markdown (no emphasis, links, lists or headings made by accident)."""
    text = _ENTITY.sub("&amp;", text)  # first, so the &lt; made next stays an entity
    text = _INLINE.sub(r"\\\1", text).replace("<", "&lt;")
    text = re.sub(r"^(\d+)([.)])(\s|$)", r"\1\\\2\3", text)
    return re.sub(r"^([-+])", r"\\\1", text)


def fold(text: str) -> str:
    """Text on one line, runs of white space made one space."""
    return " ".join(text.split())


def quote_block(quotes: tuple[str, ...]) -> list[str]:
    """Source sentences as a Markdown blockquote, one paragraph each."""
    lines: list[str] = []
    for quote in quotes:
        if lines:
            lines.append(">")
        lines.append("> " + escape(fold(quote)))
    return lines


def _option_notes(spec: Spec, body: dict[str, Any]) -> list[str]:
    notes = []
    for key, value in body.items():
        name = option_ref(value)
        if name is not None:
            option = spec.options.get(name)
            default = f", default {show(option.default)}" if option is not None else ""
            notes.append(
                f"{words(key).capitalize()} is the table's choice: option [`{name}`](#options.{name}){default}."
            )
    return notes


def source_links(spec: Spec, clause: Clause) -> str | None:
    """Links from a clause to the sentences it quotes on its source document's page (bundled specs only)."""
    from .source_map import anchors, documents  # here: the source map reads the rulebook's plain words

    document = clause.origin.document if clause.origin is not None else spec.document_path
    if document is None or document not in documents() or spec.id not in bundled_ids():
        return None
    found = anchors(document, tuple(load(spec_id) for spec_id in bundled_ids()), spec.id, clause.id)
    if not found:
        return None
    page = posixpath.relpath(f"sources/{document.stem}.md", posixpath.dirname(f"rules/{spec.id}.md"))
    links = ", ".join(f"[{anchor[1:]}]({page}#{anchor})" for anchor in found)
    return f"In the source: sentence{'s' if len(found) > 1 else ''} {links} of `{document.name}`."


def tag(spec: Spec, clause: Clause) -> str | None:
    """Where an inherited or changed clause comes from (None for a clause of the spec's own)."""
    origin = clause.origin
    if origin is None or spec.raw.get("extends") is None:
        return None
    if origin.spec_id != spec.id and all(layer.spec_id != spec.id for layer in origin.layers):
        return f"Taken from {origin.spec_id}."
    if origin.spec_id != spec.id:
        fields = [field for layer in origin.layers if layer.spec_id == spec.id for field in layer.fields]
        return f"Changes the clause of {origin.spec_id}: {', '.join(f'`{f}`' for f in fields)}."
    return None


def _severity(clause: Clause) -> str:
    why = f" {fold(clause.severity_reason)}" if clause.severity_reason else ""
    if not clause.checkable:
        return ""
    if clause.severity == "warning":
        return f"A breach of this clause is reported as a warning: the rule is a reading, not the source's words.{why}"
    return f"A breach of this clause is an error.{why}" if why else ""


def reading_block(clause: Clause) -> list[str]:
    """The reading taken, highlighted, with the readings it rejected (an admonition; empty if none)."""
    if not clause.interpretation:
        return []
    lines = ['!!! reading "Reading taken"', "", f"    {fold(clause.interpretation)}", ""]
    for other in clause.rejected:
        lines += [f"    **Not read as:** *{fold(other.reading)}* **Why not:** {fold(other.why)}", ""]
    return lines


def columns(left: list[str], right: list[str]) -> list[str]:
    """Two columns side by side (one above the other on a narrow screen)."""
    return [
        '<div class="rb-rule" markdown="1">',
        '<div class="rb-plain" markdown="1">',
        "",
        *left,
        "</div>",
        '<div class="rb-source" markdown="1">',
        "",
        *right,
        "</div>",
        "</div>",
        "",
    ]


def source_side(spec: Spec, clause: Clause, site: bool = True) -> list[str]:
    """The right column: the source's sentences and their links (``site``: to the source's page on this project's
    site), or that the source is silent."""
    if not clause.source:
        own = clause.origin is None or clause.origin.words.spec_id == spec.id
        if own and not spec.raw.get("source"):  # a club with no written sheet: there is no source to be silent
            return ["*No written source: the rule rests on the reading taken.*", ""]
        return ["*The source says nothing on this.*", ""]
    back = source_links(spec, clause) if site else None
    return [*quote_block(clause.source), "", *(ref(back) if back else [])]


def ref(text: str) -> list[str]:
    """A line of references in small print (the clause id, severity, links)."""
    return [f'<span class="rb-ref" markdown="1">{text}</span>', ""]


def clause_block(spec: Spec, clause: Clause, title: str, body: dict[str, Any], site: bool = True) -> list[str]:
    """One rule: heading (its anchor is the clause id), the two columns, then its reading."""
    lines = [f"### {title} {{ #{clause.id} }}", ""]
    left: list[str] = []
    if clause.checkable or clause.data:
        chosen = (key for key, value in body.items() if option_ref(value))
        alone = plays_alone(spec.clause("players.sides").data)
        at_once = wins_at_once(spec.clause("dominoes_scoring.first_to_reach").data)
        left += [rule_text(clause.id, clause.data, chosen, alone, at_once)]
        left += [""]
    notes = _option_notes(spec, body)
    if notes:
        left += [" ".join(notes), ""]
    if not clause.checkable:
        rule = "The rule is the source's words beside. " if clause.source and not clause.data else ""
        left += [f"{rule}**No record can show this:** {fold(clause.reason or '')}", ""]
    meta = [f"`{clause.id}`", _severity(clause), f"*{tag(spec, clause)}*" if tag(spec, clause) else ""]
    left += ref(" · ".join(part for part in meta if part))
    return lines + columns(left, source_side(spec, clause, site)) + reading_block(clause)
