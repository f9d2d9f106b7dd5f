"""A play's or a score line's text written the usual way (``usual_text``) reads as the careful reading reads its
member, with nothing learnt before; any other text is refused (None) and read as before, so a game reads the
same either way."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import counted
from test_json_text import WHERE, _same

from dominoes.test_logshape import BASE, mutated
from referee import load_spec
from referee.dominoes import member_text, plays_text, usual_text
from referee.dominoes.log import _Reader
from referee.errors import Location
from referee.gamelog import from_json_text
from referee.logreader import usual_scores
from referee.simulate import simulate_game
from referee.spec import bundled_ids

PLAYERS = ("Ann", "Bob", "Cy", "Di")
DOMINO_SPECS = [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")]


def _compact(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _careful_play(piece: str) -> Any:
    """The play the careful steps read from a member's text (its player one of PLAYERS)."""
    ((name, value),) = json.loads("{" + piece + "}").items()
    reader = _Reader({"players": list(PLAYERS), "hands": []}, Location(file="x"))
    seat, move = reader.turn(1, 0, {name: value})
    return (seat, *move)


def _pieces() -> list[str]:
    """Every value the table holds, played by each player, with points where a tile is laid."""
    moves, heads = usual_text._values()
    found = [f'"{name}":{value}' for name in PLAYERS for value in moves]
    found += [f'"{name}":{head},"points":{points}}}' for name in PLAYERS for head in heads for points in (0, 5, 35)]
    return found


def test_each_usual_play_reads_as_the_careful_steps_read_it() -> None:
    seats = usual_text.seats_written(PLAYERS)
    pieces = _pieces()
    assert len(pieces) > 4 * 1000
    for piece in pieces:
        ((name, value),) = json.loads("{" + piece + "}").items()
        assert member_text.PLAYS.learnable(piece, name, value)  # its member's text, each colon a key
        assert usual_text.play(seats, piece) == _careful_play(piece), piece


# A colon not a key, a number JSON does not write so, a key JSON would refuse, members in another order, a
# tile not of the set, an end no arm's, a boolean: each refused, then read (or refused) the careful way.
REFUSED = [
    '"Ann":{"tile":"[6:4]","end":"left"}',
    '"Ann":{"tile":"6-4","end":"left","points":01}',
    '"Ann":{"tile":"6-4","end":"left","points":+1}',
    '"Ann":{"tile":"6-4","end":"left","points":-5}',
    '"Ann":{"tile":"6-4","end":"left","points":1.0}',
    '"Ann":{"tile":"6-4","end":"left","points": 5}',
    '"Ann":{"tile":"6-4","end":"left","points":1_0}',
    '"Ann":{"tile":"6-4","end":"left","points":true}',
    '"Ann":{"tile":"6-4","end":"left","points":10,"points":10}',
    '"Ann":{"tile":"6-4","end":"left","points":10',
    '"Ann":{"end":"left","tile":"6-4"}',
    '"Ann":{"tile":"6-7"}',
    '"Ann":{"tile":"6-4","end":"middle"}',
    '"Ann":{"draw":"6-4","end":"left"}',
    '"Ann":"Knock"',
    '"Ann" :"knock"',
    '"Eve":"knock"',
    '"Ann":"draw"',
]


@pytest.mark.parametrize("piece", REFUSED)
def test_a_play_written_otherwise_is_refused(piece: str) -> None:
    assert usual_text.play(usual_text.seats_written(PLAYERS), piece) is None


@pytest.mark.parametrize("name", ["A:B", 'A"B', "A\tB", "A\\B"])
def test_a_name_whose_text_is_not_itself_is_not_written_so(name: str) -> None:
    assert f'"{name}"' not in usual_text.seats_written((name, "Bob"))
    assert '"Bob"' in usual_text.seats_written((name, "Bob"))


@pytest.mark.parametrize("key", ["A:B", "A\tB", "North\u2028"])
def test_a_score_line_of_a_key_whose_text_is_not_itself_is_not_read_so(key: str) -> None:
    # a colon in the key would be counted as a key of its own (the reader counts a line's keys as its colons);
    # a character JSON writes escaped is not the key's own text
    piece = f'"{key}":{{"hand":5,"total":10'
    assert usual_text.score_line(piece, key) is None
    assert usual_text.score_line(piece, key) is None  # (asked again: the head made for the key is kept)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ('{"hand":0,"total":25}', (0, 25)),
        ('{"hand":-10,"total":-5}', (-10, -5)),
        ('{"hand":5,"total":999999999999999999}', (5, 999999999999999999)),
        ('{"hand":5,"total":1000000000000000000}', None),  # more digits than parse_json takes
        ('{"hand":-0,"total":0}', None),
        ('{"hand":05,"total":5}', None),
        ('{"hand":5.0,"total":5}', None),
        ('{"hand":true,"total":5}', None),
        ('{"total":5,"hand":5}', None),
        ('{"hand":5,"total":5,"total":5}', None),
        ('{"hand":5, "total":5}', None),
    ],
)
def test_a_score_line_is_read_where_written_the_usual_way(written: str, read: Any) -> None:
    piece = '"North & South":' + written
    found = usual_text.score_line(piece[:-1], "North & South")  # cut as SCORE cuts it: less its last }
    if read is None:
        assert found is None
        return
    careful = usual_scores(json.loads("{" + piece + "}"))
    assert careful is not None and found == careful[0] and (found.hand, found.total) == read
    assert usual_text.score_line(piece[:-1], "North") is None  # another side's key


@pytest.mark.parametrize("rules", DOMINO_SPECS)
def test_a_simulated_game_reads_with_nothing_learnt_before(rules: str) -> None:
    # every play's and score line's text is read the usual way, none the careful way, and the game reads as the
    # careful reading reads it
    document = simulate_game(load_spec(rules), random.Random(21))
    text = _compact(document)
    turning, turned = counted(_Reader.turn)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "_PLAYS", {})
        patch.setattr(member_text, "_LINES", {})
        patch.setattr(plays_text, "cut_scores", lambda decoded: None)  # the score lines read, not kept as text
        with pytest.MonkeyPatch.context() as turns:
            turns.setattr(_Reader, "turn", turning)
            first = from_json_text(text, WHERE)
        assert member_text._LINES and sum(map(len, member_text._PLAYS.values()))
        assert first == _same(text)  # as the careful reading reads it (and as read again, learnt)
    assert turned == [0, 0]


@settings(max_examples=60, deadline=None)
@given(mutated(), st.booleans())
def test_a_mutated_game_reads_with_nothing_learnt_as_the_careful_reading_reads_it(document: Any, spaced: bool) -> None:
    text = _compact(document)
    if spaced:  # the usual texts but one written otherwise
        text = text.replace('"points":', '"points": ', 1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "_PLAYS", {})
        patch.setattr(member_text, "_LINES", {})
        _same(_compact(BASE))
        _same(text)


@pytest.mark.parametrize("points", ["01", "+1", "-5", "1.0", " 5", "1_0", "true", "1e1", '0,"points":0'])
def test_a_game_with_points_written_otherwise_reads_as_the_careful_reading_reads_it(points: str) -> None:
    text = _compact(BASE)
    assert '"points":0}' in text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_text, "_PLAYS", {})
        patch.setattr(member_text, "_LINES", {})
        _same(text.replace('"points":0}', f'"points":{points}}}', 1))
