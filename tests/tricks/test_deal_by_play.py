"""The deal checked by the play (replay_play.dealt_and_played): a hand of the plain lane whose play check vouches
for it from the deal's bytes is one check_deal finds nothing in, and every report is the same with this check and
without it (check_deal, then the play check or the card-by-card replay)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, WHERE, both_ways, corpus_trick_games, tampered_both_ways

import referee
from referee.tricks import clean_hand, clean_lane, deal, play, replay_play
from referee.tricks.cards import TOKENS
from referee.tricks.log import read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import Tables, tables_for

LANE = "dealt_and_played"


def _both_ways(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    return both_ways(rules, document, monkeypatch, replay_play, LANE)


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_report_the_same(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, _ = _both_ways(rules, simulate_game(referee.load_spec(rules), random.Random(5)), monkeypatch)
    assert fast == slow


def test_a_plain_game_has_its_deals_checked_by_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(6))
    fast, slow, vouched = _both_ways("spades/intramural", document, monkeypatch)
    assert fast == slow
    assert vouched >= len(document["hands"]) - 1  # all but the unbid first hand, which is not on the plain lane


def test_the_conformance_corpus_reports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    compared = vouched = 0
    for name, rules, document in corpus_trick_games():
        fast, slow, count = _both_ways(rules, document, monkeypatch)
        assert fast == slow, name
        compared += 1
        vouched += count
    # few cases are plain hands with nothing else recorded (a case is mostly a rule broken), but some are
    assert compared > 100 and vouched > 0


def _tamper_deal(document: Any, rng: random.Random) -> None:
    _change_deal(rng.choice(document["hands"]), rng, rng.randrange(CHANGES))


CHANGES = 6


def _change_deal(hand: Any, rng: random.Random, action: int) -> None:
    """One change to a hand's deal alone (the play left as it was): two players' cards swapped, a card dealt twice
    in place of another, a card of no deck or of another deck, a card moved to another player, one dropped, one
    added."""
    deal = hand.get("deal")
    if not deal:
        return
    players = [name for name in deal if deal[name]]
    name, other = rng.choice(players), rng.choice(players)
    i, j = rng.randrange(len(deal[name])), rng.randrange(len(deal[other]))
    if action == 0:  # two players' cards swapped (the same player: nothing changes)
        deal[name][i], deal[other][j] = deal[other][j], deal[name][i]
    elif action == 1:  # a card dealt twice, one missing
        deal[name][i] = deal[other][j]
    elif action == 2:  # a card this deck lacks, or a joker
        deal[name][i] = rng.choice(["1S", "BJ", "LJ", "2C", "AS"])
    elif action == 3 and name != other:  # one player a card short, another a card over
        deal[other].append(deal[name].pop(i))
    elif action == 4:
        deal[name].pop(i)
    else:  # a card added
        deal[name].append(rng.choice(["2C", "AS", "BJ"]))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TRICK_SPECS), st.integers(0, 10**6))
def test_a_tampered_deal_reports_the_same(rules: str, seed: int) -> None:
    fast, slow = tampered_both_ways(rules, seed, _tamper_deal, replay_play, LANE)
    assert fast == slow


@pytest.mark.parametrize("action", range(CHANGES))
def test_each_change_to_a_deal_reports_the_same(action: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = "spades/intramural"
    for seed in range(3):
        rng = random.Random(seed)
        document = simulate_game(referee.load_spec(rules), rng)
        for hand in document["hands"][1:]:  # each hand of the plain lane (all but the unbid first) changed so
            _change_deal(hand, rng, action)
        fast, slow, _ = _both_ways(rules, document, monkeypatch)
        assert fast == slow


def _variants(t: Tables) -> list[Tables]:
    """Spades rules with one rule more that reads the holdings: a card to lead first, trumps led only once broken,
    the first leader the holder of a card, a suit barred from the first trick, points taken in cards."""
    two = TOKENS["2C"]
    return [
        replace(t, first_lead_cards=(two,)),
        replace(t, trump_lead="after_broken"),
        replace(t, first_leader="holder_of_card", first_lead_cards=(two,)),
        replace(t, first_trick_barred=t.suit_cards[2]),
        replace(t, points=tables_for(referee.load_spec("hearts/intramural")).points),
    ]


def test_rules_that_read_the_holdings_have_them_from_the_play() -> None:
    # Under each, the play check given the deal's bytes (as dealt_and_played gives them, the first leader found
    # without holdings) answers as it does given the holdings check_deal finds, or not at all; and answers for
    # most hands (the holdings it needs are who played each card)
    t = tables_for(referee.load_spec("spades/intramural"))
    game = read_fast(simulate_game(referee.load_spec("spades/intramural"), random.Random(8)), WHERE)
    assert game is not None
    names = game.players
    compared = vouched = 0
    for variant in _variants(t):
        lane = clean_lane.lane_for(variant)
        assert lane is not None and lane.deal_folds
        for hand in game.hands[1:]:
            assert hand.deal is not None and hand.dealer is not None
            holdings, findings = deal.check_deal(variant, hand.deal, names)
            dealt = clean_lane.GAP.join(map(bytes, hand.deal))
            folded = clean_hand.clean_play(
                variant, hand, play.first_leader(variant, hand.dealer, []), None, lane, dealt
            )
            leader = play.first_leader(variant, hand.dealer, holdings)
            assert folded is None or folded == clean_hand.clean_play(variant, hand, leader, holdings, lane)
            assert folded is None or not findings  # (vouching for the deal too)
            compared += 1
            vouched += folded is not None
    # (the game was played under the spec's rules, not the variants': under trumps led only once broken, no hand
    # is regular)
    assert compared == 50 and vouched >= 30


def test_the_opening_cards_holder_leads_where_the_deal_is_checked_by_the_play() -> None:
    # The first leader, where it is the holder of a card, is found from who played it: the play check answers as
    # it does given that leader and the holdings; a hand led by another player is not vouched for
    t = tables_for(referee.load_spec("spades/intramural"))
    variant = replace(t, first_leader="holder_of_card", first_lead_cards=(TOKENS["3C"],))
    lane = clean_lane.lane_for(variant)
    assert lane is not None
    counts = [0, 0]  # [vouched for, not]
    for seed in range(4):
        game = read_fast(simulate_game(referee.load_spec("spades/intramural"), random.Random(seed)), WHERE)
        assert game is not None
        for hand in game.hands[1:]:
            assert hand.deal is not None
            holdings, findings = deal.check_deal(variant, hand.deal, game.players)
            holder = play.first_leader(variant, None, holdings)
            assert holder is not None and not findings
            folded = clean_hand.clean_play(variant, hand, None, None, lane, clean_lane.GAP.join(map(bytes, hand.deal)))
            assert folded == clean_hand.clean_play(variant, hand, holder, holdings, lane)
            counts[folded is None] += 1
    assert min(counts) > 0


def test_a_deck_with_cards_no_one_was_dealt_keeps_the_deal_check() -> None:
    # A card more in the deck than the rules leave out, or cards left over that go with their points to the first
    # trick's winner (found from the holdings): the deal is checked by check_deal
    t = tables_for(referee.load_spec("spades/intramural"))
    spare = next(c for c in range(64) if not t.deck >> c & 1)
    lane = clean_lane.lane_for(replace(t, deck=t.deck | 1 << spare))
    assert lane is not None and not lane.deal_folds
    three = tables_for(referee.load_spec("hearts/intramural"), 3)
    assert three.out_of_play and three.widow_to_winner
    lane = clean_lane.lane_for(three)
    assert lane is not None and not lane.deal_folds


def test_a_deal_of_other_bytes_is_not_vouched_for() -> None:
    t = tables_for(referee.load_spec("spades/intramural"))
    lane = clean_lane.lane_for(t)
    game = read_fast(simulate_game(referee.load_spec("spades/intramural"), random.Random(9)), WHERE)
    assert game is not None and lane is not None and lane.deal_folds
    hand = game.hands[1]
    assert hand.deal is not None and hand.dealer is not None
    dealt = clean_lane.GAP.join(map(bytes, hand.deal))
    leader = play.first_leader(t, hand.dealer, [])
    assert clean_hand.clean_play(t, hand, leader, None, lane, dealt) is not None
    assert clean_hand.clean_play(t, hand, leader, None, lane, dealt + dealt[:1]) is None  # a card over
    assert clean_hand.clean_play(t, hand, leader, None, lane, dealt[:-1]) is None  # a card short
    assert clean_hand.clean_play(t, hand, leader, None, lane, dealt[14:] + dealt[13:14] + dealt[:13]) is None  # seats
    assert clean_hand.clean_play(t, hand, leader, None, lane, b"".join(map(bytes, hand.deal))) is None  # no gaps
    # one seat a card over and the next a card short: the gap between them moved
    moved = dealt[:12] + dealt[13:14] + dealt[12:13] + dealt[14:]
    assert moved.count(clean_lane.GAP) == 3 and clean_hand.clean_play(t, hand, leader, None, lane, moved) is None
    assert clean_hand.clean_play(t, hand, leader, None, lane) is None  # no deal given


def test_a_deal_to_fewer_seats_is_not_vouched_for() -> None:
    # Three players dealt 53 cards, the last one's 27 (a card twice): joined with two gaps, as long as a deal to
    # four, the last gap's place a card (twice), each card played at a place of a card. Not vouched for: the deal
    # is to fewer seats than the table's.
    t = tables_for(referee.load_spec("spades/intramural"))
    lane = clean_lane.lane_for(t)
    game = read_fast(simulate_game(referee.load_spec("spades/intramural"), random.Random(9)), WHERE)
    assert game is not None and lane is not None
    hand = game.hands[1]
    assert hand.deal is not None and hand.dealer is not None
    first, second, third, fourth = hand.deal
    three = replace(hand, deal=(first, second, (*third, fourth[5], *fourth)))
    assert replay_play.dealt_and_played(t, hand, hand.dealer, lane) is not None
    assert replay_play.dealt_and_played(t, three, three.dealer, lane) is None
    assert deal.check_deal(t, three.deal or (), game.players)[1]  # (the deal check finds it)
