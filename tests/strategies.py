"""An independent model of intramural Spades, and Hypothesis strategies that break simulated games.

The model works on the log's own text (card tokens, player names) and shares
no code with the referee, so the simulator and the referee can be checked
against it. Intramural only: jokers are the top spades, spades are trumps,
any card may be led, 10 a trick bid, 1 an overtrick, -10 a trick bid when
set, game to 500 with ties played on.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

import referee
from referee.tricks.simulate import simulate_game

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_POWER = {"LJ": 15, "BJ": 16}
TARGET = 500
SPEC = referee.load_spec("spades/intramural")

Log = dict[str, Any]
CardOrder = tuple[Callable[[str], str], Callable[[str], int]]  # the suit a card counts as, and its power in it
Expected = list[tuple[str, int | None, int | None, str | None]]  # (code, hand, trick, seat)


def intramural_deck() -> set[str]:
    """The 52 cards: the standard pack less 2C and 2D, plus the two jokers."""
    return ({rank + suit for suit in "CDHS" for rank in RANKS} - {"2C", "2D"}) | set(JOKER_POWER)


def suit(token: str) -> str:
    """The suit a card counts as: jokers are spades."""
    return "S" if token in JOKER_POWER else token[-1]


def power(token: str) -> int:
    """Rank within the suit: 2..14, then the Little and Big Jokers."""
    return JOKER_POWER.get(token) or RANKS.index(token[:-1]) + 2


def entries(trick: list[dict[str, str]]) -> list[tuple[str, str]]:
    """A trick's (player, card) pairs, leader first."""
    return [next(iter(entry.items())) for entry in trick]


def trick_winner(plays: list[tuple[str, str]], card_order: CardOrder | None = None) -> str:
    """The player whose card wins: the highest spade, else the highest card of the led suit."""
    suit_of, power_of = card_order or (suit, power)
    trumps = [p for p in plays if suit_of(p[1]) == "S"]
    led = suit_of(plays[0][1])
    pool = trumps or [p for p in plays if suit_of(p[1]) == led]
    return max(pool, key=lambda p: power_of(p[1]))[0]


def hand_points(bid: int, books: int) -> int:
    """A side's points for a hand by the intramural sheet."""
    return 10 * bid + (books - bid) if books >= bid else -10 * bid


@dataclass
class Replay:
    """What the model finds in a hand's tricks."""

    problems: list[tuple[str, int, str]]  # (turn | not_held | renege, trick number, player)
    winners: list[str]


def replay(players: list[str], hand: Log, card_order: CardOrder | None = None) -> Replay:
    """Replay a hand's tricks from its deal: turn, holding and following suit."""
    held = {name: set(cards) for name, cards in hand["deal"].items()}
    seat = players.index(hand["dealer"])
    leader = players[(seat + 1) % 4]
    problems: list[tuple[str, int, str]] = []
    winners = []
    for number, trick in enumerate(hand["tricks"], 1):
        plays = entries(trick)
        first = players.index(leader)
        suit_of = (card_order or (suit, power))[0]
        led = suit_of(plays[0][1])
        for position, (name, card) in enumerate(plays):
            if name != players[(first + position) % 4]:
                problems.append(("turn", number, name))
            if card not in held[name]:
                problems.append(("not_held", number, name))
            elif position and suit_of(card) != led and any(suit_of(c) == led for c in held[name]):
                problems.append(("renege", number, name))
            held[name].discard(card)
        leader = trick_winner(plays, card_order)
        winners.append(leader)
    return Replay(problems, winners)


def contracts(players: list[str], hand: Log) -> list[int]:
    """Each side's contract: the sum of its members' bids (side 0 = seats 0 and 2)."""
    out = [0, 0]
    for entry in hand["bids"]:
        name, bid = next(iter(entry.items()))
        out[players.index(name) % 2] += bid
    return out


def books(players: list[str], winners: list[str]) -> list[int]:
    """Each side's tricks from the trick winners."""
    out = [0, 0]
    for name in winners:
        out[players.index(name) % 2] += 1
    return out


def running_totals(players: list[str], hands: list[Log]) -> list[tuple[list[int], list[int]]]:
    """Each hand's (points, totals) per side by the model."""
    totals = [0, 0]
    out = []
    for hand in hands:
        taken = books(players, replay(players, hand).winners)
        points = [hand_points(b, k) for b, k in zip(contracts(players, hand), taken, strict=True)]
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        out.append((points, totals))
    return out


def game_over(totals: list[int]) -> bool:
    """A side has 500 or more and no tie for the lead."""
    return max(totals) >= TARGET and totals[0] != totals[1]


def ending_hand(players: list[str], hands: list[Log]) -> int | None:
    """The number (1-based) of the hand after which the model ends the game."""
    for number, (_, totals) in enumerate(running_totals(players, hands), 1):
        if game_over(totals):
            return number
    return None


def game_continued(players: list[str], hands: list[Log]) -> Expected:
    """The game_continued the referee must report if a mutation ends the game before its last hand."""
    end = ending_hand(players, hands)
    if end is not None and end < len(hands):
        return [("game_continued", end + 1, None, None)]
    return []


def simulated(seed: int, with_score: bool = True) -> Log:
    """One simulated intramural game."""
    return simulate_game(SPEC, random.Random(seed), players=("Ann", "Bob", "Cat", "Dan"), with_score=with_score)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# -- mutations: each strategy gives (mutated log, the violations the referee must report)


def renege_swaps(
    tricks: list[list[tuple[str, str]]], suit_of: Callable[[str], str] = suit
) -> list[tuple[int, int, int, int]]:
    """Swaps that make a renege: (trick, position) of a card that followed suit, (trick, position) of a later
    card of the same player's that did not, both 0-based."""
    candidates = []
    for k, trick in enumerate(tricks):
        led = suit_of(trick[0][1])
        for position in range(1, len(trick)):
            name, card = trick[position]
            if suit_of(card) != led:
                continue
            for m in range(k + 1, len(tricks)):
                later = next(p for p, (who, _) in enumerate(tricks[m]) if who == name)
                if suit_of(tricks[m][later][1]) != led:
                    candidates.append((k, position, m, later))
    return candidates


@st.composite
def renege_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """A player's off-suit card swapped into an earlier trick where they followed suit.

    Only swaps that leave every trick's winner unchanged and make no other
    play illegal are kept, so the renege is the one violation.
    """
    doc = simulated(draw(seeds), with_score=False)
    players = doc["players"]
    number = draw(st.integers(1, len(doc["hands"])))
    hand = doc["hands"][number - 1]
    before = replay(players, hand)
    tricks = [entries(t) for t in hand["tricks"]]
    candidates = renege_swaps(tricks)
    rng = draw(st.randoms(use_true_random=False))
    rng.shuffle(candidates)
    for k, position, m, later in candidates:
        mutated = copy.deepcopy(hand)
        name = tricks[k][position][0]
        mutated["tricks"][k][position] = {name: tricks[m][later][1]}
        mutated["tricks"][m][later] = {name: tricks[k][position][1]}
        after = replay(players, mutated)
        if after.problems == [("renege", k + 1, name)] and after.winners == before.winners:
            doc["hands"][number - 1] = mutated
            return doc, [("renege", number, k + 1, name)]
    assume(False)
    raise AssertionError("unreachable")


@st.composite
def played_twice_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """A card of the last trick replaced by one already played earlier in the hand."""
    doc = simulated(draw(seeds), with_score=False)
    players = doc["players"]
    number = draw(st.integers(1, len(doc["hands"])))
    hand = doc["hands"][number - 1]
    position = draw(st.integers(0, 3))
    earlier = [card for trick in hand["tricks"][:12] for _, card in entries(trick)]
    again = draw(st.sampled_from(earlier))
    name = entries(hand["tricks"][12])[position][0]
    hand["tricks"][12][position] = {name: again}
    # the last trick may now go to the other side, which can end the game sooner
    return doc, [("card_played_twice", number, 13, name), *game_continued(players, doc["hands"])]


@st.composite
def swapped_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """Two followers of one trick recorded in each other's turn (the later one playing first)."""
    doc = simulated(draw(seeds))
    number = draw(st.integers(1, len(doc["hands"])))
    trick = draw(st.integers(1, 13))
    position = draw(st.integers(1, 2))
    plays = doc["hands"][number - 1]["tricks"][trick - 1]
    plays[position], plays[position + 1] = plays[position + 1], plays[position]
    # The one who played early is out of turn; the one passed over then plays in the turn still owed,
    # which is no second violation. The leader and the cards are unchanged, so the same player wins.
    early = entries(plays)[position][0]
    return doc, [("play_out_of_turn", number, trick, early)]


@st.composite
def score_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """One number of the written score sheet changed."""
    doc = simulated(draw(seeds))
    number = draw(st.integers(1, len(doc["hands"])))
    score = doc["hands"][number - 1]["score"]
    side = draw(st.sampled_from(sorted(score)))
    field = draw(st.sampled_from(["hand", "total"]))
    score[side][field] += draw(st.integers(-60, 60).filter(bool))
    # the referee keeps its own totals, so later hands still agree with the sheet
    return doc, [("score_mismatch", number, None, None)]


@st.composite
def low_bid_cases(draw: st.DrawFn) -> tuple[Log, Expected]:
    """A side's two bids changed to add up to 3."""
    doc = simulated(draw(seeds), with_score=False)
    players = doc["players"]
    number = draw(st.integers(1, len(doc["hands"])))
    side = draw(st.integers(0, 1))
    first = draw(st.integers(1, 2))
    made = doc["hands"][number - 1]["bids"]
    members = [i for i, entry in enumerate(made) if players.index(next(iter(entry))) % 2 == side]
    for index, bid in zip(members, (first, 3 - first), strict=True):
        made[index] = {next(iter(made[index])): bid}
    later = next(iter(made[members[1]]))
    # a smaller contract changes the side's score, which can end the game sooner
    return doc, [("bid_below_side_minimum", number, None, later), *game_continued(players, doc["hands"])]
