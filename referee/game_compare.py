"""``referee compare LOG --rules A B ...``: one game audited under several specs, where the verdicts differ.

Each hand is audited under each spec; a hand is shown when the specs find
different violations in it (by code, place and severity) or score it
differently. Beside it stand the clauses that make the difference: the
clauses of the violations found, the penalty clause named after each
violation's code (``penalties.renege`` for a renege), and for a hand scored
differently the clause each differing figure comes from (the part of one
spec's score the other's figure leaves out, as a score_mismatch names it:
tricks.score_parts), wherever the specs state them differently; if none of
these is, the scoring and penalty clauses that differ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from textwrap import fill
from typing import Any

from .audit import audit
from .concepts import entries, missing
from .errors import InputError
from .gamelog import AnyLog
from .report import Report, Violation
from .spec import Spec
from .words import count


@dataclass(frozen=True)
class Audit:
    """A game under one spec: its report, or why it could not be audited under that spec."""

    spec: Spec
    report: Report | None
    error: str | None = None


def _key(v: Violation) -> tuple[str, str, int | None, str | None]:
    return (str(v.code), str(v.severity), v.where.trick, v.where.seat)


def _hand(report: Report, hand: int) -> dict[str, Any]:
    found = [v for v in report.violations if v.where.hand == hand]
    score = next((h for h in report.hands if h.hand == hand), None)
    points = {} if score is None else dict(zip(report.sides, score.points, strict=True))
    totals = {} if score is None else dict(zip(report.sides, score.totals, strict=True))
    return {
        "violations": [
            {
                "code": str(v.code),
                "severity": str(v.severity),
                "rule": v.clause.id,
                "trick": v.where.trick,
                "seat": v.where.seat,
                "message": v.message,
            }
            for v in found
        ],
        "keys": sorted({_key(v) for v in found}, key=str),
        "points": points,
        "totals": totals,
        "scored": score is not None and score.scored,
    }


def _texts(specs: list[Spec]) -> list[dict[str, tuple[str, str]]]:
    return [{e.clause: (e.text, e.rule) for e in entries(spec)} for spec in specs]


def _why(clauses: set[str], texts: list[dict[str, tuple[str, str]]]) -> list[str]:
    """The clauses among ``clauses`` that the specs do not all state alike, in a fixed order."""
    return sorted(c for c in clauses if len({None if c not in t else t[c][1] for t in texts}) > 1)


def _score_clauses(done: list[Audit], number: int) -> set[str]:
    """The clauses a hand's figures come from where the specs score it differently: for each side, the part of
    one spec's score that another's figure leaves out (a bag penalty one spec takes off and the other has none
    of: scoring.bags), both ways round, as a score_mismatch names the part a written figure leaves out."""
    from .families import TRICKS, of_spec
    from .tricks import score_parts
    from .tricks.tables import tables_for

    scored = []  # (the Tables, the report, the hand's line) under each spec of tricks that scored the hand
    for a in done:
        report = a.report
        if report is None or of_spec(a.spec) is not TRICKS:
            continue
        line = next((h for h in report.hands if h.hand == number), None)
        if line is None or not line.scored:
            continue
        t = tables_for(a.spec)
        if len(report.players) in t.seat_counts:
            t = tables_for(a.spec, len(report.players))
        scored.append((t, report, line))
    found: set[str] = set()
    for t, report, line in scored:
        for _, _, other in scored:
            for side, (mine, theirs) in enumerate(zip(line.points, other.points, strict=False)):
                if mine == theirs or theirs is None:
                    continue
                parts = score_parts.hand_parts(t, report, line, side)
                clause = None if parts is None else score_parts.clause_of(parts, theirs)
                if clause is not None:
                    found.add(clause)
    return found


def compare(audits: list[Audit]) -> dict[str, Any]:
    """The comparison as data: each spec's verdict, and the hands where the specs differ, with the clauses why."""
    done = [a for a in audits if a.report is not None]
    specs = [a.spec for a in done]
    texts = _texts(specs)
    reports = [a.report for a in done if a.report is not None]
    numbers = sorted({h.hand for report in reports for h in report.hands})
    scoring = {c for t in texts for c in t if c.split(".", 1)[0] in ("scoring", "penalties")}
    hands = []
    for number in numbers:
        by = {a.spec.id: _hand(a.report, number) for a in done if a.report is not None}
        verdicts = {json.dumps(h["keys"]) for h in by.values()}
        scores = {json.dumps([h["scored"], h["points"]], sort_keys=True) for h in by.values()}
        if len(verdicts) <= 1 and len(scores) <= 1:
            continue
        named = {v["rule"] for h in by.values() for v in h["violations"]}
        named |= {f"penalties.{v['code']}" for h in by.values() for v in h["violations"]}
        if len(scores) > 1:
            named |= _score_clauses(done, number)
        why = _why(named, texts)
        if not why and len(scores) > 1:
            why = _why(scoring, texts)
        clauses = [
            {"clause": c, "by_rules": {s.id: (t[c][0] if c in t else None) for s, t in zip(specs, texts, strict=True)}}
            for c in why
        ]
        for h in by.values():
            del h["keys"]
        hands.append({"hand": number, "by_rules": by, "clauses": clauses})
    verdicts_out: list[dict[str, Any]] = []
    for a in audits:
        if a.report is None:
            verdicts_out.append({"rules": a.spec.id, "status": "not_audited", "error": a.error})
            continue
        r = a.report
        verdicts_out.append(
            {
                "rules": a.spec.id,
                "status": r.status,
                "errors": len(r.errors),
                "warnings": len(r.warnings),
                "totals": dict(zip(r.sides, r.totals, strict=True)),
                "winner": r.winner,
                "finished": r.finished,
                "result": _result(r),
            }
        )
    # results that differ where no hand does (or not by the hands alone) differ by how the game ends: a target, a
    # floor, a tie, said by the game_end clauses the specs state differently
    results = {v["result"] for v in verdicts_out if v["status"] != "not_audited"}
    ends = {c for t in texts for c in t if c.startswith("game_end.")} if len(results) > 1 else set()
    result_clauses = [
        {"clause": c, "by_rules": {s.id: (t[c][0] if c in t else None) for s, t in zip(specs, texts, strict=True)}}
        for c in _why(ends, texts)
    ]
    return {
        "compare": 1,
        "rules": [a.spec.id for a in audits],
        "verdicts": verdicts_out,
        "hands": hands,
        "result_clauses": result_clauses,
    }


def _result(report: Report) -> str:
    """The outcome in words: a side of one player wins, a side of several win."""
    if report.unscored is not None:
        return f"not established: hand {report.unscored} not scored"
    if report.winner:
        return f"{report.winner} {'wins' if report.winner in report.players else 'win'}"
    if report.finished and report.ended_by == "game_end.floor":  # every side out at once, level
        return "no winner: every side lost"
    return "a tie" if report.finished else "not finished"


def run(specs: list[Spec], game: AnyLog) -> dict[str, Any]:
    """Audit one game under each spec and compare; a spec the game cannot be audited under is said so."""
    audits = []
    for spec in specs:
        try:
            audits.append(Audit(spec, audit(spec, game)))
        except InputError as exc:
            audits.append(Audit(spec, None, exc.message))
    out = compare(audits)
    if game.file is not None:
        out["file"] = game.file
    if game.index is not None:
        out["game"] = game.index
    return out


def _results_differ(data: dict[str, Any]) -> bool:
    return len({v["result"] for v in data["verdicts"] if v["status"] != "not_audited"}) > 1


def differs(data: dict[str, Any]) -> bool:
    """Whether the specs' verdicts, scores or results differ anywhere (or a spec could not audit the game)."""
    return bool(data["hands"]) or _results_differ(data) or any(v["status"] == "not_audited" for v in data["verdicts"])


def _wrap(text: str, indent: int) -> list[str]:
    pad = " " * indent
    return fill(text, 100, initial_indent=pad, subsequent_indent=pad + "    ").splitlines()


def _points(points: dict[str, int]) -> str:
    return ", ".join(f"{side} {value}" for side, value in points.items()) or "not scored"


def text(data: dict[str, Any]) -> str:
    """The comparison for people: the verdicts, then hand by hand each spec's findings and the clauses why."""
    title = data.get("file") or "game"
    if data.get("game") is not None:
        title += f", game {data['game']}"
    width = max(len(r) for r in data["rules"]) + 1
    lines = [title]
    for v in data["verdicts"]:
        if v["status"] == "not_audited":
            lines += _wrap(f"{v['rules'] + ':':<{width}} cannot be audited under it: {v['error']}", 2)
            continue
        stops = "; the record is incomplete" if v["status"] == "incomplete" else ""
        lines += _wrap(
            f"{v['rules'] + ':':<{width}} {count(v['errors'], 'error')}, {count(v['warnings'], 'warning')}; "
            f"{_points(v['totals'])}; {v['result']}{stops}",
            2,
        )
    for hand in data["hands"]:
        lines += ["", f"  Hand {hand['hand']}"]
        for rules, found in hand["by_rules"].items():
            lines.append(f"    {rules}: points {_points(found['points']) if found['scored'] else 'not scored'}")
            for v in found["violations"]:
                place = ", ".join(str(p) for p in (f"trick {v['trick']}" if v["trick"] else None, v["seat"]) if p)
                lines += _wrap(f"{v['severity'].upper():7} {v['code']}" + (f" ({place})" if place else ""), 6)
            if not found["violations"]:
                lines.append("      no violation")
        lines += _why_lines(hand["clauses"], width)
    if not data["hands"] and not any(v["status"] == "not_audited" for v in data["verdicts"]):
        lines += ["", "  The rule sets agree on every hand: the same violations and the same scores."]
    if _results_differ(data):
        lines += ["", "  Result"]
        lines += [f"    {v['rules']}: {v['result']}" for v in data["verdicts"] if v["status"] != "not_audited"]
        lines += _why_lines(data["result_clauses"], width)
    return "\n".join(lines) + "\n"


def _why_lines(clauses: list[dict[str, Any]], width: int) -> list[str]:
    """Each clause that makes a difference, as each spec states it."""
    lines = []
    for clause in clauses:
        lines.append(f"    why: {clause['clause']}")
        for rules, words in clause["by_rules"].items():
            lines += _wrap(f"{rules + ':':<{width}} {words or missing(clause['clause'])}", 6)
    return lines
