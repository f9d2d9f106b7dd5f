"""The plain-hand lanes of the audit (regular number bids checked at once, their contracts scored in one short
loop, a regular pass applied at once) vouch only for what the careful checks find nothing in, and give the same
contracts, scores and holdings: every report is the same with them and without them."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, both_ways, corpus_agrees, tampered_both_ways

import referee
from referee.report import HandScore
from referee.tricks import bidding, passing, replay_play, scoring
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_are_vouched_for_and_scored_the_same(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(5))
    fast, slow, vouched = both_ways(rules, document, monkeypatch, bidding, "plain_contracts")
    assert fast == slow
    # a legal game: every hand bid only in numbers of tricks, player by player, is vouched for
    plain = [
        hand
        for hand in document["hands"]
        if hand.get("bids") and all(type(value) is int for bid in hand["bids"] for value in bid.values())
    ]
    assert vouched == len(plain)


def test_the_conformance_corpus_reports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    corpus_agrees(monkeypatch, bidding, "plain_contracts")


def _tamper(document: Any, rng: random.Random) -> None:
    """One small change to a legal game's bidding: a bid changed, of another kind, moved, dropped or repeated."""
    hands = [hand for hand in document["hands"] if isinstance(hand.get("bids"), list) and hand["bids"]]
    if not hands:
        return
    hand = rng.choice(hands)
    bids = hand["bids"]
    i, j = rng.randrange(len(bids)), rng.randrange(len(bids))
    ((name, _),) = bids[i].items()
    action = rng.randrange(6)
    if action == 0:  # another number, maybe out of range
        bids[i] = {name: rng.randint(0, 15)}
    elif action == 1:  # a bid of another kind
        bids[i] = {name: rng.choice(["nil", "blind nil", {"kind": "blind", "tricks": rng.randint(1, 13)}])}
    elif action == 2:  # two bids in the other order
        bids[i], bids[j] = bids[j], bids[i]
    elif action == 3:  # a bid lost
        del bids[i]
    elif action == 4:  # a player bids twice
        bids.append(dict(bids[i]))
    else:  # another dealer
        hand["dealer"] = rng.choice(document["players"])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TRICK_SPECS), st.integers(0, 10**6))
def test_tampered_bidding_reports_the_same(rules: str, seed: int) -> None:
    fast, slow = tampered_both_ways(rules, seed, _tamper, bidding, "plain_contracts")
    assert fast == slow


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([spec_id for spec_id in TRICK_SPECS if tables_for(referee.load_spec(spec_id)).contracts]),
    st.lists(st.integers(0, 13), min_size=2, max_size=2),
    st.lists(st.integers(0, 13), min_size=2, max_size=2),
    st.lists(st.integers(0, 12), min_size=2, max_size=2),
)
def test_plain_contracts_score_as_score_hand_scores_them(
    rules: str, bids: list[int], books: list[int], bags: list[int]
) -> None:
    t = tables_for(referee.load_spec(rules))
    careful = scoring.score_hand(t, bids, books, bags, [0] * len(bids))
    assert scoring.plain_hand(t, tuple(bids), tuple(books), tuple(bags)) == (
        tuple(r.points for r in careful),
        tuple(r.bags for r in careful),
    )


def test_a_hand_not_met_is_scored_from_its_sides_met_before() -> None:
    # tournament-jjdd (ten a trick bid, a point an overtrick, 100 off at each ten bags, the rest carried): bids 4
    # and 4, books 5 and 8, bags 0 and 7: North & South 40 + 1 = 41, 1 bag; East & West 40 + 4 = 44 and 11 bags,
    # 44 - 100 = -56, 1 carried. The same sides the other way round, a hand not met before whose sides both were:
    # the same figures the other way round, each as score_hand scores it
    t = tables_for(referee.load_spec("spades/tournament-jjdd"))
    known: scoring.PlainScores = {}
    assert scoring.plain_hand(t, (4, 4), (5, 8), (0, 7), known) == ((41, -56), (1, 1))
    assert scoring.plain_hand(t, (4, 4), (8, 5), (7, 0), known) == ((-56, 41), (1, 1))
    careful = scoring.score_hand(t, [4, 4], [8, 5], [7, 0], [0, 0])
    assert [(r.points, r.bags) for r in careful] == [(-56, 1), (41, 1)]
    assert len(known) == 2


PASSING_SPECS = [spec_id for spec_id in TRICK_SPECS if tables_for(referee.load_spec(spec_id)).passing]


@pytest.mark.parametrize("rules", PASSING_SPECS)
def test_simulated_passes_are_vouched_for_and_give_the_same_reports(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(7))
    _unfolded(monkeypatch)
    fast, slow, vouched = both_ways(rules, document, monkeypatch, passing, "clean_pass")
    assert fast == slow
    # a legal game: every hand where each player passed (not a nil bidder's exchange) is vouched for
    everyone = len(document["players"])
    assert vouched == sum(1 for hand in document["hands"] if len(hand.get("passes") or ()) == everyone)


def _unfolded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pass checked on its own, before the play: not with the deal, by the play (replay_play.dealt_and_played,
    which takes nearly every regular pass first)."""
    monkeypatch.setattr(replay_play, "dealt_and_played", lambda *args: None)


def test_the_conformance_corpus_passes_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    _unfolded(monkeypatch)
    corpus_agrees(monkeypatch, passing, "clean_pass")


def _tamper_pass(document: Any, rng: random.Random) -> None:
    """One small change to a legal game's passes: a card changed, added or dropped, a passer dropped or two
    passers' cards swapped, the passers listed in another order, a pass on a hand with none."""
    hands = document["hands"]
    passed = [hand for hand in hands if hand.get("passes")]
    if not passed:
        return
    hand = rng.choice(passed)
    passes = hand["passes"]
    names = list(passes)
    name, other = rng.choice(names), rng.choice(names)
    action = rng.randrange(7)
    if action == 0:  # another card of the passer's own, or of another player's
        owner = rng.choice([name, other])
        passes[name][rng.randrange(len(passes[name]))] = rng.choice(hand["deal"][owner])
    elif action == 1:
        passes[name].append(rng.choice(hand["deal"][name]))
    elif action == 2:
        passes[name].pop()
    elif action == 3:
        del passes[name]
    elif action == 4:
        passes[name], passes[other] = passes[other], passes[name]
    elif action == 5:
        hand["passes"] = dict(reversed(passes.items()))
    else:
        rng.choice(hands)["passes"] = copy.deepcopy(passes)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PASSING_SPECS), st.integers(0, 10**6))
def test_tampered_passes_report_the_same(rules: str, seed: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _unfolded(monkeypatch)
        fast, slow = tampered_both_ways(rules, seed, _tamper_pass, passing, "clean_pass")
    assert fast == slow


def test_a_score_sheet_line_is_made_with_every_field() -> None:
    # HandScore sets its fields itself (one is made every hand): its __init__ must take each field, in order
    names = [field.name for field in dataclasses.fields(HandScore)]
    assert list(inspect.signature(HandScore.__init__).parameters)[1:] == names
    line = HandScore(*range(len(names)))
    assert [getattr(line, name) for name in names] == list(range(len(names)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.hand = 2  # type: ignore[misc]
