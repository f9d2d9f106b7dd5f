"""A report's score sheet as JSON, written from templates made once per set of sides: the text
``json.dumps`` gives of ``[line.as_dict(sides) for line in report.hands]`` (its brackets left out).

A score sheet line's template is kept for a set of sides and the way the line ends (scored, dealer, note), with
a ``%s`` for each figure (a trick game's bids and bags that are one tuple in every line, a Hearts game's, written
in). A game's figures are encoded all at once by orjson, as rows of ints, and put in the lines' templates; the
encoding is taken only where what is left of it without digits, signs, nulls and bools is exactly the frame of
rows it must be, so that every figure is an int, a null or a bool, which orjson writes as the standard encoder
does (anything else, or a row of another length, leaves more, and the sheet goes to the standard encoder). Tests
hold sheets to the encoder's text, made-up ones included (``tests/test_render.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain, repeat
from operator import attrgetter, is_, itemgetter
from typing import Any

import orjson

from .json_scalars import KEPT as _KEPT
from .json_scalars import dumps, key
from .report import HandScore, Report

_TRICK_ROW = attrgetter("hand", "bids", "books", "points", "totals", "bags")
_DOMINO_ROW = attrgetter("hand", "points", "totals", "spots")
_SPOTS = attrgetter("spots")
_ENDS = attrgetter("scored", "dealer", "note", "after_end")
_DEALER = attrgetter("dealer")
_STATE = attrgetter("__dict__")
_PLAIN = {7}  # the fields a HandScore holds in its own dict where its last four are at their defaults
_TRICK_FIELDS = ("bid", "books", "points", "total", "bags")  # as HandScore.as_dict lays a side out
_DOMINO_FIELDS = ("points", "total", "spots")
_NAMES = {str, type(None)}
_SCORED = attrgetter("scored")
_BOOL = {bool}
_DIGITS = b"0123456789-"
_FRAME = bytes.maketrans(b"[],", b"   ")


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
        text = (start + ', "sides": {' + self.each + "}" + end).encode()
        if type(scored) is bool and type(dealer) in _NAMES and type(note) in _NAMES:
            # Kept only for ends of these types: a key of a dealer or note of another type, never kept, equals none
            # that is kept, as 1 == True would (each written otherwise); sheet() holds every line's scored to a bool;
            # after_end, written only where it is true, is written alike for any equal values.
            if len(self) >= _KEPT:
                self.clear()
            self[ends] = text
        return text


class _Dealt(dict[str | None, bytes]):
    """The templates of the lines whose ends are at their defaults (scored, no note, counted), by their dealer."""

    def __init__(self, lines: _Lines) -> None:
        super().__init__()
        self.lines = lines

    def __missing__(self, dealer: str | None) -> bytes:
        text = self.lines[True, dealer, None, False]
        if type(dealer) in _NAMES:  # (see _Lines)
            if len(self) >= _KEPT:
                self.clear()
            self[dealer] = text
        return text


class _Dealers(dict[tuple[Any, ...], tuple[bytes, bytes, int, Callable[[list[bytes]], tuple[bytes, ...]]]]):
    """Whole sheets of lines at their default ends (scored, no note, counted), by their dealers in turn: the lines'
    templates joined, with the frame, the number and the order of the figures of a game of as many hands (see
    ``_Layout.game``). An archive's games follow few orders of dealers (each its first dealer's, one a number of
    hands, where the deal passes round the table)."""

    def __init__(self, layout: _Layout) -> None:
        super().__init__()
        self.layout = layout

    def __missing__(self, dealers: tuple[Any, ...]) -> tuple[bytes, bytes, int, Callable[[list[bytes]], Any]]:
        layout = self.layout
        template = b", ".join(map(layout.dealt.__getitem__, dealers))
        found = (template, *layout.game(len(dealers)))
        if _NAMES.issuperset(map(type, dealers)):  # (see _Lines)
            if len(self) >= _KEPT:
                self.clear()
            self[dealers] = found
        return found


class _Layout:
    """A score sheet's lines for one set of sides and one layout (a trick game's or a domino game's): the
    lines by how they end, and for each number of hands the frame and the order of the figures."""

    def __init__(self, sides: tuple[str, ...], fields: tuple[str, ...], fixed: tuple[str | None, ...] = ()) -> None:
        self.sides = sides
        self.fields = fields  # the fields whose figures are encoded, a row each (see game)
        self.lines = _Lines(_each(sides, fields, fixed))
        self.dealt = _Dealt(self.lines)
        self.dealers = _Dealers(self)
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
            key(side).replace("%", "%%") + ": {" + ", ".join(f'"{name}": %s' for name in fields) + "}" for side in sides
        )
    width = len(_TRICK_FIELDS)
    return ", ".join(
        key(side).replace("%", "%%")
        + ": {"
        + ", ".join(
            f'"{name}": ' + ("%s" if text is None else text.replace("%", "%%"))
            for name, text in zip(_TRICK_FIELDS, fixed[at * width : at * width + width], strict=True)
        )
        + "}"
        for at, side in enumerate(sides)
    )


def _layout(sides: tuple[str, ...], fields: tuple[str, ...]) -> _Layout:
    found = _layouts.get((sides, fields))
    if found is None:
        found = _Layout(sides, fields)
        if _named(sides):
            if len(_layouts) >= _KEPT:
                _layouts.clear()
            _layouts[sides, fields] = found
    return found


# The layouts by their sides (and fields), kept only for sides named by text: a key of names of other types could
# equal one written otherwise (1 == True; the encoder writes the key of one "1", of the other "true"), and none
# such is kept, so that none is taken for another
_layouts: dict[tuple[tuple[str, ...], tuple[str, ...]], _Layout] = {}


def _named(sides: tuple[str, ...]) -> bool:
    return all(type(side) is str for side in sides)


_BIDS = attrgetter("bids")
_BAGS = attrgetter("bags")
_CHANGING_ROW = attrgetter("hand", "books", "points", "totals")  # (a trick line's, less its bids and bags)
_CHANGING_FIELDS = ("books", "points", "total")
_FIXABLE = {int, type(None)}  # figures whose equal values are written alike (not so 1 and True)


def _fixed_layout(sides: tuple[str, ...], bids: tuple[int | None, ...], bags: tuple[int, ...]) -> _Layout:
    """The trick layout for lines whose bids and bags are these in every line: written into the lines' template,
    so that only the hand, books, points and totals are encoded a game (a Hearts game's: no bids, no bags). Kept
    for sides named by text (see _layouts): the bids and bags are ints and nulls, which no key of other types equals."""
    if _named(sides):
        return _kept_fixed_layout(sides, bids, bags)
    return _new_fixed_layout(sides, bids, bags)


def _new_fixed_layout(sides: tuple[str, ...], bids: tuple[int | None, ...], bags: tuple[int, ...]) -> _Layout:
    fixed = tuple(
        chain.from_iterable((dumps(bid), None, None, None, dumps(bag)) for bid, bag in zip(bids, bags, strict=True))
    )
    return _Layout(sides, _CHANGING_FIELDS, fixed)


_kept_fixed_layout = lru_cache(maxsize=64)(_new_fixed_layout)


# The last fixed layout taken, with the sides, bids and bags it was taken for: a Hearts game's lines hold the very
# tuples of no bids and no bags of the plan of its rules, game after game, which are then known to be ints or nulls
_last_fixed: list[Any] = [None, None, None, None]


def _trick_layout(report: Report, hands: list[HandScore]) -> tuple[_Layout, Callable[[Any], Any]]:
    """The layout of a trick game's sheet, and what takes a line's figures: where every line holds the very same
    bids and bags (one tuple each, of ints or nulls, a figure a side), those written in the template once."""
    first = hands[0]
    bids, bags = first.bids, first.bags
    sides = report.sides
    if (
        len(hands) > 1  # (a game of one hand: its own bids, kept by no template)
        and all(map(is_, map(_BIDS, hands), repeat(bids)))
        and all(map(is_, map(_BAGS, hands), repeat(bags)))
    ):
        last = _last_fixed
        if bids is last[1] and bags is last[2] and sides == last[0]:  # the last game's (held here: none other's)
            return last[3], _CHANGING_ROW
        if (
            type(bids) is tuple
            and type(bags) is tuple
            and len(bids) == len(bags) == len(sides)
            and _FIXABLE.issuperset(map(type, bids + bags))
        ):
            layout = _fixed_layout(sides, bids, bags)
            if _named(sides):  # (see _layouts)
                _last_fixed[:] = (sides, bids, bags, layout)
            return layout, _CHANGING_ROW
    return _layout(sides, _TRICK_FIELDS), _TRICK_ROW


def sheet(report: Report) -> str:
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
        try:  # the whole sheet's template, by its dealers in turn
            template, frame, count, order = layout.dealers[(*map(_DEALER, hands),)]
        except UnicodeEncodeError:  # a name holding a lone surrogate, which UTF-8 does not hold
            return _plain_sheet(report)
    else:
        spots = [*map(_SPOTS, hands)]
        nones = spots.count(None)
        if nones == len(hands):
            layout, row = _trick_layout(report, hands)
        elif not nones:
            layout, row = _layout(report.sides, _DOMINO_FIELDS), _DOMINO_ROW
        else:
            return _plain_sheet(report)
        if not _BOOL.issuperset(map(type, map(_SCORED, hands))):  # (see _Lines)
            return _plain_sheet(report)
        try:  # bytes, not text: a bytes %-format finds each % by memchr, a str's looks at every character
            template = b", ".join(map(layout.lines.__getitem__, map(_ENDS, hands)))
        except UnicodeEncodeError:  # a name or note holding a lone surrogate, which UTF-8 does not hold
            return _plain_sheet(report)
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
    left = figures.translate(None, _DIGITS)
    if left != frame:  # (nearly every sheet's figures are ints alone, and the frame is what is left of them)
        left = left.replace(b"null", b"").replace(b"true", b"").replace(b"false", b"")
    pieces = figures.translate(_FRAME).split()
    if left != frame or len(pieces) != count:
        return _plain_sheet(report)
    return (template % order(pieces)).decode()


def _plain_sheet(report: Report) -> str:
    return ", ".join(dumps(h.as_dict(report.sides)) for h in report.hands)
