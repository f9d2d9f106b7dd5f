"""Spec files: the bundled ones, finding one by id or path, its source document, and reading it (schema-checked
where it must be)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from . import spec_cache
from .bundled import rules_dir, sources_dir
from .documents import LINK_LOOP, exists, is_file, is_folder, is_link_loop, named_path, read_text
from .errors import InputError, Location

SPEC_SUFFIXES = (".yaml", ".yml")  # as find takes a spec's file, and referee new writes one


def files_below(folder: Path) -> list[Path]:
    """The files of a folder and its folders, in name order, that may hold a spec: by their suffix, .yml as well
    as .yaml (a folder search took .yaml alone, and a club's club.yml named by its path was found in no folder)."""
    return sorted(path for path in folder.rglob("*.y*ml") if path.suffix in SPEC_SUFFIXES)


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


def is_bundled(spec: str) -> bool:
    """Whether ``spec`` is among :func:`bundled_ids`: a bundled spec's file is looked for by its id first, so that
    a run names no folder's files to say yes (listing them is ~0.4 ms of a start); any other answer is theirs."""
    plain = re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)*", spec) and not spec.startswith("sources/")
    return bool(plain and is_file(rules_dir() / f"{spec}.yaml")) or spec in bundled_ids()


def find(spec: str) -> Path:
    """The file of a spec given by id (``spades/intramural``) or path."""
    as_path = named_path(spec, "rule spec")
    if as_path.suffix in SPEC_SUFFIXES or exists(as_path):
        if not is_file(as_path):
            # said as a log that is none is said: 'rules/spades: not a file' left a user to guess what it was
            what = "is a device, not a file" if exists(as_path) else "no such rule spec file"
            what = "is a folder, not a spec file" if is_folder(as_path) else what
            what = LINK_LOOP if is_link_loop(as_path) else what
            raise InputError(what, Location(file=spec))
        return as_path
    candidate = rules_dir() / f"{spec}.yaml"
    if re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", spec) and is_file(candidate):
        return candidate
    if is_link_loop(as_path):
        raise InputError(LINK_LOOP, Location(file=spec))
    from difflib import get_close_matches  # to word an error only

    close = get_close_matches(spec, bundled_ids(), n=1, cutoff=0.85)  # (the family part alike, not enough)
    if close:  # the guess stands alone: beside the whole list the message outgrew an error's length and was cut
        hint = f"did you mean {close[0]}? (referee rules lists the bundled specs; or give the path of a .yaml file)"
        raise InputError(f"unknown rule spec {spec!r}; {hint}")
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


def source_text(document: str) -> str:
    """A bundled source document's text."""
    return (sources_dir() / document).read_text(encoding="utf-8")


def schema_checked(path: Path, verify: bool) -> bool:
    """Whether loading a spec file checks it against the schema: always for a club's own file; for a bundled
    one only when asked (``referee validate``, the test suite), so that a run never imports the validator
    for the package's own specs."""
    return verify or not path.resolve().is_relative_to(rules_dir().resolve())


def read_raw(path: Path, verify: bool = False) -> dict[str, Any]:
    """A spec file's document, schema-checked (``extends`` not yet merged; see :func:`schema_checked`).

    A spec that extends another may give a clause in part (the rest is
    inherited), so its own file is checked with the schema's required
    fields relaxed; the merged spec is checked in full.
    """
    text = read_text(path)
    if path.resolve().is_relative_to(rules_dir().resolve()):  # a bundled spec: its YAML read once, then as JSON
        document = spec_cache.document(path, text)
    else:
        from .yaml_documents import parse_yaml

        document = parse_yaml(text, str(path))
    partial = isinstance(document, dict) and document.get("extends") is not None
    if schema_checked(path, verify):
        from . import schemas  # (only a spec checked against the schema needs it: ~0.7M instructions a start)

        schemas.check("rule-spec-partial" if partial else "rule-spec", document, Location(file=str(path)), text)
    return document  # type: ignore[no-any-return]
