"""A report as one line of JSON: the text ``json.dumps(report.as_dict(), ensure_ascii=False)`` gives, written
from pieces made once instead of through the dicts the encoder would be given every game.

What does not change from game to game is put in words once and kept: the report's head for a spec, its
options and its players; each violation's rule, source quote and reading; the score sheet's line templates
(:mod:`referee.sheet_json`); the texts a run repeats (its file, the winners, a settlement's figures). Tests hold
reports to the encoder's text, made-up ones included (``tests/test_render.py``).
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from .json_scalars import KEPT as _KEPT
from .json_scalars import dumps, string, value
from .report import Report, Violation
from .settlement import exact_settlement, number
from .sheet_json import sheet

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["as_json", "dumps", "string", "value"]


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
        sheet(report),
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
