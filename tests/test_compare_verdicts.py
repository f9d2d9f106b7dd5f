"""``referee compare``'s exit code says whether the rule sets rule the game differently; a record that stops short
under every set alike is compared as far as it goes, and its incompleteness is check's to say, not compare's."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent
MAPLE = str(ROOT / "examples" / "club" / "club.yaml")  # the intramural rules, to 300 (not 500), bags -100 a ten

# Hand 1: A & C bid 9 and take 9 (90, no bag), B & D bid 4 and take 4 (40), alike under both sheets; hand 2 is bid
# and never played, so the record stops short there under both.
SHORT = """\
log: 1
game: {rules: spades/intramural}
players: [A, B, C, D]
hands:
  - {dealer: A, bids: {A & C: 9, B & D: 4}, books: {A & C: 9, B & D: 4}}
  - {dealer: B, bids: {A & C: 9, B & D: 4}}
"""


def test_a_record_that_stops_short_alike_under_both_is_no_difference(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(SHORT, encoding="utf-8")
    out = io.StringIO()
    assert main(["compare", str(path), "--rules", "spades/intramural", MAPLE], out=out) == 0
    said = " ".join(out.getvalue().split())
    assert said.count("A & C 90, B & D 40; not finished; the record is incomplete") == 2
    assert "The rule sets agree on every hand: the same violations and the same scores." in said
    out = io.StringIO()
    assert main(["compare", str(path), "--rules", "spades/intramural", MAPLE, "--format", "json"], out=out) == 0
    assert [v["status"] for v in json.loads(out.getvalue())["verdicts"]] == ["incomplete", "incomplete"]
    assert main(["check", str(path), "-q"], out=io.StringIO()) == 2  # check says the record is not whole


def test_compare_s_help_and_docs_say_what_its_exit_code_tells(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["compare", "--help"], out=io.StringIO())
    said = " ".join(capsys.readouterr().out.split())
    assert "0 every spec gives the same violations, scores and result (a record that stops short under each" in said
    docs = " ".join((ROOT / "docs" / "cli.md").read_text(encoding="utf-8").split())
    assert "A record that stops short is compared as far as it goes: incomplete alike under every spec" in docs
