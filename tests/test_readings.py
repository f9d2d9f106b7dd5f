"""The readings a spec rejects: ``rejected`` beside an ``interpretation``, read, merged and checked."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from referee.errors import InputError
from referee.spec import Rejected, load

INTRAMURAL = Path(__file__).resolve().parents[1] / "rules" / "spades" / "intramural.yaml"


def _spec(tmp_path: Path, edit: dict, name: str = "variant.yaml") -> Path:  # type: ignore[type-arg]
    raw = yaml.safe_load(INTRAMURAL.read_text(encoding="utf-8"))
    raw["id"] = "test/readings"
    for section, clauses in edit.items():
        for clause, body in clauses.items():
            raw[section][clause].update(body)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return path


ALTERNATIVE = {"reading": "The play moves to the right.", "why": "The sheet gives the bidding clockwise."}


def test_a_clause_keeps_the_readings_it_rejects(tmp_path: Path) -> None:
    spec = load(_spec(tmp_path, {"players": {"turn": {"rejected": [ALTERNATIVE]}}}))
    assert spec.clause("players.turn").rejected == (Rejected(ALTERNATIVE["reading"], ALTERNATIVE["why"]),)
    assert spec.clause("play.trick_winner").rejected == ()
    assert "rejected" not in spec.clause("players.turn").data  # words, not a rule field


def test_a_rejected_reading_needs_the_reading_taken(tmp_path: Path) -> None:
    path = _spec(tmp_path, {"play": {"follow": {"rejected": [ALTERNATIVE]}}})  # play.follow has an interpretation
    load(path)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    del raw["play"]["follow"]["interpretation"]
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    with pytest.raises(InputError, match="interpretation"):
        load(path)


@pytest.mark.parametrize(
    "item", [{"reading": "only"}, {"reading": "r", "why": "w", "also": "x"}, {"reading": "", "why": "w"}]
)
def test_a_rejected_reading_is_a_reading_and_why(tmp_path: Path, item: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError):
        load(_spec(tmp_path, {"players": {"turn": {"rejected": [item]}}}))


def test_rejected_readings_go_with_the_words_of_a_clause(tmp_path: Path) -> None:
    parent = _spec(tmp_path, {"players": {"turn": {"rejected": [ALTERNATIVE]}}}, "parent.yaml")
    head = "spec: 1\nid: test/child\ntitle: t\nextends: parent.yaml\n"
    anew = tmp_path / "anew.yaml"
    anew.write_text(head + "players:\n  turn: {interpretation: Our own reading.}\n", encoding="utf-8")
    assert load(anew).clause("players.turn").rejected == ()  # new words drop the parent's alternatives
    added = tmp_path / "added.yaml"
    added.write_text(
        head + "players:\n  turn:\n    rejected: [{reading: Play moves across., why: Nobody sits across.}]\n",
        encoding="utf-8",
    )
    turn = load(added).clause("players.turn")
    assert turn.interpretation == load(parent).clause("players.turn").interpretation  # the words stay the parent's
    assert turn.rejected == (Rejected("Play moves across.", "Nobody sits across."),)


def test_ihop_silver_s_twelve_rounds_rejects_the_round_of_four_deals() -> None:
    # "The last deal is at the end of 12 rounds": read as twelve deals; a round as every player dealing once (48
    # deals) is the other reading a reader may take, and the spec says why not
    ihop = load(INTRAMURAL.parent / "ihop-silver.yaml").clause("game_end.rounds")
    assert ihop.data["max"] == 12
    turned_down = " ".join(r.reading for r in ihop.rejected)
    assert "forty-eighth" in turned_down and "each of the four players dealing" in turned_down
