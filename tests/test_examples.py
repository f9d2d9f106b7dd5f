"""The example logs audit as their comments and examples/README.md say.

Expected violations are worked out from each file (see the comments at its
top), not copied from the referee's output.
"""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
HERE = EXAMPLES / "spades" / "intramural"


def audit(name: str) -> referee.Report:
    return referee.audit("spades/intramural", referee.load_log(HERE / name))


def found(report: referee.Report) -> list[tuple[str, int | None, int | None, str | None]]:
    return [(str(v.code), v.where.hand, v.where.trick, v.where.seat) for v in report.violations]


def written(name: str) -> list[dict[str, Any]]:
    """The hands of an example as plain data (for the scores the table wrote)."""
    return yaml.safe_load((HERE / name).read_text(encoding="utf-8"))["hands"]  # type: ignore[no-any-return]


def check_exit(*args: str) -> tuple[int, str]:
    out = StringIO()
    code = main(["check", *args], out=out)
    return code, out.getvalue()


def test_clean_game() -> None:
    report = audit("clean-game.yaml")
    assert report.violations == [] and report.incomplete == []
    assert report.sides == ("Alice & Carla", "Ben & David")
    # Every written total is right, so the last one the table wrote is the result.
    last = written("clean-game.yaml")[-1]["score"]
    assert report.totals == (last["Alice & Carla"]["total"], last["Ben & David"]["total"])
    assert report.totals[0] >= 500 and report.finished and report.winner == "Alice & Carla"
    # The game ends in the first hand that takes a side to 500: no hand before the last reaches it.
    assert all(max(line.totals) < 500 for line in report.hands[:-1])
    assert check_exit(str(HERE / "clean-game.yaml"))[0] == 0


def test_clean_game_written_scores_match_every_hand() -> None:
    report = audit("clean-game.yaml")
    for line, hand in zip(report.hands, written("clean-game.yaml"), strict=True):
        for side, name in enumerate(report.sides):
            assert (line.points[side], line.totals[side]) == (hand["score"][name]["hand"], hand["score"][name]["total"])


def test_disputed_game_violations() -> None:
    report = audit("disputed-game.yaml")
    assert found(report) == [
        # hand 2: Robert 2, then James 1: the side bids 3; James, the side's second bidder, makes it short
        ("bid_below_side_minimum", 2, None, "James"),
        # hand 4, trick 4: Linda leads Q♦ and Maria discards 7♥ with 3♦ 4♦ 10♦ still in hand
        ("renege", 4, 4, "Maria"),
        # hand 6, trick 5: James leads, Robert plays before Linda; Linda then plays in turn (one report only)
        ("play_out_of_turn", 6, 5, "Robert"),
        # hand 8: 481 + 42 written as 533
        ("score_mismatch", 8, None, None),
    ]
    by_code = {str(v.code): v for v in report.violations}
    assert by_code["renege"].clause.id == "play.follow"
    assert "10♦" in by_code["renege"].message
    assert "Linda" in by_code["play_out_of_turn"].message
    assert "533" in by_code["score_mismatch"].message and "523" in by_code["score_mismatch"].message
    assert by_code["bid_below_side_minimum"].clause.id == "bidding.limits"
    # The play out of turn breaks only a reading (the sheet states the turn for bidding), so it alone is a warning.
    severities = {str(v.code): v.severity for v in report.violations}
    assert severities.pop("play_out_of_turn") is referee.Severity.WARNING
    assert all(s is referee.Severity.ERROR for s in severities.values())


def test_disputed_game_scores_as_played() -> None:
    report = audit("disputed-game.yaml")
    hand2 = report.hands[1]
    # The short bid is scored as bid: 2 + 1 = 3, and James & Robert took 13 - 10 = 3 books: made, 30.
    assert hand2.bids == (9, 3) and hand2.books == (10, 3) and hand2.points == (91, 30)
    # No renege penalty in these rules: Maria & Linda's hand 4 is bid 7, took 10: 73.
    assert report.hands[3].points[0] == 73
    assert report.totals == (523, -330) and report.winner == "Maria & Linda"
    # Knock-on effects: none. The table's written scores agree everywhere but the one wrong sum.
    for line, hand in zip(report.hands, written("disputed-game.yaml"), strict=True):
        for side, name in enumerate(report.sides):
            if (line.hand, name) != (8, "Maria & Linda"):
                assert hand["score"][name] == {"hand": line.points[side], "total": line.totals[side]}
    assert check_exit(str(HERE / "disputed-game.yaml"))[0] == 1


def test_tricks_only_renege_seen_without_a_deal() -> None:
    hands = written("tricks-only.yaml")
    assert all("deal" not in hand for hand in hands)
    report = audit("tricks-only.yaml")
    # hand 5, trick 3: Karen leads 2♥, Mark discards 10♣; he plays 8♥ in trick 10 and 7♥ in trick 11.
    assert found(report) == [("renege", 5, 3, "Mark")]
    assert "8♥" in report.violations[0].message and "7♥" in report.violations[0].message
    assert report.incomplete == []
    # Written totals (plain numbers) agree with the referee's in every hand: the renege costs nothing here.
    for line, hand in zip(report.hands, hands, strict=True):
        assert line.totals == tuple(hand["score"][name] for name in report.sides)
    assert report.finished and report.winner == "Susan & Karen"
    assert check_exit(str(HERE / "tricks-only.yaml"))[0] == 1


def test_score_sheet_one_wrong_sum() -> None:
    hands = written("score-sheet.yaml")
    assert all("tricks" not in hand and "books" in hand for hand in hands)
    report = audit("score-sheet.yaml")
    assert report.sides == ("Hawks", "Owls")
    # Last hand: the Owls, on -217, bid 5 and took 3 (set: -50); -267, written -257.
    assert found(report) == [("score_mismatch", 11, None, None)]
    assert "-257" in report.violations[0].message and "-267" in report.violations[0].message
    assert report.hands[-1].points == (100, -50)
    assert report.totals == (541, -267) and report.winner == "Hawks"
    # Side bids (hands 7 on) count as the side's contract: hand 7 Hawks 5, Owls 10.
    assert report.hands[6].bids == (5, 10)
    assert check_exit(str(HERE / "score-sheet.yaml"))[0] == 1


def test_truncated_game_is_incomplete() -> None:
    report = audit("truncated.yaml")
    assert report.violations == []
    assert [(i.where.hand, i.where.trick) for i in report.incomplete] == [(5, 7)]
    assert "2 of 4" in report.incomplete[0].message
    # Four hands scored; the fifth is listed but not scored, and nobody has won.
    assert [line.scored for line in report.hands] == [True, True, True, True, False]
    assert not report.finished and report.winner is None
    last = written("truncated.yaml")[3]["score"]
    assert report.totals == tuple(last[name]["total"] for name in report.sides)
    code, text = check_exit(str(HERE / "truncated.yaml"))
    assert code == 2 and "INCOMPLETE (hand 5, trick 7)" in text


def test_archive_of_simulated_games_is_clean() -> None:
    code, out = check_exit(str(HERE / "games.jsonl"), "--format", "json")
    reports = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert len(reports) == 200
    assert [r["game"] for r in reports] == list(range(1, 201))
    assert all(r["status"] == "clean" and r["finished"] and r["winner"] for r in reports)


def test_readme_lists_every_example_with_its_exit_code() -> None:
    rows = re.findall(r"^\| `([^`]+)` \| [^|]+ \| (\d) \|$", (EXAMPLES / "README.md").read_text(), re.MULTILINE)
    listed = {name: int(code) for name, code in rows}
    on_disk = {p.name for p in HERE.iterdir() if p.suffix in (".yaml", ".jsonl")}
    assert set(listed) == on_disk
    for name, expected in listed.items():
        assert check_exit(str(HERE / name), "--quiet")[0] == expected, name


YAML_EXAMPLES = ["clean-game.yaml", "disputed-game.yaml", "tricks-only.yaml", "score-sheet.yaml", "truncated.yaml"]


@pytest.mark.parametrize("name", YAML_EXAMPLES)
def test_examples_have_a_full_header_and_explain_themselves(name: str) -> None:
    text = (HERE / name).read_text(encoding="utf-8")
    assert text.startswith("# ")
    game = yaml.safe_load(text)["game"]
    assert {"event", "date", "rules"} <= set(game) and game["rules"] == "spades/intramural"


def test_the_hearts_club_s_score_sheet() -> None:
    # examples/hearts-club: the queen at 10, 23 points a deal. Hand 1: 10 + 5 + 8 + 0 = 23, a deal's. Hand 2: Bob's
    # moon, 0 for him and 23 for each other (69). Hand 3: 2 + 13 + 6 + 5 = 26, no deal's at Birch Lane: a
    # score_mismatch, the hand scored as written. Totals: Ann 10 + 23 + 2 = 35, Bob 5 + 0 + 13 = 18, Cat 8 + 23 + 6
    # = 37, Dan 0 + 23 + 5 = 28; the Elm Street game runs to 100, so it is not finished.
    club = EXAMPLES / "hearts-club"
    report = referee.audit(str(club / "club.yaml"), referee.load_log(club / "score-sheet.yaml"))
    assert found(report) == [("score_mismatch", 3, None, None)]
    assert report.totals == (35, 18, 37, 28) and not report.finished
    # under hearts/club, 26 a deal: hands 1 (23) and 2 (69) are no deal's, hand 3 (26) is
    report = referee.audit("hearts/club", referee.load_log(club / "score-sheet.yaml"))
    assert found(report) == [("score_mismatch", 1, None, None), ("score_mismatch", 2, None, None)]


def test_the_domino_club_fixes_the_target_its_rules_left_to_the_table() -> None:
    spec = referee.load_spec(str(EXAMPLES / "dominoes-club" / "block-150.yaml"))
    assert spec.value("game_end.target", "points") == 150 and list(spec.options) == ["chip_out"]
