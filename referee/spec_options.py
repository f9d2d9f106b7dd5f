"""A spec's options, what the source leaves to the table: :class:`Option`, a value checked against one, and the
clause fields that name one, filled with the value chosen."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .document_paths import key_step
from .errors import InputError, Location, as_yaml
from .spec_clause import Clause, clause_of
from .spec_merge import Chain

OPTION_TYPES = {"boolean": "true or false", "integer": "a whole number", "number": "a number", "string": "text"}


def type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def option_text(value: Any) -> str:
    """An option's value as a log or ``--option`` writes it: ``true``, not Python's ``True``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_shown = as_yaml  # a value refused, as YAML writes it


def _fits(value: Any, kind: str) -> bool:
    if kind == "string":  # text only: type_of calls anything else text, and a list set so went on to be hashed
        return isinstance(value, str)
    actual = type_of(value)
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
    minimum: int | None = None  # the smallest value a whole number may take (a target of points: 1)
    maximum: int | None = None  # the largest (a number of players: what the field it stands for takes)
    # The other options' values without which this one stays at its default (a no trump set's penalty means
    # something only where no trump is bid: ((no_trump, True),))
    needs: tuple[tuple[str, Any], ...] = ()

    def describe(self) -> str:
        """``target (a whole number, default 500: 500 or 300)``."""
        return f"{self.name} ({self._kind()}, default {option_text(self.default)}{self._allowed()})"

    def _kind(self) -> str:
        """``a whole number``, or ``a whole number from 1`` (``from 2 to 10``, ``up to 10``) where the option names
        its smallest (or largest) value."""
        low = "" if self.minimum is None else f" from {self.minimum}"
        high = "" if self.maximum is None else f" {'to' if low else 'up to'} {self.maximum}"
        return OPTION_TYPES[self.type] + low + high

    def _allowed(self) -> str:
        """``: 500 or 300``, the values allowed where they are listed ("true or false" names a boolean's)."""
        if self.values is None or self.type == "boolean":
            return ""
        return f": {' or '.join(map(option_text, self.values))}"

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be this option's value (None if it can)."""
        if not _fits(value, self.type):
            return f"option {self.name!r} takes {self._kind()}{self._allowed()}, not {_shown(value)}"
        if self.values is not None and value not in self.values:
            choices = ", ".join(map(option_text, self.values))
            return f"option {self.name!r} cannot be {_shown(value)} (choose from {choices})"
        if isinstance(value, bool):
            return None
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            return f"option {self.name!r} takes {self._kind()}, not {_shown(value)}"
        return None


def needs_words(option: Option) -> str:
    """``no_trump is true``: where the option may leave its default, as a rule says it."""
    return " and ".join(f"{other} is {option_text(value)}" for other, value in option.needs)


def unmet_need(
    options: dict[str, Option], values: dict[str, Any], known: frozenset[str] | None = None
) -> tuple[str, str] | None:
    """The first option set away from its default where an option it needs has another value: (its name, why), or
    None. ``known``: the options whose values are settled (the others may yet be set: a log's header after
    ``--option``); None, all of them."""
    for name, option in options.items():
        value = values.get(name, option.default)
        if not option.needs or value == option.default:
            continue
        for other, wanted in option.needs:
            now = values.get(other, options[other].default)
            if now != wanted and (known is None or other in known):
                return name, (
                    f"option {name!r} may be {option_text(value)} only where {needs_words(option)} (here {other} "
                    f"is {option_text(now)}): set {other}={option_text(wanted)} too, or leave {name} at its default, "
                    f"{option_text(option.default)}"
                )
    return None


def option_ref(value: Any) -> str | None:
    """The option a clause field stands for (``{option: name}``, or ``{option: name, map: {...}}``), if any."""
    if isinstance(value, dict) and set(value) in ({"option"}, {"option", "map"}):
        return str(value["option"])
    return None


def fill_option(value: Any, chosen: dict[str, Any], where: str, path: Path) -> Any:
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
            known = ", ".join(map(str, value["map"]))  # a key YAML read as a number too
            raise InputError(
                f"maps no value for option {name!r} = {key!r} (it maps {known})",
                Location(file=str(path), path=f"{where}.map"),
            )
        return value["map"][key]
    return value


def options_of(chain: Chain, path: Path) -> dict[str, Option]:
    options: dict[str, Option] = {}
    for name, body in (chain.raw.get("options") or {}).items():
        values = tuple(body["values"]) if "values" in body else None
        kind = body.get("type") or type_of(body["default"])
        origin = chain.origins.get(f"options.{name}")
        clause = clause_of(f"options.{name}", body, {}, origin)
        needs = tuple((body.get("needs") or {}).items())
        option = Option(
            name,
            body["default"],
            body["description"],
            values,
            clause,
            kind,
            body.get("minimum"),
            body.get("maximum"),
            needs,
        )
        where = origin.layers[-1].path if origin is not None else path
        bound = next((key for key in ("minimum", "maximum") if key in body), None)
        if bound is not None and kind not in ("integer", "number"):  # a text compared with a number: a traceback
            raise InputError(
                f"option {name!r} takes {OPTION_TYPES[kind]}: a {bound} is for an option of whole numbers",
                Location(file=str(where), path=f"$.options{key_step(name)}.{bound}"),
            )
        problem = option.problem(option.default)
        if problem is not None:
            raise InputError(
                f"the default does not fit: {problem}",
                Location(file=str(where), path=f"$.options{key_step(name)}.default"),
            )
        options[name] = option
    for name, option in options.items():  # once all are known: an option needs another by its name
        for other, wanted in option.needs:
            fault = (
                f"names option {other!r}, which the spec does not define"
                if other not in options
                else "names the option itself"
                if other == name
                else options[other].problem(wanted)
            )
            if fault is not None:
                origin = chain.origins.get(f"options.{name}")
                raise InputError(
                    f"option {name!r} needs {_shown(other)} = {_shown(wanted)}, but {fault}",
                    Location(
                        file=str(origin.layers[-1].path if origin is not None else path),
                        path=f"$.options{key_step(name)}.needs{key_step(other)}",
                    ),
                )
    return options


def option_problem(spec_id: str, options: dict[str, Option], name: str, value: Any) -> str | None:
    """Why ``name=value`` cannot be set on this spec, naming the options it has (None if it can)."""
    if name not in options:
        shown = _shown(name)  # a log's header may name one null or 1: said as YAML writes it, not Python's None
        if not options:
            return (
                f"unknown option {shown}: {spec_id} has no options; to change one of its rules, write a spec "
                f"that extends it (referee new --extends {spec_id} my-club.yaml)"
            )
        known = "; ".join(option.describe() for option in options.values())
        return f"unknown option {shown} for {spec_id} (its options: {known})"
    return options[name].problem(value)
