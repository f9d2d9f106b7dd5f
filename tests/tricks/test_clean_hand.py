"""The clean-hand check (tricks.clean_hand) vouches only for hands the card-by-card replay finds nothing in,
and gives the same books and points: every report is the same with it and without it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, both_ways, corpus_agrees, tampered_both_ways

import referee
from referee.tricks import clean_hand, replay_play
from referee.tricks.cards import COPY
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for


def _both_ways(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    """The report (or refusal) with the clean-hand check and without it, and how many hands it vouched for."""
    return both_ways(rules, document, monkeypatch, replay_play, "clean_play")


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_are_vouched_for_and_scored_the_same(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = referee.load_spec(rules)
    document = simulate_game(spec, random.Random(11))
    fast, slow, vouched = _both_ways(rules, document, monkeypatch)
    assert fast == slow
    t = tables_for(spec)
    if not (t.deck >> COPY or t.must_beat):  # rules the check leaves to the replay: a double deck, must beat
        assert vouched > 0, "a simulated (legal) game should be checked hand by hand at C speed"


def test_the_conformance_corpus_reports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    corpus_agrees(monkeypatch, replay_play, "clean_play")


def _tamper(document: Any, rng: random.Random) -> None:
    """One small change to a legal game's play: two cards swapped, a seat changed, a play dropped or moved."""
    hand = rng.choice(document["hands"])
    tricks = hand["tricks"]
    a, b = rng.randrange(len(tricks)), rng.randrange(len(tricks))
    i, j = rng.randrange(len(tricks[a])), rng.randrange(len(tricks[b]))
    (seat_a, card_a), (seat_b, card_b) = next(iter(tricks[a][i].items())), next(iter(tricks[b][j].items()))
    action = rng.randrange(4)
    if action == 0:  # two cards swapped, each player keeping their seat
        tricks[a][i], tricks[b][j] = {seat_a: card_b}, {seat_b: card_a}
    elif action == 1:  # a card played by another player
        tricks[a][i] = {seat_b: card_a}
    elif action == 2:  # a play lost
        del tricks[a][i]
    else:  # two plays of a trick in the other order
        tricks[a][i], tricks[a][-1] = tricks[a][-1], tricks[a][i]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TRICK_SPECS), st.integers(0, 10**6))
def test_tampered_games_report_the_same(rules: str, seed: int) -> None:
    fast, slow = tampered_both_ways(rules, seed, _tamper, replay_play, "clean_play")
    assert fast == slow


def test_a_clause_of_play_it_does_not_know_sends_every_hand_to_the_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(2))
    assert _both_ways("spades/intramural", document, monkeypatch)[2] > 0
    # as if play.follow were a rule added to the card-by-card replay and not yet to the clean-hand check
    monkeypatch.setattr(clean_hand, "KNOWN_PLAY", clean_hand.KNOWN_PLAY - {"play.follow"})
    fast, slow, vouched = _both_ways("spades/intramural", document, monkeypatch)
    assert vouched == 0 and fast == slow
