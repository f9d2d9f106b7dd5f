"""Rule specs: finding, reading, extending and checking them.

A spec is YAML: sections by phase, each a mapping of named clauses. Each
clause quotes its source (or says the source is silent and which reading it
takes). This module turns a file into a :class:`Spec` whose clauses are
resolved (``extends`` merged field by field, see :mod:`referee.spec_merge`;
options filled in); :mod:`referee.tricks.tables` compiles that into flat
tables for replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .absent_rules import without
from .bundled import rules_dir, sources_dir
from .documents import is_file
from .errors import InputError, Location
from .quotes import Stamp, file_stamp, flat_text, misquote_message, normalize_space
from .spec_clause import Clause, Rejected, clause_of, default_severity, quotes_of, rejected_of
from .spec_files import bundled_ids, document_path, find, is_bundled, read_raw, schema_checked, source_text
from .spec_merge import Chain, merge, own_origins
from .spec_options import OPTION_TYPES, Option, fill_option, option_problem, option_ref, options_of, unmet_need

# The spec and its loading, and the names that moved to the modules above, still importable from here.
__all__ = [
    "CLAUSE_KEYS",
    "OPTION_TYPES",
    "SECTIONS",
    "Clause",
    "Option",
    "Rejected",
    "Spec",
    "borrows_document",
    "bundled_ids",
    "chain",
    "default_severity",
    "document_path",
    "expand",
    "find",
    "is_bundled",
    "load",
    "misquotes",
    "option_problem",
    "option_ref",
    "read_raw",
    "resolve",
    "source_text",
]

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
    # the change time and size of each file it was read from (its own, then those it extends): an edited spec
    # is another spec
    stamp: tuple[int, ...] = (0, 0)

    @property
    def document_path(self) -> Path | None:
        """The source document's file (the spec's own, or the one it inherits), if found."""
        return self.chain.document if self.chain is not None else document_path(self.path, self.document)

    def clause(self, clause_id: str) -> Clause:
        """A clause by id (``section.name``); a silent stand-in where the spec has none."""
        found = self.clauses.get(clause_id)
        if found is not None:
            return found
        default = without(clause_id)
        said = "; the referee's default applies." if default is None else f", so {default}"
        return Clause(clause_id, (), f"Not stated in this spec{said}", "warning")

    def value(self, clause_id: str, key: str, default: Any = None) -> Any:
        """A field of a clause, with ``default`` where the clause or field is absent."""
        found = self.clauses.get(clause_id)
        if found is None:
            return default
        return found.data.get(key, default)

    def has(self, clause_id: str) -> bool:
        """Whether the spec has this clause."""
        return clause_id in self.clauses

    def with_options(self, chosen: dict[str, Any], whole: bool = True) -> Spec:
        """The same spec with some options set (others keep their defaults). ``whole``: ``chosen`` is the game's
        whole choice, so an option set that counts only with another's value it lacks is refused (not where a log's
        header may yet set more, as a run's ``--option`` before its games)."""
        if self.chain is None:
            raise InputError("this spec was not loaded from a file", Location(file=str(self.path)))
        return replace(resolve(self.chain, self.path, chosen, whole), stamp=self.stamp)

    def all_clauses(self) -> list[Clause]:
        """Every clause, option and not-checkable entry: everything that quotes the source."""
        return [*self.clauses.values(), *self.not_checkable, *(option.clause for option in self.options.values())]


def chain(
    path: Path, seen: tuple[Path, ...] = (), verify: bool = False, stamps: list[tuple[Path, Stamp]] | None = None
) -> Chain:
    """A spec's document with everything it extends merged in, each clause with its origin (``verify``: schema-
    check bundled files too; ``stamps``: gets each file read, with its stamp as it was just before)."""
    if stamps is not None:
        stamps.append((path, file_stamp(path)))
    raw = read_raw(path, verify)
    source = raw.get("source")
    own_document = document_path(path, source["document"]) if source else None
    parent_id = raw.get("extends")
    if parent_id is None:
        if schema_checked(path, verify):
            _check_option_bounds(raw, path)
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
    parent = chain(parent_path, here, verify, stamps)
    document = own_document if "source" in raw else parent.document
    merged = merge(parent, raw, path, document, SECTIONS)
    if schema_checked(path, verify):  # what the child left out, the parent gave
        from . import schemas  # (a spec checked against the schema: a club's, or verify; ~0.7M a start)

        schemas.check("rule-spec", merged.raw, Location(file=str(path)))
        _check_option_bounds(merged.raw, path)
    return merged


def _check_option_bounds(raw: dict[str, Any], path: Path) -> None:
    """An option's values against the fields it stands for, with the schema (so as seldom as the schema)."""
    from .option_bounds import check

    check(raw, path)


def expand(path: Path) -> dict[str, Any]:
    """A spec's document with everything it extends merged in."""
    return chain(path).raw


def resolve(
    chain: Chain | dict[str, Any], path: Path, chosen: dict[str, Any] | None = None, whole: bool = True
) -> Spec:
    """A :class:`Spec` from an expanded document (a :class:`Chain`, or a plain merged document), with options set."""
    if not isinstance(chain, Chain):
        source = chain.get("source")
        document = document_path(path, source["document"]) if source else None
        chain = Chain(chain, own_origins(chain, path, document, SECTIONS), document)
    raw = chain.raw
    options = options_of(chain, path)
    values_now = {name: option.default for name, option in options.items()}
    for name, value in (chosen or {}).items():
        problem = option_problem(raw["id"], options, name, value)
        if problem is not None:
            raise InputError(problem)
        values_now[name] = value
    unmet = unmet_need(options, values_now) if whole else None
    if unmet is not None:
        raise InputError(unmet[1])
    clauses: dict[str, Clause] = {}
    for section in SECTIONS:
        for name, body in (raw.get(section) or {}).items():
            clause_id = f"{section}.{name}"
            data = {
                key: fill_option(value, values_now, f"$.{section}.{name}.{key}", path)
                for key, value in body.items()
                if key not in CLAUSE_KEYS
            }
            clauses[clause_id] = clause_of(clause_id, body, data, chain.origins.get(clause_id))
    not_checkable = tuple(
        Clause(
            f"not_checkable.{item['id']}",
            quotes_of(item.get("source")),
            item.get("interpretation"),
            "error",
            False,
            item.get("reason"),
            origin=chain.origins.get(f"not_checkable.{item['id']}"),
            rejected=rejected_of(item),
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
    texts: dict[Path, str] = {}  # each document's text once a call: flat_text looks at its file's stamp each time
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
            elif normalize_space(quote) not in (texts.get(document) or texts.setdefault(document, flat_text(document))):
                message = misquote_message(quote, document, _shown(document, spec))
                if borrows_document(file, document):
                    message += (
                        f" ({file.name} names no source document of its own, so its quotes are looked for in the "
                        "bundled rulebook of the spec it extends; a club's sheet is named with source: {document: "
                        "FILE, title: TITLE})"
                    )
                found.append((clause, quote, InputError(message, where)))
    return found


def borrows_document(file: Path, document: Path) -> bool:
    """Whether a spec of the user's quotes a bundled rulebook only because it names no source of its own (the
    sentence nearest to a club's quote there says nothing of the club's sheet)."""
    if document.parent != sources_dir().resolve() or file.resolve().is_relative_to(rules_dir().resolve()):
        return False
    own = read_raw(file)  # (read again for a misquote only)
    return own.get("extends") is not None and "source" not in own


def _shown(document: Path, spec: Spec) -> str:
    """A document's name as a message shows it: a bundled source by name, a club's file by its path."""
    if document.parent == sources_dir().resolve():
        return document.name
    try:
        return str(document.relative_to(Path.cwd()))
    except ValueError:
        return str(document)


# Each spec loaded, by its file: the files it was read from with their stamps, and the spec. A spec is read anew
# when any of them changed, the files it extends and the source documents it quotes too (a process may run long:
# a library's, a service's).
_LOADED: dict[Path, tuple[tuple[tuple[Path, Stamp], ...], Spec]] = {}


def _load_default(path: Path) -> Spec:
    """A spec as its files stand: read anew when it, or a spec it extends, has changed since it was read."""
    known = _LOADED.get(path)
    if known is not None and all(file_stamp(file) == stamp for file, stamp in known[0]):
        return known[1]
    stamps: list[tuple[Path, Stamp]] = []
    spec = resolve(chain(path, stamps=stamps), path)
    quoted = {c.origin.document if c.origin is not None else spec.document_path for c in spec.all_clauses() if c.source}
    stamps.extend((document, file_stamp(document)) for document in sorted(filter(None, quoted)))  # stamped before read
    wrong = misquotes(spec)  # a spec is held to its quotes wherever it is loaded from
    if wrong:
        raise wrong[0][2]
    spec = replace(spec, stamp=tuple(n for _, stamp in stamps for n in stamp or (-1, -1)))
    _LOADED[path] = (tuple(stamps), spec)
    return spec


def load(spec: str | Path, options: dict[str, Any] | None = None) -> Spec:
    """Load a spec by id or path, with ``options`` set: one call."""
    named = find(str(spec))
    resolved = named.resolve()  # one spec however it is named: loaded and kept once
    try:
        base = _load_default(resolved)
    except InputError as exc:
        if exc.location.file != str(resolved):  # a spec it extends, named as its extends names it
            raise
        # the file as the user named it ('club.yaml: the file is empty'), as validate and check name it, not
        # resolved in full ('/home/ann/clubs/club.yaml: ...')
        raise InputError(exc.message, replace(exc.location, file=str(named))) from None
    return base.with_options(options) if options else base
