"""The general clauses document 004's reneg, misdeal and game-end rules need, under a small test spec.

The spec (tests/specs/reneg-rules.yaml) extends spades/intramural (bids from the dealer, 10 a trick bid,
overtricks a point each) with a bag limit of 10 (-100, the rest carried), the escalating renege penalty
(5 sandbags, 10, then the game lost), the claim window, the opponents scored as made, the hand thrown
out when a renege would win it, 3 sandbags a card not played, the misdeal callers and "500 behind".
Every expected figure is worked out by hand in the comments.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from referee import gamelog
from referee.errors import InputError, Location
from referee.report import Report

SPEC = Path(__file__).parent.parent / "specs" / "reneg-rules.yaml"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # Ann & Cat v Bob & Dan
AC, BD = "Ann & Cat", "Bob & Dan"

# Ann all spades (the jokers head them), Bob all hearts, Cat the clubs and 3S, Dan the diamonds and 2S.
DEAL = {
    "Ann": ["BJ", "LJ", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S"],
    "Bob": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    "Cat": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "3S"],
    "Dan": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2S"],
}
# Dan deals, so Ann leads; intramural bids start with the dealer. Ann & Cat bid 9 + 1 = 10, Bob & Dan 2 + 2 = 4.
BIDS = [{"Dan": 2}, {"Ann": 9}, {"Bob": 2}, {"Cat": 1}]


def _tricks(renege: bool) -> list[list[dict[str, str]]]:
    """Ann leads a spade to every trick and wins all 13. With ``renege``, Cat plays AC on the BJ lead of
    trick 1 while holding 3S (a renege), and 3S on trick 2."""
    cat = ["3S", "AC"] if not renege else ["AC", "3S"]
    cat += DEAL["Cat"][1:12]
    dan = ["2S", *DEAL["Dan"][:12]]
    return [[{"Ann": DEAL["Ann"][i]}, {"Bob": DEAL["Bob"][i]}, {"Cat": cat[i]}, {"Dan": dan[i]}] for i in range(13)]


def _hand(renege: bool = True, claim: dict[str, Any] | None = None) -> dict[str, Any]:
    hand: dict[str, Any] = {"dealer": "Dan", "deal": DEAL, "bids": BIDS, "tricks": _tricks(renege)}
    if claim is not None:
        hand["events"] = [{"type": "renege_claim", "seat": "Cat", "trick": 1, **claim}]
    return hand


def _audit(hands: list[dict[str, Any]], spec: str | Path = SPEC) -> Report:
    log: dict[str, Any] = {"log": 1, "game": {"id": "t"}, "players": PLAYERS, "hands": hands}
    # no dealer rotation in these games: every hand played is Dan's deal, read from who leads
    for hand in log["hands"]:
        if "events" not in hand or hand["events"][0]["type"] != "misdeal":
            hand.pop("dealer", None)
    return referee.audit(referee.load_spec(str(spec)), gamelog.from_document(log, Location(file="t")))


def _codes(report: Report) -> list[tuple[str, int | None, int | None, str | None]]:
    return [(v.code.value, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]


def _side(report: Report, hand: int, side: str) -> dict[str, Any]:
    line = next(line for line in report.as_dict()["score_sheet"] if line["hand"] == hand)
    return dict(line["sides"][side])


def _variant(tmp_path: Path, change: dict[str, Any]) -> Path:
    """The test spec with some clauses changed (a child spec extending it)."""
    body = {"spec": 1, "id": "test/reneg-variant", "title": "Variant", "extends": str(SPEC), **change}
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return path


CLAIM = {"by": "Bob", "cards_played": 20}


def test_escalating_renege_sandbags_then_the_game_lost() -> None:
    """Hand 1: Ann & Cat take 13 on 10: 100 + 3 = 103, bags 3 + 5 (first renege) = 8; Bob & Dan, set on 4, are
    scored as made: 40. Hand 2: 103 again, bags 8 + 3 + 10 (second renege) = 21: two tens cost 200, 1 carried:
    103 - 200 = -97, total 6; Bob & Dan 80. Hand 3: the third renege costs Ann & Cat the game (the step has no
    sandbags: bags 1 + 3 = 4, 103, total 109 v 120): Bob & Dan win."""
    report = _audit([_hand(claim=CLAIM) for _ in range(3)])
    assert _codes(report) == [("renege", n, 1, "Cat") for n in (1, 2, 3)]
    assert _side(report, 1, AC) == {"bid": 10, "books": 13, "points": 103, "total": 103, "bags": 8}
    assert _side(report, 1, BD) == {"bid": 4, "books": 0, "points": 40, "total": 40, "bags": 0}
    assert _side(report, 2, AC) == {"bid": 10, "books": 13, "points": -97, "total": 6, "bags": 1}
    assert _side(report, 2, BD)["total"] == 80
    assert _side(report, 3, AC) == {"bid": 10, "books": 13, "points": 103, "total": 109, "bags": 4}
    assert (report.finished, report.winner, report.ended_at_hand) == (True, BD, 3)


def test_an_unclaimed_renege_costs_nothing() -> None:
    """The renege is reported, but no one claimed it: 103 and bags 3 for Ann & Cat, Bob & Dan set: -40."""
    report = _audit([_hand()])
    assert _codes(report) == [("renege", 1, 1, "Cat")]
    assert _side(report, 1, AC)["bags"] == 3
    assert _side(report, 1, BD)["points"] == -40


@pytest.mark.parametrize(
    ("cards_played", "counted"),
    [
        # The last trick: Ann leads, Bob second, Cat third, Dan last; 48 cards before it. Bob & Dan's last card
        # is Dan's, the 52nd: claimed with 51 cards played is in time, after the 52nd (52) too late.
        (51, True),
        (52, False),
        (0, True),
    ],
)
def test_the_claim_window(cards_played: int, counted: bool) -> None:
    report = _audit([_hand(claim={"by": "Dan", "cards_played": cards_played})])
    codes = _codes(report)
    if counted:
        assert codes == [("renege", 1, 1, "Cat")]
        assert _side(report, 1, AC)["bags"] == 8  # 3 overtricks + 5
        assert _side(report, 1, BD)["points"] == 40  # as made
    else:
        assert codes == [("renege", 1, 1, "Cat"), ("claim_refused", 1, 1, "Dan")]
        assert report.violations[-1].clause.id == "penalties.renege"
        assert _side(report, 1, AC)["bags"] == 3
        assert _side(report, 1, BD)["points"] == -40


def test_a_claim_by_the_reneging_side_is_refused() -> None:
    report = _audit([_hand(claim={"by": "Ann"})])
    assert _codes(report) == [("renege", 1, 1, "Cat"), ("claim_refused", 1, 1, "Ann")]
    assert _side(report, 1, BD)["points"] == -40


def test_a_renege_that_would_win_the_game_throws_the_hand_out(tmp_path: Path) -> None:
    """Game to 100. Hand 1, with a claimed renege by Cat: 103 would win the game for Ann & Cat, who reneged: it
    is thrown out, nothing scored (0 v 0), and the renege not counted. Hand 2, clean: 103 (bags 3) v -40:
    Ann & Cat win."""
    spec = _variant(tmp_path, {"game_end": {"target": {"points": 100, "interpretation": "A short game."}}})
    thrown = _hand(claim=CLAIM)
    thrown["score"] = {AC: {"hand": 0, "total": 0}, BD: {"hand": 0, "total": 0}}  # the table wrote nothing scored
    report = _audit([thrown, _hand(renege=False)], spec)
    assert _codes(report) == [("renege", 1, 1, "Cat")]  # the written zeros agree: no score_mismatch
    first = report.as_dict()["score_sheet"][0]
    assert first["scored"] is False and "thrown out" in first["note"]
    assert _side(report, 1, AC)["total"] == 0 and _side(report, 1, BD)["total"] == 0
    assert _side(report, 2, AC) == {"bid": 10, "books": 13, "points": 103, "total": 103, "bags": 3}
    assert _side(report, 2, BD)["total"] == -40
    assert (report.finished, report.winner, report.ended_at_hand) == (True, AC, 2)


def test_without_the_rule_the_winning_renege_stands(tmp_path: Path) -> None:
    """The same first hand where it is not thrown out: 103 (bags 3 + 5 = 8) v 40 as made: Ann & Cat win."""
    change = {
        "game_end": {"target": {"points": 100, "interpretation": "A short game."}},
        "penalties": {"renege": {"winning_hand_thrown_out": None, "interpretation": "The hand stands."}},
    }
    report = _audit([_hand(claim=CLAIM)], _variant(tmp_path, change))
    assert _side(report, 1, AC) == {"bid": 10, "books": 13, "points": 103, "total": 103, "bags": 8}
    assert (report.finished, report.winner, report.ended_at_hand) == (True, AC, 1)


def test_a_card_not_played_costs_three_sandbags() -> None:
    """Cat plays no card to trick 5 (clean play otherwise; Cat's clubs go AC, KC, QC, JC): Cat ends holding JC.
    Ann still wins every trick: 103 for Ann & Cat, bags 3 overtricks + 3 for the card = 6."""
    hand = _hand(renege=False)
    hand["tricks"][4] = [play for play in hand["tricks"][4] if "Cat" not in play]
    report = _audit([hand])
    assert _codes(report) == [("card_not_played", 1, None, "Cat")]
    assert "J♣" in report.violations[0].message
    assert _side(report, 1, AC) == {"bid": 10, "books": 13, "points": 103, "total": 103, "bags": 6}


def test_without_the_clause_a_missing_card_is_a_record_that_stops_short(tmp_path: Path) -> None:
    hand = _hand(renege=False)
    hand["tricks"][4] = [play for play in hand["tricks"][4] if "Cat" not in play]
    report = _audit([hand], _variant(tmp_path, {"penalties": {"card_not_played": None}}))
    assert [(i.where.hand, i.where.trick) for i in report.incomplete] == [(1, 5)]


def test_a_side_500_behind_loses(tmp_path: Path) -> None:
    """Hands written as books: Ann & Cat bid 13 and take 13 (130), Bob & Dan bid 13 and take none (-130): 260
    apart after one hand, 520 after two: Bob & Dan lose at hand 2 (neither side is near 500 or -500)."""
    hand = {"bids": [{"Dan": 6}, {"Ann": 7}, {"Bob": 7}, {"Cat": 6}], "books": {AC: 13, BD: 0}}
    report = _audit([copy.deepcopy(hand) for _ in range(3)])
    assert _side(report, 2, AC)["total"] == 260 and _side(report, 2, BD)["total"] == -260
    assert (report.finished, report.winner, report.ended_at_hand) == (True, AC, 2)
    without = _audit([copy.deepcopy(hand) for _ in range(2)], _variant(tmp_path, {"game_end": {"behind": None}}))
    assert without.finished is False


# -- misdeals: causes and callers ----------------------------------------------------------------------------

# Dealt round the table from the sorted deck: three or four of each suit each, everyone holding a spade.
_DECK = [c for suit in (DEAL["Ann"] + ["3S", "2S"], DEAL["Bob"], DEAL["Cat"][:12], DEAL["Dan"][:12]) for c in suit]
BALANCED = {name: _DECK[seat::4] for seat, name in enumerate(PLAYERS)}


def _misdeal(deal: dict[str, list[str]], **call: Any) -> dict[str, Any]:
    return {"dealer": "Dan", "deal": deal, "events": [{"type": "misdeal", **call}]}


@pytest.mark.parametrize(
    ("deal", "call", "refused"),
    [
        # Bob holds 13 hearts (and no spade): his own call, for either cause, is allowed.
        (DEAL, {"by": "Bob"}, False),
        (DEAL, {"by": "Bob", "cause": "no_trump"}, False),
        # Cat is not the holder of Bob's hearts; as the dealer's opponent she may call only the dealer's last card.
        (DEAL, {"by": "Cat", "cause": "suit_length"}, False),  # Cat holds 12 clubs herself
        (BALANCED, {"by": "Cat", "cause": "suit_length"}, True),  # no one holds 7 of a suit
        (BALANCED, {"by": "Cat"}, False),  # the deal not ending with the dealer: taken on her word
        (BALANCED, {"by": "Bob"}, True),  # Bob is the dealer's partner: only holders' causes are his
        (BALANCED, {"by": "Ann", "cause": "wrong_count"}, True),  # everyone has 13
    ],
)
def test_who_may_call_a_misdeal_and_for_what(deal: dict[str, list[str]], call: dict[str, str], refused: bool) -> None:
    report = _audit([_misdeal(deal, **call), _hand(renege=False)])
    expected = [("misdeal_not_allowed", 1, None, call["by"])] if refused else []
    assert _codes(report) == expected
    assert report.hands[0].scored is False


def test_a_wrong_count_is_the_opponents_call() -> None:
    """Ann is dealt 14 (Cat's 3S too), Cat 12: Cat, the dealer's opponent, may call it; Dan, the dealer, may not."""
    deal = {name: list(cards) for name, cards in BALANCED.items()}
    deal["Ann"].append(deal["Cat"].pop())
    assert _codes(_audit([_misdeal(deal, by="Cat", cause="wrong_count")])) == []
    found = _codes(_audit([_misdeal(deal, by="Dan", cause="wrong_count")]))
    assert found == [("misdeal_not_allowed", 1, None, "Dan")]


def test_a_misdeal_called_after_bids_is_too_late() -> None:
    found = _codes(_audit([_misdeal(DEAL, by="Bob", bids_made=2)]))
    assert found == [("misdeal_too_late", 1, None, "Bob")]


def test_called_by_must_name_only_causes_the_spec_gives(tmp_path: Path) -> None:
    change = {"deal": {"misdeal": {"no_trump": None}}}
    with pytest.raises(InputError, match="no_trump"):
        _audit([_hand(renege=False)], _variant(tmp_path, change))


def test_excess_cards_passed_make_a_wrong_count_right(tmp_path: Path) -> None:
    """Ann is dealt Cat's 3S too (14 cards, Cat 12) and no misdeal is called. Cat plays 3S to trick 1: it was
    passed to her, so the hand is clean: 103 v -40. Without the rule, the two counts are wrong, Cat played a card
    she was not dealt, and Ann ends the hand with 3S in hand, never played."""
    hand = _hand(renege=False)
    hand["deal"] = {name: list(cards) for name, cards in DEAL.items()}
    hand["deal"]["Ann"].append(hand["deal"]["Cat"].pop())
    passed = {"deal": {"misdeal": {"excess_passed": True, "interpretation": "The excess card is passed."}}}
    report = _audit([copy.deepcopy(hand)], _variant(tmp_path, passed))
    assert _codes(report) == []
    assert _side(report, 1, AC)["points"] == 103 and _side(report, 1, BD)["points"] == -40
    plain = _audit([hand])
    assert [code for code, *_ in _codes(plain)] == [
        "deal_wrong_count",
        "deal_wrong_count",
        "card_not_in_hand",
        "card_not_played",
    ]


def test_behind_and_a_lost_game_with_three_sides() -> None:
    """Three teams, game to 500: at 300, -150, -250 the third is 550 behind the first, so it is out and the game
    ends, the first winning; at 300, -150, -150 no one is 500 behind and the game goes on. A team that lost the
    game by a penalty is out whatever its score: at 300, 100, 0 with the first out, the second wins."""
    from dataclasses import replace

    from referee.tricks import scoring
    from referee.tricks.tables import tables_for

    t = replace(tables_for(referee.load_spec("spades/six-player")), behind=500)
    assert scoring.result(t, [300, -150, -250], 3) == (True, 0)
    assert scoring.result(t, [300, -150, -150], 3) == (False, None)
    assert scoring.result(t, [300, 100, 0], 3, frozenset({0})) == (True, 1)
    assert scoring.end_clause(t, [300, -150, -250], 3) == "game_end.behind"
