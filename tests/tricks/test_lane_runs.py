"""A run of lanes' hands made in one loop (``LaneReplay._plain_run``, ``_points_run``): the game's checks' answers
scored a hand after another, the totals and bags carried in locals, where each hand would otherwise go through the
game loop and its lane alone. Every report is the same with the runs and without them (each hand through its lane,
with the same answers), and the careful reading's (no game's checks, every hand alone); a run stops before any hand
that is not its lane's and after a hand whose totals reach the target, and the loop takes the game on from there."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_json_text import _careful
from test_score_text import WHERE, _text

import referee
from referee import render
from referee.gamelog import from_json_text
from referee.simulate import simulate_game
from referee.tricks.audit import _Audit
from referee.tricks.log import Bid, Event
from tricks.test_plain_lane import CHANGES, _change

RUNS = ("_plain_run", "_points_run")


def _report(rules: Any, text: str, read: Any, options: Any, alter: Any) -> Any:
    log = read(text, WHERE)
    if alter is not None:
        alter(log)
    return json.loads(render.as_json(referee.audit(rules, log, options)))


def _runs(rules: Any, document: Any, options: Any = None, alter: Any = None) -> tuple[Any, list[tuple[int, int]]]:
    """The report of the game's text read as ``referee check`` reads it (``alter`` applied to the game read, where
    given), held to the same with the runs turned off and to the careful reading's; and each run that made lines:
    (the hand it began at, from 1; its lines)."""
    text = _text(document)
    made: list[tuple[int, int]] = []
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in RUNS:
            real = getattr(_Audit, name)

            def counted(self: Any, at: int, *args: Any, real: Any = real) -> Any:
                lines = real(self, at, *args)
                if lines:
                    made.append((at + 1, lines))
                return lines

            monkeypatch.setattr(_Audit, name, counted)
        fast = _report(rules, text, from_json_text, options, alter)
        for name in RUNS:
            monkeypatch.setattr(_Audit, name, lambda *args: None)
        slow = _report(rules, text, from_json_text, options, alter)
    assert fast == slow
    assert fast == _report(rules, text, _careful, options, alter)
    return fast, made


def _game(rules: str, seed: int) -> Any:
    return simulate_game(referee.load_spec(rules), random.Random(seed))


def _codes(report: Any) -> list[tuple[str, int | None]]:
    return [(v["code"], v["location"].get("hand")) for v in report["violations"]]


# Intramural Hearts played to a target, with a moon shot (no bundled rules whose hands the game's checks answer for
# have either: hearts/club's first lead is the two of clubs', which they leave to each hand)
TO_FORTY = """\
spec: 1
id: test/hearts-to-forty
title: Intramural Hearts played to a target of 40, with a moon shot
extends: hearts/intramural
source: null
scoring:
  moon:
    interpretation: A house rule of ours; a player who takes all 26 points scores nothing, every other player 26.
    others: 26
game_end:
  table_breaks_up: null
  target:
    interpretation: A house rule of ours; the game ends after the hand in which a player reaches 40 or more.
    points: 40
  tie:
    interpretation: A house rule of ours; a tie for the lowest total plays on until it is broken.
    rule: play_on
"""


# and with no card taken back (a hand with events the game's checks then answer for: see clean_game.clean_hands)
NO_TAKE_BACK = TO_FORTY.replace("test/hearts-to-forty", "test/hearts-to-forty-kept") + "play:\n  take_back: null\n"


def _spec(tmp_path: Any, text: str) -> Any:
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    return referee.load_spec(str(path))


@pytest.fixture(name="to_forty")
def _to_forty(tmp_path: Any) -> Any:
    return _spec(tmp_path, TO_FORTY)


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_a_simulated_game_is_one_run(rules: str) -> None:
    # Every hand is the run's, the first too: its dealer, recorded, checked before the loop and then the one due
    document = _game(rules, 1)
    report, made = _runs(rules, document)
    assert report["status"] == "clean"
    assert made == [(1, len(document["hands"]))]


def test_bags_past_ten_and_a_blind_bid_in_the_middle_of_a_run() -> None:
    # spades/tournament-jjdd, seed 0 (13 hands): the unbid first hand is the loop's, and so are hands 2 and 13, whose
    # leads the game's check leaves to each hand's, and hand 11, whose blind bid is no plain contract. In hand 5
    # East & West, 7 bags before, bid 4 and take 8: 40 and 4 overtricks, 11 bags, 100 off and 1 carried (-56),
    # inside the run of hands 3 to 10; a run takes hand 12.
    document = _game("spades/tournament-jjdd", 0)
    assert len(document["hands"]) == 13
    report, made = _runs("spades/tournament-jjdd", document)
    fifth = report["score_sheet"][4]["sides"]["East & West"]
    assert report["score_sheet"][3]["sides"]["East & West"]["bags"] == 7
    assert (fifth["bid"], fifth["books"], fifth["points"], fifth["bags"]) == (4, 8, -56, 1)
    assert made == [(3, 8), (12, 1)]


def test_an_unbid_first_hand_with_bids_written_is_the_loops() -> None:
    # spades/tournament-jjdd, seed 0: the first hand is unbid, scored by its books alone (North & South 8 books,
    # 80; East & West 5, 50); bids written for it, each a plain 3 in turn from North (the dealer, West, on its
    # left), are refused there (bid_not_allowed), and the hand is still scored by its books, by the loop, not as
    # the plain contracts a run would score (3 and 3 bid, 8 and 5 taken: 35 and 32)
    document = _game("spades/tournament-jjdd", 0)
    document["hands"][0]["bids"] = [{"North": 3}, {"East": 3}, {"South": 3}, {"West": 3}]
    report, made = _runs("spades/tournament-jjdd", document)
    assert ("bid_not_allowed", 1) in _codes(report)
    assert [side["points"] for side in report["score_sheet"][0]["sides"].values()] == [80, 50]
    assert made[0][0] == 3


def test_a_game_ending_in_the_middle_of_a_run() -> None:
    # spades/intramural, seed 1: the game ends at its 14th and last hand, made by the run; a hand recorded after it
    # (an earlier hand's record again, dealt by the player due) is played after the end, and no run takes it (the
    # first hand is the run's, as every hand's of a simulated game: see test_a_simulated_game_is_one_run)
    document = _game("spades/intramural", 1)
    assert len(document["hands"]) == 14
    report, made = _runs("spades/intramural", document)
    assert report["ended_at_hand"] == 14 and made == [(1, 14)]
    players = document["players"]
    due = players[(players.index(document["hands"][-1]["dealer"]) + 1) % 4]
    document["hands"].append(copy.deepcopy(document["hands"][-4]))  # (the deal goes round four players)
    assert document["hands"][-1]["dealer"] == due
    report, made = _runs("spades/intramural", document)
    assert report["ended_at_hand"] == 14 and ("game_continued", 15) in _codes(report)
    assert made == [(1, 14)]


def test_hearts_target_reached_exactly_ends_the_run(to_forty: Any) -> None:
    # seed 56: the totals (3, 14, 4, 5), (3, 15, 5, 29), (21, 19, 5, 33), (24, 25, 18, 37), (39, 25, 26, 40): West
    # reaches 40 exactly in hand 5, and East wins with the lowest, 25
    document = simulate_game(to_forty, random.Random(56))
    report, made = _runs(to_forty, document)
    assert (report["ended_at_hand"], report["winner"]) == (5, "East")
    assert made == [(1, 5)]
    document["hands"].append(copy.deepcopy(document["hands"][1]))  # a hand more, after the end: no run
    document["hands"][-1]["dealer"] = document["players"][
        (document["players"].index(document["hands"][-2]["dealer"]) + 1) % 4
    ]
    report, made = _runs(to_forty, document)
    assert report["ended_at_hand"] == 5 and ("game_continued", 6) in _codes(report)
    assert made == [(1, 5)]


def test_a_tie_played_off_is_not_run(to_forty: Any) -> None:
    # seed 27: (2, 24, 0, 0), then (9, 43, 0, 0): East reaches 40, South and West share the lowest total, and the tie
    # is played off; hand 3 (11, 66, 0, 1) breaks it, through the loop (which looks for the end after every hand of
    # a play-off, the target aside)
    report, made = _runs(to_forty, simulate_game(to_forty, random.Random(27)))
    assert (report["ended_at_hand"], report["winner"]) == (3, "South")
    assert made == [(1, 2)]


def test_a_moon_shot_in_the_middle_of_a_run(to_forty: Any) -> None:
    # seed 237: North takes all 26 in hand 3 and scores 0, every other player 26: (33, 7, 6, 6) then (33, 33, 32, 32)
    document = simulate_game(to_forty, random.Random(237))
    report, made = _runs(to_forty, document)
    assert [side["points"] for side in report["score_sheet"][2]["sides"].values()] == [0, 26, 26, 26]
    assert made == [(1, 4)]
    # written as the points taken: 26 for North, none for the others, the moon's clause broken
    written = document["hands"][2]["score"]
    for name, figures in written.items():
        figures["hand"] = 26 if name == "North" else 0
        figures["total"] = 33 + figures["hand"] if name == "North" else figures["total"] - 26
    report, made = _runs(to_forty, document)
    assert {(v["code"], v["location"]["hand"], v["rule"]) for v in report["violations"]} >= {
        ("score_mismatch", 3, "scoring.moon")
    }


def _bid(kind: str) -> Any:
    def change(hand: Any) -> None:
        hand["bids"][0] = {next(iter(hand["bids"][0])): kind}

    return change


def _misdeal(hand: Any) -> None:
    hand["misdeal"] = True


@pytest.mark.parametrize(("change", "after"), [(_bid("nil"), [(6, 9)]), (_bid("blind nil"), [(6, 9)]), (_misdeal, [])])
def test_a_hand_no_run_takes_in_the_middle(change: Any, after: Any) -> None:
    # spades/intramural, seed 1 (14 hands): a nil or a blind nil bid in hand 5 leaves that hand to the loop, which
    # reports it as the careful reading does, after the run of hands 1 to 4, and a run takes hands 6 to 14; after a
    # misdeal, no run (the game's checks answered for each hand in its place, which the misdeal moves)
    document = _game("spades/intramural", 1)
    change(document["hands"][4])
    _, made = _runs("spades/intramural", document)
    assert made == [(1, 4), *after]


def _set(hand_at: int, field: str, value: Any) -> Any:
    def alter(log: Any) -> None:
        log.hands[hand_at].__dict__[field] = value

    return alter


@pytest.mark.parametrize(
    "rules", ["spades/intramural", "hearts/intramural", NO_TAKE_BACK], ids=["spades", "hearts", "kept"]
)
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("events", (Event("renege_claim", 0, 3, None, by=1),)),
        ("books", (("North", 13), ("East", 0))),
        ("misdeal", True),
        ("bids", (Bid(0, 3), Bid(1, 3), Bid(2, 3), Bid(3, 3))),
    ],
)
def test_a_hand_vouched_for_with_more_recorded_is_the_loops(rules: str, field: str, value: Any, tmp_path: Any) -> None:
    # The readers give the one-pass reading's bytes (which the game's checks read) only for a hand with nothing else
    # recorded; a hand given both is left to the loop all the same: a claim, books, a misdeal or (in Hearts, which
    # has no bidding) bids in hand 5 (seed 5: the Hearts game to 40 ends there)
    spec = _spec(tmp_path, rules) if rules == NO_TAKE_BACK else rules
    document = simulate_game(referee.load_spec(spec) if isinstance(spec, str) else spec, random.Random(5))
    _, made = _runs(spec, document, alter=_set(4, field, value))
    assert made[0] == (1, 4)


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_a_dealer_not_due_in_the_middle_of_a_run(rules: str) -> None:
    # seed 5, hand 5 left out: hand 6 (now the 5th) is dealt by the player after hand 5's dealer, not hand 4's: the
    # loop reports the dealer out of turn, and a run takes the hands after it
    document = _game(rules, 5)
    del document["hands"][4]
    report, made = _runs(rules, document)
    assert ("dealer_out_of_turn", 5) in _codes(report)
    assert made[0] == (1, 4) and made[1][0] == 6


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["spades/intramural", "spades/tournament-jjdd", "hearts/intramural"]),
    st.integers(0, 10**6),
    st.integers(0, CHANGES - 1),
)
def test_changed_games_report_the_same_with_the_runs_and_without(rules: str, seed: int, action: int) -> None:
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec(rules), rng)
    for _ in range(rng.randint(1, 3)):
        _change(document, rng, action)
    _runs(rules, document)
