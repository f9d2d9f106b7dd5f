"""What the property tests share: fast Hypothesis settings and a report's violations as sortable tuples."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from referee.report import Report

Expected = list[tuple[str, int | None, int | None, str | None]]  # (code, hand, trick, seat)

FAST = settings(
    max_examples=50,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def ordered(expected: Expected) -> Expected:
    """Findings in a fixed order, to compare as lists."""
    return sorted(expected, key=lambda e: (e[0], e[1] or 0, e[2] or 0, e[3] or ""))


def found(report: Report) -> Expected:
    """The report's violations as sorted (code, hand, trick, seat)."""
    return ordered([(str(v.code), v.where.hand, v.where.trick, v.where.seat) for v in report.violations])
