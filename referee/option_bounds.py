"""An option's values against the bounds of the fields it stands for.

The schema gives a numeric field of a clause its smallest and largest values (a number of seats from 2 to 10, a
margin for a blind bid from 0); a spec that writes such a field as ``{option: name}`` must not let the table choose
a value the field could not hold, or ``--option`` would set what the spec itself may not write (0 seats, a margin
below 0). The option says its range in the spec data (``values``, or ``minimum`` and ``maximum``), and this checks
that range once, where the spec is checked against the schema (a club's spec at every load, a bundled one by
``referee validate`` and the tests): never a check at each game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, cast

from .document_paths import key_step
from .errors import InputError, Location
from .spec_options import option_ref


@cache
def _clause_fields() -> dict[tuple[str, str, str], tuple[float | None, float | None]]:
    """(section, clause, field): the field's smallest and largest number, for every numeric field with a bound.

    Read from the schema the spec was just checked against (its validator, built once), not the file again."""
    from .schemas import validator

    schema = cast("dict[str, Any]", validator("rule-spec").schema)  # (jsonschema types it as any schema, even true)
    found: dict[tuple[str, str, str], tuple[float | None, float | None]] = {}
    for section, body in schema["properties"].items():
        for clause, clause_schema in (body.get("properties") or {}).items() if isinstance(body, dict) else ():
            for field, field_schema in (clause_schema.get("properties") or {}).items():
                for branch in _branches(field_schema):
                    if branch.get("type") in ("integer", "number") and ("minimum" in branch or "maximum" in branch):
                        found[(section, clause, field)] = (branch.get("minimum"), branch.get("maximum"))
    return found


def _branches(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """A field's schema and each of its alternatives, however nested (the loader wraps a numeric field in an anyOf
    with ``{option: name}``)."""
    found = [schema]
    for branch in schema.get("anyOf", []):
        found += _branches(branch)
    return found


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _fault(option: dict[str, Any], ref: dict[str, Any], bound: float, end: str) -> str | None:
    """Why the option can give the field a number past its ``bound`` at ``end`` (minimum, maximum); None if not."""

    def beyond(number: float) -> bool:
        return number < bound if end == "minimum" else number > bound

    listed = ref["map"].values() if "map" in ref else option.get("values")
    if listed is not None:  # the numbers are those listed (or mapped)
        wrong = next((n for n in listed if _number(n) and beyond(n)), None)
        return None if wrong is None else f"can give it {wrong:g}"
    own = option.get(end)
    if own is None:
        return f"has no {end}"
    return f"has {end} {own:g}" if beyond(own) else None


def check(raw: dict[str, Any], path: Path) -> None:
    """Refuse a spec (its merged document) whose option can give a field a number the field cannot take."""
    options = raw.get("options") or {}
    for (section, clause, field), limits in _clause_fields().items():
        body = (raw.get(section) or {}).get(clause)
        ref = body.get(field) if isinstance(body, dict) else None
        name = option_ref(ref)
        if name is None or not isinstance(options.get(name), dict):
            continue
        for end, bound, words in (("minimum", limits[0], "at least"), ("maximum", limits[1], "at most")):
            fault = None if bound is None else _fault(options[name], ref, bound, end)  # type: ignore[arg-type]
            if fault is not None:
                raise InputError(
                    f"option {name!r} stands for {section}.{clause}.{field}, which takes {words} {bound:g}, but "
                    f"{fault}: give the option {end}: {bound:g} (or values that fit)",
                    Location(file=str(path), path="$.options" + key_step(name)),
                )
