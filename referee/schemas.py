"""JSON Schema validation with located, best-match messages."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from .bundled import schema_path
from .documents import json_path, node_line, yaml_line
from .errors import InputError, Location, excerpt

if TYPE_CHECKING:  # jsonschema is imported only when a document is checked: most runs never need it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

HEADER = ("spec", "id", "title", "family", "summary", "extends", "abstract", "source")


@cache
def validator(name: str) -> Draft202012Validator:
    """The compiled validator of a bundled schema (built once).

    ``rule-spec`` takes ``{option: name}`` in every numeric field of a clause;
    ``rule-spec-partial`` is its form for a spec that extends another.
    """
    from jsonschema import Draft202012Validator

    from .spec_schema import partial, with_option_refs  # with the validator: a run that checks nothing needs neither

    stem = "rule-spec" if name == "rule-spec-partial" else name
    with schema_path(stem).open(encoding="utf-8") as handle:
        schema = json.load(handle)
    if stem == "rule-spec":
        schema = with_option_refs(schema)
    if name == "rule-spec-partial":
        schema = partial(schema)
    return Draft202012Validator(schema)


def _describe(error: ValidationError, root: dict[str, Any] | None = None) -> str:
    """The error's message, with the value it quotes cut to a short excerpt (a value may be a whole file)."""
    message = _message(error, root)
    quoted = repr(error.instance)
    if len(quoted) > 80:
        message = message.replace(quoted, excerpt(error.instance))
    return message if len(message) <= 300 else message[:300] + "…"


def _message(error: ValidationError, root: dict[str, Any] | None = None) -> str:
    at_root = not error.absolute_path and error.validator in ("additionalProperties", "type", "required")
    header = len(error.absolute_path) == 1 and error.absolute_path[0] in HEADER  # spec:, id:, title: and the like
    if root is not None and (at_root or header or (error.absolute_path and error.absolute_path[0] not in HEADER)):
        from .schema_words import explain  # only to say what is wrong

        words = explain(error, root)  # a clause of a rule spec: the field, and what it expects
        if words is not None:
            return words
    if root is None and error.validator in ("anyOf", "oneOf") and isinstance(error.schema, dict):
        # a value that is none of a field's forms (a bid written 'Nil'): what the field may be, where the schema
        # says it, rather than the complaint of the one form the value came nearest to ("is not of type 'integer'")
        described = error.schema.get("description")
        if described:
            return f"{error.instance!r} is not {described[0].lower()}{described[1:].rstrip('.')}"
    if error.validator == "additionalProperties" or error.validator == "unevaluatedProperties":
        return error.message.replace("were unexpected", "are not allowed here").replace(
            "was unexpected", "is not allowed here"
        )
    if error.validator in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import best_match

        deepest = best_match(error.context)
        if deepest is not None:
            return str(deepest.message)
    return error.message


def _hand_by_hand(
    name: str, document: dict[str, Any], hands: list[Any], hand_ok: Callable[[Any], bool] | None
) -> tuple[ValidationError, list[Any]] | None:
    """The first error of a long log, found a hand at a time: the header with one hand, then each hand
    that ``hand_ok`` (a fast check) does not pass, alone. Validating a whole 2 MB log takes seconds."""
    from jsonschema.exceptions import best_match

    check = validator(name)
    for index, hand in enumerate(hands):
        if index > 0 and hand_ok is not None and hand_ok(hand):
            continue
        error = best_match(check.iter_errors({**document, "hands": [hand]}))
        if error is None:
            continue
        path = list(error.absolute_path)
        if path[:2] == ["hands", 0]:
            return error, ["hands", index, *path[2:]]
        if index == 0 and (not path or path[0] != "hands"):
            return error, path  # the header's own error
    return None


def check(
    name: str,
    document: Any,
    where: Location,
    text: str | None = None,
    node: Any = None,
    hand_ok: Callable[[Any], bool] | None = None,
) -> None:
    """Raise an InputError at the best-matching schema error, if any.

    ``text`` (a YAML source) or ``node`` (its parsed YAML node) turns the
    JSON path into a line; ``hand_ok``, a fast check of one hand of a log,
    lets a long log's error be found without validating every hand.
    """
    from jsonschema.exceptions import best_match

    hands = document.get("hands") if isinstance(document, dict) else None
    found = _hand_by_hand(name, document, hands, hand_ok) if isinstance(hands, list) and len(hands) > 4 else None
    if found is None:
        error = best_match(validator(name).iter_errors(document))
        if error is None:
            return
        found = error, list(error.absolute_path)
    error, path = found
    line = where.line
    if node is not None:
        line = node_line(node, path)
    elif text is not None:
        line = yaml_line(text, path) or line
    schema = validator(name).schema
    root = dict(schema) if name.startswith("rule-spec") and isinstance(schema, dict) else None
    raise InputError(
        f"does not match the {name.removesuffix('-partial')} schema: {_describe(error, root)}",
        Location(file=where.file, line=line, path=json_path(path), game=where.game),
    )
