"""The lanes of the hand loop (a hand of plain contracts, or one scored by points, dealt, bid or passed, played
and scored with nothing else recorded) replay only the hands the general hand would find nothing else in, and
report them the same: every report is the same with each lane and without it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, both_ways, corpus_agrees, tampered_both_ways

import referee
from referee.tricks.audit import _Audit
from referee.tricks.simulate import simulate_game

LANES = ["_plain", "_by_points"]


def _both_ways(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch, lane: str) -> tuple[Any, Any, int]:
    return both_ways(rules, document, monkeypatch, _Audit, lane)


@pytest.mark.parametrize("lane", LANES)
@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_report_the_same(rules: str, lane: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, _ = _both_ways(rules, simulate_game(referee.load_spec(rules), random.Random(3)), monkeypatch, lane)
    assert fast == slow


def test_a_plain_game_takes_the_lane_for_every_hand_but_the_unbid_first(monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(4))
    fast, slow, vouched = _both_ways("spades/intramural", document, monkeypatch, "_plain")
    assert fast == slow and fast["status"] == "clean"
    plain = [hand for hand in document["hands"] if all(type(v) is int for bid in hand["bids"] for v in bid.values())]
    assert vouched == len(plain) > 1


@pytest.mark.parametrize("rules", ["hearts/intramural", "hearts/club"])
def test_a_game_scored_by_points_takes_the_points_lane_for_every_hand(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(4))
    fast, slow, vouched = _both_ways(rules, document, monkeypatch, "_by_points")
    assert fast == slow and fast["status"] == "clean"
    assert vouched == len(document["hands"]) > 1


@pytest.mark.parametrize("lane", LANES)
def test_the_conformance_corpus_reports_the_same(lane: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The corpus is mostly hands with something wrong, which the plain lane leaves to the general hand: it answers
    # for a few (the simulated games above show it answering for every plain hand).
    corpus_agrees(monkeypatch, _Audit, lane, least=5)


CHANGES = 14


def _tamper(document: Any, rng: random.Random) -> None:
    _change(document, rng, rng.randrange(CHANGES))


def _change(document: Any, rng: random.Random, action: int) -> None:
    """One change to a hand's record beyond its cards: its score, books (or none, written empty), bids or events
    written, a pass, its deal, tricks or bids dropped or cut short, a bid changed, another dealer, a trick's cards
    swapped."""
    hand = rng.choice(document["hands"])
    players = document["players"]
    name, other = rng.choice(players), rng.choice(players)
    if action == 0 and isinstance(hand.get("score"), dict) and hand["score"]:  # a figure written wrong
        key = rng.choice(sorted(hand["score"]))
        hand["score"][key] = {**hand["score"][key], rng.choice(["hand", "total"]): rng.randint(-200, 600)}
    elif action == 1:  # books written, right or wrong
        hand["books"] = {player: rng.randint(0, 4) for player in players}
    elif action == 2:  # a renege claimed
        hand["events"] = [{"type": "renege_claim", "seat": name, "by": other, "trick": rng.randint(1, 13)}]
    elif action == 3 and hand.get("deal"):  # a pass where the rules have none
        hand["passes"] = {name: [hand["deal"][name][0]]}
    elif action == 4:
        hand.pop(rng.choice(["deal", "tricks", "bids", "score", "dealer"]), None)
    elif action == 5 and hand.get("tricks"):  # the record stops short
        del hand["tricks"][rng.randrange(len(hand["tricks"])) :]
    elif action == 6 and hand.get("bids"):
        bids = hand["bids"]
        i = rng.randrange(len(bids))
        ((bidder, _),) = bids[i].items()
        bids[i] = {bidder: rng.choice([rng.randint(0, 14), "nil", "blind nil", {"kind": "blind", "tricks": 6}])}
    elif action == 7:
        hand["dealer"] = name
    elif action == 8 and hand.get("tricks"):  # two cards of a trick swapped: a renege or a card not held
        tricks = hand["tricks"]
        a, b = rng.randrange(len(tricks)), rng.randrange(len(tricks))
        (seat_a, card_a), (seat_b, card_b) = next(iter(tricks[a][0].items())), next(iter(tricks[b][-1].items()))
        tricks[a][0], tricks[b][-1] = {seat_a: card_b}, {seat_b: card_a}
    elif action == 9 and hand.get("deal"):  # a dealt card given to another player
        deal = hand["deal"]
        if deal[name] and name != other:
            deal[other].append(deal[name].pop())
    elif action == 10:
        hand["misdeal"] = True
    elif action == 11:  # bids written, where the rules may have none
        hand["bids"] = [{player: rng.randint(0, 13)} for player in players]
    elif action == 12:  # books written empty: still books written (none to any side), and so wrong
        hand["books"] = {}
    elif action == 13:  # a pass written on a hand the rules give none (a pass cycle's hold hand), if any
        _pass_on_a_hold_hand(document, rng)


def _pass_on_a_hold_hand(document: Any, rng: random.Random) -> None:
    held = [hand for hand in document["hands"] if hand.get("deal") and not hand.get("passes")]
    if held:
        hand = rng.choice(held)
        name = rng.choice(document["players"])
        hand["passes"] = {player: hand["deal"][player][:1] for player in document["players"] if player != name}


@pytest.mark.parametrize("seats", [3, 5])
def test_cards_left_over_go_with_their_points_on_the_points_lane(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # A record that does not say who took the cards left over from the deal (no event): the first trick's winner
    # takes them, with their points, on the lane as in the general hand.
    document = simulate_game(referee.load_spec("hearts/intramural"), random.Random(seats), seats=seats)
    for hand in document["hands"]:
        hand.pop("events", None)
    leftover = [card for hand in document["hands"] for card in hand.get("leftover", ())]
    assert any(card.endswith("H") or card == "QS" for card in leftover)  # some carry points
    fast, slow, vouched = _both_ways("hearts/intramural", document, monkeypatch, "_by_points")
    assert fast == slow and vouched == len(document["hands"])


def test_a_pass_on_a_hand_with_none_is_reported_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2)
    document = simulate_game(referee.load_spec("hearts/club"), rng)
    assert len(document["hands"]) >= 4  # the cycle's fourth hand has no pass
    _pass_on_a_hold_hand(document, rng)
    fast, slow, vouched = _both_ways("hearts/club", document, monkeypatch, "_by_points")
    assert fast == slow and vouched
    assert "pass_not_allowed" in {v["code"] for v in fast["violations"]}


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(TRICK_SPECS), st.integers(0, 10**6), st.sampled_from(LANES))
def test_tampered_games_report_the_same(rules: str, seed: int, lane: str) -> None:
    fast, slow = tampered_both_ways(rules, seed, _tamper, _Audit, lane)
    assert fast == slow


@pytest.mark.parametrize("action", range(CHANGES))
@pytest.mark.parametrize(("rules", "lane"), [("spades/intramural", "_plain"), ("hearts/intramural", "_by_points")])
def test_each_change_reports_the_same(rules: str, lane: str, action: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(action)
    document = simulate_game(referee.load_spec(rules), rng)
    _change(document, rng, action)
    fast, slow, _ = _both_ways(rules, document, monkeypatch, lane)
    assert fast == slow
