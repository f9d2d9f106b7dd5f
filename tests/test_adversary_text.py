"""The readers of a game's text (tricks and deals cut from the line, read by templates) attacked: names whose bytes
outnumber their characters, and texts that are no JSON but whose cut pieces, joined, look like a usual game.
Each must read as the careful reading reads it (``parse_json``, the schema, the careful reader), report and all."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from typing import Any

import pytest
from test_json_text import _careful, _outcome
from tricks.test_tricks_text import _read_from_text

import referee
from referee import load_spec
from referee.errors import InputError, Location
from referee.gamelog import from_json_text
from referee.simulate import simulate_game
from referee.tricks import deal_text, tricks_text
from referee.tricks.log import compact_tricks

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
    found = _audit(spec, fast)
    assert found == _audit(spec, slow)
    if not rules.startswith("dominoes/"):
        assert [hand.play_bytes for hand in fast.hands] == [hand.play_bytes for hand in slow.hands]
    return found


def _audit(spec: Any, log: Any) -> Any:
    """The audit's report of a game, or the error it raises (a game read that the audit finds unreadable)."""
    try:
        return referee.audit(spec, log).as_dict()
    except InputError as exc:
        return ("error", exc.message, exc.location)


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


# Each field cut out of a game's text (its opener, and the first closer after it), and what joins two hands' fields
# where a reader joins them to read a whole game at once
_FIELDS = [('"tricks":[', "]]", "],"), ('"deal":{', "}", ","), ('"score":{', "}}", ","), ('"plays":[', "]", ",")]


def _cut_elsewhere(text: str, opener: str, closer: str, join: str) -> list[str]:
    """``text`` with the fields of two consecutive hands cut elsewhere: their texts joined by ``join`` are the same,
    but the first hand's ends at another place where ``join`` is met (its closer written there, the rest of it
    written after the second hand's opener). No JSON, mostly; never the same game."""
    fields = []
    at = text.find(opener)
    while at >= 0:
        end = text.find(closer, at + len(opener))
        if end < 0:
            break
        fields.append((at + len(opener), end))
        at = text.find(opener, end)
    found = []
    for (first, first_end), (second, second_end) in pairwise(fields):
        size = first_end - first
        joined = text[first:first_end] + join + text[second:second_end]
        for cut in range(max(1, size - 40), min(len(joined) - 1, size + 40)):
            head, tail = joined[:cut], joined[cut + len(join) :]
            if cut != size and joined.startswith(join, cut) and closer not in head and closer not in tail:
                found.append(text[:first] + head + text[first_end:second] + tail + text[second_end:])
    return found


@pytest.mark.parametrize("rules", ["hearts/intramural", "spades/intramural", "dominoes/all-fives"])
@pytest.mark.parametrize("players", [None, ("Zoë", "A],B", "C}", "D")])
def test_fields_cut_elsewhere_than_a_hands_end_are_read_as_the_careful_reading_reads_them(
    rules: str, players: Any
) -> None:
    # The readers that join the hands' fields to read them at once must hold each hand's piece to its own end.
    if players is not None and rules.startswith("dominoes/"):
        players = ("Zoë", "A]B", "C}", "D")  # a domino player's name is cut on "]" and "},{" (member_text)
    document, text = _text(rules, players)
    texts = [text]
    if not rules.startswith("dominoes/"):  # and with each trick written compact (the leader, then the cards)
        texts.append(json.dumps(compact_tricks(document), separators=(",", ":"), ensure_ascii=False))
    for written in texts:
        changed = [bad for field in _FIELDS for bad in _cut_elsewhere(written, *field)]
        assert len(changed) > 3
        for bad in changed:
            _both(bad, rules)


# A score line written otherwise than ``{"hand": H, "total": T}`` as JSON writes ints: each is read as the careful
# reading reads it (a fraction, an exponent, a leading zero, -0, a sign, spaces, a number too long, keys in
# another order, another or a repeated key, a side of no player, a name holding % or beyond ASCII)
_SCORES_WRITTEN = [
    (r'"hand":(-?\d+)', r'"hand":\1.0'),
    (r'"hand":(-?\d+)', r'"hand":\1e0'),
    (r'"hand":(\d+)', r'"hand":-0'),
    (r'"total":(\d+)', r'"total":0\1'),
    (r'"hand":(\d+)', r'"hand":+\1'),
    (r'"hand":(-?\d+),"total":(-?\d+)', r'"total":\2,"hand":\1'),
    (r'"hand":(-?\d+),"total":(-?\d+)', r'"hand":\1,"total":\2,"x":1'),
    (r'"hand":(-?\d+),"total":(-?\d+)', r'"hand":\1,"total":\2,"hand":\1'),
    (r'"hand":(-?\d+)', r'"hand": \1'),
    (r'"hand":(-?\d+)', r'"hand":\1' + "\n"),
    (r'"total":(-?\d+)', r'"total":99999999999999999999'),
    (r'"total":(-?\d+)', r'"total":-999999999999999999'),
    (r'"total":(-?\d+)', r'"total":1000000000000000000'),
    (r'"hand":(-?\d+)', r'"hand":"\1"'),
    (r'"hand":(-?\d+)', r'"hand":null'),
    (r'"score":\{', r'"score":{"x":{"hand":1,"total":2},'),
    (r'"total":(-?\d+)\}\}', r'"total":\1},"x":{"hand":1,"total":2}}'),
]


@pytest.mark.parametrize("players", [None, ("Zoë", "B%s", "C}", "D")])
@pytest.mark.parametrize("rules", ["hearts/intramural", "spades/intramural"])
def test_scores_written_otherwise_are_read_as_the_careful_reading_reads_them(rules: str, players: Any) -> None:
    _, text = _text(rules, players)
    second = text.index('"score":{', text.index('"score":{') + 1)  # the second hand's score
    second_end = text.index("}}", second)
    for pattern, written in _SCORES_WRITTEN:
        changed = [re.sub(pattern, written, text), re.sub(pattern, written, text, count=1)]
        changed.append(text[:second] + re.sub(pattern, written, text[second:second_end], count=1) + text[second_end:])
        for bad in changed:
            if bad != text:
                _both(bad, rules)
