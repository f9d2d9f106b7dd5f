"""``referee diff A B``: the rule-level differences between two specs, from the comparison table."""

from __future__ import annotations

import json
from textwrap import fill
from typing import Any

from .absent_rules import without
from .concepts import SHARED_SECTIONS, Line, Table, missing, table
from .spec import Spec
from .words import count


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


def _shared(line: Line) -> bool:
    """Whether two rule sets of different games can be compared on a clause: both state it, or it means the same
    in every game and what a rule set without it comes to is known (a Spades spec has no tiles, and a domino one
    no deck: "Not stated: the referee's default applies" was untrue of either)."""
    if None not in line.cells:
        return True
    return line.clause.split(".", 1)[0] in SHARED_SECTIONS and without(line.clause) is not None


def as_dict(a: Spec, b: Spec) -> dict[str, Any]:
    """The differences as JSON data: the same rows, clauses and words as the comparison table; between specs of
    different families, only the clauses the two games share (the others counted in ``left_out``)."""
    rows = []
    left_out = 0
    for key, title, found in differing(table([a, b])):
        lines = found if a.family == b.family else [line for line in found if _shared(line)]
        left_out += len(found) - len(lines)
        if not lines:
            continue
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
        "a": {"id": a.id, "title": a.title, "family": a.family},
        "b": {"id": b.id, "title": b.title, "family": b.family},
        "differences": sum(len(row["clauses"]) for row in rows),
        "same": same,
        "left_out": left_out,
        "rows": rows,
    }


def as_json(a: Spec, b: Spec) -> str:
    """The differences as indented JSON."""
    return json.dumps(as_dict(a, b), ensure_ascii=False, indent=2)


def _verb(n: int, verb: str) -> str:
    """A verb that agrees with a count: "1 differs", "4 differ"."""
    return f"{verb}s" if n == 1 else verb


def _para(label: str, text: str) -> list[str]:
    return fill(f"{label} {text}", 100, initial_indent="    ", subsequent_indent="        ").splitlines()


def text(a: Spec, b: Spec) -> str:
    """The differences for people: concept by concept, each clause as A states it, then as B does."""
    data = as_dict(a, b)
    width = max(len(a.id), len(b.id)) + 1
    lines = [f"A = {a.id} ({a.title})", f"B = {b.id} ({b.title})"]
    if a.family != b.family:
        left_out = data["left_out"]
        games = (
            f"A is a {a.family.capitalize()} rule set and B a {b.family.capitalize()} one: different games. Only what "
            "they share is compared: the players and sides, the end of the game, and the clauses both state; "
            f"{count(left_out, 'clause')} of one game alone {'is' if left_out == 1 else 'are'} left out."
        )
        lines += ["", *fill(games, 100).splitlines()]
    for row in data["rows"]:
        lines += ["", row["title"]]
        for clause in row["clauses"]:
            lines.append(f"  {clause['clause']}")
            for side, spec in (("a", a), ("b", b)):
                entry = clause[side]
                words = missing(clause["clause"]) if entry is None else entry["text"]
                lines += _para(f"{side.upper()} {spec.id + ':':<{width}}", words)
    differ = data["differences"]
    same = data["same"]
    lines += ["", f"{count(differ, 'clause')} {_verb(differ, 'differ')}, {same} {_verb(same, 'agree')}."]
    if not differ:
        lines[-1] = "No rule differs." if a.family == b.family else "No rule they share differs."
    return "\n".join(lines) + "\n"
