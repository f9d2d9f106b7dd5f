"""spades/tournament-jjdd: simulated games audit clean, each kind of broken game is pinpointed at its hand, trick
and seat, and a renege moves three books and costs 50."""

from __future__ import annotations

import variants
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import power, replay, seeds, suit
from variants import FAST, PLAYERS, Variant, found, last_bid_hand, last_hand, renege_in_last_hand

TOURNAMENT = Variant("spades/tournament-jjdd")
simulated = TOURNAMENT.simulated
audit = TOURNAMENT.audit
TOP = ("BJ", "LJ", "2D", "2S")  # the JJDD top trumps, all spades


def card_suit(card: str) -> str:
    """The suit a card counts as here: the deuce of diamonds is a spade."""
    return "S" if card in TOP else suit(card)


def card_power(card: str) -> int:
    """Above the ace of spades: the deuce of spades, the deuce of diamonds, the Little and Big Jokers."""
    return 20 - TOP.index(card) if card in TOP else power(card)


JJDD = (card_suit, card_power)


@FAST
@given(seeds)
def test_simulated_games_are_clean(seed: int) -> None:
    doc, report = TOURNAMENT.clean_game(seed)
    assert max(report.totals) >= 350  # no clock in a simulated game: it ends at the target
    assert "bids" not in doc["hands"][0]  # the first hand is open
    for hand, line in zip(doc["hands"], report.hands, strict=True):
        # the independent model, with the JJDD card order, plays the same hand without a fault and the same books
        model = replay(list(PLAYERS), hand, JJDD)
        assert model.problems == []
        assert list(line.books) == [sum(PLAYERS.index(w) % 2 == side for w in model.winners) for side in (0, 1)]
        dealt = {card for cards in hand["deal"].values() for card in cards}
        assert {"2D", "2S", "BJ", "LJ"} <= dealt and not {"2H", "2C"} & dealt
        # no spade (the jokers and 2D included) is led before one has been played, unless the leader had only spades
        played: set[str] = set()
        held = {name: set(cards) for name, cards in hand["deal"].items()}
        for trick in hand["tricks"]:
            leader, card = next(iter(trick[0].items()))
            if card_suit(card) == "S" and not any(card_suit(c) == "S" for c in played):
                assert all(card_suit(c) == "S" for c in held[leader])
            for entry in trick:
                ((name, card),) = entry.items()
                played.add(card)
                held[name].discard(card)


@FAST
@given(seeds, st.data())
def test_renege_moves_three_books_and_costs_fifty(seed: int, data: st.DataObject) -> None:
    case = renege_in_last_hand(TOURNAMENT, seed, data, JJDD)
    number, name, clean, reneged = case.number, case.name, case.clean, case.reneged
    assume(number > 1)
    assert found(reneged) == [("renege", number, case.trick, name)]
    side = PLAYERS.index(name) % 2
    line, base = reneged.hands[-1], clean.hands[-1]
    bid, books = base.bids[side] or 0, base.books[side] or 0
    kept = books - min(3, books)
    points = 10 * bid if kept >= bid else -10 * bid  # before bags and the blind multiplier: a bound, not the score
    if kept < bid <= books:
        assert (line.points[side] or 0) <= points - 50 < 0 and line.points[side] is not None


@FAST
@given(seeds, st.data())
def test_spade_led_before_broken_is_pinpointed(seed: int, data: st.DataObject) -> None:
    doc = simulated(seed, with_score=False)
    number, hand, tricks = last_hand(doc)
    # the first trick's leader leads a spade instead of their card, holding something else: unbroken, illegal
    leader, card = tricks[0][0]
    spades = [c for c in hand["deal"][leader] if card_suit(c) == "S"]
    others = [c for c in hand["deal"][leader] if card_suit(c) != "S"]
    assume(spades and others and card_suit(card) != "S")
    spade = data.draw(st.sampled_from(spades))
    later = next((k, p) for k, t in enumerate(tricks) for p, (who, c) in enumerate(t) if who == leader and c == spade)
    hand["tricks"][0][0] = {leader: spade}
    hand["tricks"][later[0]][later[1]] = {leader: card}
    report = audit(doc)
    assert ("illegal_lead", number, 1, leader) in found(report)
    assert next(v for v in report.violations if v.where.trick == 1).clause.id == "play.lead"


@FAST
@given(seeds)
def test_bid_out_of_turn_is_pinpointed(seed: int) -> None:
    doc = simulated(seed, with_score=False)
    number = last_bid_hand(doc)
    bids = doc["hands"][number - 1]["bids"]
    assume(len(bids) == 4)  # four single bids, no team's blind bid
    bids.insert(0, bids.pop())  # the dealer bids first instead of last
    assert found(audit(doc)) == [("bid_out_of_turn", number, None, next(iter(bids[0])))]


@FAST
@given(seeds)
def test_team_bid_below_four_is_pinpointed(seed: int) -> None:
    doc = simulated(seed, with_score=False)
    number = last_bid_hand(doc)
    bids = doc["hands"][number - 1]["bids"]
    assume(len(bids) == 4)
    side = [i for i, entry in enumerate(bids) if PLAYERS.index(next(iter(entry))) % 2 == 0]
    for index, value in zip(side, (1, 2), strict=True):
        bids[index] = {next(iter(bids[index])): value}
    assert found(audit(doc)) == [("bid_below_side_minimum", number, None, next(iter(bids[side[1]])))]


@FAST
@given(seeds, st.integers(0, 50))
def test_passes_and_first_hand_bids_are_pinpointed(seed: int, pick: int) -> None:
    doc = simulated(seed)
    number = pick % len(doc["hands"]) + 1
    doc["hands"][number - 1]["passes"] = {"Ann": ["AS"], "Cat": ["KS"]}
    doc["hands"][0]["bids"] = [{"Ann": 3}, {"Bob": 3}, {"Cat": 3}, {"Dan": 3}]
    expected = sorted([("pass_not_allowed", number, None, None), ("bid_not_allowed", 1, None, None)])
    assert found(audit(doc)) == expected


@FAST
@given(seeds, st.data())
def test_play_out_of_turn_is_pinpointed(seed: int, data: st.DataObject) -> None:
    # the second and third players of a trick swap turns: following suit does not depend on the order, so the
    # early player's play out of turn is the one finding (the late one plays in the turn still owed)
    doc = simulated(seed, with_score=False)
    number = data.draw(st.integers(1, len(doc["hands"])))
    trick = data.draw(st.integers(1, 13))
    plays = doc["hands"][number - 1]["tricks"][trick - 1]
    plays[1], plays[2] = plays[2], plays[1]
    assert found(audit(doc)) == [("play_out_of_turn", number, trick, next(iter(plays[1])))]


@FAST
@given(seeds, st.data())
def test_a_legal_card_taken_back_is_pinpointed(seed: int, data: st.DataObject) -> None:
    # "a card laid is a card played": a card of the suit led, said to be played to an earlier trick and picked up
    doc = simulated(seed, with_score=False)
    number, _, tricks = last_hand(doc)
    choices = [
        (k, name, card)
        for m, trick in enumerate(tricks)
        for name, card in trick
        for k in range(m)
        if name != tricks[k][0][0] and card_suit(card) == card_suit(tricks[k][0][1])
    ]
    variants.taken_back_is_pinpointed(TOURNAMENT, doc, number, choices, data)
