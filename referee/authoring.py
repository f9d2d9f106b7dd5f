"""Help for people writing specs: a starter spec, and a spec shown with everything it extends resolved."""

from __future__ import annotations

import json
import os
import re
import shlex
import unicodedata
from pathlib import Path
from typing import Any

import yaml

from .bundled import schema_path
from .documents import exists
from .errors import InputError, Location
from .spec import SECTIONS, Spec, find, load, option_ref
from .spec_files import is_bundled

# The one line that lets an editor with a YAML language server complete and explain a spec's fields.
MODELINE = "# yaml-language-server: $schema={schema}"


def _dump(value: Any, indent: int) -> list[str]:
    text = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=100)
    return [" " * indent + line for line in text.splitlines()]


def effective_document(spec: Spec) -> dict[str, Any]:
    """A spec with everything it extends merged in, as one document (``extends`` left out: it is merged), in the
    order :func:`effective_yaml` writes it."""
    first = ("spec", "id", "title", "family", "summary")
    raw = {key: value for key, value in spec.raw.items() if key != "extends"}
    return {key: raw[key] for key in first if key in raw} | raw


def _shown(path: Path) -> str:
    """A spec's file as a person finds it: from the current folder where it is below it (``my-club.yaml``,
    ``examples/club/club.yaml``), else in full."""
    try:
        return path.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def effective_yaml(spec: Spec) -> str:
    """A spec as YAML with everything it extends merged in, each clause marked with the specs it comes from."""
    raw = spec.raw
    lines = [f"# {spec.id}: the effective spec, everything it extends merged in ({_shown(spec.path)})."]
    if raw.get("extends"):
        lines.append(f"# extends: {raw['extends']}  (merged in below)")
    first = ("spec", "id", "title", "family", "summary")
    header = {k: raw[k] for k in first if k in raw}
    header |= {k: v for k, v in raw.items() if k not in (*first, *SECTIONS, "options", "not_checkable", "extends")}
    lines += _dump(header, 0)
    clauses = {clause.id: clause for clause in spec.all_clauses()}
    for key in ("options", *SECTIONS):
        body = raw.get(key)
        if not body:
            continue
        lines.append(f"{key}:")
        for name, fields in body.items():
            origin = clauses[f"{key}.{name}"].origin
            mark = f"  # {origin.describe()}" if origin is not None else ""
            lines.append(f"  {name}:{mark}")
            lines += _dump(fields, 4)
    entries = raw.get("not_checkable") or []
    if entries:
        lines.append("not_checkable:")
        for entry in entries:
            origin = clauses[f"not_checkable.{entry['id']}"].origin
            if origin is not None:
                lines.append(f"  # {origin.describe()}")
            dumped = _dump(entry, 2)
            lines += [f"  - {dumped[0][2:]}", *(f"  {line}" for line in dumped[1:])]
    return "\n".join(lines) + "\n"


def parent_reference(parent: str, spec: Spec, path: Path) -> str:
    """How a new spec at ``path`` names ``parent`` (loaded as ``spec``) in its ``extends``: a bundled spec by its
    id; any other by its file's path from the new spec's folder, where ``extends`` looks for a path first. A
    club's id names no file (and may even be a bundled spec's id), so it cannot be the reference."""
    file = find(parent).resolve()
    if is_bundled(spec.id) and find(spec.id).resolve() == file:
        return spec.id
    if file.suffix not in (".yaml", ".yml"):  # looked for beside the new spec only with a spec file's suffix
        return file.as_posix()
    try:
        return Path(os.path.relpath(file, path.absolute().parent.resolve())).as_posix()
    except ValueError:  # on another drive: no path leads there from the new spec's folder
        return file.as_posix()


def _yaml_word(text: str) -> str:
    """``text`` as a YAML scalar: bare where plain, else in double quotes (JSON's are YAML's)."""
    if re.fullmatch(r"[\w./-]+", text) and not text.startswith("-"):
        return text
    return json.dumps(text, ensure_ascii=False)  # in its own letters: "Café Royal.txt", not "Caf\u00e9 Royal.txt"


def _id_word(stem: str) -> str:
    """A file's stem as the last word of a spec id, which is lower-case letters, digits and hyphens: ``Café
    Royal`` gives ``cafe-royal`` (its accents dropped, not the letters that carry them)."""
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9-]+", "-", plain.lower()).strip("-") or "my-club"


def starter(parent: str, path: Path) -> str:
    """The text of a new spec that extends ``parent``: valid as it stands, with what to change next."""
    spec = load(parent)
    named = parent_reference(parent, spec, path)
    reference = _yaml_word(named)
    stem = _id_word(path.stem)
    # the rule sheet beside the spec, named as the user named the spec (the id alone must be in lower case)
    sheet = _yaml_word(path.with_suffix(".txt").name)
    return f"""\
{MODELINE.format(schema=schema_path("rule-spec").resolve().as_uri())}
# A club's rules, written as changes to {spec.id} ({spec.title}).
# Every clause of {spec.id} holds here unless this file changes it; see them all with
#   referee rules --show {shlex.quote(named)}
# Change a clause by giving only the fields that differ, with the words they rest on: source: (a
# sentence of your rule sheet, word for word) or interpretation: (why). null removes a field or a clause.
# Check this file with: referee validate {shlex.quote(path.name)}
spec: 1
id: club/{stem}
title: {spec.family.capitalize()}, our club's rules
extends: {reference}

# Your rule sheet as a plain-text file beside this one; every quote is checked against it, and each of
# its sentences must be quoted by some clause (or listed under not_checkable with the reason).
# source:
#   document: {sheet}
#   title: Our house rules
# No written sheet? Write this instead, and give each change an interpretation: (why) in place of a
# source: quote; the clauses you take unchanged keep quoting the rulebook of {spec.id}:
# source: null

{_target_example(spec)}"""


def _target_example(spec: Spec) -> str:
    """The starter's example change, a game of another length: the target's points, or, where the spec extended
    leaves them to the table (an option), that option's default, so that the example never leaves an option no
    clause uses."""
    raw = (spec.raw.get("game_end") or {}).get("target") or {}
    option = option_ref(raw.get("points"))
    if option is None:
        return """\
# For example, a shorter game (with no sheet: interpretation: We play to 300 points.):
# game_end:
#   target:
#     points: 300
#     source: The game is played to 300 points.
"""
    return f"""\
# For example, a longer game. {spec.id} leaves the target to the table (option {option}),
# so change the option's default (with no sheet: interpretation: We play to 300 points.):
# options:
#   {option}:
#     default: 300
#     source: The game is played to 300 points.
"""


def write_starter(parent: str, path: Path) -> None:
    """Write a starter spec, never over an existing file."""
    find(parent)  # an unknown parent is reported before anything is written
    if exists(path):  # (False for a name the system cannot take, too long say: the write says so of the file)
        raise InputError(
            "already exists; choose another name (referee new never overwrites a file)", Location(file=str(path))
        )
    if path.suffix not in (".yaml", ".yml"):  # as another spec's extends looks for one beside it
        raise InputError("a spec file's name ends in .yaml or .yml, in small letters", Location(file=str(path)))
    text = starter(parent, path)
    try:
        with open(path, "x", encoding="utf-8") as handle:  # never through a link to no file, nor over one just made
            handle.write(text)
    except FileExistsError:
        raise InputError(
            "already exists; choose another name (referee new never overwrites a file)", Location(file=str(path))
        ) from None
    except OSError as exc:  # a folder that is not there, or not writable
        raise InputError(f"cannot write: {exc.strerror or exc}", Location(file=str(path))) from None
