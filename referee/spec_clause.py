"""One rule of a spec beside the source text it implements: :class:`Clause`, the readings it does not take,
its severity where it states none, and how one is made from its YAML body."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .spec_merge import Origin


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


def quotes_of(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def rejected_of(body: dict[str, Any]) -> tuple[Rejected, ...]:
    return tuple(Rejected(item["reading"], item["why"]) for item in body.get("rejected") or ())


def clause_of(clause_id: str, body: dict[str, Any], data: dict[str, Any], origin: Origin | None) -> Clause:
    return Clause(
        id=clause_id,
        source=quotes_of(body.get("source")),
        interpretation=body.get("interpretation"),
        severity=body.get("severity", default_severity(body)),
        checkable=body.get("checkable", True),
        reason=body.get("reason"),
        data=data,
        severity_reason=body.get("severity_reason"),
        origin=origin,
        rejected=rejected_of(body),
    )


def default_severity(body: dict[str, Any]) -> str:
    """The severity of a clause that does not state one: ``error`` if it quotes its source, else ``warning``.

    One rule decides severity: a violation is an error when the record breaks what the quoted words say (or
    what follows from them by counting alone), a warning when it breaks only a reading the spec takes where
    the source is silent. A clause with no quote can only be the second kind.
    """
    return "error" if body.get("source") else "warning"
