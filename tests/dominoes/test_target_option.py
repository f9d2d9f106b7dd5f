"""The block game's target: "A game can be played to 100 points or any number of your choosing"."""

from __future__ import annotations

import pytest

import referee
from referee import gamelog
from referee.errors import InputError, Location

GAME = {
    "log": 1,
    "game": {"rules": "dominoes/block-two"},
    "players": ["Ann", "Bob"],
    "hands": [
        {
            "draw": {
                "Ann": ["6-6", "6-5", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"],
                "Bob": ["6-0", "1-0", "2-1", "3-2", "4-3", "5-4", "6-1", "6-2"],
            },
            "plays": [{"Ann": "6-6"}],
        }
    ],
}


@pytest.mark.parametrize("target", [0, -5])
def test_a_game_played_to_no_points_is_refused(target: int) -> None:
    # a target of 0 (or less) was taken: every game was over after its first hand, and each later hand was reported
    # as game_continued, an error the table never made; it is now refused as the option's value, as a text is
    log = gamelog.from_document(GAME, Location(file="g.yaml"))
    with pytest.raises(InputError, match=f"option 'target' takes a whole number from 1, not {target}$"):
        referee.audit("dominoes/block-two", log, {"target": target})
    spec = referee.load_spec("dominoes/block-two")
    assert "target (a whole number from 1, default 100)" in spec.options["target"].describe()


def test_a_game_played_to_one_point_is_a_game() -> None:
    log = gamelog.from_document(GAME, Location(file="g.yaml"))
    report = referee.audit("dominoes/block-two", log, {"target": 1})
    assert report.options["target"] == 1
