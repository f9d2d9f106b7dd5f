"""Schema errors of a rule spec in words: the field, what it expects, and for a stray name the names it could be.

jsonschema's own messages say what went wrong deep inside a schema ("is not valid under any of the given
schemas", or one branch's complaint); a spec's author wants to know which field is wrong and what to
write there instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError


_REFS = {
    "#/$defs/optionRef": "{option: NAME}",
    "#/$defs/card": "a card such as AS, 10H, QS or BJ",
    "#/$defs/quotes": "a sentence of the source, or a list of them",
}
_TYPES = {"integer": "a whole number", "number": "a number", "boolean": "true or false", "string": "text"}


def expected(schema: Any, root: dict[str, Any]) -> str:
    """What a value must be, in words, from its schema."""
    if not isinstance(schema, dict):
        return "anything"
    if "$ref" in schema:
        ref = schema["$ref"]
        return _REFS.get(ref) or expected(root["$defs"].get(ref.rsplit("/", 1)[-1], {}), root)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            parts = [expected(branch, root) for branch in schema[key]]
            return " or ".join(dict.fromkeys(p for p in parts if p != "null (to remove it)"))
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(str(value) for value in schema["enum"])
    kind = schema.get("type")
    if kind == "null":
        return "null (to remove it)"
    if kind == "array":
        return "a list" + (f" of {_plural(expected(schema['items'], root))}" if "items" in schema else "")
    if kind == "object":
        return "a mapping of fields"
    words = _TYPES.get(str(kind), "a value")
    bounds = [f"at least {schema['minimum']}" if "minimum" in schema else "", ""]
    bounds[1] = f"at most {schema['maximum']}" if "maximum" in schema else ""
    bounds = [b for b in bounds if b]
    return words + (f" ({', '.join(bounds)})" if bounds else "")


def _plural(words: str) -> str:
    if words.startswith("a card such as"):
        return "cards such as" + words.removeprefix("a card such as")
    return words.removeprefix("a ").removeprefix("an ") + ("s" if not words.startswith("one of") else "")


def _unwrap(schema: Any) -> Any:
    """A schema without the nullable wrapper a child spec's schema puts round it."""
    if isinstance(schema, dict) and "properties" not in schema:
        return next((b for b in schema.get("anyOf", []) if isinstance(b, dict) and "properties" in b), schema)
    return schema if isinstance(schema, dict) else {}


def _fields(schema: dict[str, Any], root: dict[str, Any]) -> list[str]:
    names = list(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        target = root["$defs"].get(part.get("$ref", "").rsplit("/", 1)[-1], part)
        names += [n for n in target.get("properties", {}) if n not in names]
    return names


def _where(error: ValidationError) -> str:
    out = ""
    for step in error.absolute_path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out.lstrip(".") or "the spec"


def _nullable(error: Any) -> bool:
    """Whether an error's schema is only the wrapper that lets a child spec remove a thing with null."""
    schema: Any = error.schema
    branches = schema.get("anyOf", []) if isinstance(schema, dict) else []
    return any(isinstance(b, dict) and b.get("type") == "null" for b in branches)


def explain(found: ValidationError, root: dict[str, Any]) -> str | None:
    """A schema error of a spec's clause in words (None to keep jsonschema's message)."""
    error: Any = found
    # An error inside one branch of anyOf is about the field the anyOf stands for.
    while (
        error.parent is not None
        and list(error.parent.absolute_path) == list(error.absolute_path)
        and not (_nullable(error.parent) and error.instance is not None)
    ):
        error = error.parent
    where = _where(error)
    if not error.absolute_path and error.validator == "type":  # a list, or a line of text: no spec at all
        from .errors import excerpt  # to say what the file holds, cut short (a file may be anything)

        kind = (
            "a list" if isinstance(error.instance, list) else "text" if isinstance(error.instance, str) else "the value"
        )
        shown = _shown(error.instance) if error.instance is None or isinstance(error.instance, bool) else None
        return (
            "a rule spec is a mapping of fields (spec: 1, id:, title:, then its sections), not "
            f"{kind} ({shown or excerpt(error.instance)})"
        )
    if error.validator == "pattern" and error.schema.get("examples"):  # the spec's id: a name, not a pattern
        such = " or ".join(error.schema["examples"])
        about = error.schema.get("description", "").split(".")[0].lower()
        return f"{where} takes a name such as {such} ({about}), not {_shown(error.instance)}"
    if error.validator in ("additionalProperties", "unevaluatedProperties"):
        allowed = _fields(error.schema, root)
        given = error.instance if isinstance(error.instance, dict) else {}
        strays = [name for name in given if name not in allowed]
        if not strays:
            return None
        stray = strays[0]
        if type(stray) is not str:  # a key YAML reads as a number or a null (1:, ~:): no field is named so
            return f"{stray!r} is not a field of {where}; its fields: {', '.join(allowed)}"
        if "." in stray:  # game_end.target.points: 300, written as one key
            parts = stray.split(".")
            nested = f"{{{parts[-1]}: {given[stray]!r}}}"
            for part in reversed(parts[1:-1]):
                nested = f"{{{part}: {nested}}}"
            return f"{stray!r} is not a field of {where}: YAML does not read dots as levels; write {parts[0]}: {nested}"
        if not error.absolute_path:
            section = next(
                (n for n, b in root["properties"].items() if stray in _unwrap(b).get("properties", {})), None
            )
            if section is not None and section not in ("source",):
                return f"{stray!r} is not allowed here: it is a clause of {section}; write {section}: {{{stray}: ...}}"
            return None
        from difflib import get_close_matches  # to explain a schema error only

        close = get_close_matches(stray, allowed, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"{stray!r} is not a field of {where}{hint}; its fields: {', '.join(allowed)}"
    if error.validator in ("anyOf", "oneOf") and all(
        set(branch) == {"required"} for branch in error.schema.get(error.validator, [])
    ):
        needed = [name for branch in error.schema[error.validator] for name in branch["required"]]
        return f"{where} needs {' or '.join(f'{n}:' for n in needed)} (a quote of the source, or the reading taken)"
    if error.validator == "dependentRequired":  # rejected readings stand beside the reading taken
        (key, needed), *_ = ((k, v) for k, v in error.validator_value.items() if k in (error.instance or {}))
        return f"{where} gives {key}: but not {', '.join(needed)}: (the reading taken, beside those it rejects)"
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in (error.instance or {})]
        if not error.absolute_path and missing[:1] == ["family"]:  # asked for only where the spec extends none
            return "the spec needs family: (spades, hearts or dominoes), or extends: the spec it builds on"
        return f"{where} needs the field {missing[0] if missing else error.validator_value[0]}"
    last = error.absolute_path[-1] if error.absolute_path else None
    field = str(last) if isinstance(last, str) else where
    return f"{field} takes {expected(error.schema, root)}, not {_shown(error.instance)}"


def _shown(value: Any) -> str:
    """A value refused, as YAML writes it: null, true and false bare (not Python's None, True, False)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return repr(value)
