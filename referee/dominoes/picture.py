"""Pictures of a domino game: each hand's line of play in SVG, the spinner and the open ends marked.

The hand's plays are laid again on a :class:`~referee.dominoes.layout.Layout`
(the replay's own), so the open ends shown are those the referee scored. The
main line runs left and right of the first tile; the spinner's arms, where
the rules have one, are drawn as rows of their own. A tile a violation points
at (by hand and turn) has a red outline, and the violation is listed below.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..errors import InputError
from ..report import Report, Violation
from ..spec import Spec
from .layout import ARM_NAMES, Arm, Layout
from .log import Action, DominoHand, DominoLog
from .tables import compile_spec
from .tiles import HIGH, IS_DOUBLE, LOW

HALF = 22  # the side of a tile's half, in pixels


def _tile(x: float, y: float, t: int, classes: str, title: str) -> tuple[str, float]:
    """A tile at (x, y), crosswise if a double; returns its SVG and its width (``t``: halves as drawn, packed)."""
    first_half, second_half = divmod(t, 16)
    across = first_half == second_half
    w, h = (HALF, 2 * HALF) if across else (2 * HALF, HALF)
    top = y - h / 2
    parts = [f'<g class="{classes}"><title>{escape(title)}</title>']
    parts.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{w}" height="{h}" rx="3"/>')
    if across:
        parts.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + w:.1f}" y2="{y:.1f}" stroke="#333"/>')
        spots = ((x + w / 2, top + HALF / 2 + 4, first_half), (x + w / 2, top + HALF * 1.5 + 4, second_half))
    else:
        parts.append(f'<line x1="{x + HALF:.1f}" y1="{top:.1f}" x2="{x + HALF:.1f}" y2="{top + h:.1f}" stroke="#333"/>')
        spots = ((x + HALF / 2, y + 4, first_half), (x + HALF * 1.5, y + 4, second_half))
    parts += [f'<text class="pip" x="{sx:.1f}" y="{sy:.1f}" text-anchor="middle">{n}</text>' for sx, sy, n in spots]
    parts.append("</g>")
    return "".join(parts), w


def _row(label: str, laid: list[tuple[int, str, str]], end: int) -> str:
    """One row of tiles (tile, classes, title) left to right, with the number showing at its open end."""
    x, parts = 90.0, [f'<text class="end" x="4" y="{HALF + 4}">{escape(label)}</text>']
    for t, classes, title in laid:
        svg, width = _tile(x, HALF + 2, t, classes, title)
        parts.append(svg)
        x += width + 3
    if end >= 0:
        parts.append(f'<text class="end" x="{x + 4:.1f}" y="{HALF + 6}">open end: {end}</text>')
    width, height = int(x + 90), 2 * HALF + 6
    return f'<svg class="line" viewBox="0 0 {width} {height}" width="{width}" height="{height}">{"".join(parts)}</svg>'


def _hand_html(names: tuple[str, ...], hand: DominoHand, spinner: bool, found: list[Violation]) -> str:
    layout = Layout(spinner)
    arms: dict[int, list[tuple[int, str, str]]] = {arm: [] for arm in Arm}
    first: tuple[int, str, str] | None = None
    moves = []
    for turn in hand.turns:
        here = [v for v in found if getattr(v.where, "turn", None) == turn.number]
        name = names[turn.seat] if 0 <= turn.seat < len(names) else f"seat {turn.seat + 1}"
        if turn.action is not Action.PLAY or turn.tile < 0:
            moves.append(f"{turn.number}. {name} {'draws' if turn.action is Action.DRAW else 'knocks'}")
            continue
        classes = "tile fault" if here else "tile"
        title = f"turn {turn.number}: {name} plays {HIGH[turn.tile]}-{LOW[turn.tile]}"
        if not layout.started:
            layout.start(turn.tile)
            first = (
                HIGH[turn.tile] * 16 + LOW[turn.tile],
                classes + (" spinner" if spinner and IS_DOUBLE[turn.tile] else ""),
                title,
            )
            moves.append(f"{turn.number}. {name} opens with {HIGH[turn.tile]}-{LOW[turn.tile]}")
            continue
        arm = turn.arm if turn.arm >= 0 else next(iter(layout.arms_for(turn.tile)), Arm.RIGHT)
        inner = layout.value[arm]
        layout.place(arm, turn.tile)
        outer = layout.value[arm]
        inner = inner if inner >= 0 else outer
        # the half that matched faces the line: on the left arm it is drawn on the tile's right
        halves = outer * 16 + inner if arm == Arm.LEFT else inner * 16 + outer
        arms[arm].append((halves, classes, title))
        moves.append(f"{turn.number}. {name} plays {HIGH[turn.tile]}-{LOW[turn.tile]} on the {ARM_NAMES[arm]}")
    if first is None:
        return '<p class="none">No tile played in this hand.</p>'
    main = [*reversed(arms[Arm.LEFT]), first, *arms[Arm.RIGHT]]
    rows = [_row("line of play", main, -1)]
    ends = ", ".join(f"{ARM_NAMES[arm]} {layout.value[arm]}" for arm in Arm if layout.value[arm] >= 0)
    for arm in (Arm.UP, Arm.DOWN):
        if arms[arm] or layout.value[arm] >= 0:
            rows.append(_row(f"{ARM_NAMES[arm]} (spinner)", arms[arm], layout.value[arm]))
    faults = "".join(
        f'<li class="{v.severity}"><strong>{escape(str(v.code))}</strong>: {escape(v.message)}</li>'
        for v in found
        if getattr(v.where, "turn", None) is not None
    )
    return (
        '<div class="dominoes">'
        + "".join(rows)
        + f"<p>Open ends at the end of the hand: {escape(ends) or 'none'} (spots showing: {layout.count()}).</p>"
        + f'<p class="moves">{escape("; ".join(moves))}.</p>'
        + (f'<ul class="faults">{faults}</ul>' if faults else "")
        + "</div>"
    )


def draw(spec: Spec, log: Any, report: Report) -> list[tuple[int, str]]:
    """Each hand of a domino game as HTML with its line of play in SVG: (hand number, HTML)."""
    if not isinstance(log, DominoLog):
        return []
    try:
        spinner = compile_spec(spec).spinner
    except InputError:
        spinner = False
    return [
        (
            hand.number,
            _hand_html(log.players, hand, spinner, [v for v in report.violations if v.where.hand == hand.number]),
        )
        for hand in log.hands
    ]
