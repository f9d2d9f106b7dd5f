"""The club example (examples/club/): its spec, its games under both specs, and the authoring commands.

Expected scores are worked out by hand from the club's sheet (see the comments at the top of each log).
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
import yaml

import referee
from referee import spec_checks
from referee.bundled import rules_dir
from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "examples" / "club"


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def audit(spec: str, game: str, options: dict[str, int] | None = None) -> referee.Report:
    return referee.audit(referee.load_spec(spec), referee.load_log(CLUB / game), options)


def test_the_club_spec_validates_against_its_own_sheet() -> None:
    problems, notes = spec_checks.check_file(CLUB / "club.yaml")
    assert problems == [] and notes == []
    spec = referee.load_spec(str(CLUB / "club.yaml"))
    assert spec.document_path == (CLUB / "house-rules.txt").resolve()
    # what the club changes cites the club's sheet; what it inherits still cites the intramural sheet
    target = spec.clause("game_end.target")
    assert target.origin is not None and target.origin.document == spec.document_path
    follow = spec.clause("play.follow")
    assert follow.origin is not None and follow.origin.document is not None
    assert follow.origin.document.name == "001_3f218c6ee18e85e0.txt"


def test_a_short_game_is_won_by_the_club_and_unfinished_by_intramural() -> None:
    # 71+61+80+72+41 = 325 for We after hand 5; They 50+51+41+40+71 = 253.
    club = audit(str(CLUB / "club.yaml"), "short-game.yaml")
    assert club.violations == [] and club.finished and club.winner == "We" and club.totals == (325, 253)
    assert club.options == {"target": 300}
    intramural = audit("spades/intramural", "short-game.yaml")
    assert intramural.violations == [] and not intramural.finished and intramural.totals == (325, 253)
    # the table may agree to 500: then the club's game is not over either
    longer = audit(str(CLUB / "club.yaml"), "short-game.yaml", {"target": 500})
    assert not longer.finished and longer.options == {"target": 500}


def test_overtricks_cost_the_club_100_and_intramural_nothing() -> None:
    # We take 4, 3 and 4 overtricks: 11 by hand 3, so 54 - 100 = -46 there (one carried over); the table
    # wrote the club's totals. They reach 50+60+40+70+81 = 301. Intramural: We 44+43+54+60+40 = 241.
    club = audit(str(CLUB / "club.yaml"), "overtricks.yaml")
    assert club.violations == [] and club.winner == "They" and club.totals == (141, 301)
    assert [line.points[0] for line in club.hands] == [44, 43, -46, 60, 40]
    intramural = audit("spades/intramural", "overtricks.yaml")
    assert [(str(v.code), v.where.hand) for v in intramural.violations] == [("score_mismatch", 3)]
    assert intramural.totals == (241, 301) and not intramural.finished
    assert run("check", "--rules", "spades/intramural", str(CLUB / "overtricks.yaml"))[0] == 1
    assert run("check", "--rules", str(CLUB / "club.yaml"), str(CLUB / "overtricks.yaml"))[0] == 0


def test_a_misquote_names_the_file_the_clause_and_the_nearest_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    path = CLUB / "mistakes" / "misquoted.yaml"
    code, out = run("validate", str(path))
    assert code == 2 and out == f"FAIL {path}: 1 problem\n"
    err = capsys.readouterr().err
    assert f"{path}:9, at $.game_end.target.source: quote not found verbatim in " in err  # the quote's line
    assert "house-rules.txt: 'A game is played to 300 points.'" in err
    assert "the nearest sentence there is 'A game is played to 300 points, not 500.'" in err


def test_a_clause_that_cannot_take_effect_fails_validation(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("validate", str(CLUB / "mistakes" / "no-trumps.yaml"))
    assert code == 2
    err = capsys.readouterr().err
    assert "at $.play.lead.trump: trump: 'after_broken' cannot take effect: the spec has no trump" in err


def test_new_writes_a_starter_that_validates(tmp_path: Path) -> None:
    path = tmp_path / "my-club.yaml"
    code, out = run("new", "--extends", "spades/intramural", str(path))
    assert code == 0 and str(path) in out
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=file://") and "rule-spec.schema.json" in text
    raw = yaml.safe_load(text)
    assert raw == {"spec": 1, "id": "club/my-club", "title": raw["title"], "extends": "spades/intramural"}
    assert run("validate", str(path))[0] == 0
    # never over a file that exists, and never for an unknown parent
    assert run("new", "--extends", "spades/intramural", str(path))[0] == 2
    assert run("new", "--extends", "spades/nowhere", str(tmp_path / "other.yaml"))[0] == 2
    assert not (tmp_path / "other.yaml").exists()


def test_rules_show_prints_the_effective_spec_with_origins() -> None:
    code, out = run("rules", "--show", str(CLUB / "club.yaml"))
    assert code == 0
    shown = yaml.safe_load(out)
    spec = referee.load_spec(str(CLUB / "club.yaml"))
    assert shown == {k: v for k, v in spec.raw.items() if k != "extends"}  # the YAML is the merged spec
    lines = out.splitlines()
    assert "  target:  # from spades/intramural; points, source by club/maple-street" in lines
    assert "  follow:  # from spades/intramural" in lines
    assert "  bags:  # from spades/intramural; limit, penalty, carry_over, source by club/maple-street" in lines
    # by id or by path, the same
    assert run("rules", "--show", "spades/intramural") == run(
        "rules", "--show", str(rules_dir() / "spades" / "intramural.yaml")
    )


def test_the_schema_explains_every_section_and_clause_to_an_editor() -> None:
    import json

    schema = json.loads((ROOT / "schema" / "rule-spec.schema.json").read_text(encoding="utf-8"))
    from referee.spec import SECTIONS

    for section in SECTIONS:
        body = schema["properties"].get(section)
        if body is None:
            continue
        assert body.get("title") and body.get("description"), section
        for name, clause in body["properties"].items():
            assert clause.get("title") and clause.get("description"), f"{section}.{name}: a title and a description"
    # a field the club example sets shows an example of its value, and takes {option: NAME}
    bags = schema["properties"]["scoring"]["properties"]["bags"]["properties"]
    assert -100 in bags["penalty"]["examples"]
    assert {"$ref": "#/$defs/optionRef"} in bags["penalty"]["anyOf"]


def test_the_club_spec_names_the_schema_for_editors() -> None:
    first = (CLUB / "club.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert (CLUB / first.split("$schema=", 1)[1]).resolve() == (ROOT / "schema" / "rule-spec.schema.json")
