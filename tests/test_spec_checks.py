"""Which specs ``referee validate`` checks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee import spec_checks
from referee.errors import InputError
from referee.spec_checks import spec_targets


def test_an_empty_name_is_not_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every spec in the current folder was validated, for a name left out
    (tmp_path / "club.yaml").write_text("spec: 1\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="an empty name, which names no rule spec"):
        spec_targets([""])


def test_a_name_too_long_for_the_system_is_said_to_name_no_spec(tmp_path: Path) -> None:
    # Path.is_dir raised it: 'referee: File name too long', naming nothing
    with pytest.raises(InputError, match="unknown rule spec"):
        spec_targets([str(tmp_path / ("a" * 300))])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_folder_of_specs_leaves_out_a_named_pipe(tmp_path: Path) -> None:
    # referee validate FOLDER opened a named pipe called *.yaml in it and waited for a writer, for ever
    spec = tmp_path / "club.yaml"
    spec.write_text("spec: 1\nid: club/club\ntitle: t\nextends: spades/intramural\n", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "gone.yaml")  # a link to no file is still said to be one
    link = tmp_path / "link.yaml"
    assert spec_targets([str(tmp_path)]) == [(str(spec), spec), (str(link), link)]


def test_a_spec_s_problem_names_its_line_where_its_file_writes_the_place(tmp_path: Path) -> None:
    # referee validate said "club.yaml, at $.passing.pass.cards: ..." with no line, though the file writes it
    text = (
        "spec: 1\nid: club/t\ntitle: t\nextends: spades/intramural\n"
        "passing:\n  pass:\n    interpretation: two to the left\n    cycle: [left]\n    cards: 20\n"
    )
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    problems, _ = spec_checks.check_file(path)
    assert f"{path}:9, at $.passing.pass.cards: passes 20 cards from a hand of 13" in problems
    # a place the file does not write (the deal is inherited whole) gets no line, rather than a wrong one: 52 and
    # the two jokers, less the four cards removed, are 50
    path.write_text(
        text.replace("cards: 20", "cards: 2") + "deck:\n  cards:\n    interpretation: short\n"
        "    remove: [2D, 2C, 3C, 3D]\n",
        encoding="utf-8",
    )
    problems, _ = spec_checks.check_file(path)
    assert f"{path}, at $.deal.cards.per_player: deals 13 cards to each of 4 players from a deck of 50" in problems
