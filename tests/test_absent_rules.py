"""What a rule set without a clause comes to: the referee's default in words, shown where the clause is missing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import referee
from referee.absent_rules import WITHOUT, without
from referee.bundled import schema_path
from referee.cli import main
from referee.concepts import missing
from referee.spec import bundled_ids


def _lacked_by_some() -> dict[str, set[str]]:
    """Per family, the clauses one bundled spec states and another of the family does not (options and
    not-checkable entries aside: they are said otherwise)."""
    by_family: dict[str, list[set[str]]] = {}
    for spec_id in bundled_ids():
        spec = referee.load_spec(spec_id)
        by_family.setdefault(spec.family, []).append(set(spec.clauses))
    found = {}
    for family, clause_sets in by_family.items():
        every, some = set.intersection(*clause_sets), set.union(*clause_sets)
        found[family] = {c for c in some - every if not c.startswith(("options.", "not_checkable."))}
    return found


def test_every_clause_a_bundled_rule_set_lacks_and_another_states_says_what_the_referee_does_without_it() -> None:
    lacked = _lacked_by_some()
    assert lacked["hearts"] >= {"scoring.moon", "play.first_trick"}  # the comparison pages' empty cells
    unsaid = {family: sorted(c for c in clauses if without(c) is None) for family, clauses in lacked.items()}
    assert unsaid == {family: [] for family in lacked}


def test_each_default_is_of_a_clause_the_schema_knows() -> None:
    sections = json.loads(schema_path("rule-spec").read_text(encoding="utf-8"))["properties"]
    unknown = [c for c in WITHOUT if c.split(".", 1)[1] not in sections[c.split(".", 1)[0]].get("properties", {})]
    assert unknown == []


def test_an_empty_cell_of_the_comparison_says_the_default() -> None:
    assert missing("scoring.moon") == (
        "Not stated, so no shooting the moon: a player who takes every point scores them all."
    )
    assert missing("play.unheard_of") == "Not stated: the referee's default applies."  # none known: said so
    assert missing("options.target") == "No such option: the rule set fixes this."


def test_diff_says_what_the_rule_set_without_the_clause_does() -> None:
    out = StringIO()
    assert main(["diff", "hearts/intramural", "hearts/club"], out) == 1
    text = " ".join(out.getvalue().split())
    assert "A hearts/intramural: Not stated, so no shooting the moon" in text


def test_a_violation_under_a_clause_the_spec_lacks_cites_the_default(tmp_path: Path) -> None:
    # spades/solo has no passing: a pass in its record is reported under passing.pass, which it does not state
    written = StringIO()
    assert main(["simulate", "--rules", "spades/solo", "--seed", "5", "--format", "json"], written) == 0
    game = json.loads(written.getvalue())
    first, hand = game["players"][0], game["hands"][0]
    hand["passes"] = {first: hand["deal"][first][:1]}
    log = tmp_path / "passed.json"
    log.write_text(json.dumps(game), encoding="utf-8")
    out = StringIO()
    assert main(["check", "--format", "json", str(log)], out) == 0  # a warning: the source is silent
    (violation,) = json.loads(out.getvalue())["violations"]
    assert (violation["code"], violation["rule"]) == ("pass_not_allowed", "passing.pass")
    assert violation["interpretation"] == (
        "Not stated in this spec, so no cards are passed; a pass in the record is reported, as a warning."
    )
    assert referee.load_spec("spades/solo").clause("play.unheard_of").interpretation == (
        "Not stated in this spec; the referee's default applies."
    )
