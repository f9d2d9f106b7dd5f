"""``referee diff A B``: the rule-level differences between two specs, from the comparison table."""

from __future__ import annotations

import json
from textwrap import fill
from typing import Any

from .concepts import Line, Table, missing, table
from .spec import Spec


def differing(compared: Table) -> list[tuple[str, str, list[Line]]]:
    """(concept key, title, the lines that differ) for each concept with a difference."""
    return [(row.key, row.title, [line for line in row.lines if line.differs]) for row in compared.rows if row.differs]


def _status(line: Line) -> str:
    a, b = line.cells
    if a is None:
        return "only_b"
    if b is None:
        return "only_a"
    return "changed"


def as_dict(a: Spec, b: Spec) -> dict[str, Any]:
    """The differences as JSON data: the same rows, clauses and words as the comparison table."""
    rows = []
    for key, title, lines in differing(table([a, b])):
        clauses = []
        for line in lines:
            left, right = line.cells
            clauses.append(
                {
                    "clause": line.clause,
                    "status": _status(line),
                    "a": None if left is None else left.as_dict(),
                    "b": None if right is None else right.as_dict(),
                }
            )
        rows.append({"concept": key, "title": title, "clauses": clauses})
    same = sum(1 for row in table([a, b]).rows for line in row.lines if not line.differs)
    return {
        "diff": 1,
        "a": {"id": a.id, "title": a.title},
        "b": {"id": b.id, "title": b.title},
        "differences": sum(len(row["clauses"]) for row in rows),
        "same": same,
        "rows": rows,
    }


def as_json(a: Spec, b: Spec) -> str:
    """The differences as indented JSON."""
    return json.dumps(as_dict(a, b), ensure_ascii=False, indent=2)


def _para(label: str, text: str) -> list[str]:
    return fill(f"{label} {text}", 100, initial_indent="    ", subsequent_indent="        ").splitlines()


def text(a: Spec, b: Spec) -> str:
    """The differences for people: concept by concept, each clause as A states it, then as B does."""
    data = as_dict(a, b)
    width = max(len(a.id), len(b.id)) + 1
    lines = [f"A = {a.id} ({a.title})", f"B = {b.id} ({b.title})"]
    for row in data["rows"]:
        lines += ["", row["title"]]
        for clause in row["clauses"]:
            lines.append(f"  {clause['clause']}")
            for side, spec in (("a", a), ("b", b)):
                entry = clause[side]
                words = missing(clause["clause"]) if entry is None else entry["text"]
                lines += _para(f"{side.upper()} {spec.id + ':':<{width}}", words)
    count = data["differences"]
    lines += ["", f"{count} clause(s) differ, {data['same']} agree." if count else "No rule differs."]
    return "\n".join(lines) + "\n"
