"""A source document sentence by sentence, each with the clauses of the bundled specs that quote it.

A sentence is accounted for when every word of it stands in some clause's
quote (within the part of the document that clause's spec encodes): as a
rule, a reading, an option, or a rule no record can show. Headings (those
the specs declare, and the markers where a spec's part begins) need no
clause. Anything else is flagged: the docs' source pages show it, and
:func:`unaccounted` lists it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .bundled import sources_dir
from .concepts import kind_of
from .quotes import document_text, normalize_space
from .spec import Spec

# A sentence ends at . ! or ? (or one inside a closing bracket or quote, which stays with it) before white space.
_SENTENCE_END = re.compile(r"(?<=[.!?][)\"”’])\s+|(?<=[.!?])\s+")
# A line in capitals with no full stop is a heading (the title of a document or of one of its rule sets).
_CAPITALS = re.compile(r"[^a-z.!?]*[A-Z][^a-z.!?]*")


@dataclass(frozen=True)
class Ref:
    """A clause of a spec that quotes (part of) a sentence."""

    spec_id: str
    clause: str
    kind: str  # rule, reading, option or not_checkable


@dataclass(frozen=True)
class Sentence:
    """A sentence (or heading) of a document, where it stands in the folded text, and who quotes it."""

    anchor: str  # s1, s2, ... in document order
    text: str
    start: int
    end: int
    paragraph: int
    heading: bool
    refs: tuple[Ref, ...]
    covered: bool  # every word stands in some quote (or in a heading the specs declare)
    inside: bool  # within the part of the document some spec encodes

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of the clauses quoting it, each once, in a fixed order."""
        found = {ref.kind for ref in self.refs}
        return tuple(k for k in ("rule", "reading", "option", "not_checkable") if k in found)


def _span(spec: Spec, flat: str) -> tuple[int, int]:
    """Where a spec's part of its document stands in the folded text (the whole text if unmarked)."""
    bounds = (spec.raw.get("source") or {}).get("excerpt") or {}
    start = flat.find(normalize_space(bounds["from"])) if bounds.get("from") else 0
    if start < 0:
        return 0, len(flat)
    end = flat.find(normalize_space(bounds["to"]), start + 1) if bounds.get("to") else -1
    return start, end if end > 0 else len(flat)


def _spans(specs: tuple[Spec, ...], document: Path, flat: str) -> list[tuple[int, int]]:
    return [_span(spec, flat) for spec in specs if spec.document_path == document]


def _headings(specs: tuple[Spec, ...], document: Path) -> set[str]:
    found: set[str] = set()
    for spec in specs:
        if spec.document_path != document:
            continue
        source = spec.raw.get("source") or {}
        found.update(normalize_space(h) for h in source.get("headings") or ())
        excerpt = source.get("excerpt") or {}
        found.update(normalize_space(excerpt[key]) for key in ("from", "to") if excerpt.get(key))
    return found


def _quotes(specs: tuple[Spec, ...], document: Path, flat: str) -> list[tuple[int, int, Ref]]:
    """Every place a clause's quote stands in the document, within its spec's part."""
    places = []
    for spec in specs:
        low, high = _span(spec, flat)
        for clause in spec.all_clauses():
            origin = clause.origin
            own = origin.document if origin is not None else spec.document_path
            if own != document or not clause.source:
                continue
            ref = Ref(spec.id, clause.id, kind_of(clause))
            for quote in clause.source:
                q = normalize_space(quote)
                hits = [m.start() for m in re.finditer(re.escape(q), flat)] if q else []
                inside = [at for at in hits if low <= at < high] or hits
                places += [(at, at + len(q), ref) for at in inside]
    return places


def _pieces(text: str, headings: set[str]) -> list[tuple[str, int, bool]]:
    """(sentence, paragraph number, is a heading) for each non-empty line's sentences, in order."""
    out = []
    paragraph = 0
    for line in text.splitlines():
        folded = normalize_space(line)
        if not folded:
            paragraph += 1
            continue
        if folded in headings or _CAPITALS.fullmatch(folded):
            out.append((folded, paragraph, True))
            paragraph += 1
            continue
        out += [(s.strip(), paragraph, False) for s in _SENTENCE_END.split(folded) if s.strip()]
    return out


@cache
def sentences(document: Path, specs: tuple[Spec, ...]) -> tuple[Sentence, ...]:
    """A document's sentences, each with the clauses quoting it."""
    text = document_text(document)
    flat = normalize_space(text)
    places = _quotes(specs, document, flat)
    headings = _headings(specs, document)
    spans = _spans(specs, document, flat)
    out = []
    position = 0
    for number, (piece, paragraph, heading) in enumerate(_pieces(text, headings), 1):
        start = flat.find(piece, position)
        end = start + len(piece)
        position = end
        covered = [False] * len(piece)
        for label in headings:  # a declared heading inside a line ("The Pack:") needs no clause
            at = piece.find(label)
            while label and at >= 0:
                covered[at : at + len(label)] = [True] * len(label)
                at = piece.find(label, at + 1)
        refs: list[Ref] = []
        for low, high, ref in places:
            if low < end and high > start:
                refs += [ref] if ref not in refs else []
                for i in range(max(low, start), min(high, end)):
                    covered[i - start] = True
        whole = all(covered[i] or not piece[i].isalnum() for i in range(len(piece)))
        inside = any(low <= start < high for low, high in spans)
        out.append(Sentence(f"s{number}", piece, start, end, paragraph, heading, tuple(refs), whole, inside))
    return tuple(out)


def unaccounted(document: Path, specs: tuple[Spec, ...]) -> list[Sentence]:
    """Sentences no clause of the given specs quotes in full (headings aside)."""
    return [s for s in sentences(document, specs) if not s.heading and not s.covered]


def anchors(document: Path, specs: tuple[Spec, ...], spec_id: str, clause_id: str) -> list[str]:
    """The anchors of the sentences a clause of a spec quotes (for links from a rulebook back to its source)."""
    return [
        s.anchor
        for s in sentences(document, specs)
        if any(r.spec_id == spec_id and r.clause == clause_id for r in s.refs)
    ]


def documents() -> list[Path]:
    """The bundled source documents, in name order."""
    return sorted(p.resolve() for p in sources_dir().glob("*.txt"))
