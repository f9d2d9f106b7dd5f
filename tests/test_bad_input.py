"""Input the referee cannot audit: exit code 2, one located error line on stderr, no traceback.

Every case also checks that the input files are left exactly as they were.
"""

from __future__ import annotations

import json
import time
from io import StringIO
from pathlib import Path

import pytest
import yaml

from referee.cli import main

pytestmark = pytest.mark.usefixtures("yaml_loader")  # every test under both YAML loaders

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "spades" / "intramural"
CLEAN = HERE / "clean-game.yaml"
SPEC = ROOT / "rules" / "spades" / "intramural.yaml"
# Hand 2, trick 3 of the clean example: Ben leads, then Carla, David (third to play), Alice.
HAND2_TRICK3 = "      - [{Ben: QC}, {Carla: 3C}, {David: 9C}, {Alice: 3S}]"


def snapshot(folder: Path) -> dict[Path, tuple[bytes, int]]:
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(capsys: pytest.CaptureFixture[str], path: Path, *extra: str, named: Path | None = None) -> tuple[str, str]:
    """Run ``referee check PATH``; it must exit 2 with one error line naming the file. Returns (line, stdout).

    ``named`` is the file the error is in, where that is not the log (a rule spec).
    """
    folder = path.parent
    before = snapshot(folder)
    out = StringIO()
    code = main(["check", str(path), *extra], out=out)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"referee: {named or path}"), lines[0]
    assert snapshot(folder) == before
    return lines[0], out.getvalue()


def clean_text() -> str:
    return CLEAN.read_text(encoding="utf-8")


def clean_document() -> dict[str, object]:
    return yaml.safe_load(clean_text())  # type: ignore[no-any-return]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, fragment: str, once: bool = True) -> int:
    """The 1-based line holding ``fragment`` (which must be there once, unless ``once`` is false: the first)."""
    hits = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(hits) == 1 if once else hits, hits
    return hits[0]


# -- not a readable document -------------------------------------------------


def test_binary_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "garbage.yaml"
    path.write_bytes(bytes(range(256)) * 4)  # byte 10 is a newline; byte 128 is the first that is not UTF-8
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:2:") and "not UTF-8" in line


def test_control_characters_in_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "control.yaml"
    path.write_bytes(b"log: 1\nplayers: [Ann, Bob, Cat, Dan]\nhands: [\x00\x07]\n")
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:3:") and "not valid YAML" in line


def test_broken_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "broken.yaml", "log: 1\nplayers: [Ann, Bob, Cat, Dan\nhands: []\n")
    line, _ = refused(capsys, path)
    # The unclosed list is found where the next key starts.
    assert line.startswith(f"referee: {path}:3:") and "not valid YAML" in line


def test_broken_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "broken.json", '{"log": 1,\n "players": ["Ann", "Bob", "Cat", "Dan"],\n "hands": [],\n}\n')
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:4:") and "not valid JSON" in line


def test_non_utf8_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text().replace("Alice", "Zoé")
    path = tmp_path / "latin1.yaml"
    path.write_bytes(text.encode("latin-1"))
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:{line_of(text, 'Zoé', once=False)}:") and "not UTF-8" in line


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, text in (("empty.yaml", ""), ("blank.yaml", "\n  \n"), ("empty.json", ""), ("empty.jsonl", "\n")):
        path = write(tmp_path, name, text)
        line, out = refused(capsys, path)
        assert line == f"referee: {path}: the file is empty" and out == ""


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "no-such-game.yaml"
    line, _ = refused(capsys, path)
    assert line == f"referee: {path}: no such file"
    assert not path.exists()


def test_a_folder_is_not_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "logs.yaml"
    folder.mkdir()
    line, _ = refused(capsys, folder)
    assert "folder" in line


def test_duplicate_key_in_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "log: 1\nplayers: [Ann, Bob, Cat, Dan]\nplayers: [Eve, Fay, Gus, Hal]\nhands: []\n"
    path = write(tmp_path, "dup.yaml", text)
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:3:") and "duplicate key 'players' (first at line 2)" in line


def test_duplicate_key_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"log": 1,\n "players": ["Ann", "Bob", "Cat", "Dan"],\n "hands": [\n'
    text += '  {"dealer": "Ann",\n   "dealer": "Bob"}]\n}\n'
    path = write(tmp_path, "dup.json", text)
    line, _ = refused(capsys, path)
    # Located at the object holding the duplicate (line 4), not just the file.
    assert line.startswith(f"referee: {path}:4:") and "duplicate key 'dealer'" in line


def test_yaml_bomb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Nine levels of ten aliases each: a billion strings once expanded, in 90 aliases.
    levels = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    levels += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 9)]
    text = "players: [Ann, Bob, Cat, Dan]\nbomb:\n" + "".join(f"  {level}\n" for level in levels) + "hands: *l8\n"
    path = write(tmp_path, "bomb.yaml", text)
    started = time.process_time()  # this process's CPU: the work the bound is on, however busy the machine
    line, _ = refused(capsys, path)
    assert time.process_time() - started < 5
    assert "YAML bomb" in line and line.startswith(f"referee: {path}:")


def test_deep_nesting_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "deep.yaml", "log: 1\nplayers: " + "[" * 5000 + "]" * 5000 + "\nhands: []\n")
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:2:") and "nested" in line


def test_deep_nesting_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "deep.json", '{"players": ' + "[" * 100_000 + "]" * 100_000 + ', "hands": []}')
    line, _ = refused(capsys, path)
    assert "nested too deeply" in line


# -- readable, but not a game log ---------------------------------------------


def test_log_failing_its_schema_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text()
    first_hand_trick3 = "      - [{Carla: AC}, {David: 7C}, {Alice: QC}, {Ben: 3C}]"
    text = text.replace(first_hand_trick3, "      - Carla led the ace of clubs")
    path = write(tmp_path, "schema.yaml", text)
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:{line_of(text, 'Carla led the ace')}")
    assert "at $.hands[0].tricks[2]:" in line and "game-log schema" in line


def test_log_failing_its_schema_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = clean_document()
    hands = document["hands"]
    assert isinstance(hands, list)
    hands[1]["bids"][0] = {"Ben": -3}
    path = write(tmp_path, "schema.json", json.dumps(document, indent=1))
    line, _ = refused(capsys, path)
    assert "$.hands[1].bids" in line and "game-log schema" in line


def test_unknown_top_level_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "extra.yaml", clean_text() + "referee: Pat\n")
    line, _ = refused(capsys, path)
    assert "at $:" in line and "'referee'" in line


def test_spec_failing_its_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec_text = SPEC.read_text(encoding="utf-8").replace("    per_player: 13", "    per_player: thirteen")
    spec = write(tmp_path, "spec.yaml", spec_text)
    log = write(tmp_path, "game.yaml", clean_text())
    line, _ = refused(capsys, log, "--rules", str(spec), named=spec)
    assert f"{spec}:{line_of(spec_text, 'per_player: thirteen')}" in line
    assert "at $.deal.cards.per_player" in line and "rule-spec schema" in line


def test_unknown_rule_id_in_the_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "game.yaml", clean_text().replace("rules: spades/intramural", "rules: spades/backyard"))
    line, _ = refused(capsys, path)
    assert "unknown rule spec 'spades/backyard'" in line


def test_unknown_rule_id_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "game.yaml", clean_text())
    # the culprit is the command line, not the log: the error names --rules
    line, _ = refused(capsys, path, "--rules", "spades/backyard", named=Path("--rules"))
    assert "unknown rule spec 'spades/backyard'" in line


@pytest.mark.parametrize("token", ["1S", "ZZ", "11H", "J"])
def test_unknown_card_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str], token: str) -> None:
    text = clean_text()
    assert text.count(HAND2_TRICK3) == 1
    text = text.replace(HAND2_TRICK3, HAND2_TRICK3.replace("{David: 9C}", f"{{David: {token}}}"))
    path = write(tmp_path, "card.yaml", text)
    line, _ = refused(capsys, path)
    where = f"referee: {path}:{line_of(text, f'David: {token}}}')}, hand 2, trick 3, seat David"
    assert line.startswith(where), line
    assert "at $.hands[1].tricks[2][2]" in line and f"unknown card '{token}'" in line


def test_unknown_card_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = clean_document()
    hands = document["hands"]
    assert isinstance(hands, list)
    assert hands[1]["tricks"][2][2] == {"David": "9C"}
    hands[1]["tricks"][2][2] = {"David": "ZZ"}
    path = write(tmp_path, "card.json", json.dumps(document))
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}, hand 2, trick 3, seat David, at $.hands[1].tricks[2][2]:")


def test_unknown_card_in_the_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text().replace("Alice: [9C, QC, 3D,", "Alice: [9C, QX, 3D,")
    path = write(tmp_path, "deal.yaml", text)
    line, _ = refused(capsys, path)
    assert "hand 1" in line and "seat Alice" in line and "$.hands[0].deal.Alice[1]" in line and "'QX'" in line


def test_seat_not_among_the_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text().replace(HAND2_TRICK3, HAND2_TRICK3.replace("{David: 9C}", "{Dave: 9C}"))
    path = write(tmp_path, "seat.yaml", text)
    line, _ = refused(capsys, path)
    assert line.startswith(f"referee: {path}:{line_of(text, 'Dave: 9C')}, hand 2, trick 3")
    assert "at $.hands[1].tricks[2][2]" in line and "'Dave' is not one of the players" in line


def test_dealer_not_among_the_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text().replace("  - dealer: Alice\n", "  - dealer: Alicia\n", 1)
    path = write(tmp_path, "dealer.yaml", text)
    line, _ = refused(capsys, path)
    assert "hand 1" in line and "$.hands[0].dealer" in line and "'Alicia'" in line


def test_five_players_for_a_four_player_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = clean_text().replace("players: [Alice, Ben, Carla, David]", "players: [Alice, Ben, Carla, David, Erin]")
    path = write(tmp_path, "five.yaml", text)
    line, out = refused(capsys, path)
    assert "at $.players" in line and "for 4 players; the log has 5" in line
    assert out == ""


# -- archives and truncated records --------------------------------------------------


def test_jsonl_with_one_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (HERE / "games.jsonl").open(encoding="utf-8") as handle:
        good = [next(handle) for _ in range(3)]
    path = write(tmp_path, "archive.jsonl", good[0] + '{"players": ["Ann", "Bob",\n' + good[1] + good[2])
    line, out = refused(capsys, path, "--format", "json")
    assert line.startswith(f"referee: {path}:2, game 2:") and "not valid JSON" in line
    reports = [json.loads(row) for row in out.splitlines()]
    # The three good games are still audited; the bad line is reported in its place.
    assert [r["status"] for r in reports] == ["clean", "invalid", "clean", "clean"]
    assert [r.get("game") for r in reports if r["status"] == "clean"] == [1, 3, 4]
    assert reports[1]["error"]["location"] == {"file": str(path), "line": 2, "game": 2}


def test_jsonl_with_one_line_failing_the_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (HERE / "games.jsonl").open(encoding="utf-8") as handle:
        good = [next(handle) for _ in range(2)]
    path = write(tmp_path, "archive.jsonl", good[0] + '{"players": ["Ann"], "hands": []}\n' + good[1])
    line, out = refused(capsys, path)
    assert line.startswith(f"referee: {path}:2, game 2, at $.players:")
    assert out.count("0 errors, 0 warnings: clean.") == 2


def test_truncated_game_is_audited_as_far_as_it_goes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "truncated.yaml", (HERE / "truncated.yaml").read_text(encoding="utf-8"))
    before = snapshot(tmp_path)
    out = StringIO()
    assert main(["check", str(path)], out=out) == 2
    assert capsys.readouterr().err == ""  # an incomplete record is reported, not refused
    assert "INCOMPLETE (hand 5, trick 7): trick 7 has 2 of 4 plays" in out.getvalue()
    assert "the game is not finished" in out.getvalue()
    assert snapshot(tmp_path) == before


def test_truncated_game_with_a_violation_reports_both(tmp_path: Path) -> None:
    text = (HERE / "truncated.yaml").read_text(encoding="utf-8")
    # Hand 1, trick 2: Jack leads 6H; Henry plays before Grace. Henry's 9H still wins: no score changes.
    trick = "      - [{Jack: 6H}, {Grace: 5H}, {Henry: 9H}, {Irene: 3H}]"
    assert text.count(trick) == 1
    swapped = "      - [{Jack: 6H}, {Henry: 9H}, {Grace: 5H}, {Irene: 3H}]"
    path = write(tmp_path, "truncated.yaml", text.replace(trick, swapped))
    out = StringIO()
    assert main(["check", str(path), "--format", "json"], out=out) == 2
    report = json.loads(out.getvalue())
    assert report["status"] == "incomplete"
    assert [(v["code"], v["location"]) for v in report["violations"]] == [
        ("play_out_of_turn", {"hand": 1, "trick": 2, "seat": "Henry"})
    ]
    assert [i["location"] for i in report["incomplete"]] == [{"hand": 5, "trick": 7}]


def test_examples_are_never_modified(capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(HERE)
    for name in ("clean-game.yaml", "disputed-game.yaml", "truncated.yaml"):
        main(["check", str(HERE / name), "--format", "json"], out=StringIO())
    capsys.readouterr()
    assert snapshot(HERE) == before
