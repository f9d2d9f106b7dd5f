"""A spec that ``extends`` another, merged over it field by field.

A child's clause is laid over the parent's clause of the same name: a field
it gives replaces that field, fields it does not give are inherited, and a
field (or a whole clause, or section) given as ``null`` is removed. The
words of a clause (``source`` and ``interpretation``) go together: a child
that gives either gives the clause's words anew, and a child that changes a
rule field must give them, so no clause ever quotes a sentence that says
something else. Each clause remembers which spec wrote what, and which spec's
document its quotes come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError, Location

WORDS = ("source", "interpretation")
# Given anew with the words: the readings an interpretation rejects are part of it, and a clause's severity
# follows from whether it quotes its source.
WITH_WORDS = (*WORDS, "rejected", "severity", "severity_reason")
# Fields of a clause that are not its rule: changing them needs no new words.
NOT_RULE = frozenset({*WITH_WORDS, "checkable", "reason", "description", "id", "remove"})
HEADER_OWN = ("spec", "id", "title", "summary", "abstract", "extends")


@dataclass(frozen=True)
class Layer:
    """What one spec of the chain wrote into a clause: the fields given (``-name`` for a removed one)."""

    spec_id: str
    path: Path
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Origin:
    """Where a clause of the effective spec comes from."""

    layers: tuple[Layer, ...]  # the first introduced the clause; later ones changed it
    words: Layer  # the layer whose source and interpretation the clause carries
    document: Path | None  # the document that layer's quotes are checked against

    @property
    def spec_id(self) -> str:
        """The spec that introduced the clause."""
        return self.layers[0].spec_id

    def describe(self) -> str:
        """``from spades/intramural``, with the specs that changed it and the fields they set."""
        text = f"from {self.layers[0].spec_id}"
        for layer in self.layers[1:]:
            text += f"; {', '.join(layer.fields)} by {layer.spec_id}"
        return text


@dataclass
class Chain:
    """A spec document with everything it extends merged in, and each clause's origin."""

    raw: dict[str, Any]
    origins: dict[str, Origin]
    document: Path | None  # the effective source document (inherited when a child names none)


def _error(path: Path, where: str, message: str) -> InputError:
    return InputError(message, Location(file=str(path), path=where))


def merge_clause(
    clause_id: str, parent: dict[str, Any] | None, child: dict[str, Any], path: Path
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The child's clause over the parent's, and the fields the child set or removed."""
    where = f"$.{clause_id}"
    gives_words = any(child.get(key) is not None for key in WORDS)
    merged = dict(parent or {})
    if gives_words:
        for key in WITH_WORDS:
            merged.pop(key, None)
    rule_fields = [key for key in child if key not in NOT_RULE]
    if parent is not None and rule_fields and not gives_words:
        changed = ", ".join(rule_fields)
        raise _error(
            path,
            where,
            f"changes {changed} of {clause_id} without words of its own: add source: (the sentence of your "
            "rulebook it follows) or interpretation: (why the rule differs), so the clause never quotes a "
            "sentence that says something else",
        )
    fields = []
    for key, value in child.items():
        if value is None:
            if key not in merged and key not in WITH_WORDS:
                raise _error(path, f"{where}.{key}", f"removes {key}, which {clause_id} does not have")
            merged.pop(key, None)
            fields.append(f"-{key}")
        else:
            merged[key] = value
            fields.append(key)
    return merged, tuple(fields)


class Merger:
    """Lays one child document over its parent's :class:`Chain`."""

    def __init__(self, parent: Chain, child: dict[str, Any], path: Path, document: Path | None) -> None:
        self.parent = parent
        self.child = child
        self.path = path
        self.layer_id = str(child["id"])
        self.document = document
        self.origins = dict(parent.origins)

    def _lay(
        self, clause_id: str, parent: dict[str, Any] | None, child: dict[str, Any] | None
    ) -> dict[str, Any] | None:
        if child is None:
            if parent is None:
                raise _error(self.path, f"$.{clause_id}", f"removes {clause_id}, which {self._parent_id} does not have")
            self.origins.pop(clause_id, None)
            return None
        body, fields = merge_clause(clause_id, parent, child, self.path)
        layer = Layer(self.layer_id, self.path, fields)
        before = self.origins.get(clause_id) if parent is not None else None
        if before is None:
            self.origins[clause_id] = Origin((layer,), layer, self.document)
        elif any(child.get(key) is not None for key in WORDS):
            self.origins[clause_id] = Origin((*before.layers, layer), layer, self.document)
        else:
            self.origins[clause_id] = Origin((*before.layers, layer), before.words, before.document)
        return body

    @property
    def _parent_id(self) -> str:
        return str(self.parent.raw.get("id"))

    def mapping(self, key: str, sections: tuple[str, ...]) -> dict[str, Any] | None:
        """A section (or ``options``) merged clause by clause; None when the child removes it whole."""
        given = self.child[key]
        old = self.parent.raw.get(key) or {}
        if given is None:
            for name in old:
                self.origins.pop(f"{key}.{name}", None)
            return None
        merged = dict(old)
        for name, body in given.items():
            laid = self._lay(f"{key}.{name}", old.get(name), body)
            if laid is None:
                merged.pop(name, None)
            else:
                merged[name] = laid
        return merged

    def entries(self) -> list[dict[str, Any]]:
        """``not_checkable`` merged by ``id``; an entry ``{id: x, remove: true}`` removes one."""
        merged = {item["id"]: item for item in self.parent.raw.get("not_checkable") or ()}
        for item in self.child["not_checkable"] or ():
            clause_id = f"not_checkable.{item['id']}"
            if item.get("remove"):
                self._lay(clause_id, merged.get(item["id"]), None)
                merged.pop(item["id"], None)
                continue
            laid = self._lay(clause_id, merged.get(item["id"]), item)
            if laid is not None:
                merged[item["id"]] = laid
        return list(merged.values())


def own_origins(raw: dict[str, Any], path: Path, document: Path | None, sections: tuple[str, ...]) -> dict[str, Origin]:
    """The origins of a spec that extends nothing: every clause is its own."""
    origins = {}
    spec_id = str(raw.get("id"))
    for key in (*sections, "options"):
        for name, body in (raw.get(key) or {}).items():
            layer = Layer(spec_id, path, tuple(body))
            origins[f"{key}.{name}"] = Origin((layer,), layer, document)
    for item in raw.get("not_checkable") or ():
        layer = Layer(spec_id, path, tuple(item))
        origins[f"not_checkable.{item['id']}"] = Origin((layer,), layer, document)
    return origins


def merge(parent: Chain, child: dict[str, Any], path: Path, document: Path | None, sections: tuple[str, ...]) -> Chain:
    """The child document laid over its parent's chain (``document``: the child's own, or the parent's)."""
    merger = Merger(parent, child, path, document)
    raw = {key: value for key, value in parent.raw.items() if key not in HEADER_OWN}
    for key in HEADER_OWN:
        if key in child:
            raw[key] = child[key]
    family = child.get("family")
    if family is not None and family != parent.raw.get("family"):
        raise _error(path, "$.family", f"is {family}, but {merger._parent_id} is {parent.raw.get('family')}")
    if "source" in child:
        raw["source"] = child["source"]
        if child["source"] is None:
            del raw["source"]
        elif document is not None and document == parent.document:  # the same rulebook: its excerpt carries over
            raw["source"] = {**(parent.raw.get("source") or {}), **child["source"]}
    for key in (*sections, "options"):
        if key in child:
            merged = merger.mapping(key, sections)
            if merged is None:
                raw.pop(key, None)
            else:
                raw[key] = merged
    if "not_checkable" in child:
        raw["not_checkable"] = merger.entries()
    return Chain(raw, merger.origins, document)
