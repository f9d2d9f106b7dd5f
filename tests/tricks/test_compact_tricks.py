"""The compact trick notation, [leader, card, card, ...]: the same game as its plays written {player: card},
read the same and reported the same, its mistakes located; the simulator's JSON Lines write it."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import gamelog
from referee.cli import main
from referee.documents import parse_yaml
from referee.errors import InputError, Location
from referee.gamelog import compact_tricks
from referee.logshape import conforms
from referee.schemas import validator
from referee.spec import bundled_ids
from referee.tricks.simulate import simulate_game

CORPUS = Path(__file__).resolve().parent.parent / "conformance"
TRICK_SPECS = [spec_id for spec_id in bundled_ids() if not spec_id.startswith("dominoes/")]
WHERE = Location(file="game.yaml")


def _game() -> dict[str, Any]:
    return simulate_game(referee.load_spec("spades/intramural"), random.Random(8))


def _audit(rules: str, document: Any) -> Any:
    try:
        return referee.audit(rules, gamelog.from_document(copy.deepcopy(document), WHERE)).as_dict()
    except InputError as exc:
        return str(exc)


def test_a_trick_in_turn_is_written_compactly() -> None:
    document: dict[str, Any] = {
        "players": ["N", "E", "S", "W"],
        "hands": [{"tricks": [[{"S": "8D"}, {"W": "7D"}, {"N": "KD"}]]}],
    }
    assert compact_tricks(document)["hands"][0]["tricks"] == [["S", "8D", "7D", "KD"]]
    out_of_turn = [[{"S": "8D"}, {"N": "KD"}, {"W": "7D"}]]
    document["hands"][0]["tricks"] = out_of_turn
    assert compact_tricks(document)["hands"][0]["tricks"] == out_of_turn  # kept play by play


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_both_forms_read_and_report_the_same(rules: str) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(4))
    compact = compact_tricks(document)
    assert compact != document and validator("game-log").is_valid(compact)
    assert conforms(compact) == conforms(document)  # the fast shape check knows both forms
    assert gamelog.from_document(compact, WHERE) == gamelog.from_document(document, WHERE)
    assert _audit(rules, compact) == _audit(rules, document)


def test_the_conformance_corpus_reports_the_same_written_compactly() -> None:
    compared = 0
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        rules, document = str(case.get("rules")), case.get("log")
        if not isinstance(document, dict) or rules.startswith("dominoes/"):
            continue
        if case.get("options"):
            document = {**document, "game": {**document.get("game", {}), "options": case["options"]}}
        compact = compact_tricks(document)
        if compact != document:
            assert _audit(rules, compact) == _audit(rules, document), path.name
            compared += 1
    assert compared > 50


def _refused(document: Any) -> str:
    with pytest.raises(InputError) as caught:
        gamelog.from_document(document, WHERE)
    return str(caught.value)


def test_a_compact_tricks_mistakes_are_located() -> None:
    document = compact_tricks(_game())
    trick = document["hands"][1]["tricks"][2]
    leader = trick[0]
    seat = document["players"][(document["players"].index(leader) + 1) % 4]  # trick[2]: the second card played
    trick[2] = "ZZ"
    message = _refused(copy.deepcopy(document))
    assert f"hand 2, trick 3, seat {seat}, at $.hands[1].tricks[2][2]: unknown card 'ZZ'" in message
    trick[2], trick[0] = "AS", "Nobody"
    assert "at $.hands[1].tricks[2][0]: 'Nobody' is not one of the players" in _refused(copy.deepcopy(document))
    trick[0] = leader
    trick[3] = {seat: "AS"}
    assert "at $.hands[1].tricks[2]: a trick is written either play by play" in _refused(copy.deepcopy(document))
    document["hands"][1]["tricks"][2] = [leader]
    assert f"the trick names its leader, '{leader}', and no card" in _refused(copy.deepcopy(document))


def test_a_play_by_play_trick_with_a_bare_card_is_refused() -> None:
    document = _game()
    document["hands"][0]["tricks"][0][1] = "AS"
    message = _refused(document)
    assert "at $.hands[0].tricks[0][1]: a trick is written either play by play" in message


def test_the_simulators_json_lines_are_compact(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    with out.open("w", encoding="utf-8") as stream:
        code = main(
            ["simulate", "--rules", "spades/intramural", "--games", "2", "--seed", "5", "--format", "jsonl"], stream
        )
    assert code == 0
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert all(isinstance(trick[0], str) for game in games for hand in game["hands"] for trick in hand["tricks"])
    with (tmp_path / "report.txt").open("w", encoding="utf-8") as report:
        assert main(["check", str(out), "--jobs", "1"], report) == 0


def test_a_log_written_compactly_already_is_kept_as_it_is() -> None:
    # a trick [leader, card, ...] is no list of {player: card}: it was read as one and failed on the leader's name
    once = compact_tricks(_game())
    assert compact_tricks(once) == once
