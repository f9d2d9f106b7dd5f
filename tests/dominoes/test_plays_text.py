"""A domino game read from its JSON text with each hand's plays cut out before the decode (``plays_text``)
reads as ``parse_json`` and the careful reading read it, or hands the text back to be decoded whole (None):
never otherwise, wherever the openers, the brackets and the braces of the plays are written or met."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from lanes import counted
from test_json_text import _same

from dominoes.test_logshape import BASE, mutated
from referee import load_spec
from referee.dominoes import member_text, plays_text
from referee.dominoes.log import read_fast
from referee.errors import Location
from referee.json_values import plain_value
from referee.simulate import simulate_game
from referee.spec import bundled_ids

WHERE = Location(file="games.jsonl", line=7, game=3)


def _compact(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"))


def _read(text: str) -> Any:
    """What the plays-text reading makes of ``text`` (None: handed back), held to ``from_json_text`` (which
    tries it first) and to the careful reading, and, where it reads the game, to the one-pass reading of the
    whole decoded text."""
    found = plays_text.read_text(text, WHERE)
    same = _same(text)
    if found is not None:
        assert found == same
        assert found == read_fast(plain_value(text), WHERE, text)
    return found


@pytest.mark.parametrize("rules", [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")])
def test_a_simulated_game_is_read_with_its_plays_cut_out(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(11))
    text = _compact(document)
    assert _read(text) is not None  # its plays read (one by one where not learnt before) and learnt ...
    counting, read = counted(member_text.read_segment)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "read_segment", counting)
        assert _read(text) is not None  # ... then each hand's looked up
    assert read[0] == 2 * len(document["hands"]) and not read[1]  # (read here and by from_json_text)


def test_a_game_of_players_not_learnt_for_reads_its_plays_decoded_by_themselves() -> None:
    # the lists of players learnt for at their bound: a new list's game has no plays learnt (member_text.plays_learnt
    # gives None), so each hand's plays are decoded alone, the text still read with them cut out (not handed back)
    document = simulate_game(load_spec("dominoes/all-fives"), random.Random(13), players=("Xi1", "Xi2", "Xi3"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "_PLAYS", {})
        patch.setattr(member_text, "_PLAYERS_KEPT", 0)
        assert member_text.plays_learnt(tuple(document["players"])) is None
        assert _read(_compact(document)) is not None


def test_plays_not_learnt_are_decoded_by_themselves() -> None:
    # players never seen before: no play's text is learnt, so each hand's plays are decoded alone
    document = simulate_game(load_spec("dominoes/all-fives"), random.Random(12), players=("Nu1", "Nu2", "Nu3"))
    assert _read(_compact(document)) is not None


def test_plays_written_otherwise_are_decoded_by_themselves_and_their_keys_counted() -> None:
    # a space after each play's tile key: no piece is learnt or usual, so each hand's plays are decoded alone and
    # their keys counted as read, which the colons of those segments must balance (plays_text.keys_vouched)
    text = _compact(BASE).replace('"tile":"', '"tile": "')
    assert _read(text) is not None


def test_a_hand_with_no_plays_reads_none() -> None:
    document = copy.deepcopy(BASE)
    document["hands"][1]["plays"] = []
    _read(_compact(document))
    _read(_compact(document))


@pytest.mark.parametrize(
    "old, new",
    [
        ('"plays":[{', '"plays":[ '),  # the list's first brace, or its last, not a brace: no JSON
        ('"plays":[{', '"plays":[x'),
        ('}],"award"', ' ],"award"'),
        ('}],"award"', '}x],"award"'),
        ('"plays":[{', '"plays":[ {'),  # JSON, but not as a list's text is learnt
        ('}],"award"', '} ],"award"'),
        ("},{", "}, {"),
        ("},{", "},{}, {"),
        ('"plays":[', '"plays":[[],'),  # an array among the plays: the first ] is not the list's
        ('"plays":[', '"plays":[{"a":[1]},'),
        ('"plays":[', '"plays": ['),  # an opener written otherwise: the openers do not number the hands
        ('"plays":[', '"plays":[]}],"x":[{"plays":['),
    ],
)
def test_plays_written_otherwise_read_as_the_careful_reading_reads_them(old: str, new: str) -> None:
    text = _compact(BASE)
    assert _read(text) is not None  # every play's text learnt
    assert old in text
    for changed in (text.replace(old, new, 1), text.replace(old, new)):
        _read(changed)


@pytest.mark.parametrize("where", ["reversed", "empty", "event", "after"])
def test_an_opener_outside_the_hands_hands_the_text_back_or_reads_it_the_same(where: str) -> None:
    # An opener in the options (which may hold anything) comes before the hands': a list of plays, the first
    # hand's the other way round, or an empty one (no colon: its keys, not counted, are not missed). In the
    # event, its text is in a string, where no opener can be met (a quote would end the string). After the
    # hands, a knock in the options: an opener taken for the second hand's would read it so.
    document = copy.deepcopy(BASE)
    if where == "event":
        document["game"]["event"] = 'a "plays":[ b'
    elif where == "after":
        game = document.pop("game")
        game["options"] = {"plays": [{BASE["players"][0]: "knock"}]}
        document["game"] = game
    else:
        document["game"]["options"] = {"plays": [] if where == "empty" else document["hands"][0]["plays"][::-1]}
    _read(_compact(document))  # the openers one more than the hands
    document["hands"][1]["plays"] = []
    _read(_compact(document))
    del document["hands"][0]["plays"]  # the openers number the hands, but one is no hand's
    _read(_compact(document))


@settings(max_examples=100, deadline=None)
@given(mutated())
def test_a_mutated_game_reads_with_its_plays_cut_out_as_the_careful_reading_reads_it(document: Any) -> None:
    _read(_compact(BASE))
    _read(_compact(document))


def test_an_opener_in_the_options_is_not_taken_for_a_hand_whose_own_key_is_written_otherwise() -> None:
    # The openers number the hands and every hand holds plays, yet one opener is the options' and one hand's key is
    # written with a space ("plays": [], as json.dumps writes it): its empty list must not be read as the options'
    # plays (the colons balance: the hand's segment holds the options' own). Found by check4.
    document = copy.deepcopy(BASE)
    document["game"]["options"] = {"plays": document["hands"][0]["plays"]}
    document["hands"][0]["plays"] = []
    text = _compact(document).replace('"plays":[]', '"plays": []', 1)
    assert text.count(plays_text.OPENER) == len(document["hands"])
    _read(text)


def test_a_draw_of_a_player_named_plays_is_not_taken_for_a_hand_whose_own_key_is_written_otherwise() -> None:
    # No options needed: a player named plays, whose draw is written as the hand's plays (the schema refuses
    # it: a draw holds tiles), and the hand's own key written with a space. Found by check4.
    document = copy.deepcopy(BASE)
    document["hands"] = document["hands"][:1]
    hand = document["hands"][0]
    renamed = json.loads(_compact(document).replace('"Bob"', '"plays"'))
    hand = renamed["hands"][0]
    hand["draw"]["plays"], hand["plays"] = hand["plays"], []
    text = _compact(renamed).replace('"plays":[]', '"plays": []', 1)
    assert text.count(plays_text.OPENER) == len(renamed["hands"])
    _read(text)
