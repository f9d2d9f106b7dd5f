"""The one-pass reading of a trick log (``read_fast``) gives exactly the GameLog that the schema check and the
careful reading give, and vouches for no document the schema rejects (it hands those back: None)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from one_pass import WHERE, careful

from referee import load_spec
from referee.documents import parse_yaml
from referee.tricks.log import read, read_fast
from referee.tricks.simulate import simulate_game
from tricks.test_logshape import BASE, mutated

CORPUS = Path(__file__).resolve().parent.parent / "conformance"
TRICK_SPECS = ["spades/intramural", "spades/house", "spades/tournament-jjdd", "hearts/intramural", "hearts/club"]


def _careful(document: Any) -> Any:
    return careful(read, document)


@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_simulated_games_are_read_in_one_pass(rules: str) -> None:
    document = simulate_game(load_spec(rules), random.Random(5))
    fast = read_fast(document, WHERE)
    assert fast is not None, "an ordinary simulated game should not need the schema"
    assert fast == _careful(document)


def test_corpus_logs_read_the_same_either_way() -> None:
    read_in_one_pass = 0
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        document = case.get("log")
        if not isinstance(document, dict) or "plays" in str(document.get("hands")):  # a domino game
            continue
        fast = read_fast(copy.deepcopy(document), WHERE)
        if fast is not None:
            read_in_one_pass += 1
            assert fast == _careful(document), path.name
    assert read_in_one_pass > 100  # nearly every case: only odd ones are handed back


def test_a_non_canonical_card_is_still_read() -> None:
    document = copy.deepcopy(BASE)
    trick = document["hands"][0]["tricks"][0]
    name, token = next(iter(trick[0].items()))
    trick[0] = {name: token.lower() if token[0] not in "0123456789" else token.replace("10", "T")}
    fast = read_fast(document, WHERE)
    assert fast is not None and fast == _careful(document)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0]["tricks"][0].__setitem__(0, {"North": "AS", "East": "KS"}),  # two plays in one
        lambda d: d["hands"][0]["tricks"][0].__setitem__(0, ["AS"]),
        lambda d: d["hands"][0]["tricks"].__setitem__(0, []),
        lambda d: d["hands"][0]["tricks"].__setitem__(0, "North led AS"),
        lambda d: d["hands"][0]["deal"].__setitem__("North", {"AS": 1}),
        lambda d: d["hands"][0]["deal"].__setitem__("North", "AS KS"),
        lambda d: d["hands"][0]["deal"]["North"].__setitem__(0, ""),
        lambda d: d["hands"][0].__setitem__("deal", [["AS"]]),
        lambda d: d["hands"][0].__setitem__("dealer", None),
        lambda d: d["hands"][0]["tricks"][1].__setitem__(1, {"Nobody": "AS"}),
        lambda d: d["hands"][0]["tricks"][1].__setitem__(1, {"North": 5}),
    ],
)
def test_what_the_schema_or_the_reader_refuses_is_handed_back(change: Any) -> None:
    document = copy.deepcopy(BASE)
    change(document)
    assert read_fast(document, WHERE) is None
    assert not isinstance(_careful(document), type(read(BASE, WHERE)))


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_one_pass_never_vouches_for_what_the_schema_rejects(document: Any) -> None:
    fast = read_fast(copy.deepcopy(document), WHERE)
    if fast is not None:
        assert fast == _careful(document)
