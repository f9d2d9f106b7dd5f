"""Writing a starter spec (``referee new``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.authoring import write_starter
from referee.errors import InputError


def test_a_name_too_long_for_the_system_is_said_of_the_file(tmp_path: Path) -> None:
    # Path.exists raised it: 'referee: File name too long', naming nothing
    path = tmp_path / ("a" * 300 + ".yaml")
    with pytest.raises(InputError) as caught:
        write_starter("spades/intramural", path)
    assert caught.value.message == "cannot write: File name too long"
    assert str(caught.value.location.file).startswith(f"{tmp_path}/aaa")  # the name, cut as a location is
