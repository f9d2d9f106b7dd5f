"""The corpus in ``tests/bad_input/``: broken and hostile files, each with its answer in ``expected.yaml``.

Each must give its exit code, one located error line on stderr (no traceback) naming the place and
the problem, the summary where a file holds several games, and leave the file as it was.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.cli import main

pytestmark = pytest.mark.usefixtures("yaml_loader")  # every test under both YAML loaders

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "bad_input"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
HAND = ROOT / "docs" / "examples" / "hand.yaml"


def test_the_corpus_is_complete() -> None:
    inputs = {p.name for p in CORPUS.iterdir() if p.suffix in (".yaml", ".json", ".jsonl")} - {"expected.yaml"}
    assert inputs == set(EXPECTED)
    assert len(inputs) >= 60


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_input(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = EXPECTED[name]
    path = CORPUS / name
    before = path.read_bytes()
    if name.startswith("spec-"):
        argv, named = ["check", str(HAND), "--rules", str(path)], str(path.resolve())
    else:
        argv, named = ["check", "-q", str(path)], str(path)
    out = StringIO()
    code = main(argv, out=out)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert code == expected["exit"], err
    if "message" in expected:
        (line,) = err.splitlines()
        assert line.startswith(f"referee: {named}{expected['where']}" + ("," if expected["where"] else "")) or (
            line.startswith(f"referee: {named}{expected['where']}: ")
        ), line
        assert expected["message"] in line, line
    else:
        assert err == ""
    if "summary" in expected:
        assert out.getvalue().splitlines()[-1] == expected["summary"]
    assert path.read_bytes() == before
