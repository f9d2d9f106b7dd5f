"""A hand's score taken apart by clause (tricks.score_parts), and the clause a differing figure comes from: the
part it leaves out. Figures worked from the sheets' numbers."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from referee import load_spec
from referee.cli import main
from referee.report import HandScore
from referee.tricks import score_parts, scoring
from referee.tricks.scoring import score_hand
from referee.tricks.tables import tables_for

IHOP = tables_for(load_spec("spades/ihop-silver"))  # 10 a trick bid, 1 an overtrick, -100 at 10 bags, nil +-100


def test_a_plain_hand_s_parts_are_its_contract_and_its_bag_penalty() -> None:
    # bid 4, 9 taken: 40 + 5 = 45; the hand's points -55 (its overtricks made the count 10): the bags' part is -100
    parts = score_parts.plain(IHOP, 4, 9, -55)
    assert parts == (("scoring.contract", 45), ("scoring.bags", -100))
    assert score_parts.clause_of(parts, 45) == "scoring.bags"  # the bag penalty left out
    assert score_parts.clause_of(parts, 50) is None  # wrong otherwise: the caller's own clause
    assert score_parts.plain(IHOP, 4, 9, 45) == (("scoring.contract", 45),)  # no penalty: no part of 0
    assert score_parts.plain(IHOP, None, 9, 0) is None  # no contract on the line (an unbid hand)


def test_a_capped_hand_names_the_cap() -> None:
    capped = dataclasses.replace(IHOP, hand_max=100)
    # 11 bid and taken: 110, capped at 100: the cap's part is -10, and 110 written leaves it out
    parts = score_parts.plain(capped, 11, 11, 100)
    assert parts == (("scoring.contract", 110), ("scoring.hand_max", -10))
    assert score_parts.clause_of(parts, 110) == "scoring.hand_max"


def test_score_hand_takes_a_nil_and_a_renege_s_points_apart() -> None:
    t = dataclasses.replace(IHOP, renege_points=-50)
    parts: list[score_parts.Parts] = []
    # Ann & Cat bid 4 (Cat nil, made) and take 5: 40 + 1 = 41, +100; Bob & Dan bid 4, take 8, renege once: 44 - 50
    results = score_hand(t, [4, 4], [5, 8], [0, 0], [0, 1], nils=[(0, 0)], parts=parts)
    assert [r.points for r in results] == [141, -6]
    assert parts == [
        (("scoring.contract", 41), ("bidding.nil", 100)),
        (("scoring.contract", 44), ("penalties.renege", -50)),
    ]
    assert score_parts.clause_of(parts[0], 41) == "bidding.nil"
    assert score_parts.clause_of(parts[1], 44) == "penalties.renege"


def test_score_hand_names_each_special_bid_s_points() -> None:
    parts: list[score_parts.Parts] = []
    # Ann & Cat bid 4 with ACES (made, +100) and Little Bemo (failed, -60), take 6: 40 + 2 = 42; Bob & Dan bid double
    # nil, both took a trick (-250 to them, +100 to Ann & Cat): 7 taken, each an overtrick, 7 - 250
    bonus = [
        (("bidding.aces", 100), ("bidding.bemo", -60), ("bidding.double_nil", 100)),
        (("bidding.double_nil", -250),),
    ]
    results = score_hand(IHOP, [4, 0], [6, 7], [0, 0], [0, 0], bonus=[140, -250], bonus_parts=list(bonus), parts=parts)
    assert [r.points for r in results] == [182, -243]
    assert parts == [(("scoring.contract", 42), *bonus[0]), (("scoring.contract", 7), *bonus[1])]
    assert score_parts.clause_of(parts[0], 82) == "bidding.aces"  # the ACES' 100 left out
    assert score_parts.clause_of(parts[0], 242) == "bidding.bemo"  # the failed bemo's -60 left out
    assert score_parts.clause_of(parts[1], 7) == "bidding.double_nil"
    parts.clear()  # with no clauses for its bonus, a part of the contract's clause of its own
    score_hand(IHOP, [4, 0], [6, 7], [0, 0], [0, 0], bonus=[140, -250], parts=parts)
    assert parts == [
        (("scoring.contract", 42), ("scoring.contract", 140)),
        (("scoring.contract", 7), ("scoring.contract", -250)),
    ]


HOUSE = tables_for(load_spec("spades/house"))  # 10 a book bid, nothing over, 200 for 10, -100 for double the bid


def test_a_contract_s_points_name_the_rule_that_gives_them_over_a_plain_bid() -> None:
    contract_parts = scoring.contract_parts
    # ihop Wheels: 10 bid and 10 taken, 200: 100 as any bid, 100 more by Wheels; written 100, Wheels was left out
    wheels = contract_parts(IHOP, 10, 10, 200)
    assert wheels == (("scoring.contract", 100), ("bidding.ten_for_two_hundred", 100))
    assert score_parts.clause_of(wheels, 100) == "bidding.ten_for_two_hundred"  # not the contract's, also 100
    # bid blind, Wheels is worth twice its natural value: 400, of which 200 by the blind bid; set, -100 like any bid
    assert contract_parts(IHOP, 10, 11, 401, blind=True) == (
        ("scoring.contract", 101),
        ("bidding.ten_for_two_hundred", 100),
        ("bidding.blind", 200),
    )
    assert contract_parts(IHOP, 10, 9, -100, blind=True) == (("scoring.contract", -100),)
    # a blind 6 made with 7: 120 + 1, the blind bid's doubling 60; a no trump 5 made, twice: 100
    assert contract_parts(IHOP, 6, 7, 121, blind=True) == (("scoring.contract", 61), ("bidding.blind", 60))
    assert contract_parts(IHOP, 5, 5, 100, times=(2, 2)) == (("scoring.contract", 50), ("bidding.no_trump", 50))
    assert contract_parts(IHOP, 5, 4, -100, times=(2, 2)) == (("scoring.contract", -50), ("bidding.no_trump", -50))
    # house: a bid of 4 with 8 books gets -100 in place of 40; a bid of 10 made, 200; a raised 10 is a plain 100
    assert contract_parts(HOUSE, 4, 8, -100) == (("scoring.contract", 40), ("scoring.overbid_double", -140))
    assert contract_parts(HOUSE, 10, 11, 200) == (("scoring.contract", 100), ("bidding.ten_for_two_hundred", 100))
    assert contract_parts(IHOP, 10, 10, 100, plain=True) == (("scoring.contract", 100),)
    # each as contract() scores it
    for t, bid, books, blind in (
        (IHOP, 10, 10, True),
        (IHOP, 13, 13, False),
        (HOUSE, 5, 12, True),
        (HOUSE, 6, 3, True),
    ):
        got = scoring.contract(t, bid, books, blind)[0]
        assert sum(p for _, p in contract_parts(t, bid, books, got, blind)) == got


TOURNAMENT = tables_for(load_spec("spades/tournament-jjdd"))  # the open first hand: 10 a book; a renege 3 books, -50


def test_the_unbid_first_hand_s_parts_name_its_penalties() -> None:
    # Ann & Cat take 4, Bob & Dan 9 and renege once: 3 of their books go over, 7 and 6, and they lose 50: 70 and 10
    parts = score_parts.unbid(TOURNAMENT, [4, 9], [0, 1], None, (), None)
    assert parts == (
        (("bidding.first_hand", 40), ("penalties.renege", 30)),
        (("bidding.first_hand", 90), ("penalties.renege", -80)),
    )
    assert [score_parts.clause_of(side, figure) for side, figure in zip(parts, (40, 90), strict=True)] == [
        "penalties.renege",
        "penalties.renege",
    ]
    # the house rules: a bid out of turn costs Bob & Dan 3 of their 7 books, 40; a wrong claim Ann & Cat 3 of 6, 30
    lost = (("penalties.false_claim", [3, 0]), ("penalties.other_rule", [0, 3]))
    parts = score_parts.unbid(HOUSE, [6, 7], [0, 0], [3, 3], lost, None)
    assert parts == (
        (("bidding.first_hand", 60), ("penalties.false_claim", -30)),
        (("bidding.first_hand", 70), ("penalties.other_rule", -30)),
    )
    line = HandScore(1, "Ann", (None, None), (6, 7), (30, 40), (30, 40), (0, 0))
    assert score_parts.own_clause(HOUSE, line) == "bidding.first_hand"  # a figure wrong otherwise: ten a book
    assert score_parts.own_clause(IHOP, line) == "scoring.contract"  # every hand bid


BAGS = """\
log: 1
players: [Ann, Bob, Cat, Dan]
hands:
  - {dealer: Ann, bids: {Ann: 2, Bob: 2, Cat: 2, Dan: 2}, books: {Ann & Cat: 9, Bob & Dan: 4}}
  - {dealer: Bob, bids: {Ann: 2, Bob: 2, Cat: 2, Dan: 2}, books: {Ann & Cat: 9, Bob & Dan: 4}}
"""


def test_compare_names_the_clause_a_differing_score_comes_from(tmp_path: Path) -> None:
    # hand 2: Ann & Cat's 5 more overtricks make 10, -100 under ihop-silver (45 - 100 = -55) and nothing under the
    # intramural rules (no sandbag penalty: 45); the contract clauses read alike, so the one clause why is the bags'
    # (the clauses the two state differently were all named before: penalties.card_not_played, penalties.renege,
    # scoring.bags, scoring.hand_max)
    path = tmp_path / "g.yaml"
    path.write_text(BAGS, encoding="utf-8")
    out = io.StringIO()
    assert main(["compare", str(path), "--rules", "spades/ihop-silver", "spades/intramural"], out=out) == 1
    said = out.getvalue()
    assert "spades/ihop-silver: points Ann & Cat -55, Bob & Dan 40" in said
    assert [line.strip() for line in said.splitlines() if "why:" in line] == ["why: scoring.bags"]
