"""Checks of a spec beyond its schema: quotes, coverage of the source, consistency."""

from __future__ import annotations

import re
from pathlib import Path

from .bundled import rules_dir, sources_dir
from .errors import InputError
from .spec import Spec, expand, normalize_space, resolve
from .tricks.tables import Unsupported, compile_spec

# A sentence ends at . ! or ? (optionally inside a closing bracket or quote) before white space.
_SENTENCE_END = re.compile(r"(?<=[.!?])[)\"”’]?\s+")


def spec_files(paths: list[Path]) -> list[Path]:
    """The spec files named, or found in the folders named (default: the bundled rules)."""
    found: list[Path] = []
    for path in paths or [rules_dir()]:
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*.yaml")) if "sources" not in p.relative_to(path).parts)
        else:
            found.append(path)
    return found


def _source(spec: Spec) -> str | None:
    path = sources_dir() / spec.document
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _all_quotes(spec: Spec) -> list[tuple[str, str]]:
    quotes = [(clause.id, q) for clause in spec.clauses.values() for q in clause.source]
    quotes += [(clause.id, q) for clause in spec.not_checkable for q in clause.source]
    quotes += [(option.clause.id, q) for option in spec.options.values() for q in option.clause.source]
    return quotes


def quote_problems(spec: Spec) -> list[str]:
    """Quotes that do not appear verbatim (white space aside) in the spec's source document."""
    text = _source(spec)
    if text is None:
        return [f"source document {spec.document} is not among the bundled sources"]
    flat = normalize_space(text)
    return [
        f"{clause_id}: quote not found verbatim in {spec.document}: {quote!r}"
        for clause_id, quote in _all_quotes(spec)
        if normalize_space(quote) not in flat
    ]


def excerpt(spec: Spec) -> str | None:
    """The part of the source the spec encodes (between its excerpt markers), white space folded."""
    text = _source(spec)
    bounds = spec.raw["source"].get("excerpt")
    if text is None or bounds is None:
        return None
    flat = normalize_space(text)
    start = flat.find(normalize_space(bounds["from"]))
    if start < 0:
        return None
    end = flat.find(normalize_space(bounds["to"]), start + 1) if bounds.get("to") else len(flat)
    return flat[start : end if end > 0 else len(flat)]


def sentences(text: str, headings: list[str]) -> list[str]:
    """The sentences of a (white-space folded) text, headings taken out first."""
    for heading in sorted(headings, key=len, reverse=True):
        text = text.replace(normalize_space(heading), " ")
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def uncovered(spec: Spec) -> list[str]:
    """Sentences of the excerpt that no clause quotes (in whole or in covering parts)."""
    part = excerpt(spec)
    if part is None:
        return []
    covered = [False] * len(part)
    for _, quote in _all_quotes(spec):
        q = normalize_space(quote)
        start = part.find(q)
        while start >= 0:
            for i in range(start, start + len(q)):
                covered[i] = True
            start = part.find(q, start + 1)
    missing = []
    position = 0
    for sentence in sentences(part, spec.raw["source"].get("headings", [])):
        at = part.find(sentence, position)
        if at < 0:
            continue
        position = at + len(sentence)
        if not all(covered[i] or part[i].isspace() for i in range(at, at + len(sentence))):
            missing.append(sentence)
    return missing


def severity_problems(spec: Spec) -> list[str]:
    """Clauses that claim the source's authority without quoting it: with no source, a breach is a reading's."""
    return [
        f"{clause.id}: severity error, but the clause quotes no source (a rule the source does not state can only "
        "be broken as a reading: a warning)"
        for clause in spec.clauses.values()
        if clause.checkable and clause.severity == "error" and not clause.source
    ]


def check_file(path: Path) -> tuple[list[str], list[str]]:
    """Problems (the spec is wrong) and notes (valid, but not yet enforceable) for one spec file."""
    try:
        raw = expand(path)
        spec = resolve(raw, path)
    except InputError as exc:
        return [str(exc)], []
    problems = [f"{path}: {p}" for p in quote_problems(spec)]
    problems += [f"{path}: sentence of {spec.document} quoted by no clause: {s!r}" for s in uncovered(spec)]
    problems += [f"{path}: {p}" for p in severity_problems(spec)]
    for option in spec.options.values():
        if option.values is not None and option.default not in option.values:
            problems.append(f"{path}: option {option.name!r} defaults to {option.default!r}, not one of its values")
    expected_id = (
        path.resolve().relative_to(rules_dir().resolve()).with_suffix("").as_posix()
        if path.resolve().is_relative_to(rules_dir().resolve())
        else None
    )
    if expected_id is not None and expected_id != spec.id:
        problems.append(f"{path}: id {spec.id!r} does not match its place in rules/ ({expected_id!r})")
    notes = []
    if not raw.get("abstract"):
        try:
            compile_spec(spec)
        except Unsupported as exc:
            notes.append(f"{path}: not yet enforceable: {exc.message}")
        except InputError as exc:
            problems.append(str(exc))
    return problems, notes
