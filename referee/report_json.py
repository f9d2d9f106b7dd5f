"""A report as one line of JSON: the text ``json.dumps(report.as_dict(), ensure_ascii=False)`` gives, written
from pieces made once instead of through the dicts the encoder would be given every game.

What does not change from game to game is put in words once and kept: the report's head for a spec, its
options and its players; each violation's rule, source quote and reading; the score sheet's line templates
(:mod:`referee.sheet_json`); the texts a run repeats (its file, the winners, a settlement's figures). Tests hold
reports to the encoder's text, made-up ones included (``tests/test_render.py``).
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .json_scalars import KEPT as _KEPT
from .json_scalars import dumps, key, string, value
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
    finished, winner, ended = report.finished, report.winner, report.ended_at_hand
    ending = _FINISHED.get(finished) if type(finished) is bool else None
    if ending is not None and len(totals) == len(sides) and _INTS.issuperset(map(type, totals)):
        # (nearly every game: its totals, result and end put in one template of its sides, in one step)
        text = (_endings.get(sides) or _ending(sides)) % (
            *totals,
            ending,
            _texts.get(winner) or _text(winner),
            str(ended) if type(ended) is int else value(ended),
        )
    else:
        text = '"totals": ' + dumps(dict(zip(sides, totals, strict=True)))
        text += ', "finished": ' + value(finished)
        text += ', "winner": ' + (_texts.get(winner) or _text(winner))
        text += ', "ended_at_hand": ' + (str(ended) if type(ended) is int else value(ended))
    parts = [text]
    if report.tie is not None:
        tie = {"rule": report.tie.id, "interpretation": " ".join((report.tie.interpretation or "").split())}
        parts.append(', "tie": ' + dumps(tie))
    if report.unscored is not None:  # (rare: a hand not scored before the game's end)
        parts.append(', "unscored_hand": ' + str(report.unscored))
        if report.written_totals is not None:
            parts.append(', "written_totals": ' + dumps(dict(zip(sides, report.written_totals, strict=True))))
    if report.settlement is not None:
        parts.append(_settlement(report.settlement, sides))
    if report.file is not None:
        parts.append(', "file": ' + (_texts.get(report.file) or _text(report.file)))
    if report.game is not None:
        game = report.game
        parts.append(', "game": ' + (str(game) if type(game) is int else value(game)))
    if report.game_id is not None:
        parts.append(', "game_id": ' + value(report.game_id))
    parts.append("}")
    return "".join(parts)


_FINISHED = {True: "true", False: "false"}
# By the sides: the tail's totals, result and end as one %-format, a figure for each side's total then the three
_endings: dict[tuple[str, ...], str] = {}


def _ending(sides: tuple[str, ...]) -> str:
    text = '"totals": ' + _sides_template(sides) + ', "finished": %s, "winner": %s, "ended_at_hand": %s'
    if all(type(side) is str for side in sides):  # (a key of another type may equal one written otherwise)
        if len(_endings) >= _KEPT:
            _endings.clear()
        _endings[sides] = text
    return text


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
    """The settlement against the average, after its key: its figures written from their ratios (see ``_Numbers``),
    all in one template of its sides."""
    average, differences = settlement
    try:  # a Fraction's two ints, read from its slots (its numerator and denominator are Python properties)
        ratios = (*map(_RATIO, differences),)
        top, bottom = _RATIO(average)
    except AttributeError:  # not a Fraction
        ratios = None
    # The exact figures (report.exact_settlement's, whose Fraction properties and dict cost some 60k instructions a
    # game, a tenth of a settled game's check): a difference is a total less the average, so its denominator is the
    # average's (a reduced b of a / b is reduced in t - a / b), and the figures in that unit are their numerators.
    if ratios is not None and len(ratios) == len(sides):
        exact, units = zip(*ratios) if ratios else ((), ())  # noqa: B905 - pairs, each a ratio
        if units.count(bottom) == len(units):
            template = _settlements.get(sides) or _settled(sides)
            if bottom == 1 and template[1] is not None:
                # a whole average, and so whole differences: the figures are the numerators themselves, put in a
                # template of bytes (a bytes %-format finds each % by memchr, a str's looks at every character)
                return (template[1] % (top, *exact, 1, top, *exact)).decode()
            return template[0] % (_NUMBERS[top, bottom], *map(_NUMBERS.__getitem__, ratios), bottom, top, *exact)
    # (figures that are no settlement's, as a test may give)
    if ratios is None:
        figures = (*(value(number(d)) for d in differences),)
        mean = value(number(average))
    else:
        figures = (*map(_NUMBERS.__getitem__, ratios),)
        mean = _NUMBERS[top, bottom]
    if len(figures) != len(sides):  # as the encoder's dict would, zip them strictly: it fails
        dict(zip(sides, figures, strict=True))
    each = _sides_template(sides)
    exact_text = dumps(exact_settlement(settlement, sides))
    return f', "settlement": {{"average": {mean}, "differences": {each % figures}, "exact": {exact_text}}}'


# By the sides: the settlement as one %-format (the average, each difference, then the exact figures' unit, average
# and differences), and as one of bytes for whole figures (%d: ints alone), None where a name cannot be in UTF-8
_settlements: dict[tuple[str, ...], tuple[str, bytes | None]] = {}


def _settled(sides: tuple[str, ...]) -> tuple[str, bytes | None]:
    text, ints = (
        f', "settlement": {{"average": {f}, "differences": {each}, '
        f'"exact": {{"denominator": {f}, "average": {f}, "differences": {each}}}}}'
        for f, each in (("%s", _sides_template(sides)), ("%d", _sides_template(sides, "%d")))
    )
    try:
        whole: bytes | None = ints.encode()
    except UnicodeEncodeError:  # (a name holding a lone surrogate)
        whole = None
    if all(type(side) is str for side in sides):
        if len(_settlements) >= _KEPT:
            _settlements.clear()
        _settlements[sides] = text, whole
    return text, whole


_INTS = {int}
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


def _sides_template(sides: tuple[str, ...], figure: str = "%s") -> str:
    """An object keyed by the sides, as a %-format: a figure for each (``figure``: its conversion). Kept only for
    names that are text: 1 == True, but the encoder writes the key of one "1" and of the other "true"."""
    if all(type(side) is str for side in sides):
        return _kept_template(sides, figure)
    return _template(sides, figure)


def _template(sides: tuple[str, ...], figure: str) -> str:
    return "{" + ", ".join(key(side).replace("%", "%%") + ": " + figure for side in sides) + "}"


_kept_template = lru_cache(maxsize=256)(_template)
