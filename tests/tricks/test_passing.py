"""The regular pass applied at once (passing.clean_pass) before the play check confirms it: where the play shows
the cards elsewhere (a pass the wrong way), the pass is applied carefully, and every report is the same as with
the careful pass alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, both_ways

import referee
from referee.tricks import passing
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import NO_PASS, tables_for

PASSING_SPECS = [spec_id for spec_id in TRICK_SPECS if tables_for(referee.load_spec(spec_id)).passing]


def _codes(report: Any) -> set[str]:
    return {violation["code"] for violation in report["violations"]}


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PASSING_SPECS), st.integers(0, 10**6), st.integers(1, 3))
def test_a_pass_the_play_shows_going_the_wrong_way_is_found_by_the_careful_pass(
    rules: str, seed: int, shift: int
) -> None:
    # The game is played with the spec's passes, but audited as if each hand were ``shift`` hands later in the
    # cycle: where that pass goes elsewhere, the pass alone looks regular, and only the play shows the cards went
    # the other way.
    document = simulate_game(referee.load_spec(rules), random.Random(seed))
    due = passing.offset_for
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(passing, "offset_for", lambda t, hands: due(t, hands + shift))
        fast, slow, vouched = both_ways(rules, document, monkeypatch, passing, "clean_pass")
    assert fast == slow
    t = tables_for(referee.load_spec(rules))
    moved = [
        number
        for number in range(1, len(document["hands"]) + 1)
        if due(t, number) is not NO_PASS
        and due(t, number + shift) is not NO_PASS
        and due(t, number) != due(t, number + shift)
    ]
    if moved and vouched:  # a pass taken for regular at first, then applied carefully once the play showed it
        assert "pass_wrong_direction" in _codes(fast)


def test_a_card_passed_twice_is_left_to_the_careful_pass() -> None:
    t = tables_for(referee.load_spec("hearts/intramural"))
    suits = [sum(1 << (13 * suit + rank) for rank in range(13)) for suit in range(4)]
    holdings = [suits[seat] for seat in range(4)]
    passes = tuple((seat, (13 * seat, 13 * seat + 1, 13 * seat + 2)) for seat in range(4))
    after = passing.clean_pass(t, 1, holdings, passes, True)
    assert after is not None and after[1] == suits[1] & ~0b111 << 13 | 0b111
    twice = ((0, (0, 0, 1)), *passes[1:])
    assert passing.clean_pass(t, 1, holdings, twice, True) is None
    shared = [holdings[0], holdings[1] | 0b111, *holdings[2:]]  # a deal that gave North's cards to East too
    given_on = ((0, (0, 1, 2)), (1, (0, 1, 2)), *passes[2:])  # ... and East passed them on
    assert passing.clean_pass(t, 1, shared, given_on, True) is None
    assert passing.clean_pass(t, NO_PASS, holdings, passes, True) is None
    assert passing.clean_pass(t, 1, holdings, passes, False) is None  # no play to confirm it
