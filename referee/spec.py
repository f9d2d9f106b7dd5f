"""Rule specs: finding, reading, extending and checking them.

A spec is YAML: sections by phase, each a mapping of named clauses. Each
clause quotes its source (or says the source is silent and which reading it
takes). This module turns a file into a :class:`Spec` whose clauses are
resolved (``extends`` merged field by field, see :mod:`referee.spec_merge`;
options filled in); :mod:`referee.tricks.tables` compiles that into flat
tables for replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from . import schemas
from .bundled import rules_dir, sources_dir
from .documents import exists, is_file, parse_yaml, read_text
from .errors import InputError, Location
from .quotes import flat_text, misquote_message, normalize_space
from .spec_merge import Chain, Origin, merge, own_origins

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
CLAUSE_KEYS = frozenset({"source", "interpretation", "rejected", "severity", "severity_reason", "checkable", "reason"})


@dataclass(frozen=True)
class Rejected:
    """A reading of the source that a clause's interpretation does not take, and why."""

    reading: str
    why: str


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
    origin: Origin | None = field(default=None, compare=False, hash=False, repr=False)
    rejected: tuple[Rejected, ...] = ()  # the other readings of the source, beside the interpretation

    @property
    def quote(self) -> str:
        """The source sentences as one string (empty where the source is silent)."""
        return " ".join(self.source)


OPTION_TYPES = {"boolean": "true or false", "integer": "a whole number", "number": "a number", "string": "text"}


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def _fits(value: Any, kind: str) -> bool:
    actual = _type_of(value)
    return actual == kind or (kind == "number" and actual == "integer")


@dataclass(frozen=True)
class Option:
    """Something the source leaves to the table: a name, a type, a default, the values allowed."""

    name: str
    default: Any
    description: str
    values: tuple[Any, ...] | None
    clause: Clause
    type: str = "string"

    def describe(self) -> str:
        """``target (a whole number, default 500: 500 or 300)``."""
        allowed = f": {' or '.join(map(str, self.values))}" if self.values is not None else ""
        return f"{self.name} ({OPTION_TYPES[self.type]}, default {self.default}{allowed})"

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be this option's value (None if it can)."""
        if not _fits(value, self.type):
            allowed = f": {' or '.join(map(str, self.values))}" if self.values is not None else ""
            return f"option {self.name!r} takes {OPTION_TYPES[self.type]}{allowed}, not {value!r}"
        if self.values is not None and value not in self.values:
            return f"option {self.name!r} cannot be {value!r} (choose from {', '.join(map(str, self.values))})"
        return None


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
    chain: Chain | None = field(default=None, compare=False, hash=False, repr=False)
    stamp: tuple[int, int] = (0, 0)  # the file's change time and size: an edited spec is another spec

    @property
    def document_path(self) -> Path | None:
        """The source document's file (the spec's own, or the one it inherits), if found."""
        return self.chain.document if self.chain is not None else document_path(self.path, self.document)

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
        if self.chain is None:
            raise InputError("this spec was not loaded from a file", Location(file=str(self.path)))
        return replace(resolve(self.chain, self.path, chosen), stamp=self.stamp)

    def all_clauses(self) -> list[Clause]:
        """Every clause, option and not-checkable entry: everything that quotes the source."""
        return [*self.clauses.values(), *self.not_checkable, *(option.clause for option in self.options.values())]


@cache  # the bundled files do not change while the referee runs; a check run asks once a game
def bundled_ids() -> tuple[str, ...]:
    """Ids of the bundled specs, sorted."""
    base = rules_dir()
    ids = []
    for path in sorted(base.rglob("*.yaml")):
        rel = path.relative_to(base)
        if rel.parts[0] == "sources":
            continue
        ids.append(rel.with_suffix("").as_posix())
    return tuple(ids)


def find(spec: str) -> Path:
    """The file of a spec given by id (``spades/intramural``) or path."""
    as_path = Path(spec)
    if as_path.suffix in (".yaml", ".yml") or exists(as_path):
        if not is_file(as_path):
            raise InputError("no such rule spec file", Location(file=spec))
        return as_path
    candidate = rules_dir() / f"{spec}.yaml"
    if re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", spec) and is_file(candidate):
        return candidate
    known = ", ".join(bundled_ids())
    raise InputError(f"unknown rule spec {spec!r} (bundled: {known}; or give the path of a .yaml file)")


def document_path(spec_path: Path, document: str) -> Path | None:
    """A spec's source document: a path relative to the spec's folder, else a bundled source by name."""
    if not document:
        return None
    beside = spec_path.parent / document
    if is_file(beside):
        return beside.resolve()
    bundled = sources_dir() / document
    if "/" not in document and is_file(bundled):
        return bundled.resolve()
    return None


def _schema_checked(path: Path, verify: bool) -> bool:
    """Whether loading a spec file checks it against the schema: always for a club's own file; for a bundled
    one only when asked (``referee validate``, the test suite), so that a run never imports the validator
    for the package's own specs."""
    return verify or not path.resolve().is_relative_to(rules_dir().resolve())


def read_raw(path: Path, verify: bool = False) -> dict[str, Any]:
    """A spec file's document, schema-checked (``extends`` not yet merged; see :func:`_schema_checked`).

    A spec that extends another may give a clause in part (the rest is
    inherited), so its own file is checked with the schema's required
    fields relaxed; the merged spec is checked in full.
    """
    text = read_text(path)
    document = parse_yaml(text, str(path))
    partial = isinstance(document, dict) and document.get("extends") is not None
    if _schema_checked(path, verify):
        schemas.check("rule-spec-partial" if partial else "rule-spec", document, Location(file=str(path)), text)
    return document  # type: ignore[no-any-return]


def chain(path: Path, seen: tuple[Path, ...] = (), verify: bool = False) -> Chain:
    """A spec's document with everything it extends merged in, each clause with its origin (``verify``: schema-
    check bundled files too)."""
    raw = read_raw(path, verify)
    source = raw.get("source")
    own_document = document_path(path, source["document"]) if source else None
    parent_id = raw.get("extends")
    if parent_id is None:
        return Chain(raw, own_origins(raw, path, own_document, SECTIONS), own_document)
    beside = path.parent / parent_id  # a parent given by path is found from the child's folder
    try:
        parent_path = (beside if beside.suffix in (".yaml", ".yml") and is_file(beside) else find(parent_id)).resolve()
    except InputError as exc:
        raise InputError(exc.message, Location(file=str(path), path="$.extends")) from None
    here = (*seen, path.resolve())
    if parent_path in here:
        loop = " -> ".join(str(p) for p in (*here[here.index(parent_path) :], parent_path))
        raise InputError(
            f"spec extends itself through {parent_id!r} ({loop})", Location(file=str(path), path="$.extends")
        )
    parent = chain(parent_path, here, verify)
    document = own_document if "source" in raw else parent.document
    merged = merge(parent, raw, path, document, SECTIONS)
    if _schema_checked(path, verify):  # what the child left out, the parent gave
        schemas.check("rule-spec", merged.raw, Location(file=str(path)))
    return merged


def expand(path: Path) -> dict[str, Any]:
    """A spec's document with everything it extends merged in."""
    return chain(path).raw


def _quotes(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _rejected(body: dict[str, Any]) -> tuple[Rejected, ...]:
    return tuple(Rejected(item["reading"], item["why"]) for item in body.get("rejected") or ())


def _clause(clause_id: str, body: dict[str, Any], data: dict[str, Any], origin: Origin | None) -> Clause:
    return Clause(
        id=clause_id,
        source=_quotes(body.get("source")),
        interpretation=body.get("interpretation"),
        severity=body.get("severity", default_severity(body)),
        checkable=body.get("checkable", True),
        reason=body.get("reason"),
        data=data,
        severity_reason=body.get("severity_reason"),
        origin=origin,
        rejected=_rejected(body),
    )


def default_severity(body: dict[str, Any]) -> str:
    """The severity of a clause that does not state one: ``error`` if it quotes its source, else ``warning``.

    One rule decides severity: a violation is an error when the record breaks what the quoted words say (or
    what follows from them by counting alone), a warning when it breaks only a reading the spec takes where
    the source is silent. A clause with no quote can only be the second kind.
    """
    return "error" if body.get("source") else "warning"


def option_ref(value: Any) -> str | None:
    """The option a clause field stands for (``{option: name}``, or ``{option: name, map: {...}}``), if any."""
    if isinstance(value, dict) and set(value) in ({"option"}, {"option", "map"}):
        return str(value["option"])
    return None


def _fill(value: Any, chosen: dict[str, Any], where: str, path: Path) -> Any:
    """A clause field with an ``{option: name}`` reference replaced by the option's value.

    With ``map`` the field takes the value mapped to the option's value instead, so one option (a variation
    the source names) can set several fields of several clauses consistently.
    """
    name = option_ref(value)
    if name is not None:
        if name not in chosen:
            known = ", ".join(sorted(chosen)) or "none"
            raise InputError(
                f"names option {name!r}, which the spec does not define (its options: {known})",
                Location(file=str(path), path=where),
            )
        if "map" not in value:
            return chosen[name]
        key = str(chosen[name])
        if key not in value["map"]:
            known = ", ".join(value["map"])
            raise InputError(
                f"maps no value for option {name!r} = {key!r} (it maps {known})",
                Location(file=str(path), path=f"{where}.map"),
            )
        return value["map"][key]
    return value


def _options(chain: Chain, path: Path) -> dict[str, Option]:
    options: dict[str, Option] = {}
    for name, body in (chain.raw.get("options") or {}).items():
        values = tuple(body["values"]) if "values" in body else None
        kind = body.get("type") or _type_of(body["default"])
        origin = chain.origins.get(f"options.{name}")
        option = Option(
            name, body["default"], body["description"], values, _clause(f"options.{name}", body, {}, origin), kind
        )
        problem = option.problem(option.default)
        if problem is not None:
            where = origin.layers[-1].path if origin is not None else path
            raise InputError(
                f"the default does not fit: {problem}", Location(file=str(where), path=f"$.options.{name}.default")
            )
        options[name] = option
    return options


def option_problem(spec_id: str, options: dict[str, Option], name: str, value: Any) -> str | None:
    """Why ``name=value`` cannot be set on this spec, naming the options it has (None if it can)."""
    if name not in options:
        if not options:
            return (
                f"unknown option {name!r}: {spec_id} has no options; to change one of its rules, write a spec "
                f"that extends it (referee new --extends {spec_id} my-club.yaml)"
            )
        known = "; ".join(option.describe() for option in options.values())
        return f"unknown option {name!r} for {spec_id} (its options: {known})"
    return options[name].problem(value)


def resolve(chain: Chain | dict[str, Any], path: Path, chosen: dict[str, Any] | None = None) -> Spec:
    """A :class:`Spec` from an expanded document (a :class:`Chain`, or a plain merged document), with options set."""
    if not isinstance(chain, Chain):
        source = chain.get("source")
        document = document_path(path, source["document"]) if source else None
        chain = Chain(chain, own_origins(chain, path, document, SECTIONS), document)
    raw = chain.raw
    options = _options(chain, path)
    values_now = {name: option.default for name, option in options.items()}
    for name, value in (chosen or {}).items():
        problem = option_problem(raw["id"], options, name, value)
        if problem is not None:
            raise InputError(problem)
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
            clauses[clause_id] = _clause(clause_id, body, data, chain.origins.get(clause_id))
    not_checkable = tuple(
        Clause(
            f"not_checkable.{item['id']}",
            _quotes(item.get("source")),
            item.get("interpretation"),
            "error",
            False,
            item.get("reason"),
            origin=chain.origins.get(f"not_checkable.{item['id']}"),
            rejected=_rejected(item),
        )
        for item in raw.get("not_checkable") or ()
    )
    source = raw.get("source") or {}
    return Spec(
        id=raw["id"],
        title=raw["title"],
        family=raw["family"],
        summary=raw.get("summary", ""),
        document=source.get("document", ""),
        document_title=source.get("title", ""),
        path=path,
        raw=raw,
        clauses=clauses,
        options=options,
        chosen=tuple(sorted(values_now.items())),
        not_checkable=not_checkable,
        chain=chain,
    )


def misquotes(spec: Spec) -> list[tuple[Clause, str, InputError]]:
    """Each quote not found verbatim (white space aside) in the document of the spec that wrote it."""
    found = []
    for clause in spec.all_clauses():
        if not clause.source:
            continue
        origin = clause.origin
        file = origin.words.path if origin is not None else spec.path
        document = origin.document if origin is not None else spec.document_path
        where = Location(file=str(file), path=f"$.{clause.id}.source")
        for quote in clause.source:
            if document is None:
                message = (
                    f"{clause.id} quotes a source, but the spec has no source document it can read "
                    f"(source.document: {spec.document or 'none'})"
                )
                found.append((clause, quote, InputError(message, where)))
            elif normalize_space(quote) not in flat_text(document):
                message = misquote_message(quote, document, _shown(document, spec))
                found.append((clause, quote, InputError(message, where)))
    return found


def _shown(document: Path, spec: Spec) -> str:
    """A document's name as a message shows it: a bundled source by name, a club's file by its path."""
    if document.parent == sources_dir().resolve():
        return document.name
    try:
        return str(document.relative_to(Path.cwd()))
    except ValueError:
        return str(document)


@cache
def _load_default(path: Path, stamp: tuple[int, int] = (0, 0)) -> Spec:
    """A spec as its file stands (``stamp``: the file's change time and size, so an edited file is read anew)."""
    spec = resolve(chain(path), path)
    wrong = misquotes(spec)  # a spec is held to its quotes wherever it is loaded from
    if wrong:
        raise wrong[0][2]
    return replace(spec, stamp=stamp)


def load(spec: str | Path, options: dict[str, Any] | None = None) -> Spec:
    """Load a spec by id or path, with ``options`` set: one call."""
    path = find(str(spec)).resolve()
    stat = path.stat()
    base = _load_default(path, (stat.st_mtime_ns, stat.st_size))
    return base.with_options(options) if options else base


def source_text(document: str) -> str:
    """A bundled source document's text."""
    return (sources_dir() / document).read_text(encoding="utf-8")
