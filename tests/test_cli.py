"""The ``referee`` command: check, validate, rules and simulate, in process and as a real subprocess."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "spades" / "intramural"
CLEAN = HERE / "clean-game.yaml"
DISPUTED = HERE / "disputed-game.yaml"
TRUNCATED = HERE / "truncated.yaml"
SPEC = ROOT / "rules" / "spades" / "intramural.yaml"
CORPUS = ROOT / "tests" / "conformance"
REPORT_SCHEMA = Draft202012Validator(json.loads((ROOT / "schema" / "report.schema.json").read_text(encoding="utf-8")))


def run(*argv: str) -> tuple[int, str]:
    """The exit code and standard output of ``referee ARGV`` run in this process."""
    out = StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def json_lines(text: str) -> list[dict[str, object]]:
    """Each line of a JSON report stream, checked against the report schema."""
    reports = []
    for line in text.splitlines():
        report = json.loads(line)
        errors = [e.message for e in REPORT_SCHEMA.iter_errors(report)]
        assert errors == [], errors
        reports.append(report)
    return reports


def unheaded(tmp_path: Path) -> Path:
    """The clean example without the header that names its rules."""
    document = yaml.safe_load(CLEAN.read_text(encoding="utf-8"))
    del document["game"]
    path = tmp_path / "no-header.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# -- check -----------------------------------------------------------------


def test_check_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("check", str(DISPUTED))
    assert code == 1
    assert out.startswith(str(DISPUTED))
    for expected in (
        "rules: Spades, intramural rules (spades/intramural)",
        "sides: Maria & Linda v James & Robert",
        "bid_below_side_minimum (James)",
        "renege (trick 4, Maria)",
        "play_out_of_turn (trick 5, Robert)",
        "score_mismatch",
        'rule play.follow: "A player must follow suit, if able."',
        "Result: Maria & Linda win (Maria & Linda 523, James & Robert -330) after 8 hands.",
        "3 errors, 1 warning: violations found.",
    ):
        assert expected in out, expected
    # Hands are listed in order.
    assert out.index("Hand 2") < out.index("Hand 4") < out.index("Hand 6") < out.index("Hand 8")
    assert capsys.readouterr().err == ""


def test_a_game_won_on_its_first_hand_ends_after_1_hand(tmp_path: Path) -> None:
    # house Spades: 10 or more books on the unbid first hand win the game outright (the case's description)
    case = yaml.safe_load((CORPUS / "good" / "house_first_hand_sweep.yaml").read_text(encoding="utf-8"))
    log = tmp_path / "sweep.json"
    log.write_text(json.dumps(case["log"]), encoding="utf-8")
    code, out = run("check", str(log))
    assert code == 0
    assert "Result: Ann & Cat win (Ann & Cat 120, Bob & Dan 10) after 1 hand." in out


def test_check_json_validates_line_by_line() -> None:
    code, out = run("check", str(CLEAN), str(DISPUTED), str(TRUNCATED), "--format", "json")
    assert code == 2  # the worst of 0, 1 and 2
    reports = json_lines(out)
    assert [r["status"] for r in reports] == ["clean", "violations", "incomplete"]
    disputed = reports[1]
    violations = disputed["violations"]
    assert isinstance(violations, list)
    assert [v["code"] for v in violations] == [
        "bid_below_side_minimum",
        "renege",
        "play_out_of_turn",
        "score_mismatch",
    ]
    assert violations[1]["location"] == {"hand": 4, "trick": 4, "seat": "Maria"}
    assert violations[1]["source"] == "A player must follow suit, if able."
    assert disputed["winner"] == "Maria & Linda" and disputed["finished"] is True


def test_check_json_reports_unreadable_input_as_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.yaml"
    code, out = run("check", str(missing), str(CLEAN), "--format", "json")
    assert code == 2
    reports = json_lines(out)
    assert reports[0]["status"] == "invalid" and reports[1]["status"] == "clean"
    assert reports[0]["error"] == {"message": "no such file", "location": {"file": str(missing)}}
    assert str(missing) in capsys.readouterr().err


def test_exit_codes() -> None:
    assert run("check", str(CLEAN))[0] == 0
    assert run("check", str(DISPUTED))[0] == 1
    assert run("check", str(TRUNCATED))[0] == 2
    assert run("check", str(CLEAN), str(DISPUTED))[0] == 1


def test_quiet_prints_only_games_with_findings() -> None:
    code, out = run("check", "--quiet", str(CLEAN), str(DISPUTED))
    assert code == 1
    assert str(CLEAN) not in out and str(DISPUTED) in out


def test_rules_taken_from_the_header_or_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The example names spades/intramural in its header: --rules may be left out.
    assert run("check", str(DISPUTED)) == run("check", str(DISPUTED), "--rules", "spades/intramural")
    bare = unheaded(tmp_path)
    code, out = run("check", str(bare))
    assert code == 2 and out == ""
    err = capsys.readouterr().err
    assert str(bare) in err and "pass --rules" in err
    assert run("check", str(bare), "--rules", "spades/intramural")[0] == 0
    assert run("check", str(bare), "--rules", str(SPEC))[0] == 0


def test_unknown_option_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("check", str(CLEAN), "--option", "no_such_option=1")
    assert code == 2 and out == ""
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    # located at the option given, met at the first game that names the spec (checked once for all its games)
    assert "--option no_such_option=1" in err[0] and "unknown option 'no_such_option'" in err[0]


def test_malformed_option_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", str(CLEAN), "--option", "no-equals-sign")[0] == 2
    assert "name=value" in capsys.readouterr().err


def test_unknown_rules_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", str(CLEAN), "--rules", "spades/no-such-rules")[0] == 2
    err = capsys.readouterr().err
    assert "unknown rule spec 'spades/no-such-rules'" in err and "spades/intramural" in err


# -- validate --------------------------------------------------------------


def test_validate_bundled_rules() -> None:
    # How much rests on quotes, counted from the file itself: clauses of the sections, options, not_checkable.
    raw = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    bodies = [b for k, v in raw.items() if isinstance(v, dict) and k not in ("source",) for b in v.values()]
    bodies = [b for b in bodies if isinstance(b, dict)] + list(raw.get("not_checkable") or [])
    quoting = sum(1 for b in bodies if b.get("source"))
    summary = f"{len(bodies)} clauses, {quoting} quoting the source, {len(bodies) - quoting} on a reading alone"
    code, out = run("validate", str(SPEC))
    assert (code, out) == (0, f"ok   {SPEC}: {summary}\n")
    # An id is taken like a path, as by every other command.
    assert run("validate", "spades/intramural") == (0, f"ok   spades/intramural: {summary}\n")
    # With no paths, every bundled spec is checked; the intramural one passes.
    out = run("validate")[1]
    assert any(line.startswith("ok") and "intramural.yaml: " in line for line in out.splitlines())


def broken_spec(tmp_path: Path, old: str, new: str) -> Path:
    text = SPEC.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_validate_quote_not_in_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken_spec(
        tmp_path, "    source: A player must follow suit, if able.", "    source: A player must always follow suit."
    )
    code, out = run("validate", str(path))
    assert code == 2 and out.startswith(f"FAIL {path}")
    err = capsys.readouterr().err
    assert "at $.play.follow.source: quote not found verbatim" in err and "A player must always follow suit." in err
    assert "the nearest sentence there is 'A player must follow suit, if able.'" in err
    # The real sentence is now quoted by no clause: the coverage check says so too.
    assert "quoted by no clause: 'A player must follow suit, if able.'" in err


def test_validate_schema_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken_spec(tmp_path, "    must_follow: true", '    must_follow: "yes"')
    line = 1 + path.read_text(encoding="utf-8").splitlines().index('    must_follow: "yes"')
    code, out = run("validate", str(path))
    assert code == 2 and out.startswith(f"FAIL {path}")
    err = capsys.readouterr().err
    assert f"{path}:{line}" in err and "$.play.follow.must_follow" in err and "rule-spec schema" in err


def test_validate_extends_unknown_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "child.yaml"
    path.write_text(
        "spec: 1\nid: spades/child\ntitle: A child spec\nfamily: spades\nextends: spades/no-such-parent\n"
        "source:\n  document: 001_3f218c6ee18e85e0.txt\n  title: Intramural sheet\n",
        encoding="utf-8",
    )
    code, out = run("validate", str(path))
    assert code == 2 and out.startswith(f"FAIL {path}")
    err = capsys.readouterr().err
    assert "$.extends" in err and "unknown rule spec 'spades/no-such-parent'" in err


def test_validate_a_folder_with_good_and_bad_specs(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(SPEC.read_text(encoding="utf-8"), encoding="utf-8")
    broken_spec(tmp_path, "    must_follow: true", "    must_follow: 1")
    code, out = run("validate", str(tmp_path))
    assert code == 2
    assert sorted(line.split()[0] for line in out.splitlines()) == ["FAIL", "ok"]


def test_spec_failing_its_schema_stops_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken_spec(tmp_path, "    must_follow: true", '    must_follow: "yes"')
    assert run("check", str(CLEAN), "--rules", str(path))[0] == 2
    assert "$.play.follow.must_follow" in capsys.readouterr().err


# -- rules -----------------------------------------------------------------


def test_rules_lists_the_intramural_spec_with_its_source() -> None:
    code, out = run("rules")
    assert code == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("spades/intramural "))
    assert "Spades, intramural rules" in lines[at]
    assert "source: 001_3f218c6ee18e85e0.txt" in lines[at + 1]


def test_rules_json() -> None:
    rows = json.loads(run("rules", "--format", "json")[1])
    row = next(r for r in rows if r["id"] == "spades/intramural")
    assert row["source"] == "001_3f218c6ee18e85e0.txt" and row["family"] == "spades"
    assert row["source_title"].startswith("Office of Intramural")


# -- simulate --------------------------------------------------------------


def test_simulate_yaml_is_read_back_by_check(tmp_path: Path) -> None:
    code, out = run("simulate", "--rules", "spades/intramural", "--games", "3", "--seed", "14")
    assert code == 0
    path = tmp_path / "three.yaml"
    path.write_text(out, encoding="utf-8")
    documents = list(yaml.safe_load_all(out))
    assert len(documents) == 3 and all(len(d["players"]) == 4 for d in documents)
    code, text = run("check", str(path))
    assert code == 0
    assert text.count("0 errors, 0 warnings: clean.") == 3
    assert [r["game"] for r in json_lines(run("check", str(path), "--format", "json")[1])] == [1, 2, 3]


def test_simulate_jsonl(tmp_path: Path) -> None:
    code, out = run("simulate", "--rules", "spades/intramural", "--games", "4", "--seed", "3", "--format", "jsonl")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 4
    games = [json.loads(line) for line in lines]
    assert all(g["game"]["rules"] == "spades/intramural" for g in games)
    path = tmp_path / "four.jsonl"
    path.write_text(out, encoding="utf-8")
    code, report = run("check", str(path), "--format", "json")
    assert code == 0 and [r["status"] for r in json_lines(report)] == ["clean"] * 4


def test_simulate_seed_is_reproducible() -> None:
    first = run("simulate", "--rules", "spades/intramural", "--seed", "42", "--format", "jsonl")[1]
    again = run("simulate", "--rules", "spades/intramural", "--seed", "42", "--format", "jsonl")[1]
    other = run("simulate", "--rules", "spades/intramural", "--seed", "43", "--format", "jsonl")[1]
    assert first == again and first != other


def test_simulate_without_score() -> None:
    out = run("simulate", "--rules", "spades/intramural", "--seed", "5", "--no-score", "--format", "json")[1]
    game = json.loads(out)
    assert all("score" not in hand for hand in game["hands"])
    assert all(len(hand["tricks"]) == 13 for hand in game["hands"])


def test_simulate_unknown_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("simulate", "--rules", "spades/no-such-rules")[0] == 2
    assert "unknown rule spec" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--games", "-1"), "--games -1: 1 or more"),  # it wrote nothing and said nothing
        (("--games", "0"), "--games 0: 1 or more"),
        (("--players", "0"), "--players 0: a game needs players"),  # it simulated four
        (("--players", "Ann,Ann,Bob,Cat"), "each player is named once (Ann more than once)"),  # logs no check reads
        (("--players", "Ann,,Bob,Cat"), "a player's name is empty"),
        (("--players", "Ann,Bob,Cat," + "D" * 101), "--players: a name of 101 characters (at most 100)"),
        (("--players", "Ann,Bob,Cat,D\u202e"), "--players: a name with a control character: 'D\\u202e'"),
    ],
)
def test_simulate_refuses_what_gives_no_game(
    flags: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run("simulate", "--rules", "hearts/intramural", *flags)
    assert (code, out) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith("referee: ") and said in err and err.count("\n") == 1, err


# -- the README's commands, as real processes ------------------------------------


def referee(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_readme_check_disputed_game() -> None:
    result = referee("check", "examples/spades/intramural/disputed-game.yaml")
    assert result.returncode == 1 and result.stderr == ""
    assert result.stdout.startswith("examples/spades/intramural/disputed-game.yaml\n")
    assert "3 errors, 1 warning: violations found." in result.stdout


def test_readme_check_archive_as_json() -> None:
    result = referee("check", "examples/spades/intramural/games.jsonl", "--format", "json")
    assert result.returncode == 0 and result.stderr == ""
    reports = json_lines(result.stdout)
    assert len(reports) == 200 and {r["status"] for r in reports} == {"clean"}


def test_readme_simulate_validate_rules_version() -> None:
    simulated = referee("simulate", "--rules", "spades/intramural", "--games", "1", "--seed", "7")
    assert simulated.returncode == 0 and simulated.stdout.startswith("---\n")
    assert referee("validate", "rules/spades/intramural.yaml").returncode == 0
    assert "spades/intramural" in referee("rules").stdout
    version = referee("--version")
    assert version.returncode == 0 and version.stdout.startswith("referee ")


def test_bad_input_in_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "garbage.yaml"
    path.write_bytes(b"players: [Ann, Bob\n\x00\x01")
    result = referee("check", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and str(path) in result.stderr


# -- a spec or option that cannot be used is refused once, not once a game ------------------------------------------

ARCHIVE = HERE / "games.jsonl"
WITH_NIL = ROOT / "docs" / "examples" / "specs" / "with-blind-nil.yaml"


def test_an_unenforceable_spec_is_refused_once_before_the_first_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("check", str(ARCHIVE), "--rules", str(WITH_NIL), "-q")
    err = capsys.readouterr().err
    assert code == 2 and out == ""  # not one game audited
    assert err.count("referee: ") == 1
    assert "with-blind-nil.yaml" in err and "$.bidding.blind_nil" in err and "not supported" in err


def test_a_bad_option_is_refused_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("check", str(ARCHIVE), "--option", "target=7", "-q")
    err = capsys.readouterr().err
    assert code == 2 and err.count("referee: ") == 1 and "unknown option 'target'" in err


def test_a_spec_the_headers_name_is_refused_once_but_each_game_is_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ARCHIVE.read_text(encoding="utf-8").splitlines()[:5]
    archive = tmp_path / "nil.jsonl"
    archive.write_text(
        "\n".join(line.replace('"rules":"spades/intramural"', f'"rules":"{WITH_NIL}"') for line in lines) + "\n",
        encoding="utf-8",
    )
    code, out = run("check", str(archive), "--allow-rules", str(WITH_NIL.parent), "--format", "json")
    err = capsys.readouterr().err
    assert code == 2 and err.count("referee: ") == 1
    assert [r["status"] for r in json_lines(out)] == ["invalid"] * 5  # a line for every game all the same


def test_options_are_shown_as_a_log_writes_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a boolean option was echoed as Python's True/False, which neither a log nor --option accepts
    game = tmp_path / "house.yaml"
    code, text = run("simulate", "--rules", "spades/house", "--games", "1", "--seed", "2", "--option", "blind=true")
    assert code == 0
    game.write_text(text, encoding="utf-8")
    code, out = run("check", str(game))
    assert "options: blind=true, blind_behind_by=100, first_hand_bids=false," in out
    assert "True" not in out and "False" not in out
    capsys.readouterr()
    code, out = run("check", "--option", "blind=maybe", str(game))
    assert code == 2
    assert "option 'blind' takes true or false, not 'maybe'" in capsys.readouterr().err


def test_an_option_value_no_game_holds_is_said_of_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    # it was said as of a file: "referee: --option:1, at $: a number no game holds (inf)"
    for pair, words in [("target=1e999", "a number no game holds"), ("target=1" + "0" * 22, "a number of 23 digits")]:
        code, _ = run("check", "--option", pair, str(CLEAN))
        err = capsys.readouterr().err
        assert code == 2 and err.startswith(f"referee: --option {pair}: ") and words in err, err


def test_a_boolean_option_is_described_without_its_values_twice(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("check", "--rules", "spades/house", "--option", "nosuch=1", str(CLEAN))
    err = capsys.readouterr().err
    assert code == 2 and "blind (true or false, default false);" in err
    assert "rule_break_books (a whole number, default 3: 3 or 0)" in err


def test_a_spec_named_by_something_not_a_file_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a device was "no such rule spec file", though it is there
    assert run("validate", "/dev/null")[0] == 2
    assert capsys.readouterr().err == "referee: /dev/null: is a device, not a file\n"  # as a log that is one is said
    # and a folder ('rules/spades: not a file' left a user to guess what it was)
    assert run("rulebook", str(tmp_path))[0] == 2
    assert capsys.readouterr().err == f"referee: {tmp_path}: is a folder, not a spec file\n"
    assert run("check", "--rules", str(tmp_path / "gone.yaml"), str(CLEAN))[0] == 2
    assert capsys.readouterr().err == f"referee: {tmp_path / 'gone.yaml'}: no such rule spec file\n"


def test_rules_show_as_json_is_the_merged_spec() -> None:
    # --format json was taken and YAML printed
    code, out = run("rules", "--show", "spades/six-player", "--format", "json")
    assert code == 0
    document = json.loads(out)
    assert list(document)[:4] == ["spec", "id", "title", "family"] and document["id"] == "spades/six-player"
    assert "extends" not in document  # merged in: the parent's clauses are here
    parent = yaml.safe_load((ROOT / "rules" / "spades" / "ihop-silver.yaml").read_text(encoding="utf-8"))
    own = yaml.safe_load((ROOT / "rules" / "spades" / "six-player.yaml").read_text(encoding="utf-8"))
    inherited = [name for name in parent["bidding"] if name not in (own.get("bidding") or {})]
    assert inherited and all(name in document["bidding"] for name in inherited)
    assert run("rules", "--show", "spades/six-player")[1].startswith("# spades/six-player: the effective spec")


def test_new_into_a_folder_that_is_not_there_is_said_of_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-folder" / "club.yaml"
    assert run("new", "--extends", "spades/intramural", str(target))[0] == 2
    assert capsys.readouterr().err == f"referee: {target}: cannot write: No such file or directory\n"


@pytest.mark.parametrize(
    "argv",
    [
        ("compare", "--rules", "hearts/intramural", "--", ""),  # '.: is a folder, not a file'
        ("new", "--extends", "spades/intramural", ""),  # '.: already exists'
    ],
)
def test_an_empty_file_name_is_said_to_be_empty(
    argv: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # Path("") is the current folder
    assert run(*argv) == (2, "")
    assert capsys.readouterr().err == "referee: '': an empty name, which names no file\n"


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (("diff", "spades/house", "spades/intramural"), 1),
        (("compare", "examples/club/overtricks.yaml", "--rules", "spades/intramural", "examples/club/club.yaml"), 1),
        (("validate", "tests/bad_input/spec-broken.yaml"), 2),
    ],
)
def test_a_closed_output_pipe_leaves_the_exit_code_to_what_was_found(argv: tuple[str, ...], code: int) -> None:
    # `referee diff A B | head -1`: the pipe closed, the command said 0, as if the specs were alike
    for stream in ("stdout", "stderr"):
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader gone before the first line
        out, err = (write_end, subprocess.DEVNULL) if stream == "stdout" else (subprocess.DEVNULL, write_end)
        command = [sys.executable, "-m", "referee", *argv]
        done = subprocess.run(command, cwd=ROOT, stdout=out, stderr=err, timeout=120, check=False)
        os.close(write_end)
        assert done.returncode == code, stream


@pytest.mark.parametrize(
    ("place", "said"),
    [
        ("", "referee: --allow-rules '': an empty name, which names no file\n"),  # the current folder allowed
        ("no-such-folder", "referee: --allow-rules no-such-folder: no such file or folder\n"),  # allowed nothing
    ],
)
def test_allow_rules_names_a_file_or_folder(place: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("check", "--allow-rules", place, str(DISPUTED)) == (2, "")
    assert capsys.readouterr().err == said


def test_an_option_refused_is_echoed_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    # a boolean given where a number is wanted was echoed as Python's True, twice
    code, _ = run("check", "--rules", "spades/house", "--option", "rule_break_books=true", str(CLEAN))
    assert code == 2
    assert capsys.readouterr().err == (
        "referee: --option rule_break_books=true: option 'rule_break_books' takes a whole number: 3 or 0, not true\n"
    )


def test_rules_show_of_an_empty_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # --show '' was taken for no --show, and the list of specs printed
    code, out = run("rules", "--show", "")
    assert (code, out) == (2, "")
    assert "an empty name" in capsys.readouterr().err


def test_every_option_of_every_command_says_what_it_is_for() -> None:
    import argparse

    from referee.cli import parser

    top = parser()
    (commands,) = [a for a in top._actions if isinstance(a, argparse._SubParsersAction)]
    unexplained = [
        f"{name} {action.dest}"
        for name, command in commands.choices.items()
        for action in command._actions
        if not action.help and not isinstance(action, argparse._HelpAction)
    ]
    assert unexplained == []
    # and the commands whose exit code says what they found say how, under their options
    for name in ("check", "validate", "diff", "compare"):
        assert (commands.choices[name].epilog or "").startswith("exit code: 0 ")


def test_an_option_refused_is_echoed_as_the_user_wrote_it(capsys: pytest.CaptureFixture[str]) -> None:
    # the value was echoed as read back from YAML: "--option target=3e2" was said as "--option target=300.0",
    # '"300"' as 300 (then refused as the text '300'), "-0" as 0: an option the user never wrote
    club = str(ROOT / "examples" / "club" / "club.yaml")
    for value, said in [
        ("3e2", "takes a whole number: 300 or 500, not 300.0"),
        ('"300"', "takes a whole number: 300 or 500, not '300'"),
        ("-0", "cannot be 0 (choose from 300, 500)"),
    ]:
        for command in (["check", str(CLEAN)], ["simulate", "--games", "1"]):
            code, _ = run(*command, "--rules", club, "--option", f"target={value}")
            assert code == 2
            assert capsys.readouterr().err == f"referee: --option target={value}: option 'target' {said}\n"


def test_an_option_given_as_null_is_refused_as_a_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "--option target=null" (or ~) was said as of a file: "--option target=null: the file holds no YAML
    # document"; and null in a log's header was shown as Python's None
    club = ROOT / "examples" / "club" / "club.yaml"
    for value in ("null", "~"):
        assert run("check", "--rules", str(club), "--option", f"target={value}", str(CLEAN))[0] == 2
        assert capsys.readouterr().err == (
            f"referee: --option target={value}: option 'target' takes a whole number: 300 or 500, not null\n"
        )
    game = tmp_path / "game.yaml"
    game.write_text(
        (ROOT / "examples" / "club" / "short-game.yaml")
        .read_text(encoding="utf-8")
        .replace("game: {", "game: {rules: club/maple-street, options: {target: null}, "),
        encoding="utf-8",
    )
    assert run("check", "--allow-rules", str(club), str(game))[0] == 2
    err = capsys.readouterr().err
    assert err.endswith("at $.game.options.target: option 'target' takes a whole number: 300 or 500, not null\n"), err


def test_compare_shows_its_usage_in_an_order_that_works(capsys: pytest.CaptureFixture[str]) -> None:
    # written as argparse laid it out (--rules SPEC [SPEC ...] LOG), --rules took the log for one more spec
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    usage = capsys.readouterr().out.splitlines()[0]
    assert usage.startswith("usage: referee compare [-h] LOG --rules SPEC SPEC")
    words = usage.removeprefix("usage: ").replace("[-h] ", "").split()
    assert words[:3] == ["referee", "compare", "LOG"]


def test_a_club_publishes_its_spec_as_a_rulebook_page_that_stands_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a club could check and diff its spec but had no way to print it as the site prints the bundled ones
    monkeypatch.chdir(ROOT)
    code, page = run("rulebook", "examples/club/club.yaml")
    assert code == 0
    assert page.startswith("# Spades, Maple Street club rules\n\nRule spec `club/maple-street`, a Spades rulebook.\n")
    # the id alone names no file; the file's name, as the page is published beside it, not the author's folders
    assert "`referee check --rules club.yaml game.yaml`" in page
    assert run("rulebook", str(ROOT / "examples/club/club.yaml"))[1] == page
    assert str(ROOT) not in page
    # a bundled spec named by its file is still named by its id
    by_path = run("rulebook", str(ROOT / "rules/spades/intramural.yaml"))[1]
    assert "`referee check --rules spades/intramural game.yaml`" in by_path
    assert "Builds on `spades/intramural`:" in page
    assert "> A game is played to 300 points, not 500." in page  # the club's own sheet beside its rule
    assert "### target { #options.target }" in page
    # no link leads off the page: the site's other pages are not where a club publishes it
    assert re.findall(r"\]\((?!#)[^)]*\)", page) == []
    assert re.findall(r"\]\((?!#)[^)]*\)", run("rulebook", "spades/six-player")[1]) == []
    assert run("rulebook", "spades/intramurl") == (2, "")
    assert "did you mean spades/intramural?" in capsys.readouterr().err


def test_compare_takes_its_specs_after_one_rules_or_each_after_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # '--rules spades/intramural --rules examples/club/club.yaml', as check and simulate take --rules, kept the
    # last alone: 'compare wants two or more specs', exit 2
    monkeypatch.chdir(ROOT)
    game = "examples/club/overtricks.yaml"
    once = run("compare", game, "--rules", "spades/intramural", "examples/club/club.yaml")
    each = run("compare", game, "--rules", "spades/intramural", "--rules", "examples/club/club.yaml")
    assert each == once and once[0] == 1  # the club's bags penalty differs in hand 3 (docs/cli.md)
    assert "spades/intramural: 1 error" in each[1] and "club/maple-street: 0 errors" in each[1]


@pytest.mark.parametrize(
    "argv",
    [
        ("check", "--rules", "spades/intramural", "--rules", "spades/house", "examples/club/overtricks.yaml"),
        ("simulate", "--rules", "spades/intramural", "--rules", "spades/house"),
    ],
)
def test_a_command_of_one_spec_refuses_a_second(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the last --rules was taken and the first dropped without a word: a game checked under house rules alone
    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as stopped:
        run(*argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument --rules: given twice (spades/intramural, then spades/house): one spec at a time" in err
    assert "referee compare LOG --rules A B" in err


def test_the_same_spec_given_twice_is_one_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    game = "examples/club/overtricks.yaml"
    assert run("check", "--rules", "spades/intramural", "--rules", "spades/intramural", game) == run(
        "check", "--rules", "spades/intramural", game
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("rulebook", "club.yaml"),
        ("rules", "--show", "club.yaml"),
        ("diff", "spades/intramural", "club.yaml"),
        ("new", "--extends", "club.yaml", "mine.yaml"),
        ("check", "--rules", "club.yaml", "game.yaml"),
        ("validate", "club.yaml"),
    ],
)
def test_a_spec_that_cannot_be_read_is_named_as_the_user_named_it(
    argv: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # validate and check said 'club.yaml: the file is empty'; rulebook, rules --show, diff, new and check --rules
    # named it resolved in full, '/tmp/.../club.yaml: the file is empty', a path the user never wrote
    (tmp_path / "club.yaml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run(*argv)[0] == 2
    assert capsys.readouterr().err.splitlines()[-1] == "referee: club.yaml: the file is empty"


@pytest.mark.parametrize("name", ["check", "validate", "rules", "rulebook", "new", "diff", "compare", "simulate"])
def test_a_command_s_help_says_what_it_does(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 'referee check --help' gave its usage and options and never said what the command is for
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    summary = re.search(rf"^    {name} +(.+)$", listed, re.MULTILINE)
    assert summary is not None
    with pytest.raises(SystemExit):
        main([name, "--help"])
    own = capsys.readouterr().out
    said = " ".join(own.split("\n\n")[1].split())  # the paragraph after the usage, unwrapped
    assert said.lower().startswith(summary.group(1).lower()) and said[0].isupper()


def test_the_help_names_both_families_and_simulate_s_players(capsys: pytest.CaptureFixture[str]) -> None:
    # 'Audit recorded card games' of a referee for dominoes too; '--players PLAYERS' said nothing of the form
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Audit recorded card and domino games against their written rules." in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--players N|A,B,..." in capsys.readouterr().out


def test_validate_finds_a_yml_spec_in_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 'referee validate specs/' with specs/club.yml said 'no rule spec files found': a folder was searched for
    # *.yaml alone, though validate specs/club.yml reads it
    (tmp_path / "specs").mkdir()
    assert run("new", "--extends", "spades/intramural", str(tmp_path / "specs" / "club.yml"))[0] == 0
    monkeypatch.chdir(tmp_path)
    assert run("validate", "specs") == (
        0,
        "ok   specs/club.yml: 28 clauses, 22 quoting the source, 6 on a reading alone\n",
    )


def test_validate_says_which_folder_holds_no_spec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'referee: no rule spec files found', naming no folder, of 'referee validate rules/ empty/' as of an empty one
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("not a spec", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("validate", "empty")[0] == 2
    assert capsys.readouterr().err == "referee: empty: a folder with no spec file (.yaml, .yml) in it\n"


def test_a_bad_byte_in_a_spec_is_counted_from_the_start_of_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a spec is read whole, and its bad byte was counted from the file's start: 'club.yaml:3: not UTF-8 text (byte
    # 33 of the line)', lines 1 and 2 being 8 and 14 bytes; on line 3 'title: Caf' is 10 bytes, the Latin-1 é the 11th
    (tmp_path / "club.yaml").write_bytes(b"spec: 1\nid: club/cafe\ntitle: Caf\xe9\nextends: spades/intramural\n")
    monkeypatch.chdir(tmp_path)
    assert run("validate", "club.yaml")[0] == 2
    assert capsys.readouterr().err == "referee: club.yaml:3: not UTF-8 text (byte 11 of the line)\n"


def _python(script: str) -> subprocess.CompletedProcess[str]:
    """``script`` run by a fresh Python as from a terminal, where Ctrl-C is not ignored (it is in a job that a
    shell without job control starts in the background, as a test run may be)."""
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _console_script(body: str) -> subprocess.CompletedProcess[str]:
    """``body`` run as the ``referee`` console script runs: its program named referee."""
    return _python("import sys\nsys.argv[0] = '/somewhere/bin/referee'\n" + body)


def test_ctrl_c_while_the_command_loads_ends_it_without_a_traceback() -> None:
    # Ctrl-C in the ~40 ms (on a busy machine 200) the command's modules take to load printed a traceback of the
    # import it cut ('from referee.cli import main_exit ... KeyboardInterrupt'), exit -2
    done = _console_script(
        "import os, signal, time\nimport referee\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)"
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")


def test_once_loaded_ctrl_c_is_python_s_again() -> None:
    # a check run's own Ctrl-C (the summary of the games checked, marked interrupted) needs KeyboardInterrupt back
    body = (
        "import signal\nimport referee, referee.cli\n"
        "print(signal.getsignal(signal.SIGINT) is referee.stop_while_loading)\n"
        "referee.cli.main = lambda: print(signal.getsignal(signal.SIGINT) is signal.default_int_handler) or 0\n"
        "referee.cli.main_exit()\n"
    )
    done = _console_script(body)
    assert (done.returncode, done.stdout.split(), done.stderr) == (0, ["True", "True"], "")


@pytest.mark.parametrize("line", ["['-m', 'referee', 'rules']", "['-mreferee']"])
def test_python_m_referee_ends_ctrl_c_while_loading_as_the_console_script_does(line: str) -> None:
    # python -m referee imports the package while sys.argv[0] is '-m' (runpy sets the module's path after): its
    # Ctrl-C in those moments printed the traceback of the import it cut, which the console script no longer does
    done = _python(
        f"import sys\nsys.argv[0] = '-m'\nsys.orig_argv = [sys.executable, *{line}]\n"
        "import signal, referee\nprint(signal.getsignal(signal.SIGINT) is referee.stop_while_loading)"
    )
    assert done.stdout == "True\n"


def test_another_module_run_with_python_m_keeps_its_own_ctrl_c() -> None:
    done = _python(
        "import sys\nsys.argv[0] = '-m'\nsys.orig_argv = [sys.executable, '-m', 'pytest']\n"
        "import signal, referee\nprint(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    )
    assert done.stdout == "True\n"


def test_a_program_of_another_name_keeps_its_own_ctrl_c() -> None:
    done = _python("import signal, referee\nprint(signal.getsignal(signal.SIGINT) is signal.default_int_handler)")
    assert done.stdout == "True\n"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        # All Fives is for two to four, Hearts three to seven (their specs' players.count)
        (("dominoes/all-fives", "5"), "dominoes/all-fives is for 2 to 4 players, not 5"),  # was '2 or 3 or 4'
        (("hearts/intramural", "8"), "hearts/intramural is for 3 to 7 players, not 8"),  # was '3, 4, 5, 6, 7'
        (("spades/intramural", "3"), "spades/intramural is for 4 players, not 3"),
    ],
)
def test_the_players_a_rule_set_allows_are_said_as_a_rule_says_them(
    argv: tuple[str, str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("simulate", "--rules", argv[0], "--players", argv[1])[0] == 2
    assert capsys.readouterr().err == f"referee: {said}\n"


def test_numbers_allowed_in_words() -> None:
    from referee.words import counts

    assert [counts((4,)), counts((2, 3)), counts((3, 4, 5, 6, 7)), counts((2, 4, 6)), counts((4, 6))] == [
        "4",
        "2 or 3",
        "3 to 7",
        "2, 4 or 6",
        "4 or 6",
    ]
