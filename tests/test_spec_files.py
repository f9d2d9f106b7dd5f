"""Finding a rule spec's file by its id or path."""

from __future__ import annotations

import pytest

from referee.errors import MAX_MESSAGE, InputError
from referee.spec_files import find


def test_an_empty_name_names_no_spec() -> None:
    # Path("") is the current folder, which was said to be 'not a file', with no name
    with pytest.raises(InputError) as caught:
        find("")
    assert str(caught.value) == "'': an empty name, which names no rule spec"


@pytest.mark.parametrize(
    ("name", "meant"),
    [("spades/intramurl", "spades/intramural"), ("hearts/clubs", "hearts/club"), ("spade/house", "spades/house")],
)
def test_a_misspelt_id_is_told_the_bundled_id_it_is_nearest(name: str, meant: str) -> None:
    with pytest.raises(InputError) as caught:
        find(name)
    message = caught.value.message
    assert message.startswith(f"unknown rule spec {name!r}; did you mean {meant}? (referee rules lists")
    # whole, even where a log's place comes before it: not cut at an error's length (MAX_MESSAGE) as the list was
    where = "a-club-spec-in-a-folder/with-a-long-name.yaml:4, at $.extends: "
    assert len(where + message) < MAX_MESSAGE and "spades/six-player" not in message


def test_an_id_like_none_is_given_no_guess() -> None:
    # sharing the family's name alone is no likeness: spades/backyard is not a slip for spades/six-player
    with pytest.raises(InputError) as caught:
        find("spades/backyard")
    assert "did you mean" not in caught.value.message
