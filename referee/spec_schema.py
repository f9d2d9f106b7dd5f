"""The rule-spec schema as the loader uses it: option references and partial clauses.

Two things are derived from ``schema/rule-spec.schema.json`` here, in one
place, so that a field added to the schema gets them without more work:

- every numeric field of a clause also takes ``{option: name}``, so any number
  of a rule (a target, a bag limit, a penalty) can be left to the table;
- a spec that ``extends`` another is checked with a *partial* schema: a clause
  may give only the fields it changes, and ``null`` removes a section, a
  clause, a field or an option (the merged spec is then checked in full).
"""

from __future__ import annotations

import copy
from typing import Any

OPTION_REF = {"$ref": "#/$defs/optionRef"}
NULL = {"type": "null", "description": "Removes what the spec extended had here."}


def _is_clause(schema: Any) -> bool:
    return isinstance(schema, dict) and {"$ref": "#/$defs/clause"} in schema.get("allOf", [])


def _sections(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The schemas of the sections: objects whose properties are clauses."""
    found = []
    for value in schema["properties"].values():
        clauses = value.get("properties", {}) if isinstance(value, dict) else {}
        if clauses and all(_is_clause(c) for c in clauses.values()):
            found.append(value)
    return found


def _numeric(schema: dict[str, Any]) -> bool:
    if schema.get("type") in ("integer", "number"):
        return True
    return any(_numeric(branch) for branch in schema.get("anyOf", []) + schema.get("oneOf", []))


def _refers_to_option(schema: dict[str, Any]) -> bool:
    return OPTION_REF in schema.get("anyOf", []) + schema.get("oneOf", [])


def with_option_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with ``{option: name}`` allowed in every numeric field of a clause."""
    out = copy.deepcopy(schema)
    for section in _sections(out):
        for clause in section["properties"].values():
            fields = clause.get("properties", {})
            for name, field in fields.items():
                if _numeric(field) and not _refers_to_option(field):
                    fields[name] = {"anyOf": [field, OPTION_REF], **_annotations(field)}
    return out


def _annotations(field: dict[str, Any]) -> dict[str, Any]:
    return {key: field[key] for key in ("title", "description", "examples") if key in field}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, NULL], **_annotations(schema)}


def partial(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a spec that extends another: clauses in part, ``null`` to remove."""
    out = copy.deepcopy(schema)
    out["required"] = ["spec", "id", "extends"]
    for key in ("if", "then", "else"):
        out.pop(key, None)
    out["$defs"]["clause"].pop("anyOf", None)
    out["$defs"]["clause"].pop("dependentRequired", None)  # a child may add rejected readings to inherited words
    words = out["$defs"]["clause"]["properties"]  # a clause's words and severity: null removes them as any field
    for field_name in list(words):
        words[field_name] = _nullable(words[field_name])
    props = out["properties"]
    names = [name for name, value in props.items() if any(value is s for s in _sections(out))]
    for section in _sections(out):
        for name, clause in list(section["properties"].items()):
            clause.pop("required", None)
            fields = clause.get("properties", {})
            for field_name in list(fields):
                fields[field_name] = _nullable(fields[field_name])
            section["properties"][name] = _nullable(clause)
    for name in names:
        props[name] = _nullable(props[name])
    option = props["options"]["additionalProperties"]
    option.pop("required", None)
    props["options"]["additionalProperties"] = _nullable(option)
    props["options"] = _nullable(props["options"])
    entry = props["not_checkable"]["items"]
    entry["required"] = ["id"]
    entry.pop("anyOf", None)
    entry.pop("dependentRequired", None)
    props["source"] = _nullable(props["source"])
    return out
