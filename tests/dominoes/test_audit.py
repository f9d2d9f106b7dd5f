"""The domino referee on hand-made logs: input it cannot audit, and findings the corpus does not cover."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

import referee
from referee.cli import main
from referee.errors import InputError, Location
from referee.gamelog import from_document, log_yaml
from referee.simulate import simulate_game

HAND: dict[str, Any] = {
    "draw": {
        "Ann": ["6-6", "6-3", "6-1", "3-0", "2-2", "1-1", "0-0"],
        "Bob": ["6-4", "6-2", "4-4", "4-2", "5-3", "5-4", "4-3"],
    },
    "plays": [{"Ann": "6-6"}, {"Bob": {"tile": "6-4", "end": "left"}}, {"Ann": {"tile": "6-3", "end": "right"}}],
}
LOG: dict[str, Any] = {"game": {"rules": "dominoes/all-fives"}, "players": ["Ann", "Bob"], "hands": [HAND]}


def _log(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(LOG)
    document["hands"][0].update(changes)
    return document


def _audit(document: dict[str, Any], rules: str = "dominoes/all-fives") -> referee.Report:
    return referee.audit(rules, from_document(document, Location(file="<test>")))


def test_a_domino_log_against_card_rules_is_refused() -> None:
    with pytest.raises(InputError, match="another family"):
        _audit(LOG, "spades/intramural")


def test_five_players_for_all_fives_are_refused_at_the_players() -> None:
    document = copy.deepcopy(LOG)
    document["players"] = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    document["hands"][0]["draw"].update({"Cat": [], "Dan": [], "Eve": []})
    with pytest.raises(InputError, match="for 2 to 4 players, not 5") as refused:
        _audit(document)
    assert refused.value.location.path == "$.players"


def test_a_draw_must_name_its_tile() -> None:
    with pytest.raises(InputError, match="names the tile") as refused:
        from_document(_log(plays=[{"Ann": "6-6"}, {"Bob": "draw"}]), Location(file="<test>"))
    assert refused.value.location.path == "$.hands[0].plays[1]"


def test_a_tile_that_is_not_a_tile_is_located() -> None:
    with pytest.raises(InputError, match="not a tile") as refused:
        from_document(_log(plays=[{"Ann": "6-7"}]), Location(file="<test>"))
    assert refused.value.location.path == "$.hands[0].plays[0]"


def test_a_play_that_fits_two_different_ends_must_name_one() -> None:
    plays = [{"Ann": "6-6"}, {"Bob": {"tile": "6-4", "end": "left"}}, {"Ann": "6-3"}, {"Bob": "4-3"}]
    with pytest.raises(InputError, match="fits more than one end") as refused:
        _audit(_log(plays=plays))
    assert refused.value.location.path == "$.hands[0].plays[3]"


def test_ends_of_one_number_that_differ_in_play_must_be_named() -> None:
    # the left end shows 3 (4-3) and so does the spinner's free right side: 3-1 on the left leaves 1 + 3 + 3 = 7
    # and the spinner closed to its ends; on the right, 3 + 1 = 4 and the spinner's ends open
    draw = {
        "Ann": ["3-3", "4-2", "3-1", "0-0", "1-0", "2-0", "5-0"],
        "Bob": ["3-2", "4-3", "5-1", "5-2", "6-0", "6-1", "6-2"],
    }
    left = [{"Bob": {"tile": "3-2", "end": "left"}}, {"Ann": {"tile": "4-2", "end": "left"}}]
    plays = [{"Ann": "3-3"}, *left, {"Bob": {"tile": "4-3", "end": "left"}}, {"Ann": "3-1"}]
    with pytest.raises(InputError, match="fits more than one end") as refused:
        _audit(_log(draw=draw, plays=plays))
    assert refused.value.location.path == "$.hands[0].plays[4]"


def test_a_play_without_an_end_goes_on_the_one_it_fits() -> None:
    plays = [{"Ann": "6-6"}, {"Bob": "6-4"}, {"Ann": "6-3"}, {"Bob": "6-2"}]
    report = _audit(_log(plays=plays))
    assert report.violations == [] and report.status == "incomplete"


def test_a_tile_drawn_twice_and_a_short_draw() -> None:
    draw = {"Ann": ["6-6", "6-3", "6-1", "3-0", "2-2", "1-1"], "Bob": ["6-6", "6-2", "4-4", "4-2", "5-3", "5-4", "4-3"]}
    report = _audit(_log(draw=draw))
    found = [(str(v.code), v.clause.id, v.where.seat) for v in report.violations[:2]]
    assert found == [("deal_wrong_count", "draw.hand", "Ann"), ("tile_drawn_twice", "tiles.set", "Bob")]


@pytest.mark.parametrize(
    "write",
    [
        lambda draw: draw,  # each player's in seat order, the usual tokens: read in one pass
        lambda draw: dict(reversed(draw.items())),  # another order: the one-pass reader's other steps
        lambda draw: {name: [f"[{t[0]}:{t[2]}]" for t in tiles] for name, tiles in draw.items()},
        lambda draw: {name: [f" {t[2]} - {t[0]} " for t in tiles] for name, tiles in draw.items()},  # careful
    ],
)
def test_a_faulty_draw_is_said_alike_however_it_is_written(write: Any) -> None:
    # the draw's check reads each player's tiles back from what the reader kept, whichever reader read them
    draw = {"Ann": ["6-6", "6-3", "6-1", "3-0", "2-2", "1-1"], "Bob": ["6-6", "6-2", "4-4", "4-2", "5-3", "5-4", "4-3"]}
    report = _audit(_log(draw=write(draw)))
    found = [(str(v.code), v.where.seat, v.message) for v in report.violations[:2]]
    assert found == [
        ("deal_wrong_count", "Ann", "Ann drew 6 tiles; each player draws 7"),
        ("tile_drawn_twice", "Bob", "6-6 was drawn twice"),
    ]


def test_a_tile_laid_twice() -> None:
    plays = [*HAND["plays"], {"Bob": {"tile": "6-3", "end": "up"}}]
    report = _audit(_log(plays=plays))
    assert [(str(v.code), v.where.turn) for v in report.violations] == [("tile_played_twice", 4)]


def test_the_check_command_reads_a_domino_log_and_exits_by_what_it_found(tmp_path: Any) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(log_yaml(_log(plays=[{"Bob": "6-4"}])), encoding="utf-8")
    out = io.StringIO()
    assert main(["check", str(path)], out=out) == 2  # the hand stops short: incomplete
    assert "wrong_opener (turn 1, Bob)" in out.getvalue()
    assert "Ann holds 6-6, the highest double" in out.getvalue()


def test_a_domino_report_fits_the_report_schema() -> None:
    schema = json.loads((Path(__file__).resolve().parents[2] / "schema" / "report.schema.json").read_text())
    document = simulate_game(referee.load_spec("dominoes/block-partners"), random.Random(2))
    document["hands"][0]["award"] = {"North": 999}  # a violation, so the report has one to show
    report = _audit(document, "dominoes/block-partners").as_dict()
    assert not [e.message for e in Draft202012Validator(schema).iter_errors(report)]
    assert report["violations"][0]["code"] == "award_mismatch"
    assert set(report["score_sheet"][0]["sides"]["North & South"]) == {"points", "total", "spots"}


def test_a_total_that_drops_a_hand_written_as_points_alone_is_a_slip() -> None:
    # hand 2's score written as its points alone moves the table's own total on; hand 3's totals written as hand 1's
    # plus hand 3's points leave hand 2 out: each is a slip (where hand 2 scored anything), not a total carried on
    document = simulate_game(referee.load_spec("dominoes/all-fives"), random.Random(3))
    first, second, third = document["hands"][:3]
    document["hands"] = [first, second, third]
    names = document["players"]
    true_totals = {name: third["score"][name]["total"] for name in names}
    for name in names:
        second["score"][name] = {"hand": second["score"][name]["hand"]}
        third["score"][name] = first["score"][name]["total"] + third["score"][name]["hand"]
    dropped = {name for name in names if second["score"][name]["hand"]}
    assert dropped  # (hand 2 scored something for someone in this game)
    report = _audit(document)
    assert report.totals == tuple(true_totals[name] for name in names)
    found = sorted((v.code.value, v.where.hand, v.message) for v in report.violations)
    assert found == sorted(
        ("score_mismatch", 3, f"the table wrote a total of {third['score'][name]} for {name}; the rules give {total}")
        for name, total in true_totals.items()
        if name in dropped
    )


def test_the_hand_after_one_that_stops_short_may_be_opened_by_anyone() -> None:
    # All Fives: the winner of a hand opens the next with any tile (the highest double opens after a locked
    # board). In this game South went out in hand 1 and opened hand 2 with 3-0; with hand 1's record stopping
    # after two plays, who won it is not known, so South's opening cannot be faulted
    document = simulate_game(referee.load_spec("dominoes/all-fives"), random.Random(3))
    first, second = document["hands"][:2]
    assert second["plays"][0]["South"]["tile"] == "3-0"
    document["hands"] = [{"draw": first["draw"], "plays": first["plays"][:2]}, second]
    second.pop("score")
    report = _audit(document)
    assert [i.where.hand for i in report.incomplete] == [1]
    assert not [v for v in report.violations if v.code.value in ("wrong_opener", "wrong_opening_tile")]


def test_where_the_highest_double_always_opens_it_does_after_a_hand_that_stops_short() -> None:
    document = simulate_game(referee.load_spec("dominoes/block-partners"), random.Random(2))
    first, second = document["hands"][:2]
    document["hands"] = [{"draw": first["draw"], "plays": first["plays"][:2]}, second]
    opener = next(iter(second["plays"][0]))
    other = next(name for name in document["players"] if name != opener)
    second["draw"][opener], second["draw"][other] = second["draw"][other], second["draw"][opener]
    report = _audit(document, "dominoes/block-partners")
    assert ("wrong_opener", 2) in [(v.code.value, v.where.hand) for v in report.violations]


def test_the_totals_a_table_wrote_after_a_hand_that_stops_short_are_carried_on() -> None:
    # hand 1's record stops after two plays (no points), the table having written its totals; hand 2's totals are
    # the table's own carried on by hand 2's points: no slip, though the true totals leave hand 1 out
    document = simulate_game(referee.load_spec("dominoes/all-fives"), random.Random(3))
    first, second = document["hands"][:2]
    document["hands"] = [{"draw": first["draw"], "plays": first["plays"][:2], "score": first["score"]}, second]
    assert any(figures["total"] for figures in first["score"].values())  # (hand 1 scored something)
    report = _audit(document)
    assert [i.where.hand for i in report.incomplete] == [1]
    assert [v for v in report.violations if v.code.value == "score_mismatch"] == []
    assert report.totals == tuple(figures["hand"] for figures in second["score"].values())


def test_a_hand_after_the_end_that_stops_short_leaves_the_game_complete() -> None:
    # all_fives_game_continued: Ann wins in hand 3; a fifth hand recorded as far as its opening tile stops short,
    # which its line says: the game, whose result is known, is not incomplete
    path = Path(__file__).parent.parent / "conformance" / "bad" / "all_fives_game_continued.yaml"
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    draw = {
        "Ann": ["1-0", "2-0", "3-1", "4-2", "5-3", "6-4", "6-6"],
        "Bob": ["2-1", "3-0", "4-1", "5-0", "5-2", "6-1", "6-3"],
    }
    case["log"]["hands"].append({"draw": draw, "plays": [{"Ann": "6-6"}]})
    report = _audit(case["log"])
    assert report.finished and report.winner == "Ann" and report.incomplete == []
    assert report.status == "violations"
    last = report.hands[-1]
    assert (last.hand, last.after_end) == (5, True)
    assert last.note == (
        "the hand stops before anyone went out or the board locked; played after the game ended; not counted"
    )
