"""Pictures of a trick-taking game: each trick's cards laid out by seat, in SVG.

The leader's card carries a "led" mark, the winning card a green frame and
"won" (the winner as the spec's own trick rule decides it), and a card a
violation points at (by hand, trick and seat) a red outline with the
violation's code beside the trick. Plain SVG: nothing to run to read it.
"""

from __future__ import annotations

import functools
import math
from html import escape

from ..errors import InputError
from ..html_report import anchor
from ..report import Report, Violation
from ..spec import Spec
from .cards import COPY, SUIT_SYMBOLS, card_symbol
from .log import GameLog, Hand
from .play import winning_index
from .tables import Tables, tables_for

CARD_W, CARD_H = 38, 52
RADIUS = 47  # the cards' circle at a table of four or fewer: the picture 210 pixels square
MARGIN = 58  # from the circle to the picture's edge: half a card, its "won" or "led" mark, the seat's name
RED_SUITS = (SUIT_SYMBOLS[1], SUIT_SYMBOLS[2])


@functools.cache
def _radius(seats: int) -> int:
    """The cards' circle for a table of ``seats``: at five or more, two seats beside each other at a side stand
    closer than a card is tall (six seats on the circle of four: each card at the left or right hid a third of the
    one below it, and a winner's "won"), so the circle grows until no two cards, with their marks, meet."""
    radius = RADIUS
    while True:
        places = [_place(seat, seats, radius) for seat in range(seats)]
        if all(
            abs(ax - bx) >= CARD_W + 4 or abs(ay - by) >= CARD_H + 14
            for i, (ax, ay) in enumerate(places)
            for bx, by in places[i + 1 :]
        ):
            return radius
        radius += 1


def _place(seat: int, seats: int, radius: float) -> tuple[float, float]:
    """A seat's point on a circle about the origin: seat 0 at the bottom, then clockwise (left, top, right)."""
    angle = math.pi / 2 + 2 * math.pi * seat / seats
    return radius * math.cos(angle), radius * math.sin(angle)


def _tables(spec: Spec, seats: int) -> Tables | None:
    try:
        return tables_for(spec, seats)
    except InputError:  # a spec the referee cannot enforce (Unsupported is one): no winners marked
        return None


def _seat_xy(seat: int, seats: int, radius: float, size: int) -> tuple[float, float]:
    """A seat's point in a picture ``size`` square, round the table in the log's seat order."""
    x, y = _place(seat, seats, radius)
    return size / 2 + x, size / 2 + y


def _card(x: float, y: float, card: int, classes: str, title: str) -> str:
    label = card_symbol(card)
    red = (card % COPY) < 52 and label[-1] in RED_SUITS
    fill = "#b3261e" if red else "#1b1b1b"
    return (
        f'<g class="{classes}"><title>{escape(title)}</title>'
        f'<rect x="{x - CARD_W / 2:.1f}" y="{y - CARD_H / 2:.1f}" width="{CARD_W}" height="{CARD_H}" rx="4"/>'
        f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" fill="{fill}">{escape(label)}</text></g>'
    )


def trick_svg(names: tuple[str, ...], plays: list[tuple[int, int]], winner: int | None, faults: set[int]) -> str:
    """One trick: (seat, card) in the order played; ``winner`` and ``faults`` index into ``plays``."""
    seats = len(names)
    radius = _radius(seats)
    size = 2 * (radius + MARGIN)
    parts = [f'<svg class="trick" viewBox="0 0 {size} {size}" width="{size}" height="{size}" role="img">']
    parts.append(f'<rect class="table" x="1" y="1" width="{size - 2}" height="{size - 2}" rx="10"/>')
    for seat, name in enumerate(names):
        # on the picture's edge, 12 pixels in, in the seat's direction: on the circle a name between two sides (at
        # seven seats) stood inside the square, over the "led" above its card
        x, y = _place(seat, seats, 1)
        reach = (size / 2 - 12) / max(abs(x), abs(y))
        x, y = size / 2 + x * reach, size / 2 + y * reach
        # a seat at the left or right edge writes its name along the edge: across it, "Robert" was cut to "Rober"
        turn = -90 if x < size / 4 else 90 if x > size * 3 / 4 else 0
        at = f' transform="rotate({turn} {x:.1f} {y:.1f})"' if turn else ""
        parts.append(f'<text class="seat" x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle"{at}>{escape(name)}</text>')
    seen: dict[int, int] = {}
    for i, (seat, card) in enumerate(plays):
        x, y = _seat_xy(seat, seats, radius, size)
        again = seen.get(seat, 0)  # a second card from one seat (a record error) is drawn beside the first
        seen[seat] = again + 1
        x += again * 14
        classes = ["card"]
        notes = []
        if i == 0:
            classes.append("led")
            notes.append("led")
        if i == winner:
            classes.append("won")
            notes.append("won the trick")
        if i in faults:
            classes.append("fault")
            notes.append("at fault")
        title = f"{names[seat]}: {card_symbol(card)}" + (f" ({', '.join(notes)})" if notes else "")
        parts.append(_card(x, y, card, " ".join(classes), title))
        if i == 0:
            parts.append(f'<text class="mark" x="{x:.1f}" y="{y - CARD_H / 2 - 3:.1f}" text-anchor="middle">led</text>')
        if i == winner:
            parts.append(
                f'<text class="mark won" x="{x:.1f}" y="{y + CARD_H / 2 + 11:.1f}" text-anchor="middle">won</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _fault_line(v: Violation) -> str:
    return (
        f'<li class="{v.severity}"><strong>{escape(str(v.code))}</strong> ({escape(v.severity.upper())}): '
        f'{escape(v.message)} <span class="rule">rule {escape(v.clause.id)}</span>'
        # the clause that set what it cost, where another does (a renege's penalties.renege), named as the rule is
        + (f' <span class="rule">penalty {escape(v.penalty.id)}</span>' if v.penalty is not None else "")
        + "</li>"
    )


def _hand_html(names: tuple[str, ...], hand: Hand, t: Tables | None, found: list[Violation], key: str) -> str:
    if not hand.tricks:
        return '<p class="none">No tricks recorded for this hand.</p>'
    out = ['<div class="tricks">']
    for number, trick in enumerate(hand.tricks, 1):
        plays = list(zip(*trick, strict=True))
        winner = None
        if t is not None and plays and len(plays) == len(names):
            try:
                winner = winning_index(t, [card for _, card in plays])
            except (IndexError, KeyError):
                winner = None
        here = [v for v in found if v.where.trick == number]
        faults = {i for i, (seat, _) in enumerate(plays) for v in here if v.where.seat == names[seat]}
        notes = "".join(_fault_line(v) for v in here)
        out.append(
            f'<figure class="trick" id="{key}-hand-{hand.number}-trick-{number}">'
            f"<figcaption>Trick {number}</figcaption>{trick_svg(names, plays, winner, faults)}"
            + (f'<ul class="faults">{notes}</ul>' if notes else "")
            + "</figure>"
        )
    out.append("</div>")
    return "".join(out)


def draw(spec: Spec, log: GameLog, report: Report) -> list[tuple[int, str]]:
    """Each hand of a game as HTML with one SVG per trick: (hand number, HTML)."""
    t = _tables(spec, len(log.players))
    key = anchor(report)  # the game's, so that a page of several games holds each trick's id once
    return [
        (
            hand.number,
            _hand_html(log.players, hand, t, [v for v in report.violations if v.where.hand == hand.number], key),
        )
        for hand in log.hands
    ]
