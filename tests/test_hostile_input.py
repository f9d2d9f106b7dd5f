"""Hostile and careless input (issue 13): never read a file the user did not name, never lose a readable
game from an archive, never a traceback, and nothing that costs more than a game should."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee import batch
from referee.cli import main
from referee.documents import MAX_YAML_CHARS, parse_json, parse_yaml
from referee.errors import InputError
from referee.strict_yaml import MAX_NODES

pytestmark = pytest.mark.usefixtures("yaml_loader")  # every test under both YAML loaders

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "spades" / "intramural"
CLEAN = HERE / "clean-game.yaml"
SPEC = ROOT / "rules" / "spades" / "intramural.yaml"
SECRET = "the password is swordfish"


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def clean_text() -> str:
    return CLEAN.read_text(encoding="utf-8")


def jsonl_games(count: int) -> list[str]:
    with (HERE / "games.jsonl").open(encoding="utf-8") as handle:
        return [next(handle) for _ in range(count)]


def error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()


# -- a log names only the rules it may -----------------------------------------------


def test_a_log_header_cannot_make_the_referee_read_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n" + "x" * 5000 + "\n", encoding="utf-8")
    for rules in (str(secret), str(tmp_path / "secret.yaml"), "../" * 12 + str(secret).lstrip("/")):
        (tmp_path / "secret.yaml").write_text(SECRET + "\n", encoding="utf-8")
        log = tmp_path / "game.yaml"
        log.write_text(clean_text().replace("rules: spades/intramural", f"rules: {rules}"), encoding="utf-8")
        code, out = run("check", str(log), "--format", "json")
        (line,) = error_lines(capsys)
        assert code == 2
        assert SECRET not in line and SECRET not in out
        assert line.startswith(f"referee: {log}:") and "at $.game.rules" in line
        assert "--allow-rules" in line
        assert json.loads(out)["error"]["location"]["path"] == "$.game.rules"


def test_allow_rules_lets_a_header_name_a_spec_file_or_folder(tmp_path: Path) -> None:
    folder = tmp_path / "specs" / "club"
    folder.mkdir(parents=True)
    shutil.copy(SPEC, folder / "house.yaml")
    by_path = tmp_path / "by-path.yaml"
    by_path.write_text(clean_text().replace("rules: spades/intramural", f"rules: {folder / 'house.yaml'}"), "utf-8")
    by_id = tmp_path / "by-id.yaml"
    by_id.write_text(clean_text().replace("rules: spades/intramural", "rules: club/house"), "utf-8")
    assert run("check", str(by_path))[0] == 2
    assert run("check", str(by_path), "--allow-rules", str(tmp_path / "specs"))[0] == 0
    assert run("check", str(by_path), "--allow-rules", str(folder / "house.yaml"))[0] == 0
    assert run("check", str(by_id), "--allow-rules", str(tmp_path / "specs"))[0] == 0
    # a folder allows only what is inside it
    assert run("check", str(by_path), "--allow-rules", str(tmp_path / "elsewhere"))[0] == 2


def test_a_header_may_name_a_spec_of_an_allowed_folder_by_the_id_the_spec_gives_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The simulator writes a club spec's own id in its logs' headers (rules: club/maple-street); with the spec's
    # folder allowed, those logs were refused ("unknown rule spec 'club/maple-street'"), with its file allowed
    # they were read: the folder answered only to ids made from paths (clubs/maple for clubs/maple.yaml)
    club = ROOT / "examples" / "club"
    folder = tmp_path / "specs" / "clubs"
    folder.mkdir(parents=True)
    shutil.copy(club / "club.yaml", folder / "maple.yaml")
    shutil.copy(club / "house-rules.txt", folder / "house-rules.txt")
    (folder / "notes.yaml").write_text("not: [a spec\n", encoding="utf-8")  # what is no spec is passed over
    code, text = run("simulate", "--rules", str(folder / "maple.yaml"), "--games", "2", "--seed", "3")
    assert code == 0 and "rules: club/maple-street" in text
    games = tmp_path / "games.yaml"
    games.write_text(text, encoding="utf-8")
    assert run("check", str(games), "--allow-rules", str(tmp_path / "specs"))[0] == 0
    # a name that no spec of the folder has is still refused
    games.write_text(text.replace("rules: club/maple-street", "rules: club/elm-street"), encoding="utf-8")
    assert run("check", str(games), "--allow-rules", str(tmp_path / "specs"))[0] == 2
    assert "unknown rule spec 'club/elm-street'" in capsys.readouterr().err


def test_a_spec_put_in_an_allowed_folder_is_found_by_the_next_run(tmp_path: Path) -> None:
    # the folder's ids are read once a run, not once a process: a program that runs check twice sees the spec
    # added between the runs (a process-wide cache kept the folder as first read)
    folder = tmp_path / "specs"
    folder.mkdir()
    code, text = run("simulate", "--rules", str(ROOT / "examples" / "club" / "club.yaml"), "--seed", "3")
    assert code == 0 and "rules: club/maple-street" in text
    games = tmp_path / "games.yaml"
    games.write_text(text, encoding="utf-8")
    assert run("check", str(games), "--allow-rules", str(folder))[0] == 2  # no spec there yet
    shutil.copy(ROOT / "examples" / "club" / "club.yaml", folder / "maple.yaml")
    shutil.copy(ROOT / "examples" / "club" / "house-rules.txt", folder / "house-rules.txt")
    assert run("check", str(games), "--allow-rules", str(folder))[0] == 0


def test_the_logs_of_an_allowed_folder_are_not_read_as_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an allowed folder may be a club's whole archive: looking for a spec's own id reads only what opens as one
    shutil.copy(ROOT / "examples" / "club" / "club.yaml", tmp_path / "maple.yaml")
    shutil.copy(ROOT / "examples" / "club" / "house-rules.txt", tmp_path / "house-rules.txt")
    for number in range(3):
        shutil.copy(CLEAN, tmp_path / f"game-{number}.yaml")
    read: list[str] = []
    spec_id = batch._spec_id

    def noted(path: Path) -> str | None:
        read.append(path.name)
        return spec_id(path)

    monkeypatch.setattr(batch, "_spec_id", noted)
    game = tmp_path / "game-0.yaml"
    game.write_text(
        CLEAN.read_text(encoding="utf-8").replace("rules: spades/intramural", "rules: club/maple-street"), "utf-8"
    )
    assert run("check", str(game), "--allow-rules", str(tmp_path))[0] != 2  # audited by the club's rules
    assert read == ["maple.yaml"]


def test_a_schema_error_quotes_a_short_excerpt_of_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    named = tmp_path / "notes.yaml"
    named.write_text(" ".join(["word"] * 2000) + f" {SECRET}\n", encoding="utf-8")
    code, out = run("check", str(CLEAN), "--rules", str(named), "--format", "json")
    (line,) = error_lines(capsys)
    assert code == 2 and "rule-spec schema" in line and SECRET not in out
    assert SECRET not in line and len(line) < 400
    assert "'word word word" in line and "…" in line


# -- one unreadable game loses only itself ------------------------------------------


def test_a_bad_byte_in_json_lines_loses_only_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = jsonl_games(4)
    bad = good[2].encode("utf-8").replace(b'"id"', b'"\xffid"', 1)
    assert bad != good[2].encode("utf-8")
    path = tmp_path / "archive.jsonl"
    path.write_bytes(b"".join(g.encode() for g in good[:2]) + bad + good[3].encode())
    code, out = run("check", str(path), "--format", "json")
    (line,) = error_lines(capsys)
    assert code == 2
    assert line.startswith(f"referee: {path}:3, game 3:") and "not UTF-8" in line
    reports = [json.loads(row) for row in out.splitlines()]
    assert [r["status"] for r in reports] == ["clean", "clean", "invalid", "clean"]
    assert [r.get("game") for r in reports] == [1, 2, None, 4]


def test_a_broken_yaml_document_loses_only_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = "log: 1\nplayers: [Ann, Bob, Cat, Dan\nhands: []\n"
    text = clean_text() + "---\n" + broken + "---\n" + clean_text()
    path = tmp_path / "night.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run("check", str(path))
    (line,) = error_lines(capsys)
    assert code == 2
    first_broken = len(clean_text().splitlines()) + 2
    assert line.startswith(f"referee: {path}:{first_broken + 2}, game 2: not valid YAML")
    assert out.count("0 errors, 0 warnings: clean.") == 2
    assert out.endswith("3 games: 2 clean, 0 warnings, 0 violations, 0 incomplete, 1 unreadable\n")


def test_a_bad_byte_in_a_yaml_stream_loses_only_its_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = (clean_text() + "---\n" + clean_text().replace("Alice", "Zo\xe9", 1) + "---\n" + clean_text()).encode()
    path = tmp_path / "night.yaml"
    path.write_bytes(data.replace("Zo\xe9".encode(), b"Zo\xe9"))
    code, out = run("check", "-q", str(path))
    (line,) = error_lines(capsys)
    assert code == 2 and ", game 2: not UTF-8" in line
    assert out.splitlines()[-1] == "3 games: 2 clean, 0 warnings, 0 violations, 0 incomplete, 1 unreadable"
    assert out.count("\n") == 2  # the summary alone: its figures, then the games


def test_an_empty_document_at_the_end_of_a_stream_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.yaml"
    path.write_text("---\n" + clean_text() + "---\n" + clean_text() + "---\n", encoding="utf-8")
    code, out = run("check", "-q", str(path))
    assert error_lines(capsys) == []
    assert (code, out.splitlines()[-1]) == (0, "2 games: 2 clean, 0 warnings, 0 violations, 0 incomplete, 0 unreadable")
    assert out.startswith("16 hands in ")  # the summary alone: the clean game has 8 hands


# -- values Python cannot hold, or that cannot be written -----------------------------


def test_a_huge_integer_is_a_located_input_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = "9" * 5000
    log = tmp_path / "huge.yaml"
    log.write_text(clean_text().replace("table: 3", f"table: {huge}"), encoding="utf-8")
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC.read_text(encoding="utf-8").replace("per_player: 13", f"per_player: {huge}"), "utf-8")
    spec_line = 1 + SPEC.read_text(encoding="utf-8").splitlines().index("    per_player: 13")
    jsonl = tmp_path / "huge.jsonl"
    jsonl.write_text(jsonl_games(1)[0] + '{"log": 1, "players": ["a", "b"], "hands": [], "x": ' + huge + "}\n")
    for argv, place in (
        (["check", str(log)], f"{log}:{1 + clean_text().splitlines().index('  table: 3')}:"),
        (["validate", str(spec)], f"{spec}:{spec_line}:"),
        (["check", str(CLEAN), "--rules", str(spec)], f"{spec}:{spec_line}:"),
        (["check", str(jsonl)], f"{jsonl}:2, game 2, at $.x:"),
    ):
        code, _ = run(*argv)
        lines = error_lines(capsys)
        assert code == 2, argv
        assert any(line.startswith(f"referee: {place}") and "digits" in line for line in lines), lines


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_lone_surrogate_is_a_located_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    good = jsonl_games(3)
    bad = good[1].replace('"game":{', '"game":{"note": "Al\\ud800", ', 1)
    assert bad != good[1]
    path = tmp_path / "archive.jsonl"
    path.write_text(good[0] + bad + good[2], encoding="utf-8")
    code, out = run("check", str(path), "--format", fmt)
    (line,) = error_lines(capsys)
    assert code == 2
    assert line.startswith(f"referee: {path}:2, game 2, at $.game.note:") and "\\ud800" in line
    if fmt == "json":
        assert [json.loads(r)["status"] for r in out.splitlines()] == ["clean", "invalid", "clean"]
    else:
        assert out.count("0 errors, 0 warnings: clean.") == 2


def test_json_nan_and_infinity_are_refused() -> None:
    for text in ('{"a": NaN}', '{"a": -Infinity}', '{"a": 1e400}'):
        with pytest.raises(InputError):
            parse_json(text, "x.json")


# -- YAML as a person means it ------------------------------------------------------


def test_yaml_reads_the_core_schema() -> None:
    text = "a: No\nb: yes\nc: On\nd: off\ne: 012\nf: 1:20\ng: true\nh: null\ni: ~\nj: 0x1f\nk: 1e3\nl: Null\n"
    assert parse_yaml(text, "x") == {
        "a": "No",
        "b": "yes",
        "c": "On",
        "d": "off",
        "e": 12,
        "f": "1:20",
        "g": True,
        "h": None,
        "i": None,
        "j": 31,
        "k": 1000.0,
        "l": None,
    }


def test_a_player_named_no_is_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("No", "Yes", "On", "Off", "Y", "n"):
        path = tmp_path / "game.yaml"
        path.write_text(clean_text().replace("Alice", name), encoding="utf-8")
        assert run("check", "-q", str(path)) == (0, ""), error_lines(capsys)


# -- size ------------------------------------------------------------------------------


def test_an_oversized_scalar_is_refused_before_it_is_parsed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC.read_text(encoding="utf-8").replace("title: ", "title: " + "x" * 5_000_000, 1), "utf-8")
    log = tmp_path / "game.yaml"
    log.write_text(clean_text().replace("table: 3", "note: " + "x" * 5_000_000), encoding="utf-8")
    for argv, named in ((["validate", str(spec)], spec), (["check", str(log)], log)):
        code, _ = run(*argv)
        lines = error_lines(capsys)
        assert code == 2
        assert any(line.startswith(f"referee: {named}:") and f"longer than {MAX_YAML_CHARS}" in line for line in lines)


def test_a_json_game_over_the_size_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = yaml.safe_load(clean_text())
    document["game"]["note"] = "x" * 3_000_000
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    archive = tmp_path / "games.jsonl"
    archive.write_text(jsonl_games(1)[0] + json.dumps(document) + "\n" + jsonl_games(1)[0], encoding="utf-8")
    assert run("check", str(path))[0] == 2
    assert "larger than" in error_lines(capsys)[0]
    code, out = run("check", "-q", str(archive))
    (line,) = error_lines(capsys)
    assert code == 2 and line.startswith(f"referee: {archive}:2, game 2: a line longer than")
    assert out.splitlines()[-1] == "3 games: 2 clean, 0 warnings, 0 violations, 0 incomplete, 1 unreadable"
    assert out.count("\n") == 2  # the summary alone: its figures, then the games


def _one_hand_json() -> dict[str, Any]:
    document = json.loads(jsonl_games(1)[0])
    document["hands"] = document["hands"][:1]
    document["hands"][0].pop("score", None)
    return document  # type: ignore[no-any-return]


def test_a_trick_with_thousands_of_plays_is_reported_at_the_first_excess_play(tmp_path: Path) -> None:
    document = _one_hand_json()
    trick = document["hands"][0]["tricks"][12]
    seat, card = next(iter(trick[-1].items()))
    trick.extend([{seat: card}] * 3000)
    path = tmp_path / "long-trick.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out = run("check", str(path), "--format", "json")
    report = json.loads(out)
    assert code == 1
    # the fifth play (the first past the four seats) is reported, and nothing after it
    assert [(v["code"], v["location"]) for v in report["violations"]] == [
        ("play_out_of_turn", {"hand": 1, "trick": 13, "seat": seat}),
        ("card_played_twice", {"hand": 1, "trick": 13, "seat": seat}),
    ]


def test_a_hand_with_more_plays_than_cards_is_reported_at_the_first_excess_play(tmp_path: Path) -> None:
    document = _one_hand_json()
    tricks = document["hands"][0]["tricks"]
    tricks.extend([tricks[12]] * 500)
    path = tmp_path / "long-hand.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out = run("check", str(path), "--format", "json")
    places = {(v["location"]["hand"], v["location"]["trick"]) for v in json.loads(out)["violations"]}
    assert code == 1 and places == {(1, 14)}  # the 14th trick's cards were all played before; none after it


def test_hands_per_game_and_name_lengths_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    many = tmp_path / "many.json"
    empty_hands = {"players": ["a", "b", "c", "d"], "hands": [{}] * 600_000}
    many.write_text(json.dumps(empty_hands, separators=(",", ":")), "utf-8")
    long_name = tmp_path / "name.json"
    document = _one_hand_json()
    document["players"][0] = "N" * 101
    long_name.write_text(json.dumps(document).replace('"North"', json.dumps("N" * 101)), encoding="utf-8")
    code, _ = run("check", str(many), "--rules", "spades/intramural")
    (line,) = error_lines(capsys)
    assert code == 2 and line.startswith(f"referee: {many}, at $.hands[500]: more than 500 hands")
    code, _ = run("check", str(long_name))
    (line,) = error_lines(capsys)
    assert code == 2 and line.startswith(f"referee: {long_name}, at $.players[0]: a name of 101 characters")


def test_a_yaml_document_of_too_many_values_is_refused_while_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hands.yaml"
    path.write_text("log: 1\nplayers: [a, b, c, d]\nhands:\n" + "- 0\n" * (MAX_NODES + 1), encoding="utf-8")
    code, _ = run("check", str(path), "--rules", "spades/intramural")
    (line,) = error_lines(capsys)
    assert code == 2 and f"more than {MAX_NODES} values in one document" in line


def test_the_readme_says_why_its_first_command_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = " ".join(readme.split("```sh")[0].split())
    assert "exit code 1" in intro and "`truncated.yaml`" in intro and intro.endswith("exit code 2:")
    examples = sorted(str(p.relative_to(ROOT)) for p in HERE.glob("*.yaml"))
    assert "examples/spades/intramural/truncated.yaml" in examples
    assert "referee check examples/spades/intramural/*.yaml" in readme
    assert run("check", *(str(ROOT / p) for p in examples))[0] == 2
    assert run("check", *(str(ROOT / p) for p in examples if not p.endswith("truncated.yaml")))[0] == 1
    capsys.readouterr()


def test_a_device_is_not_read(capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/zero never ends: reading it whole would take all the memory there is."""
    device = Path("/dev/zero")
    if not device.exists():
        pytest.skip("no /dev/zero here")
    for name in ("/dev/zero", "/dev/null"):
        assert run("check", name)[0] == 2
        (line,) = error_lines(capsys)
        assert line == f"referee: {name}: is a device, not a file"
