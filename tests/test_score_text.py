"""Each hand's written score kept as its text (``referee.score_text``, where a family's text reader cuts it out)
reads and audits as the careful path does, in both families: the cut is taken only where every hand's score is of
the usual form with the same keys, a hand's ``score`` made from the text is the one the decode gives, and the
audit's one comparison of texts finds exactly what the figure-by-figure check finds, figures wrong or right, keys
in any order, slips carried forward. (What is particular to a family's reader: tests/tricks/test_score_text.py and
tests/dominoes/test_score_text.py.)"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_json_text import _careful, _dumps, _outcome, _same

import referee
from referee import render, score_text
from referee.errors import InputError, Location
from referee.gamelog import from_json_text
from referee.simulate import simulate_game
from referee.spec import bundled_ids

WHERE = Location(file="games.jsonl", line=7, game=3)
# the rules whose simulated games write every hand's score the usual way, a family's each
USUAL = ["hearts/intramural", "spades/intramural", "dominoes/all-fives"]
ONE_EACH = ["hearts/intramural", "dominoes/all-fives"]


def _text(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _game(rules: str = "hearts/intramural", seed: int = 5, players: Any = None, hands: int = 4) -> Any:
    document = simulate_game(referee.load_spec(rules), random.Random(seed), players=players)
    document["hands"] = document["hands"][:hands]
    return document


def _report(rules: str, read: Any, text: str) -> Any:
    try:
        report = referee.audit(rules, read(text, WHERE))
    except InputError as exc:
        return ("refused", exc.message, exc.location)
    return render.as_json(report)


def _both(rules: str, text: str) -> tuple[Any, int]:
    """The report of ``text`` read from it (checked to be the careful path's report) and how many of its hands
    kept their scores as text."""
    fast = _report(rules, from_json_text, text)
    assert fast == _report(rules, _careful, text)
    _same(text)  # and the game read, its hands' score included, is the careful reading's
    try:
        game = from_json_text(text, WHERE)
    except InputError:
        return fast, 0
    return fast, sum(hand.score_text is not None for hand in getattr(game, "hands", ()))


def _figures(document: Any) -> list[tuple[int, str, str]]:
    return [
        (index, key, field)
        for index, hand in enumerate(document["hands"])
        for key, value in (hand.get("score") or {}).items()
        for field in value
    ]


@pytest.mark.parametrize("rules", bundled_ids())
def test_a_simulated_game_keeps_its_scores_as_text_and_reports_as_the_careful_path(rules: str) -> None:
    kept = 0
    for seed in (1, 2):
        document = _game(rules, seed, hands=6)
        kept += _both(rules, _text(document))[1]
    assert kept or rules not in USUAL  # the usual simulated games (every hand of the usual form) are read so


@pytest.mark.parametrize("rules", USUAL)
def test_a_figure_written_wrong_is_reported_as_the_careful_path_reports_it(rules: str) -> None:
    document = _game(rules)
    clean, kept = _both(rules, _text(document))
    assert kept == len(document["hands"]) and '"violations": []' in clean
    for index, key, field in _figures(document):
        for change in (1, -1, -5, 10):
            changed = copy.deepcopy(document)
            changed["hands"][index]["score"][key][field] += change
            report, kept = _both(rules, _text(changed))
            assert kept == len(document["hands"])  # still kept as text: the audit's comparison finds it
            assert report != clean


@pytest.mark.parametrize("rules", USUAL)
def test_scores_keyed_otherwise_report_as_the_careful_path(rules: str) -> None:
    document = _game(rules)
    keys = list(document["hands"][0]["score"])
    variants = []
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # the keys in another order
        hand["score"] = dict(reversed(hand["score"].items()))
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # a key no side's or player's
        hand["score"]["Nobody"] = hand["score"].pop(keys[0])
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][1]["score"] = dict(reversed(changed["hands"][1]["score"].items()))  # one hand's order
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # a side written twice, by its name and by another
        hand["score"][keys[0] + "x"] = hand["score"][keys[0]]
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # a side left out
        del hand["score"][keys[-1]]
    variants.append(changed)
    changed = copy.deepcopy(document)
    del changed["hands"][2]["score"]  # a hand with no score
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][2]["note"] = "a hand read field by field"  # (a field a one-pass reader reads carefully)
    variants.append(changed)
    for variant in variants:
        _both(rules, _text(variant))


@pytest.mark.parametrize("rules", ONE_EACH)
def test_a_key_written_twice_in_a_usual_score_is_refused_as_parse_json_refuses_it(rules: str) -> None:
    document = _game(rules)
    assert _both(rules, _dumps(document))[1] == len(document["hands"])
    every = {("hands", index, "score") for index in range(len(document["hands"]))}
    for path in [("hands", 0, "score"), ("hands", 3, "score"), ("hands", 1, "score", "North"), every]:
        found = _same(_dumps(document, duplicate_at=path))
        assert found[0] == "error" and "duplicate key" in found[1]


_FIGURES = ["0", "-0", "00", "07", "-", "", "1.0", "1e1", "true", "null", '"1"', "[1]", "999999999999999999"]
_FIGURES += ["-999999999999999999", "1000000000000000000", "-1000000000000000000", " 1", "1 ", "+1"]


@pytest.mark.parametrize("rules", ONE_EACH)
@pytest.mark.parametrize("figure", _FIGURES)
def test_a_figure_written_any_way_is_read_as_the_careful_reading_reads_it(figure: str, rules: str) -> None:
    text = _text(_game(rules))
    at = text.index('"total":', text.index('"score":{', text.index('"score":{') + 1))  # the second hand's
    end = at + len('"total":')
    while text[end] in "-0123456789":
        end += 1
    changed = text[:at] + '"total":' + figure + text[end:]
    kept = _both(rules, changed)[1]
    assert kept in (0, 4)
    # kept where the figure is an int as JSON writes one (-0 too), of at most 18 digits (as parse_json bounds it)
    assert (kept == 4) == (re.fullmatch("-?(0|[1-9][0-9]{0,17})", figure) is not None)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_scores_of_any_figures_report_as_the_careful_path(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(bundled_ids()))
    document = _game(rules, data.draw(st.integers(0, 50)), hands=data.draw(st.integers(1, 6)))
    for hand in document["hands"]:
        score = hand.get("score") or {}
        for key in list(score):
            if data.draw(st.integers(0, 9)) == 0:
                score[key]["hand"] = data.draw(st.integers(-(10**19), 10**19))
            if data.draw(st.integers(0, 9)) == 0:
                score[key]["total"] = data.draw(st.integers(-200, 200))
    _both(rules, _text(document))


@pytest.mark.parametrize("rules", ONE_EACH)
def test_the_text_kept_is_the_decoded_score(rules: str) -> None:
    # a hand's score made from the text on first use is the decode's, and kept
    document = _game(rules)
    game: Any = from_json_text(_text(document), WHERE)
    careful: Any = _outcome(_careful, _text(document))
    for hand, other in zip(game.hands, careful.hands, strict=True):
        assert "score" not in vars(hand) and hand.score_text is not None
        assert hand.score == other.score and hand.score is hand.score
        assert score_text.decoded(hand.score_text) == other.score


@pytest.mark.parametrize("rules", USUAL)
def test_a_slip_carried_forward_or_a_total_written_as_the_hands_figure_reports_as_the_careful_path(rules: str) -> None:
    # The table's own totals carry a slip forward: a hand whose figures are the true ones sets them as the
    # figure-by-figure check does, for a later slip to be read against
    document = _game(rules, seed=8)
    keys = list(document["hands"][0]["score"])
    count = len(document["hands"])
    for key in keys:
        for first in range(count):
            for second in range(first + 1, count):
                changed = copy.deepcopy(document)
                for index in (first, second):
                    changed["hands"][index]["score"][key]["total"] += 5
                _both(rules, _text(changed))
            changed = copy.deepcopy(document)
            score = changed["hands"][first]["score"][key]
            score["total"] = score["hand"]  # the hand's figure written as the total
            _both(rules, _text(changed))
    for index in range(count):
        for swap in ("fields", "sides", "totals"):
            changed = copy.deepcopy(document)
            score = changed["hands"][index]["score"]
            if swap == "fields":  # each side's hand and total swapped
                for value in score.values():
                    value["hand"], value["total"] = value["total"], value["hand"]
            elif swap == "sides":  # the first two sides' figures swapped
                score[keys[0]], score[keys[1]] = score[keys[1]], score[keys[0]]
            else:  # every total written as the hand's figure
                for value in score.values():
                    value["total"] = value["hand"]
            _both(rules, _text(changed))


@pytest.mark.parametrize("rules", ONE_EACH)
def test_a_score_opener_in_the_options_is_not_taken_for_a_hand_whose_own_score_is_written_otherwise(
    rules: str,
) -> None:
    # The openers number the hands, but one is the options' and one hand's empty score is written with a space
    # ("score": {}, as json.dumps writes it): the options' score must not be read as that hand's.
    document = _game(rules)
    document["game"]["options"] = {"score": document["hands"][1]["score"]}
    document["hands"][0]["score"] = {}
    text = _text(document).replace('"score":{}', '"score": {}', 1)
    assert text.count(score_text.OPENER) == len(document["hands"])
    _both(rules, text)
    del document["hands"][0]["score"]  # the openers number the hands, but one is the options' and a hand has none
    text = _text(document)
    assert text.count(score_text.OPENER) == len(document["hands"])
    _both(rules, text)
    document["hands"][0]["score"] = document["game"]["options"]["score"]
    _both(rules, _text(document))  # one opener more than the hands: not cut


class _NoSearch:
    """A stand-in for score_text's search for a score's keys that fails if asked."""

    def findall(self, text: str) -> list[str]:
        raise AssertionError(f"the keys were searched for in {text!r}")


def _scores(*hands: dict[str, tuple[int, int]]) -> str:
    """A decoded text (its tricks and deals cut out) whose hands write these scores, each key's (hand, total)."""
    written = [{"score": {key: {"hand": h, "total": t} for key, (h, t) in hand.items()}} for hand in hands]
    return _text({"players": ["N", "E", "S", "W"], "hands": written})


def test_a_game_scored_with_the_last_games_keys_is_cut_without_searching_for_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _scores({"N": (14, 14), "E": (8, 8), "S": (0, 0), "W": (4, 4)})
    assert score_text.cut_scores(first) == (
        ("N", "E", "S", "W"),
        ['"N":{"hand":14,"total":14},"E":{"hand":8,"total":8},"S":{"hand":0,"total":0},"W":{"hand":4,"total":4'],
        '{"players":["N","E","S","W"],"hands":[{"score":{}}]}',
    )
    monkeypatch.setattr(score_text, "_KEYS", _NoSearch())
    # the next game, two hands with the same keys: (2 + 0 + 24 + 0 = 26 points in the second hand, totals added)
    second = _scores(
        {"N": (0, 0), "E": (26, 26), "S": (0, 0), "W": (0, 0)}, {"N": (2, 2), "E": (0, 26), "S": (24, 24), "W": (0, 0)}
    )
    found = score_text.cut_scores(second)
    assert found is not None and found[0] == ("N", "E", "S", "W") and len(found[1]) == 2
    assert found[2] == '{"players":["N","E","S","W"],"hands":[{"score":{}},{"score":{}}]}'


def test_a_game_scored_with_other_keys_than_the_last_game_is_cut_with_its_own() -> None:
    assert score_text.cut_scores(_scores({"N": (1, 1), "E": (2, 2)})) is not None
    # the same keys in another order, a key more, and the last game's keys in its first hand but not its second:
    # each a form of its own (the first two cut with their keys as written, the last not cut at all)
    swapped = score_text.cut_scores(_scores({"E": (2, 2), "N": (1, 1)}))
    assert swapped is not None and swapped[0] == ("E", "N")
    more = score_text.cut_scores(_scores({"N": (1, 1), "E": (2, 2), "S": (3, 3)}))
    assert more is not None and more[0] == ("N", "E", "S")
    assert score_text.cut_scores(_scores({"N": (1, 1), "E": (2, 2), "S": (3, 3)}, {"N": (1, 2), "E": (2, 4)})) is None
