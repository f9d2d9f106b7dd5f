"""spades/ihop-silver: simulated games (with raises, nil, ACES, ace checks, the pass cycle and the nil bidder's
exchange) audit clean, each kind of broken bid, pass, lead and play is pinpointed at its hand, trick and seat, and
one game audited under ihop-silver and under spades/house gives the verdicts and scores each sheet implies."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import entries, power, replay, seeds, suit
from variants import FAST, PLAYERS, Variant, audit, found, last_hand, renege_in_last_hand

from referee.errors import Location
from referee.gamelog import from_document

IHOP = Variant("spades/ihop-silver")
TOP = ("2H", "2C", "2D", "2S")  # the promoted twos, in order, all spades
CYCLE = ("left", "right", "across", None)


def card_suit(card: str) -> str:
    """The suit a card counts as here: every two is a spade."""
    return "S" if card in TOP else suit(card)


def card_power(card: str) -> int:
    """Above the ace of spades: the two of spades, of diamonds, of clubs, of hearts."""
    return 20 - TOP.index(card) if card in TOP else power(card)


ORDER = (card_suit, card_power)


def as_played(hand: dict[str, Any]) -> dict[str, Any]:
    """The hand with each player's cards as they played them (after any pass), for the independent model."""
    held: dict[str, list[str]] = {name: [] for name in PLAYERS}
    for trick in hand["tricks"]:
        for name, card in entries(trick):
            held[name].append(card)
    return {**hand, "deal": held}


def faults(doc: dict[str, Any]) -> list[tuple[str, int | None, int | None, str | None]]:
    """The findings of a mutated game, less the hands played on after it ended: a mutation that changes the score
    may end the game sooner."""
    return [f for f in found(IHOP.audit(doc)) if f[0] != "game_continued"]


def side_of(name: str) -> int:
    return PLAYERS.index(name) % 2


def first_round_total(hand: dict[str, Any]) -> tuple[list[int], bool]:
    """Each side's first-round bid (a nil counts 0) and whether the hand has any raise or blind bid."""
    totals = [0, 0]
    special = False
    for entry in hand["bids"]:
        ((key, value),) = entry.items()
        side = side_of(key.split(" & ")[0])
        if isinstance(value, dict):
            special = special or value.get("raise", False) or value["kind"] == "blind"
            totals[side] += value.get("tricks", 0) if not value.get("raise") else 0
        elif isinstance(value, int):
            totals[side] += value
    return totals, special


@FAST
@given(seeds)
def test_simulated_games_are_clean(seed: int) -> None:
    doc, report = IHOP.clean_game(seed)
    assert report.ended_at_hand is not None and report.ended_at_hand <= 12
    dealer = doc["game"]["dealer_draw"]  # the first dealer drew the highest card
    assert max(dealer, key=lambda name: (card_power(dealer[name]), 0)) == doc["hands"][0]["dealer"]
    for number, (hand, line) in enumerate(zip(doc["hands"], report.hands, strict=True), 1):
        # the independent model, with the twos on top, plays the same hand without a fault and the same books
        model = replay(list(PLAYERS), as_played(hand), ORDER)
        assert model.problems == []
        assert list(line.books) == [sum(side_of(w) == side for w in model.winners) for side in (0, 1)]
        # the pass cycle: three cards left, right, across, then none (but a nil bidder's exchange of two)
        direction = CYCLE[(number - 1) % 4]
        passes = hand.get("passes", {})
        if direction is None:
            assert all(len(cards) == 2 for cards in passes.values())
        else:
            assert sorted(passes) == sorted(PLAYERS) and all(len(cards) == 3 for cards in passes.values())
        # no spade is led to the first trick unless the leader holds nothing else
        leader, card = entries(hand["tricks"][0])[0]
        if card_suit(card) == "S":
            assert all(card_suit(c) == "S" for c in as_played(hand)["deal"][leader])


AGREED = Variant("spades/ihop-silver", (("bemo", True), ("double_nil", True), ("no_trump", True)))


@FAST
@given(seeds)
def test_simulated_games_with_the_special_bids_agreed_are_clean(seed: int) -> None:
    # the header names the options agreed, and Little or Big Bemo bids turn up among the others
    doc, _ = AGREED.clean_game(seed)
    assert doc["game"]["options"] == {"bemo": True, "double_nil": True, "no_trump": True}


OUTRIGHT = Variant(
    "spades/ihop-silver", (("double_nil", True), ("double_nil_made", "win"), ("double_nil_failed", "loss"))
)


@FAST
@given(seeds)
def test_simulated_games_where_double_nil_wins_or_loses_the_game_are_clean(seed: int) -> None:
    # a double nil made or failed ends the game there, in the simulator as in the referee
    doc, report = OUTRIGHT.clean_game(seed)
    doubles = [n for n, hand in enumerate(doc["hands"], 1) if any("double nil" in e.values() for e in hand["bids"])]
    if doubles:  # the first double nil, made or failed, is the game's last hand
        assert doubles == [len(doc["hands"])] == [report.ended_at_hand]


@FAST
@given(seeds)
def test_the_simulator_makes_the_four_player_bids(seed: int) -> None:
    # over a few games, raises, nils, ACES, ace checks and nil exchanges all turn up (and audit clean)
    kinds: set[str] = set()
    for offset in range(4):
        doc, _ = IHOP.clean_game(seed * 4 + offset)
        for number, hand in enumerate(doc["hands"], 1):
            for entry in hand["bids"]:
                ((_, value),) = entry.items()
                if value == "nil":
                    kinds.add("nil")
                elif isinstance(value, dict):
                    kinds.add("raise" if value.get("raise") else value["kind"])
            kinds.update(event["type"] for event in hand.get("events", ()))
            if number % 4 == 0 and hand.get("passes"):
                kinds.add("exchange")
    assert {"nil", "raise", "aces", "ace_check"} <= kinds


@FAST
@given(seeds, st.integers(0, 50))
def test_a_raise_past_the_lock_is_pinpointed(seed: int, pick: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, _ = last_hand(doc)  # the last hand: a changed score changes no later bid's terms
    assume(not first_round_total(hand)[1] and sum(first_round_total(hand)[0]) < 13)  # un-locked
    totals, _ = first_round_total(hand)
    dealer_side = side_of(hand["dealer"])
    raiser = 1 - dealer_side  # the non-dealers, whose raise may not take the total past 13
    side = "Ann & Cat" if raiser == 0 else "Bob & Dan"
    hand["bids"].append({side: {"kind": "number", "tricks": 14 - totals[dealer_side], "raise": True}})
    assert faults(doc) == [("bid_out_of_range", number, None, side.split(" & ")[0])]


@FAST
@given(seeds, st.integers(0, 50))
def test_a_dealer_raise_that_does_not_lock_is_pinpointed(seed: int, pick: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, _ = last_hand(doc)
    assume(not first_round_total(hand)[1] and sum(first_round_total(hand)[0]) < 12)
    totals, _ = first_round_total(hand)
    dealer_side = side_of(hand["dealer"])
    side = "Ann & Cat" if dealer_side == 0 else "Bob & Dan"
    # one more than bid: the total stays below 13, and the dealer's side may raise only to lock it
    hand["bids"].append({side: {"kind": "number", "tricks": totals[dealer_side] + 1, "raise": True}})
    assert faults(doc) == [("bid_out_of_range", number, None, side.split(" & ")[0])]


@FAST
@given(seeds, st.integers(0, 50))
def test_a_nil_partner_below_four_is_pinpointed(seed: int, pick: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, _ = last_hand(doc)
    with_nil = [i for i, entry in enumerate(hand["bids"]) if "nil" in entry.values()]
    assume(with_nil)
    index = with_nil[pick % len(with_nil)]
    bids = hand["bids"]
    (nil_bidder,) = bids[index]
    partner = PLAYERS[(PLAYERS.index(nil_bidder) + 2) % 4]
    spots = [i for i, entry in enumerate(bids) if partner in entry]
    assume(len(spots) == 1 and not first_round_total(hand)[1])  # no raise, which a lower bid could upset
    spot = spots[0]
    bids[spot] = {partner: 3}  # the side's bid, 3, is below both the nil partner's minimum and the team's
    last = max((partner, nil_bidder), key=lambda name: next(i for i, e in enumerate(bids) if name in e))
    expected = sorted([("bid_out_of_range", number, None, partner), ("bid_below_side_minimum", number, None, last)])
    assert faults(doc) == expected


@FAST
@given(seeds)
def test_a_spade_led_to_the_first_trick_is_pinpointed(seed: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, tricks = last_hand(doc)
    held = as_played(hand)["deal"]
    leader, card = tricks[0][0]
    spades = [c for c in held[leader] if card_suit(c) == "S"]
    assume(spades and card_suit(card) != "S")
    spade = spades[0]
    later = next((k, p) for k, t in enumerate(tricks) for p, (who, c) in enumerate(t) if who == leader and c == spade)
    hand["tricks"][0][0] = {leader: spade}
    hand["tricks"][later[0]][later[1]] = {leader: card}
    report = IHOP.audit(doc)
    assert ("illegal_lead", number, 1, leader) in found(report)
    assert next(v for v in report.violations if v.where.trick == 1).clause.id == "play.first_lead"


@FAST
@given(seeds, st.data())
def test_a_renege_is_pinpointed(seed: int, data: st.DataObject) -> None:
    renege = renege_in_last_hand(IHOP, seed, data, ORDER, held=as_played)
    assert ("renege", renege.number, renege.trick, renege.name) in found(renege.reneged)


@FAST
@given(seeds, st.integers(0, 50))
def test_a_pass_of_the_wrong_count_is_pinpointed(seed: int, pick: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    passing = [n for n, hand in enumerate(doc["hands"], 1) if n % 4 and hand.get("passes")]
    number = passing[pick % len(passing)]  # the pass changes no score: any hand will do
    hand = doc["hands"][number - 1]
    passer = PLAYERS[pick % 4]
    hand["passes"][passer] = hand["passes"][passer][:2]  # two cards where the pass is three
    assert ("pass_wrong_count", number, None, passer) in faults(doc)


@FAST
@given(seeds)
def test_an_ace_check_without_two_aces_is_pinpointed(seed: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, _ = last_hand(doc)
    few = [name for name in PLAYERS if sum(card.startswith("A") for card in hand["deal"][name]) < 2]
    asker = few[0]
    partner = PLAYERS[(PLAYERS.index(asker) + 2) % 4]
    held = sum(card.startswith("A") for card in hand["deal"][partner])
    assume(held <= 2)
    truth = ("none", "one", "two")[held]
    hand["events"] = [e for e in hand.get("events", ()) if e["type"] != "ace_check"]
    hand["events"].append({"type": "ace_check", "seat": asker, "answer": truth})
    assert faults(doc) == [("ace_check_not_due", number, None, asker)]


@FAST
@given(seeds, st.integers(0, 50))
def test_an_aces_bid_scores_a_hundred_either_way(seed: int, pick: int) -> None:
    doc = IHOP.simulated(seed, with_score=False)
    number, hand, _ = last_hand(doc)
    plain = [
        i
        for i, entry in enumerate(hand["bids"])
        if isinstance(next(iter(entry.values())), int) and " & " not in next(iter(entry))
    ]
    assume(plain)
    index = plain[pick % len(plain)]
    before = IHOP.audit(doc)
    ((name, tricks),) = hand["bids"][index].items()
    assume(not any(isinstance(v, dict) and v.get("kind") == "aces" for e in hand["bids"] for v in e.values()))
    hand["bids"][index] = {name: {"kind": "aces", "tricks": tricks}}
    after = IHOP.audit(doc)
    assert found(after) == []
    # the model: who won the tricks holding the four aces
    model = replay(list(PLAYERS), as_played(hand), ORDER)
    takers = {side_of(model.winners[k]) for k, t in enumerate(hand["tricks"]) for _, c in entries(t) if c[0] == "A"}
    side = side_of(name)
    now, then = after.hands[number - 1].points[side], before.hands[number - 1].points[side]
    assert now is not None and then is not None  # (hands of a game not over: scored)
    delta = now - then
    assert delta == (100 if takers == {side} else -100)


def test_one_game_under_two_sheets() -> None:
    # Two hands written as bids and books. Hand 1 (Dan deals): Ann & Cat bid 4 and take 9; Bob & Dan bid 4 and
    # take 4. Hand 2 (Ann deals): Bob & Dan bid 13 and take all 13; Ann & Cat bid 4 and take none.
    doc = {
        "players": list(PLAYERS),
        "hands": [
            {"dealer": "Dan", "bids": [{"Ann & Cat": 4}, {"Bob & Dan": 4}], "books": {"Ann & Cat": 9, "Bob & Dan": 4}},
            {
                "dealer": "Ann",
                "bids": [{"Bob & Dan": 13}, {"Ann & Cat": 4}],
                "books": {"Ann & Cat": 0, "Bob & Dan": 13},
            },
        ],
    }
    # IHOP: every hand is bid. Hand 1: Ann & Cat 40 and 5 overtricks, 45; Bob & Dan 40. Hand 2: Boston made, 300
    # (340); Ann & Cat set, -40 (5). Clean.
    ihop = audit(copy.deepcopy(doc), "spades/ihop-silver")
    assert found(ihop) == []
    assert [line.points for line in ihop.hands] == [(45, 40), (-40, 300)]
    assert ihop.totals == (5, 340)
    # The house sheet: the first hand is played without bids (the bids written are reported) and scores 10 a book:
    # 90 and 40. Hand 2: 13 bid and made is 10 a book bid, 130, nothing for Boston (170); Ann & Cat -40 (50).
    house = audit(copy.deepcopy(doc), "spades/house")
    assert found(house) == [("bid_not_allowed", 1, None, None)]
    assert [line.points for line in house.hands] == [(90, 40), (-40, 130)]
    assert house.totals == (50, 170)
    from_document(doc, Location(file="<test>"))  # the same record, read alike by both


def test_a_double_nil_where_both_partners_took_a_trick_gives_the_opponents_a_hundred() -> None:
    import referee
    from referee.tricks import double_nil
    from referee.tricks.tables import tables_for

    t = tables_for(referee.load_spec("spades/ihop-silver", {"double_nil": True}))
    # Ann & Cat (side 0) bid double nil. Ann took 1 trick and Cat 2: failed, -250, and Bob & Dan score 100.
    assert double_nil.double_nil_points(t, {0}, [1, 5, 2, 5]) == ([-250, 100], frozenset(), frozenset())
    # Only Cat took a trick: failed, -250, and no bonus to the opponents.
    assert double_nil.double_nil_points(t, {0}, [0, 6, 2, 5]) == ([-250, 0], frozenset(), frozenset())
    # Nobody on the side took a trick: made, 500.
    assert double_nil.double_nil_points(t, {0}, [0, 6, 0, 7]) == ([500, 0], frozenset(), frozenset())
    # Where a failed double nil loses the game (option double_nil_failed: loss), the side loses it, at no points;
    # Bob & Dan (side 1) both took tricks (6 and 7), so Ann & Cat still score 100.
    lose = tables_for(referee.load_spec("spades/ihop-silver", {"double_nil": True, "double_nil_failed": "loss"}))
    assert double_nil.double_nil_points(lose, {1}, [0, 6, 0, 7]) == ([100, 0], frozenset(), frozenset({1}))
