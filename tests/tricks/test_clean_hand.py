"""The clean-hand check (tricks.clean_hand) vouches only for hands the card-by-card replay finds nothing in,
and gives the same books and points: every report is the same with it and without it."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, WHERE, both_ways, corpus_agrees, tampered_both_ways

import referee
from referee import gamelog
from referee.tricks import clean_hand, clean_lane, replay_play
from referee.tricks.cards import COPY
from referee.tricks.log import compact_tricks, read, read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for


def _both_ways(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    """The report (or refusal) with the clean-hand check and without it, and how many hands it vouched for."""
    return both_ways(rules, document, monkeypatch, replay_play, "clean_play")


SEATED_SPECS = [(rules, seats) for rules in TRICK_SPECS for seats in tables_for(referee.load_spec(rules)).seat_counts]


@pytest.mark.parametrize(("rules", "seats"), SEATED_SPECS)
def test_simulated_games_are_vouched_for_and_scored_the_same(
    rules: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = referee.load_spec(rules)
    document = simulate_game(spec, random.Random(11), seats=seats)
    fast, slow, vouched = _both_ways(rules, document, monkeypatch)
    assert fast == slow
    t = tables_for(spec, seats)
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


def _swap_own_cards(document: Any, rng: random.Random) -> None:
    """Two cards of one player swapped between two tricks: each card still played once, by the player who held
    it, so the check gets past ownership to following suit, the leads, the winners and the turn."""
    hand = rng.choice(document["hands"])
    plays = [(k, i) for k, trick in enumerate(hand["tricks"]) for i in range(len(trick))]
    name = next(iter(hand["tricks"][0][0]))
    (a, i), (b, j) = rng.sample([(k, i) for k, i in plays if name in hand["tricks"][k][i]], 2)
    tricks = hand["tricks"]
    tricks[a][i], tricks[b][j] = tricks[b][j], tricks[a][i]


def _move_dealt_card(document: Any, rng: random.Random) -> None:
    """A card of one player's deal given to another (or, where cards were passed, a passed card changed)."""
    hand = rng.choice(document["hands"])
    deal = hand.get("deal")
    if not deal:
        return
    giver, taker = rng.sample(sorted(deal), 2)
    if deal[giver]:
        deal[taker].append(deal[giver].pop(rng.randrange(len(deal[giver]))))


def _any_tamper(document: Any, rng: random.Random) -> None:
    rng.choice((_tamper, _tamper, _swap_own_cards, _move_dealt_card))(document, rng)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SEATED_SPECS), st.integers(0, 10**6))
def test_tampered_games_report_the_same(rules_seats: tuple[str, int], seed: int) -> None:
    rules, seats = rules_seats
    fast, slow = tampered_both_ways(rules, seed, _any_tamper, replay_play, "clean_play", seats)
    assert fast == slow


def _play_a_card_again(document: Any, rng: random.Random) -> None:
    """A player's card played a second time, in place of a later card of theirs, which is dropped from their deal:
    they hold one card fewer than the others and play each card they hold, one of them twice."""
    hand = rng.choice(document["hands"])
    deal, tricks = hand.get("deal"), hand["tricks"]
    if not deal:
        return
    name = rng.choice(sorted(deal))
    plays = [(k, i) for k, trick in enumerate(tricks) for i, play in enumerate(trick) if name in play]
    if len(plays) < 2:
        return
    (a, i), (b, j) = sorted(rng.sample(plays, 2))
    dropped = tricks[b][j][name]
    if dropped in deal[name]:
        deal[name].remove(dropped)
        tricks[b][j] = {name: tricks[a][i][name]}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SEATED_SPECS), st.integers(0, 10**6))
def test_a_card_played_twice_by_a_player_dealt_a_card_short_is_reported_the_same(
    rules_seats: tuple[str, int], seed: int
) -> None:
    rules, seats = rules_seats
    fast, slow = tampered_both_ways(rules, seed, _play_a_card_again, replay_play, "clean_play", seats)
    assert fast == slow


def test_a_clause_of_play_it_does_not_know_sends_every_hand_to_the_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(2))
    assert _both_ways("spades/intramural", document, monkeypatch)[2] > 0
    # as if play.follow were a rule added to the card-by-card replay and not yet to the clean-hand check
    monkeypatch.setattr(clean_hand, "KNOWN_PLAY", clean_hand.KNOWN_PLAY - {"play.follow"})
    fast, slow, vouched = _both_ways("spades/intramural", document, monkeypatch)
    assert vouched == 0 and fast == slow


def _legal_hands(rules: str, seed: int) -> tuple[Any, list[tuple[Any, list[int]]]]:
    """A simulated game's tables and hands, each with what its players held (the cards each played)."""
    spec = referee.load_spec(rules)
    game = gamelog.from_document(simulate_game(spec, random.Random(seed)), WHERE)
    assert isinstance(game, gamelog.GameLog)
    t = tables_for(spec)
    hands = []
    for hand in game.hands:
        holdings = [0] * t.seats
        for seats, cards in hand.tricks or ():
            for seat, card in zip(seats, cards, strict=True):
                holdings[seat] |= 1 << card
        hands.append((hand, holdings))
    return t, hands


def test_a_card_played_by_a_player_who_did_not_hold_it_is_never_vouched_for() -> None:
    # A player holding one card more and the next player one card less: the next player's highest card, which
    # they played, moved to the player before them (who holds nothing higher). Every card is still held by
    # someone and played once, and each player plays as many cards as the others.
    t, hands = _legal_hands("spades/intramural", 3)
    moved = 0
    for hand, holdings in hands:
        assert clean_hand.clean_play(t, hand, hand.tricks[0][0][0], holdings) is not None
        for seat in range(t.seats - 1):
            top = 1 << holdings[seat + 1].bit_length() - 1
            if top > holdings[seat]:
                changed = [*holdings]
                changed[seat] |= top
                changed[seat + 1] &= ~top
                assert clean_hand.clean_play(t, hand, hand.tricks[0][0][0], changed) is None
                moved += 1
    assert moved > 0


def test_a_card_held_twice_and_another_played_twice_are_never_vouched_for() -> None:
    # A player's card swapped for a later player's card, both now holding it (the later one plays it), and in
    # the trick where the player played the card given up, a lower card of the same suit they also play
    # elsewhere: every card played is held by its player, every card held is played, the tricks go the same.
    t, hands = _legal_hands("spades/intramural", 5)
    changed_hands = 0
    for hand, holdings in hands:
        plays = [
            (k, i, seat, card)
            for k, (seats, cards) in enumerate(hand.tricks)
            for i, (seat, card) in enumerate(zip(seats, cards, strict=True))
        ]
        winners = [trick[0][0] for trick in hand.tricks[1:]]
        for k, i, seat, card in plays:
            if i == 0 or (k < len(winners) and winners[k] == seat) or seat == t.seats - 1:
                continue
            lower = [
                c
                for kk, _, s, c in plays
                if s == seat and kk != k and t.suit[c] == t.suit[card] and t.power[c] < t.power[card]
            ]
            if not lower:
                continue
            other = next(c for _, _, s, c in plays if s == t.seats - 1)
            tricks = [*hand.tricks]
            seats, cards = tricks[k]
            tricks[k] = (seats, (*cards[:i], lower[0], *cards[i + 1 :]))
            changed = [*holdings]
            changed[seat] = changed[seat] & ~(1 << card) | 1 << other
            assert clean_hand.clean_play(t, replace(hand, tricks=tuple(tricks)), tricks[0][0][0], changed) is None
            changed_hands += 1
            break
    assert changed_hands > 0


def test_a_card_to_discard_held_back_past_its_first_opportunity_is_reported_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Hearts: the queen of spades discarded at its holder's first failure to follow, and a card they discarded
    # later, swapped: each still a discard (a card of neither suit led) and winning nothing, so only the duty
    # to discard the queen at the first opportunity is broken.
    rules = "hearts/intramural"
    document = simulate_game(referee.load_spec(rules), random.Random(7))
    queen, found = "QS", 0
    for hand in document["hands"]:
        tricks = hand["tricks"]
        plays = [(k, i, *next(iter(play.items()))) for k, trick in enumerate(tricks) for i, play in enumerate(trick)]
        at = next(((k, i, name) for k, i, name, card in plays if card == queen), None)
        if at is None or next(iter(tricks[at[0]][0].values()))[-1] == "S":
            continue
        later = [
            (k, i)
            for k, i, name, card in plays
            if name == at[2]
            and k > at[0]
            and i > 0
            and card[-1] != next(iter(tricks[k][0].values()))[-1]
            and next(iter(tricks[k][0].values()))[-1] != "S"
        ]
        if later:
            k, i = later[0]
            tricks[at[0]][at[1]], tricks[k][i] = tricks[k][i], tricks[at[0]][at[1]]
            found += 1
    assert found > 0
    fast, slow, _ = _both_ways(rules, document, monkeypatch)
    assert fast == slow
    assert "play.first_discard" in str(slow)


def test_a_card_dealt_twice_to_a_player_is_left_to_the_replay() -> None:
    # A second copy of a card (a single deck's misdeal) is held at its own bit, beyond the deck's cards.
    t, hands = _legal_hands("spades/intramural", 3)
    hand, holdings = hands[0]
    for seat in range(t.seats):
        changed = [*holdings]
        card = changed[seat].bit_length() - 1
        changed[seat] = changed[seat] & ~(1 << card) | 1 << (card + COPY)
        assert clean_hand.clean_play(t, hand, hand.tricks[0][0][0], changed) is None


def test_a_duty_to_discard_without_a_duty_to_follow_is_left_to_the_replay() -> None:
    # The whole-hand check reads a failure to follow suit as holding none of it, which only a duty to follow
    # makes true; a discard duty (or a first-trick bar) in a spec without one is left to the replay.
    t = tables_for(referee.load_spec("hearts/intramural"))
    assert clean_lane.lane_for(t) is not None
    assert clean_lane.lane_for(replace(t, must_follow=False)) is None
    assert clean_lane.lane_for(replace(t, must_follow=False, discard_card=-1)) is not None


def _read_both_ways(document: Any) -> list[tuple[Any, Any]]:
    """Each hand as the one-pass reader reads it (with its play as bytes) and as the careful reader does (without)."""
    fast = read_fast(copy.deepcopy(document), WHERE)
    assert fast is not None
    slow = read(copy.deepcopy(document), WHERE)
    assert all(hand.play_bytes is None for hand in slow.hands)
    return [*zip(fast.hands, slow.hands, strict=True)]


def _held(t: Any, hand: Any) -> list[int]:
    """What each player held: the cards dealt to them where the deal is recorded (and nothing was passed), else
    the cards they played."""
    holdings = [0] * t.seats
    if hand.deal and not hand.passes:
        for seat, cards in enumerate(hand.deal):
            holdings[seat] = sum(1 << card for card in cards)
    else:
        for seats, cards in hand.tricks or ():
            for seat, card in zip(seats, cards, strict=True):
                holdings[seat] |= 1 << card
    return holdings


def _same_either_way(rules: str, seats: int, document: Any) -> int:
    """clean_play's answer for each hand read both ways, the same; how many hands it vouched for."""
    t = tables_for(referee.load_spec(rules), seats)
    vouched = 0
    for fast, slow in _read_both_ways(document):
        holdings = _held(t, slow)
        for leader in {None, *(slow.tricks[0][0][:1] if slow.tricks else ())}:
            found = clean_hand.clean_play(t, fast, leader, holdings)
            assert found == clean_hand.clean_play(t, slow, leader, holdings)
            vouched += found is not None
    return vouched


@pytest.mark.parametrize(("rules", "seats"), SEATED_SPECS)
@pytest.mark.parametrize("form", ["plays", "compact"])
def test_a_hand_read_in_one_pass_is_checked_as_one_read_carefully(rules: str, seats: int, form: str) -> None:
    # the one-pass reader gives the play check its tricks as bytes; the careful reader does not, and the check
    # makes them from its tricks: the answers are the same, for either form of a trick
    document = simulate_game(referee.load_spec(rules), random.Random(13), seats=seats)
    if form == "compact":
        document = compact_tricks(document)
    vouched = _same_either_way(rules, seats, document)
    t = tables_for(referee.load_spec(rules), seats)
    if not (t.deck >> COPY or t.must_beat):
        assert vouched > 0


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SEATED_SPECS), st.integers(0, 10**6), st.booleans())
def test_a_tampered_hand_is_checked_the_same_either_way(rules_seats: tuple[str, int], seed: int, compact: bool) -> None:
    rules, seats = rules_seats
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec(rules), rng, seats=seats)
    for _ in range(rng.randint(1, 3)):
        _any_tamper(document, rng)
    if compact:
        document = compact_tricks(document)
    if read_fast(copy.deepcopy(document), WHERE) is not None:
        _same_either_way(rules, seats, document)


@pytest.mark.parametrize("seed", [17, 18])
def test_points_added_trick_by_trick_are_those_added_at_once(seed: int) -> None:
    # a spec whose cards' points do not fit a byte a trick (a negative card, a big one) has them added trick by
    # trick, and one whose points in all do not fit a byte has each trick's added to its winner's in a loop; no
    # bundled spec does either, so the same hands are checked with the lane's tables for them taken away
    t = tables_for(referee.load_spec("hearts/intramural"))
    lane = clean_lane.lane_for(t)
    assert lane is not None and lane.points is not None and lane.seat_shift is not None
    by_trick = replace(lane, points=None, seat_shift=None)
    by_winner = replace(lane, seat_shift=None)
    document = simulate_game(referee.load_spec("hearts/intramural"), random.Random(seed))
    taken = 0
    for fast, slow in _read_both_ways(document):
        holdings = _held(t, slow)
        found = clean_hand.clean_play(t, fast, None, holdings, lane)
        assert found == clean_hand.clean_play(t, fast, None, holdings, by_trick)
        assert found == clean_hand.clean_play(t, fast, None, holdings, by_winner)
        taken += found is not None and any(found.taken)
    assert taken > 0


def test_a_heart_led_to_the_second_trick_is_looked_into_and_no_other_lead(monkeypatch: pytest.MonkeyPatch) -> None:
    # hearts/intramural holds hearts back from the lead to the second trick only (a lead rule's window of one
    # trick): the check looks at that one lead, and asks the careful lead check of no hand whose second lead is
    # not a heart; a heart led there by a player holding other cards is reported (play.lead), never vouched for
    spec = referee.load_spec("hearts/intramural")
    t = tables_for(spec, 4)
    lane = clean_lane.lane_for(t)
    assert lane is not None and lane.late_until == 2
    asked: list[int] = []
    careful = clean_hand._late_leads_allowed

    def looked_into(t: Any, lane: Any, leaders: bytes, winners: bytes, in_play: bytes, *rest: Any) -> bool:
        asked.append(in_play[t.seats])
        return careful(t, lane, leaders, winners, in_play, *rest)

    monkeypatch.setattr(clean_hand, "_late_leads_allowed", looked_into)
    document = simulate_game(spec, random.Random(5), seats=4)
    fast, slow, vouched = _both_ways("hearts/intramural", document, monkeypatch)
    assert fast == slow and vouched == len(document["hands"]) and not asked
    # A hand regular but for a heart led to the second trick by a player holding other cards: a later trick led by
    # the same player with a heart, and won by the second trick's winner, played second instead (the leaders and
    # the cards each player holds stay as they were), where nothing else the careful replay finds breaks a rule
    found = None
    for seed in range(40):
        played = simulate_game(spec, random.Random(seed), seats=4)
        for number, hand in enumerate(played["hands"]):
            tricks = hand["tricks"]
            for k in range(2, len(tricks) - 1):
                if [*tricks[k][0]] != [*tricks[1][0]] or not next(iter(tricks[k][0].values())).endswith("H"):
                    continue
                if [*tricks[k + 1][0]] != [*tricks[2][0]]:  # (the next leader: the same winner)
                    continue
                changed = copy.deepcopy(played)
                moved = changed["hands"][number]["tricks"]
                moved[1], moved[k] = moved[k], moved[1]
                changed["hands"] = changed["hands"][: number + 1]
                changed["hands"][number].pop("score", None)
                report = referee.audit(spec, gamelog.from_document(copy.deepcopy(changed), WHERE)).as_dict()
                if [(v["rule"], v["location"].get("trick")) for v in report["violations"]] == [("play.lead", 2)]:
                    found = changed
                    break
            if found is not None:
                break
        if found is not None:
            break
    assert found is not None
    fast, slow, _ = _both_ways("hearts/intramural", found, monkeypatch)
    assert fast == slow and [v["rule"] for v in fast["violations"]] == ["play.lead"]


def test_every_seat_a_lane_may_have_is_a_byte_of_the_table() -> None:
    # the last trick's winner is looked up in clean_hand._BYTE (eight seats, made at import, not 256): a lane is
    # compiled only for fewer than eight players, so every winner is among them
    assert len(clean_hand._BYTE) == 8 and all(clean_hand._BYTE[seat] == bytes((seat,)) for seat in range(8))
    for rules, seats in SEATED_SPECS:
        t = tables_for(referee.load_spec(rules), seats)
        assert clean_lane.lane_for(t) is None or t.seats <= len(clean_hand._BYTE)
    eight = replace(tables_for(referee.load_spec("hearts/intramural"), 4), seats=8)
    assert clean_lane.lane_for(eight) is None
