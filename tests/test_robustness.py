"""Malformed logs never crash the referee: each gives a report or a located InputError, nothing else."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from tricks.test_logshape import mutated

import referee
from referee.errors import InputError, Location
from referee.gamelog import from_document
from referee.render import as_json
from referee.simulate import simulate_game

SPEC = referee.load_spec("spades/intramural")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_log_gives_a_report_or_a_located_error(document: Any) -> None:
    try:
        report = referee.audit(SPEC, from_document(document, Location(file="fuzz.json")))
    except InputError as error:
        assert error.location.file == "fuzz.json"
        assert error.message
        return
    assert report.exit_code in (0, 1, 2)
    report.as_dict()  # renders


ALIKE = ("A", "A & B", "B & C", "C")  # partners sit opposite: "A" & "B & C" and "A & B" & "C" read the same


@pytest.mark.parametrize("rules", ["spades/intramural", "dominoes/block-partners"])
def test_players_whose_names_make_two_sides_alike_are_refused_unless_the_log_names_the_sides(rules: str) -> None:
    # Each side is named by its players' names joined by " & ": here both sides would be "A & B & C", and the
    # report would key two sides' figures by one name (its JSON object holding the key twice, which no reader
    # keeps; the encoder's text of its dict, the one it must equal, keeping one side only)
    spec = referee.load_spec(rules)
    # simulated with the usual names, then renamed: the simulator refuses players it could not seat apart
    text = json.dumps(simulate_game(spec, random.Random(4)))
    for usual, name in zip(("North", "East", "South", "West"), ALIKE, strict=True):
        text = text.replace(json.dumps(usual), json.dumps(name))
    document = json.loads(text)
    document["hands"] = document["hands"][:1]
    with pytest.raises(InputError) as refused:
        referee.audit(spec, from_document(copy.deepcopy(document), Location(file="g.json")))
    assert refused.value.location.path == "$.players" and "'A & B & C'" in refused.value.message
    document["sides"] = {"Us": ["A", "B & C"], "Them": ["A & B", "C"]}  # the log names them: no doubt left
    report = referee.audit(spec, from_document(document, Location(file="g.json")))
    assert report.sides == ("Us", "Them") and as_json(report) == json.dumps(report.as_dict(), ensure_ascii=False)
