"""Reading a domino log: what a domino hand may record."""

from __future__ import annotations

import json
import random

import pytest
from one_pass import WHERE

from referee import load_spec
from referee.errors import InputError
from referee.gamelog import from_document, from_json_text
from referee.simulate import simulate_game

TRICK_FIELDS = {
    "tricks": [[{"North": "AS"}, {"East": "2S"}, {"South": "3S"}, {"West": "4S"}]],
    "bids": {"North": 3, "East": 2, "South": 4, "West": 1},
    "dealer": "North",
    "books": {"North": 13},
}


@pytest.mark.parametrize("field", sorted(TRICK_FIELDS))
@pytest.mark.parametrize("reading", ["document", "json text"])
def test_a_trick_games_field_in_a_domino_hand_is_refused_where_it_stands(field: str, reading: str) -> None:
    # it passes the schema (one for both families) and was passed over unread: the game reported clean
    document = simulate_game(load_spec("dominoes/block-partners"), random.Random(3))
    document["hands"][0][field] = TRICK_FIELDS[field]
    with pytest.raises(InputError) as caught:
        if reading == "document":
            from_document(document, WHERE)
        else:
            from_json_text(json.dumps(document, separators=(",", ":")), WHERE)
    assert caught.value.location.path == f"$.hands[0].{field}"
    assert caught.value.message.startswith(f"{field!r} is a trick-taking game's record")
