"""Hands recorded after the hand that ended the game (either family): audited and shown on the sheet, not
counted, and reported once as ``game_continued``."""

from __future__ import annotations

from dataclasses import replace

from .report import Code, Finding, Report
from .words import count

AFTER_END = "played after the game ended; not counted"


def not_counted(report: Report, final: tuple[int, ...]) -> None:
    """The sheet's last line, a hand recorded after the game ended: audited and shown, with the totals the game
    ended on (either family). Where its record stops short, its line says so: it is no gap in the game's record,
    whose result is known, and does not make the game incomplete (the hand is reported as game_continued)."""
    line = report.hands[-1]
    note = AFTER_END if line.note is None else f"{line.note}; {AFTER_END}"
    if report.incomplete and report.incomplete[-1].where.hand == line.hand:  # (its gaps are the last said)
        gaps = [gap.message for gap in report.incomplete if gap.where.hand == line.hand]
        report.incomplete = [gap for gap in report.incomplete if gap.where.hand != line.hand]
        note = f"{'; '.join(gaps)}; {AFTER_END}"  # the gap in its place: the line's own note says no more
    # A hand that its record does not let be scored shows no points (not a 0 that reads as its score): None
    points = line.points if line.scored else (None,) * len(line.points)
    report.hands[-1] = replace(line, points=points, totals=final, scored=False, after_end=True, note=note)


def game_continued(report: Report, hands_after: int) -> Finding:
    """The one finding that hands were recorded after the game ended, citing the clause that ended it."""
    return Finding(
        Code.GAME_CONTINUED,
        report.ended_by or "game_end.target",
        f"the game was over after hand {report.ended_at_hand}, but {count(hands_after, 'more hand')} "
        + ("was played; it is" if hands_after == 1 else "were played; they are")
        + " audited but not counted",
    )
