"""A report as one line of JSON: the text ``json.dumps(report.as_dict(), ensure_ascii=False)`` gives, written
from pieces made once instead of through the dicts the encoder would be given every game.

What does not change from game to game is put in words once and kept: the report's head for a spec, its
options and its players; each violation's rule, source quote and reading; a score sheet line's template for a
set of sides and the way the line ends (scored, dealer, note), with a ``%s`` for each figure (a trick game's bids
and bags that are one tuple in every line, a Hearts game's, written in); the texts a run
repeats (its file, the winners, a settlement's figures). A game's score sheet figures are encoded all at once
by orjson, as rows of ints, and put in the lines' templates; the encoding is taken only where what is left of
it without digits, signs, nulls and bools is exactly the frame of rows it must be, so that every figure is an
int, a null or a bool, which orjson writes as the standard encoder does (anything else, or a row of another
length, leaves more, and the sheet goes to the standard encoder). Tests hold reports to the encoder's text,
made-up ones included (``tests/test_render.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from itertools import chain, repeat
from math import isfinite
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, Any

import orjson

from .report import HandScore, Report, Violation, exact_settlement, number

if TYPE_CHECKING:
    from fractions import Fraction

_TRICK_ROW = attrgetter("hand", "bids", "books", "points", "totals", "bags")
_DOMINO_ROW = attrgetter("hand", "points", "totals", "spots")
_SPOTS = attrgetter("spots")
_ENDS = attrgetter("scored", "dealer", "note", "after_end")
_DEALER = attrgetter("dealer")
_STATE = attrgetter("__dict__")
_PLAIN = {7}  # the fields a HandScore holds in its own dict where its last four are at their defaults
_TRICK_FIELDS = ("bid", "books", "points", "total", "bags")  # as HandScore.as_dict lays a side out
_DOMINO_FIELDS = ("points", "total", "spots")
_DIGITS = b"0123456789-"
_FRAME = bytes.maketrans(b"[],", b"   ")
_KEPT = 512  # line ends (dealer, note) or heads kept per cache before it starts afresh: an archive has few


def dumps(value: object) -> str:
    """The encoder's text of any value (what every fast path here must equal)."""
    return json.dumps(value, ensure_ascii=False)


def string(text: str) -> str:
    """A string as JSON: as it is, quoted, where the encoder escapes nothing in it (it escapes only quotes,
    backslashes and control characters, none of which is printable); else the encoder's text."""
    if type(text) is str and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return dumps(text)


def value(item: object) -> str:
    """A scalar as JSON: ints, nulls, bools, strings and finite floats written directly (a float's repr is the
    encoder's text where it is finite), anything else by the encoder."""
    kind = type(item)
    if kind is int:
        return str(item)
    if item is None:
        return "null"
    if kind is bool:
        return "true" if item else "false"
    if kind is str:
        return string(item)  # type: ignore[arg-type]
    if kind is float and isfinite(item):  # type: ignore[arg-type]
        return repr(item)
    return dumps(item)


def as_json(report: Report, status: str | None = None, end: str = "") -> str:
    """A report as one line of JSON (``schema/report.schema.json``); ``status``: the report's, where the caller has
    it already (a property worked out again otherwise), and ``end`` put after it (a line feed: no copy of the line
    made to add one)."""
    if status is None:
        status = report.status
    violations = report.violations
    counts = f'{len(report.errors)}, "warnings": {len(report.warnings)}' if violations else '0, "warnings": 0'
    parts = [
        _head(report, status),
        value(report.hands_audited),
        f', "errors": {counts}, "violations": [',
        ", ".join(map(_violation, violations)),
        '], "incomplete": [',
        dumps([gap.as_dict() for gap in report.incomplete])[1:-1] if report.incomplete else "",
        '], "score_sheet": [',
        _sheet(report),
        "], ",
        _tail(report),
        end,
    ]
    return "".join(parts)


_heads: dict[tuple[Any, ...], str] = {}


def _head(report: Report, status: str) -> str:
    """The report up to its count of hands audited: the same for every game of a spec, options and players."""
    options = dumps(report.options) if report.options else "{}"
    key = (status, report.spec_id, report.spec_title, options, report.players, report.sides)
    text = _heads.get(key)
    if text is None:
        text = dumps(
            {
                "report": 1,
                "status": status,
                "rules": report.spec_id,
                "rules_title": report.spec_title,
                "options": report.options,
                "players": list(report.players),
                "sides": list(report.sides),
            }
        )[:-1]
        text += ', "hands_audited": '
        # Kept only where every part of the key is text: a key of ints could equal one of bools (1 == True)
        # that the encoder writes otherwise.
        if all(
            type(part) is str for part in (status, report.spec_id, report.spec_title, *report.players, *report.sides)
        ):
            if len(_heads) >= _KEPT:
                _heads.clear()
            _heads[key] = text
    return text


def _violation(v: Violation) -> str:
    """A violation's JSON: what changes with the game (its place and message) around what does not."""
    key = (v.code, v.severity, v.clause, v.reading, v.penalty)
    ends = _violation_ends.get(key)
    if ends is None:
        fields = v.as_dict()
        start = dumps({"code": fields.pop("code"), "severity": fields.pop("severity")})[:-1] + ', "location": '
        del fields["location"], fields["message"]
        ends = start, ", " + dumps(fields)[1:]  # the rule, its source quote and the readings
        if len(_violation_ends) >= _KEPT:
            _violation_ends.clear()
        _violation_ends[key] = ends
    return f'{ends[0]}{dumps(v.where.as_dict())}, "message": {string(v.message)}{ends[1]}'


_violation_ends: dict[tuple[Any, ...], tuple[str, str]] = {}


def _tail(report: Report) -> str:
    """The report after its score sheet: totals, result, and where the game came from."""
    sides = report.sides
    hands = report.hands
    totals = hands[-1].totals if hands else report.totals  # (Report.totals, inline: a property call a game)
    if len(totals) == len(sides) and _INTS.issuperset(map(type, totals)):
        text = '"totals": ' + _sides_template(sides) % totals
    else:
        text = '"totals": ' + dumps(dict(zip(sides, totals, strict=True)))
    finished, winner, ended = report.finished, report.winner, report.ended_at_hand
    text += ', "finished": ' + ("true" if finished is True else "false" if finished is False else value(finished))
    text += ', "winner": ' + (_texts.get(winner) or _text(winner))
    text += ', "ended_at_hand": ' + (str(ended) if type(ended) is int else value(ended))
    if report.tie is not None:
        tie = {"rule": report.tie.id, "interpretation": " ".join((report.tie.interpretation or "").split())}
        text += ', "tie": ' + dumps(tie)
    if report.unscored is not None:  # (rare: a hand not scored before the game's end)
        text += ', "unscored_hand": ' + str(report.unscored)
        if report.written_totals is not None:
            text += ', "written_totals": ' + dumps(dict(zip(sides, report.written_totals, strict=True)))
    if report.settlement is not None:
        text += ', "settlement": ' + _settlement(report.settlement, report.sides)
    if report.file is not None:
        text += ', "file": ' + (_texts.get(report.file) or _text(report.file))
    if report.game is not None:
        game = report.game
        text += ', "game": ' + (str(game) if type(game) is int else value(game))
    if report.game_id is not None:
        text += ', "game_id": ' + value(report.game_id)
    return text + "}"


# The JSON of the texts a run repeats (its files, winners): a dict lookup, not an encoding, a game.
_texts: dict[object, str] = {}


def _text(item: object) -> str:
    text = value(item)
    if type(item) is str:  # a key equal to another of another type (1, True) would be wrong
        if len(_texts) >= _KEPT:
            _texts.clear()
        _texts[item] = text
    return text


def _settlement(settlement: tuple[Fraction, tuple[Fraction, ...]], sides: tuple[str, ...]) -> str:
    """The settlement against the average: its figures written from their ratios (see ``_Numbers``)."""
    average, differences = settlement
    try:  # a Fraction's two ints, read from its slots (its numerator and denominator are Python properties)
        ratios = (*map(_RATIO, differences),)
        figures = (*map(_NUMBERS.__getitem__, ratios),)
        top, bottom = _RATIO(average)
        mean = _NUMBERS[top, bottom]
    except AttributeError:  # not a Fraction
        figures = (*(value(number(d)) for d in differences),)
        mean = value(number(average))
        ratios = None
    template = _sides_template(sides)
    if len(figures) != len(sides):  # as the encoder's dict would, zip them strictly: it fails
        dict(zip(sides, figures, strict=True))
    # The exact figures (report.exact_settlement's, whose Fraction properties and dict cost some 60k instructions a
    # game, a tenth of a settled game's check): a difference is a total less the average, so its denominator is the
    # average's (a reduced b of a / b is reduced in t - a / b), and the figures in that unit are their numerators.
    if ratios is not None and (*map(_SECOND, ratios),).count(bottom) == len(ratios):
        exact = f'{{"denominator": {bottom}, "average": {top}, "differences": {template % (*map(_FIRST, ratios),)}}}'
    else:  # (figures that are no settlement's, as a test may give)
        exact = dumps(exact_settlement(settlement, sides))
    return f'{{"average": {mean}, "differences": {template % figures}, "exact": {exact}}}'


_INTS = {int}
_FIRST, _SECOND = itemgetter(0), itemgetter(1)
_RATIO = attrgetter("_numerator", "_denominator")


class _Numbers(dict[tuple[int, int], str]):
    """The JSON of a settlement's figures by their ratio of ints: ``number`` of a fraction rounds its float,
    which costs thousands of instructions, and an archive's averages and differences are few."""

    def __missing__(self, ratio: tuple[int, int]) -> str:
        if len(self) >= 4 * _KEPT:
            self.clear()
        # What number() gives of the Fraction of this ratio, without making it (~100 lines of Python a figure, and
        # a settlement's are new game after game): the ratio is a Fraction's own, in lowest terms with a positive
        # denominator, so its numerator and denominator are these. An int or a finite float, each of which str()
        # writes as the encoder does.
        numerator, denominator = ratio
        self[ratio] = text = str(numerator if denominator == 1 else round(numerator / denominator, 4))
        return text


_NUMBERS = _Numbers()


@lru_cache(maxsize=256)
def _sides_template(sides: tuple[str, ...]) -> str:
    """An object keyed by the sides, as a %-format: a figure for each."""
    return "{" + ", ".join(dumps(side).replace("%", "%%") + ": %s" for side in sides) + "}"


class _Lines(dict[tuple[Any, ...], bytes]):
    """Score sheet line templates by how a line ends (scored, dealer, note, after the game's end), as
    ``HandScore.as_dict`` lays a line out, in UTF-8: a ``%s`` for the hand and for each side's figures. Looked
    up from C (``map`` of ``__getitem__``); a template is made the first time its ending is met."""

    def __init__(self, each: str) -> None:
        super().__init__()
        self.each = each  # each side's part of a line, as a %-format (see _each)

    def __missing__(self, ends: tuple[Any, ...]) -> bytes:
        scored, dealer, note, after_end = ends
        start = '{"hand": %s, "scored": ' + dumps(scored).replace("%", "%%")
        end = "" if dealer is None else ', "dealer": ' + dumps(dealer)
        if note:
            end += ', "note": ' + dumps(note)
        end = end.replace("%", "%%") + (', "after_end": true}' if after_end else "}")
        if len(self) >= _KEPT:
            self.clear()
        self[ends] = text = (start + ', "sides": {' + self.each + "}" + end).encode()
        return text


class _Dealt(dict[str | None, bytes]):
    """The templates of the lines whose ends are at their defaults (scored, no note, counted), by their dealer."""

    def __init__(self, lines: _Lines) -> None:
        super().__init__()
        self.lines = lines

    def __missing__(self, dealer: str | None) -> bytes:
        if len(self) >= _KEPT:
            self.clear()
        self[dealer] = text = self.lines[True, dealer, None, False]
        return text


class _Layout:
    """A score sheet's lines for one set of sides and one layout (a trick game's or a domino game's): the
    lines by how they end, and for each number of hands the frame and the order of the figures."""

    def __init__(self, sides: tuple[str, ...], fields: tuple[str, ...], fixed: tuple[str | None, ...] = ()) -> None:
        self.sides = sides
        self.fields = fields  # the fields whose figures are encoded, a row each (see game)
        self.lines = _Lines(_each(sides, fields, fixed))
        self.dealt = _Dealt(self.lines)
        self.games: dict[int, tuple[bytes, int, Callable[[list[bytes]], tuple[bytes, ...]]]] = {}

    def game(self, hands: int) -> tuple[bytes, int, Callable[[list[bytes]], tuple[bytes, ...]]]:
        """For a game of so many hands: the frame the encoding of its rows must leave without its figures, their
        number, and their order in the lines (a row holds each field for every side in turn; a line, each side's
        fields in turn)."""
        found = self.games.get(hands)
        if found is None:
            n, k = len(self.sides), len(self.fields)
            frame = orjson.dumps([(0, *(((0,) * n,) * k))] * hands).translate(None, _DIGITS)
            width = 1 + k * n
            line = (0, *(1 + c * n + s for s in range(n) for c in range(k)))
            order = [h * width + i for h in range(hands) for i in line]
            found = frame, len(order), itemgetter(*order) if len(order) > 1 else (lambda pieces: (pieces[0],))
            self.games[hands] = found
        return found


def _each(sides: tuple[str, ...], fields: tuple[str, ...], fixed: tuple[str | None, ...]) -> str:
    """Each side's figures of a line as a %-format, its name's JSON with its % signs doubled: a ``%s`` for each of
    ``fields``; or, where ``fixed`` is given (a figure of the trick layout's fields for each side in turn, the
    encoder's text, or None where it is a figure of ``fields``), the figures the same in every line written in."""
    if not fixed:
        return ", ".join(
            dumps(side).replace("%", "%%") + ": {" + ", ".join(f'"{name}": %s' for name in fields) + "}"
            for side in sides
        )
    width = len(_TRICK_FIELDS)
    return ", ".join(
        dumps(side).replace("%", "%%")
        + ": {"
        + ", ".join(
            f'"{name}": ' + ("%s" if text is None else text.replace("%", "%%"))
            for name, text in zip(_TRICK_FIELDS, fixed[at * width : at * width + width], strict=True)
        )
        + "}"
        for at, side in enumerate(sides)
    )


@lru_cache(maxsize=256)
def _layout(sides: tuple[str, ...], fields: tuple[str, ...]) -> _Layout:
    return _Layout(sides, fields)


_BIDS = attrgetter("bids")
_BAGS = attrgetter("bags")
_CHANGING_ROW = attrgetter("hand", "books", "points", "totals")  # (a trick line's, less its bids and bags)
_CHANGING_FIELDS = ("books", "points", "total")
_FIXABLE = {int, type(None)}  # figures whose equal values are written alike (not so 1 and True)


@lru_cache(maxsize=64)
def _fixed_layout(sides: tuple[str, ...], bids: tuple[int | None, ...], bags: tuple[int, ...]) -> _Layout:
    """The trick layout for lines whose bids and bags are these in every line: written into the lines' template,
    so that only the hand, books, points and totals are encoded a game (a Hearts game's: no bids, no bags)."""
    fixed = tuple(
        chain.from_iterable((dumps(bid), None, None, None, dumps(bag)) for bid, bag in zip(bids, bags, strict=True))
    )
    return _Layout(sides, _CHANGING_FIELDS, fixed)


def _trick_layout(report: Report, hands: list[HandScore]) -> tuple[_Layout, Callable[[Any], Any]]:
    """The layout of a trick game's sheet, and what takes a line's figures: where every line holds the very same
    bids and bags (one tuple each, of ints or nulls, a figure a side), those written in the template once."""
    first = hands[0]
    bids, bags = first.bids, first.bags
    sides = report.sides
    if (
        len(hands) > 1  # (a game of one hand: its own bids, kept by no template)
        and type(bids) is tuple
        and type(bags) is tuple
        and len(bids) == len(bags) == len(sides)
        and all(map(is_, map(_BIDS, hands), repeat(bids)))
        and all(map(is_, map(_BAGS, hands), repeat(bags)))
        and _FIXABLE.issuperset(map(type, bids + bags))
    ):
        return _fixed_layout(sides, bids, bags), _CHANGING_ROW
    return _layout(sides, _TRICK_FIELDS), _TRICK_ROW


def _sheet(report: Report) -> str:
    """The score sheet's lines: the figures of all its rows encoded at once, and put in each line's template."""
    hands = report.hands
    if not hands:
        return ""
    if len(hands[0].__dict__) in _PLAIN and {*map(len, map(_STATE, hands))} == _PLAIN:
        # Every line a trick game's, its ends at their defaults (scored, no note, counted): HandScore stores its
        # last four fields only where one is not at its default, so that each line holds its first seven alone
        # (nearly every sheet). Its template is looked up by its dealer alone: the line's other ends, and its
        # spots, read from the class one by one, cost several times the lookup.
        layout, row = _trick_layout(report, hands)
        ends = map(layout.dealt.__getitem__, map(_DEALER, hands))
    else:
        spots = [*map(_SPOTS, hands)]
        nones = spots.count(None)
        if nones == len(hands):
            layout, row = _trick_layout(report, hands)
        elif not nones:
            layout, row = _layout(report.sides, _DOMINO_FIELDS), _DOMINO_ROW
        else:
            return _plain_sheet(report)
        ends = map(layout.lines.__getitem__, map(_ENDS, hands))
    frame, count, order = layout.game(len(hands))
    try:
        figures = orjson.dumps([*map(row, hands)])
    except TypeError:  # a figure orjson does not write (an int past 64 bits, a Fraction...)
        return _plain_sheet(report)
    # What is left without digits, signs, nulls and bools is the frame of the rows, and the figures are as many as
    # the rows hold, exactly where every figure is one of them, written as the standard encoder writes it (a
    # finite float leaves its "." or "e"; a string its quotes; a row of another length, its commas or, where
    # a row of none is due, a figure more; and no report holds a NaN or an infinity, which orjson writes null:
    # logs are refused with them, and scores are counted in ints).
    left = figures.translate(None, _DIGITS).replace(b"null", b"").replace(b"true", b"").replace(b"false", b"")
    pieces = figures.translate(_FRAME).split()
    if left != frame or len(pieces) != count:
        return _plain_sheet(report)
    # bytes, not text: a bytes %-format finds each % by memchr, a str's looks at every character
    try:
        lines = b", ".join(ends)
    except UnicodeEncodeError:  # a name or note holding a lone surrogate, which UTF-8 does not hold
        return _plain_sheet(report)
    return (lines % order(pieces)).decode()


def _plain_sheet(report: Report) -> str:
    return ", ".join(dumps(h.as_dict(report.sides)) for h in report.hands)
