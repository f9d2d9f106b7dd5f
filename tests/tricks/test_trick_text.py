"""A trick game's tricks read from its JSON text (``trick_text``: each play's text looked up among those read
before) read as the careful reading reads them, and never where the text could be split otherwise: each text
here is read twice by ``from_json_text`` (the first reading learns its plays' texts, the second looks them up)
and both give what ``parse_json`` and the careful reading give."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_json_text import _dumps, _same

from referee import load_spec
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks import trick_text

TRICK_SPECS = [spec_id for spec_id in bundled_ids() if not spec_id.startswith("dominoes/")]


def _twice(text: str) -> Any:
    """What the one-pass reading makes of ``text``, read twice, each time checked against the careful one."""
    first, second = _same(text), _same(text)
    assert first == second
    return first


def _compact(document: Any) -> str:
    return _dumps(document)


@cache
def _game(rules: str) -> dict[str, Any]:
    document = simulate_game(load_spec(rules), random.Random(9))
    document["hands"] = document["hands"][:3]
    return document


def _plain() -> dict[str, Any]:
    return copy.deepcopy(_game("spades/intramural"))


def _read_from_text(document: dict[str, Any]) -> int:
    """How many of the document's hands' tricks its text gives (once its plays are learnt)."""
    known = trick_text.learnt(tuple(document["players"]))
    assert known is not None
    written = trick_text.written(_compact(document), document["hands"])
    assert written is not None
    return sum(1 for tricks in written if tricks is not None and trick_text.read(known, tricks) is not None)


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_a_simulated_game_is_read_from_its_text_as_the_careful_reading_reads_it(rules: str) -> None:
    document = _game(rules)
    game = _twice(_compact(document))
    assert not isinstance(game, tuple), game
    played = [hand for hand in document["hands"] if hand.get("tricks") and type(hand["tricks"][0][0]) is dict]
    if _compact(document).count('"tricks"') > len(played):  # a bid of so many tricks: the text is not used
        assert trick_text.written(_compact(document), document["hands"]) is None
    else:
        assert _read_from_text(document) == len(played)  # every hand played by play read from its text


def test_a_trick_out_of_turn_or_short_is_read_the_careful_way() -> None:
    document = _plain()
    _twice(_compact(document))  # the plays learnt
    tricks = document["hands"][0]["tricks"]
    tricks[0][0], tricks[0][1] = tricks[0][1], tricks[0][0]  # out of turn
    assert _read_from_text(document) == 2
    _twice(_compact(document))
    document = _plain()
    document["hands"][1]["tricks"][2].pop()  # a trick a play short
    assert _read_from_text(document) == 2
    _twice(_compact(document))
    document = _plain()
    document["hands"][1]["tricks"][2:4] = [document["hands"][1]["tricks"][2] + document["hands"][1]["tricks"][3]]
    assert _read_from_text(document) == 2  # two tricks' plays as one: eight plays
    _twice(_compact(document))


def test_tricks_elsewhere_are_not_taken_for_a_hand_s() -> None:
    # the options hold the first hand's tricks in another order, and the first hand's tricks are written after
    # a space: the text's "tricks" number the hands, but the first is not the first hand's
    document = _plain()
    _twice(_compact(document))
    tricks = document["hands"][0]["tricks"]
    document["game"]["options"] = {"tricks": [tricks[1], tricks[0], *tricks[2:]]}
    text = _compact(document)
    text = text.replace('"tricks":[[{', '"tricks": [[{', 2).replace('"tricks": [[{', '"tricks":[[{', 1)
    assert text.count('"tricks"') == len(document["hands"]) + 1
    _twice(text)
    del document["hands"][1]["tricks"]  # now the text's "tricks" number the hands holding them
    assert trick_text.written(_compact(document), document["hands"]) is None
    _twice(_compact(document))


def test_a_hand_without_tricks_does_not_take_another_s() -> None:
    document = _plain()
    _twice(_compact(document))
    del document["hands"][0]["tricks"]
    written = trick_text.written(_compact(document), document["hands"])
    assert written is not None and written[0] is None and written[1] is not None
    _twice(_compact(document))


def test_a_play_written_with_a_duplicate_key_is_never_learnt() -> None:
    # json.loads keeps the last of a duplicate key: a play's text that holds one must not be learnt as the play,
    # or its colons would be counted as one key the next time, hiding the duplicate
    document = _plain()
    text = _compact(document)
    ((name, card),) = document["hands"][0]["tricks"][0][0].items()
    played = _compact({name: card})
    again = _compact({name: card})[:-1] + "," + json.dumps(name) + ":" + json.dumps(card) + "}"
    for _ in range(2):
        found = _twice(text.replace(played, again, 1))
        assert found[0] == "error" and "duplicate key" in found[1]


@pytest.mark.parametrize("odd", ["A},{B", "C]D", "E}]]F", "G{H", "I}],[J", ":", '"'])
def test_names_holding_brackets_and_braces_read_the_same(odd: str) -> None:
    document = _plain()
    text = _compact(document)
    for name in document["players"]:
        text = text.replace(f'"{name}"', json.dumps(name + odd))
    _twice(text)
    _twice(text)


@pytest.mark.parametrize(
    "change",
    [
        ('{"North":', '{ "North":'),  # a space: learnt as it is written
        ('"}],[{', '"} ],[{'),
        ('"},{', '"}, {'),
        ('}]],"score"', '} ]],"score"'),
        ('"tricks":[[{', '"tricks":[ [{'),
        ('"tricks":[[{', '"tricks" :[[{'),
    ],
)
def test_awkward_texts_read_the_same(change: tuple[str, str]) -> None:
    text = _compact(_plain())
    _twice(text)
    _twice(text.replace(*change))
    _twice(text.replace(*change, 1))


@st.composite
def _tampered(draw: st.DrawFn) -> str:
    """A plain game's text with a few plays changed: another card or player, moved, doubled, dropped."""
    document = _plain()
    players = document["players"]
    for _ in range(draw(st.integers(1, 3))):
        hand = draw(st.sampled_from(document["hands"]))
        tricks = hand["tricks"]
        trick = draw(st.sampled_from(tricks))
        at = draw(st.integers(0, len(trick) - 1))
        kind = draw(st.sampled_from(["card", "player", "move", "double", "drop", "value"]))
        if kind == "card":
            trick[at] = {next(iter(trick[at])): draw(st.sampled_from(["AS", "2C", "10H", "BJ", "as", "1S", "XX"]))}
        elif kind == "player":
            trick[at] = {draw(st.sampled_from([*players, "Nobody"])): next(iter(trick[at].values()))}
        elif kind == "move":
            draw(st.sampled_from(tricks)).append(trick.pop(at))
        elif kind == "double":
            trick[at] = {**trick[at], draw(st.sampled_from(players)): "2C"}
        elif kind == "drop":
            trick.pop(at)
        else:
            trick[at] = {next(iter(trick[at])): draw(st.sampled_from([None, 3, ["AS"], {"card": "AS"}, ""]))}
    return _compact(document)


@settings(max_examples=100, deadline=None)
@given(_tampered())
def test_a_tampered_game_reads_from_its_text_as_the_careful_reading_reads_it(text: str) -> None:
    _twice(_compact(_plain()))
    _twice(text)
