"""The replay's handling of irregular tricks: each slip reported once, at its place."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

import referee
from referee import render
from referee.errors import Location
from referee.gamelog import from_document
from referee.tricks.simulate import simulate_game

SPEC = referee.load_spec("spades/intramural")


def _one_hand(seed: int = 1) -> dict[str, Any]:
    doc = simulate_game(SPEC, random.Random(seed), players=("Ann", "Bob", "Cat", "Dan"), with_score=False)
    doc["hands"] = doc["hands"][:1]
    return doc


def _found(doc: dict[str, Any]) -> list[tuple[str, int | None, int | None, str | None]]:
    report = referee.audit(SPEC, from_document(doc, Location(file="test")))
    return [(v.code.value, v.where.hand, v.where.trick, v.where.seat) for v in report.violations]


def test_a_fifth_card_to_a_trick_is_a_second_card_from_its_player() -> None:
    doc = copy.deepcopy(_one_hand())
    trick = doc["hands"][0]["tricks"][12]  # the last trick: nothing after it to knock on
    leader, card = next(iter(trick[0].items()))
    trick.append({leader: card})
    report = referee.audit(SPEC, from_document(doc, Location(file="test")))
    (turn, twice) = report.violations
    assert (turn.code, turn.where.trick, turn.where.seat) == ("play_out_of_turn", 13, leader)
    assert "second card" in turn.message
    assert (twice.code, twice.where.trick, twice.where.seat) == ("card_played_twice", 13, leader)


def test_a_card_played_from_the_wrong_hand_is_reported_once() -> None:
    doc = copy.deepcopy(_one_hand())
    hand = doc["hands"][0]
    # In the last trick, the leader plays the card the last player holds, and that player then plays it too.
    trick = hand["tricks"][12]
    (leader, lead_card), (last, last_card) = next(iter(trick[0].items())), next(iter(trick[3].items()))
    trick[0] = {leader: last_card}
    # the leader's own card is left unplayed; the last player's card is played twice, once by its holder
    found = _found(doc)
    assert found[0] == ("card_not_in_hand", 1, 13, leader)
    assert all(seat != last for *_, seat in found), "its holder played it rightly"
    assert lead_card != last_card


# -- each violation cites the words it breaks, and the reading that makes it one ---------------------------------

CASES = Path(__file__).resolve().parent.parent / "conformance"


def _case_report(name: str) -> referee.Report:
    case = yaml.safe_load((CASES / name).read_text(encoding="utf-8"))
    return referee.audit(case["rules"], from_document(case["log"], Location(file=name)))


@pytest.mark.parametrize("name", ["bad/joker_lead_renege.yaml", "bad/joker_holder_renege.yaml"])
def test_a_renege_with_a_joker_shows_the_jokers_are_spades_reading(name: str) -> None:
    report = _case_report(name)
    (renege,) = [v for v in report.violations if v.code == "renege"]
    assert renege.clause.id == "play.follow"
    assert renege.reading is not None and renege.reading.id == "ranking.trump"
    assert "jokers are read as spades" in renege.as_dict()["reading"]["interpretation"].lower()
    assert "reading (ranking.trump): The jokers are read as spades" in render.text(report)


def test_a_renege_without_a_joker_shows_no_second_reading() -> None:
    (renege,) = _case_report("bad/renege.yaml").violations
    assert renege.reading is None and "reading" not in renege.as_dict()


def test_a_bid_of_fourteen_shows_why_thirteen_is_the_most() -> None:
    report = _case_report("bad/bid_fourteen.yaml")
    (bid,) = [v for v in report.violations if v.code == "bid_out_of_range"]
    assert "The game consist of thirteen tricks." in bid.clause.quote
    shown = " ".join(render.text(report).split())
    assert "a hand has only thirteen tricks to win" in shown


def test_a_side_below_its_minimum_is_named_with_both_bids() -> None:
    report = _case_report("bad/bid_below_side_minimum.yaml")
    (short,) = [v for v in report.violations if v.code == "bid_below_side_minimum"]
    seat = short.where.seat
    assert seat is not None
    side = next(name for name in report.sides if seat in name)
    assert short.message.startswith(f"{side} bid ")
    partners = [p for p in report.players if p in side]
    assert all(f"{p} " in short.message.split(";")[0] for p in partners), short.message


def test_the_report_counts_errors_and_warnings_apart() -> None:
    report = _case_report("good/play_out_of_turn_warning.yaml")
    data = report.as_dict()
    assert (data["errors"], data["warnings"]) == (0, 1)
    assert "0 errors, 1 warning: clean but for warnings." in render.text(report)


# -- score sheets written player by player ------------------------------------------------------------------------


def test_books_written_per_player_add_up_per_side() -> None:
    report = _case_report("good/books_per_player.yaml")
    assert report.hands[0].books == (7, 6) and report.violations == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("books", {"Ann & Cat": 7, "Ann": 4, "Bob & Dan": 6}),
        ("bids", {"Ann & Cat": 7, "Cat": 3, "Bob": 3, "Dan": 3}),
    ],
)
def test_a_side_written_both_whole_and_per_player_is_a_located_input_error(field: str, value: Any) -> None:
    case = yaml.safe_load((CASES / "good/books_per_player.yaml").read_text(encoding="utf-8"))
    case["log"]["hands"][0][field] = value
    with pytest.raises(referee.InputError) as caught:
        referee.audit(SPEC, from_document(case["log"], Location(file="sheet.yaml")))
    assert "Ann & Cat is written both as a side and player by player" in caught.value.message
    assert caught.value.location.path == f"$.hands[0].{field}"


# -- the end of the game ------------------------------------------------------------------------------------------


def test_hands_after_the_end_are_audited_shown_and_not_counted() -> None:
    report = _case_report("bad/game_continued_hands_audited.yaml")
    assert report.ended_at_hand == 4 and report.winner == "Ann & Cat" and report.totals == (500, -160)
    assert [(v.code.value, v.where.hand) for v in report.violations] == [
        ("game_continued", 5),
        ("bid_out_of_range", 5),
        ("bid_out_of_range", 6),
    ]
    assert [h.after_end for h in report.hands] == [False] * 4 + [True] * 2
    data = report.as_dict()
    assert data["ended_at_hand"] == 4 and data["score_sheet"][5]["after_end"] is True
    text = render.text(report)
    assert "(played after the game ended; not counted)" in text
    assert "after 4 hands. The game ended at hand 4; hands 5 to 6 were played after it and not counted." in " ".join(
        text.split()
    )


def test_a_tie_past_the_target_says_how_it_is_played_off() -> None:
    report = _case_report("good/tie_over_500_unfinished.yaml")
    assert not report.finished and report.tie is not None and report.tie.id == "game_end.tie"
    assert report.as_dict()["tie"]["rule"] == "game_end.tie"
    text = " ".join(render.text(report).split())
    assert "the sides are tied at 502, and the tie is played off by the reading taken (game_end.tie)" in text
    assert "further hands are played until the tie is broken" in text


def test_a_tie_for_the_lowest_total_under_the_target_is_played_off() -> None:
    # Hearts: Ann has reached 100, and the lowest total, 10, is shared by three players (below the target)
    report = _case_report("good/hearts_club_tie_unfinished.yaml")
    assert not report.finished and report.tie is not None and report.tie.id == "game_end.tie"
    assert report.tied_at == 10 and report.as_dict()["tie"]["rule"] == "game_end.tie"
    assert "tied at 10, and the tie is played off" in " ".join(render.text(report).split())


def test_a_tie_broken_later_is_no_longer_noted() -> None:
    report = _case_report("good/tie_over_500_plays_on.yaml")
    assert report.finished and report.tie is None and "tie" not in report.as_dict()


# -- partnerships the log declares ---------------------------------------------------------------------------------


def _neighbours(spec: Any) -> referee.Report:
    case = yaml.safe_load((CASES / "good/sides_neighbours_warning.yaml").read_text(encoding="utf-8"))
    return referee.audit(spec, from_document(case["log"], Location(file="sides.yaml")))


def test_sides_the_log_declares_are_used_where_the_seating_is_a_reading() -> None:
    report = _neighbours(SPEC)
    assert report.sides == ("Team A", "Team B") and report.hands[0].books == (6, 7)
    (differ,) = report.violations
    assert (differ.code.value, differ.severity.value, differ.where.hand) == ("sides_differ", "warning", None)
    assert "Team A (Ann & Bob)" in differ.message and "Ann & Cat v Bob & Dan" in differ.message


@pytest.mark.parametrize("form", ["yaml", "json"])
def test_a_score_keyed_by_players_of_the_sides_the_log_declares_goes_to_their_sides(tmp_path: Path, form: str) -> None:
    # A score keyed by a player was put on the side the spec's seating gives that player, not the side the log
    # declares: Cat (Team B) with Ann (Team A) partners opposite, so Cat's 61 was read as Team A's and a true sheet
    # reported "the table wrote 61 for Team A this hand; the rules give 60". Team A (Ann, Bob) bid 3 + 3 and take
    # 6: 60. Team B (Cat, Dan) bid 6 and take 7: 61, a point for the overtrick.
    case = yaml.safe_load((CASES / "good/sides_neighbours_warning.yaml").read_text(encoding="utf-8"))
    log = case["log"]
    log["hands"][0]["score"] = {"Ann": {"hand": 60, "total": 60}, "Cat": {"hand": 61, "total": 61}}
    path = tmp_path / f"sides.{form}"
    path.write_text(json.dumps(log) if form == "json" else yaml.safe_dump(log), encoding="utf-8")
    report = referee.audit(SPEC, referee.load_log(path))
    assert [v.code.value for v in report.violations] == ["sides_differ"]
    assert report.totals == (60, 61)


def test_sides_the_source_states_are_not_overridden(tmp_path: Path) -> None:
    raw = copy.deepcopy(SPEC.raw)
    raw["players"]["sides"]["severity"] = "error"  # as if the source stated who partners whom
    path = tmp_path / "stated.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(referee.InputError, match="the log's sides do not match the spec's"):
        _neighbours(referee.load_spec(str(path)))


def test_sides_of_the_wrong_shape_are_refused() -> None:
    case = yaml.safe_load((CASES / "good/sides_neighbours_warning.yaml").read_text(encoding="utf-8"))
    case["log"]["sides"] = {"Three": ["Ann", "Bob", "Cat"], "One": ["Dan"]}
    with pytest.raises(referee.InputError, match="the log's sides do not match"):
        referee.audit(SPEC, from_document(case["log"], Location(file="sides.yaml")))


@pytest.mark.parametrize(
    "name",
    [
        "bad/game_continued_hands_audited.yaml",
        "good/tie_over_500_unfinished.yaml",
        "bad/joker_lead_renege.yaml",
        "good/sides_neighbours_warning.yaml",
    ],
)
def test_the_new_report_fields_fit_the_report_schema(name: str) -> None:
    schema = json.loads((CASES.parent.parent / "schema" / "report.schema.json").read_text(encoding="utf-8"))
    errors = list(Draft202012Validator(schema).iter_errors(_case_report(name).as_dict()))
    assert not errors, [e.message for e in errors]


def test_a_hand_after_the_end_that_stops_short_leaves_the_game_complete() -> None:
    # the game ended at hand 4 (Ann & Cat 500); a seventh hand is recorded with its bids alone: that it stops short
    # is said on its line, and the game, whose result is known, is not incomplete
    case = yaml.safe_load((CASES / "bad/game_continued_hands_audited.yaml").read_text(encoding="utf-8"))
    case["log"]["hands"].append({"bids": {"Ann": 3, "Cat": 3, "Bob": 3, "Dan": 3}})
    report = referee.audit(case["rules"], from_document(case["log"], Location(file="continued.yaml")))
    assert report.finished and report.winner == "Ann & Cat" and report.ended_at_hand == 4
    assert report.incomplete == [] and report.status == "violations" and report.exit_code == 1
    last = report.hands[-1]
    assert (last.hand, last.after_end, last.scored) == (7, True, False)
    assert last.note == "the hand records neither tricks nor books; played after the game ended; not counted"
    assert [v.code.value for v in report.violations].count("game_continued") == 1
