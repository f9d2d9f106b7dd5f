"""Checks of a spec beyond its schema: quotes, coverage of the source, consistency."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .bundled import rules_dir
from .document_paths import key_step
from .documents import exists, is_file, is_folder
from .errors import InputError, Location, Unsupported
from .families import compile_spec
from .quotes import flat_text, normalize_space, sentences
from .spec import SECTIONS, Spec, borrows_document, chain, find, load, misquotes, option_ref, read_raw, resolve
from .spec_files import files_below


def spec_files(paths: list[Path]) -> list[Path]:
    """The spec files named, or found in the folders named (default: the bundled rules)."""
    found: list[Path] = []
    for path in paths or [rules_dir()]:
        if path.is_dir():
            found.extend(
                p
                for p in files_below(path)
                # a named pipe (or a folder) called *.yaml is no spec: opened, a pipe waits for a writer for ever;
                # a link to no file is kept, to be said to be one
                if "sources" not in p.relative_to(path).parts and (is_file(p) or not exists(p))
            )
        else:
            found.append(path)
    return found


def spec_targets(names: list[str]) -> list[tuple[str, Path]]:
    """Specs named by id, file or folder, as every command takes them (default: the bundled rules).

    Each comes with the name to show: the id as given, or the file's path.
    """
    if not names:
        return [(str(path), path) for path in spec_files([])]
    found: list[tuple[str, Path]] = []
    for name in names:
        if name and is_folder(Path(name)):  # (not "": Path("") is the current folder; find says it names no spec)
            inside = spec_files([Path(name)])
            if not inside:  # said of the folder, as check says it of a folder with no log ('no rule spec files found')
                raise InputError("a folder with no spec file (.yaml, .yml) in it", Location(file=name))
            found += [(str(path), path) for path in inside]
        else:
            path = find(name)
            found.append((name, path))
    return found


def _all_quotes(spec: Spec) -> list[tuple[str, str]]:
    """The quotes of every clause whose words cite the spec's own document."""
    own = spec.document_path
    return [
        (clause.id, quote)
        for clause in spec.all_clauses()
        if clause.origin is None or clause.origin.document == own
        for quote in clause.source
    ]


def quote_problems(spec: Spec) -> list[str]:
    """Quotes that do not appear verbatim (white space aside) in the document of the spec that wrote them."""
    return [str(with_line(error)) for _, _, error in misquotes(spec)]


def _path_line(text: str, path: str) -> int | None:
    """The line of the node at a JSON path (``$.play.lead.trump``) in a spec's YAML text, or of the deepest part of
    it the text has; None where the text has not even its first step (the spec inherits all of it)."""
    import yaml

    try:
        node: Any = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = None
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        if isinstance(node, yaml.MappingNode) and key:
            node = next((value for name, value in node.value if name.value == key), None)
        elif isinstance(node, yaml.SequenceNode) and index and int(index) < len(node.value):
            node = node.value[int(index)]
        else:
            node = None
        if node is None:
            break
        line = int(node.start_mark.line) + 1
    return line


def with_line(error: InputError) -> InputError:
    """A spec's error located by its JSON path alone (a clause that cannot take effect, a misquote, an extends
    that loops), with the line of that place in the spec file it names, where that file writes it."""
    where = error.location
    if where.line is not None or not where.path or not where.file or not is_file(Path(where.file)):
        return error
    try:
        line = _path_line(Path(where.file).read_text(encoding="utf-8"), where.path)
    except (OSError, UnicodeDecodeError):
        return error
    return error if line is None else error.at(line=line)


def excerpt(spec: Spec) -> str | None:
    """The part of the source the spec encodes (between its excerpt markers), white space folded."""
    document = spec.document_path
    if document is None:
        return None
    bounds = (spec.raw.get("source") or {}).get("excerpt") or {"from": ""}
    flat = flat_text(document)
    start = flat.find(normalize_space(bounds["from"]))
    if start < 0:
        return None
    end = flat.find(normalize_space(bounds["to"]), start + 1) if bounds.get("to") else len(flat)
    return flat[start : end if end > 0 else len(flat)]


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
    for sentence in sentences(part, (spec.raw.get("source") or {}).get("headings", [])):
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


def quote_summary(spec: Spec) -> str:
    """How much of a spec rests on quotes: ``26 clauses, 20 quoting the source, 6 on a reading alone``."""
    clauses = spec.all_clauses()
    quoting = sum(1 for clause in clauses if clause.source)
    return f"{len(clauses)} clauses, {quoting} quoting the source, {len(clauses) - quoting} on a reading alone"


def _unused_options(spec: Spec) -> list[str]:
    used = {
        option_ref(value)
        for section in SECTIONS
        for body in (spec.raw.get(section) or {}).values()
        for value in body.values()
    }
    return [name for name in spec.options if name not in used]


def _parent(path: Path, parent_id: str) -> Spec:
    """The spec a spec file extends, found as chain finds it: a path from the file's folder, else an id."""
    beside = path.parent / parent_id
    return load(str(beside) if beside.suffix in (".yaml", ".yml") and is_file(beside) else parent_id)


def _unused_option_problem(path: Path, spec: Spec, name: str) -> str:
    """An option no clause uses; where the spec extended used it and this one set the field it stood for, how to
    fix the value (remove the option) or keep it the table's (give the option that default)."""
    where = f"{path}, at $.options{key_step(name)}: option {name!r}"
    own = read_raw(path)
    parent_id = own.get("extends")
    if parent_id is not None and name not in (own.get("options") or {}):
        parent = _parent(path, parent_id)
        for section in SECTIONS:
            for clause, body in (parent.raw.get(section) or {}).items():
                for field_name, value in body.items():
                    set_here = ((own.get(section) or {}).get(clause) or {}).get(field_name)
                    if option_ref(value) == name and set_here is not None and option_ref(set_here) is None:
                        return (
                            f"{where} of {parent.id} is used by no clause here: {path.name} sets "
                            f"{section}.{clause}.{field_name} to {set_here} itself. Remove the option (options: "
                            f"{{{name}: null}}), or leave the choice to the table with a default of your own and its "
                            f"words: options: {{{name}: {{default: {set_here}, interpretation: ...}}}}, in place of "
                            f"{field_name}: {set_here}"
                        )
    return (
        f"{where} is used by no clause, so setting it would change nothing "
        f"(write {{option: {name}}} in place of a value of the clause it stands for)"
    )


def _borrowed_note(path: Path, spec: Spec, sentence: str) -> str:
    """Why a club's spec with no sheet of its own must quote a sentence of the bundled rulebook it inherits (its new
    words for a clause replaced the quote), and what it may do; nothing for a spec that names its own document."""
    document = spec.document_path
    if document is None or not borrows_document(path, document):
        return ""
    parent = _parent(path, spec.raw["extends"])
    quoting = [
        clause
        for clause in parent.all_clauses()
        if any(sentence in q or q in sentence for q in map(normalize_space, clause.source))
    ]
    own = read_raw(path)
    changed = [c for c in quoting if c.id.split(".", 1)[1] in (own.get(c.id.split(".", 1)[0]) or {})]
    where = ""
    if quoting:  # the clause whose quote the club's words replaced, where a part of the sentence was quoted twice
        clause = (changed or quoting)[0]
        by = clause.origin.words.spec_id if clause.origin is not None else parent.id
        where = f", where {by} quoted this sentence in {clause.id}" + (
            f", which {path.name} changes" if changed else ""
        )
    return (
        f" ({path.name} names no source document of its own, so it answers for the bundled rulebook of the spec it "
        f"extends{where}: quote the sentence again there, list it under not_checkable with the reason, or write "
        "source: null if the club has no sheet of its own)"
    )


def check_file(path: Path) -> tuple[list[str], list[str]]:
    """Problems (the spec is wrong) and notes (valid, but not yet enforceable) for one spec file."""
    try:
        spec = resolve(chain(path, verify=True), path)
        return _checked(path, spec)
    except InputError as exc:  # the spec, or its sheet (an empty one, one that is no text): this spec fails alone
        return [str(with_line(exc))], []


def _checked(path: Path, spec: Spec) -> tuple[list[str], list[str]]:
    """The checks of a spec read: its quotes, the coverage of its sheet, its options, its id, its compilation."""
    problems = quote_problems(spec)
    source = spec.raw.get("source")
    if source and spec.document_path is None:
        problems.append(
            f"{path}: source document {source['document']!r} not found (looked beside the spec, "
            f"in {path.parent}, and among the bundled sources)"
        )
    problems += [
        f"{path}: sentence of {spec.document} quoted by no clause: {s!r}{_borrowed_note(path, spec, s)}"
        for s in uncovered(spec)
    ]
    problems += [f"{path}: {p}" for p in severity_problems(spec)]
    problems += [_unused_option_problem(path, spec, name) for name in _unused_options(spec)]
    expected_id = (
        path.resolve().relative_to(rules_dir().resolve()).with_suffix("").as_posix()
        if path.resolve().is_relative_to(rules_dir().resolve())
        else None
    )
    if expected_id is not None and expected_id != spec.id:
        problems.append(f"{path}: id {spec.id!r} does not match its place in rules/ ({expected_id!r})")
    notes = []
    if not spec.raw.get("abstract"):
        try:
            compile_spec(spec)
        except Unsupported as exc:
            notes.append(f"{path}: not yet enforceable: {exc.message}")
        except InputError as exc:
            problems.append(str(with_line(exc)))
    return problems, notes
