"""Specs for a club's own rulebook: its own source file, merging extension, options, no silent clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import spec_checks
from referee.bundled import rules_dir
from referee.errors import InputError
from referee.spec import load
from referee.tricks.tables import compile_spec

SHEET = """\
CLUB SPADES
We play the intramural rules with two changes.
The game is played to 300 points.
A side that takes ten overtricks loses 100 points.
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _club(folder: Path, body: str) -> Path:
    _write(folder, "sheet.txt", SHEET)
    head = (
        "spec: 1\nid: club/test\ntitle: Club Spades\nextends: spades/intramural\n"
        "source: {document: sheet.txt, title: Club sheet, headings: [CLUB SPADES]}\n"
    )
    return _write(folder, "club.yaml", head + body)


FULL_BODY = """\
not_checkable:
  - id: preamble
    source: We play the intramural rules with two changes.
    reason: It introduces the changes below.
game_end:
  target:
    source: The game is played to 300 points.
    points: 300
scoring:
  bags:
    source: A side that takes ten overtricks loses 100 points.
    limit: 10
    penalty: -100
"""


def test_a_source_document_beside_the_spec_is_checked_like_a_bundled_one(tmp_path: Path) -> None:
    """Failure 1 of the issue: a club's own sheet was refused as 'not among the bundled sources'."""
    path = _club(tmp_path, FULL_BODY)
    problems, notes = spec_checks.check_file(path)
    assert problems == [] and notes == []
    tables = compile_spec(load(str(path)))
    assert (tables.target, tables.bag_limit, tables.bag_penalty) == (300, 10, -100)


def test_loading_a_spec_by_path_checks_its_quotes(tmp_path: Path) -> None:
    """Failure 1 of the issue: a spec loaded by path was never held to its quotes."""
    path = _club(tmp_path, FULL_BODY.replace("is played to 300", "is played up to 300"))
    with pytest.raises(InputError) as caught:
        load(str(path))
    assert caught.value.location.path == "$.game_end.target.source"
    assert "The game is played to 300 points." in caught.value.message  # the nearest sentence


def test_a_child_that_overrides_one_field_keeps_the_others() -> None:
    """Failure 2 of the issue: `bidding.limits: {side_min: 5}` dropped the parent's `player_min: 1`."""
    spec = load(str(Path(__file__).parent / "specs" / "side-min-five.yaml"))
    tables = compile_spec(spec)
    assert (tables.player_min, tables.player_max, tables.side_min) == (1, 13, 5)


def test_a_clause_that_cannot_take_effect_is_refused(tmp_path: Path) -> None:
    """Failure 3 of the issue: a lead rule about trumps in a spec with no trump suit was accepted, then ignored."""
    body = """\
ranking:
  trump: {interpretation: no trumps at this club, suit: none, top: null}
deck:
  cards: {interpretation: the plain pack of 52, add: null, remove: null}
play:
  lead: {interpretation: trumps only once broken, trump: after_broken}
"""
    head = "spec: 1\nid: club/test\ntitle: t\nextends: spades/intramural\n"
    path = _write(tmp_path, "club.yaml", head + body)
    with pytest.raises(InputError) as caught:
        compile_spec(load(str(path)))
    assert caught.value.location.path == "$.play.lead.trump"
    assert "no trump suit" in caught.value.message


CHILD = "spec: 1\nid: club/child\ntitle: t\nextends: spades/intramural\n"


def _child(tmp_path: Path, body: str) -> Path:
    return _write(tmp_path, "child.yaml", CHILD + body)


def test_null_removes_a_field_or_a_clause(tmp_path: Path) -> None:
    body = "bidding:\n  limits: {interpretation: no side minimum, side_min: null}\ngame_end:\n  tie: null\n"
    spec = load(str(_child(tmp_path, body)))
    assert spec.clause("bidding.limits").data == {"player_min": 1, "player_max": 13}
    assert not spec.has("game_end.tie")
    assert spec.clause("bidding.limits").source == ()  # new words replace the old ones, quote and reading both


def test_removing_what_the_parent_lacks_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"removes game_end\.floor, which spades/intramural does not have") as caught:
        load(str(_child(tmp_path, "game_end:\n  floor: null\n")))
    assert caught.value.location.path == "$.game_end.floor"
    with pytest.raises(InputError, match=r"removes side_max, which bidding\.limits does not have"):
        load(str(_child(tmp_path, "bidding:\n  limits: {interpretation: x, side_max: null}\n")))


def test_a_changed_rule_needs_words_of_its_own(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, "game_end:\n  target: {points: 300}\n")))
    assert caught.value.location.path == "$.game_end.target"
    assert "changes points of game_end.target without words of its own: add source:" in caught.value.message
    # a field that is not a rule (here the severity) is changed without new words, and keeps the parent's
    spec = load(str(_child(tmp_path, "play:\n  follow: {severity: warning}\n")))
    assert spec.clause("play.follow").severity == "warning"
    assert spec.clause("play.follow").source == ("A player must follow suit, if able.",)


def test_family_and_source_are_inherited(tmp_path: Path) -> None:
    body = "game_end:\n  target: {source: The game consist of 500 points., interpretation: shorter, points: 300}\n"
    spec = load(str(_child(tmp_path, body)))
    assert (spec.family, spec.document) == ("spades", "001_3f218c6ee18e85e0.txt")
    problems, notes = spec_checks.check_file(spec.path)
    assert problems == [] and notes == []
    origin = spec.clause("game_end.target").origin
    assert (
        origin is not None
        and origin.describe() == "from spades/intramural; source, interpretation, points by club/child"
    )


def test_loading_by_id_or_by_path_is_the_same() -> None:
    # the bundled file by path is the very spec the id names (installed or not: a wheel carries its own copy)
    by_path = load(str(rules_dir() / "spades" / "intramural.yaml"))
    assert load("spades/intramural") is by_path
    # and the checkout's copy by path reads to the same effective spec
    checkout = load(str(Path(__file__).resolve().parent.parent / "rules" / "spades" / "intramural.yaml"))
    assert checkout.raw == by_path.raw and checkout.clauses == by_path.clauses


def test_extends_by_path_and_a_cycle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "a.yaml",
        "spec: 1\nid: club/a\ntitle: t\nextends: b.yaml\n".replace("b.yaml", str(tmp_path / "b.yaml")),
    )
    _write(
        tmp_path,
        "b.yaml",
        "spec: 1\nid: club/b\ntitle: t\nextends: a.yaml\n".replace("a.yaml", str(tmp_path / "a.yaml")),
    )
    with pytest.raises(InputError, match="spec extends itself") as caught:
        load(str(tmp_path / "a.yaml"))
    assert "a.yaml -> " in caught.value.message and caught.value.location.path == "$.extends"


OPTIONS = """\
options:
  target:
    description: Points that end the game.
    default: 500
    values: [500, 300]
    source: The game consist of 500 points.
    interpretation: The table may agree on 300.
  bag_penalty:
    description: Points lost for ten overtricks.
    type: integer
    default: -100
    interpretation: A house rule.
game_end:
  target: {points: {option: target}, interpretation: the table's choice}
scoring:
  bags: {interpretation: a house rule, limit: 10, penalty: {option: bag_penalty}}
"""


def test_options_are_typed_and_a_bad_value_names_the_valid_ones(tmp_path: Path) -> None:
    path = str(_child(tmp_path, OPTIONS))
    tables = compile_spec(load(path, {"target": 300, "bag_penalty": -50}))
    assert (tables.target, tables.bag_penalty) == (300, -50)  # any numeric field can be left to the table
    with pytest.raises(InputError, match=r"option 'bag_penalty' takes a whole number, not 'lots'"):
        load(path, {"bag_penalty": "lots"})
    with pytest.raises(InputError) as caught:
        load(path, {"goal": 300})
    assert "unknown option 'goal'" in caught.value.message
    assert "target (a whole number, default 500: 500 or 300)" in caught.value.message
    assert "bag_penalty (a whole number, default -100)" in caught.value.message


def test_an_option_default_of_the_wrong_type_is_located(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, OPTIONS.replace("default: -100", "default: many"))))
    assert caught.value.location.path == "$.options.bag_penalty.default"


def test_an_option_no_clause_uses_is_reported(tmp_path: Path) -> None:
    path = _child(tmp_path, OPTIONS.replace("penalty: {option: bag_penalty}", "penalty: -100"))
    problems, _ = spec_checks.check_file(path)
    assert any("option 'bag_penalty' is used by no clause" in p for p in problems)


def test_an_option_in_a_log_header_is_located_there(tmp_path: Path) -> None:
    import referee

    spec = _child(tmp_path, OPTIONS)
    text = (
        "log: 1\ngame: {options: {target: 200}}\nplayers: [A, B, C, D]\n"
        "hands:\n  - {dealer: A, bids: {A & C: 7, B & D: 5}, books: {A & C: 8, B & D: 5}}\n"
    )
    log = referee.load_log(_write(tmp_path, "game.yaml", text))
    with pytest.raises(InputError) as caught:
        referee.audit(referee.load_spec(str(spec)), log)
    assert caught.value.location.path == "$.game.options.target"
    assert "cannot be 200 (choose from 500, 300)" in caught.value.message
    # an option given replaces the header's choice, not its fault: the header is refused all the same
    with pytest.raises(InputError, match="; --option target replaces the header's choice, not a value the spec"):
        referee.audit(referee.load_spec(str(spec)), log, {"target": 300})
    log = referee.load_log(_write(tmp_path, "game.yaml", text.replace("target: 200", "target: 500")))
    report = referee.audit(referee.load_spec(str(spec)), log, {"target": 300})
    assert report.options == {"bag_penalty": -100, "target": 300}  # the report says what was in force


@pytest.mark.parametrize("value", [["short"], {"short": 1}, None])
def test_a_text_option_set_to_no_text_in_a_log_header_is_refused_there(tmp_path: Path, value: object) -> None:
    # An option of text with no list of values took any value that was not a bool or a number (a list, an
    # object, a null) as text: the spec was then compiled with it and hashed, a traceback (TypeError: unhashable
    # type). Found by check4.
    import json

    import referee

    option = "  table_name:\n    description: The table's name.\n    type: string\n    default: oak\n"
    body = OPTIONS.replace("options:\n", "options:\n" + option + "    interpretation: a house rule.\n", 1)
    spec = referee.load_spec(str(_child(tmp_path, body)))
    header = {"options": {"table_name": value}}
    text = json.dumps({"log": 1, "game": header, "players": ["A", "B", "C", "D"], "hands": []})
    log = referee.load_log(_write(tmp_path, "game.json", text))
    with pytest.raises(InputError) as caught:
        referee.audit(spec, log)
    assert caught.value.location.path == "$.game.options.table_name"
    shown = "null" if value is None else repr(value)  # as YAML and JSON write it, not Python's None
    assert f"option 'table_name' takes text, not {shown}" in caught.value.message
    assert referee.audit(spec, referee.load_log(_write(tmp_path, "ok.json", text.replace(json.dumps(value), '"elm"'))))


def test_an_option_map_with_a_number_key_says_what_it_maps(tmp_path: Path) -> None:
    # A map's key YAML reads as a number: the message listing the map's keys was a traceback (TypeError: sequence
    # item 0: expected str instance, int found). Found by check4.
    body = OPTIONS.replace("points: {option: target}", "points: {option: target, map: {1: 300, x: 500}}")
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, body)))
    assert "maps no value for option 'target' = '500' (it maps 1, x)" in caught.value.message
    assert caught.value.location.path == "$.game_end.target.points.map"


def test_a_spec_with_no_rulebook_rests_on_readings_alone(tmp_path: Path) -> None:
    text = STANDALONE
    path = _write(tmp_path, "silent.yaml", text)
    problems, notes = spec_checks.check_file(path)
    assert problems == [] and notes == []
    assert spec_checks.quote_summary(load(str(path))).endswith(", 0 quoting the source, 12 on a reading alone")
    quoted = _write(
        tmp_path, "quoted.yaml", text.replace("{interpretation: four, count: 4}", "{source: Four., count: 4}")
    )
    with pytest.raises(InputError, match="quotes a source, but the spec has no source document") as caught:
        load(str(quoted))
    assert caught.value.location.path == "$.players.seats.source"


# A whole spec with no rulebook behind it: every clause a reading.
STANDALONE = """\
spec: 1
id: club/no-sheet
title: Spades as we have always played it
family: spades
players:
  seats: {interpretation: four, count: 4}
  sides: {interpretation: opposite, partners: opposite}
  turn: {interpretation: clockwise, direction: clockwise}
deck:
  cards: {interpretation: plain pack, base: standard-52}
ranking:
  order: {interpretation: ace high, ranks: [A, K, Q, J, "10", "9", "8", "7", "6", "5", "4", "3", "2"]}
  trump: {interpretation: spades, suit: S}
deal:
  cards: {interpretation: thirteen each, per_player: 13}
bidding:
  limits: {interpretation: any, player_min: 0, player_max: 13}
play:
  follow: {interpretation: follow, must_follow: true}
  trick_winner: {interpretation: usual, rule: highest_trump_else_led_suit}
scoring:
  contract: {interpretation: usual, made_per_trick: 10, overtrick: 1, set_per_trick: -10}
game_end:
  target: {interpretation: to 500, points: 500}
"""


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        (
            "bidding:\n  limits: {side_min: four, interpretation: x}\n",
            "$.bidding.limits.side_min",
            "side_min takes a whole number (at least 0) or {option: NAME}, not 'four'",
        ),
        (
            "bidding:\n  limits: {side_minimum: 4, interpretation: x}\n",
            "$.bidding.limits",
            "'side_minimum' is not a field of bidding.limits (did you mean side_min?); its fields: player_min,",
        ),
        (
            "game_end:\n  targt: {points: 300, interpretation: x}\n",
            "$.game_end",
            "'targt' is not a field of game_end (did you mean target?)",
        ),
        (  # a key YAML reads as a number, or a null: a traceback before (found by check4)
            "game_end:\n  target: {points: 300, interpretation: x, 1: x}\n",
            "$.game_end.target",
            "1 is not a field of game_end.target; its fields: ",
        ),
        (
            "game_end:\n  target: {points: 300, interpretation: x, ~: x}\n",
            "$.game_end.target",
            "None is not a field of game_end.target; its fields: ",
        ),
        (
            "ranking:\n  trump: {suit: spades, interpretation: x}\n",
            "$.ranking.trump.suit",
            "suit takes one of C, D, H, S, none or {option: NAME}, not 'spades'",
        ),
        (
            "deck:\n  cards: {remove: 2D, interpretation: x}\n",
            "$.deck.cards.remove",
            "remove takes a list of cards such as AS, 10H, QS or BJ or {option: NAME}, not '2D'",
        ),
    ],
)
def test_a_schema_error_names_the_field_and_what_it_takes(tmp_path: Path, body: str, where: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, body)))
    assert caught.value.location.path == where
    assert message in caught.value.message
    assert "is not valid under any of the given schemas" not in caught.value.message


def test_a_new_clause_without_words_is_told_what_to_write(tmp_path: Path) -> None:
    text = STANDALONE.replace("target: {interpretation: to 500, points: 500}", "target: {points: 500}")
    with pytest.raises(InputError) as caught:
        load(str(_write(tmp_path, "spec.yaml", text)))
    assert caught.value.location.path == "$.game_end.target"
    assert "game_end.target needs source: or interpretation:" in caught.value.message


def test_the_natural_ways_to_say_game_to_300_work_or_say_what_to_write(tmp_path: Path) -> None:
    """Failure 2 of the issue: three of four ways of writing "the same, but game to 300" were refused
    with messages that did not say what to write instead."""
    # 1. one field and a quote, no family or source of its own: the way, and it works
    quoted = "game_end:\n  target:\n    points: 300\n    source: The game consist of 500 points.\n"
    assert compile_spec(load(str(_child(tmp_path, quoted)))).target == 300
    # 2. the number alone: refused, saying to add the words it rests on
    with pytest.raises(InputError, match=r"add source: .* or interpretation: "):
        load(str(_child(tmp_path, "game_end:\n  target: {points: 300}\n")))
    # 3. the path as one key: refused, with the nested form to write
    with pytest.raises(InputError, match=r"write game_end: \{target: \{points: 300\}\}"):
        load(str(_child(tmp_path, "game_end.target.points: 300\n")))
    # 4. an option on the command line, for a spec that has none: refused, pointing at a child spec
    with pytest.raises(InputError, match=r"write a spec that extends it \(referee new --extends spades/intramural"):
        load("spades/intramural", {"target": 300})
    # and the clause name without its section
    with pytest.raises(InputError, match=r"it is a clause of game_end; write game_end: \{target: \.\.\.\}"):
        load(str(_child(tmp_path, "target: {points: 300}\n")))


def test_null_removes_a_clause_s_reading_too(tmp_path: Path) -> None:
    # "null removes a field": a child quoting its own sheet and dropping the parent's reading was refused
    # ("interpretation takes text, not None")
    body = "game_end:\n  tie:\n    source: x\n    interpretation: null\n    rejected: null\n"
    spec = load(str(_child(tmp_path, body)))
    assert spec.clause("game_end.tie").interpretation is None
    assert spec.clause("game_end.tie").rejected == ()
    assert spec.clause("game_end.tie").data == {"rule": "play_on"}


@pytest.mark.parametrize(("value", "shown"), [("true", "not true"), ("'300'", "not '300'")])
def test_a_wrong_value_is_shown_as_yaml_writes_it(tmp_path: Path, value: str, shown: str) -> None:
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, f"game_end:\n  target:\n    interpretation: ours\n    points: {value}\n")))
    assert caught.value.location.path == "$.game_end.target.points"
    assert caught.value.message.endswith(f"points takes a whole number (at least 1) or {{option: NAME}}, {shown}")
    # in a spec that extends none, null removes nothing: it is a wrong value, said as YAML writes it (not None)
    whole = (rules_dir() / "spades" / "intramural.yaml").read_text(encoding="utf-8")
    assert "    points: 500\n" in whole
    with pytest.raises(InputError) as caught:
        load(str(_write(tmp_path, "whole.yaml", whole.replace("    points: 500\n", "    points: null\n", 1))))
    assert caught.value.message.endswith("points takes a whole number (at least 1) or {option: NAME}, not null")


def test_a_club_spec_with_no_sheet_of_its_own_is_told_why_a_sentence_of_the_rulebook_is_quoted_by_none(
    tmp_path: Path,
) -> None:
    # a club that plays to 300 on a reading alone (no sheet): its new words replace the intramural clause's quote,
    # and validate said only "sentence of 001_3f218c6ee18e85e0.txt quoted by no clause: 'The game consist of 500
    # points.'", a sentence of a rulebook the club never meant to answer for, with no word of what to do
    path = _child(tmp_path, "game_end:\n  target: {interpretation: We play to 300., points: 300}\n")
    problems, _ = spec_checks.check_file(path)
    assert problems == [
        f"{path}: sentence of 001_3f218c6ee18e85e0.txt quoted by no clause: 'The game consist of 500 points.' "
        "(child.yaml names no source document of its own, so it answers for the bundled rulebook of the spec it "
        "extends, where spades/intramural quoted this sentence in game_end.target, which child.yaml changes: "
        "quote the sentence again there, list it under not_checkable with the reason, or write source: null if "
        "the club has no sheet of its own)"
    ]
    # with source: null the club answers for no rulebook: valid, and nothing it sets rests on a quote
    nulled = _child(tmp_path, "source: null\ngame_end:\n  target: {interpretation: We play to 300., points: 300}\n")
    assert spec_checks.check_file(nulled) == ([], [])
    # a club with a sheet of its own gets no such note for a sentence of its sheet
    problems, _ = spec_checks.check_file(
        _club(tmp_path, FULL_BODY.replace("    source: The game is played to 300 points.\n", "    interpretation: x\n"))
    )
    assert problems and all("quoted by no clause" in p and "names no source" not in p for p in problems)


def test_a_club_spec_with_no_sheet_of_its_own_is_told_where_its_quotes_were_sought(tmp_path: Path) -> None:
    # the club's sentence was looked for in the intramural sheet, and the nearest sentence there named as if it
    # were a misquote of it; the spec that names its own sheet gets no such note
    body = "game_end:\n  target:\n    source: A game is played to 300 points.\n    points: 300\n"
    with pytest.raises(InputError) as caught:
        load(str(_child(tmp_path, body)))
    assert caught.value.message.endswith(
        "(child.yaml names no source document of its own, so its quotes are looked for in the bundled rulebook of "
        "the spec it extends; a club's sheet is named with source: {document: FILE, title: TITLE})"
    )
    with pytest.raises(InputError) as caught:
        load(str(_club(tmp_path, FULL_BODY.replace("300 points.", "300 points!"))))
    assert "quote not found verbatim" in caught.value.message and "names no source" not in caught.value.message


def test_a_hearts_club_that_changes_a_card_s_points_is_told_the_deal_s_total_does_not_add_up(tmp_path: Path) -> None:
    # the queen at 10 over hearts/club, whose total: 26 was inherited unread: a player who took all 23 points of a
    # deal was not said to shoot the moon, and a score sheet's hand of 10, 5, 8 and 0 was a score_mismatch ('the
    # points written for this hand add up to 23; a deal's add up to 26 or 78'), with the spec validated as ok
    head = "spec: 1\nid: club/birch\ntitle: t\nextends: hearts/club\nsource: null\n"
    body = "scoring:\n  points: {interpretation: The queen counts ten., cards: {QS: 10}}\n"
    with pytest.raises(InputError) as caught:
        compile_spec(load(str(_write(tmp_path, "birch.yaml", head + body))))
    assert caught.value.location.path == "$.scoring.points.total"
    assert caught.value.message == (
        "total: 26 is not the points of the deck's counting cards, which add up to 23: no hand's points could make "
        "it, and no player could take them all (the moon); write total: 23"
    )
    fixed = _write(tmp_path, "fixed.yaml", head + body.replace("{QS: 10}}", "{QS: 10}, total: 23}"))
    points = compile_spec(load(str(fixed))).points
    assert points is not None and points.total == 23
    assert spec_checks.check_file(fixed) == ([], [])


def test_a_bag_limit_with_no_penalty_is_refused(tmp_path: Path) -> None:
    # a club's "bags at 5" written as limit: 5 alone, over intramural rules that have no bags clause: validate said
    # ok, and the rulebook and referee diff said 'Each time a side's overtricks (bags) reach 5, it scores 0', a
    # rule that changes no score
    body = "scoring:\n  bags: {interpretation: Five bags cost fifty., limit: 5}\n"
    with pytest.raises(InputError) as caught:
        compile_spec(load(str(_child(tmp_path, body))))
    assert caught.value.location.path == "$.scoring.bags.limit"
    assert caught.value.message == (
        "limit: 5 cannot take effect: no penalty is set (scoring.bags.penalty), so reaching the limit costs "
        "nothing; give the points a side scores each time, such as penalty: -50"
    )
    fixed = _child(tmp_path, body.replace("limit: 5}", "limit: 5, penalty: -50}"))
    assert compile_spec(load(str(fixed))).bag_penalty == -50


def test_a_club_that_fixes_what_its_rules_left_to_the_table_is_told_how_to_write_it(tmp_path: Path) -> None:
    # a domino club that plays the block game to 150 wrote game_end.target's points: 150 over dominoes/block-partners,
    # whose target is the table's choice (option target); validate said "option 'target' is used by no clause, so
    # setting it would change nothing (write {option: target} in place of a value of the clause it stands for)",
    # which would undo the club's 150
    head = "spec: 1\nid: club/block\ntitle: t\nextends: dominoes/block-partners\nsource: null\n"
    body = "game_end:\n  target: {interpretation: We play to 150., points: 150}\n"
    path = _write(tmp_path, "block.yaml", head + body)
    problems, _ = spec_checks.check_file(path)
    assert problems == [
        f"{path}, at $.options.target: option 'target' of dominoes/block-partners is used by no clause here: "
        "block.yaml sets game_end.target.points to 150 itself. Remove the option (options: {target: null}), or "
        "leave the choice to the table with a default of your own and its words: options: {target: {default: 150, "
        "interpretation: ...}}, in place of points: 150"
    ]
    for fixed in (
        head + body + "options: {target: null}\n",
        head + "options: {target: {default: 150, interpretation: We play to 150 unless we agree otherwise.}}\n",
    ):
        path.write_text(fixed, encoding="utf-8")
        assert spec_checks.check_file(path) == ([], [])
        assert load(str(path)).value("game_end.target", "points") == 150


def test_a_sheet_that_cannot_be_read_fails_its_spec_and_validate_goes_on(tmp_path: Path) -> None:
    # an empty sheet beside a club's spec ended referee validate at that spec, with no FAIL line for it and the
    # specs named after it never validated: 'referee validate n1.yaml spades/intramural' printed only
    # 'referee: /tmp/.../n1.txt: the file is empty', exit 2
    import io
    import sys

    from referee.cli import main

    _write(tmp_path, "sheet.txt", "")
    head = (
        "spec: 1\nid: club/test\ntitle: Club Spades\nextends: spades/intramural\n"
        "source: {document: sheet.txt, title: Club sheet}\n"
    )
    path = _write(tmp_path, "club.yaml", head)
    problems, _ = spec_checks.check_file(path)
    assert problems == [f"{tmp_path / 'sheet.txt'}: the file is empty"]
    out, err = io.StringIO(), io.StringIO()
    stderr, sys.stderr = sys.stderr, err
    try:
        code = main(["validate", str(path), "spades/intramural"], out)
    finally:
        sys.stderr = stderr
    assert code == 2
    assert out.getvalue().splitlines()[0] == f"FAIL {path}: 1 problem"
    assert out.getvalue().splitlines()[1].startswith("ok   spades/intramural: ")
