"""Finding a rule spec's file by its id or path."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.spec_files import find


def test_an_empty_name_names_no_spec() -> None:
    # Path("") is the current folder, which was said to be 'not a file', with no name
    with pytest.raises(InputError) as caught:
        find("")
    assert str(caught.value) == "'': an empty name, which names no rule spec"
