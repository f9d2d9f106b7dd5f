"""Reports as text for people and JSON for machines."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from . import report_json
from .report import Report, Severity, Violation
from .settlement import settlement_lines
from .spec_clause import Clause
from .spec_options import option_text
from .words import count


def _place(v: Violation) -> str:
    parts = []
    if v.where.trick is not None:
        parts.append(f"trick {v.where.trick}")
    if v.where.turn is not None:
        parts.append(f"turn {v.where.turn}")
    if v.where.seat is not None:
        parts.append(v.where.seat)
    return ", ".join(parts)


_INDENT = "            "


def fill(text: str, width: int, **how: Any) -> str:
    """``textwrap.fill``, imported when a text report first wraps a line: a JSON run never does, and the import
    (its regular expressions compiled) is some 4M instructions of every run's start. A text that fits on its
    first line as it stands (printable, so no tab or line break to replace, and no white space at either end to drop)
    is that line: what textwrap gives it, without the import (the result line of a short game)."""
    first = how.get("initial_indent", "")
    if text and len(first) + len(text) <= width and text.isprintable() and text.strip() == text:
        return f"{first}{text}"
    import textwrap

    return textwrap.fill(text, width, **how)


def _wrapped(text: str) -> str:
    return fill(text, 96, initial_indent=_INDENT, subsequent_indent=_INDENT + "  ")


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    end = flat.find(". ")
    return flat if end < 0 else flat[: end + 1]


def _violation_lines(v: Violation, quoted: set[str]) -> list[str]:
    """A violation: code and place, message, the rule's source words, and the reading where the spec takes one;
    and the clause that sets the penalty charged for it, where another does. A clause ``quoted`` already in the
    report is named, not quoted again (a game with twenty reneges repeated one rule's words twenty times): the
    clause ids quoted are added to it. The JSON report has every field with every violation."""
    place = _place(v)
    head = f"    {v.severity.upper():7} {v.code}" + (f" ({place})" if place else "")
    lines = [head, fill(v.message, 96, initial_indent=_INDENT, subsequent_indent=_INDENT)]
    # A warning under a clause whose words are an error's breaks only what the spec reads into them, which need not
    # be its reading's first sentence (a locked board's tie scoring nobody is the last of three): its reading whole
    whole = v.severity is Severity.WARNING and v.clause.severity == Severity.ERROR
    lines += _clause_lines("rule", v.clause, quoted, whole)
    if v.reading is not None and v.reading.interpretation:
        lines.append(_wrapped(f"reading ({v.reading.id}): {_first_sentence(v.reading.interpretation)}"))
    if v.penalty is not None:
        lines += _clause_lines("penalty", v.penalty, quoted)
    return lines


def _clause_lines(label: str, clause: Clause, quoted: set[str], whole: bool = False) -> list[str]:
    """A clause's id with its source words and the first sentence of its reading (``whole``: all of it), or its id
    alone once quoted (and its reading whole, where asked for and not shown whole above)."""
    reading = clause.interpretation
    shown_whole = f"{clause.id} (whole reading)"  # the mark that a clause's reading was shown in full
    if clause.id in quoted:
        lines = [_wrapped(f"{label} {clause.id} (quoted above)")]
        if whole and clause.quote and reading and shown_whole not in quoted:
            quoted.add(shown_whole)
            lines.append(_wrapped(f"reading: {' '.join(reading.split())}"))
        return lines
    quoted.add(clause.id)
    if not clause.quote:
        return [
            _wrapped(f"{label} {clause.id} (the source is silent; reading taken): {' '.join((reading or '').split())}")
        ]
    lines = [_wrapped(f'{label} {clause.id}: "{clause.quote}"')]
    if reading and whole:
        quoted.add(shown_whole)
        lines.append(_wrapped(f"reading: {' '.join(reading.split())}"))
    elif reading:  # the first sentence says what the spec reads into the words; the JSON report has it all
        lines.append(_wrapped(f"reading: {_first_sentence(reading)}"))
    return lines


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def domino_sheet(report: Report) -> list[str]:
    """A domino score sheet: points, total and the spots left per side, and how each hand ended."""
    width = max(22, *(len(s) + 4 for s in report.sides))
    lines = ["    hand" + "".join(f"{s:>{width}}" for s in report.sides)]
    lines.append("        " + "".join(f"{'points  total  spots':>{width}}" for _ in report.sides))
    for h in report.hands:
        spots = h.spots or tuple(None for _ in report.sides)
        # a hand played after the game ended shows its points, as any sheet does
        shown = h.points if h.scored or h.after_end else tuple(None for _ in report.sides)
        cells = "".join(
            f"{_cell(shown[i]):>{width - 14}}  {h.totals[i]:>5}  {_cell(spots[i]):>5}" for i in range(len(report.sides))
        )
        lines.append(f"    {h.hand:>4}{cells}" + (f"  ({h.note})" if h.note else ""))
    return lines


def score_sheet(report: Report) -> list[str]:
    """The score sheet as a text table: bid, books, points and total per side (no bid where no one bids)."""
    if report.family == "dominoes":
        return domino_sheet(report)
    bids = report.bidding
    titles = "bid  books  points  total" if bids else "tricks points total"
    width = max(len(titles) + 5, *(len(s) + 4 for s in report.sides))
    # as wide as the longest dealer's name, so that a long one does not push its row's figures out of their columns
    named = max((len(h.dealer or "?") for h in report.hands), default=0)
    dealers = max(8, named)
    head = f"    hand  {'dealer':<{dealers}}  " + "".join(f"{s:>{width}}" for s in report.sides)
    sub = " " * (12 + dealers) + "".join(f"{titles:>{width}}" for _ in report.sides)
    lines = [head, sub]
    for h in report.hands:
        cells = "".join(
            (
                f"{_cell(h.bids[i]):>{width - 22}}  {_cell(h.books[i]):>5}"
                if bids
                else f"{_cell(h.books[i]):>{width - 14}}"
            )
            + f"  {_cell(h.points[i] if h.scored or h.after_end else None):>6}  {h.totals[i]:>5}"
            for i in range(len(report.sides))
        )
        note = f"  ({h.note})" if h.note else ("  (not scored)" if not h.scored else "")
        lines.append(f"    {h.hand:>4}  {(h.dealer or '?'):<{dealers}}  {cells}{note}")
    return lines


def text(report: Report) -> str:
    """A report for people: violations grouped by hand, the score sheet, the result."""
    title = report.file or "game"
    if report.game is not None:
        title += f", game {report.game}"
    if report.game_id:
        title += f" ({report.game_id})"
    lines = [title, f"  rules: {report.spec_title} ({report.spec_id})"]
    if report.options:
        lines.append("  options: " + ", ".join(f"{k}={option_text(v)}" for k, v in report.options.items()))
    # a game without partners has players, not sides ("sides: North v East v South v West" in Hearts)
    lines.append(f"  {'players' if alone(report) else 'sides'}: " + " v ".join(report.sides))
    by_hand: dict[int | None, list[Violation]] = defaultdict(list)
    for v in report.violations:
        by_hand[v.where.hand].append(v)
    quoted: set[str] = set()  # the clauses quoted so far: each is quoted once in a game's report
    for hand in sorted(by_hand, key=lambda h: -1 if h is None else h):
        lines.append("")
        lines.append("  Game" if hand is None else f"  Hand {hand}")
        for v in by_hand[hand]:
            lines.extend(_violation_lines(v, quoted))
    for gap in report.incomplete:
        lines.append("")
        place = ", ".join(
            p
            for p in (
                f"hand {gap.where.hand}" if gap.where.hand else "",
                f"trick {gap.where.trick}" if gap.where.trick else "",
                f"turn {gap.where.turn}" if gap.where.turn else "",
            )
            if p
        )
        lines.append(f"  INCOMPLETE ({place}): {gap.message}")
    lines.append("")
    lines.append("  Score sheet")
    lines.extend(score_sheet(report))
    lines.append("")
    lines.extend(_result_lines(report))
    lines.extend(settlement_lines(report.settlement, report.sides))
    lines.append(f"  {verdict(report)}.")
    return "\n".join(lines)


# A report's status in words (the JSON report gives the code).
STATUS_WORDS = {
    "clean": "clean",
    "warnings": "clean but for warnings",
    "violations": "violations found",
    "incomplete": "the record is incomplete",
}


def verdict(report: Report) -> str:
    """The count of errors and warnings and what they come to: "3 errors, 1 warning: violations found"."""
    found = f"{count(len(report.errors), 'error')}, {count(len(report.warnings), 'warning')}"
    return f"{found}: {STATUS_WORDS[report.status]}"


def result(report: Report) -> str:
    """The result line's sentence, unwrapped (the HTML report's)."""
    return " ".join(line.strip() for line in _result_lines(report))


def alone(report: Report) -> bool:
    """Whether every side of the game is one player (Hearts, Solo Spades, All Fives): its words say "player"."""
    return len(report.sides) == len(report.players)


def _result_lines(report: Report) -> list[str]:
    """The result, the hand that ended the game and any hands after it, or how a tie is played off."""
    totals = ", ".join(f"{s} {t}" for s, t in zip(report.sides, report.totals, strict=True))
    ended = report.ended_at_hand if report.ended_at_hand is not None else len(report.hands)
    hands = f"after {ended} hand{'' if ended == 1 else 's'}"
    if report.unscored is not None:  # a hand before the end not scored: no result hangs on the totals
        result = (
            f"Result: not established: hand {report.unscored} could not be scored, and the totals leave it out "
            f"({totals} {hands})."
        )
        if report.written_totals is not None:
            written = ", ".join(f"{s} {t}" for s, t in zip(report.sides, report.written_totals, strict=True))
            result += f" The table's own totals, as written and not audited: {written}."
    elif report.finished and report.winner:
        one = alone(report) or (report.family == "dominoes" and " & " not in report.winner)
        verb = "wins" if one else "win"  # a player for themself, or a side
        result = f"Result: {report.winner} {verb} ({totals}) {hands}."
    elif report.finished and report.ended_by == "game_end.floor":  # every side out at once, level: none won
        result = (
            f"Result: no winner, every {'player' if alone(report) else 'side'} having lost at once ({totals}) {hands}."
        )
    elif report.finished:
        result = f"Result: a tie ({totals}) {hands}."
    elif report.tie is not None:
        result = (
            f"Result: the game is not finished ({totals}): the {'players' if alone(report) else 'sides'} are tied at "
            f"{report.tied_at}, and the tie is "
            f"played off by the reading taken ({report.tie.id}): {_first_sentence(report.tie.interpretation or '')}"
        )
    else:
        result = f"Result: the game is not finished ({totals})."
    after = [h.hand for h in report.hands if h.after_end]
    if after:
        played = f"hand {after[0]} was" if len(after) == 1 else f"hands {after[0]} to {after[-1]} were"
        result += f" The game ended at hand {ended}; {played} played after it and not counted."
    return fill(result, 100, initial_indent="  ", subsequent_indent="    ").splitlines()


def as_json(report: Report) -> str:
    """A report as one line of JSON (``schema/report.schema.json``): the encoder's text of ``Report.as_dict``,
    written from pieces made once (:mod:`referee.report_json`)."""
    return report_json.as_json(report)
