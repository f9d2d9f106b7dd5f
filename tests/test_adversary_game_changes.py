"""Changes to a whole game the fast-path campaign does not make, each held to the careful path for every bundled
rule set: totals wrong with the hand's points right (once, or carried forward), a hand's points wrong with the
total right, points and total swapped, a side's score keyed by one of its players, doubled under another name or
left out, the sides' scores in another order in one hand, two hands swapped, a game a hand short or a hand long,
two players' names swapped from one hand on, a player renamed in one hand. The reading of the line's text, the
score's text, the lanes and the clean turns must give exactly the careful path's report (or refusal)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fast_path_campaign import outcome

import referee
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks.tables import tables_for

Doc = dict[str, Any]


def _scores(doc: Doc) -> list[dict[str, Any]]:
    return [h["score"] for h in doc["hands"] if isinstance(h.get("score"), dict) and h["score"]]


def _each_side(doc: Doc, rng: random.Random, edit: Callable[[dict[str, Any], str], None]) -> None:
    score = rng.choice(_scores(doc) or [{}])
    if score:
        edit(score, rng.choice(sorted(score)))


def _total_off(doc: Doc, rng: random.Random) -> None:
    def edit(score: dict[str, Any], key: str) -> None:
        if isinstance(score[key], dict) and "total" in score[key]:
            score[key]["total"] += rng.choice([-10, 1, 10, 100])

    _each_side(doc, rng, edit)


def _carried(doc: Doc, rng: random.Random) -> None:
    scores = _scores(doc)
    if scores:
        start, key, by = rng.randrange(len(scores)), rng.choice(sorted(scores[0])), rng.choice([-10, 5])
        for score in scores[start:]:
            if isinstance(score.get(key), dict) and "total" in score[key]:
                score[key]["total"] += by


def _points_off(doc: Doc, rng: random.Random) -> None:
    def edit(score: dict[str, Any], key: str) -> None:
        if isinstance(score[key], dict) and "hand" in score[key]:
            score[key]["hand"] += rng.choice([-10, 1, 10])

    _each_side(doc, rng, edit)


def _swapped_figures(doc: Doc, rng: random.Random) -> None:
    def edit(score: dict[str, Any], key: str) -> None:
        if isinstance(score[key], dict) and "hand" in score[key] and "total" in score[key]:
            score[key] = {"hand": score[key]["total"], "total": score[key]["hand"]}

    _each_side(doc, rng, edit)


def _keyed_by_player(doc: Doc, rng: random.Random) -> None:
    def edit(score: dict[str, Any], key: str) -> None:
        if " & " in key:
            score[rng.choice(key.split(" & "))] = score.pop(key)

    _each_side(doc, rng, edit)


def _doubled_or_dropped(doc: Doc, rng: random.Random) -> None:
    def edit(score: dict[str, Any], key: str) -> None:
        if rng.random() < 0.5:
            del score[key]
        else:
            score[key + " "] = copy.deepcopy(score[key])

    _each_side(doc, rng, edit)


def _reordered(doc: Doc, rng: random.Random) -> None:
    scores = _scores(doc)
    if scores:
        score = rng.choice(scores)
        items = list(score.items())
        score.clear()
        score.update(reversed(items))


def _hands_swapped(doc: Doc, rng: random.Random) -> None:
    hands = doc["hands"]
    if len(hands) > 1:
        i, j = rng.sample(range(len(hands)), 2)
        hands[i], hands[j] = hands[j], hands[i]


def _short(doc: Doc, rng: random.Random) -> None:
    if len(doc["hands"]) > 1:
        doc["hands"].pop()


def _long(doc: Doc, rng: random.Random) -> None:
    doc["hands"].append(copy.deepcopy(doc["hands"][-1]))


def _renamed(value: Any, a: str, b: str) -> Any:
    if isinstance(value, dict):
        return {(b if k == a else a if k == b else k): _renamed(v, a, b) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, a, b) for v in value]
    return b if value == a else a if value == b else value


def _seats_swapped_from(doc: Doc, rng: random.Random) -> None:
    a, b = rng.sample(doc["players"], 2)
    start = rng.randrange(len(doc["hands"]))
    doc["hands"][start:] = [_renamed(hand, a, b) for hand in doc["hands"][start:]]


def _stranger(doc: Doc, rng: random.Random) -> None:
    i = rng.randrange(len(doc["hands"]))
    name = rng.choice(doc["players"])
    other = rng.choice(["Zed", "Zoë", name.lower(), name + " "])
    doc["hands"][i] = json.loads(json.dumps(doc["hands"][i]).replace(json.dumps(name), json.dumps(other)))


CHANGES = [
    _total_off, _carried, _points_off, _swapped_figures, _keyed_by_player, _doubled_or_dropped, _reordered,
    _hands_swapped, _short, _long, _seats_swapped_from, _stranger,
]  # fmt: skip


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_whole_game_changes_are_reported_as_the_careful_path_reports_them(spec_id: str) -> None:
    spec = referee.load_spec(spec_id)
    rng = random.Random(spec_id)
    seen = set()
    for change in CHANGES:
        seats = None if spec.family == "dominoes" else rng.choice(tables_for(spec).seat_counts)
        doc = simulate_game(spec, random.Random(rng.randrange(10**9)), seats=seats)
        change(doc, rng)
        text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
        fast, slow = outcome(spec, text, False), outcome(spec, text, True)
        assert fast == slow, (change.__name__, text)
        assert not (isinstance(fast, tuple) and fast[0] == "crash"), fast
        seen.add(fast[0] if isinstance(fast, tuple) else fast["status"])
    assert seen - {"clean"}, seen  # the changes are seen: not every game passes
