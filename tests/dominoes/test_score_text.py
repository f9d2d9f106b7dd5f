"""A domino hand's written score kept as its text (``referee.score_text``, where the plays-text reader cuts it out)
reads and audits as the careful path does: the cut is taken only where every hand's score is of the usual form with
the same keys, ``DominoHand.score`` made from the text is the one the decode gives, and the audit's one comparison
of texts finds exactly what the figure-by-figure check finds, figures wrong or right, keys in any order, with any
name, slips carried forward."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_json_text import _careful, _dumps, _outcome, _same
from tricks.test_score_text import _both, _figures, _text

import referee
from referee import score_text
from referee.errors import Location
from referee.gamelog import from_json_text
from referee.simulate import simulate_game
from referee.spec import bundled_ids

WHERE = Location(file="games.jsonl", line=7, game=3)
SPECS = [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")]
FIVES = "dominoes/all-fives"


def _game(rules: str = FIVES, seed: int = 5, players: Any = None, hands: int = 4) -> Any:
    document = simulate_game(referee.load_spec(rules), random.Random(seed), players=players)
    document["hands"] = document["hands"][:hands]
    return document


@pytest.mark.parametrize("rules", SPECS)
def test_a_simulated_game_keeps_its_scores_as_text_and_reports_as_the_careful_path(rules: str) -> None:
    kept = 0
    for seed in (1, 2):
        document = _game(rules, seed, hands=6)
        kept += _both(rules, _text(document))[1]
    assert kept or rules != FIVES  # the usual simulated games (every hand of the usual form) are read so


def test_a_figure_written_wrong_is_reported_as_the_careful_path_reports_it() -> None:
    document = _game()
    clean, kept = _both(FIVES, _text(document))
    assert kept == len(document["hands"]) and '"violations": []' in clean
    for index, key, field in _figures(document):
        for change in (1, -5, 10):
            changed = copy.deepcopy(document)
            changed["hands"][index]["score"][key][field] += change
            report, kept = _both(FIVES, _text(changed))
            assert kept == len(document["hands"])  # still kept as text: the audit's comparison finds it
            assert report != clean


def test_scores_keyed_otherwise_report_as_the_careful_path() -> None:
    document = _game()
    keys = list(document["hands"][0]["score"])
    variants = []
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # the keys in another order
        hand["score"] = dict(reversed(hand["score"].items()))
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # a key no player's
        hand["score"]["Nobody"] = hand["score"].pop(keys[0])
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][1]["score"] = dict(reversed(changed["hands"][1]["score"].items()))  # one hand's order
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:  # a player left out
        del hand["score"][keys[-1]]
    variants.append(changed)
    changed = copy.deepcopy(document)
    del changed["hands"][2]["score"]  # a hand with no score
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][2]["note"] = "a hand read field by field"  # (a field the one-pass reader reads carefully)
    variants.append(changed)
    for variant in variants:
        _both(FIVES, _text(variant))


@pytest.mark.parametrize(
    "players",
    [("N%s", "E%d", "S%%", "W%(x)s"), ("a.b", "c*", "(d)", "[e]"), ("Zoë", "日本", "}}", '{"x"'), ("a:b", "c")],
)
def test_players_of_any_name_keep_their_scores_as_text_or_are_read_otherwise_the_same(players: Any) -> None:
    # names a %-format or a regular expression would take for its own, names of JSON's punctuation, a colon
    document = _game(players=players)
    kept = _both(FIVES, _text(document))[1]
    # (a quote or a bracket in a name: the plays or the scores are not cut, and the game is read otherwise)
    assert kept == len(document["hands"]) or any(c in "".join(players) for c in '"[]')
    changed = copy.deepcopy(document)
    changed["hands"][2]["score"][players[1]]["total"] += 1
    _both(FIVES, _text(changed))


def test_a_key_written_twice_in_a_usual_score_is_refused_as_parse_json_refuses_it() -> None:
    document = _game()
    assert _both(FIVES, _dumps(document))[1] == len(document["hands"])
    for path in [("hands", 0, "score"), ("hands", 3, "score"), ("hands", 1, "score", "North")]:
        found = _same(_dumps(document, duplicate_at=path))
        assert found[0] == "error" and "duplicate key" in found[1]
    every = {("hands", index, "score") for index in range(len(document["hands"]))}
    found = _same(_dumps(document, duplicate_at=every))
    assert found[0] == "error" and "duplicate key" in found[1]


_FIGURES = ["0", "-0", "00", "07", "-", "", "1.0", "1e1", "true", "null", '"1"', "[1]", "999999999999999999"]
_FIGURES += ["-999999999999999999", "1000000000000000000", "-1000000000000000000", " 1", "1 ", "+1"]


@pytest.mark.parametrize("figure", _FIGURES)
def test_a_figure_written_any_way_is_read_as_the_careful_reading_reads_it(figure: str) -> None:
    text = _text(_game())
    at = text.index('"total":', text.index('"score":{', text.index('"score":{') + 1))  # the second hand's
    end = at + len('"total":')
    while text[end] in "-0123456789":
        end += 1
    changed = text[:at] + '"total":' + figure + text[end:]
    kept = _both(FIVES, changed)[1]
    assert kept in (0, 4)
    # kept where the figure is an int as JSON writes one (-0 too), of at most 18 digits (as parse_json bounds it)
    assert (kept == 4) == (re.fullmatch("-?(0|[1-9][0-9]{0,17})", figure) is not None)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_scores_of_any_figures_report_as_the_careful_path(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(SPECS))
    document = _game(rules, data.draw(st.integers(0, 50)), hands=data.draw(st.integers(1, 6)))
    for hand in document["hands"]:
        score = hand.get("score") or {}
        for key in list(score):
            if data.draw(st.integers(0, 9)) == 0:
                score[key]["hand"] = data.draw(st.integers(-(10**19), 10**19))
            if data.draw(st.integers(0, 9)) == 0:
                score[key]["total"] = data.draw(st.integers(-200, 200))
    _both(rules, _text(document))


def test_the_text_kept_is_the_decoded_score() -> None:
    # DominoHand.score made from the text on first use is the decode's, and kept
    document = _game()
    game: Any = from_json_text(_text(document), WHERE)
    careful: Any = _outcome(_careful, _text(document))
    for hand, other in zip(game.hands, careful.hands, strict=True):
        assert "score" not in vars(hand) and hand.score_text is not None
        assert hand.score == other.score and hand.score is hand.score
        assert score_text.decoded(hand.score_text) == other.score


def test_a_slip_carried_forward_or_a_total_written_as_the_hands_figure_reports_as_the_careful_path() -> None:
    # The table's own totals carry a slip forward: a hand whose figures are the true ones sets them as the
    # figure-by-figure check does, for a later slip to be read against
    document = _game(seed=8)
    keys = list(document["hands"][0]["score"])
    count = len(document["hands"])
    for key in keys:
        for first in range(count):
            for second in range(first + 1, count):
                changed = copy.deepcopy(document)
                for index in (first, second):
                    changed["hands"][index]["score"][key]["total"] += 5
                _both(FIVES, _text(changed))
            changed = copy.deepcopy(document)
            score = changed["hands"][first]["score"][key]
            score["total"] = score["hand"]  # the hand's figure written as the total
            _both(FIVES, _text(changed))
    for index in range(count):
        changed = copy.deepcopy(document)
        score = changed["hands"][index]["score"]
        for value in score.values():  # each player's hand and total swapped
            value["hand"], value["total"] = value["total"], value["hand"]
        _both(FIVES, _text(changed))
        changed = copy.deepcopy(document)
        score = changed["hands"][index]["score"]
        score[keys[0]], score[keys[1]] = score[keys[1]], score[keys[0]]  # the first two players' figures swapped
        _both(FIVES, _text(changed))


def test_a_score_opener_in_the_options_is_not_taken_for_a_hand_whose_own_score_is_written_otherwise() -> None:
    # The openers number the hands, but one is the options' and one hand's empty score is written with a space
    # ("score": {}, as json.dumps writes it): the options' score must not be read as that hand's.
    document = _game()
    document["game"]["options"] = {"score": document["hands"][1]["score"]}
    document["hands"][0]["score"] = {}
    text = _text(document).replace('"score":{}', '"score": {}', 1)
    assert text.count(score_text.OPENER) == len(document["hands"])
    _both(FIVES, text)
    del document["hands"][0]["score"]  # the openers number the hands, but one is the options' and a hand has none
    text = _text(document)
    assert text.count(score_text.OPENER) == len(document["hands"])
    _both(FIVES, text)
    document["hands"][0]["score"] = document["game"]["options"]["score"]
    _both(FIVES, _text(document))  # one opener more than the hands: not cut
