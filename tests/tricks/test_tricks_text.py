"""A trick game read from its JSON text with each hand's tricks cut out before the decode (``tricks_text``) reads
as ``parse_json`` and the careful reading read it, or hands the text back to be decoded whole (None): never
otherwise, wherever the openers, the brackets, the braces, the names and the cards of the tricks are written."""

from __future__ import annotations

import copy
import json
import random
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from test_json_text import _same

from referee import families, json_values, load_spec
from referee.errors import Location
from referee.json_values import plain_value
from referee.score_text import cut_scores, read_scores
from referee.spec import bundled_ids
from referee.tricks import clean_lane, compact_text, deal_text, tricks_text
from referee.tricks.card_places import GAP, HAND, NAMED_AT, by_hands, cards_in_places, masked, read_pairs
from referee.tricks.cards import TOKENS, card_name
from referee.tricks.log import compact_tricks, read_fast
from referee.tricks.onepass import seating
from referee.tricks.simulate import simulate_game
from referee.tricks.usual_game import usual_hands
from tricks.test_logshape import BASE, mutated

WHERE = Location(file="games.jsonl", line=7, game=3)
TRICK_SPECS = [spec_id for spec_id in bundled_ids() if not spec_id.startswith("dominoes/")]


def _compact(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _read(text: str) -> Any:
    """What the tricks-text reading makes of ``text`` (None: handed back), held to ``from_json_text`` (which
    tries it first) and to the careful reading, and, where it reads the game, to the one-pass reading of the
    whole decoded text."""
    found = tricks_text.read_text(text, WHERE)
    same = _same(text)
    if found is not None:
        assert found == same
        assert [hand.play_bytes for hand in found.hands] == [hand.play_bytes for hand in same.hands]
        whole = read_fast(plain_value(text), WHERE, text)
        assert found == whole
        assert [hand.play_bytes for hand in found.hands] == [hand.play_bytes for hand in whole.hands]
        _holds_its_deals_as_bytes(found)
    return found


def _holds_its_deals_as_bytes(game: Any) -> int:
    """How many of a game's hands hold their deal's and their pass's bytes (``Hand.deal_bytes``, ``pass_bytes``),
    each checked to say what the deal and the passes say: each seat's cards in seat order, a byte 255 between
    two seats' (the pass's only where every player passed, in seat order)."""
    given = 0
    for hand in game.hands:
        if hand.deal_bytes is not None:
            assert hand.deal_bytes == b"\xff".join(bytes(cards) for cards in hand.deal)
            given += 1
        if hand.pass_bytes is not None:
            assert [seat for seat, _ in hand.passes] == [*range(len(game.players))]
            assert hand.pass_bytes == b"\xff".join(bytes(cards) for _, cards in hand.passes)
    return given


def _game(rules: str = "hearts/intramural", seed: int = 11, players: Any = None, hands: int = 3) -> Any:
    document = simulate_game(load_spec(rules), random.Random(seed), players=players)
    document["hands"] = document["hands"][:hands]
    return document


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Counts the games whose field ``name`` reads whole from their text (``tricks_text``'s reader answering; a
    holding's reader named by its field, "deal" or "passes")."""
    done = [0]
    read = deal_text.HOLDINGS[name] if name in deal_text.HOLDINGS else getattr(tricks_text, name)

    def counting(*args: Any) -> Any:
        found = read(*args)
        done[0] += 1
        return found

    if name in deal_text.HOLDINGS:
        monkeypatch.setitem(deal_text.HOLDINGS, name, counting)
        # and where the deals and the passes are read at once (deal_text.Both), by that reader's method for the field
        method = f"read_{'deals' if name == 'deal' else name}"
        read_both = getattr(deal_text.Both, method)

        def counting_both(self: Any, *args: Any) -> Any:
            found = read_both(self, *args)
            done[0] += 1
            return found

        monkeypatch.setattr(deal_text.Both, method, counting_both)
    else:
        monkeypatch.setattr(tricks_text, name, counting)
    return done


def _read_from_text(monkeypatch: pytest.MonkeyPatch, form: str = "by play") -> list[int]:
    """Counts the games whose tricks are read from their text, whole (``read_tricks`` answering, or
    ``read_compact`` for the compact form)."""
    return _counted(monkeypatch, "read_compact" if form == "compact" else "read_tricks")


@pytest.mark.parametrize("form", ["by play", "compact"])
@pytest.mark.parametrize("rules", TRICK_SPECS)
def test_a_simulated_game_is_read_with_its_tricks_cut_out(
    rules: str, form: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = _read_from_text(monkeypatch, form)
    usual = 0
    for seed in (1, 2):
        document = simulate_game(load_spec(rules), random.Random(seed))
        text = _compact(compact_tricks(document) if form == "compact" else document)
        found = _read(text)  # None where the word tricks is met elsewhere (a claim's count of tricks, in an event)
        # a game of the usual form, read a field at a time (not one with a hold hand, which has no passes)
        if usual_hands(plain_value(text)["hands"], seating(tuple(document["players"]))) is not None:
            assert found is not None
            usual += 1
    assert done[0] == 2 * usual  # each such game's tricks read whole from the text, by read_text and from_json_text
    assert usual or rules not in ("spades/intramural", "hearts/intramural")


@pytest.mark.parametrize("form", ["by play", "compact"])
def test_players_of_any_name_are_read(form: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a seat named as a card, as the key, as a field; names with brackets, braces, colons, quotes' neighbours
    done = _read_from_text(monkeypatch, form)
    # (and names of brackets, which a deal's reading keeps: written out as codes)
    for players in [("AS", "10H", "tricks", "score"), ("a]]b", "{x}", "c,d", "e:f"), ("[", "]", "][", "[]"), "NESW"]:
        document = _game(players=players)
        text = _compact(compact_tricks(document) if form == "compact" else document)
        _read(text)
    assert done[0] >= 2  # the last players' at least (a name holding "tricks" is met elsewhere: handed back)


@pytest.mark.parametrize("form", ["by play", "compact"])
def test_names_holding_cards_characters_are_told_apart_where_they_are_met(
    form: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every name made of characters a card's token holds, each written out as its own code where met as a key: two
    # names swapped in a trick or a deal, or a name written as another's code, read as the careful reading does
    done = _read_from_text(monkeypatch, form)
    deals, passes = _counted(monkeypatch, "deal"), _counted(monkeypatch, "passes")
    document = _game(players=("AJ", "JA", "K10", "Q"))
    text = _compact(compact_tricks(document) if form == "compact" else document)
    assert _read(text) is not None
    assert done[0] and deals[0] and passes[0]  # read from the text: the tricks, the deals, the passes
    for old, new in [
        ('{"AJ":"', '{"JA":"'),
        ('["AJ",', '["JA",'),
        ('"AJ":[', '"JA":['),
        ('{"K10":"', '{"KT":"'),
        ('"Q":[', '"\x03":['),
        ('{"Q":"', '{"\x03":"'),
    ]:
        for changed in (text.replace(old, new, 1), *_in_tricks(text, old, new)):
            _read(changed)
    if form == "by play":
        trick = text.index('{"AJ":"')
        both = text[trick:].replace('"JA":', '"AJ":', 1).replace('"AJ":', '"JA":', 1)  # a trick's two names swapped
        _read(text[:trick] + both)
    deal = text.index('"deal":{')
    for old, new in [('"AJ":', '"\0":'), ('"JA":', '"AJ":'), ('"\0":', '"JA":')]:
        text = text[:deal] + text[deal:].replace(old, new, 1)
    _read(text)  # a deal's two holdings' names swapped


_CHANGES = [
    ('"tricks":[[', '"tricks": [['),  # an opener written otherwise
    ('"tricks":[[', '"tricks":[ ['),
    ('"tricks":[[', '"tricks":[[ '),
    ('"tricks":[[', '"tricks":[x['),  # no JSON
    ('"tricks":[[', '"tricks":[[['),
    ("]],", "] ],"),
    ("]],", "]] ,"),
    ('"tricks":[[', '"tricks":[[],['),  # an empty trick
    ('"tricks":[[', '"tricks":[]],"x":[['),  # no tricks, and the tricks under another key
    ("],[", "], ["),
    ("],[", "],[],["),
    ("],[", "]],[["),  # a trick in a list of its own
    ("],[", ",null],["),
    ('"}', '" }'),
    ('"},{"', '"},{"x":1,"'),  # a play of two keys
    ('"},{"', '"},"'),
    ('":"', '":"1'),
    ('":"', '":"T'),
    ('","', '",'),
    ('","', '",1,"'),
    ('","', '":"'),  # no JSON
    ('","', '""'),
    ("10", "T"),  # a card written otherwise
    ('"QS"', '"qs"'),
    ('"QS"', '"Q♠"'),
    ('"QS"', '"QS\\u0000"'),  # an escape (and so the text read whole)
    ('"QS"', '"Q\x01"'),  # a raw control character, which no JSON text holds
    ('"QS"', '"Q\x00"'),
    ('"QS"', '"QS"\x00'),
    ('"QS"', '"\x1dQS"'),
    ('"QS"', '"\x01S"'),  # a raw control character where a ten's "10" is read as one
    ('"QS"}', '"QSs5'),  # no JSON, yet where it differs from the templates (a quote and a brace), a card: 5 of hearts
    ('":"QS"', '":s\x00S"'),  # no JSON, yet as the template but for a NUL where the template has one, and an s
    # that differs from the template's quote by a Q: read so, the places that differ would be a queen's
    ("]]", "]]]"),
    ("]]", "]"),
    ('["North",', '[ "North",'),  # a compact trick's leader written otherwise
    ('["North",', '["North" ,'),
    ('["North",', '["North", '),
    ('["North",', '["Nort\\u0068",'),  # an escape (and so the text read whole)
    ('["North",', '["north",'),  # no player
    ('["North",', '["North","North",'),  # a leader twice, a trick a play longer
    ('["North",', '[["North",'),
    ('["North",', '["",'),
    ('["North",', "[\x10"),  # the leader's code itself, a raw control character, which no JSON text holds
    ('["North",', '["\x10",'),
    ('["North",', "[\x15"),  # the code a fifth player's would have
    ('["North",', '[\x13"North",'),
    ('["North",', '["Nort",'),  # a leader's name written otherwise, its signature (N) kept, twice, or left out
    ('["North",', '["NNorth",'),
    ('["North",', '["NorthN",'),
    ('["North",', '["orth",'),
    ('["North",', '["NWorth",'),  # two names' signatures in one
    ('["North",', '["East",'),  # another leader
    ('["South",', '["\x10",'),  # a leader written out's code itself, a raw control character
    ('["South",', '["Sout",'),
    ('["South",', '["SSouth",'),
    ('["North",', '["North",\x12'),
    ('"],["', '"],[\x11'),
    ('"QS"', '"\x10S"'),  # a code where a card is
    ('"QS"', '"Q\x1f"'),
    ('"QS"', '"\x10\x11"'),  # two codes where a card is: its place passes the mask, the cards after it one short
    ('"QS"', '"Q\x11"'),  # a code met where no "[" is before it (no JSON): refused wherever it is
    ('"10', '"1'),  # a ten written otherwise, or a "0" where a ten's is not
    ('"10', '"100'),
    ('"10', '"010'),
    ('"10', '"1 0'),
    ('"10', '"T'),
    ('"QS"', '"Q10"'),
    ('"QS"', '"QS0"'),
    ('"QS"', '"0QS"'),
    ('"QS"', '"Q0S"'),
    ('"},{"', '"}0,{"'),
    ('"},{"', '"},\n{"'),  # a line feed, which joins the hands' tricks where they are read
    ("],[", "]\n,["),
    ("],[", "],\n["),
    ("],[", "]\n["),  # no JSON, yet where the compact tricks joined have a comma: a line feed, as between two hands
    ('","', '"\n"'),
    ('"],["', '"],\x12["'),
    ('"QS"', '"Q1"'),  # a card's byte that differs
    ('"QS"', '"1S"'),
    ('"QS"', '"110S"'),
    ('"QS"', '"10"'),
    ('"QS"', '"QS","QS"'),
    ('{"South":"', '{"Houth":"'),  # a name holding a card's character written otherwise, where it is met as a key
    ('{"South":"', '{"SOUTH":"'),
    ('{"South":"', '{"\x02\x02\x02\x02\x02":"'),  # as the name's code itself (no JSON)
    ('{"South":"', '{"\x02":"'),
    ('{"South":"', '{"South\x02":"'),
    ('"South":[', '"Houth":['),
    ('"South":[', '"\x02\x02\x02\x02\x02":['),
    ('"passes":{"', '"passes": {"'),  # passes written otherwise
    ('"passes":{"', '"passes":{}, "x":{"'),
    ('"passes":{"', '"passes":{"x":[],"'),
    ('"]},"tricks"', '","2C"]},"tricks"'),  # a card passed more
    ('"]},"tricks"', '"]0},"tricks"'),  # a "0" after the last holding, between two or before the first
    ('"],"', '"]0,"'),
    ('"],"', '"],0"'),
    ('":["', '":0["'),
    ('":["', '"0:["'),
    ('"],"', '"]["'),  # brackets where a holding's are not (no JSON)
    ('"],"', '"]],"'),
    ('"],"', '"],["'),
    ('":["', '":[["'),
    ('"]},"', '"]]},"'),
    ('"],"', '"][],"'),
    ('","', '"]["'),
    ('","', '"],["'),
    ('"deal":{"', '"deal": {"'),  # a deal written otherwise
    ('"deal":{"', '"deal":{ "'),
    ('"deal":{"', '"deal":{}, "x":{"'),
    ('"]},"', '"] },"'),
    ('"],"', '"], "'),
    ('":["', '":[ "'),
    ('":["', '":[],"x":["'),
    ('","', '",","'),
    ('","', '","10","'),
    ('"QS","', '"QSsd"'),  # no JSON, yet where it differs from the template (a quote and a comma), a card: QH
    ('"QS","', '"Q\x00S","'),
    ('"QS","', '"\x1e\x1f","'),
    ('"passes"', '"deal"'),  # a duplicate key
    ('"score"', '"tricks"'),
    ('"deal"', '"tricks"'),
    ('"score":{"', '"score": {"'),  # a score written otherwise
    ('"score":{"', '"score":{ "'),
    ('"score":{"', '"score":{}, "x":{"'),
    ('"score":{"', '"score":{"x":{"hand":0,"total":0},"'),  # a side more
    ("}}}", "} }}"),
    ("}}}", "}} }"),
    ("}},", "},"),
    ('{"hand":', '{"hand" :'),
    ('{"hand":', '{"total":'),  # a duplicate key
    ('{"hand":', '{"hands":'),
    (',"total":', ',"hand":'),
    (',"total":', '},"total":'),
    ('"hand":0,', '"hand":00,'),  # a number written otherwise, or not a number
    ('"hand":0,', '"hand":-0,'),
    ('"hand":0,', '"hand":0.0,'),
    ('"hand":0,', '"hand":0e0,'),
    ('"hand":0,', '"hand":"0",'),
    ('"hand":0,', '"hand":null,'),
    ('"hand":0,', '"hand":,'),
    ('"hand":0,', '"hand":-,'),
    ('"hand":0,', '"hand":1 ,'),
    ('"hand":0,', '"hand":1000000000000000000,'),  # past MAX_DIGITS
    ('"hand":0,', '"hand":-999999999999999999,'),  # the longest there is
    ('"hand":0,', '"hand":true,'),
    ('"hand":0,', '"hand":-5,'),
    ('"total":0}', '"total":0,"x":1}'),
    ('"total":0}', '"total":[0]}'),
    ('"total":0}', '"total":0\n}'),
]


@pytest.mark.parametrize(
    "form, old, new",
    [
        (form, old, new)
        for form in ("by play", "compact")
        for old, new in _CHANGES
        if old in _compact(compact_tricks(_game()) if form == "compact" else _game())
    ],
)
def test_tricks_written_otherwise_read_as_the_careful_reading_reads_them(form: str, old: str, new: str) -> None:
    document = _game()
    text = _compact(compact_tricks(document) if form == "compact" else document)
    assert _read(text) is not None  # either form: the compact one has its deals and scores cut out
    assert old in text
    for changed in (text.replace(old, new, 1), text.replace(old, new), *_in_tricks(text, old, new)):
        _read(changed)


def _in_tricks(text: str, old: str, new: str) -> list[str]:
    """``text`` with ``old`` replaced by ``new`` once within a hand's tricks (the first hand's, the second's), where
    it is met there."""
    found = []
    start = 0
    for _ in range(2):
        start = text.index(tricks_text.OPENER, start) + len(tricks_text.OPENER)
        end = text.index("]]", start)
        at = text.find(old, start, end)
        if at >= 0:
            found.append(text[:at] + new + text[at + len(old) :])
    return found


def test_a_play_out_of_turn_a_trick_short_and_two_forms_in_one_game_are_read_as_the_careful_reading_reads_them() -> (
    None
):
    document = _game()
    hand = document["hands"][1]
    variants = []
    changed = copy.deepcopy(document)
    changed["hands"][1]["tricks"][2][1:3] = changed["hands"][1]["tricks"][2][2:0:-1]  # two plays swapped
    variants.append(changed)
    changed = copy.deepcopy(document)
    del changed["hands"][1]["tricks"][3][2]  # a trick of three plays
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][1]["tricks"][3].append(dict(hand["tricks"][3][0]))  # of five
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][0]["tricks"] = changed["hands"][0]["tricks"][:5]  # a hand cut short (its play is audited)
    variants.append(changed)
    changed = copy.deepcopy(document)
    tricks = changed["hands"][1]["tricks"]
    tricks[4].append(tricks[5].pop(0))  # the plays in the same order, a trick's bracket moved: five, then three
    variants.append(changed)
    for variant in variants:
        _read(_compact(variant))
        _read(_compact(compact_tricks(variant)))
    changed = copy.deepcopy(document)
    deal = changed["hands"][1]["deal"]
    deal["East"].append(deal["North"].pop())  # holdings of 12 and 14 cards
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][1]["deal"]["North"].pop()  # a holding of 12 cards: a deal shorter than the first's
    variants.append(changed)
    changed = copy.deepcopy(document)
    del changed["hands"][2]["deal"]  # a hand with no deal
    variants.append(changed)
    changed = copy.deepcopy(document)
    passes = changed["hands"][1]["passes"]
    changed["hands"][1]["passes"] = dict(reversed(passes.items()))  # a hand's passes written in another order
    variants.append(changed)
    changed = copy.deepcopy(document)
    changed["hands"][2]["passes"] = {}  # a hand passing nothing
    variants.append(changed)
    changed = copy.deepcopy(document)
    for hand in changed["hands"]:
        del hand["deal"]  # no hand with one
    variants.append(changed)
    for variant in variants:
        _read(_compact(variant))
    for mixed in (0, 2):  # one hand's tricks written compactly, the others play by play
        changed = copy.deepcopy(document)
        changed["hands"][mixed] = compact_tricks({**changed, "hands": [changed["hands"][mixed]]})["hands"][0]
        _read(_compact(changed))


@pytest.mark.parametrize("where", ["options", "event", "player"])
def test_an_opener_outside_the_hands_hands_the_text_back_or_reads_it_the_same(where: str) -> None:
    document = _game()
    if where == "options":
        document["game"]["options"] = {"tricks": document["hands"][0]["tricks"][::-1]}
    elif where == "event":
        document["game"]["event"] = 'a "tricks":[[ b'
    else:
        document = _game(players=("tricks", "East", "South", "West"))
    _read(_compact(document))  # the openers one more than the hands
    document["hands"][1]["tricks"] = []
    _read(_compact(document))
    del document["hands"][0]["tricks"]  # the openers number the hands, but one is no hand's
    _read(_compact(document))
    _read(_compact(document).replace('"tricks":[]', '"tricks": []', 1))


def test_a_game_not_of_the_usual_form_has_its_tricks_decoded_hand_by_hand() -> None:
    # BASE has books in one hand, events in another: read a hand at a time, each hand's tricks decoded alone
    text = _compact(BASE)
    assert BASE["hands"][0].keys() != BASE["hands"][1].keys()
    assert _read(text) is not None
    assert _read(_compact(compact_tricks(BASE))) is not None  # the compact form too


@settings(max_examples=150, deadline=None)
@given(mutated())
def test_a_mutated_game_reads_with_its_tricks_cut_out_as_the_careful_reading_reads_it(document: Any) -> None:
    _read(_compact(document))
    try:
        compact = compact_tricks(document)
    except (AttributeError, TypeError, KeyError, IndexError, StopIteration):
        return  # a mutation compact_tricks cannot write compactly
    _read(_compact(compact))


def test_an_opener_in_the_options_is_not_taken_for_a_hand_whose_own_key_is_written_otherwise() -> None:
    # The openers number the hands and every hand holds tricks, but one opener is the options' and one hand's
    # empty tricks are written with a space ("tricks": [], as json.dumps writes it): the options' tricks must not
    # be read as that hand's.
    document = _game()
    document["game"]["options"] = {"tricks": document["hands"][0]["tricks"]}
    document["hands"][0]["tricks"] = []
    text = _compact(document).replace('"tricks":[]', '"tricks": []', 1)
    assert text.count(tricks_text.OPENER) == len(document["hands"])
    _read(text)
    _read(_compact(compact_tricks(document)).replace('"tricks":[]', '"tricks": []', 1))


def test_a_trick_longer_by_a_play_whose_text_holds_a_leaders_letter_where_a_leader_would_be_read() -> None:
    # The game's last trick has a fifth play, by BoA: read at a trick's width from the start, the text's last
    # piece holds, where a leader's name would start, BoA's A, Ann's letter. Found by fast_path_campaign (seed 9191).
    document = _game(players=("Ann", "BoA", "Cat", "Dan"))
    last = document["hands"][-1]["tricks"][-1]
    last.append({"BoA": "10S" if "10S" not in str(last) else "2S"})
    _read(_compact(document))


def test_a_deal_opener_in_the_options_is_not_taken_for_a_hand_whose_own_deal_is_written_otherwise() -> None:
    document = _game()
    document["game"]["options"] = {"deal": document["hands"][0]["deal"]}
    document["hands"][0]["deal"] = {}
    text = _compact(document).replace('"deal":{}', '"deal": {}', 1)
    assert text.count('"deal":{') == len(document["hands"])
    _read(text)


@pytest.mark.parametrize("players", [("N", "E", "S", "W"), ("a:b", "c", "d:", "e")])
def test_a_duplicate_key_outside_the_cut_texts_is_refused_whatever_colons_the_names_hold(players: Any) -> None:
    # Where every cut text was read from its text, the decoded text's colons alone are held to its keys (a colon
    # in a name, in the cut texts or out of them, is one more there)
    text = _compact(_game(players=players))
    assert _read(text) is not None
    for old, new in [
        ('"dealer":', '"dealer":"x","dealer":'),
        ('"players":', '"players":[],"players":'),
        ('{"dealer"', '{"passes":{},"dealer"'),
        ('"game":{', '"game":{"rules":"x",'),
    ]:
        assert _read(text.replace(old, new, 1)) is None  # refused, as parse_json refuses it


@pytest.mark.parametrize("field", ["deal", "score"])
def test_a_field_cut_out_only_outside_the_hands_is_read_as_the_careful_reading_reads_it(field: str) -> None:
    # Its openers number the hands' own none: its reader is never asked, so the text cut out (the options') is not
    # vouched for by it, and the game's keys are counted over the whole text
    document = _game()
    document["game"]["options"] = {field: document["hands"][0][field]}
    for hand in document["hands"]:
        del hand[field]
    assert _compact(document).count(f'"{field}":{{') == 1
    _read(_compact(document))


def test_a_domino_game_holding_the_tricks_opener_is_handed_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # Told a domino game only where its hands are not the usual trick hands (hand_bodies): it never is one
    told: list[bool] = []
    domino = families.is_domino_document

    def telling(document: Any) -> bool:
        told.append(domino(document))
        return told[-1]

    monkeypatch.setattr(tricks_text, "is_domino_document", telling)
    document = families.simulate_game(load_spec("dominoes/all-fives"), random.Random(3))
    document["game"]["options"] = {"tricks": [[1]]}  # the marker, outside the hands
    text = _compact(document)
    assert tricks_text.OPENER in text
    assert tricks_text.read_text(text, WHERE) is None
    assert told == [True]
    assert type(_same(text)).__name__ == "DominoLog"
    assert _read(_compact(_game())) is not None
    assert told == [True]  # a game of usual trick hands: never asked


def test_a_games_plays_are_cut_into_its_hands_by_their_tricks() -> None:
    # two players, two hands: the first of two tricks (cards 0 to 3, led by seats 0 and 1), the second of one
    # (cards 4 and 5, led by seat 0)
    assert by_hands(bytes(range(6)), b"\0\1\0", [2, 1], 2) == [(b"\0\1\2\3", b"\0\1"), (b"\4\5", b"\0")]
    assert by_hands(b"", b"", [], 4) == []


def test_a_cards_characters_are_read_as_its_canonical_token_and_nothing_else_is() -> None:
    # what a card's place may hold: a card where it is a card's canonical token, and refused (a TypeError) where it
    # is anything else ("TS", "as", "SA", "AJ", "J1", "1S", "Q10", "100S", "010S", ...)
    assert cards_in_places(b"AS", b"\0\0", b"\0\0", 1) == bytes([TOKENS["AS"]])
    text = b'"10H","2C","BJ"'
    assert cards_in_places(text, masked(text), b'"\0\0","\0\0","\0\0"', 3) == bytes([TOKENS["10H"], TOKENS["2C"], 53])
    characters = [chr(code) for code in range(1, 128)]
    tokens = [rank + suit for rank in characters for suit in characters]
    tokens += ["10" + suit for suit in characters] + ["1", "0", "100S", "010S", "01S", "1S0", "Q10", "10S0", "1010"]
    read = 0
    for token in tokens:
        card = TOKENS.get(token)
        canonical = card is not None and card_name(card) == token
        written = f'"{token}"'.encode()
        try:
            found = cards_in_places(written, masked(written), b'"\0\0"', 1)
        except TypeError:
            assert not canonical, token
        else:
            assert canonical and card is not None and found == bytes([card]), token
            read += 1
    assert read == 54  # the 52 cards and the two jokers
    # a line feed and a "0" read as HAND (between two hands' cards: compact_text), where a pair's place is; either
    # alone, or a character left over, refused
    assert read_pairs(b"AS\n02C") == bytes([TOKENS["AS"], HAND[0], TOKENS["2C"]])
    for parts in (b"AS\n2C", b"AS02C", b"A\n0S2C", b"AS0\n2C", b"AS2"):
        with pytest.raises(TypeError):
            read_pairs(parts)


@pytest.mark.parametrize("form", ["by play", "compact"])
def test_a_games_deals_and_passes_read_from_the_text_are_given_as_the_play_check_reads_them(form: str) -> None:
    # every hand's deal, and every pass (by all four, in seat order), as bytes: each seat's cards, 255 between
    document = _game(hands=8)  # (six hands: the game ends)
    text = _compact(compact_tricks(document) if form == "compact" else document)
    found = _read(text)
    assert found is not None
    assert _holds_its_deals_as_bytes(found) == len(found.hands) == 6
    passed = [hand.pass_bytes is not None for hand in found.hands]
    assert passed == [bool(hand.passes) for hand in found.hands] and any(passed)
    assert GAP == clean_lane.GAP


@pytest.mark.parametrize("form", ["by play", "compact"])
def test_a_games_deals_and_passes_read_from_the_text_are_made_from_their_bytes_on_first_use(form: str) -> None:
    # the play check reads the bytes: each hand's deal and passes as tuples are made only when asked for, then kept,
    # and are what the careful reading reads
    document = _game(hands=8)
    text = _compact(compact_tricks(document) if form == "compact" else document)
    found = tricks_text.read_text(text, WHERE)
    assert found is not None
    assert not any({"deal", "passes"} & {*hand.__dict__} for hand in found.hands)
    careful = _same(text)
    assert [hand.deal for hand in found.hands] == [hand.deal for hand in careful.hands]
    assert [hand.passes for hand in found.hands] == [hand.passes for hand in careful.hands]
    assert any(hand.passes for hand in found.hands)
    assert all(hand.__dict__["deal"] is hand.deal for hand in found.hands)


@pytest.mark.parametrize("form", ["by play", "compact"])
def test_a_game_read_at_once_reads_the_fields_its_hands_leave_out_as_the_careful_reading_does(form: str) -> None:
    # a hand read at once holds in its __dict__ only what differs from hand to hand: its books, misdeal and events
    # (none, no, none) come from the class, and a field the hands have not from its descriptor, whose bytes or text
    # are None: a Spades game's passes, and the score of a game whose hands write none, are None, as the careful
    # reading reads them (an AttributeError or a TypeError, where the descriptors looked into None)
    spades = _game("spades/intramural", hands=3)
    unscored = _game(hands=3)
    for hand in unscored["hands"]:
        del hand["score"]
    for document in (spades, unscored):
        text = _compact(compact_tricks(document) if form == "compact" else document)
        found = tricks_text.read_text(text, WHERE)
        assert found is not None
        assert not any({"books", "misdeal", "events", "passes", "score"} & {*hand.__dict__} for hand in found.hands)
        careful = _same(text)
        for name in ("books", "misdeal", "events", "leftover", "started", "passes", "score", "deal"):
            assert [getattr(hand, name) for hand in found.hands] == [getattr(hand, name) for hand in careful.hands]
        assert _read(text) == careful
    spades_read, unscored_read = (tricks_text.read_text(_compact(document), WHERE) for document in (spades, unscored))
    assert spades_read is not None and unscored_read is not None
    assert [hand.passes for hand in spades_read.hands] == [None] * 3
    assert [hand.score for hand in unscored_read.hands] == [None] * 3


def test_holdings_are_read_with_a_gap_between_and_only_their_own_brackets_kept() -> None:
    # two holdings, 2C 3C and 10H AS: read as their cards with 255 between; a "0" before, between or after them, or
    # a bracket more or less, refused (each masked as the templates: the "0"s are left out of the mask)
    templates = b'["\0\0","\0\0"],["\0\0","\0\0"]'
    text = b'["2C","3C"],["10H","AS"]'
    cards = bytes([TOKENS["2C"], TOKENS["3C"], 255, TOKENS["10H"], TOKENS["AS"]])
    assert cards_in_places(text, masked(text), templates, 4, 2) == cards
    for changed in (b'0["2C","3C"],["10H","AS"]', b'["2C","3C"]0,["10H","AS"]', b'["2C","3C"],["10H","AS"]0'):
        assert masked(changed) == templates
        with pytest.raises(TypeError):
            cards_in_places(changed, masked(changed), templates, 4, 2)
    for count, holdings in ((4, 1), (4, 3), (5, 2), (3, 2)):  # other counts than the templates'
        with pytest.raises(TypeError):
            cards_in_places(text, masked(text), templates, count, holdings)
    with pytest.raises(TypeError):  # a gap where no holdings are read
        cards_in_places(text, masked(text), templates, 5)


@pytest.mark.parametrize(
    "old, new",
    [("],[", "]\n["), ('","', '"\n"'), ("],[", "],\n["), ("],[", "]\n,["), ("],[", "]\n0["), ('","', '"\n0"')],
)
def test_compact_tricks_holding_a_line_feed_of_their_own_are_refused(old: str, new: str) -> None:
    # the hands' tricks are joined by a line feed (and a "0"), and each hand's leaders read up to the next: a hand's
    # own line feed, where the templates have a comma or anywhere else, would make one hand more (or tricks no
    # template is)
    text = _compact(compact_tricks(_game(hands=2)))
    found = json_values.cut_values(text, tricks_text.OPENER, "]]")
    assert found is not None
    segments, decoded = found
    document = plain_value(decoded)
    column = tuple(hand["tricks"] for hand in document["hands"])
    players = seating(tuple(document["players"]))
    read, _ = compact_text.read_compact(segments, column, players)
    assert read == [hand.play_bytes for hand in _same(text).hands]
    assert [len(cards) for cards, _ in read] == [52, 52]  # each hand's cards apart
    for at in range(len(segments)):
        changed = [*segments]
        changed[at] = changed[at].replace(old, new, 1)
        with pytest.raises(TypeError):
            compact_text.read_compact(changed, column, players)


def test_a_compact_tricks_leader_is_read_by_a_byte_its_name_alone_holds_or_by_its_code() -> None:
    # North, East and West each by their first letter, which no other name holds; South, which holds a card's
    # character (S), by that character, kept in its template masked ("\0outh"): each lead read with the bracket
    # before it, as a pair of the cards' reading, its seat's byte
    layout = compact_text._layout(("North", "East", "South", "West"))
    assert layout is not None
    written, templates, kept, pairs, seats = layout
    assert written == ()
    assert templates[2] == b'["\0outh","\0\0","\0\0","\0\0","\0\0"]'
    assert b'["South","10D"],\n0["North","QS"]'.translate(None, kept) == b"[S10D\n0[NQS"
    read = read_pairs(b"[S\x01D\n0[NQS", pairs)
    assert read.translate(seats, compact_text._CARDS) == bytes([2, HAND[0], 0])
    assert read.translate(None, bytes(range(NAMED_AT, NAMED_AT + 4))) == bytes([TOKENS["10D"], HAND[0], TOKENS["QS"]])
    for parts in (b"[H\x01D", b"S[\x01D", b"[\x01SD", b"D[S", b"[u"):  # a lead no player's, or out of place
        with pytest.raises(TypeError):
            read_pairs(parts, pairs)
    # ab and ba: no byte either holds that the other does not (nor abc), so both written out; abc by its c, x,y by x
    layout = compact_text._layout(("ab", "ba", "abc", "x,y"))
    assert layout is not None and layout[0] == (('["ab",', '["\x10",'), ('["ba",', '["\x11",'))
    # AJ: no byte but a card's; K10 and Q2x: a "0" (left out of the mask), two card's characters; written out. P1 by
    # its P, xQ by its x: kept
    layout = compact_text._layout(("P1", "xQ", "AJ", "K10"))
    assert layout is not None and layout[0] == (('["AJ",', '["\x10",'), ('["K10",', '["\x11",'))
    assert layout[1][:2] == (b'["P\0",' + b'"\0\0",' * 3 + b'"\0\0"]', b'["x\0",' + b'"\0\0",' * 3 + b'"\0\0"]')
    layout = compact_text._layout(("P1", "Q2x", "S0u", "North"))
    assert layout is not None and layout[0] == (('["Q2x",', '["\x10",'), ('["S0u",', '["\x11",'))
    # ب: its signature (the first byte of ب, D8) would make with the bracket before it a pair the UTF-16 decode reads
    # as a lone surrogate, which it refuses: written out; Dא, C and Hé by D, C, H, kept
    layout = compact_text._layout(("ب", "Dא", "C", "Hé"))
    assert layout is not None and layout[0] == (('["ب",', '["\x10",'),)
    layout = compact_text._layout(("Sam", "Pam", "Sue", "Ann"))  # Sue's S already Sam's lead
    assert layout is not None and layout[0] == (('["Sue",', '["\x10",'),)
    for players in (
        ("ab", "ba", "abc", "x,y"),
        ("Ann", "Nan", "Anna", "nA"),
        ("é", "ée", "e", "ñ"),
        ("Sé", "Hé", "Dא", "C"),
        ("ب", "Dא", "C", "Hé"),
        ("Sam", "Pam", "Sue", "Ann"),
    ):
        document = _game(players=players)
        assert _read(_compact(compact_tricks(document))) is not None
    assert compact_text._layout(("a", "b", "c\t", "d")) is None  # a control character (no JSON text's name)


@pytest.mark.parametrize(
    "old, new",
    [
        ('["South",', '["Houth",'),  # a card's character in the name's place for it: masked as South is
        ('["South",', '["Jouth",'),
        ('["South",', '["SoutH",'),
        ('["South",', '["SSouth",'),
        ('["South",', '["Sout",'),
        ('["South",', '["Suoth",'),
        ('["South",', '["S0outh",'),  # a "0" (left out of the mask) in the name, before it or after it
        ('["South",', '["Sou0th",'),
        ('["South",', '["0South",'),
        ('["South",', '["South0",'),
        ('["South",', '["South"0,'),
        ('["South",', '0["South",'),
        ('["South",', '["South","1'),  # the name's pair's neighbours a card's characters
        ('["South",', '["SSu",'),
        ('["South",', '["u",'),
        ('["South",', '["\x10",'),  # a code, a raw control character
        ('","', '","Su'),  # the name's pair where no name is (no JSON)
        ('"QS"', '"Su"'),
        ('"QS"', '"Qu"'),
        ('"10', '"1u0'),
        ('"10', '"u10'),
        ('["P1",', '["P2",'),  # P1 and xQ: names of a card's character (1, Q) kept in their templates
        ('["P1",', '["P10",'),
        ('["P1",', '["P1","10'),
        ('["P1",', '["P","1'),
        ('["P1",', '["1P",'),
        ('["xQ",', '["Qx",'),
        ('["xQ",', '["xK",'),
        ('["xQ",', '["xQ","10'),
        ('["xQ",', '["xQQ",'),
        ('["xQ",', '["x",'),
        ('"],["', '"]\n0["'),  # a hands' join within a hand (no JSON)
        ('"],["', '"],0["'),
    ],
)
def test_a_compact_leaders_name_holding_a_cards_character_is_read_only_as_it_is_written(old: str, new: str) -> None:
    # A name kept in its template though it holds a card's character is held there by the mask only as far as its
    # other bytes: "Houth" is masked as "South" is. Its card's character is held to the name's as the cards' pairs are
    # read, where the bracket and it are its lead, no other's, and a "0" in it or beside it left over (a "0" no
    # ten's) or in a pair no card's
    players = ("North", "East", "South", "West") if "P1" not in old and "xQ" not in old else ("P1", "xQ", "AJ", "K10")
    text = _compact(compact_tricks(_game(players=players, hands=3)))
    assert _read(text) is not None
    assert old in text
    for changed in (text.replace(old, new, 1), text.replace(old, new), *_in_tricks(text, old, new)):
        _read(changed)


@pytest.mark.parametrize("field", ["tricks", "compact", "deal", "passes", "score"])
def test_a_cut_fields_reader_refuses_hands_whose_field_is_not_left_empty_by_the_cut(field: str) -> None:
    # each reader of segments cut out of the text reads them only where every hand's decoded field is what the cut
    # left in its place, an empty list or dict, one a segment: a hand's field holding anything else (never met where
    # read_text cut it, which vouches for each opener being its own hand's), or of another type, or a hand more or
    # less, is refused (TypeError), and the game read otherwise; the segments themselves are a game's own (three
    # hands of simulated Hearts), which each reader reads where the column is as the cut leaves it
    document = _game(hands=3)
    text = _compact(compact_tricks(document) if field == "compact" else document)
    tricks, decoded = json_values.cut_values(text, tricks_text.OPENER, "]]") or ([], "")
    st = seating(tuple(document["players"]))
    empty: Any = [] if field in ("tricks", "compact") else {}
    read: Any
    if field in ("tricks", "compact"):
        segments = tricks
        read = tricks_text.read_tricks if field == "tricks" else compact_text.read_compact
    elif field in ("deal", "passes"):
        segments = (json_values.cut_values(decoded, f'"{field}":{{', "}") or ([], ""))[0]
        read = deal_text.HOLDINGS[field]
    else:
        keys, segments, _ = cut_scores(decoded) or ((), [], "")
        read = partial(read_scores, keys)
    assert len(segments) == 3
    read(segments, (empty,) * 3, st)  # read as the cut leaves it
    changed: Any
    for changed in ([0] if field in ("tricks", "compact") else {"a": 1}, [] if empty == {} else {}, None, 0, ()):
        with pytest.raises(TypeError):
            read(segments, (empty, changed, empty), st)
    for column in ((empty,) * 2, (empty,) * 4):
        with pytest.raises(TypeError):
            read(segments, column, st)


def _holdings_cut(hands: int) -> tuple[list[str], list[str], Any]:
    """A simulated Hearts game's deals and passes cut out of its text (``hands`` hands), and its players' seating."""
    document = _game(hands=hands)
    decoded = (json_values.cut_values(_compact(document), tricks_text.OPENER, "]]") or ([], ""))[1]
    deals, decoded = json_values.cut_values(decoded, deal_text.OPENER, "}") or ([], "")
    passes = (json_values.cut_values(decoded, '"passes":{', "}") or ([], ""))[0]
    assert len(deals) == len(passes) == hands
    return deals, passes, seating(tuple(document["players"]))


def _alone(read: Any, segments: list[str], column: tuple[Any, ...], st: Any) -> Any:
    try:
        return read(segments, column, st)
    except TypeError:
        return TypeError


def _at(segments: list[str], at: int, old: str, new: str) -> list[str]:
    changed = [*segments]
    assert old in changed[at]
    changed[at] = changed[at].replace(old, new, 1)
    return changed


@pytest.mark.parametrize("hands", [1, 3])
def test_the_deals_and_passes_read_at_once_are_what_each_reads_alone(hands: int) -> None:
    # deal_text.Both reads a game's deals and passes in one pass, the passes' text after the deals'; each field so read
    # is what its own reader reads of it alone (the deals 13 cards a player, the passes 3), and where either reader
    # refuses its field (a TypeError: the game is then read a hand at a time), so does Both
    deals, passes, st = _holdings_cut(hands)
    last = hands - 1

    def kept(segments: list[str], cards: Any) -> list[str]:
        # each holding's first cards(seat, holding) cards kept, written as before
        held = [json.loads("{" + segment + "}") for segment in segments]
        for holdings in held:
            for seat, name in enumerate([*holdings]):
                holdings[name] = holdings[name][: cards(seat, holdings[name])]
        return [json.dumps(holdings, separators=(",", ":"))[1:-1] for holdings in held]

    variants = [
        (deals, passes),
        (deals, kept(passes, lambda seat, held: 1)),  # every player passing one card (read so alone too)
        (kept(deals, lambda seat, held: 12), passes),  # twelve cards dealt to each
        (deals, kept(passes, lambda seat, held: 2 if seat == 0 else 3)),  # the first passer passing two
        (deals, _at(passes, last, '":["', '":[')),  # the first passer's first card its key's: no JSON
        (deals, [pass_.replace('","', '"\n,"', 1) for pass_ in passes]),  # a line feed in every pass
        (_at(deals, 0, '","', '",\n"'), passes),  # a line feed in a deal
        (_at(deals, last, '","', '","2C","'), passes),  # a card more for one player in the last deal
        (deals, _at(passes, 0, '","', '","2C","')),  # a card more passed by one player
        (deals, kept(passes, lambda seat, held: 0)),  # no cards passed
        (kept(deals, lambda seat, held: 0), passes),  # no cards dealt
    ]
    column: tuple[Any, ...] = ({},) * hands
    for dealt, passed in variants:
        expected = (
            _alone(deal_text.read_deals, dealt, column, st),
            _alone(deal_text.read_passes, passed, column, st),
        )
        both = deal_text.Both(dealt, passed)
        if TypeError in expected:
            with pytest.raises(TypeError):
                both.read_deals(column, st)
        else:
            assert (both.read_deals(column, st), both.read_passes(column, st)) == expected
    # passes one fewer or one more than the deals, and a column not as the cut leaves it: refused
    for passed in (passes[:-1], [*passes, passes[0]]):
        with pytest.raises(TypeError):
            deal_text.Both(deals, passed).read_deals(column, st)
    wrongs: list[tuple[Any, ...]] = [({},) * (hands + 1), ({"a": 1},) * hands, ([],) * hands]
    for wrong in wrongs:
        with pytest.raises(TypeError):
            deal_text.Both(deals, passes).read_deals(wrong, st)
        both = deal_text.Both(deals, passes)
        both.read_deals(column, st)
        with pytest.raises(TypeError):
            both.read_passes(wrong, st)
    # asked for the passes with none kept (hands of no deal read), they are read alone
    assert deal_text.Both(deals, passes).read_passes(column, st) == deal_text.read_passes(passes, column, st)


def test_each_hands_tricks_are_cut_at_the_last_closer_before_the_next_opener(monkeypatch: pytest.MonkeyPatch) -> None:
    # a hand's tricks are cut from their opener to the last "]]" before the next opener (or the text's end): in the
    # usual form the only "]]" there ends them (no template holds one, and a name holding a bracket is written out),
    # and one met later (a name holding "]]" in the next hand's deal, in a score) leaves a segment no JSON by itself,
    # decoded whole: the same game either way
    assert json_values.cut_values('x"o":[a]]b]]c"o":[d]]', '"o":[', "]]", str.rpartition) == (
        ["a]]b", "d"],
        'x"o":[]c"o":[]',
    )
    assert json_values.cut_values('x"o":[a]]b]]c"o":[d]]', '"o":[', "]]") == (["a", "d"], 'x"o":[]b]]c"o":[]')
    done = _read_from_text(monkeypatch)
    players = ("x]]y", "B", "C", "D")
    document = _game(players=players, hands=1)
    del document["hands"][0]["score"]
    assert _read(_compact(document)) is not None  # a name holding "]]" in the tricks: they are cut at their end
    assert done[0] == 2  # and read from the text (by read_text and from_json_text: failing where cut at the first)
    for hands in (2, 3):
        document = _game(players=players, hands=hands)
        _read(_compact(document))  # a later "]]" in each hand's part: in the next deal, in a score
        for hand in document["hands"]:
            del hand["score"]
        _read(_compact(document))
