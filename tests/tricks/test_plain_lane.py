"""The plain lane of the hand loop (a hand of plain contracts, dealt, bid, played and scored with nothing else
recorded) replays only the hands the general hand would find nothing else in, and reports them the same: every
report is the same with the lane and without it."""

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


def _both_ways(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    return both_ways(rules, document, monkeypatch, _Audit, "_plain")


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_report_the_same(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, _ = _both_ways(rules, simulate_game(referee.load_spec(rules), random.Random(3)), monkeypatch)
    assert fast == slow


def test_a_plain_game_takes_the_lane_for_every_hand_but_the_unbid_first(monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(4))
    fast, slow, vouched = _both_ways("spades/intramural", document, monkeypatch)
    assert fast == slow and fast["status"] == "clean"
    plain = [hand for hand in document["hands"] if all(type(v) is int for bid in hand["bids"] for v in bid.values())]
    assert vouched == len(plain) > 1


def test_the_conformance_corpus_reports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    corpus_agrees(monkeypatch, _Audit, "_plain")


def _tamper(document: Any, rng: random.Random) -> None:
    """One change to a hand's record beyond its cards: its score, books or events written, a pass, its deal,
    tricks or bids dropped or cut short, a bid changed, another dealer, a trick's cards swapped."""
    hand = rng.choice(document["hands"])
    players = document["players"]
    name, other = rng.choice(players), rng.choice(players)
    action = rng.randrange(11)
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


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(TRICK_SPECS), st.integers(0, 10**6))
def test_tampered_games_report_the_same(rules: str, seed: int) -> None:
    fast, slow = tampered_both_ways(rules, seed, _tamper, _Audit, "_plain")
    assert fast == slow
