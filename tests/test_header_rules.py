"""The spec a log's header names (``game: {rules: ...}``) with ``--allow-rules``: a relative path read from the
log's own folder, and nothing read that the user did not allow, links and ``..`` followed."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest

from referee.bundled import rules_dir
from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "examples" / "spades" / "intramural" / "clean-game.yaml"  # a clean game of 8 hands
SPEC = ROOT / "rules" / "spades" / "intramural.yaml"


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    return main(list(argv), out=out), out.getvalue()


def write_spec(path: Path, spec_id: str) -> None:
    """The bundled intramural spec under another id (its rulebook is found by name among the bundled ones), a
    comment apart from it: a club's own version."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = SPEC.read_text(encoding="utf-8").replace("id: spades/intramural", f"id: {spec_id}")
    path.write_text(f"# the club's own\n{text}", "utf-8")


def write_log(path: Path, rules: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CLEAN.read_text(encoding="utf-8").replace("rules: spades/intramural", f"rules: {rules}"), "utf-8")


def test_a_relative_path_in_a_header_is_read_from_the_logs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # club/logs/g.yaml names ../spades.yaml: club/spades.yaml, as a link in a page is read from the page's folder;
    # it was read from the current folder, and refused unless the check was run from inside club/logs
    write_spec(tmp_path / "club" / "spades.yaml", "club/spades")
    write_log(tmp_path / "club" / "logs" / "g.yaml", "../spades.yaml")
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "club/logs/g.yaml", "--allow-rules", "club", "--format", "json")
    assert capsys.readouterr().err == ""
    assert code == 0 and json.loads(out)["rules"] == "club/spades"
    monkeypatch.chdir(tmp_path / "club" / "logs")  # and still from the log's folder
    assert run("check", "g.yaml", "--allow-rules", "..")[0] == 0


def test_a_path_found_only_from_the_current_folder_is_still_found_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # logs written for the old reading name the spec from where the check is run: no such file beside the log
    write_spec(tmp_path / "club" / "spades.yaml", "club/spades")
    write_log(tmp_path / "club" / "logs" / "g.yaml", "club/spades.yaml")
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "club/logs/g.yaml", "--allow-rules", "club", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "club/spades"


def test_the_logs_folder_is_looked_in_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_spec(tmp_path / "house.yaml", "club/from-the-current-folder")
    write_spec(tmp_path / "club" / "house.yaml", "club/beside-the-log")
    write_log(tmp_path / "club" / "g.yaml", "house.yaml")
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "club/g.yaml", "--allow-rules", ".", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "club/beside-the-log"


def test_two_logs_may_write_the_same_relative_path_for_two_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the run's cache of the headers' rules was keyed by the header's text alone: the second log got the first's
    for club in ("elm", "oak"):
        write_spec(tmp_path / club / "house.yaml", f"club/{club}")
        for number in (1, 2):
            write_log(tmp_path / club / "logs" / f"g{number}.yaml", "../house.yaml")
    monkeypatch.chdir(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        argv = ["check", "elm/logs", "oak/logs", "--allow-rules", "elm", "--allow-rules", "oak", "--format", "json"]
        code, out = run(*argv, "-j", jobs)
        assert code == 0
        outputs.append(out)
    reports = [json.loads(line) for line in outputs[0].splitlines() if '"report"' in line]
    assert [report["rules"] for report in reports] == ["club/elm", "club/elm", "club/oak", "club/oak"]
    assert outputs[0] == outputs[1]  # byte for byte, whatever the processes


@pytest.mark.parametrize("rules", ["../../outside/spades.yaml", "../link.yaml", "link-folder/spades.yaml"])
def test_a_header_path_is_allowed_by_where_it_leads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rules: str
) -> None:
    # a spec outside the allowed folder, reached by .. or through a link inside it, is not read
    outside = tmp_path / "outside" / "spades.yaml"
    write_spec(outside, "club/outside")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "link.yaml").symlink_to(outside)
    (tmp_path / "club" / "logs" / "link-folder").parent.mkdir()
    (tmp_path / "club" / "logs" / "link-folder").symlink_to(outside.parent, target_is_directory=True)
    write_log(tmp_path / "club" / "logs" / "g.yaml", rules)
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "club/logs/g.yaml", "--allow-rules", "club", "--format", "json")
    err = capsys.readouterr().err
    assert code == 2 and "club/outside" not in out
    assert err == (
        f"referee: club/logs/g.yaml:14, at $.game.rules: the rule spec '{rules}' is the file {outside}, which is "
        "neither given with --allow-rules nor in a folder given with it (a log may name no other file)\n"
    )


def test_a_header_path_to_no_file_says_where_it_was_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_log(tmp_path / "club" / "logs" / "g.yaml", "../spadez.yaml")
    monkeypatch.chdir(tmp_path)
    assert run("check", "club/logs/g.yaml", "--allow-rules", "club")[0] == 2
    assert capsys.readouterr().err == (
        "referee: club/logs/g.yaml:14, at $.game.rules: no such rule spec file '../spadez.yaml' (looked for beside "
        "the log, then from the current folder)\n"
    )


def test_a_file_of_an_allowed_folder_is_named_by_its_yaml_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # inside the allowed folder, but not a .yaml file: not said to lie outside it
    write_spec(tmp_path / "club" / "spades.txt", "club/spades")
    write_log(tmp_path / "club" / "logs" / "g.yaml", "../spades.txt")
    monkeypatch.chdir(tmp_path)
    assert run("check", "club/logs/g.yaml", "--allow-rules", "club")[0] == 2
    assert capsys.readouterr().err == (
        "referee: club/logs/g.yaml:14, at $.game.rules: the rule spec '../spades.txt' is a file of a folder given with "
        "--allow-rules, but no .yaml or .yml file: a header names such a spec by a .yaml or .yml path, or by its id\n"
    )


def clash(spec: str, place: str) -> str:
    return (
        f"'spades/intramural' is both a bundled spec and the id of {spec}, given with --allow-rules {place}: say which "
        f"the games are audited by, with --rules spades/intramural or --rules {spec} (or give the allowed spec an id "
        "of its own)"
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_allowed_spec_that_gives_itself_a_bundled_id_is_not_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    # club/x.yaml is the club's own version of spades/intramural, under that id: a header naming the id was audited
    # by the bundled spec, and the user never told that the club's was passed over
    write_spec(tmp_path / "club" / "x.yaml", "spades/intramural")
    for number in range(3):
        write_log(tmp_path / "logs" / f"g{number}.yaml", "spades/intramural")
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "logs", "--allow-rules", "club", "--format", "json", "-j", jobs)
    assert code == 2
    errors = [json.loads(line)["error"] for line in out.splitlines()[:3]]
    assert [error["location"] for error in errors] == [
        {"file": f"logs/g{number}.yaml", "line": 14, "path": "$.game.rules"} for number in range(3)
    ]
    assert {error["message"] for error in errors} == {clash("club/x.yaml", "club")}
    # said once a run, as any spec refused
    assert capsys.readouterr().err == f"referee: logs/g0.yaml:14, at $.game.rules: {clash('club/x.yaml', 'club')}\n"
    # either one chosen with --rules: audited by it
    assert run("check", "logs", "--allow-rules", "club", "--rules", "club/x.yaml")[0] == 0
    assert run("check", "logs", "--allow-rules", "club", "--rules", "spades/intramural")[0] == 0


def test_an_allowed_file_or_place_in_a_folder_that_is_a_bundled_id_is_not_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_spec(tmp_path / "club" / "x.yaml", "spades/intramural")
    write_spec(tmp_path / "specs" / "spades" / "intramural.yaml", "club/own-id")  # named by its place
    write_log(tmp_path / "g.yaml", "spades/intramural")
    monkeypatch.chdir(tmp_path)
    assert run("check", "g.yaml", "--allow-rules", "club/x.yaml")[0] == 2
    assert capsys.readouterr().err.endswith(f"{clash('club/x.yaml', 'club/x.yaml')}\n")
    assert run("check", "g.yaml", "--allow-rules", "specs")[0] == 2
    assert capsys.readouterr().err.endswith(f"{clash('specs/spades/intramural.yaml', 'specs')}\n")


def test_the_bundled_spec_allowed_or_a_copy_of_it_is_no_clash(tmp_path: Path) -> None:
    write_log(tmp_path / "g.yaml", "spades/intramural")
    installed = rules_dir()
    (tmp_path / "copy").mkdir()
    shutil.copy(installed / "spades" / "intramural.yaml", tmp_path / "copy" / "intramural.yaml")
    for place in (installed, installed / "spades" / "intramural.yaml", tmp_path / "copy", ROOT / "rules"):
        assert run("check", str(tmp_path / "g.yaml"), "--allow-rules", str(place))[0] == 0


def test_a_header_read_from_standard_input_names_its_path_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    write_spec(tmp_path / "club" / "spades.yaml", "club/spades")
    write_log(tmp_path / "g.yaml", "club/spades.yaml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((tmp_path / "g.yaml").read_bytes())))
    code, out = run("check", "-", "--allow-rules", "club", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "club/spades"


def test_a_header_naming_an_allowed_spec_with_a_slip_is_told_its_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a night's logs naming club/oak-lan: the message listed the bundled ids only, not the club's own it was near
    write_spec(tmp_path / "specs" / "club" / "oak-lane.yaml", "club/oak-lane")
    write_log(tmp_path / "g.yaml", "club/oak-lan")
    monkeypatch.chdir(tmp_path)
    assert run("check", "g.yaml", "--allow-rules", "specs")[0] == 2
    err = capsys.readouterr().err
    assert "unknown rule spec 'club/oak-lan' (did you mean club/oak-lane?); a log may name another spec" in err
    assert err.endswith("--allow-rules (referee rules lists the bundled specs)\n")  # whole: not cut in the list
    write_log(tmp_path / "g.yaml", "club/backyard")  # near nothing: no guess
    assert run("check", "g.yaml", "--allow-rules", "specs")[0] == 2
    assert "did you mean" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("rules", "known"),
    [
        ("link", True),  # by its place in the folder: club/link.yaml, a link to a file outside it
        ("linked/spades", True),  # by its place, through a folder that is a link out of it
        ("club/outside", False),  # by the id the file the link leads to gives itself
    ],
)
def test_a_spec_named_by_its_place_or_id_is_allowed_by_where_it_leads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rules: str, known: bool
) -> None:
    # a link inside the allowed folder to a spec outside it: named by a path it was refused, by its place in the
    # folder or its id it was read
    outside = tmp_path / "outside" / "spades.yaml"
    write_spec(outside, "club/outside")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "link.yaml").symlink_to(outside)
    (tmp_path / "club" / "linked").symlink_to(outside.parent, target_is_directory=True)
    write_log(tmp_path / "logs" / "g.yaml", rules)
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "logs/g.yaml", "--allow-rules", "club", "--format", "json")
    err = capsys.readouterr().err
    assert code == 2 and '"rules": "club/outside"' not in out
    if known:  # the file it names is found, and where it leads said
        assert err == (
            f"referee: logs/g.yaml:14, at $.game.rules: the rule spec '{rules}' is the file {outside}, which is "
            "neither given with --allow-rules nor in a folder given with it (a log may name no other file)\n"
        )
    else:  # the ids of the folder's specs are read from the files inside it only
        assert err.startswith("referee: logs/g.yaml:14, at $.game.rules: unknown rule spec 'club/outside'")
    # the same spec inside the folder, reached by a link inside it, is read
    (tmp_path / "club" / "inside.yaml").symlink_to(tmp_path / "club" / "own" / "spades.yaml")
    write_spec(tmp_path / "club" / "own" / "spades.yaml", "club/own")
    write_log(tmp_path / "logs" / "g.yaml", "inside")
    code, out = run("check", "logs/g.yaml", "--allow-rules", "club", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "club/own"


def test_an_allowed_folder_s_yml_spec_is_found_by_its_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a folder was searched for *.yaml alone: a header naming club/spades, written in club/spades.yml (a name
    # referee new takes and any command reads by its path), was refused as a spec the user had not allowed
    write_spec(tmp_path / "club" / "spades.yml", "club/spades")
    write_log(tmp_path / "g.yaml", "club/spades")
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "g.yaml", "--allow-rules", "club", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "club/spades"
