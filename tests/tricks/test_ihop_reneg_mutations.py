"""Mutated spades/ihop-silver games: a called reneg and a card withheld are pinpointed, and cost their sandbags.

Each case is the first hand of a simulated legal game (far from any end of the game), changed in one place:
- a player's card that followed suit swapped with a later off-suit card of theirs (a reneg at the earlier
  trick), with every trick's winner unchanged and no other play made illegal, and the reneg called by an
  opponent in time (or too late);
- a card of a trick before the last that neither led nor won it taken away (the player ends holding it), of a
  suit the player follows whenever it is led after.
The expected finding is where the change was made; the sandbags follow from the rule: 5 for a first reneg called
in time, none when called late, 3 for a card not played, on top of what the clean hand carried (ten cost 100).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from findings import FAST, found
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import renege_swaps

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.report import Report
from referee.tricks.cards import parse_card
from referee.tricks.play import winning_index
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for

SPEC = referee.load_spec("spades/ihop-silver")
T = tables_for(SPEC)
PLAYERS = ("Ann", "Bob", "Cat", "Dan")  # Ann & Cat v Bob & Dan
SIDE = {"Ann": "Ann & Cat", "Cat": "Ann & Cat", "Bob": "Bob & Dan", "Dan": "Bob & Dan"}


def first_hand(seed: int) -> dict[str, Any]:
    doc = simulate_game(SPEC, random.Random(seed), players=PLAYERS, with_score=False)
    doc["hands"] = doc["hands"][:1]
    return doc


def audit(doc: dict[str, Any]) -> Report:
    return referee.audit(SPEC, from_document(doc, Location(file="<mutated>")))


def bags(report: Report, side: str) -> int:
    return int(report.as_dict()["score_sheet"][0]["sides"][side]["bags"])


def suit(token: str) -> int:
    return T.suit[parse_card(token)]


def plays(trick: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [next(iter(entry.items())) for entry in trick]


def winner(trick: list[tuple[str, str]]) -> str:
    return trick[winning_index(T, [parse_card(card) for _, card in trick])][0]


def reneg_swaps(tricks: list[list[tuple[str, str]]]) -> list[tuple[int, int, int, int]]:
    """The swaps that make a reneg (strategies.renege_swaps, by the promoted twos' suits), kept where only the
    earlier trick breaks a rule and no winner moves: the later card was a discard from a void, not a lead, no
    trick in between led the suit the player now holds longer, and each trick keeps its winner."""
    kept = []
    for k, position, m, later in renege_swaps(tricks, lambda token: str(suit(token))):
        name, card = tricks[k][position]
        other = tricks[m][later][1]
        if later == 0 or suit(other) == suit(tricks[m][0][1]):
            continue
        if any(suit(tricks[j][0][1]) == suit(card) for j in range(k + 1, m)):
            continue
        swapped_k = [*tricks[k][:position], (name, other), *tricks[k][position + 1 :]]
        swapped_m = [*tricks[m][:later], (name, card), *tricks[m][later + 1 :]]
        if winner(swapped_k) == winner(tricks[k]) and winner(swapped_m) == winner(tricks[m]):
            kept.append((k, position, m, later))
    return kept


@st.composite
def reneg_cases(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], str, int]:
    """(the clean one-hand game, the game with a reneg, the reneger, the reneg's trick)."""
    doc = first_hand(draw(st.integers(0, 2**32 - 1)))
    hand = doc["hands"][0]
    # an ACES bid is scored by which tricks the aces fell in, which a swap may change (winners kept or not)
    assume(not any(isinstance(v, dict) and v.get("kind") == "aces" for e in hand.get("bids", ()) for v in e.values()))
    tricks = [plays(t) for t in hand["tricks"]]
    candidates = reneg_swaps(tricks)
    assume(candidates)
    k, position, m, later = draw(st.sampled_from(candidates))
    mutated = copy.deepcopy(doc)
    name = tricks[k][position][0]
    mutated["hands"][0]["tricks"][k][position] = {name: tricks[m][later][1]}
    mutated["hands"][0]["tricks"][m][later] = {name: tricks[k][position][1]}
    return doc, mutated, name, k + 1


def _claim(game: dict[str, Any], name: str, trick: int, cards_played: int) -> str:
    claimer = next(p for p in PLAYERS if SIDE[p] != SIDE[name])
    game["hands"][0]["events"] = [
        {"type": "renege_claim", "seat": name, "by": claimer, "trick": trick, "cards_played": cards_played}
    ]
    return claimer


@FAST
@given(reneg_cases())
def test_a_reneg_called_in_time_costs_five_sandbags(case: tuple[dict[str, Any], dict[str, Any], str, int]) -> None:
    clean, mutated, name, trick = case
    _claim(mutated, name, trick, 0)
    before, after = audit(clean), audit(mutated)
    assert found(before) == []
    assert found(after) == [("renege", 1, trick, name)]
    side = SIDE[name]
    other = next(s for s in SIDE.values() if s != side)
    assert bags(after, side) == (bags(before, side) + 5) % 10
    assert bags(after, other) == 0  # scored as made: no overtricks on the first hand


@FAST
@given(reneg_cases())
def test_a_reneg_called_after_the_hand_costs_nothing(case: tuple[dict[str, Any], dict[str, Any], str, int]) -> None:
    clean, mutated, name, trick = case
    claimer = _claim(mutated, name, trick, 52)
    before, after = audit(clean), audit(mutated)
    assert found(after) == sorted([("claim_refused", 1, trick, claimer), ("renege", 1, trick, name)])
    assert after.as_dict()["score_sheet"][0]["sides"] == before.as_dict()["score_sheet"][0]["sides"]


def withholdings(tricks: list[list[tuple[str, str]]]) -> list[tuple[int, int]]:
    """(trick, position) of cards that may be taken away without another rule broken: not the last trick, not a
    lead, not the trick's winner, of a suit the player follows whenever it is led later (so holding it on makes no
    reneg), and not a card beside which the player later leads a spade."""
    kept = []
    for k, trick in enumerate(tricks[:-1]):
        for position in range(1, len(trick)):
            name, card = trick[position]
            if name == winner(trick):
                continue
            later = [(t[0][1], next(c for who, c in t if who == name)) for t in tricks[k + 1 :]]
            if not all(suit(played) == suit(card) for led, played in later if suit(led) == suit(card)):
                continue
            # nor a spade led later by a player who would then hold another suit (spades not yet broken)
            if suit(card) != T.trump and any(t[0][0] == name and suit(t[0][1]) == T.trump for t in tricks[k + 1 :]):
                continue
            kept.append((k, position))
    return kept


@FAST
@given(st.integers(0, 2**32 - 1), st.data())
def test_a_card_withheld_costs_three_sandbags(seed: int, data: st.DataObject) -> None:
    clean = first_hand(seed)
    tricks = [plays(t) for t in clean["hands"][0]["tricks"]]
    candidates = withholdings(tricks)
    assume(candidates)
    k, position = data.draw(st.sampled_from(candidates))
    name = tricks[k][position][0]
    mutated = copy.deepcopy(clean)
    del mutated["hands"][0]["tricks"][k][position]
    before, after = audit(clean), audit(mutated)
    assert found(after) == [("card_not_played", 1, None, name)]
    assert bags(after, SIDE[name]) == (bags(before, SIDE[name]) + 3) % 10


def test_a_last_trick_short_of_a_card_is_a_record_that_stops_short() -> None:
    clean = first_hand(1)
    mutated = copy.deepcopy(clean)
    del mutated["hands"][0]["tricks"][-1][-1]
    report = audit(mutated)
    assert found(report) == []
    assert [(i.where.hand, i.where.trick) for i in report.incomplete] == [(1, 13)]
