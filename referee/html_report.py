"""Reports as HTML with pictures of play: ``referee check --format html`` and the docs' example pages.

One section per game: the verdict, the score sheet, then hand by hand the
violations and the picture of the play that the game's family draws (tricks
by seat for trick-taking games; the line of play for dominoes). Plain HTML
and SVG with the style inline: no script, no file beside it.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from html import escape
from typing import Any

from .render import alone, result, verdict
from .report import Report, Violation
from .spec import Spec
from .words import count

# A family's picture of a game: (hand number, HTML) for each hand of the log.
Drawer = Callable[[Spec, Any, Report], list[tuple[int, str]]]

STYLE = """
.referee-report { font-family: system-ui, sans-serif; color: #1b1b1b; }
.referee-report h2 { margin: 1.2em 0 0.3em; }
.referee-report .verdict { font-weight: 600; }
.referee-report .verdict.violations, .referee-report .verdict.incomplete { color: #b3261e; }
.referee-report .verdict.clean { color: #1e6b2f; }
.referee-report table.sheet { border-collapse: collapse; font-size: 0.9em; }
.referee-report table.sheet th, .referee-report table.sheet td {
  border: 1px solid #ccc; padding: 2px 6px; text-align: right;
}
.referee-report ul.faults { margin: 0.2em 0; padding-left: 1.2em; font-size: 0.85em; max-width: 60em; }
.referee-report figure ul.faults { text-align: left; }
.referee-report li.error { color: #b3261e; }
.referee-report li.warning { color: #8a6d00; }
.referee-report .rule { color: #555; font-family: monospace; }
.referee-report .tricks { display: flex; flex-wrap: wrap; gap: 10px; }
.referee-report figure.trick { margin: 0; width: min-content; }  /* as wide as its picture: wider at six seats */
/* a picture keeps its size where a page's style fits an SVG to its box (the docs' theme): with the figure as wide
   as its content, such a picture shrank to nothing */
.referee-report figure.trick svg { max-width: none; }
.referee-report figcaption { font-size: 0.85em; color: #555; }
.referee-report svg .table { fill: #e7f0e7; stroke: #9bb59b; }
.referee-report svg .seat { font-size: 11px; fill: #333; }
.referee-report svg .card rect { fill: #fff; stroke: #555; stroke-width: 1; }
.referee-report svg .card text { font-size: 15px; font-weight: 600; }
.referee-report svg .card.won rect { stroke: #1e6b2f; stroke-width: 3; }
.referee-report svg .card.fault rect { stroke: #b3261e; stroke-width: 3; stroke-dasharray: 5 3; }
.referee-report svg .mark { font-size: 10px; fill: #333; }
.referee-report svg .mark.won { fill: #1e6b2f; font-weight: 600; }
.referee-report svg .tile rect { fill: #fff; stroke: #333; }
.referee-report svg .tile.fault rect { stroke: #b3261e; stroke-width: 3; stroke-dasharray: 5 3; }
.referee-report svg .pip { fill: #1b1b1b; }
.referee-report svg .end { font-size: 10px; fill: #1e4f8a; font-weight: 600; }
"""


def _violation(v: Violation) -> str:
    place = ", ".join(p for p in (f"trick {v.where.trick}" if v.where.trick else "", v.where.seat or "") if p)
    quote = f"<br><q>{escape(v.clause.quote)}</q>" if v.clause.quote else ""
    # the clause that set what it cost, where another does (a renege's penalties.renege), as the text report has it
    if v.penalty is not None:
        quote += f'<br><span class="rule">penalty {escape(v.penalty.id)}</span>'
        quote += f" <q>{escape(v.penalty.quote)}</q>" if v.penalty.quote else ""
    return (
        f'<li class="{v.severity}"><strong>{escape(str(v.code))}</strong>'
        + (f" ({escape(place)})" if place else "")
        + f': {escape(v.message)} <span class="rule">rule {escape(v.clause.id)}</span>{quote}</li>'
    )


def _td(value: int | None) -> str:
    return f"<td>{'' if value is None else value}</td>"


def _sheet(report: Report) -> str:
    """The score sheet with the text report's columns: bid and books (tricks where no one bids), points, total, and
    the spots left in a domino game (the books and the spots were the text's alone)."""
    bids = any(bid is not None for h in report.hands for bid in h.bids)  # a game with no bids (dominoes) shows none
    books = any(taken is not None for h in report.hands for taken in h.books)
    spots = any(h.spots for h in report.hands)
    titles = [*(["bid"] if bids else []), *(["books" if report.bidding else "tricks"] if books else [])]
    titles += ["points", "total", *(["spots"] if spots else [])]
    head = "".join(f'<th colspan="{len(titles)}">{escape(side)}</th>' for side in report.sides)
    sub = "".join(f"<th>{title}</th>" for _ in report.sides for title in titles)
    rows = []
    for h in report.hands:
        cells = "".join(
            (_td(h.bids[i]) if bids else "")
            + (_td(h.books[i]) if books else "")
            + _td(h.points[i] if h.scored or h.after_end else None)  # a hand not scored shows no 0
            + f"<td>{h.totals[i]}</td>"
            + (_td(h.spots[i] if h.spots else None) if spots else "")
            for i in range(len(report.sides))
        )
        note = f" ({escape(h.note)})" if h.note else ""
        rows.append(f'<tr><th><a href="#{anchor(report)}-hand-{h.hand}">{h.hand}</a>{note}</th>{cells}</tr>')
    return (
        f'<table class="sheet"><thead><tr><th rowspan="2">hand</th>{head}</tr><tr>{sub}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def anchor(report: Report) -> str:
    """The game's anchor, one in a page of several files' games: its file's name (digits of its checksum: no
    text of the user's in an id) and its number in the file. (As g1, g2: each file's first game was g1, and the
    score sheet's links of any but the first file's led to the first's hands.)"""
    file = f"{zlib.crc32((report.file or '').encode('utf-8', 'surrogatepass')):08x}-" if report.file else ""
    return f"g{file}{report.game or 1}"


def game_html(report: Report, pictures: list[tuple[int, str]]) -> str:
    """One game: title, verdict, score sheet, then each hand with its violations and its picture."""
    key = anchor(report)
    title = escape(report.file or "game") + (f", game {report.game}" if report.game is not None else "")
    out = [f'<section class="game" id="{key}"><h2>{title}</h2>']
    out.append(f"<p>Rules: {escape(report.spec_title)} (<code>{escape(report.spec_id)}</code>). ")
    who = "Players" if alone(report) else "Sides"  # a game without partners has no sides
    out.append(f"{who}: {escape(' v '.join(report.sides))}.</p>")
    # the verdict in the text report's words ("violations found", not the status code "violations"), and the result
    out.append(f'<p class="verdict {report.status}">{escape(verdict(report))}.</p>')
    out.append(f'<p class="result">{escape(result(report))}</p>')
    if report.hands:
        out.append(_sheet(report))
    general = [v for v in report.violations if v.where.hand is None]
    if general:
        out.append(f'<ul class="faults">{"".join(_violation(v) for v in general)}</ul>')
    for number, picture in pictures:
        found = [v for v in report.violations if v.where.hand == number and v.where.trick is None]
        out.append(f'<h3 id="{key}-hand-{number}">Hand {number}</h3>')
        if found:
            out.append(f'<ul class="faults">{"".join(_violation(v) for v in found)}</ul>')
        out.append(picture)
    for gap in report.incomplete:
        out.append(f'<p class="verdict incomplete">Incomplete: {escape(gap.message)}</p>')
    out.append("</section>")
    return "".join(out)


def unreadable_html(messages: list[str]) -> str:
    """The games that could not be read or audited, each by its located message as the text report gives it."""
    items = "".join(f"<li><code>{escape(message)}</code></li>" for message in messages)
    return (
        '<section class="unreadable" id="unreadable"><h2>Games that could not be read</h2>'
        f'<p class="verdict incomplete">{count(len(messages), "game or file", "games or files")} not audited:</p>'
        f'<ul class="faults">{items}</ul></section>'
    )


def fragment(sections: list[str]) -> str:
    """The sections with their style, to stand inside another page (the docs)."""
    return f'<style>{STYLE}</style>\n<div class="referee-report">\n' + "\n".join(sections) + "\n</div>\n"


def page(sections: list[str], unread: list[str] | None = None, title: str = "referee report") -> str:
    """A whole HTML document: the games, then those that could not be read (if any)."""
    if unread:
        sections = [*sections, unreadable_html(unread)]
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n</head>\n<body>\n'
        + fragment(sections)
        + "</body>\n</html>\n"
    )
