"""Rule sets side by side: each spec's clauses sorted into rule concepts, one row per concept.

The rows are a mapping from clause ids to concepts (an exact id first, then
its section), so a spec with clauses nobody has seen yet still lands in a
row: a clause of a known section in that section's row, anything else in
the catch-all row. Each clause is shown in plain words by
:func:`referee.rulebook.rule_text`; two specs agree on a clause when its rule
fields (the data the referee acts on, an option's default and choices, or
a not-checkable reason) are equal. The comparison pages of the docs and
``referee diff`` both read the :class:`Table` made here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .absent_rules import without
from .rule_words import plays_alone, wins_at_once
from .rulebook import rule_text, show
from .spec import Clause, Spec
from .spec_options import needs_words, option_ref

# (key, title, clause ids or ``section.*``); the order of the rows is the order of play.
CONCEPTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("players", "Players and sides", ("players.*",)),
    ("deck", "Deck, tiles and ranking", ("deck.*", "ranking.*", "tiles.*")),
    ("deal", "Deal, draw and misdeals", ("deal.*", "draw.*")),
    ("bidding", "Bidding and special bids", ("bidding.*",)),
    ("passing", "Passing", ("passing.*",)),
    ("leads", "Leads", ("play.first_lead", "play.lead", "play.next_lead")),
    ("following", "Following and playing", ("play.*",)),
    ("trick_winner", "Trick winner", ("play.trick_winner",)),
    ("layout", "The line of play", ("layout.*",)),
    ("penalties", "Penalties", ("penalties.*",)),
    ("scoring", "Scoring", ("scoring.*", "dominoes_scoring.*")),
    ("game_end", "Game end", ("game_end.*",)),
    ("options", "Options (the table's choice)", ("options.*",)),
    ("not_checkable", "What no record can show", ("not_checkable.*",)),
)
OTHER = ("other", "Other rules")
# The sections whose clauses mean the same in every family (who plays, in what order, how the game ends): what
# two rule sets of different games can be compared on, beside the clauses both state.
SHARED_SECTIONS = ("players", "game_end")
TITLES = {key: title for key, title, _ in CONCEPTS} | {OTHER[0]: OTHER[1]}

_EXACT = {clause_id: key for key, _, ids in CONCEPTS for clause_id in ids if not clause_id.endswith(".*")}
_SECTION = {clause_id[:-2]: key for key, _, ids in CONCEPTS for clause_id in ids if clause_id.endswith(".*")}


def concept_of(clause_id: str) -> str:
    """The concept row a clause belongs to: its own id's, else its section's, else the catch-all."""
    if clause_id in _EXACT:
        return _EXACT[clause_id]
    return _SECTION.get(clause_id.split(".", 1)[0], OTHER[0])


@dataclass(frozen=True)
class Entry:
    """One clause of one spec as the comparison shows it."""

    clause: str
    text: str
    rule: str  # the rule fields as canonical JSON: two specs agree on a clause when these are equal
    kind: str  # rule, reading, option or not_checkable

    def as_dict(self) -> dict[str, Any]:
        """For the JSON output of ``referee diff``."""
        return {"clause": self.clause, "kind": self.kind, "text": self.text, "rule": json.loads(self.rule)}


def _option_refs(spec: Spec, clause_id: str) -> dict[str, str]:
    section, name = clause_id.split(".", 1)
    body = (spec.raw.get(section) or {}).get(name) or {}
    # an option's map too ({option: pack, map: {...}}): left out, three-player's deck read as solo's, word for
    # word, yet marked as differing
    return {key: option for key, value in body.items() if (option := option_ref(value)) is not None}


def kind_of(clause: Clause) -> str:
    """How a clause accounts for its source: ``rule``, ``reading`` (it takes one), ``option`` or ``not_checkable``."""
    if not clause.checkable or clause.id.startswith("not_checkable."):
        return "not_checkable"
    if clause.id.startswith("options."):
        return "option"
    return "reading" if clause.interpretation else "rule"


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def entries(spec: Spec) -> list[Entry]:
    """Every clause, option and not-checkable rule of a spec, in the spec's order, in plain words."""
    out = []
    alone = plays_alone(spec.clause("players.sides").data)
    at_once = wins_at_once(spec.clause("dominoes_scoring.first_to_reach").data)
    for clause in spec.clauses.values():
        refs = _option_refs(spec, clause.id)
        text = rule_text(clause.id, clause.data, refs, alone, at_once)
        if not clause.checkable:
            text = f"Not checkable from a record: {' '.join((clause.reason or '').split())}"
        if refs:
            text += " " + " ".join(
                f"({show(key).capitalize()}: the table's choice, option {name}.)" for key, name in refs.items()
            )
        rule = {"checkable": clause.checkable, "fields": clause.data, "options": refs}
        out.append(Entry(clause.id, text, _canonical(rule), kind_of(clause)))
    for option in spec.options.values():
        choices = f"; choices: {show(list(option.values))}" if option.values is not None else ""
        text = f"{' '.join(option.description.split())} Default: {show(option.default)}{choices}."
        rule = {"default": option.default, "values": option.values, "type": option.type}
        if option.minimum is not None:
            text = text[:-1] + f"; at least {option.minimum}."
            rule["minimum"] = option.minimum
        if option.maximum is not None:
            text = text[:-1] + f"; at most {option.maximum}."
            rule["maximum"] = option.maximum
        if option.needs:
            text = text[:-1] + f"; may be changed only where {needs_words(option)}."
            rule["needs"] = dict(option.needs)
        out.append(Entry(option.clause.id, text, _canonical(rule), "option"))
    for clause in spec.not_checkable:
        text = " ".join((clause.reason or "").split()) or "Not checkable from a record."
        out.append(Entry(clause.id, text, _canonical({"checkable": False}), "not_checkable"))
    return out


def missing(clause: str) -> str:
    """What a rule set that has no such clause says of it."""
    if clause.startswith("options."):
        return "No such option: the rule set fixes this."
    if clause.startswith("not_checkable."):
        return "Not listed."
    default = without(clause)
    return "Not stated: the referee's default applies." if default is None else f"Not stated, so {default}"


@dataclass(frozen=True)
class Line:
    """One clause across the rule sets: each spec's entry (None where a spec has no such clause)."""

    clause: str
    cells: tuple[Entry | None, ...]

    @property
    def differs(self) -> bool:
        """Whether the rule sets do not all state this clause alike."""
        return len({None if e is None else e.rule for e in self.cells}) > 1


@dataclass(frozen=True)
class Row:
    """One rule concept: its clauses across the rule sets."""

    key: str
    title: str
    lines: tuple[Line, ...]

    @property
    def differs(self) -> bool:
        """Whether any clause of the concept differs between the rule sets."""
        return any(line.differs for line in self.lines)


@dataclass(frozen=True)
class Table:
    """Rule sets side by side: one column per spec, one row per concept."""

    specs: tuple[Spec, ...]
    rows: tuple[Row, ...]


def table(specs: list[Spec] | tuple[Spec, ...]) -> Table:
    """The comparison of some rule sets, concept by concept (rows no spec has are left out)."""
    by_spec = [{entry.clause: entry for entry in entries(spec)} for spec in specs]
    order: list[str] = []
    for found in by_spec:
        order += [clause for clause in found if clause not in order]
    rows = []
    for key, title in [(key, title) for key, title, _ in CONCEPTS] + [OTHER]:
        lines = tuple(
            Line(clause, tuple(found.get(clause) for found in by_spec)) for clause in order if concept_of(clause) == key
        )
        if lines:
            rows.append(Row(key, title, lines))
    return Table(tuple(specs), tuple(rows))


def families(specs: list[Spec] | tuple[Spec, ...]) -> dict[str, list[Spec]]:
    """Specs grouped by game family, families in name order, abstract bases left out."""
    grouped: dict[str, list[Spec]] = {}
    for spec in specs:
        if not spec.raw.get("abstract"):
            grouped.setdefault(spec.family, []).append(spec)
    return dict(sorted(grouped.items()))
