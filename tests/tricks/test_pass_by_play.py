"""The deal and the pass checked by the play (replay_play.dealt_and_played given the hand's pass, on the points
lane): a hand it vouches for is one check_deal and passing.apply find nothing in, whose play check answers the
same from the holdings they give; and every report is the same with it and without it (check_deal, the pass
check and the play check, or the general hand)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, WHERE, both_ways, tampered_both_ways

import referee
from referee import gamelog
from referee.tricks import clean_hand, clean_lane, deal, passing, play, replay_play
from referee.tricks.log import GameLog, plays_of, read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import NO_PASS, tables_for

LANE = "dealt_and_played"
PASSING = [
    (rules, seats)
    for rules in TRICK_SPECS
    for seats in tables_for(referee.load_spec(rules)).seat_counts
    if tables_for(referee.load_spec(rules)).passing
]


@pytest.mark.parametrize(("rules", "seats"), PASSING)
def test_simulated_games_with_a_pass_report_the_same(rules: str, seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(seats), seats=seats)
    fast, slow, _ = both_ways(rules, document, monkeypatch, replay_play, LANE)
    assert fast == slow


@pytest.mark.parametrize("rules", ["hearts/intramural", "hearts/club"])
def test_a_game_of_hearts_has_its_deals_and_passes_checked_by_the_play(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(3))
    fast, slow, vouched = both_ways(rules, document, monkeypatch, replay_play, LANE)
    assert fast == slow
    assert vouched == len(document["hands"])  # every hand, the passing ones and the club's hold hands


PASS_CHANGES = 9


def _change_pass(hand: Any, rng: random.Random, action: int) -> None:
    """One change to a hand's pass alone (the deal and the play left as they were): a card passed swapped for one
    the passer kept, or for another player's; a card passed twice; a card more or fewer; a passer's pass dropped;
    two passers' passes swapped; a card of no deck; the passers written in another order."""
    passes = hand.get("passes")
    if not passes:
        return
    names = list(passes)
    name, other = rng.choice(names), rng.choice(names)
    cards = passes[name]
    i = rng.randrange(len(cards)) if cards else 0
    if action == 0 and cards:  # a card the passer kept, passed instead
        kept = [card for card in hand["deal"][name] if card not in cards]
        cards[i] = rng.choice(kept)
    elif action == 1 and cards:  # another player's card
        cards[i] = rng.choice(hand["deal"][other])
    elif action == 2 and cards:
        cards[i] = cards[i - 1]
    elif action == 3:
        cards.append(rng.choice(hand["deal"][name]))
    elif action == 4 and cards:
        cards.pop(i)
    elif action == 5:
        del passes[name]
    elif action == 6:
        passes[name], passes[other] = passes[other], passes[name]
    elif action == 7 and cards:
        cards[i] = rng.choice(["1S", "BJ", "2C"])
    elif action == 8:
        hand["passes"] = dict(reversed(passes.items()))


def _change_deal(hand: Any, rng: random.Random) -> None:
    """A card of the deal moved to another player, or swapped with another player's (the play left as it was)."""
    deal_ = hand.get("deal")
    if not deal_:
        return
    name, other = rng.choice(list(deal_)), rng.choice(list(deal_))
    i, j = rng.randrange(len(deal_[name])), rng.randrange(len(deal_[other]))
    if rng.random() < 0.5:
        deal_[name][i], deal_[other][j] = deal_[other][j], deal_[name][i]
    elif name != other:
        deal_[other].append(deal_[name].pop(i))


def _tamper(document: Any, rng: random.Random) -> None:
    hand = rng.choice(document["hands"])
    if rng.random() < 0.8:
        _change_pass(hand, rng, rng.randrange(PASS_CHANGES))
    else:
        _change_deal(hand, rng)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PASSING), st.integers(0, 10**6))
def test_a_tampered_pass_or_deal_reports_the_same(seated: tuple[str, int], seed: int) -> None:
    rules, seats = seated
    fast, slow = tampered_both_ways(rules, seed, _tamper, replay_play, LANE, seats)
    assert fast == slow


@pytest.mark.parametrize("action", range(PASS_CHANGES))
def test_each_change_to_a_pass_reports_the_same(action: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = "hearts/intramural"
    for seed in range(2):
        rng = random.Random(seed)
        document = simulate_game(referee.load_spec(rules), rng)
        for hand in document["hands"]:
            _change_pass(hand, rng, action)
        fast, slow, _ = both_ways(rules, document, monkeypatch, replay_play, LANE)
        assert fast == slow


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PASSING), st.integers(0, 10**6))
def test_a_hand_vouched_for_is_one_the_deal_and_pass_checks_find_nothing_in(seated: tuple[str, int], seed: int) -> None:
    # Each hand the fold vouches for: check_deal and passing.apply find nothing, and the play check given the
    # holdings they leave answers the same.
    rules, seats = seated
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec(rules), rng, seats=seats)
    for hand in document["hands"]:
        if rng.random() < 0.5:
            (_change_pass if rng.random() < 0.8 else lambda h, r, _: _change_deal(h, r))(
                hand, rng, rng.randrange(PASS_CHANGES)
            )
    try:
        game = gamelog.from_document(document, WHERE)
    except referee.InputError:
        return  # not a readable record (a card of no deck): refused before any check
    assert isinstance(game, GameLog)
    t = tables_for(referee.load_spec(rules), seats)
    lane = clean_lane.lane_for(t)
    assert lane is not None
    for number, hand in enumerate(game.hands, 1):
        offset = passing.offset_for(t, number)
        folded = replay_play.dealt_and_played(t, hand, hand.dealer, lane, offset)
        if folded is None:
            continue
        assert hand.deal is not None
        holdings, findings = deal.check_deal(t, hand.deal, game.players, hand.leftover)
        assert not findings
        after, found = passing.apply(t, offset, holdings, hand.passes, plays_of(hand.tricks), game.players)
        assert not found
        leader = play.first_leader(t, hand.dealer, after)
        assert folded == clean_hand.clean_play(t, hand, leader, after, lane)


def test_passed_bytes_refuses_any_pass_not_regular_as_far_as_it_shows() -> None:
    t = tables_for(referee.load_spec("hearts/intramural"))
    lane = clean_lane.lane_for(t)
    assert lane is not None and lane.deal_folds
    dealt = clean_lane.GAP.join(bytes(range(13 * seat, 13 * seat + 13)) for seat in range(4))  # a suit each
    passes = tuple((seat, (13 * seat, 13 * seat + 1, 13 * seat + 2)) for seat in range(4))
    assert passing.passed_bytes(t, lane, passes, dealt) == clean_lane.GAP.join(bytes(cards) for _, cards in passes)
    assert passing.passed_bytes(t, lane, passes[:3], dealt) is None  # a passer missing
    assert passing.passed_bytes(t, lane, (passes[1], passes[0], *passes[2:]), dealt) is None  # out of seat order
    assert passing.passed_bytes(t, lane, ((0, (0, 1)), *passes[1:]), dealt) is None  # a card short
    assert passing.passed_bytes(t, lane, ((0, (0, 1, 2, 3)), *passes[1:]), dealt) is None  # a card over
    assert passing.passed_bytes(t, lane, ((0, (0, 1, 13)), *passes[1:]), dealt) is None  # East's card
    assert passing.passed_bytes(t, lane, ((0, (0, 1, 60)), *passes[1:]), dealt) is None  # a card no one was dealt
    assert passing.passed_bytes(t, lane, ((0, (0, 1, 1)), *passes[1:]), dealt) is None  # a card twice
    assert passing.passed_bytes(t, lane, ((1, passes[0][1]), (0, passes[1][1]), *passes[2:]), dealt) is None  # named
    # North passing four cards, East two: twelve, each the player's in the places of a pass of three each
    assert passing.passed_bytes(t, lane, ((0, (0, 1, 2, 13)), (1, (14, 15)), *passes[2:]), dealt) is None
    assert passing.passed_bytes(t, lane, None, dealt) is None
    assert passing.passed_bytes(t, lane, (), dealt) is None


def test_a_pass_the_play_does_not_show_is_not_vouched_for() -> None:
    t = tables_for(referee.load_spec("hearts/intramural"))
    lane = clean_lane.lane_for(t)
    game = read_fast(simulate_game(referee.load_spec("hearts/intramural"), random.Random(4)), WHERE)
    assert game is not None and lane is not None
    hand = game.hands[0]
    offset = passing.offset_for(t, 1)
    assert offset is not NO_PASS and hand.passes
    assert replay_play.dealt_and_played(t, hand, hand.dealer, lane, offset) is not None
    for other in range(1, t.seats):  # the same pass due another way: the play shows the cards elsewhere
        if other != offset:
            assert replay_play.dealt_and_played(t, hand, hand.dealer, lane, other) is None
    assert replay_play.dealt_and_played(t, hand, hand.dealer, lane, NO_PASS) is None  # a pass where none is due


def test_a_pass_written_on_a_hand_with_none_is_not_vouched_for() -> None:
    # The club's fourth hand has no pass: one written there, even of cards that stay with their players in the
    # play, is reported (by passing.apply), never vouched for
    t = tables_for(referee.load_spec("hearts/club"))
    lane = clean_lane.lane_for(t)
    game = read_fast(simulate_game(referee.load_spec("hearts/club"), random.Random(5)), WHERE)
    assert game is not None and lane is not None and len(game.hands) >= 4
    hold = game.hands[3]
    assert passing.offset_for(t, 4) is NO_PASS and not hold.passes and hold.deal is not None
    assert replay_play.dealt_and_played(t, hold, hold.dealer, lane, NO_PASS) is not None
    kept = replace(hold, passes=tuple((seat, cards[:1]) for seat, cards in enumerate(hold.deal)))
    assert replay_play.dealt_and_played(t, kept, kept.dealer, lane, NO_PASS) is None


def test_a_deal_a_card_short_is_not_vouched_for() -> None:
    t = tables_for(referee.load_spec("hearts/intramural"))
    lane = clean_lane.lane_for(t)
    game = read_fast(simulate_game(referee.load_spec("hearts/intramural"), random.Random(6)), WHERE)
    assert game is not None and lane is not None
    hand = game.hands[0]
    assert hand.deal is not None
    short = replace(hand, deal=(hand.deal[0][1:], *hand.deal[1:]))
    assert replay_play.dealt_and_played(t, short, short.dealer, lane, passing.offset_for(t, 1)) is None
