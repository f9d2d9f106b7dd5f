"""The settlement against the average (a Hearts game whose table breaks up): its figures, exactly and to four
places, and its line in the text report. Made where a spec settles (:func:`referee.tricks.points.settlement`):
the average of the totals and each side's difference from it, as Fractions."""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction


def number(value: Fraction) -> int | float:
    """A whole number as an int; a fraction (an average of totals) to four places. (What ``int`` and
    ``float`` of a Fraction give, without their Python calls: its numerator, or their true quotient.)"""
    return value.numerator if value.denominator == 1 else round(value.numerator / value.denominator, 4)


def exact_settlement(settlement: tuple[Fraction, tuple[Fraction, ...]], sides: tuple[str, ...]) -> dict[str, Any]:
    """A settlement's figures exactly, as whole numbers of one unit (1 / ``denominator``, the least that writes
    them all): ``number``'s four places need not balance (three players' 34/3, 34/3 and -68/3 are 11.3333, 11.3333
    and -22.6667, 0.0001 more paid than collected), these do, in any JSON reader's integers."""
    average, differences = settlement
    unit = average.denominator
    for d in differences:
        unit = unit * d.denominator // gcd(unit, d.denominator)
    return {
        "denominator": unit,
        "average": average.numerator * (unit // average.denominator),
        "differences": {
            side: d.numerator * (unit // d.denominator) for side, d in zip(sides, differences, strict=True)
        },
    }


def settlement_lines(settlement: tuple[Fraction, tuple[Fraction, ...]] | None, sides: tuple[str, ...]) -> list[str]:
    """The text report's settlement line (none where the game is not settled against the average)."""
    if settlement is None:
        return []
    average, differences = settlement
    parts = ", ".join(f"{side} {amount(d, '+')}" for side, d in zip(sides, differences, strict=True))
    return [f"  Settlement against the average ({amount(average)}): {parts} (plus pays, minus collects)."]


def amount(value: Fraction, sign: str = "") -> str:
    """A settlement's figure exactly, so that what is paid and collected balances: a whole number as it is, a
    finite decimal in full (6.5), any other as a whole number and a fraction (34 2/3, -22 2/3): figures rounded to
    two places (34.67, +11.33, +11.33, -22.67) did not add up."""
    if value.denominator == 1:  # (0 is written 0: a player exactly at the average neither pays nor collects)
        return f"{int(value):{sign}d}" if value else "0"
    odd = value.denominator
    while odd % 2 == 0:
        odd //= 2
    while odd % 5 == 0:
        odd //= 5
    if odd == 1:  # (a float's shortest form of a finite decimal this small is exact: 6.5, 2.2, 11.25)
        return f"{float(value):{sign}}"
    lead = "-" if value < 0 else sign
    whole, part = divmod(abs(value.numerator), value.denominator)
    return f"{lead}{whole} {part}/{value.denominator}" if whole else f"{lead}{part}/{value.denominator}"
