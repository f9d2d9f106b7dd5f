"""Spades away from four players in two partnerships: Solo, three-handed and six-handed games.

Simulated legal games must audit clean; games broken at one bid, lead or play must be reported exactly there.
Which plays are legal is decided here by a small model over card tokens (spades and jokers are trumps, a must-beat
rule, spades broken by a spade played or by one that took a trick), sharing no code with the referee; the log is
cut short after the broken play, so the one violation and where the record stops are all the referee may report.
"""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.report import Report
from referee.tricks.simulate import MAX_HANDS, simulate_game

Log = dict[str, Any]
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Rules:
    """What the model needs to know of a spec, written out by hand from its clauses."""

    spec: str
    options: tuple[tuple[str, Any], ...] = ()
    must_beat: bool = False
    broken_by: str = "played"  # or "won": a spade took a trick led in another suit
    first_lead_spade: bool = True  # may the first trick be led with a spade
    first_card: str | None = None  # the card that must open the hand, if any ("2C", else "3C")
    later_wins: bool = False  # of two identical cards, the later one wins
    player_max: int = 13


SOLO = Rules("spades/solo", must_beat=True, first_lead_spade=False)
THREE = Rules("spades/three-player", broken_by="won", first_card="2C", player_max=17)
THREE_VARIED = Rules(
    "spades/three-player",
    options=(("pack", "jokers"), ("sandbags", "counted"), ("target", 300), ("total_bets", "not_tricks")),
    broken_by="won",
    first_card="2C",
    player_max=18,
)
SIX = Rules("spades/six-player", first_lead_spade=False, later_wins=True, player_max=17)
RULES = [SOLO, THREE, THREE_VARIED, SIX]


def suit(card: str) -> str:
    return "S" if card in ("BJ", "LJ") else card[-1]


def power(card: str) -> int:
    return {"LJ": 15, "BJ": 16}.get(card) or RANKS.index(card[:-1]) + 2


def beats(rules: Rules, card: str, best: str) -> bool:
    """Whether ``card`` played now takes the trick from ``best``, the card winning it so far."""
    if suit(card) != suit(best):
        return suit(card) == "S"
    return power(card) > power(best) or (rules.later_wins and card == best)


def winner(rules: Rules, cards: list[str]) -> int:
    best = 0
    for i in range(1, len(cards)):
        if beats(rules, cards[i], cards[best]):
            best = i
    return best


def entries(trick: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [next(iter(entry.items())) for entry in trick]


def simulated(rules: Rules, seed: int, with_score: bool = True) -> Log:
    spec = referee.load_spec(rules.spec, dict(rules.options) or None)
    doc = simulate_game(spec, random.Random(seed), with_score=with_score)
    if rules.options:
        doc["game"]["options"] = dict(rules.options)
    return doc


def audit(rules: Rules, doc: Log) -> Report:
    return referee.audit(rules.spec, from_document(doc, Location(file="<simulated>")))


@dataclass
class Turn:
    """One play of a recorded hand, with what the player held and the trick so far."""

    hand: int  # 1-based
    trick: int  # 1-based
    position: int
    name: str
    card: str
    held: list[str]
    before: list[str]  # the trick's cards so far
    broken: bool


def turns(rules: Rules, doc: Log) -> list[Turn]:
    out = []
    for number, hand in enumerate(doc["hands"], 1):
        held = {name: list(cards) for name, cards in hand["deal"].items()}
        broken = False
        for k, trick in enumerate(hand["tricks"], 1):
            plays = entries(trick)
            cards = [card for _, card in plays]
            for position, (name, card) in enumerate(plays):
                out.append(Turn(number, k, position, name, card, list(held[name]), cards[:position], broken))
                held[name].remove(card)  # one copy of it
            won = cards[winner(rules, cards)]
            if rules.broken_by == "played":
                broken = broken or any(suit(c) == "S" for c in cards)
            else:
                broken = broken or (suit(won) == "S" and suit(cards[0]) != "S")
    return out


def cut(doc: Log, hand: int, trick: int, plays: int) -> Log:
    """The log up to ``plays`` plays of ``trick`` of ``hand``: later plays, tricks and hands dropped."""
    out = copy.deepcopy(doc)
    out["hands"] = out["hands"][:hand]
    record = out["hands"][-1]
    record["tricks"] = record["tricks"][:trick]
    record["tricks"][-1] = record["tricks"][-1][:plays]
    return out


def findings(report: Report) -> list[tuple[str, str, int | None, int | None, str | None]]:
    """Each violation as (code, clause, hand, trick, seat)."""
    return [(str(v.code), v.clause.id, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]


def played_instead(rules: Rules, doc: Log, turn: Turn, card: str) -> Report:
    """The audit of ``doc`` cut short after ``turn``, with ``card`` played there instead."""
    mutated = cut(doc, turn.hand, turn.trick, turn.position + 1)
    mutated["hands"][-1]["tricks"][-1][-1] = {turn.name: card}
    return audit(rules, mutated)


FAST = settings(max_examples=12, deadline=None, database=None, suppress_health_check=list(HealthCheck))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
rule_sets = st.sampled_from(RULES)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.spec + "".join(f",{k}={v}" for k, v in r.options))
def test_simulated_games_are_clean_and_kept_the_model(rules: Rules) -> None:
    for seed in (1, 2):
        doc = simulated(rules, seed)
        report = audit(rules, doc)
        assert report.violations == [] and report.incomplete == []
        assert report.finished or len(doc["hands"]) == MAX_HANDS  # random play may not reach the target
        # the simulator kept every rule the model knows of: follow suit, beat if able, spades broken
        for turn in turns(rules, doc):
            if turn.position == 0:
                only_spades = all(suit(c) == "S" for c in turn.held)
                if suit(turn.card) == "S" and not only_spades:
                    assert turn.broken and (turn.trick > 1 or rules.first_lead_spade)
                continue
            led = suit(turn.before[0])
            followers = [c for c in turn.held if suit(c) == led] or turn.held
            assert turn.card in followers
            if rules.must_beat:
                best = turn.before[winner(rules, turn.before)]
                if any(beats(rules, c, best) for c in followers):
                    assert beats(rules, turn.card, best)
        # each trick is led by the model's winner of the one before (two identical cards: the second)
        for hand in doc["hands"]:
            plays = [entries(trick) for trick in hand["tricks"]]
            for before, after in itertools.pairwise(plays):
                assert after[0][0] == before[winner(rules, [card for _, card in before])][0]


@FAST
@given(rule_sets.filter(lambda r: r.must_beat), seeds, st.randoms(use_true_random=False))
def test_a_play_that_does_not_beat_is_reported_there(rules: Rules, seed: int, rng: random.Random) -> None:
    doc = simulated(rules, seed, with_score=False)
    candidates = []
    for turn in turns(rules, doc):
        if turn.position == 0:
            continue
        best = turn.before[winner(rules, turn.before)]
        led = suit(turn.before[0])
        followers = [c for c in turn.held if suit(c) == led] or turn.held
        under = [c for c in followers if not beats(rules, c, best)]
        if under and beats(rules, turn.card, best):
            candidates.append((turn, rng.choice(under)))
    assume(candidates)
    turn, card = rng.choice(candidates)
    report = played_instead(rules, doc, turn, card)
    assert findings(report) == [("did_not_beat", "play.beat", turn.hand, turn.trick, turn.name)]
    stop = None if turn.position + 1 == len(doc["players"]) else turn.trick  # a whole trick: the hand stops short
    assert [(i.where.hand, i.where.trick) for i in report.incomplete] == [(turn.hand, stop)]


@FAST
@given(rule_sets, seeds, st.randoms(use_true_random=False))
def test_a_spade_led_too_soon_is_reported_there(rules: Rules, seed: int, rng: random.Random) -> None:
    doc = simulated(rules, seed, with_score=False)
    candidates = []
    for turn in turns(rules, doc):
        spades = [c for c in turn.held if suit(c) == "S"]
        if turn.position or not spades or len(spades) == len(turn.held) or turn.broken:
            continue
        if turn.trick == 1 and rules.first_card is not None:
            continue  # the opening card rule, not the spade rule, says what leads
        if suit(turn.card) != "S":
            candidates.append((turn, rng.choice(spades)))
    assume(candidates)
    turn, card = rng.choice(candidates)
    mutated = cut(doc, turn.hand, turn.trick, 1)
    mutated["hands"][-1]["tricks"][-1][0] = {turn.name: card}
    clause = "play.first_lead" if turn.trick == 1 and not rules.first_lead_spade else "play.lead"
    report = audit(rules, mutated)
    found = [(str(v.code), v.clause.id, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]
    assert found == [("illegal_lead", clause, turn.hand, turn.trick, turn.name)]


@FAST
@given(rule_sets, seeds, st.data())
def test_a_bid_out_of_range_is_reported_there(rules: Rules, seed: int, data: st.DataObject) -> None:
    doc = simulated(rules, seed, with_score=False)
    number = data.draw(st.integers(1, len(doc["hands"])))
    bad = data.draw(st.sampled_from([rules.player_max + 1, rules.player_max + 5]))
    mutated = copy.deepcopy(doc)
    mutated["hands"] = mutated["hands"][:number]
    record = mutated["hands"][-1]
    # a plain bid (not a raise or a special kind, which a side may write as a whole beside its players' bids)
    plain = [i for i, entry in enumerate(record["bids"]) if isinstance(next(iter(entry.values())), int)]
    assume(plain)
    position = data.draw(st.sampled_from(plain))
    del record["tricks"]
    name = next(iter(record["bids"][position]))
    record["bids"][position] = {name: bad}
    report = audit(rules, mutated)
    found = [(str(v.code), v.clause.id, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]
    seat = name
    if name not in doc["players"]:  # a bid written for a side (six: partnership bids) is reported on its last player
        seat = max(name.split(" & "), key=doc["players"].index)
    assert ("bid_out_of_range", "bidding.limits", number, None, seat) in found
    assert all(f[2] == number and f[3] is None for f in found)  # only that hand's bidding is faulted
    assert [i.where.hand for i in report.incomplete] == [number]  # no tricks: the hand cannot be scored


@FAST
@given(seeds, st.data())
def test_bets_that_make_the_forbidden_total_are_reported_on_the_last(seed: int, data: st.DataObject) -> None:
    rules = THREE_VARIED  # total_bets = not_tricks: the bets may not add up to 18, the tricks of a jokers hand
    doc = simulated(rules, seed, with_score=False)
    number = data.draw(st.integers(1, len(doc["hands"])))
    mutated = copy.deepcopy(doc)
    mutated["hands"] = mutated["hands"][:number]
    record = mutated["hands"][-1]
    del record["tricks"]
    bids = [next(iter(entry.items())) for entry in record["bids"]]
    first = sum(value for _, value in bids[:-1])
    assume(first <= 18)
    last = bids[-1][0]
    record["bids"][-1] = {last: 18 - first}
    report = audit(rules, mutated)
    found = [(str(v.code), v.clause.id, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]
    assert found == [("bids_total_not_allowed", "bidding.limits", number, None, last)]
    assert last == record["dealer"]  # the dealer bets last


def test_one_game_under_two_specs() -> None:
    """The Solo hand in which Bob does not beat 4C (a conformance case), audited as Solo and as intramural Spades.

    Worked by hand. Solo: one violation, Bob's 2C under 4C while holding KC and 10C (did_not_beat, trick 1);
    each player scores alone: Ann 1 bid 0 taken -10, Bob 2/0 -20, Cat 1/1 10, Dan 10/12 100 + 2 = 102.
    Intramural: no must-beat rule, so trick 1 is legal; but its deck has no 2C or 2D (dealt to Bob and Ann) and
    has the two jokers (dealt to nobody); the dealer bids first there, so Ann bid out of turn; Ann and Cat bid
    1 + 1 = 2 together, below the side minimum of 4 (reported on Cat, whose bid completed it). Partners opposite:
    Ann & Cat take 0 + 1 = 1 of their 2, set: -20; Bob & Dan take 0 + 12 = 12 of 2 + 10 = 12, made: 120.
    """
    path = Path(__file__).resolve().parents[1] / "conformance" / "bad" / "solo_did_not_beat_following.yaml"
    document = yaml.safe_load(path.read_text(encoding="utf-8"))["log"]
    game = from_document(document, Location(file=str(path)))

    solo = referee.audit("spades/solo", game)
    assert [(str(v.code), v.where.trick, v.where.seat) for v in solo.violations] == [("did_not_beat", 1, "Bob")]
    assert solo.sides == ("Ann", "Bob", "Cat", "Dan")
    assert solo.totals == (-10, -20, 10, 102)

    intramural = referee.audit("spades/intramural", game)
    assert [(str(v.code), v.clause.id, v.where.trick, v.where.seat) for v in intramural.violations] == [
        ("card_not_in_deck", "deck.cards", None, "Ann"),
        ("card_not_in_deck", "deck.cards", None, "Bob"),
        ("deal_missing_card", "deal.misdeal", None, None),
        ("bid_out_of_turn", "bidding.order", None, "Ann"),
        ("bid_below_side_minimum", "bidding.limits", None, "Cat"),
    ]
    assert intramural.sides == ("Ann & Cat", "Bob & Dan")
    assert [(line.bids, line.books, line.points) for line in intramural.hands] == [((2, 12), (1, 12), (-20, 120))]


@FAST
@given(rule_sets, seeds, st.data())
def test_a_card_played_once_too_often_is_reported_there(rules: Rules, seed: int, data: st.DataObject) -> None:
    doc = simulated(rules, seed, with_score=False)
    number = data.draw(st.integers(1, len(doc["hands"])))
    hand = doc["hands"][number - 1]
    copies = 2 if rules is SIX else 1
    last = len(hand["tricks"])
    seen: dict[str, int] = {}
    for trick in hand["tricks"][:-1]:
        for _, card in entries(trick):
            seen[card] = seen.get(card, 0) + 1
    spent = sorted(card for card, count in seen.items() if count == copies)  # every copy already played
    position = data.draw(st.integers(0, len(doc["players"]) - 1))
    card = data.draw(st.sampled_from(spent))
    mutated = cut(doc, number, last, position + 1)
    name = next(iter(mutated["hands"][-1]["tricks"][-1][-1]))
    mutated["hands"][-1]["tricks"][-1][-1] = {name: card}
    report = audit(rules, mutated)
    found = [(str(v.code), v.clause.id, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]
    expected: list[tuple[str, str, int | None, int | None, Any]] = [
        ("card_played_twice", "play.own_cards", number, last, name)
    ]
    if rules is SIX and position == len(doc["players"]) - 1:
        # the hand is whole, and the player's own card was never played: six takes the four-player game's renegs
        expected.append(("card_not_played", "penalties.card_not_played", number, None, name))
    assert found == expected


def _legal_follow(rules: Rules, held: list[str], before: list[str], card: str) -> bool:
    """Whether the model lets ``card`` follow ``before`` from ``held``: follow suit, and beat where it must."""
    led = suit(before[0])
    followers = [c for c in held if suit(c) == led] or held
    if card not in followers:
        return False
    if not rules.must_beat:
        return True
    best = before[winner(rules, before)]
    return beats(rules, card, best) or not any(beats(rules, c, best) for c in followers)


@FAST
@given(rule_sets, seeds, st.randoms(use_true_random=False))
def test_a_renege_is_reported_there(rules: Rules, seed: int, rng: random.Random) -> None:
    # a player who holds the suit led plays another: the renege is the one finding, at that play
    doc = simulated(rules, seed, with_score=False)
    candidates = []
    for turn in turns(rules, doc):
        if turn.position == 0:
            continue
        led = suit(turn.before[0])
        others = [c for c in turn.held if suit(c) != led]
        if others and any(suit(c) == led for c in turn.held):
            candidates.append((turn, rng.choice(others)))
    assume(candidates)
    turn, card = rng.choice(candidates)
    assert findings(played_instead(rules, doc, turn, card)) == [
        ("renege", "play.follow", turn.hand, turn.trick, turn.name)
    ]


@FAST
@given(rule_sets, seeds, st.data())
def test_a_play_out_of_turn_is_reported_there(rules: Rules, seed: int, data: st.DataObject) -> None:
    # the second and third players of a trick swap turns: the early one is reported, once, and the late one
    # plays in the turn still owed; both cards stay legal where they now fall (so nothing else is found)
    doc = simulated(rules, seed, with_score=False)
    hands = doc["hands"]
    number = data.draw(st.integers(1, len(hands)))
    hand = hands[number - 1]
    trick = data.draw(st.integers(1, len(hand["tricks"])))
    plays = entries(hand["tricks"][trick - 1])
    swapped = [plays[0], plays[2], plays[1], *plays[3:]]
    turn_of = {(t.trick, t.name): t for t in turns(rules, doc) if t.hand == number}
    for position in (1, 2):
        name, card = swapped[position]
        held = turn_of[trick, name].held
        assume(_legal_follow(rules, held, [c for _, c in swapped[:position]], card))
    mutated = cut(doc, number, trick, len(plays))
    mutated["hands"][-1]["tricks"][-1] = [{name: card} for name, card in swapped]
    assert findings(audit(rules, mutated)) == [("play_out_of_turn", "players.turn", number, trick, swapped[1][0])]


@FAST
@given(st.sampled_from([THREE, THREE_VARIED]), seeds, st.data())
def test_a_first_lead_without_the_opening_club_is_reported_there(rules: Rules, seed: int, data: st.DataObject) -> None:
    # the holder of the 2C (or of the 3C when the 2C is out of play) leads another card to the first trick
    doc = simulated(rules, seed, with_score=False)
    number = data.draw(st.integers(1, len(doc["hands"])))
    opening = next(t for t in turns(rules, doc) if t.hand == number and t.trick == 1 and t.position == 0)
    assert opening.card in ("2C", "3C")
    assert opening.card == "2C" or "2C" not in [c for cards in doc["hands"][number - 1]["deal"].values() for c in cards]
    card = data.draw(st.sampled_from([c for c in opening.held if c != opening.card]))
    mutated = cut(doc, number, 1, 1)
    mutated["hands"][-1]["tricks"][-1][0] = {opening.name: card}
    assert findings(audit(rules, mutated)) == [("illegal_lead", "play.first_lead", number, 1, opening.name)]
