"""The whole-game clean check (tricks.clean_game) answers for each hand exactly what the hand's own check
(replay_play.dealt_and_played, given the hand's dealer and its place's pass) answers, or leaves it to that check;
and every report is the same with it and without it."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from lanes import TRICK_SPECS, WHERE, corpus_agrees

import referee
from referee.tricks import clean_game, game_lane, replay_play
from referee.tricks.clean_lane import lane_for
from referee.tricks.log import compact_tricks, read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for

# every trick spec and count of players the clean-hand check has tables for: scored by points or by books
LANE_SPECS = [
    (rules, seats)
    for rules in TRICK_SPECS
    for seats in tables_for(referee.load_spec(rules)).seat_counts
    if lane_for(tables_for(referee.load_spec(rules), seats)) is not None
]
NAMES = ["North", "East", "South", "West"]


def _tables(rules: str, seats: int) -> tuple[Any, Any]:
    t = tables_for(referee.load_spec(rules), seats)
    return t, lane_for(t)


def _alone(t: Any, lane: Any, hands: Any) -> list[Any]:
    """Each hand's answer checked alone, as the lanes ask it: its books and points, or None."""
    cycle = t.pass_cycle
    answers = []
    for number, hand in enumerate(hands):
        clean = replay_play.dealt_and_played(t, hand, hand.dealer, lane, cycle[number % len(cycle)] if cycle else None)
        answers.append(None if clean is None else (tuple(clean.books), tuple(clean.taken)))
    return answers


def _answers(rules: str, seats: int, document: Any) -> tuple[Any, list[Any]]:
    """The whole game's answers and each hand's alone, for the game read in one pass."""
    t, lane = _tables(rules, seats)
    log = read_fast(copy.deepcopy(document), WHERE)
    assert log is not None and lane is not None
    return clean_game.clean_hands(t, lane, log.hands), _alone(t, lane, log.hands)


def _reports(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """The report of the game read in one pass, with the whole-game check and without it."""

    def report() -> Any:
        log = read_fast(copy.deepcopy(document), WHERE)
        assert log is not None
        return referee.audit(rules, log).as_dict()

    with_it = report()
    monkeypatch.setattr(clean_game, "clean_hands", lambda *args: None)
    without = report()
    monkeypatch.undo()
    return with_it, without


@pytest.mark.parametrize(("rules", "seats"), LANE_SPECS)
@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("seed", [3, 4])
def test_each_hand_is_answered_as_when_checked_alone(rules: str, seats: int, compact: bool, seed: int) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(seed), seats=seats)
    if compact:
        document = compact_tricks(document)
    game, alone = _answers(rules, seats, document)
    t, lane = _tables(rules, seats)
    if game is None:
        # only where it cannot stand in for the hand's check: the first leader not the dealer's left (the opening
        # card's holder), or a deal with cards set apart
        assert not game_lane.usable(t, lane)
        return
    assert len(game) == len(alone)
    for found, wanted in zip(game, alone, strict=True):
        assert found is None or found == wanted
    assert any(found is not None for found in game)


def _tamper(document: Any, rng: random.Random) -> None:
    """Two cards of a trick game's record swapped: within a trick, between two players' plays, or a deal's."""
    hand = rng.choice(document["hands"])
    tricks = hand["tricks"]
    (a, b), (i, j) = rng.sample(range(len(tricks)), 2), (rng.randrange(len(tricks[0])), rng.randrange(len(tricks[0])))
    (seat_a, card_a), (seat_b, card_b) = next(iter(tricks[a][i].items())), next(iter(tricks[b][j].items()))
    if rng.random() < 0.5:
        tricks[a][i], tricks[b][j] = {seat_a: card_b}, {seat_b: card_a}
    else:
        tricks[a][i], tricks[b][j] = {seat_a: card_b}, {seat_a: card_a}


@pytest.mark.parametrize("seed", range(12))
def test_a_tampered_game_reports_the_same(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec("hearts/intramural"), rng, seats=4)
    _tamper(document, rng)
    with_it, without = _reports("hearts/intramural", document, monkeypatch)
    assert with_it == without
    game, alone = _answers("hearts/intramural", 4, document)
    assert game is None or len(game) == len(alone)
    for found, wanted in zip(game or [None] * len(alone), alone, strict=True):
        assert found is None or found == wanted


def _hand(dealer: str, after: dict[str, list[str]], passed: dict[str, list[str]], plays: list[Any]) -> Any:
    """A hand of four players passing to the right, from what each held after the pass, what each passed (so each
    was dealt what they held less what they received, and with what they passed), and the tricks, each in seat
    order from North, each led by the first listed in ``plays``' leaders (see _tricks)."""
    received = {NAMES[(NAMES.index(name) + 3) % 4]: cards for name, cards in passed.items()}  # by the right
    deal = {name: [c for c in after[name] if c not in received[name]] + passed[name] for name in NAMES}
    return {"dealer": dealer, "deal": deal, "passes": passed, "tricks": plays}


def _trick(leader: str, cards: list[str]) -> list[dict[str, str]]:
    """A trick led by ``leader``, the cards in turn clockwise from them."""
    at = NAMES.index(leader)
    return [{NAMES[(at + k) % 4]: card} for k, card in enumerate(cards)]


def _score(points: list[int], totals: list[int]) -> dict[str, Any]:
    return {name: {"hand": p, "total": s} for name, p, s in zip(NAMES, points, totals, strict=True)}


def _spades_run() -> Any:
    """North holds every spade after the pass and leads them all, winning all 13 tricks: 13 hearts at 1 and the
    queen at 13, 26 points to North, none to the others (this sheet has no moon)."""
    spades = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    after = {
        "North": spades,
        "East": ["5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2D", "3D", "4D"],
        "South": ["5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "2H", "3H", "4H"],
        "West": ["5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "2C", "3C", "4C"],
    }
    passed = {"North": ["2C", "3C", "4C"], "East": ["QS", "KS", "AS"], "South": ["2D", "3D", "4D"]}
    passed["West"] = ["2H", "3H", "4H"]
    plays = [_trick("North", [after[name][k] for name in NAMES]) for k in range(13)]
    return _hand("West", after, passed, plays)


def _points(report: Any) -> list[list[int]]:
    """Each hand's points on the report's score sheet, in seat order."""
    return [[line["sides"][name]["points"] for name in NAMES] for line in report["score_sheet"]]


def _game(*hands: Any) -> Any:
    return {"log": 1, "game": {"rules": "hearts/intramural"}, "players": NAMES, "hands": [*hands]}


def test_a_game_of_one_hand_where_one_player_takes_every_point(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _spades_run()
    hand["score"] = _score([26, 0, 0, 0], [26, 0, 0, 0])
    game, alone = _answers("hearts/intramural", 4, _game(hand))
    # North took all 13 tricks and all 26 points
    assert game == alone == [((13, 0, 0, 0), (26, 0, 0, 0))]
    with_it, without = _reports("hearts/intramural", _game(hand), monkeypatch)
    assert with_it == without
    assert with_it["status"] == "clean" and _points(with_it) == [[26, 0, 0, 0]]


def _turned(hand: Any, seats: int) -> Any:
    """The hand with every player's part moved ``seats`` seats to the left (dealer, deal, passes, plays, score),
    each player's part written in seat order, as the usual record does."""
    name = {old: NAMES[(k + seats) % 4] for k, old in enumerate(NAMES)}

    def by_seat(parts: dict[str, Any]) -> dict[str, Any]:
        moved = {name[k]: v for k, v in parts.items()}
        return {k: moved[k] for k in NAMES}

    turned = {
        "dealer": name[hand["dealer"]],
        "deal": by_seat(hand["deal"]),
        "passes": by_seat(hand["passes"]),
        "tricks": [[{name[k]: v for k, v in play.items()} for play in trick] for trick in hand["tricks"]],
    }
    if "score" in hand:
        turned["score"] = by_seat(hand["score"])
    return turned


def _heart_led_to_the_second_trick() -> Any:
    """North holds the spades but 2S, and the AH; East has 2S and must follow North's AS; West discards 2H on it,
    so a heart was played to the first trick; North leads AH to the second. North takes every trick: 26 points.
    The next hand, dealt by North, is the spades run a seat on: East takes every trick, 26 points (totals 26, 26,
    0, 0)."""
    after = {
        "North": ["AS", "AH", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
        "East": ["2S", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
        "South": ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
        "West": ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AC"],
    }
    passed = {"North": ["2H", "3H", "4H"], "East": ["3S", "4S", "5S"], "South": ["2C", "3C", "4C"]}
    passed["West"] = ["2D", "3D", "4D"]
    plays = [_trick("North", [after[name][k] for name in NAMES]) for k in range(13)]
    broken = _hand("West", after, passed, plays)
    broken["score"] = _score([26, 0, 0, 0], [26, 0, 0, 0])
    run = _turned(_spades_run(), 1)
    run["score"] = _score([0, 26, 0, 0], [26, 26, 0, 0])
    return _game(broken, run)


def test_a_heart_played_to_the_first_trick_and_led_to_the_second_is_left_to_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the second trick's AH, which this sheet forbids ("not led until the third trick"): reported, scored as played
    document = _heart_led_to_the_second_trick()
    game, alone = _answers("hearts/intramural", 4, document)
    assert game == [None, ((0, 13, 0, 0), (0, 26, 0, 0))]  # the first hand left to its own check, which asks the
    assert alone == [None, ((0, 13, 0, 0), (0, 26, 0, 0))]  # lead rule (and hands it on to be reported)
    with_it, without = _reports("hearts/intramural", document, monkeypatch)
    assert with_it == without
    assert [(v["code"], v["location"]["hand"]) for v in with_it["violations"]] == [("illegal_lead", 1)]
    assert _points(with_it) == [[26, 0, 0, 0], [0, 26, 0, 0]]


def test_a_suit_held_back_to_a_later_trick_is_held_back_though_broken() -> None:
    # Rules holding hearts back until broken and until the third trick (this sheet's, with "until broken" added):
    # West's 2H on the first trick breaks hearts, and North's AH led to the second is still too early, holding
    # spades. The hand's check faults it (and leaves the hand to the replay); the game's check leaves it too, though
    # a heart was played to an earlier trick: broken counts only where no rule holds the suit back to a later trick.
    t = dataclasses.replace(tables_for(referee.load_spec("hearts/intramural"), 4), held_until_broken=True)
    assert t.held_until_trick == 3
    lane = lane_for(t)
    assert lane is not None and lane.breaking is not None and game_lane.usable(t, lane)
    hands = read_fast(_heart_led_to_the_second_trick(), WHERE).hands  # type: ignore[union-attr]
    assert _alone(t, lane, hands) == [None, ((0, 13, 0, 0), (0, 26, 0, 0))]
    assert clean_game.clean_hands(t, lane, hands) == [None, ((0, 13, 0, 0), (0, 26, 0, 0))]


def _suit(card: str) -> str:
    return card[-1]


def _own_swap(document: Any, number: int, last: bool) -> bool:
    """In hand ``number``, one player's two cards swapped between two tricks, so that they fail a duty at the first:
    ``last``: a card that followed suit swapped with their card of another suit in the last trick (a revoke, shown
    by the last trick); else the queen of spades, discarded, swapped with a later discard of theirs to a trick not
    led in spades (the queen kept past its first opportunity). False where the hand has no such pair."""
    tricks = document["hands"][number - 1]["tricks"]
    plays = [(k, i, *next(iter(play.items()))) for k, trick in enumerate(tricks) for i, play in enumerate(trick)]
    led = [_suit(next(iter(trick[0].values()))) for trick in tricks]
    for k, i, seat, card in plays:
        for m, j, other, later in plays:
            if other != seat or m <= k:
                continue
            if last:
                found = m == len(tricks) - 1 and i and _suit(card) == led[k] != _suit(later)
            else:
                found = card == "QS" and _suit(card) != led[k] and _suit(later) not in (led[m], "S") and led[m] != "S"
            if found:
                tricks[k][i], tricks[m][j] = {seat: later}, {seat: card}
                return True
    return False


@pytest.mark.parametrize("last", [True, False], ids=["revoke_in_the_last_trick", "queen_kept_past_its_chance"])
def test_a_game_whose_third_hand_breaks_a_duty_is_left_to_each_hand(
    last: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = referee.load_spec("hearts/intramural")
    for seed in range(200):
        document = simulate_game(spec, random.Random(seed), seats=4)
        if len(document["hands"]) >= 3 and _own_swap(document, 3, last):
            break
    else:
        raise AssertionError("no simulated game has such a third hand")
    game, alone = _answers("hearts/intramural", 4, document)
    assert game is None  # an irregular hand anywhere: every hand is checked alone
    assert alone[2] is None and None not in alone[:2] + alone[3:]
    with_it, without = _reports("hearts/intramural", document, monkeypatch)
    assert with_it == without
    assert {v["location"]["hand"] for v in with_it["violations"]} == {3}
    assert {v["code"] for v in with_it["violations"]} >= {"renege" if last else "discard_withheld"}


def test_a_trick_led_by_other_than_the_last_ones_winner_is_left_to_each_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # A trick of one suit in the third hand played from the next player on: everyone still follows suit, each
    # plays their own card, but the leader is not the one who won the trick before (the winner check alone sees it)
    spec = referee.load_spec("hearts/intramural")
    for seed in range(200):
        document = simulate_game(spec, random.Random(seed), seats=4)
        if len(document["hands"]) < 3:
            continue
        tricks = document["hands"][2]["tricks"]
        one_suit = [k for k in range(1, 13) if len({_suit(next(iter(play.values()))) for play in tricks[k]}) == 1]
        if one_suit:
            k = one_suit[0]
            tricks[k] = tricks[k][1:] + tricks[k][:1]
            break
    else:
        raise AssertionError("no simulated game has such a third hand")
    game, alone = _answers("hearts/intramural", 4, document)
    assert game is None
    assert alone[2] is None and None not in alone[:2] + alone[3:]
    with_it, without = _reports("hearts/intramural", document, monkeypatch)
    assert with_it == without
    assert {v["location"]["hand"] for v in with_it["violations"]} == {3}


def test_a_first_trick_led_out_of_turn_is_left_to_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # the spades run dealt by South: West (the dealer's left) should lead, North does; the lead stands (a warning)
    hand = _spades_run()
    hand["dealer"] = "South"
    hand["score"] = _score([26, 0, 0, 0], [26, 0, 0, 0])
    game, alone = _answers("hearts/intramural", 4, _game(hand))
    assert game is None and alone == [None]
    with_it, without = _reports("hearts/intramural", _game(hand), monkeypatch)
    assert with_it == without
    assert [v["location"]["hand"] for v in with_it["violations"]] == [1]
    assert _points(with_it) == [[26, 0, 0, 0]]


def test_a_card_played_twice_is_left_to_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # the spades run with East's 5C played again to the second trick, the 6C he held never played
    hand = _spades_run()
    hand["tricks"][1][1] = {"East": "5C"}
    hand["score"] = _score([26, 0, 0, 0], [26, 0, 0, 0])
    game, alone = _answers("hearts/intramural", 4, _game(hand))
    assert game is None and alone == [None]
    with_it, without = _reports("hearts/intramural", _game(hand), monkeypatch)
    assert with_it == without
    assert with_it["status"] != "clean"


def test_the_conformance_corpus_reports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # (few of its games are regular ones of a spec whose first leader is the dealer's left: two)
    corpus_agrees(monkeypatch, clean_game, "clean_hands", least=1)


_HEAVY = """\
spec: 1
id: test/heavy-queen
title: Hearts with a heavy queen
extends: hearts/intramural
summary: Hearts with the queen of spades at two hundred.
source:
  document: heavy.txt
  title: Heavy queen
scoring:
  points:
    cards: {QS: 200}
    total: 213
    source: The queen of spades counts two hundred.
"""


def test_a_deck_of_more_than_127_points_is_left_to_each_hand(tmp_path: Any) -> None:
    """The whole game's sums also add windows straddling two hands, which two hands' points over 255 overflowed:
    with the queen at 200 (13 + 200 = 213 a deal), West took the queen in the last trick of hand 4 and again in
    hand 5 (trick 9, KS over North's QS), and the carry gave North 4 points in hand 5, where North took one trick
    with points, trick 8 (7H, JH, 2S, 3H): 3 hearts, 3 points, as the table wrote. The game is left to each hand."""
    (tmp_path / "heavy.txt").write_text("The queen of spades counts two hundred.\n", encoding="utf-8")
    path = tmp_path / "heavy.yaml"
    path.write_text(_HEAVY, encoding="utf-8")
    spec = referee.load_spec(str(path))
    document = simulate_game(spec, random.Random(1338), seats=4)
    game, alone = _answers(str(path), 4, document)
    assert alone[4] is not None and alone[4][1][0] == 3  # North's 3 points in hand 5, as worked out above
    assert game is None or all(g is None or g == a for g, a in zip(game, alone, strict=True))
    assert document["hands"][4]["score"]["North"]["hand"] == 3
    log = read_fast(copy.deepcopy(document), WHERE)
    assert log is not None
    assert referee.audit(spec, log).status == "clean"
