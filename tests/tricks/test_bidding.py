"""The intramural bidding rules, on hand-built bids.

Seats 0..3 are Ann, Bob, Cat, Dan in clockwise order; Ann & Cat (0, 2) and
Bob & Dan (1, 3) are partners. The dealer bids first.
"""

from __future__ import annotations

from referee.gamelog import Bid
from referee.report import Code
from referee.tricks.bidding import bidding_order, check_bids, missing_bidders
from referee.tricks.tables import Tables

NAMES = ("Ann", "Bob", "Cat", "Dan")


def bids(*pairs: tuple[int, int]) -> tuple[Bid, ...]:
    """Number bids as (seat, tricks), in the order made."""
    return tuple(Bid(seat, tricks) for seat, tricks in pairs)


def found(
    t: Tables, made: tuple[Bid, ...], dealer: int | None = 0, ordered: bool = True
) -> list[tuple[str, int | None]]:
    """The (code, seat) of each finding, sorted."""
    _, findings = check_bids(t, made, ordered, dealer, NAMES)
    return sorted((str(f.code), f.seat) for f in findings)


def test_dealer_bids_first(intramural: Tables) -> None:
    assert bidding_order(intramural, 0) == [0, 1, 2, 3]
    assert bidding_order(intramural, 2) == [2, 3, 0, 1]
    assert bidding_order(intramural, 3) == [3, 0, 1, 2]


def test_regular_bidding(intramural: Tables) -> None:
    made = bids((2, 3), (3, 2), (0, 1), (1, 5))
    contracts, findings = check_bids(intramural, made, True, 2, NAMES)
    assert findings == []
    assert contracts == [1 + 3, 2 + 5]


def test_bidding_from_the_left_of_the_dealer_is_out_of_turn(intramural: Tables) -> None:
    # the common convention (left of dealer first) is not the intramural one
    made = bids((1, 3), (2, 2), (3, 2), (0, 2))
    # reported once, at the first bid: the others follow clockwise from it
    assert found(intramural, made, dealer=0) == [(Code.BID_OUT_OF_TURN, 1)]


def test_two_bidders_swapped(intramural: Tables) -> None:
    made = bids((0, 2), (2, 2), (1, 3), (3, 2))
    # Cat bids in Bob's turn; Bob then bids in what is still his turn
    assert found(intramural, made) == [(Code.BID_OUT_OF_TURN, 2)]


def test_second_bid_by_the_same_player(intramural: Tables) -> None:
    made = bids((0, 2), (1, 3), (2, 2), (3, 2), (1, 6))
    contracts, findings = check_bids(intramural, made, True, 0, NAMES)
    assert [(f.code, f.seat) for f in findings] == [(Code.BID_OUT_OF_TURN, 1)]
    assert "second time" in findings[0].message
    assert contracts == [4, 5]  # the first bid stands


def test_missing_bid(intramural: Tables) -> None:
    # three of the four bids written, in turn: the record of the bidding stops short (the audit says the record is
    # incomplete), no player is reported for not bidding; with no bid written at all the hand was played unbid
    made = bids((0, 2), (1, 3), (2, 2))
    contracts, findings = check_bids(intramural, made, True, 0, NAMES)
    assert findings == []
    assert contracts == [4, None]
    assert missing_bidders(intramural, made, contracts) == [3]
    contracts, findings = check_bids(intramural, (), True, 0, NAMES)
    assert [(f.code, f.seat) for f in findings] == [(Code.BID_MISSING, seat) for seat in (0, 2, 1, 3)]
    assert contracts == [None, None]


def test_zero_is_out_of_range(intramural: Tables) -> None:
    made = bids((0, 0), (1, 3), (2, 4), (3, 2))
    contracts, findings = check_bids(intramural, made, True, 0, NAMES)
    assert [(f.code, f.seat, f.clause) for f in findings] == [(Code.BID_OUT_OF_RANGE, 0, "bidding.limits")]
    assert contracts == [4, 5]


def test_fourteen_is_out_of_range(intramural: Tables) -> None:
    assert found(intramural, bids((0, 2), (1, 14), (2, 2), (3, 1))) == [(Code.BID_OUT_OF_RANGE, 1)]


def test_limits_themselves_are_in_range(intramural: Tables) -> None:
    assert found(intramural, bids((0, 1), (1, 13), (2, 3), (3, 1))) == []
    assert found(intramural, bids((0, 13), (1, 1), (2, 13), (3, 3))) == []


def test_side_total_below_four_is_reported_at_the_later_bidder(intramural: Tables) -> None:
    # dealer Ann: Ann bids before Cat, so Cat completes Ann & Cat's contract
    made = bids((0, 1), (1, 3), (2, 2), (3, 2))
    contracts, findings = check_bids(intramural, made, True, 0, NAMES)
    assert [(f.code, f.seat, f.clause) for f in findings] == [(Code.BID_BELOW_SIDE_MINIMUM, 2, "bidding.limits")]
    assert contracts == [3, 5]
    # dealer Dan: Dan bids before Bob, so Bob completes Bob & Dan's contract
    made = bids((3, 2), (0, 2), (1, 1), (2, 2))
    assert found(intramural, made, dealer=3) == [(Code.BID_BELOW_SIDE_MINIMUM, 1)]
    # dealer Cat: Cat bids before Ann
    made = bids((2, 1), (3, 2), (0, 1), (1, 3))
    assert found(intramural, made, dealer=2) == [(Code.BID_BELOW_SIDE_MINIMUM, 0)]


def test_both_sides_below_four(intramural: Tables) -> None:
    made = bids((1, 1), (2, 1), (3, 2), (0, 2))
    assert found(intramural, made, dealer=1) == [(Code.BID_BELOW_SIDE_MINIMUM, 0), (Code.BID_BELOW_SIDE_MINIMUM, 3)]


def test_side_total_of_four_is_enough(intramural: Tables) -> None:
    assert found(intramural, bids((0, 1), (1, 2), (2, 3), (3, 2))) == []


def test_nil_and_blind_are_not_allowed(intramural: Tables) -> None:
    made = (Bid(0, 0, "nil"), Bid(1, 3), Bid(2, 4), Bid(3, 5, "blind"))
    _, findings = check_bids(intramural, made, True, 0, NAMES)
    assert sorted((f.code, f.seat, f.clause) for f in findings) == [
        (Code.BID_KIND_NOT_ALLOWED, 0, "bidding.nil"),
        (Code.BID_KIND_NOT_ALLOWED, 3, "bidding.blind"),
    ]
    assert "nil" in findings[0].message or "nil" in findings[1].message


def test_ten_for_two_hundred_is_not_allowed(intramural: Tables) -> None:
    made = (Bid(0, 10, "ten_for_two_hundred"), Bid(1, 3), Bid(2, 1), Bid(3, 2))
    _, findings = check_bids(intramural, made, True, 0, NAMES)
    assert [(f.code, f.seat, f.clause) for f in findings] == [
        (Code.BID_KIND_NOT_ALLOWED, 0, "bidding.ten_for_two_hundred")
    ]


def test_unordered_bids_skip_the_turn_check(intramural: Tables) -> None:
    # bids keyed by player (a score sheet) have no order to check
    made = bids((3, 2), (1, 3), (2, 2), (0, 2))
    assert found(intramural, made, dealer=0, ordered=False) == []
    assert found(intramural, made, dealer=None, ordered=True) == []
