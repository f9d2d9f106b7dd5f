"""The domino tables: what the replay acts on is documented, the rest is refused, the specs compile."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml

import referee
from referee.dominoes import tables
from referee.errors import InputError, Unsupported
from referee.families import compile_spec
from referee.spec import resolve

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schema" / "rule-spec.schema.json").read_text(encoding="utf-8"))
DOMINO_SECTIONS = ("tiles", "draw", "layout", "dominoes_scoring")


def _documented() -> dict[str, list[str]]:
    text = (ROOT / "docs" / "specs.md").read_text(encoding="utf-8")
    part = text.split("### What the domino replay acts on", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[1:3] for line in part.splitlines() if line.startswith("| `")]
    return {c.strip().strip("`"): re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", f)) for c, f in rows}


def test_the_documented_table_is_the_code() -> None:
    assert _documented() == {clause: list(fields) for clause, fields in tables.ENFORCED.items()}


def test_every_domino_clause_of_the_schema_is_enforced() -> None:
    for section in DOMINO_SECTIONS:
        for name, clause in SCHEMA["properties"][section]["properties"].items():
            enforced = tables.ENFORCED.get(f"{section}.{name}")
            assert enforced is not None, f"{section}.{name} is in the schema but not acted on"
            assert set(clause["properties"]) <= set(enforced), f"{section}.{name}: a field the replay ignores"


@pytest.mark.parametrize(
    ("clause_id", "fragment"),
    [
        ("tiles.set", {"highest": 9}),
        ("draw.first_play", {"rule": "holder_of_double_six"}),
        ("layout.line", {"doubles": "inline"}),
        ("layout.must_play", {"when_able": False}),
        ("players.turn", {"direction": "counterclockwise"}),
        ("deck.cards", {"base": "standard-52"}),
    ],
)
def test_what_the_replay_does_not_act_on_is_refused(clause_id: str, fragment: dict[str, object]) -> None:
    spec = referee.load_spec("dominoes/all-fives")
    raw = copy.deepcopy(spec.raw)
    section, name = clause_id.split(".")
    raw.setdefault(section, {})[name] = {**raw.get(section, {}).get(name, {}), **fragment, "interpretation": "x"}
    with pytest.raises(Unsupported, match="not supported by this referee yet"):
        compile_spec(resolve(raw, spec.path))


SKETCH = """
spec: 1
id: dominoes/sketch
title: Dominoes sketch
family: dominoes
source: {document: 000_3ed51c69cc10dcc6.txt, title: t}
players:
  seats: {interpretation: x, counts: [2, 3, 4]}
  sides: {interpretation: x, partners: none}
tiles:
  set: {interpretation: x, highest: 6}
draw:
  hand: {interpretation: x, per_player: {"2": 7, "3": 7, "4": 5}}
  first_play: {interpretation: x, rule: highest_double}
  no_double: {interpretation: x, rule: reshuffle}
layout:
  line: {interpretation: x, shape: spinner, doubles: crosswise}
  unable: {interpretation: x, action: draw}
  must_play: {interpretation: x, when_able: true}
dominoes_scoring:
  ends: {interpretation: x, multiple: 5, min: 10}
  domino: {interpretation: x, from: backman, round_to: 5, needs_on_board: 10}
  blocked: {interpretation: x, winner: least_spots, scores: opponents_spots, round_to: 5}
game_end:
  target: {interpretation: x, points: 150}
"""


def test_a_blocked_hand_won_by_one_players_spots_with_partners_is_refused() -> None:
    """The replay weighs sides' spots together: with partners, least_spots (one player's) would be ignored."""
    spec = referee.load_spec("dominoes/block-partners")
    raw = copy.deepcopy(spec.raw)
    raw["dominoes_scoring"]["blocked"] = {**raw["dominoes_scoring"]["blocked"], "winner": "least_spots"}
    with pytest.raises(Unsupported, match="with partners is not supported"):
        compile_spec(resolve(raw, spec.path))
    raw["players"]["sides"] = {**raw["players"]["sides"], "partners": "none"}  # each for self: the same thing
    compile_spec(resolve(raw, spec.path))


def test_a_spec_in_the_domino_vocabulary_compiles_for_each_player_count(tmp_path: Path) -> None:
    path = tmp_path / "sketch.yaml"
    path.write_text(SKETCH, encoding="utf-8")
    spec = referee.load_spec(str(path))
    compile_spec(spec)  # every count it allows
    assert [tables.tables_for(spec, n).per_player for n in (2, 3, 4)] == [7, 7, 5]
    with pytest.raises(InputError, match="for 2 to 4 players, not 5"):
        tables.tables_for(spec, 5)


def test_too_many_tiles_for_the_set_is_a_spec_error(tmp_path: Path) -> None:
    path = tmp_path / "sketch.yaml"
    path.write_text(SKETCH.replace('"4": 5', '"4": 8'), encoding="utf-8")
    with pytest.raises(InputError, match="from a set of 28"):
        compile_spec(referee.load_spec(str(path)))


@pytest.mark.parametrize("spec_id", [s for s in referee.spec.bundled_ids() if s.startswith("dominoes/")])
def test_the_bundled_domino_specs_compile(spec_id: str) -> None:
    spec = referee.load_spec(spec_id)
    compile_spec(spec)
    assert yaml.safe_load(spec.path.read_text(encoding="utf-8"))["family"] == "dominoes"
