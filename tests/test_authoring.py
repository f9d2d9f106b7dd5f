"""Writing a starter spec (``referee new``)."""

from __future__ import annotations

import io
import shlex
import shutil
from pathlib import Path

import pytest

from referee.authoring import effective_yaml, write_starter
from referee.cli import main
from referee.errors import InputError
from referee.spec import find, load


def test_a_name_too_long_for_the_system_is_said_of_the_file(tmp_path: Path) -> None:
    # Path.exists raised it: 'referee: File name too long', naming nothing
    path = tmp_path / ("a" * 300 + ".yaml")
    with pytest.raises(InputError) as caught:
        write_starter("spades/intramural", path)
    assert caught.value.message == "cannot write: File name too long"
    assert str(caught.value.location.file).startswith(f"{tmp_path}/aaa")  # the name, cut as a location is


ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "examples" / "club"


def _club_copy(tmp_path: Path) -> Path:
    """The Maple Street club's spec and its sheet, in a folder of their own."""
    folder = tmp_path / "maple"
    folder.mkdir()
    for name in ("club.yaml", "house-rules.txt"):
        shutil.copy(CLUB / name, folder / name)
    return folder / "club.yaml"


def test_a_starter_extending_a_club_file_names_that_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # it wrote "extends: club/maple-street", the id of the file, which names no file: the starter's own next
    # step (referee validate) said "unknown rule spec 'club/maple-street'"
    parent = _club_copy(tmp_path)
    (tmp_path / "mine").mkdir()
    child = tmp_path / "mine" / "ours.yaml"
    write_starter(str(parent), child)
    text = child.read_text(encoding="utf-8")
    assert "\nextends: ../maple/club.yaml\n" in text
    assert "referee rules --show ../maple/club.yaml" in text
    monkeypatch.chdir(tmp_path)  # found from the new spec's folder, wherever the command runs
    spec = load(str(child))
    assert spec.options["target"].default == 300  # the club's game (the intramural rules have no options)
    assert spec.id == "club/ours"


def test_a_starter_extending_a_file_that_takes_a_bundled_id_extends_the_file(tmp_path: Path) -> None:
    # a club file with the id spades/intramural was left for the bundled spec of that id: "extends:
    # spades/intramural", and the club's changes silently lost
    parent = tmp_path / "ours.yaml"
    parent.write_text(
        "spec: 1\nid: spades/intramural\ntitle: Ours\nextends: spades/intramural\n"
        "game_end:\n  target: {points: 300, interpretation: a shorter game}\n",
        encoding="utf-8",
    )
    child = tmp_path / "next.yaml"
    write_starter(str(parent), child)
    assert "\nextends: ours.yaml\n" in child.read_text(encoding="utf-8")
    assert load(str(child)).raw["game_end"]["target"]["points"] == 300


def test_a_starter_extending_a_bundled_spec_by_its_file_names_its_id(tmp_path: Path) -> None:
    child = tmp_path / "mine.yaml"
    write_starter(str(find("spades/intramural")), child)  # the installed file, wherever the package is
    assert "\nextends: spades/intramural\n" in child.read_text(encoding="utf-8")


def test_a_starter_is_never_written_through_a_link_to_no_file(tmp_path: Path) -> None:
    # a dangling link did not "exist", and the starter was written to the file it pointed to
    link = tmp_path / "club.yaml"
    link.symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(InputError) as caught:
        write_starter("spades/intramural", link)
    assert caught.value.message.startswith("already exists")
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_a_starter_extending_a_file_with_an_odd_name_quotes_it(tmp_path: Path) -> None:
    parent = tmp_path / "a: b #1.yaml"
    shutil.copy(_club_copy(tmp_path), parent)
    shutil.copy(CLUB / "house-rules.txt", tmp_path / "house-rules.txt")
    child = tmp_path / "mine.yaml"
    write_starter(str(parent), child)
    assert load(str(child)).options["target"].default == 300


def test_the_effective_spec_names_its_file_as_found_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # it printed the resolved path in full, which the docs' example (run from the project) could not show
    spec = load(str(CLUB / "club.yaml"))
    monkeypatch.chdir(ROOT)
    assert effective_yaml(spec).startswith(
        "# club/maple-street: the effective spec, everything it extends merged in (examples/club/club.yaml).\n"
    )
    monkeypatch.chdir(tmp_path)  # a file outside the current folder is named in full
    assert f"({(CLUB / 'club.yaml').resolve()})." in effective_yaml(spec).splitlines()[0]


@pytest.mark.parametrize(("parent", "title"), [("spades/house", "Spades"), ("hearts/club", "Hearts")])
def test_a_starter_s_title_names_the_game_once(tmp_path: Path, parent: str, title: str) -> None:
    # the parent's title with ", house rules" put after it: spades/house's starter was "Spades, house rules, house
    # rules"
    path = tmp_path / "ours.yaml"
    write_starter(parent, path)
    assert f"\ntitle: {title}, our club's rules\n" in path.read_text(encoding="utf-8")


def test_a_starter_names_its_rule_sheet_as_the_user_named_the_spec(tmp_path: Path) -> None:
    # the sheet suggested beside 'Maple Street.yaml' was 'maple-street.txt': the id's lower case put on a file's
    # name, which on a case-sensitive system is another file than the club's 'Maple Street.txt'
    path = tmp_path / "Maple Street.yaml"
    write_starter("spades/intramural", path)
    text = path.read_text(encoding="utf-8")
    assert '\n#   document: "Maple Street.txt"\n' in text
    assert "\nid: club/maple-street\n" in text  # the id alone is lower case, as the schema has ids
    assert "\n# Check this file with: referee validate 'Maple Street.yaml'\n" in text  # as it can be pasted


def test_a_starter_s_id_keeps_the_letters_of_an_accented_name(tmp_path: Path) -> None:
    # 'Café Royal.yaml' gave the id club/caf-royal, the é dropped with its accent
    path = tmp_path / "Café Royal.yaml"
    write_starter("spades/intramural", path)
    text = path.read_text(encoding="utf-8")
    assert "\nid: club/cafe-royal\n" in text
    assert '\n#   document: "Café Royal.txt"\n' in text  # in its letters, not "Caf\u00e9 Royal.txt"
    assert load(str(path)).id == "club/cafe-royal"


def test_referee_new_prints_a_next_step_that_can_be_pasted(tmp_path: Path) -> None:
    # 'edit it, then run: referee validate /tmp/x/Our Club.yaml' ran validate on two names, neither a file
    path = tmp_path / "Our Club.yaml"
    out = io.StringIO()
    assert main(["new", "--extends", "spades/intramural", str(path)], out=out) == 0
    command = out.getvalue().split("then run: ")[1].strip()
    assert shlex.split(command) == ["referee", "validate", str(path)]


def test_a_spec_name_in_capitals_is_refused_saying_why(tmp_path: Path) -> None:
    # 'a spec file's name ends in .yaml' said of 'Club.YAML', which does end in .YAML
    with pytest.raises(InputError) as caught:
        write_starter("spades/intramural", tmp_path / "Club.YAML")
    assert caught.value.message == "a spec file's name ends in .yaml or .yml, in small letters"
    assert not (tmp_path / "Club.YAML").exists()


def test_the_starter_says_how_a_club_with_no_sheet_writes_its_changes(tmp_path: Path) -> None:
    # the starter showed a change only as a quote of the club's sheet: a club with none that wrote its change as a
    # reading was told that a sentence of the intramural rulebook was quoted by no clause, with no way out shown
    from referee.spec_checks import check_file

    path = tmp_path / "ours.yaml"
    write_starter("spades/intramural", path)
    text = path.read_text(encoding="utf-8")
    assert "\n# source: null\n" in text
    lines = {
        "# source: null": "source: null",
        "# game_end:": "game_end:",
        "#   target:": "  target:",
        "#     points: 300": "    points: 300",
        "#     source: The game is played to 300 points.": "    interpretation: We play to 300 points.",
    }
    path.write_text("\n".join(lines.get(line, line) for line in text.splitlines()) + "\n", encoding="utf-8")
    assert check_file(path) == ([], [])
    assert load(str(path)).value("game_end.target", "points") == 300


def test_the_starter_s_example_over_rules_that_leave_the_target_to_the_table_changes_the_option(
    tmp_path: Path,
) -> None:
    # over dominoes/block-partners (target: {option: target}), the starter's example set game_end.target's points,
    # and a club that uncommented it was told "option 'target' is used by no clause"; it now changes the option's
    # default, which validates as it stands
    from referee.spec_checks import check_file

    path = tmp_path / "ours.yaml"
    write_starter("dominoes/block-partners", path)
    text = path.read_text(encoding="utf-8")
    assert "\n# game_end:\n" not in text
    lines = {
        "# source: null": "source: null",
        "# options:": "options:",
        "#   target:": "  target:",
        "#     default: 300": "    default: 300",
        "#     source: The game is played to 300 points.": "    interpretation: We play to 300 points.",
    }
    path.write_text("\n".join(lines.get(line, line) for line in text.splitlines()) + "\n", encoding="utf-8")
    assert check_file(path) == ([], [])
    spec = load(str(path))
    assert spec.options["target"].default == 300 and spec.value("game_end.target", "points") == 300
