"""Helpers for the Hypothesis tests of the variant specs: simulated games under a spec, audits, findings."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st
from strategies import CardOrder, Expected, Log, entries, renege_swaps, replay, suit

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.report import Report
from referee.spec import Spec
from referee.tricks.simulate import simulate_game

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
FAST = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def simulated(spec: Spec, seed: int, with_score: bool = True) -> Log:
    """One simulated game under ``spec`` (its options written in the log's header)."""
    return simulate_game(spec, random.Random(seed), players=PLAYERS, with_score=with_score)


def audit(doc: Log, rules: str) -> Report:
    return referee.audit(rules, from_document(doc, Location(file="<simulated>")))


def found(report: Report) -> Expected:
    """The report's violations as sorted (code, hand, trick, seat)."""
    return sorted((str(v.code), v.where.hand, v.where.trick, v.where.seat) for v in report.violations)


@dataclass(frozen=True)
class Variant:
    """A bundled spec with options: its simulated games and audits."""

    rules: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def spec(self) -> Spec:
        return referee.load_spec(self.rules, dict(self.options))

    def simulated(self, seed: int, with_score: bool = True) -> Log:
        return simulated(self.spec, seed, with_score)

    def audit(self, doc: Log, rules: str | None = None) -> Report:
        return audit(doc, rules or self.rules)

    def clean_game(self, seed: int) -> tuple[Log, Report]:
        """A simulated game and its report, which must find nothing and see the game to its end: won, or drawn
        where a limit of deals ends it whatever the scores (game_end.rounds with tie: shared)."""
        doc = self.simulated(seed)
        report = self.audit(doc)
        assert report.violations == [] and report.incomplete == []
        assert report.finished
        if report.winner is None:
            assert (
                report.ended_by == "game_end.rounds"
                and self.spec.clauses["game_end.rounds"].data.get("tie") == "shared"
            )
        return doc, report


def taken_back_is_pinpointed(
    variant: Variant, doc: Log, number: int, choices: list[tuple[int, str, str]], data: st.DataObject
) -> None:
    """One of ``choices`` (trick index, player, card), said to be played there and picked up again in hand
    ``number``, is the one finding: card_taken_back at that hand, trick and seat."""
    assume(choices)
    k, name, card = data.draw(st.sampled_from(choices))
    doc["hands"][number - 1]["events"] = [{"type": "card_taken_back", "seat": name, "trick": k + 1, "card": card}]
    assert found(variant.audit(doc)) == [("card_taken_back", number, k + 1, name)]


def last_hand(doc: Log) -> tuple[int, Log, list[list[tuple[str, str]]]]:
    """The last hand's number, the hand, and its tricks as (player, card) pairs."""
    number = len(doc["hands"])
    hand = doc["hands"][number - 1]
    return number, hand, [entries(t) for t in hand["tricks"]]


def last_bid_hand(doc: Log) -> int:
    """The number of the last hand, which must be a bid one (not the unbid first hand)."""
    number = len(doc["hands"])
    assume(number > 1)
    return number


@dataclass(frozen=True)
class Renege:
    """A renege made in a simulated game's last hand, with the reports of the game before and after."""

    number: int
    trick: int
    name: str
    clean: Report
    reneged: Report


def renege_in_last_hand(
    variant: Variant,
    seed: int,
    data: st.DataObject,
    order: CardOrder | None = None,
    held: Callable[[Log], Log] | None = None,
) -> Renege:
    """Swap a card that followed suit with a later card of the same player's, so the one fault is a renege.

    Only swaps the model (with the spec's card ``order``) finds to leave every trick's winner as it was. ``held``
    gives the model the hand as the players held it where that is not the deal (after a pass).
    """
    seen = held or (lambda hand: hand)
    doc = variant.simulated(seed, with_score=False)
    number, hand, tricks = last_hand(doc)
    before = replay(list(PLAYERS), seen(hand), order)
    candidates = renege_swaps(tricks, (order or (suit,))[0])
    assume(candidates)
    k, position, m, later = data.draw(st.sampled_from(candidates))
    mutated = copy.deepcopy(hand)
    name = tricks[k][position][0]
    mutated["tricks"][k][position] = {name: tricks[m][later][1]}
    mutated["tricks"][m][later] = {name: tricks[k][position][1]}
    after = replay(list(PLAYERS), seen(mutated), order)
    assume(after.problems == [("renege", k + 1, name)] and after.winners == before.winners)
    doc["hands"][number - 1] = mutated
    return Renege(number, k + 1, name, variant.audit(variant.simulated(seed, with_score=False)), variant.audit(doc))
