"""Rule specs: finding, reading, extending and checking them.

A spec is YAML: sections by phase, each a mapping of named clauses. Each
clause quotes its source (or says the source is silent and which reading it
takes). This module turns a file into a :class:`Spec` whose clauses are
resolved (``extends`` merged, options filled in); :mod:`referee.tables`
compiles that into flat tables for replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from . import schemas
from .bundled import rules_dir, sources_dir
from .documents import parse_yaml, read_text
from .errors import InputError, Location

SECTIONS = (
    "players",
    "deck",
    "ranking",
    "deal",
    "bidding",
    "passing",
    "play",
    "penalties",
    "scoring",
    "game_end",
    "tiles",
    "draw",
    "layout",
    "dominoes_scoring",
)
CLAUSE_KEYS = frozenset({"source", "interpretation", "severity", "severity_reason", "checkable", "reason"})


@dataclass(frozen=True)
class Clause:
    """One rule of a spec, beside the source text it implements."""

    id: str
    source: tuple[str, ...]
    interpretation: str | None = None
    severity: str = "error"
    checkable: bool = True
    reason: str | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    severity_reason: str | None = None

    @property
    def quote(self) -> str:
        """The source sentences as one string (empty where the source is silent)."""
        return " ".join(self.source)


@dataclass(frozen=True)
class Option:
    """Something the source leaves to the table, with its default."""

    name: str
    default: Any
    description: str
    values: tuple[Any, ...] | None
    clause: Clause


@dataclass(frozen=True)
class Spec:
    """A resolved rule spec: its header, clauses and options (values chosen)."""

    id: str
    title: str
    family: str
    summary: str
    document: str
    document_title: str
    path: Path
    raw: dict[str, Any] = field(compare=False, hash=False, repr=False)
    clauses: dict[str, Clause] = field(compare=False, hash=False, repr=False)
    options: dict[str, Option] = field(compare=False, hash=False, repr=False)
    chosen: tuple[tuple[str, Any], ...] = ()
    not_checkable: tuple[Clause, ...] = field(default=(), compare=False, hash=False, repr=False)

    def clause(self, clause_id: str) -> Clause:
        """A clause by id (``section.name``); a silent stand-in where the spec has none."""
        found = self.clauses.get(clause_id)
        if found is not None:
            return found
        return Clause(clause_id, (), "Not stated in this spec; the referee's default applies.", "warning")

    def value(self, clause_id: str, key: str, default: Any = None) -> Any:
        """A field of a clause, with ``default`` where the clause or field is absent."""
        found = self.clauses.get(clause_id)
        if found is None:
            return default
        return found.data.get(key, default)

    def has(self, clause_id: str) -> bool:
        """Whether the spec has this clause."""
        return clause_id in self.clauses

    def with_options(self, chosen: dict[str, Any]) -> Spec:
        """The same spec with some options set (others keep their defaults)."""
        return resolve(self.raw, self.path, chosen)


def bundled_ids() -> list[str]:
    """Ids of the bundled specs, sorted."""
    base = rules_dir()
    ids = []
    for path in sorted(base.rglob("*.yaml")):
        rel = path.relative_to(base)
        if rel.parts[0] == "sources":
            continue
        ids.append(rel.with_suffix("").as_posix())
    return ids


def find(spec: str) -> Path:
    """The file of a spec given by id (``spades/intramural``) or path."""
    as_path = Path(spec)
    if as_path.suffix in (".yaml", ".yml") or as_path.exists():
        if not as_path.is_file():
            raise InputError("no such rule spec file", Location(file=spec))
        return as_path
    candidate = rules_dir() / f"{spec}.yaml"
    if re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", spec) and candidate.is_file():
        return candidate
    known = ", ".join(bundled_ids())
    raise InputError(f"unknown rule spec {spec!r} (bundled: {known})")


def read_raw(path: Path) -> dict[str, Any]:
    """A spec file's document, schema-checked (``extends`` not yet merged)."""
    text = read_text(path)
    document = parse_yaml(text, str(path))
    schemas.check("rule-spec", document, Location(file=str(path)), text)
    return document  # type: ignore[no-any-return]


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """The child's header and clauses over the parent's: a clause is replaced whole, by name."""
    merged = {k: v for k, v in parent.items() if k not in ("abstract", "summary")}
    for key, value in child.items():
        if (key in SECTIONS and key in merged) or (key == "options" and key in merged):
            merged[key] = {**merged[key], **value}
        elif key == "not_checkable" and key in merged:
            by_id = {item["id"]: item for item in merged[key]}
            by_id.update({item["id"]: item for item in value})
            merged[key] = list(by_id.values())
        else:
            merged[key] = value
    return merged


def expand(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """A spec's document with everything it extends merged in."""
    raw = read_raw(path)
    parent_id = raw.get("extends")
    if parent_id is None:
        return raw
    try:
        parent_path = find(parent_id).resolve()
    except InputError as exc:
        raise InputError(exc.message, Location(file=str(path), path="$.extends")) from None
    here = (*seen, path.resolve())
    if parent_path in here:
        raise InputError(f"spec extends itself through {parent_id!r}", Location(file=str(path), path="$.extends"))
    return _merge(expand(parent_path, here), raw)


def _quotes(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _clause(clause_id: str, body: dict[str, Any], data: dict[str, Any]) -> Clause:
    return Clause(
        id=clause_id,
        source=_quotes(body.get("source")),
        interpretation=body.get("interpretation"),
        severity=body.get("severity", default_severity(body)),
        checkable=body.get("checkable", True),
        reason=body.get("reason"),
        data=data,
        severity_reason=body.get("severity_reason"),
    )


def default_severity(body: dict[str, Any]) -> str:
    """The severity of a clause that does not state one: ``error`` if it quotes its source, else ``warning``.

    One rule decides severity: a violation is an error when the record breaks what the quoted words say (or
    what follows from them by counting alone), a warning when it breaks only a reading the spec takes where
    the source is silent. A clause with no quote can only be the second kind.
    """
    return "error" if body.get("source") else "warning"


def _fill(value: Any, chosen: dict[str, Any], where: str, path: Path) -> Any:
    """A clause field with an ``{option: name}`` reference replaced by the option's value."""
    if isinstance(value, dict) and set(value) == {"option"}:
        name = value["option"]
        if name not in chosen:
            raise InputError(
                f"names option {name!r}, which the spec does not define", Location(file=str(path), path=where)
            )
        return chosen[name]
    return value


def resolve(raw: dict[str, Any], path: Path, chosen: dict[str, Any] | None = None) -> Spec:
    """A :class:`Spec` from an expanded document, with options set by ``chosen``."""
    options: dict[str, Option] = {}
    for name, body in (raw.get("options") or {}).items():
        values = tuple(body["values"]) if "values" in body else None
        options[name] = Option(name, body["default"], body["description"], values, _clause(f"options.{name}", body, {}))
    values_now = {name: option.default for name, option in options.items()}
    for name, value in (chosen or {}).items():
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise InputError(f"unknown option {name!r} for {raw['id']} (its options: {known})")
        allowed = options[name].values
        if allowed is not None and value not in allowed:
            raise InputError(f"option {name!r} cannot be {value!r} (choose from {', '.join(map(str, allowed))})")
        values_now[name] = value
    clauses: dict[str, Clause] = {}
    for section in SECTIONS:
        for name, body in (raw.get(section) or {}).items():
            clause_id = f"{section}.{name}"
            data = {
                key: _fill(value, values_now, f"$.{section}.{name}.{key}", path)
                for key, value in body.items()
                if key not in CLAUSE_KEYS
            }
            clauses[clause_id] = _clause(clause_id, body, data)
    not_checkable = tuple(
        Clause(
            f"not_checkable.{item['id']}",
            _quotes(item["source"]),
            item.get("interpretation"),
            "error",
            False,
            item["reason"],
        )
        for item in raw.get("not_checkable") or ()
    )
    source = raw["source"]
    return Spec(
        id=raw["id"],
        title=raw["title"],
        family=raw["family"],
        summary=raw.get("summary", ""),
        document=source["document"],
        document_title=source["title"],
        path=path,
        raw=raw,
        clauses=clauses,
        options=options,
        chosen=tuple(sorted(values_now.items())),
        not_checkable=not_checkable,
    )


@cache
def _load_default(path: Path) -> Spec:
    return resolve(expand(path), path)


def load(spec: str | Path, options: dict[str, Any] | None = None) -> Spec:
    """Load a spec by id or path, with ``options`` set: one call."""
    path = find(str(spec)).resolve()
    base = _load_default(path)
    return base.with_options(options) if options else base


def source_text(document: str) -> str:
    """A bundled source document's text."""
    return (sources_dir() / document).read_text(encoding="utf-8")


def normalize_space(text: str) -> str:
    """Runs of white space as one space: quotes may cross the source's line breaks."""
    return " ".join(text.split())
