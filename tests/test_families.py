"""Which family a game belongs to: told by its hands, else by its rules."""

from __future__ import annotations

import pytest

from referee import load_spec
from referee.errors import InputError, Location
from referee.families import audit
from referee.gamelog import from_document

WHERE = Location(file="game.json")
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize("rules", ["dominoes/block-partners", "hearts/intramural", "spades/intramural"])
def test_a_log_with_no_hands_is_audited_by_the_family_of_its_rules(rules: str) -> None:
    # it was read as a trick game, and a domino spec's audit said it 'records a game of another family'
    log = from_document({"log": 1, "game": {"rules": rules}, "players": PLAYERS, "hands": []}, WHERE)
    report = audit(load_spec(rules), log)
    assert (report.status, report.hands, report.file) == ("clean", [], "game.json")


def test_a_log_with_hands_of_another_family_is_still_refused() -> None:
    document = {"log": 1, "players": PLAYERS, "hands": [{"books": {"Ann": 13}}]}
    with pytest.raises(InputError, match="records a game of another family"):
        audit(load_spec("dominoes/block-partners"), from_document(document, WHERE))


def test_a_score_sheet_under_domino_rules_is_told_it_needs_the_draw() -> None:
    # a hand with its score alone holds nothing of a card game: what it lacks for a domino audit is its draw
    document = {"log": 1, "players": PLAYERS, "hands": [{"score": {"Ann": 20, "Bob": 0}}]}
    with pytest.raises(InputError, match="record no draw") as refused:
        audit(load_spec("dominoes/block-partners"), from_document(document, WHERE))
    assert "another family" not in refused.value.message
