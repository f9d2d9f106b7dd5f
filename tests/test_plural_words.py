"""Counts in the referee's messages read as English: '1 ace', '2 cards', never '1 ace(s)' or '2 card(s)'.

The expected messages are the cases' own arithmetic (each case's description works it out by hand); the words are
words.count's, which every report already uses for its last line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import gamelog, source_pages
from referee.bundled import sources_dir
from referee.documents import parse_yaml
from referee.errors import Location
from referee.html_report import unreadable_html
from referee.report import Report

CORPUS = Path(__file__).resolve().parent / "conformance"


def _audit(name: str) -> Report:
    path = CORPUS / name
    case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    log = gamelog.from_document(case["log"], Location(file=str(path)))
    return referee.audit(case["rules"], log, case.get("options") or {})


def _messages(name: str, code: str) -> list[str]:
    return [v.message for v in _audit(name).violations if str(v.code) == code]


@pytest.mark.parametrize(
    ("case", "code", "messages"),
    [
        # Ann holds the ace of hearts alone (one ace) and asks for the check, which needs two; Bob, holding one
        # ace, answers 'none'
        (
            "bad/ihop_ace_check_and_aces_failed.yaml",
            "ace_check_not_due",
            [
                "Bob answered the ace check 'none', holding 1 ace",
                "Ann asked for an ace check holding 1 ace; it needs 2",
            ],
        ),
        # 5♣ dealt twice, so one card of the 52 is not dealt
        ("bad/deal_duplicate_card.yaml", "deal_missing_card", ["the deal left out 1 card of the deck: 5♣"]),
        # without the jokers agreed the deck is the 52, and the two of clubs and two of hearts were not dealt
        ("bad/ihop_jokers_not_agreed.yaml", "deal_missing_card", ["the deal left out 2 cards of the deck: 2♣ 2♥"]),
        # the fifth hand is one hand after the game ended at the fourth
        (
            "bad/game_continued.yaml",
            "game_continued",
            ["the game was over after hand 4, but 1 more hand was played; it is audited but not counted"],
        ),
        # hands 5 and 6 follow the end at hand 4
        (
            "bad/game_continued_hands_audited.yaml",
            "game_continued",
            ["the game was over after hand 4, but 2 more hands were played; they are audited but not counted"],
        ),
        ("bad/hearts_pass_wrong_count.yaml", "pass_wrong_count", ["Ann passed 4 cards, not 3"]),
        # Bob passes his partner three cards in IHOP's nil exchange of two
        (
            "bad/ihop_nil_pass_wrong.yaml",
            "pass_wrong_count",
            ["Bob passed 3 cards to partner; the exchange is 2 each"],
        ),
    ],
)
def test_a_count_in_a_message_takes_its_plural(case: str, code: str, messages: list[str]) -> None:
    assert _messages(case, code) == messages


def test_no_report_of_the_corpus_counts_with_s_in_brackets() -> None:
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        if case["expect"]["status"] == "refused":
            continue
        report = _audit(path.relative_to(CORPUS).as_posix())
        # the messages only: a rule's source quote is verbatim ("the excess hole card(s)", ihop-silver)
        for message in [v.message for v in report.violations] + [i.message for i in report.incomplete]:
            assert not re.search(r"\w\(s\)", message), (path.name, message)


def test_the_html_page_counts_the_unread_in_words() -> None:
    assert "1 game or file not audited:" in unreadable_html(["x.yaml: line 1: not a game"])
    assert "2 games or files not audited:" in unreadable_html(["a: bad", "b: bad"])


def test_a_source_page_counts_its_sentences_accounted_for_by_nothing_in_words() -> None:
    page = source_pages.markdown(sources_dir() / "001_3f218c6ee18e85e0.txt", (), lambda spec, clause: "")
    assert re.search(r"\*\*\d+ sentences accounted for by nothing\*\*", page)
    assert "sentence(s)" not in page


def _audit_changed(name: str, change: Callable[[dict[str, Any]], None]) -> Report:
    path = CORPUS / name
    case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    change(case["log"])
    log = gamelog.from_document(case["log"], Location(file=str(path)))
    return referee.audit(case["rules"], log, case.get("options") or {})


def test_a_player_dealt_one_card_is_dealt_1_card() -> None:
    # deal_wrong_count's hand with Ann dealt the ace of clubs alone: 'Ann was dealt 1 cards, not 13'
    def one_card(log: dict[str, Any]) -> None:
        log["hands"][0]["deal"]["Ann"] = ["AC"]

    report = _audit_changed("bad/deal_wrong_count.yaml", one_card)
    assert "Ann was dealt 1 card, not 13" in [v.message for v in report.violations]


def test_a_domino_table_that_wrote_one_point_wrote_1_point() -> None:
    # block_partners_written_slips' second hand, its award Bob & Dan's alone (12, the description works it out), with
    # 1 written for Ann & Cat, who score 0: 'the table wrote 1 points for Ann & Cat this hand'
    def one_point(log: dict[str, Any]) -> None:
        log["hands"][1]["score"] = {"Ann & Cat": {"hand": 1, "total": 1}, "Bob & Dan": 36}

    report = _audit_changed("bad/block_partners_written_slips.yaml", one_point)
    assert "the table wrote 1 point for Ann & Cat this hand; the rules give 0" in [v.message for v in report.violations]


def test_a_domino_player_who_drew_one_tile_drew_1_tile() -> None:
    # the same game's second hand with Ann's draw cut to 3-0 alone, of the 6 each: 'Ann drew 1 tiles'
    def one_tile(log: dict[str, Any]) -> None:
        log["hands"][1]["draw"]["Ann"] = ["3-0"]

    report = _audit_changed("bad/block_partners_written_slips.yaml", one_tile)
    assert "Ann drew 1 tile; each player draws 6" in [v.message for v in report.violations]


@pytest.mark.parametrize(
    ("n", "thousands", "said"),
    [(1, False, "1 hand"), (2, False, "2 hands"), (1, True, "1 hand"), (25002, True, "25,002 hands")],
)
def test_count_marks_thousands_where_asked(n: int, thousands: bool, said: str) -> None:
    # one count for a message's '1 card' and a run's summary '25,002 hands' (batch_run kept its own copy, _many)
    from referee.words import count

    assert count(n, "hand", thousands=thousands) == said
