"""A domino game's written scores kept as their text (``referee.score_text``, cut out by the plays-text reader):
what is particular to the domino reader. What both families share (figures wrong, keys otherwise, slips carried
forward, figures written any way): tests/test_score_text.py."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_score_text import _both, _game, _text

FIVES = "dominoes/all-fives"


@pytest.mark.parametrize(
    "players",
    [("N%s", "E%d", "S%%", "W%(x)s"), ("a.b", "c*", "(d)", "[e]"), ("Zoë", "日本", "}}", '{"x"'), ("a:b", "c")],
)
def test_players_of_any_name_keep_their_scores_as_text_or_are_read_otherwise_the_same(players: Any) -> None:
    # names a %-format or a regular expression would take for its own, names of JSON's punctuation, a colon
    document = _game(FIVES, players=players)
    kept = _both(FIVES, _text(document))[1]
    # (a quote or a bracket in a name: the plays or the scores are not cut, and the game is read otherwise)
    assert kept == len(document["hands"]) or any(c in "".join(players) for c in '"[]')
    changed = copy.deepcopy(document)
    changed["hands"][2]["score"][players[1]]["total"] += 1
    _both(FIVES, _text(changed))
