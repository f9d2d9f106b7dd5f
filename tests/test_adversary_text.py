"""The readers of a game's text (tricks and deals cut from the line, read by templates) attacked: names whose bytes
outnumber their characters, and texts that are no JSON but whose cut pieces, joined, look like a usual game.
Each must read as the careful reading reads it (``parse_json``, the schema, the careful reader), report and all."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_json_text import _careful, _outcome
from tricks.test_tricks_text import _read_from_text

import referee
from referee import load_spec
from referee.errors import Location
from referee.gamelog import from_json_text
from referee.tricks import deal_text, tricks_text
from referee.tricks.simulate import simulate_game

WHERE = Location(file="games.jsonl", line=7, game=3)


def _text(rules: str, players: Any = None, hands: int = 3, seed: int = 11) -> tuple[dict[str, Any], str]:
    document = simulate_game(load_spec(rules), random.Random(seed), players=players)
    document["hands"] = document["hands"][:hands]
    return document, json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _both(text: str, rules: str) -> Any:
    """What the fast and the careful reading make of ``text``, and the audit's report of it, checked the same."""
    fast, slow = _outcome(from_json_text, text), _outcome(_careful, text)
    if isinstance(slow, tuple):
        assert fast == slow
        return slow
    assert not isinstance(fast, tuple), fast
    spec = load_spec(rules)
    found = referee.audit(spec, fast).as_dict()
    assert found == referee.audit(spec, slow).as_dict()
    assert [hand.play_bytes for hand in fast.hands] == [hand.play_bytes for hand in slow.hands]
    return found


@pytest.mark.parametrize("rules", ["hearts/intramural", "spades/intramural"])
@pytest.mark.parametrize(
    "players",
    [("Zoë", "Bob", "Cy", "Di"), ("日本", "E", "S", "W"), ("Ann", "Ánn", "Bo", "Ce"), ("N", "E", "S", "Wø")],
)
def test_a_legal_game_of_players_named_beyond_ascii_is_clean(
    rules: str, players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A name of more bytes than characters: each hand's tricks were counted by characters against a trick's
    # width in bytes, and the tricks dealt out among the hands wrongly (a legal game reported full of plays out
    # of turn). The simulator's games are legal: the report holds no violation.
    done = _read_from_text(monkeypatch)
    _, text = _text(rules, players)
    assert tricks_text.read_text(text, WHERE) is not None
    assert done[0] == 1  # its tricks read whole from the text, not a hand at a time
    report = _both(text, rules)
    assert report["violations"] == []


def test_a_deal_cut_short_and_finished_after_the_next_opener_is_no_json() -> None:
    # The first hand's deal holds the second's first card and then a "}", and the second hand's deal starts with
    # its second card: no JSON (a list closed by a brace). Joined, the two deals' texts are two usual deals.
    document, text = _text("hearts/intramural", hands=2)
    opener = deal_text.OPENER
    first = text.index(opener) + len(opener)
    first_end = text.index("}", first)
    second = text.index(opener, first_end) + len(opener)
    second_end = text.index("}", second)
    card_end = text.index(",", second)  # after the second deal's first card
    bad = text[:first] + text[first:first_end] + "," + text[second:card_end] + text[first_end:second]
    bad += text[card_end + 1 : second_end] + text[second_end:]
    assert f'"{document["players"][0]}":["' in bad[first_end:]
    with pytest.raises(json.JSONDecodeError):
        json.loads(bad)
    found = _both(bad, "hearts/intramural")
    assert found[0] == "error" and found[1].startswith("not valid JSON")


def test_tricks_cut_within_a_name_and_finished_after_the_next_opener_are_no_json() -> None:
    # A player named "A],B": the first hand's tricks end (a "]]") within that name, and the rest of its tricks
    # are written after the second hand's opener. No JSON (a string followed by a name), yet the two pieces
    # joined by "]," are the game's tricks, as the templates have them.
    _, text = _text("hearts/intramural", players=("A],B", "E", "S", "W"), hands=2)
    opener = tricks_text.OPENER
    first = text.index(opener) + len(opener)
    first_end = text.index("]]", first)
    second = text.index(opener, first_end) + len(opener)
    second_end = text.index("]]", second)
    joined = text[first:first_end] + "]," + text[second:second_end]
    cut = joined.index("A],B", 10) + 1  # at the "]," within the name
    bad = text[:first] + joined[:cut] + text[first_end:second] + joined[cut + 2 :] + text[second_end:]
    with pytest.raises(json.JSONDecodeError):
        json.loads(bad)
    found = _both(bad, "hearts/intramural")
    assert found[0] == "error" and found[1].startswith("not valid JSON")
