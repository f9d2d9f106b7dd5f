"""The regular pass applied at once (passing.clean_pass) before the play check confirms it: where the play shows
the cards elsewhere (a pass the wrong way), the pass is applied carefully, and every report is the same as with
the careful pass alone."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lanes import TRICK_SPECS, both_ways

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.spec import load
from referee.tricks import passing
from referee.tricks.cards import mask_of
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


# A double deck with a pass: no bundled spec has both, so a club's does (specs are data: any spec may). Six
# players, two packs less both twos of clubs (spades/six-player), three cards passed to the left every hand.
CLUB_SHEET = """\
CLUB SIXES
We play six-handed Spades with one change.
Before each hand every player passes three cards to the player on their left.
"""
CLUB_SPEC = """\
spec: 1
id: club/six-pass
title: Six-handed Spades with a pass
extends: spades/six-player
source: {document: sheet.txt, title: Club sheet, headings: [CLUB SIXES]}
not_checkable:
  - id: preamble
    source: We play six-handed Spades with one change.
    reason: It introduces the change below.
passing:
  pass:
    source: Before each hand every player passes three cards to the player on their left.
    cycle: [left]
    cards: 3
"""
AS, KS, QS = 51, 50, 49  # spades * 13 + rank index (cards.py)
SECOND = 64  # a second copy's bit offset (cards.COPY)
NAMES = ("North", "East", "South", "West", "Fifth", "Sixth")


@pytest.fixture
def club(tmp_path: Path) -> str:
    (tmp_path / "sheet.txt").write_text(CLUB_SHEET, encoding="utf-8")
    path = tmp_path / "club.yaml"
    path.write_text(CLUB_SPEC, encoding="utf-8")
    return str(path)


def _hearts(seat: int) -> tuple[int, ...]:
    """Three hearts, other seats' than North's, one seat's apart: 2-4, 5-7, ... (hearts are 26..38)."""
    return tuple(26 + 3 * (seat - 1) + k for k in range(3))


def _double_pass(club: str, north: int, north_passes: tuple[int, ...], east: int = 0) -> tuple[list[int], list[Any]]:
    """Every seat but North holds three hearts of its own and passes them left; North holds ``north`` and passes
    ``north_passes``; East holds ``east`` besides its hearts. The holdings after, and the findings."""
    t = tables_for(load(club))
    holdings = [north] + [mask_of(_hearts(seat)) | (east if seat == 1 else 0) for seat in range(1, 6)]
    passes = ((0, north_passes), *((seat, _hearts(seat)) for seat in range(1, 6)))
    return passing.apply(t, 1, holdings, passes, [], NAMES)


def test_a_pass_of_both_copies_of_a_card_moves_both(club: str) -> None:
    # North holds both aces of spades and a king, and passes all three: East (left) then holds both aces and the
    # king, besides nothing of its own (it passed its three hearts to South); North holds Sixth's three hearts.
    both = 1 << AS | 1 << (AS + SECOND)
    after, findings = _double_pass(club, both | 1 << KS, (AS, AS, KS))
    assert findings == []
    assert after[1] == both | 1 << KS
    assert after[0] == mask_of(_hearts(5))


def test_one_copy_passed_of_two_leaves_the_other_and_makes_two_beside_one_held(club: str) -> None:
    # North holds both aces, the king and the queen, and passes an ace, the king and the queen: it keeps one ace
    # (its first copy's bit, cards.py); East, dealt an ace of its own, then holds two, the king and the queen.
    both = 1 << AS | 1 << (AS + SECOND)
    after, findings = _double_pass(club, both | 1 << KS | 1 << QS, (AS, KS, QS), east=1 << AS)
    assert findings == []
    assert after[0] == 1 << AS | mask_of(_hearts(5))
    assert after[1] == both | 1 << KS | 1 << QS


def test_a_card_passed_twice_by_a_player_dealt_one_copy_is_found(club: str) -> None:
    # North holds one ace, the king and the queen, and passes the ace twice and the king: the second ace was not
    # North's to pass. The ace and the king go to East; North keeps the queen.
    after, findings = _double_pass(club, 1 << AS | 1 << KS | 1 << QS, (AS, AS, KS))
    assert [(f.code.value, f.message) for f in findings] == [
        ("card_not_in_hand", "North passed A♠ twice, but was dealt one")
    ]
    assert after[0] == 1 << QS | mask_of(_hearts(5))
    assert after[1] == 1 << AS | 1 << KS


def test_a_card_passed_more_often_than_the_deck_has_it_is_a_pass_short(club: str) -> None:
    # Three aces of spades listed, two in the deck: two cards passed, not three; both aces go to East.
    both = 1 << AS | 1 << (AS + SECOND)
    after, findings = _double_pass(club, both | 1 << KS, (AS, AS, AS))
    assert [(f.code.value, f.message) for f in findings] == [
        ("pass_wrong_count", "North passed A♠ three times: 2 cards, not 3")
    ]
    assert after[0] == 1 << KS | mask_of(_hearts(5))
    assert after[1] == both


def test_the_other_copies_played_elsewhere_do_not_turn_a_pass_the_wrong_way(club: str) -> None:
    # North passes an ace, a king and a queen of spades left, to East, who plays them; the other copies are
    # played by West: the play shows the cards with East (and West), so the pass went where it was due. Were
    # they played by South alone, the pass went to South, the wrong way.
    t = tables_for(load(club))
    held = 1 << AS | 1 << KS | 1 << QS
    holdings = [held] + [mask_of(_hearts(seat)) for seat in range(1, 6)]
    passes = ((0, (AS, KS, QS)), *((seat, _hearts(seat)) for seat in range(1, 6)))
    shown = [(1, AS), (1, KS), (1, QS), (3, AS), (3, KS), (3, QS)]
    assert passing.apply(t, 1, holdings, passes, shown, NAMES)[1] == []
    elsewhere = [(2, AS), (2, KS), (2, QS)]
    after, findings = passing.apply(t, 1, holdings, passes, elsewhere, NAMES)
    assert [f.code.value for f in findings] == ["pass_wrong_direction"]
    assert after[2] == held | mask_of(_hearts(1))


def test_legal_games_with_a_double_deck_and_a_pass_are_clean(club: str) -> None:
    # The simulator's games pass both copies of a card now and then (it picks among the copies held): each is
    # clean, the careful path's holdings after such a pass being the cards each then plays.
    spec = load(club)
    twice = 0
    for seed in range(3):
        document = simulate_game(spec, random.Random(seed))
        twice += sum(len({*cards}) < len(cards) for hand in document["hands"] for cards in hand["passes"].values())
        report = referee.audit(spec, from_document(document, Location(file="club"))).as_dict()
        assert report["status"] == "clean", report["violations"][:2]
    assert twice


NO_PASS_SPEC = "spec: 1\nid: club/no-pass\ntitle: No pass\nextends: hearts/intramural\npassing: null\n"
LEFT_SPEC = """\
spec: 1
id: club/left
title: Left
extends: hearts/club
passing:
  pass:
    interpretation: Every hand passes to the left (a test's table).
    cycle: [left]
"""


@pytest.fixture(scope="module")
def no_pass(tmp_path_factory: pytest.TempPathFactory) -> Any:
    path = tmp_path_factory.mktemp("no-pass") / "no-pass.yaml"
    path.write_text(NO_PASS_SPEC, encoding="utf-8")
    return load(str(path))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_pass_the_rules_refuse_is_reported_once_and_the_play_judged_by_the_cards_it_moved(
    no_pass: Any, seed: int
) -> None:
    # A Hearts game played with its passes (three to the right), audited under rules with no passing: each hand's
    # pass is refused once, and the cards passed are taken to be where the play shows them, so the play itself
    # breaks no rule (a card received is not "not held", a suit received is not a renege) and scores as played.
    document = simulate_game(referee.load_spec("hearts/intramural"), random.Random(seed))
    played = referee.audit("hearts/intramural", from_document(document, Location(file="<g>")))
    refused = referee.audit(no_pass, from_document(document, Location(file="<g>")))
    assert [(str(v.code), v.where.hand) for v in refused.violations] == [
        ("pass_not_allowed", number) for number in range(1, len(document["hands"]) + 1)
    ]
    assert [line.points for line in refused.hands] == [line.points for line in played.hands]


def test_a_pass_on_a_hand_of_the_cycle_without_one_moves_the_cards_the_play_shows(tmp_path: Path) -> None:
    # The club's cycle holds its fourth hand (no pass); a table that passed to the left then anyway: one finding
    # for that hand's pass, none for the play that follows from it.
    (tmp_path / "left.yaml").write_text(LEFT_SPEC, encoding="utf-8")
    always_left = load(str(tmp_path / "left.yaml"))
    document = next(
        game for seed in range(40) if len((game := simulate_game(always_left, random.Random(seed)))["hands"]) >= 4
    )
    report = referee.audit("hearts/club", from_document(document, Location(file="<g>")))
    assert [str(v.code) for v in report.violations if v.where.hand == 4] == ["pass_not_allowed"]
