"""Each hand's bids read from their own text, a whole game at once (referee/tricks/bids_text.py): what it reads, and
every bid written otherwise read as the careful reading reads it."""

from __future__ import annotations

import operator
from typing import Any

import pytest

from referee.documents import parse_json
from referee.gamelog import from_document
from referee.tricks import bids_text, tricks_text
from referee.tricks.log import compact_tricks
from referee.tricks.onepass import seating
from tricks.test_tricks_text import WHERE, _compact, _game, _read

_PLAYERS = ("North", "East", "South", "West")


def _text(form: str = "compact", players: Any = None, hands: int = 3) -> str:
    document = _game("spades/intramural", players=players, hands=hands)
    return _compact(compact_tricks(document) if form == "compact" else document)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games whose bids read_bids reads (answering)."""
    done = [0]
    read = bids_text.read_bids

    def counting(*args: Any) -> Any:
        found = read(*args)
        done[0] += 1
        return found

    monkeypatch.setattr(bids_text, "read_bids", counting)
    return done


@pytest.mark.parametrize("hands", [1, 3, 20])
@pytest.mark.parametrize("form", ["by play", "compact"])
def test_a_spades_games_bids_are_read_from_the_text(monkeypatch: pytest.MonkeyPatch, form: str, hands: int) -> None:
    # every hand's bids (a game of one hand too), the very Bids the careful reading gives (the shared ones: the
    # audit knows a bid by its identity)
    done = _counted(monkeypatch)
    text = _text(form, hands=hands)
    assert tricks_text.read_text(text, WHERE) is not None and done == [1]
    found = _read(text)
    assert found is not None
    careful: Any = from_document(parse_json(text, WHERE.file or "", WHERE.line), WHERE)
    assert [hand.bids for hand in found.hands] == [hand.bids for hand in careful.hands]
    found_bids = [bid for hand in found.hands for bid in hand.bids]
    assert all(map(operator.is_, found_bids, [bid for hand in careful.hands for bid in hand.bids]))
    assert len(found.hands) == len(careful.hands) == min(hands, 9)  # (the game ends at its ninth hand)


def _in_bids(text: str, old: str, new: str, hand: int = 0) -> str:
    """``text`` with ``old`` made ``new`` within one hand's bids (the first hand's, or the last's: -1)."""
    starts = [at for at in range(len(text)) if text.startswith(bids_text.OPENER, at)]
    start = starts[hand]
    end = text.index("]", start + len(bids_text.OPENER)) + 1
    assert old in text[start:end], (old, text[start:end])
    return text[:start] + text[start:end].replace(old, new, 1) + text[end:]


_CHANGES = [
    ('":', '"1:'),  # a digit in a name, or around it
    ('{"', '{"1'),
    ('{"', '{1"'),
    ('":', '":01'),  # a leading zero
    ('":', '":-'),  # a sign
    ('":', '": '),  # whitespace
    ("},{", "} ,{"),
    ("},{", "}1,{"),  # a digit between two bids
    ("},{", "},1{"),
    ("}", "}1"),  # after the last bid (the first "}" is the first bid's)
    ("},{", "},{},{"),  # an empty bid
    ("},{", "},"),  # no brace
]


@pytest.mark.parametrize("hand", [0, -1])
@pytest.mark.parametrize("old, new", _CHANGES)
def test_bids_written_otherwise_read_as_the_careful_reading_reads_them(old: str, new: str, hand: int) -> None:
    text = _text()
    _read(_in_bids(text, old, new, hand))


@pytest.mark.parametrize(
    "figure", ["", "0", "00", "01", "26", "27", "100", "-1", "2.0", "2e1", "true", '"2"', "null", "9" * 30]
)
def test_a_bids_figure_read_as_the_careful_reading_reads_it(figure: str) -> None:
    # the first bid's figure written otherwise: read where it is a JSON int of at most a deck's tricks (the careful
    # reading's Bid), otherwise read a hand at a time, or refused, as the careful reading refuses it
    text = _text()
    start = text.index(bids_text.OPENER)
    colon = text.index(":", start + len(bids_text.OPENER))
    end = text.index("}", colon)
    _read(text[: colon + 1] + figure + text[end:])


def test_a_last_bid_followed_by_a_digit_is_refused() -> None:
    # the last bid of the game followed by a digit, read by no tag (what read_bids refuses)
    text = _text(hands=1)
    found = _read(_in_bids(text, "}]", "}5]"))
    assert found is None


@pytest.mark.parametrize(
    "players",
    [
        ("Ann", "Anne", "Nan", "Nana"),  # no signature: read a hand at a time
        ("P1", "P2", "P3", "P4"),  # a digit in each name
        ("A]", "B", "C", "D"),  # a bracket: the bids' cut stops within the name (read with the bids left in)
        ("A:", "B,", "C", "D"),
        ("é", "e", "ée", "ñ"),
        ("North", "East", "Sou%dth", "West"),
    ],
)
def test_players_of_any_names_have_their_bids_read_as_the_careful_reading_reads_them(players: Any) -> None:
    text = _text(players=players)
    found = tricks_text.read_text(text, WHERE)
    assert found is not None  # read, whether the bids were read from their text or decoded
    _read(text)


def test_bids_read_from_the_text_only_where_every_hand_has_them() -> None:
    # the first hand unbid: the openers are fewer than the hands, and the game is read a hand at a time
    text = _text()
    start = text.index(bids_text.OPENER)
    end = text.index("]", start) + 1
    changed = text[:start] + text[end + 1 :]  # (and the comma after it)
    _read(changed)
    st = seating(_PLAYERS)
    with pytest.raises(TypeError):
        bids_text.read_bids(["x"], ([], []), st)
    with pytest.raises(TypeError):
        bids_text.read_bids(["x", "y"], ([], [0]), st)
