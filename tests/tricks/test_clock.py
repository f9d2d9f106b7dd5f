"""The 45-minute clock read from the hands' start times, however each is written."""

from __future__ import annotations

from typing import Any

import pytest

import referee
from referee.errors import Location
from referee.gamelog import from_document


def _game(*starts: str) -> dict[str, Any]:
    # an open first hand, then hands bid 2 a player, each side making its bid: no side near 350
    hands: list[dict[str, Any]] = [{"started": starts[0], "books": {"Ann": 7, "Bob": 6}}]
    for start in starts[1:]:
        hands.append(
            {"started": start, "bids": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2}, "books": {"Ann": 7, "Bob": 6}}
        )
    return {"game": {"rules": "spades/tournament-jjdd"}, "players": ["Ann", "Bob", "Cat", "Dan"], "hands": hands}


@pytest.mark.parametrize(
    "starts",
    [
        ("19:00", "19:20", "19:40", "19:50"),
        ("2026-11-30T19:00", "2026-11-30T19:20", "2026-11-30T19:40", "2026-11-30T19:50"),
        ("2026-11-30T19:00", "19:20", "19:40", "19:50"),  # the date written once, then times of that evening
        ("19:00", "19:20", "2026-11-30T19:40", "2026-11-30T19:50"),
        ("2026-11-30T19:00", "19:20:00", "2026-11-30T19:40", "19:50"),
        ("23:30", "2026-11-30T23:50", "00:10", "00:20"),  # past midnight
    ],
)
def test_the_hand_in_progress_at_the_stop_is_the_last_however_the_times_are_written(starts: tuple[str, ...]) -> None:
    # the time runs out 45 minutes after the first start: the hand started 40 minutes in is the last, the one
    # started 50 minutes in was played after the match was over
    report = referee.audit("spades/tournament-jjdd", from_document(_game(*starts), Location(file="<test>")))
    assert report.finished and report.ended_at_hand == 3
    assert [(v.code.value, v.where.hand) for v in report.violations] == [("game_continued", 4)]
