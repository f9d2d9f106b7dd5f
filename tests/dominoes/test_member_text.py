"""A domino game's plays and score read from its JSON text (``member_text``: each play's and each score line's
text looked up among those read before) read as the careful reading reads them, and never where the text could
be split otherwise: each text
here is read twice by ``from_json_text`` (the first reading learns its plays' texts, the second looks them up)
and both give what ``parse_json`` and the careful reading give."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from lanes import counted
from test_json_text import _same

from dominoes.test_logshape import BASE, mutated
from referee import load_spec
from referee.dominoes import member_text
from referee.dominoes.log import read_fast
from referee.errors import Location
from referee.simulate import simulate_game
from referee.spec import bundled_ids


def _twice(text: str) -> Any:
    """What the one-pass reading makes of ``text``, read twice, each time checked against the careful one."""
    found = _same(text)
    assert _same(text) == found
    return found


def _compact(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"))


@pytest.mark.parametrize("rules", [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")])
def test_a_simulated_game_is_read_from_its_text_as_the_careful_reading_reads_it(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(8))
    game = _twice(_compact(document))
    assert not isinstance(game, tuple), game
    known = member_text.plays_learnt(tuple(document["players"]))
    assert known is not None
    written = member_text.written(_compact(document), document["hands"], member_text.PLAYS)
    assert written is not None  # each hand's plays found in the text, and every play's text learnt
    sheets = member_text.written(_compact(document), document["hands"], member_text.SCORE)
    assert sheets is not None
    for hand, plays, score in zip(document["hands"], written, sheets, strict=True):
        assert member_text.read_plays(known, plays, hand["plays"]) is not None
        assert member_text.read_score(score, hand["score"]) is not None


def _reordered(field: str) -> Any:
    """The first hand's plays or score, its first two members the other way round."""
    value = BASE["hands"][0][field]
    if field == "plays":
        return [value[1], value[0], *value[2:]]
    first, second, *rest = value.items()
    return dict([second, first, *rest])


def _options_holding(field: str) -> dict[str, Any]:
    document = copy.deepcopy(BASE)
    document["game"]["options"] = {field: _reordered(field)}  # options may hold any JSON value
    return document


@pytest.mark.parametrize("field", ["plays", "score"])
def test_a_field_elsewhere_is_not_taken_for_a_hand_s(field: str) -> None:
    # the options hold the field, its first two members the other way round: in the text the first of the
    # fields is theirs, not the first hand's; and again with the first hand's written after a space, so that
    # the fields written the usual way number the hands
    _twice(_compact(BASE))
    document = _options_holding(field)
    text = _compact(document)
    _twice(text)
    opener = f'"{field}":' + ("[" if field == "plays" else "{")
    at = text.index(opener, text.index(opener) + 1)
    text = text[:at] + text[at:].replace(opener, opener.replace(":", ": "), 1)
    assert text.count(opener) == len(document["hands"])
    _twice(text)


@pytest.mark.parametrize("field", ["plays", "score"])
def test_a_hand_without_the_field_does_not_take_another_s(field: str) -> None:
    _twice(_compact(BASE))
    document = _options_holding(field)
    del document["hands"][1][field]  # the text's fields number the hands, but the first is no hand's
    _twice(_compact(document))


def test_a_play_written_with_a_duplicate_key_is_never_learnt() -> None:
    # json.loads keeps the last of a duplicate key: a play's text that holds one must not be learnt as the play,
    # or its colons would be counted as keys the next time, hiding the duplicate
    document = copy.deepcopy(BASE)
    text = _compact(document)
    played = _compact(document["hands"][0]["plays"][0])
    ((name, value),) = document["hands"][0]["plays"][0].items()
    again = "{" + json.dumps(name) + ":" + _compact(value).replace("{", '{"tile":"0-0",', 1) + "}"
    found = _twice(text.replace(played, again, 1))
    assert found[0] == "error" and "duplicate key" in found[1]


def test_a_score_line_written_with_a_duplicate_key_is_never_learnt() -> None:
    document = copy.deepcopy(BASE)
    text = _compact(document)
    side, line = next(iter(document["hands"][0]["score"].items()))
    written = json.dumps(side) + ":" + _compact(line)
    again = written.replace("{", '{"total":0,', 1)
    found = _twice(text.replace(written, again, 1))
    assert found[0] == "error" and "duplicate key" in found[1]


@pytest.mark.parametrize("odd", ["A},{B", "C]D", "E},{F]G", '"'])
def test_names_holding_brackets_and_braces_read_the_same(odd: str) -> None:
    document = copy.deepcopy(BASE)
    text = _compact(document)
    for name in document["players"]:
        text = text.replace(f'"{name}"', json.dumps(name + odd))
    _twice(text)
    _twice(text)


@settings(max_examples=100, deadline=None)
@given(mutated())
def test_a_mutated_game_reads_from_its_text_as_the_careful_reading_reads_it(document: Any) -> None:
    _twice(_compact(BASE))
    _twice(_compact(document))


def _knocks(players: list[str], order: list[int]) -> str:
    """A game of one hand in which the players knock in ``order`` (its shape is all the reading looks at)."""
    draw = {name: [f"{6 - seat}-{6 - seat}"] for seat, name in enumerate(players)}
    hand = {"draw": draw, "plays": [{players[seat]: "knock"} for seat in order]}
    return _compact({"log": 1, "game": {"rules": "dominoes/all-fives"}, "players": players, "hands": [hand]})


def test_a_piece_cut_inside_a_string_is_never_learnt() -> None:
    # A name holding "},{" cuts its play in two; one holding "]" ends the list inside a later play: the pieces
    # number the plays, and each has a colon a key, but they are not the plays' texts (json.loads of one is no
    # JSON, of another another play), so none is learnt; else other lists cut into the same pieces, or holding
    # the one piece that is a play's text but not its own, would read as these
    players = ["A:},{B", "X", "C:x]D", "Y"]
    _twice(_knocks(players, [0, 1, 2, 3]))  # cut into "A: / B":"knock" / "X":"knock" / "C:
    _twice(_knocks(players, [1, 0, 2, 3]))
    _twice(_knocks(players, [3]))
    _twice(_knocks(players, [1, 3]))
    _twice(_knocks(players, [0, 2, 3]))  # cut into "A: / B":"knock" / "C:


def test_once_as_many_pieces_as_are_kept_are_learnt_no_more_are_and_games_read_the_same() -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "_PIECES_KEPT", member_text._learnt[0])
        players = ["Kept", "Out"]
        document = simulate_game(load_spec("dominoes/all-fives"), random.Random(3), players=tuple(players))
        _twice(_compact(document))
        known = member_text.plays_learnt(tuple(players))
        assert known is not None and not known


def test_a_piece_learnt_is_not_read_in_another_play_s_place() -> None:
    # Where some plays' texts are learnt and others not, those others are read one by one, and used only where
    # each is certainly its play's text. Here a name holding "},{" cuts the first play in two and a space joins
    # the last two into one piece: the pieces number the plays, the third is a play's text learnt before (X's
    # knock), but not the third play's (Y's)
    players = ["A},{B", "X", "Y", "Z"]
    _twice(_knocks(players, [1]))  # X's knock learnt
    text = _knocks(players, [0, 1, 2, 3]).replace('{"Y":"knock"},{"Z":"knock"}', '{"Y":"knock"}, {"Z":"knock"}')
    assert '"X":"knock"' in member_text.plays_learnt(tuple(players))  # type: ignore[operator]
    found = _twice(text)
    assert not isinstance(found, tuple), found


def test_a_hand_with_plays_not_learnt_reads_them_one_by_one() -> None:
    # A game's plays learnt, then the same game with one play written with its members in another order: that
    # play alone is read the careful way and learnt, the others looked up, and the game reads the same
    document = simulate_game(load_spec("dominoes/all-fives"), random.Random(5), players=("P", "Q", "R", "S"))
    _twice(_compact(document))
    counting, read = counted(member_text.read_new_plays)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:
        ((name, value),) = hand["plays"][-1].items()
        hand["plays"][-1] = {name: dict(reversed(value.items())) if isinstance(value, dict) else value}
    text = _compact(changed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "read_new_plays", counting)
        # the pass vouches for the game (the keys of the plays read one by one counted once) ...
        assert read_fast(orjson.loads(text), Location(file="g.json"), text) is not None
    assert read[0] >= 1 and not read[1]
    found = _twice(text)  # ... and reads it as the careful reading does
    assert not isinstance(found, tuple), found
