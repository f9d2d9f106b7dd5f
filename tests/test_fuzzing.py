"""A short fuzz run in the suite: mutated logs and specs give a report or an InputError, never anything else.

The long campaign (a million inputs and more) is ``tests/fuzz_campaign.py``, run by hand.
"""

from __future__ import annotations

import random
from pathlib import Path

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LOGS = fuzzing.seeds()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def _no_failure(case: fuzzing.Case, folder: Path, with_cli: bool = False) -> None:
    failures = fuzzing.Failures()
    key = fuzzing.run_one(case, folder, failures, with_cli)
    if key is not None:
        raise AssertionError(failures.found[key][2])


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_mutated_inputs_give_a_report_or_an_input_error(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    rng = random.Random(seed)
    _no_failure(fuzzing.make_case(rng, LOGS), tmp_path_factory.mktemp("fuzz"), with_cli=seed % 4 == 0)


@SETTINGS
@given(data=st.binary(max_size=400), kind=st.sampled_from([".yaml", ".json", ".jsonl", "spec"]))
def test_arbitrary_bytes_give_an_input_error(tmp_path_factory: pytest.TempPathFactory, data: bytes, kind: str) -> None:
    _no_failure(fuzzing.Case(data, kind), tmp_path_factory.mktemp("fuzz"), with_cli=True)


@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    token=st.sampled_from(fuzzing.TOKENS),
    kind=st.sampled_from([".yaml", ".json", ".jsonl"]),
)
def test_a_hostile_token_anywhere_in_a_log(
    tmp_path_factory: pytest.TempPathFactory, seed: int, token: bytes, kind: str
) -> None:
    rng = random.Random(seed)
    data = fuzzing.serialize(rng.choice(LOGS), kind, rng)
    at = rng.randrange(len(data) + 1)
    _no_failure(fuzzing.Case(data[:at] + token + data[at:], kind), tmp_path_factory.mktemp("fuzz"))


def test_the_campaign_loop_runs_and_counts(tmp_path: Path) -> None:
    failures = fuzzing.campaign(30, seed=5, folder=tmp_path)
    assert failures.found == {}


def test_the_harness_catches_what_is_not_an_input_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness is honest: an exception other than InputError is recorded as a failure."""

    def broken(path: Path) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(fuzzing, "_check_log", broken)
    failures = fuzzing.Failures()
    key = fuzzing.run_one(fuzzing.Case(b"{}", ".json"), tmp_path, failures)
    assert key is not None and key.startswith("KeyError")


FOUND = sorted((Path(__file__).parent / "fuzz_found").iterdir())


@pytest.mark.parametrize("path", FOUND, ids=[p.name for p in FOUND])
def test_what_the_campaign_found_stays_fixed(path: Path, tmp_path: Path) -> None:
    """Inputs the long campaign found failing (a crash, or seconds of work), replayed as they were."""
    kind = "spec" if path.name.endswith(".spec.yaml") else path.suffix
    _no_failure(fuzzing.Case(path.read_bytes(), kind), tmp_path, with_cli=True)
