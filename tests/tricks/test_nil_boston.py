"""Nil (a player's bid of no tricks) and Boston (13 tricks for 300), on variants of the house rules.

The hands are the house conformance corpus's: tests/conformance/good/house_full_hand.yaml (hand 2: Ann takes
tricks 2-13, Bob trick 1, Cat and Dan none). Expected scores are worked out by hand in each test.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.report import Report

ROOT = Path(__file__).resolve().parents[2]
FULL = yaml.safe_load((ROOT / "tests/conformance/good/house_full_hand.yaml").read_text(encoding="utf-8"))["log"]

HEADER = """\
spec: 1
id: spades/house-variant
title: House Spades with nil and Boston, a test variant
family: spades
extends: spades/house
source:
  document: 000_3ed51c69cc10dcc6.txt
  title: "Rules (house sheet): Spades"
bidding:
  nil:
    interpretation: A test variant against the sheet.
    allowed: true
    bonus: 100
    penalty: -100
    partner_min: 4
    tricks_count_for_partner: {counts}
  boston:
    interpretation: A test variant against the sheet.
    allowed: true
    points: 300
"""


def audit(tmp_path: Path, log: dict[str, Any], counts: bool = True) -> Report:
    path = tmp_path / f"variant-{str(counts).lower()}.yaml"  # one file a spec: loaded specs are cached by path
    path.write_text(HEADER.format(counts=str(counts).lower()), encoding="utf-8")
    return referee.audit(referee.load_spec(str(path)), from_document(log, Location(file="<test>")))


def with_bids(bids: list[dict[str, Any]] | list[object]) -> dict[str, Any]:
    log = copy.deepcopy(FULL)
    del log["game"]["rules"]
    hand = log["hands"][1]
    hand["bids"] = bids
    del hand["score"]
    return dict(log)


def test_nil_made_adds_its_bonus_to_the_partners_contract(tmp_path: Path) -> None:
    # Cat bids nil and takes no trick: +100. Ann's 10 is the side's contract; the side took 12 (all Ann's):
    # 10 for 200. 60 before: 60 + 200 + 100 = 360. Bob & Dan bid 2 + 2 = 4 and took 1: -40 (30).
    report = audit(tmp_path, with_bids([{"Ann": 10}, {"Cat": "nil"}, {"Dan": 2}, {"Bob": 2}]))
    assert report.violations == []
    line = report.hands[1]
    assert line.bids == (10, 4) and line.points == (300, -40) and line.totals == (360, 30)


def test_nil_set_and_the_nil_bidders_tricks(tmp_path: Path) -> None:
    # Ann bids nil and takes 12 tricks: -100. Cat bids 5: with the nil bidder's tricks counting for the partner, the
    # side has 12 books on 5, made, 50 (nothing for overbooks) -- but 12 is double 5 and more: -100 for the hand.
    # So -100 - 100 = -200. Without them, Cat's side has 0 books on 5: set, -50, and -100: -150.
    bids = [{"Ann": "nil"}, {"Cat": 5}, {"Dan": 2}, {"Bob": 2}]
    counted = audit(tmp_path, with_bids(bids))
    assert counted.violations == [] and counted.hands[1].points == (-200, -40)
    apart = audit(tmp_path, with_bids(bids), counts=False)
    assert apart.violations == [] and apart.hands[1].points == (-150, -40)


def test_a_nil_bidders_partner_bids_at_least_four(tmp_path: Path) -> None:
    report = audit(tmp_path, with_bids([{"Ann": "nil"}, {"Cat": 3}, {"Dan": 2}, {"Bob": 2}]))
    found = [(str(v.code), v.clause.id, v.where.hand, v.where.seat) for v in report.violations]
    # Cat's 3 beside a nil breaks the nil rule, and the side's 3 its minimum of 4 (both on Cat)
    assert found == [
        ("bid_out_of_range", "bidding.nil", 2, "Cat"),
        ("bid_below_side_minimum", "bidding.limits", 2, "Cat"),
    ]


def test_a_nil_without_tricks_is_not_scored(tmp_path: Path) -> None:
    log = with_bids([{"Ann": 10}, {"Cat": "nil"}, {"Dan": 2}, {"Bob": 2}])
    hand = log["hands"][1]
    del hand["tricks"], hand["deal"]
    hand["books"] = {"Ann": 12, "Bob": 1}
    line = audit(tmp_path, log).hands[1]
    assert not line.scored and line.note is not None and "nil" in line.note


def test_boston_made_and_set(tmp_path: Path) -> None:
    # Books only. Hand 2: Ann & Cat bid 13 (Boston) and take 13: 300 (360); Bob & Dan 4 with 0: -40 (30).
    # Hand 3: Ann & Cat bid 13 again and take 12: set, -130 (230); Bob & Dan 4 with 1: -40 (-10).
    log = {
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": [
            {"dealer": "Cat", "books": {"Ann": 6, "Bob": 7}},
            {
                "dealer": "Dan",
                "bids": [{"Ann & Cat": {"kind": "boston"}}, {"Bob & Dan": 4}],
                "books": {"Ann": 13, "Bob": 0},
            },
            {"dealer": "Ann", "bids": [{"Bob & Dan": 4}, {"Ann & Cat": 13}], "books": {"Ann": 12, "Bob": 1}},
        ],
    }
    report = audit(tmp_path, log)
    assert report.violations == []
    assert [line.points for line in report.hands[1:]] == [(300, -40), (-130, -40)]
    assert report.totals == (230, -10)


@pytest.mark.parametrize(
    ("books", "points"),
    [
        # Cat took none: her nil is made, as in the hand played (300, -40)
        ({"Ann": 12, "Cat": 0, "Bob": 1, "Dan": 0}, (300, -40)),
        # Cat took one: -100; her trick counts for Ann's 10, made for 200 (no overbooks): 100
        ({"Ann": 11, "Cat": 1, "Bob & Dan": 1}, (100, -40)),
        # the side took none: then neither partner did (Ann's 10 set, -100; Cat's nil made, +100); Bob & Dan took
        # 13 on 4, double their bid and more: -100
        ({"Ann & Cat": 0, "Bob & Dan": 13}, (0, -100)),
    ],
)
def test_a_nil_without_tricks_is_scored_from_its_bidders_books(
    tmp_path: Path, books: dict[str, int], points: tuple[int, int]
) -> None:
    log = with_bids([{"Ann": 10}, {"Cat": "nil"}, {"Dan": 2}, {"Bob": 2}])
    hand = log["hands"][1]
    del hand["tricks"], hand["deal"]
    hand["books"] = books
    line = audit(tmp_path, log).hands[1]
    assert line.scored and line.points == points
