"""spades/house: simulated games audit clean, each kind of broken game is pinpointed, and one game differs by spec.

The mutations that cost a penalty (3 books) are made in a game's last hand, so that no later hand's end of game
can move; the rest may be made anywhere.
"""

from __future__ import annotations

import copy

import variants
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import Log, seeds, suit
from variants import FAST, PLAYERS, Variant, found, last_bid_hand, last_hand, renege_in_last_hand

HOUSE = Variant("spades/house", (("blind", True),))
simulated = HOUSE.simulated
audit = HOUSE.audit


@FAST
@given(seeds)
def test_simulated_games_are_clean(seed: int) -> None:
    doc, report = HOUSE.clean_game(seed)
    assert doc["game"]["options"] == {"blind": True}
    first = doc["hands"][0]
    assert "bids" not in first  # the first hand of a game is not bid
    if len(doc["hands"]) == 1:  # a first-hand sweep: 10 books or more win at once
        assert max(b or 0 for b in report.hands[0].books) >= 10
    for line in report.hands[1:]:
        assert all(4 <= (bid or 0) <= 13 for bid in line.bids)
    for number, hand in enumerate(doc["hands"][1:], 2):
        bidders = [next(iter(entry)) for entry in hand["bids"]]
        dealer = PLAYERS.index(hand["dealer"])
        # the non-dealers first, from the dealer's left (or their team's one bid, where it bid blind)
        assert PLAYERS[(dealer + 1) % 4] in bidders[0].split(" & "), number


@FAST
@given(seeds, st.data())
def test_renege_costs_three_books_and_is_pinpointed(seed: int, data: st.DataObject) -> None:
    case = renege_in_last_hand(HOUSE, seed, data)
    number, name, clean, reneged = case.number, case.name, case.clean, case.reneged
    assert found(reneged) == [("renege", number, case.trick, name)]
    side = PLAYERS.index(name) % 2
    books = clean.hands[-1].books[side] or 0
    # the reneging side scores as if it had 3 books fewer (never fewer than none)
    assert reneged.hands[-1].books == clean.hands[-1].books
    if number > 1:
        bid = clean.hands[-1].bids[side] or 0
        kept = max(0, books - 3)
        if kept < bid <= books and not 2 * bid <= books:
            now, then = reneged.hands[-1].points[side], clean.hands[-1].points[side]
            assert now is not None and then is not None and now < 0 <= then
    else:
        assert reneged.hands[-1].points[side] == 10 * max(0, books - 3)


@FAST
@given(seeds, st.data())
def test_play_out_of_turn_is_pinpointed(seed: int, data: st.DataObject) -> None:
    doc = simulated(seed, with_score=False)
    number = len(doc["hands"])
    trick = data.draw(st.integers(1, 13))
    position = data.draw(st.integers(1, 2))
    plays = doc["hands"][number - 1]["tricks"][trick - 1]
    plays[position], plays[position + 1] = plays[position + 1], plays[position]
    early = next(iter(plays[position]))
    assert found(audit(doc)) == [("play_out_of_turn", number, trick, early)]


@FAST
@given(seeds, st.data())
def test_team_bid_below_four_is_pinpointed(seed: int, data: st.DataObject) -> None:
    doc = simulated(seed, with_score=False)
    number = last_bid_hand(doc)
    bids = doc["hands"][number - 1]["bids"]
    singles = [i for i, entry in enumerate(bids) if next(iter(entry)) in PLAYERS]
    side = data.draw(st.sampled_from(sorted({PLAYERS.index(next(iter(bids[i]))) % 2 for i in singles})))
    members = [i for i in singles if PLAYERS.index(next(iter(bids[i]))) % 2 == side]
    assume(len(members) == 2)
    first = data.draw(st.integers(0, 3))
    for index, value in zip(members, (first, 3 - first), strict=True):
        bids[index] = {next(iter(bids[index])): value}
    later = next(iter(bids[members[1]]))  # the partner whose bid completed the team's 3
    assert found(audit(doc)) == [("bid_below_side_minimum", number, None, later)]


@FAST
@given(seeds)
def test_dealers_partner_bidding_first_is_pinpointed(seed: int) -> None:
    doc = simulated(seed, with_score=False)
    number = last_bid_hand(doc)
    bids = doc["hands"][number - 1]["bids"]
    assume(all(next(iter(entry)) in PLAYERS for entry in bids))  # four single bids, no team's blind bid
    bids.insert(0, bids.pop())  # the last to bid (the dealer's partner) bids first
    assert found(audit(doc)) == [("bid_out_of_turn", number, None, next(iter(bids[0])))]


@FAST
@given(seeds)
def test_bids_on_the_first_hand_are_pinpointed(seed: int) -> None:
    doc = simulated(seed)
    doc["hands"][0]["bids"] = [{"Ann": 3}, {"Bob": 3}, {"Cat": 3}, {"Dan": 3}]
    assert found(audit(doc)) == [("bid_not_allowed", 1, None, None)]


@FAST
@given(seeds, st.integers(0, 50))
def test_cards_passed_are_pinpointed(seed: int, pick: int) -> None:
    doc = simulated(seed)
    number = pick % len(doc["hands"]) + 1
    doc["hands"][number - 1]["passes"] = {"Ann": ["AS"], "Bob": ["KS"], "Cat": ["QS"], "Dan": ["JS"]}
    assert found(audit(doc)) == [("pass_not_allowed", number, None, None)]


@FAST
@given(seeds)
def test_blind_bid_by_a_team_not_behind_is_pinpointed(seed: int) -> None:
    doc = simulated(seed)
    number = last_bid_hand(doc)
    hand = doc["hands"][number - 1]
    before = doc["hands"][number - 2]["score"]  # the totals before the last hand
    ahead = [key for key in before if before[key]["total"] > max(v["total"] for v in before.values()) - 100]
    side_of_key = {"Ann": "Ann & Cat", "Bob": "Bob & Dan"}
    teams = [side_of_key[key] for key in ahead]
    bidders = [next(iter(entry)) for entry in hand["bids"]]
    team = next((t for t in teams if t not in bidders), None)  # a team that bid no blind bid of its own
    assume(team is not None)
    assert team is not None
    members = team.split(" & ")
    at = min(i for i, b in enumerate(bidders) if b in members)
    hand["bids"] = [e for e in hand["bids"] if next(iter(e)) not in members]
    hand["bids"].insert(at, {team: {"kind": "blind", "tricks": 5}})
    del hand["score"]  # the hand now scores differently
    assert found(audit(doc)) == [("bid_not_allowed", number, None, members[0])]


@FAST
@given(seeds, st.data())
def test_a_spade_taken_back_is_pinpointed(seed: int, data: st.DataObject) -> None:
    doc = simulated(seed, with_score=False)
    number, _, tricks = last_hand(doc)
    # a spade the player still held at an earlier trick: said to be played there and picked up again
    choices = [
        (k, name, card) for m, trick in enumerate(tricks) for name, card in trick if suit(card) == "S" for k in range(m)
    ]
    variants.taken_back_is_pinpointed(HOUSE, doc, number, choices, data)


SHEET: Log = {
    "log": 1,
    "players": list(PLAYERS),
    "hands": [
        {"dealer": "Ann", "bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 4}, "books": {"Ann": 6, "Bob": 7}},
        {"dealer": "Bob", "bids": {"Ann": 5, "Bob": 1, "Cat": 5, "Dan": 2}, "books": {"Ann": 10, "Bob": 3}},
        {"dealer": "Cat", "bids": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 3}, "books": {"Ann": 8, "Bob": 5}},
    ],
}


def test_one_game_two_specs_two_verdicts() -> None:
    """A score sheet of three hands, worked out under each sheet by hand."""
    intramural = audit(copy.deepcopy(SHEET), "spades/intramural")
    house = audit(copy.deepcopy(SHEET), "spades/house")
    # Intramural: every hand is bid. Hand 1: 6 bid, 6 taken, 60; 7 bid, 7 taken, 70. Hand 2: Ann & Cat 10 with
    # 10, 100; Bob & Dan 3 (below the side minimum of 4, reported on Dan, no penalty) with 3, 30. Hand 3: 4 with 8,
    # 40 + 4 overtricks = 44; 5 with 5, 50.
    assert found(intramural) == [("bid_below_side_minimum", 2, None, "Dan")]
    assert [line.points for line in intramural.hands] == [(60, 70), (100, 30), (44, 50)]
    assert intramural.totals == (204, 150)
    # House: the first hand is not bid (the bids are reported and ignored; 10 a book: 60, 70). Hand 2: 10 for 200;
    # Bob & Dan's 3 is reported and the rule break costs 3 books: 0 kept of 3, set, -30. Hand 3: 8 books on a bid
    # of 4 is double: -100; 5 with 5, 50.
    assert found(house) == [("bid_below_side_minimum", 2, None, "Dan"), ("bid_not_allowed", 1, None, None)]
    assert [line.points for line in house.hands] == [(60, 70), (200, -30), (-100, 50)]
    assert house.totals == (160, 90)
