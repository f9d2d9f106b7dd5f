"""An independent model of intramural Hearts play, and Hypothesis strategies that break simulated games.

The model works on the log's own text (card tokens, player names) and shares
no code with the referee: no trumps, ace high, follow suit, the queen of
spades discarded at the first trick its holder cannot follow suit to,
hearts not led before the third trick unless the leader holds nothing else,
three cards passed to the right.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from findings import Expected
from hypothesis import assume
from hypothesis import strategies as st

import referee
from referee.tricks.simulate import simulate_game

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPEC = referee.load_spec("hearts/intramural")
QUEEN = "QS"

Log = dict[str, Any]
CODES = {"renege": "renege", "discard": "discard_withheld", "lead": "illegal_lead", "not_held": "card_not_in_hand"}


def suit(token: str) -> str:
    return token[-1]


def power(token: str) -> int:
    return RANKS.index(token[:-1])


def entries(trick: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [next(iter(entry.items())) for entry in trick]


def after_pass(players: list[str], hand: Log) -> dict[str, set[str]]:
    """Each player's cards after passing three to the right-hand neighbour (the one before in the list)."""
    held = {name: set(cards) for name, cards in hand["deal"].items()}
    for name, cards in hand.get("passes", {}).items():
        right = players[players.index(name) - 1]
        held[name] -= set(cards)
        held[right] |= set(cards)
    return held


@dataclass
class Replay:
    problems: list[tuple[str, int, str]]  # (renege | discard | lead | not_held, trick, player)
    winners: list[str]


def replay(hand: Log, held: dict[str, set[str]]) -> Replay:
    """Replay the tricks from the given holdings: holding, following, the queen's discard, the heart lead."""
    held = {name: set(cards) for name, cards in held.items()}
    problems: list[tuple[str, int, str]] = []
    winners = []
    for number, trick in enumerate(hand["tricks"], 1):
        plays = entries(trick)
        led = suit(plays[0][1])
        for position, (name, card) in enumerate(plays):
            mine = held[name]
            if card not in mine:
                problems.append(("not_held", number, name))
                continue
            if position == 0:
                if led == "H" and number < 3 and any(suit(c) != "H" for c in mine):
                    problems.append(("lead", number, name))
            elif suit(card) != led and any(suit(c) == led for c in mine):
                problems.append(("renege", number, name))
            elif QUEEN in mine and card != QUEEN and not any(suit(c) == led for c in mine):
                problems.append(("discard", number, name))
            mine.discard(card)
        best = max((p for p in plays if suit(p[1]) == led), key=lambda p: power(p[1]))
        winners.append(best[0])
    return Replay(problems, winners)


def simulated(seed: int, seats: int) -> Log:
    """One simulated intramural Hearts game for ``seats`` players, without the table's score."""
    return simulate_game(SPEC, random.Random(seed), seats=seats, with_score=False)


def as_expected(number: int, problems: list[tuple[str, int, str]]) -> Expected:
    return [(CODES[kind], number, trick, name) for kind, trick, name in problems]


seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=3, max_value=7)


def _pick_hand(draw: st.DrawFn) -> tuple[Log, int, Log, dict[str, set[str]]]:
    doc = simulated(draw(seeds), draw(player_counts))
    number = draw(st.integers(1, len(doc["hands"])))
    hand = doc["hands"][number - 1]
    return doc, number, hand, after_pass(doc["players"], hand)


@st.composite
def _swapped(draw: st.DrawFn, wanted: str) -> tuple[Log, Expected]:
    doc, number, hand, held = _pick_hand(draw)
    tricks = [entries(t) for t in hand["tricks"]]
    before = replay(hand, held)
    assert before.problems == []
    pairs = []
    for k, trick in enumerate(tricks):
        for position, (name, _) in enumerate(trick):
            for m in range(k + 1, len(tricks)):
                later = next(p for p, (who, _) in enumerate(tricks[m]) if who == name)
                pairs.append((k, position, m, later))
    rng = draw(st.randoms(use_true_random=False))
    rng.shuffle(pairs)
    for k, position, m, later in pairs[:400]:
        mutated = copy.deepcopy(hand)
        name = tricks[k][position][0]
        mutated["tricks"][k][position] = {name: tricks[m][later][1]}
        mutated["tricks"][m][later] = {name: tricks[k][position][1]}
        after = replay(mutated, held)
        if after.winners == before.winners and any(p[0] == wanted and p[1] == k + 1 for p in after.problems):
            doc["hands"][number - 1] = mutated
            return doc, as_expected(number, after.problems)
    assume(False)
    raise AssertionError("unreachable")


renege_cases = _swapped("renege")
early_heart_cases = _swapped("lead")
queen_cases = _swapped("discard")


@st.composite
def pass_direction_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """Every player passes to the left instead of the right, the deal changed so the play stays legal.

    Each player now passes the cards that, before, the player two seats to the left passed; the
    deal swaps those in for the player's own passed cards, so each hand after the pass is as before.
    """
    doc, number, hand, _ = _pick_hand(draw)
    players = doc["players"]
    n = len(players)
    passes = hand["passes"]
    new_passes = {players[j]: passes[players[(j + 2) % n]] for j in range(n)}
    for name in players:
        dealt = set(hand["deal"][name]) - set(passes[name]) | set(new_passes[name])
        hand["deal"][name] = sorted(dealt)
    hand["passes"] = new_passes
    return doc, [("pass_wrong_direction", number, None, name) for name in players]


@st.composite
def pass_count_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """One player passes a fourth card, one they kept and played: the receiver is taken to hold it."""
    doc, number, hand, held = _pick_hand(draw)
    players = doc["players"]
    name = draw(st.sampled_from(players))
    receiver = players[players.index(name) - 1]
    extra = draw(st.sampled_from(sorted(held[name] & set(hand["deal"][name]))))
    hand["passes"][name] = [*hand["passes"][name], extra]
    view = after_pass(players, hand)  # the kept card is now the receiver's, as the record says
    view[name].discard(extra)
    view[receiver].add(extra)
    problems = replay(hand, view).problems
    played_at = next(k for k, t in enumerate(hand["tricks"], 1) if (name, extra) in entries(t))
    assume(problems == [("not_held", played_at, name)])
    return doc, [("pass_wrong_count", number, None, name), *as_expected(number, problems)]


@st.composite
def leftover_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """The cards left over recorded as taken by a player who did not win the first trick."""
    doc = simulated(draw(seeds), draw(st.sampled_from([3, 5, 6, 7])))
    number = draw(st.integers(1, len(doc["hands"])))
    hand = doc["hands"][number - 1]
    players = doc["players"]
    winner = replay(hand, after_pass(players, hand)).winners[0]
    taker = draw(st.sampled_from([p for p in players if p != winner]))
    hand["events"] = [{"type": "leftover_taken", "seat": taker}]
    return doc, [("leftover_to_wrong_player", number, 1, taker)]


# -- the club's rules (rules/hearts/club.yaml): four players, passes cycling left, right, across, none

CLUB = referee.load_spec("hearts/club")
CLUB_CYCLE = (1, -1, 2, None)  # seats from passer to receiver in the log's clockwise order, hand by hand


def club_simulated(seed: int) -> Log:
    """One simulated club game, without the table's score."""
    return simulate_game(CLUB, random.Random(seed), with_score=False)


@st.composite
def club_cycle_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """One hand's pass made in another direction of the cycle than its own, the deal changed to match.

    Under direction d player j gives P[j] to j + d. To pass in direction e instead and leave every hand after
    the pass as it was, player j must give what j + e received before, P[j + e - d]; the deal swaps that in.
    """
    doc = club_simulated(draw(seeds))
    players = doc["players"]
    passing_hands = [k for k in range(1, len(doc["hands"]) + 1) if CLUB_CYCLE[(k - 1) % 4] is not None]
    number = draw(st.sampled_from(passing_hands))
    due = CLUB_CYCLE[(number - 1) % 4]
    assert due is not None
    other = draw(st.sampled_from([d for d in (1, -1, 2) if d != due]))
    hand = doc["hands"][number - 1]
    passes = hand["passes"]
    new_passes = {players[j]: passes[players[(j + other - due) % 4]] for j in range(4)}
    for name in players:
        hand["deal"][name] = sorted(set(hand["deal"][name]) - set(passes[name]) | set(new_passes[name]))
    hand["passes"] = new_passes
    return doc, [("pass_wrong_direction", number, None, name) for name in players]
