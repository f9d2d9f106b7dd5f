"""The JSON report: ``render.as_json`` writes exactly what the encoder writes of ``Report.as_dict``.

``as_json`` writes the score sheet from templates, for speed; these tests hold its text to the
plain encoding, byte for byte, on simulated games of every bundled spec (some with records changed,
so that hands go unscored and rules are broken) and on made-up reports with awkward names and figures.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee import game_compare, gamelog, render
from referee.errors import Location
from referee.report import Code, HandScore, Incomplete, Report, Severity, Violation, Where
from referee.simulate import simulate_game
from referee.spec import bundled_ids, load
from referee.spec_clause import Clause


def _plain(report: Report) -> str:
    return json.dumps(report.as_dict(), ensure_ascii=False)


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_simulated_games_are_written_as_the_encoder_writes_them(spec_id: str) -> None:
    spec = load(spec_id)
    rng = random.Random(7)
    for number in range(3):
        document = simulate_game(spec, rng, game_id=f"g{number}", with_score=number != 1)
        hands = document["hands"]
        if number == 2:
            hands[-1].pop("score", None)  # whatever the audit makes of a changed record, both encodings agree
            hands[0].pop("bids", None)
            hands[0].pop("tricks", None)
        report = referee.audit(spec, gamelog.from_document(document, Location(file="sim.jsonl", game=number)))
        assert render.as_json(report) == _plain(report)


def _report(sides: tuple[str, ...], lines: list[HandScore]) -> Report:
    report = Report("spades/intramural", "Spades", {}, ("N", "E", "S", "W"), sides, file="a.json", game=1)
    report.hands.extend(lines)
    return report


@pytest.mark.parametrize(
    "sides",
    [
        ("North & South", "East & West"),
        ('"quoted" %s 100%', "Zoë ♠ \\ back"),  # a format sign, quotes, a backslash, non-ASCII
        ("A",),
        ("N", "E", "S", "W"),
    ],
)
def test_awkward_names_and_figures(sides: tuple[str, ...]) -> None:
    n = len(sides)
    lines = [
        HandScore(1, "N", (5,) * n, (7,) * n, (52,) * n, (52,) * n, (0,) * n),
        HandScore(2, None, (None,) * n, (None,) * n, (0,) * n, (52,) * n, (0,) * n, False, "no bids: not scored"),
        HandScore(3, 'a "dealer" %d', (-1,) * n, (13,) * n, (-100,) * n, (-48,) * n, (3,) * n, after_end=True),
        HandScore(4, None, (None,) * n, (None,) * n, (10,) * n, (20,) * n, (0,) * n, note="N went out", spots=(5,) * n),
        HandScore(5, "E", (None,) * n, (None,) * n, (0,) * n, (20,) * n, (0,) * n, spots=(None,) * n, note=""),
    ]
    for report in (_report(sides, lines), _report(sides, [])):
        assert render.as_json(report) == _plain(report)


def test_figures_the_templates_do_not_write_are_left_to_the_encoder() -> None:
    odd = [
        HandScore(1, "N", (True, 2), (7, 6), (1, 2), (1, 2), (0, 0)),  # a bool is not written as an int
        HandScore(2, "N", (1, 2), (7, 6), (1.5, 2), (1, 2), (0, 0)),  # type: ignore[arg-type]  # a float
    ]
    report = _report(("A", "B"), odd)
    assert render.as_json(report) == _plain(report)
    assert '"bid": true' in render.as_json(report) and '"points": 1.5' in render.as_json(report)


def test_a_sheets_bids_and_bags_the_same_in_every_line_are_written_into_its_template(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A Hearts game's lines all hold the plan's one tuple of no bids and the game's one tuple of no bags: only the
    # hand, books, points and totals are encoded (the layout of all five columns is not asked for), and the text
    # is the encoder's, names with quotes, a backslash and format signs included
    from referee import sheet_json

    def refused(sides: tuple[str, ...], fields: tuple[str, ...]) -> None:
        raise AssertionError("every column encoded")

    document = simulate_game(load("hearts/intramural"), random.Random(4), players=('"N" %s', "E\\", "S%", "W"))
    report = referee.audit("hearts/intramural", gamelog.from_document(document, Location(file="hearts.yaml")))
    assert len(report.hands) > 1
    monkeypatch.setattr(sheet_json, "_layout", refused)
    assert render.as_json(report) == _plain(report)


def test_the_same_bids_and_bags_are_written_in_only_where_they_are_one_tuple_of_ints_or_nulls() -> None:
    no_bids, bags = (None, None), (0, 0)
    same = [HandScore(k, "N", no_bids, (7, 6), (k, 2), (k, 2), bags) for k in (1, 2, 3)]
    # one tuple holding a bool (True == 1, but written true), a float, or a tuple shorter than the sides
    odd_bids, short = (True, 2), (0,)
    odd = [HandScore(k, "N", odd_bids, (7, 6), (1, 2), (1, 2), bags) for k in (1, 2)]
    floats = [HandScore(k, None, (1.5, 2), (7, 6), (1, 2), (1, 2), bags) for k in (1, 2)]  # type: ignore[arg-type]
    shorter = [HandScore(k, "E", no_bids, (7, 6), (1, 2), (1, 2), short) for k in (1, 2)]
    # equal values in tuples of their own, and bids that change from line to line
    apart = [HandScore(k, "N", (None, None), (7, 6), (1, 2), (1, 2), (0, 0)) for k in (1, 2)]
    changing = [HandScore(k, "N", (k, 3), (7, 6), (1, 2), (1, 2), bags) for k in (1, 2)]
    for lines in (same, odd, floats, apart, changing, same, [*same[:1], *odd]):
        report = _report(("A", "B"), lines)
        assert _written(report) == _encoded(report)
    assert '"bid": true' in render.as_json(_report(("A", "B"), odd))
    written = _written(_report(("A", "B"), shorter))
    assert written == _encoded(_report(("A", "B"), shorter)) and written is IndexError


# Texts the encoder escapes or that a %-format or a cache could mistake: quotes, a backslash, control
# characters, format signs, separators, non-ASCII, a lone surrogate.
_TEXT = st.text(st.sampled_from('aZ ,:%s"\\\n\x01\x7fé♠\u2028\ud800'), max_size=6)
# Figures of other kinds than an audit makes: each sends the sheet to the encoder, or is written as it writes it.
_FIGURE = st.one_of(
    st.sampled_from([1e-05, 1.5e-07, 1e-07]),  # floats orjson writes otherwise than the encoder (0.00001, 1e-7)
    st.sampled_from([True, False, None, 2**70, -(2**63) - 1, 1e16, -0.0, 2.5]),
    st.sampled_from([[2], [], [None], (1, 2)]),  # a list where a figure goes
    st.floats(allow_nan=False, allow_infinity=False),
    st.integers(),
)
_FIVE = tuple[Any, Any, Any, Any, Any]  # a sheet row's five columns
# a name is text; 1 and True must not be mistaken
_ANY: st.SearchStrategy[Any] = _TEXT | st.none() | st.integers(0, 1) | st.booleans()
_CLAUSE = st.builds(Clause, st.sampled_from(["a.b", "c"]), st.lists(_TEXT, max_size=2).map(tuple), st.none() | _TEXT)
_WHERE = st.builds(Where, st.none() | st.integers(1, 9), st.none() | st.integers(1, 9), st.none() | st.integers(1, 13))


@st.composite
def _reports(draw: st.DrawFn) -> Report:
    """A report of any shape: awkward names, figures of every kind, rows as long as the sides or one longer."""
    sides = tuple(draw(st.lists(_TEXT, max_size=4, unique=True)))
    n = len(sides)

    def column() -> list[object]:  # a row of ints, as an audit makes them, as long as the sides or one longer
        return [draw(st.integers(-300, 300)) for _ in range(n + draw(st.sampled_from([0, 0, 0, 1])))]

    rows = [(column(), column(), column(), column(), column()) for _ in range(draw(st.integers(0, 4)))]
    spots = [column() if draw(st.integers(0, 3)) == 0 else None for _ in rows]
    figures = [figure for row, more in zip(rows, spots, strict=True) for figure in (*row, *([more] if more else []))]
    # now and then one figure of another kind (one at a time: any of them sends the whole sheet to the encoder)
    if draw(st.integers(0, 3)) and (room := [(figure, i) for figure in figures for i in range(len(figure))]):
        figure, i = draw(st.sampled_from(room))
        figure[i] = draw(_FIGURE)
    lines = [
        HandScore(
            hand + draw(st.sampled_from([1] * 9 + [2**70])),
            draw(st.none() | _TEXT),
            *cast(_FIVE, tuple(tuple(figure) for figure in row)),  # figures of any kind, on purpose
            scored=draw(st.booleans()),
            note=draw(st.none() | _TEXT),
            after_end=draw(st.booleans()),
            spots=None if more is None else cast(Any, tuple(more)),
        )
        for hand, (row, more) in enumerate(zip(rows, spots, strict=True))
    ]
    options = draw(st.dictionaries(_TEXT, _FIGURE | _TEXT | st.lists(st.integers(0, 2), max_size=2), max_size=2))
    report = Report(
        draw(st.sampled_from(["spades/intramural", "x%s"])),
        draw(_TEXT),
        options,
        tuple(draw(st.lists(_ANY, max_size=4))),
        sides,
        file=draw(_ANY),
        game=draw(_ANY),
        game_id=draw(_ANY),
    )
    report.hands.extend(lines)
    for _ in range(draw(st.integers(0, 2))):
        severity = draw(st.sampled_from(Severity))
        report.violations.append(
            Violation(
                draw(st.sampled_from(Code)),
                severity,
                draw(_WHERE),
                draw(_TEXT),
                draw(_CLAUSE),
                draw(st.none() | _CLAUSE),
            )
        )
    if draw(st.booleans()):
        report.incomplete.append(Incomplete(draw(_WHERE), draw(_TEXT)))
    report.finished = draw(st.booleans())
    report.winner = draw(_ANY)
    report.ended_at_hand = draw(_ANY)
    report.tie = draw(st.none() | _CLAUSE)
    if draw(st.booleans()):
        ratio = st.builds(Fraction, st.integers(-500, 500), st.integers(1, 12))
        report.settlement = (draw(ratio), tuple(draw(ratio) for _ in range(n)))
    return report


def _encoded(report: Report) -> str | type[BaseException]:
    """What the encoder writes of a report, or the kind of error it stops at (a row shorter than the sides)."""
    try:
        return _plain(report)
    except (IndexError, ValueError) as exc:
        return type(exc)


def _written(report: Report) -> str | type[BaseException]:
    try:
        return render.as_json(report)
    except (IndexError, ValueError) as exc:
        return type(exc)


@settings(max_examples=150, deadline=None)
@given(st.lists(_reports(), min_size=1, max_size=3))
def test_any_report_is_written_as_the_encoder_writes_it(reports: list[Report]) -> None:
    # several reports in a row, each twice: what one leaves in the caches must not change the next one's text
    for report in [*reports, *reports]:
        assert _written(report) == _encoded(report)


def test_names_equal_across_types_are_kept_apart() -> None:
    # 1 == True: a report whose players are (1,) must not take the head written for players (True,)
    first, second = _report(("A",), []), _report(("A",), [])
    first.players, second.players = (True,), (1,)  # type: ignore[assignment]
    first.winner, second.winner = True, 1  # type: ignore[assignment]
    for report in (first, second, first):
        assert render.as_json(report) == _plain(report)


def test_line_ends_dealers_and_sides_equal_across_types_are_kept_apart() -> None:
    # 1 == True, but the encoder writes one 1 and the other true: a template kept for a line scored True (or dealt by
    # True, or for a side named True) must not be taken for a line scored 1 (dealt by 1, a side named 1)
    def line(scored: object = True, dealer: object = "N", note: object = None) -> HandScore:
        figures = (4, 3), (5, 8), (40, 80), (40, 80), (0, 0)
        return HandScore(1, cast(Any, dealer), *figures, cast(Any, scored), cast(Any, note))

    no_bids, no_bags = (None, None), (0, 0)  # one tuple each in every line, as a Hearts game's are
    hearts = [HandScore(k, "N", no_bids, (7, 6), (k, 2), (k, 2), no_bags) for k in (1, 2)]
    pairs = [
        (_report(("A", "B"), [line(True, note="x")]), _report(("A", "B"), [line(1, note="x")])),  # a line's ends
        (_report(("A", "B"), [line(note=True)]), _report(("A", "B"), [line(note=1)])),  # its note
        (_report(("A", "B"), [line(dealer=True)]), _report(("A", "B"), [line(dealer=1)])),  # its dealer alone
        (_report(cast(Any, (True, "B")), [line()]), _report(cast(Any, (1, "B")), [line()])),  # a side's name
        (_report(cast(Any, (True, "B")), hearts), _report(cast(Any, (1, "B")), hearts)),  # with the fixed layout
    ]
    for first, second in [*pairs, *((b, a) for a, b in pairs)]:
        for report in (first, second, first):
            assert render.as_json(report) == _plain(report)


@pytest.mark.parametrize("spec_id", bundled_ids())
def test_an_audited_games_sheet_is_written_from_its_templates(spec_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the fast path answers for what an audit makes (the tests above would pass if every sheet went to the encoder)
    from referee import sheet_json

    def refused(report: Report) -> str:
        raise AssertionError(f"a sheet of {spec_id} went to the encoder")

    monkeypatch.setattr(sheet_json, "_plain_sheet", refused)
    spec = load(spec_id)
    document = simulate_game(spec, random.Random(3), game_id="g")
    report = referee.audit(spec, gamelog.from_document(document, Location(file="sim.jsonl", game=1)))
    assert report.hands and render.as_json(report) == _plain(report)


def test_a_long_dealers_name_keeps_the_text_sheets_columns() -> None:
    # the dealer column was 8 wide whatever the names: a longer name pushed its row's figures right
    players = ("Bartholomew Longname", "Bo", "Cy", "Di")
    document = simulate_game(load("spades/intramural"), random.Random(5), players=players)
    report = referee.audit("spades/intramural", gamelog.from_document(document, Location(file="long.yaml")))
    sheet = render.score_sheet(report)
    rows = [line for line in sheet[2:] if "(" not in line]  # a note after a row makes it longer
    assert any("Bartholomew Longname" in row for row in rows) and any(" Bo " in row for row in rows)
    assert len({len(row) for row in rows}) == 1, rows
    assert sheet[0].index("dealer") == rows[0].index(next(p for p in players if p in rows[0]))
    assert len(sheet[1]) == len(sheet[0])  # the titles under each side end where its name does


LEVEL = "tests/conformance/good/ihop_both_level_below_minus_500.yaml"


def test_a_game_every_side_lost_at_once_is_said_to_have_no_winner_not_a_tie() -> None:
    # Both sides at -520 after hand 4 have each lost ("that side loses the game"): the game ends there with no
    # winner, and is not "a tie", which the rules would play on
    root = Path(__file__).resolve().parent.parent
    case = yaml.safe_load((root / LEVEL).read_text(encoding="utf-8"))
    game = gamelog.from_document(case["log"], Location(file="level.yaml"))
    report = referee.audit("spades/ihop-silver", game)
    assert "Result: no winner, every side having lost at once (Ann & Cat -520, Bob & Dan -520) after 4 hands." in (
        render.text(report)
    )
    (verdict,) = game_compare.run([load("spades/ihop-silver")], game)["verdicts"]
    assert verdict["result"] == "no winner: every side lost"


MID_GAP = "tests/conformance/bad/intramural_hand_not_scored_mid_game.yaml"


def test_a_game_with_a_hand_not_scored_before_its_end_names_no_winner() -> None:
    # Hand 2 of 6 records only its bids: the totals (500 to -200) leave it out, so they name no winner; the table's
    # own last totals (590 and -160, its hand 2 being 90 and 40) are given as written, not as the result
    root = Path(__file__).resolve().parent.parent
    case = yaml.safe_load((root / MID_GAP).read_text(encoding="utf-8"))
    game = gamelog.from_document(case["log"], Location(file="gap.yaml"))
    report = referee.audit("spades/intramural", game)
    text = " ".join(render.text(report).split())
    assert (
        "Result: not established: hand 2 could not be scored, and the totals leave it out (Ann & Cat 500, Bob & Dan "
        "-200 after 6 hands). The table's own totals, as written and not audited: Ann & Cat 590, Bob & Dan -160."
    ) in text
    assert " win " not in text
    out = json.loads(render.as_json(report))
    assert (out["winner"], out["finished"], out["unscored_hand"]) == (None, False, 2)
    assert out["written_totals"] == {"Ann & Cat": 590, "Bob & Dan": -160}
    (verdict,) = game_compare.run([load("spades/intramural")], game)["verdicts"]
    assert verdict["result"] == "not established: hand 2 not scored"


def test_a_game_without_partners_names_its_players_not_sides() -> None:
    # Hearts is played each for themselves: its report said "sides: North v East v South v West"
    players = ("North", "East", "South", "West")
    document = simulate_game(load("hearts/intramural"), random.Random(3), players=players)
    report = referee.audit("hearts/intramural", gamelog.from_document(document, Location(file="hearts.yaml")))
    text = render.text(report)
    assert "\n  players: North v East v South v West\n" in text and "sides" not in text
    document = simulate_game(load("spades/intramural"), random.Random(3), players=players)
    report = referee.audit("spades/intramural", gamelog.from_document(document, Location(file="spades.yaml")))
    assert "\n  sides: North & South v East & West\n" in render.text(report)


def test_a_domino_sheets_figures_stand_under_their_titles() -> None:
    # each side's cell was a character narrower than its titles ("points  total  spots" in 22): the figures drifted
    # a column left per side, four columns by the last side of four
    players = ("North", "East", "South", "West")
    document = simulate_game(load("dominoes/block-four-solo"), random.Random(3), players=players)
    report = referee.audit("dominoes/block-four-solo", gamelog.from_document(document, Location(file="dom.yaml")))
    head, titles, *rows = render.score_sheet(report)
    ends = [m.end() for m in re.finditer(r"points|total|spots", titles)]
    assert [m.end() for m in re.finditer(r"\w+", head)][1:] == ends[2::3]  # each side's name over its spots
    for row in rows:
        figures = [m.end() for m in re.finditer(r"-?\d+", row.split("(")[0])][1:]  # after the hand's number
        assert figures == ends, row


AFTER_END = "tests/conformance/bad/block_partners_hands_after_end_audited.yaml"


def test_a_domino_hand_played_after_the_end_shows_its_points() -> None:
    # The game ends at hand 1 (target 20); hand 2 was played out, blocked, Bob & Dan 32 spots to 48: it scores
    # 16 that are not counted. The text sheet showed '-' for both sides, where the JSON report, the HTML sheet and
    # a Spades sheet give such a hand's points (docs/reports.md: "shown with its points")
    root = Path(__file__).resolve().parent.parent
    case = yaml.safe_load((root / AFTER_END).read_text(encoding="utf-8"))
    report = referee.audit(case["rules"], gamelog.from_document(case["log"], Location(file="end.yaml")), {"target": 20})
    row = next(line for line in render.score_sheet(report) if line.split()[0] == "2")
    assert row.split("(")[0].split() == ["2", "0", "0", "48", "16", "24", "32"], row


def _thirds() -> Report:
    """Three players' Hearts game kept as running totals: hands of 16 5 5, 5 18 3, 20 4 2 and 5 19 2 (each 26),
    totals 46, 46 and 12."""
    players = ["North", "East", "South"]
    totals = [(16, 5, 5), (21, 23, 8), (41, 27, 10), (46, 46, 12)]
    hands = [
        {"dealer": players[k % 3], "score": dict(zip(players, line, strict=True))} for k, line in enumerate(totals)
    ]
    log = {"log": 1, "game": {"id": "thirds", "rules": "hearts/intramural"}, "players": players, "hands": hands}
    report = referee.audit("hearts/intramural", gamelog.from_document(log, Location(file="<thirds>")))
    return report


def test_a_settlement_that_is_not_whole_is_written_exactly() -> None:
    # three players, hands of 16 5 5, 5 18 3, 20 4 2 and 5 19 2 (each 26) kept as running totals: 46, 46 and 12, an
    # average of 104/3, and differences of 34/3, 34/3 and -68/3, which balance; written to two places (34.67; +11.33,
    # +11.33, -22.67) what was paid came to 0.01 less than what was collected
    report = _thirds()
    assert "Settlement against the average (34 2/3): North +11 1/3, East +11 1/3, South -22 2/3 " in render.text(report)
    # four players, W 13 (the queen) and X 13 hearts: an average of 6.5, a finite decimal, written in full
    log = {
        "log": 1,
        "game": {"id": "halves", "rules": "hearts/intramural"},
        "players": ["W", "X", "Y", "Z"],
        "hands": [{"dealer": "W", "score": {"W": 13, "X": 13, "Y": 0, "Z": 0}}],
    }
    report = referee.audit("hearts/intramural", gamelog.from_document(log, Location(file="<halves>")))
    assert "Settlement against the average (6.5): W +6.5, X +6.5, Y -6.5, Z -6.5 " in render.text(report)


def test_lines_at_their_default_ends_take_their_template_by_their_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    # A sheet whose every line is scored, with no note, counted (HandScore keeps only its first seven fields then)
    # looks its lines' templates up by their dealer alone; a line with any other ending, among them, by all four
    from referee import sheet_json

    plain = [
        HandScore(k, dealer, (4, 3), (5, 8), (40, 80), (40 * k, 80 * k), (0, 0)) for k, dealer in enumerate("NESW", 1)
    ]
    explicit = HandScore(5, None, (4, 3), (5, 8), (40, 80), (200, 400), (0, 0), True, None, False, None)
    assert [len(vars(line)) for line in [*plain, explicit]] == [7] * 5  # (its defaults given: not kept either)
    odd = [
        replace(plain[1], scored=False),
        replace(plain[1], note="a note"),
        replace(plain[1], after_end=True),
        replace(plain[1], note=""),  # an empty note: not written, yet kept
    ]
    reports = [_report(("A", "B"), [*plain, explicit]), *(_report(("A", "B"), [*plain, line]) for line in odd)]
    for report in reports:
        assert render.as_json(report) == _plain(report)
    monkeypatch.setattr(sheet_json, "_ENDS", None)  # the four ends are not read of a sheet of plain lines
    assert render.as_json(reports[0]) == _plain(reports[0])
    with pytest.raises(TypeError):
        render.as_json(reports[1])


def test_a_settlement_that_is_not_whole_balances_exactly_in_json() -> None:
    # the three players of the text test above: 46, 46 and 12, an average of 104/3 and differences of 34/3, 34/3
    # and -68/3; as numbers to four places (11.3333, 11.3333, -22.6667) they add up to -0.0001. In thirds they are
    # 34, 34 and -68 (46 * 3 - 104 = 34, 12 * 3 - 104 = -68), which add up to 0, the average 104
    report = _thirds()
    exact = {"denominator": 3, "average": 104, "differences": {"North": 34, "East": 34, "South": -68}}
    for written in (render.as_json(report), json.dumps(report.as_dict())):
        settlement = json.loads(written)["settlement"]
        assert settlement["differences"] == {"North": 11.3333, "East": 11.3333, "South": -22.6667}
        assert settlement["exact"] == exact
        assert sum(settlement["exact"]["differences"].values()) == 0


def _case_report(name: str) -> Report:
    root = Path(__file__).resolve().parent.parent
    case = yaml.safe_load((root / "tests" / "conformance" / name).read_text(encoding="utf-8"))
    return referee.audit(case["rules"], gamelog.from_document(case["log"], Location(file=name)))


def test_a_renege_names_the_clause_that_charged_it_and_each_clause_is_quoted_once() -> None:
    # house rules, hand 2: Bob and Cat each renege on trick 3 (play.follow), and each renege costs its team 3 books
    # (penalties.renege: "If a player reneges they lose 3 books"); the text quotes each clause once
    report = _case_report("bad/house_both_teams_renege.yaml")
    text = render.text(report)
    assert text.count('rule play.follow: "Each player, in turn, clockwise, must follow suit if able;') == 1
    assert text.count("rule play.follow (quoted above)") == 1
    assert text.count('penalty penalties.renege: "If a player plays out of suit,') == 1
    assert text.count("penalty penalties.renege (quoted above)") == 1
    for written in (render.as_json(report), json.dumps(report.as_dict())):
        found = [v for v in json.loads(written)["violations"] if v["code"] == "renege"]
        assert [(v["rule"], v["penalty"]["rule"]) for v in found] == [("play.follow", "penalties.renege")] * 2
        assert all("If a player reneges they lose 3 books." in v["penalty"]["source"] for v in found)


def test_a_renege_the_rules_charge_nothing_for_names_no_penalty() -> None:
    # intramural Spades sets no penalty for a renege (penalties.renege: books 0, points 0): the rule broken alone
    report = _case_report("bad/renege.yaml")
    assert [v.penalty for v in report.violations if v.code is Code.RENEGE] == [None]
    assert "penalty" not in render.text(report)


def test_only_a_hand_s_first_revoke_names_the_charge() -> None:
    # hearts/intramural charges a hand's first revoke 26 (penalties.revoke) and reports a second without charging it
    report = _case_report("bad/edges_hearts_two_revokes_first_charged.yaml")
    charged = [None if v.penalty is None else v.penalty.id for v in report.violations if v.code is Code.RENEGE]
    assert charged == ["penalties.revoke", None]


def test_a_renege_no_claim_was_allowed_for_names_no_penalty() -> None:
    # ihop-silver charges a reneg only when the opposing team calls it before its last card of the last trick:
    # Cat's call came after the 52nd card, the claim is refused and the reneg costs nothing (Ann & Cat set, -40),
    # so it names no penalty clause; called in time (ihop_reneg_called), the same reneg names penalties.renege
    late = _case_report("bad/ihop_reneg_called_too_late.yaml")
    assert [v.penalty for v in late.violations if v.code is Code.RENEGE] == [None]
    assert "penalty penalties.renege" not in render.text(late)
    called = _case_report("bad/ihop_reneg_called.yaml")
    charged = [None if v.penalty is None else v.penalty.id for v in called.violations if v.code is Code.RENEGE]
    assert charged == ["penalties.renege"]


def test_a_player_exactly_at_the_average_is_settled_at_0() -> None:
    # four players, two hands kept as running totals: A 13 (the queen) and B 13 (the hearts), then C 13 (the queen)
    # and A 13 (the hearts): totals A 26, B 13, C 13, D 0, an average of 52 / 4 = 13, differences A 26 - 13 = 13,
    # B and C 13 - 13 = 0, D 0 - 13 = -13. B and C neither pay nor collect: 0, not "+0"
    players = ["A", "B", "C", "D"]
    totals = [(13, 13, 0, 0), (26, 13, 13, 0)]
    hands = [{"dealer": players[k], "score": dict(zip(players, line, strict=True))} for k, line in enumerate(totals)]
    log = {"log": 1, "game": {"id": "level", "rules": "hearts/intramural"}, "players": players, "hands": hands}
    report = referee.audit("hearts/intramural", gamelog.from_document(log, Location(file="<level>")))
    assert "Settlement against the average (13): A +13, B 0, C 0, D -13 " in render.text(report)


def test_a_warning_that_breaks_only_a_reading_shows_that_reading_whole() -> None:
    # All Fives, a locked board with Bob and Dan tied at 8 spots and Bob given 80: the sheet's words
    # (dominoes_scoring.blocked, an error's clause) are kept, only its reading that a tie scores nobody is broken, a
    # warning. That reading is the last of three sentences; the first says when a board is locked, which is not what
    # the warning is about, so the line shows all three
    report = _case_report("good/all_fives_locked_board_tie_awarded.yaml")
    [warning] = report.violations
    assert warning.severity is Severity.WARNING and warning.clause.severity == "error"
    flat = " ".join(render.text(report).split())
    assert (
        "reading: The board is locked when the boneyard is empty and no player holds a tile that fits an open end. "
        "The sheet does not say what happens when two players tie for the fewest spots: the reading is that nobody "
        "scores that hand." in flat
    )
    # an error of a clause whose reading is longer than one sentence still shows its first sentence alone
    report = _case_report("bad/all_fives_locked_board_tie_awarded_wrongly.yaml")
    errors = [v for v in report.violations if v.clause.id == "dominoes_scoring.blocked"]
    assert errors and all(v.severity is Severity.ERROR for v in errors)
    flat = " ".join(render.text(report).split())
    assert (
        "reading: The board is locked when the boneyard is empty and no player holds a tile that fits an open end."
        in flat
    )
    assert "the reading is that nobody scores that hand" not in flat


def test_a_reading_shown_whole_follows_a_clause_quoted_above() -> None:
    # the same clause broken first as an error (its reading's first sentence shown with its words) then only in its
    # reading: the second names the clause as quoted above and shows its reading whole, once
    report = _case_report("good/all_fives_locked_board_tie_awarded.yaml")
    [warning] = report.violations
    error = replace(warning, severity=Severity.ERROR, message="an error of the same clause")
    report.violations = [error, warning, warning]
    flat = " ".join(render.text(report).split())
    assert flat.count("rule dominoes_scoring.blocked (quoted above)") == 2
    assert flat.count("the reading is that nobody scores that hand") == 1
    assert flat.count("reading: The board is locked") == 2


def _simulated(spec_id: str, seed: int, players: tuple[str, ...] | None = None, **options: Any) -> Report:
    spec = load(spec_id)
    document = simulate_game(spec, random.Random(seed), players=players, game_id=f"g{seed}")
    return referee.audit(spec, gamelog.from_document(document, Location(file="mixed.jsonl", game=seed)), options)


def test_reports_of_a_mixed_run_are_each_written_as_the_encoder_writes_them() -> None:
    # What report_json and sheet_json keep from one game for the next (the tail's and the settlement's templates by
    # the sides, the whole sheet's template by its dealers in turn, the last fixed layout's bids and bags) must not
    # change another's text: two specs in one archive, two sets of names, three players and four, an option set for
    # one game only, a game with violations among clean ones, games of other lengths with the same first dealer
    reports = [
        _simulated("hearts/intramural", 1, ("North", "East", "South", "West")),
        _simulated("spades/intramural", 2),
        _simulated("hearts/intramural", 3, ("Ann", "Bob", "Cat")),
        _simulated("spades/house", 4, first_hand_bids=True),
        _simulated("spades/house", 4),
        _simulated("hearts/club", 5, ("North", "East", "South", "West")),
        _case_report("bad/edges_hearts_two_revokes_first_charged.yaml"),
        _simulated("hearts/intramural", 6, ('"N" %s', "E\\", "S%d", "Zoë")),
        _thirds(),  # a settlement in thirds, not whole
        _simulated("dominoes/all-fives", 7),
        _simulated("hearts/intramural", 8, ("North", "East", "South", "West")),
    ]
    assert {r.spec_id for r in reports} >= {"hearts/intramural", "spades/intramural", "hearts/club", "spades/house"}
    assert reports[3].options["first_hand_bids"] is True and reports[4].options["first_hand_bids"] is False
    assert any(r.violations for r in reports) and sum(r.settlement is not None for r in reports) >= 4
    shorter = replace(reports[0], hands=reports[0].hands[:-1])  # the same dealers in turn, one hand fewer
    for report in [*reports, shorter, *reversed(reports), shorter]:
        assert render.as_json(report) == _plain(report)


def test_a_settlement_is_written_in_full_for_any_names_and_figures() -> None:
    # whole figures (an average of 13: 26, 13, 13 and 0 less 13) and figures in quarters (an average of 27/4), for
    # names a %-format or UTF-8 could mistake: each as the encoder writes it, and its exact figures balance
    whole = (Fraction(13), (Fraction(13), Fraction(0), Fraction(0), Fraction(-13)))
    quarters = (Fraction(27, 4), (Fraction(25, 4), Fraction(-3, 4), Fraction(-11, 4), Fraction(-11, 4)))
    for sides in (
        ("A", "B", "C", "D"),
        ("%d", "%s", "100%", "%%d"),
        ("Zoë", "♠", "\\", '"'),
        ("\ud800", "b", "c", "d"),
    ):
        for settlement in (whole, quarters, whole):
            report = _report(sides, [])
            report.settlement = settlement
            written = render.as_json(report)
            assert written == _plain(report)
            exact = json.loads(written)["settlement"]["exact"]
            assert sum(exact["differences"].values()) == 0
