"""The conformance corpus: every case file in tests/conformance/ replayed and compared.

The case format is described in tests/conformance/README.md; the expected
values in the case files were worked out by hand from the rule sheet.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import referee
from referee import gamelog, render, spec
from referee.documents import parse_yaml
from referee.errors import InputError, Location
from referee.report import Report

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "conformance"
CASE_FILES = sorted(CORPUS.glob("*/*.yaml"))
CASE_KEYS = {"description", "rules", "options", "clauses", "log", "expect", "xfail"}
EXPECT_KEYS = {
    "status",
    "at",
    "violations",
    "incomplete",
    "score_sheet",
    "finished",
    "winner",
    "settlement",
    "unscored_hand",
    "written_totals",
}
STATUSES = {"clean", "warnings", "violations", "incomplete", "refused"}


def _read(path: Path) -> dict[str, Any]:
    case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    assert isinstance(case, dict), f"{path}: a case is a mapping"
    return case


def _params() -> list[Any]:
    params = []
    for path in CASE_FILES:
        reason = _read(path).get("xfail")
        marks = [pytest.mark.xfail(strict=True, reason=str(reason))] if reason else []
        params.append(pytest.param(path, id=path.relative_to(CORPUS).with_suffix("").as_posix(), marks=marks))
    return params


def _violations(report: Report) -> list[dict[str, Any]]:
    out = []
    for v in report.violations:
        entry: dict[str, Any] = {"code": str(v.code), "rule": v.clause.id}
        if v.where.hand is not None:  # a finding about the game as a whole has none
            entry["hand"] = v.where.hand
        if v.where.trick is not None:
            entry["trick"] = v.where.trick
        if v.where.turn is not None:
            entry["turn"] = v.where.turn
        if v.where.seat is not None:
            entry["seat"] = v.where.seat
        out.append(entry)
    return out


def _expected_violations(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keys = ("code", "rule", "hand", "trick", "turn", "seat")
    return [{k: item[k] for k in keys if item.get(k) is not None} for item in items]


def _check_sheet(report: Report, expected: list[dict[str, Any]]) -> None:
    sheet = {line["hand"]: line for line in report.as_dict()["score_sheet"]}
    for want in expected:
        number = want["hand"]
        assert number in sheet, f"hand {number} is not on the score sheet (hands: {sorted(sheet)})"
        got = sheet[number]
        if "scored" in want:
            assert got["scored"] == want["scored"], f"hand {number}: scored"
        if "after_end" in want:
            assert got.get("after_end", False) == want["after_end"], f"hand {number}: after_end"
        for side, values in (want.get("sides") or {}).items():
            assert side in got["sides"], f"hand {number}: no side {side!r} (sides: {list(got['sides'])})"
            for key, value in values.items():
                assert got["sides"][side][key] == value, f"hand {number}, {side}, {key}"


@pytest.mark.parametrize("path", _params())
def test_case(path: Path) -> None:
    case = _read(path)
    expect = case["expect"]
    location = Location(file=str(path))
    if expect["status"] == "refused":
        with pytest.raises(InputError) as refused:
            log = gamelog.from_document(case["log"], location)
            referee.audit(case["rules"], log, case.get("options") or {})
        assert refused.value.location.path == expect["at"], refused.value.message  # refused for the case's reason
        return
    log = gamelog.from_document(case["log"], location)
    report = referee.audit(case["rules"], log, case.get("options") or {})
    assert report.status == expect["status"], [v.message for v in report.violations]
    assert render.as_json(report) == json.dumps(report.as_dict(), ensure_ascii=False)  # its templates, held
    assert _violations(report) == _expected_violations(expect.get("violations") or [])
    if "incomplete" in expect:
        found = [
            {k: v for k, v in (("hand", i.where.hand), ("trick", i.where.trick)) if v is not None}
            for i in report.incomplete
        ]
        assert found == expect["incomplete"]
    _check_sheet(report, expect.get("score_sheet") or [])
    if "finished" in expect:
        assert report.finished is expect["finished"]
    if "winner" in expect:
        assert report.winner == expect["winner"]
    if "settlement" in expect:
        assert report.as_dict().get("settlement") == expect["settlement"]
    for key in ("unscored_hand", "written_totals"):  # a result the record cannot establish
        if key in expect:
            assert report.as_dict().get(key) == expect[key]


def test_corpus_is_not_empty() -> None:
    assert any(CORPUS.glob("good/*.yaml")) and any(CORPUS.glob("bad/*.yaml"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.relative_to(CORPUS).with_suffix("").as_posix())
def test_case_shape(path: Path) -> None:
    """Each case file has the documented keys, and good/ and bad/ hold the right statuses."""
    case = _read(path)
    assert set(case) <= CASE_KEYS and {"description", "rules", "clauses", "log", "expect"} <= set(case)
    assert set(case["expect"]) <= EXPECT_KEYS
    status = case["expect"]["status"]
    assert status in STATUSES
    folder = path.parent.name
    assert folder in ("good", "bad")
    assert (status in ("clean", "warnings")) == (folder == "good"), f"{status} case in {folder}/"
    if status in ("violations", "warnings"):
        assert case["expect"].get("violations"), "a case with violations lists them"
    assert ("at" in case["expect"]) == (status == "refused"), "a refused case (and only one) says where it is wrong"


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.relative_to(CORPUS).with_suffix("").as_posix())
def test_log_matches_schema(path: Path) -> None:
    with (ROOT / "schema" / "game-log.schema.json").open(encoding="utf-8") as handle:
        schema = json.load(handle)
    errors = list(Draft202012Validator(schema).iter_errors(_read(path)["log"]))
    assert not errors, [e.message for e in errors]


def test_every_clause_has_a_case() -> None:
    """Every clause of every bundled spec is exercised, and every clause a case names exists."""
    named: dict[str, set[str]] = {}
    for path in CASE_FILES:
        case = _read(path)
        named.setdefault(case["rules"], set()).update(case["clauses"])
    for spec_id in spec.bundled_ids():
        clauses = set(referee.load_spec(spec_id).clauses)
        missing = clauses - named.get(spec_id, set())
        assert not missing, f"{spec_id}: no conformance case for {sorted(missing)}"
    for spec_id, ids in named.items():
        unknown = ids - set(referee.load_spec(spec_id).clauses)
        assert not unknown, f"cases name clauses {sorted(unknown)} that {spec_id} does not have"


TURN_CLAIM = re.compile(r"\b([A-Z][a-z]+) \(([A-Z][a-z]+)'s turn\)")


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.relative_to(CORPUS).with_suffix("").as_posix())
def test_a_description_names_whose_turn_it_was_as_the_referee_does(path: Path) -> None:
    """Where a description says "Ann (Dan's turn)", the case's own game shows Ann out of turn when it was Dan's."""
    case = _read(path)
    claims = TURN_CLAIM.findall(" ".join(case["description"].split()))
    if not claims:
        return
    report = referee.audit(case["rules"], gamelog.from_document(case["log"], Location(file=str(path))))
    said = {(v.where.seat, v.message.rsplit("it was ", 1)[-1]) for v in report.violations if "it was " in v.message}
    for player, expected in claims:
        assert (player, f"{expected}'s turn") in said, f"{player} ({expected}'s turn): the referee says {said}"


def _lineage(spec_id: str) -> list[str]:
    """A spec and every spec it extends, nearest first."""
    out = [spec_id]
    while (parent := referee.load_spec(out[-1]).raw.get("extends")) is not None:
        out.append(parent)
    return out


def test_every_option_is_set_otherwise_by_a_case() -> None:
    """Each option a bundled spec introduces is set to a value other than its default (in the case's options or
    its log's header) by some case run against that spec or one that extends it: its other values are the
    table's choices the source names, and each changes a verdict or a score."""
    chosen: dict[str, list[dict[str, Any]]] = {}
    for path in CASE_FILES:
        case = _read(path)
        header = (case["log"].get("game") or {}).get("options") or {}
        for spec_id in _lineage(case["rules"]):
            chosen.setdefault(spec_id, []).append({**header, **(case.get("options") or {})})
    for spec_id in spec.bundled_ids():
        for name, option in referee.load_spec(spec_id).options.items():
            origin = option.clause.origin
            if origin is not None and origin.spec_id != spec_id:
                continue  # inherited: the spec that introduced it answers for it
            values = [options[name] for options in chosen.get(spec_id, []) if name in options]
            assert any(value != option.default for value in values), (
                f"{spec_id}: no case sets option {name} to anything but its default {option.default!r}"
            )
