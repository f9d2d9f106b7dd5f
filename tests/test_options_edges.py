"""Every option of every bundled spec at its edges: a value that is no game is refused (exit 2, one message), a
value that is a real game, however odd, is taken."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import referee
from referee.cli import main
from referee.errors import InputError, Location
from referee.gamelog import from_document
from referee.simulate import simulate_game


@pytest.mark.parametrize("target", [0, -5, -(10**9)])
def test_three_player_game_played_to_no_points_is_refused(target: int) -> None:
    # "The game is played to a set number, usually 300, 400, 500": every score starts at 0, so a target of 0 ended
    # the game after the first hand in which a player's score came back up to 0 (hand 3 of a simulated game) and
    # reported the 47 hands after it as game_continued, an error the table never made
    spec = referee.load_spec("spades/three-player")
    with pytest.raises(InputError, match=f"^option 'target' takes a whole number from 1, not {target}$"):
        spec.with_options({"target": target})
    assert "target (a whole number from 1, default 500)" in spec.options["target"].describe()


@pytest.mark.parametrize("target", [1, 10**9])
def test_three_player_game_to_any_number_from_one_is_a_game(target: int) -> None:
    # 10**9 is a game that never ends: "not finished", never a wrong verdict
    chosen = referee.load_spec("spades/three-player").with_options({"target": target})
    assert chosen.options["target"].minimum == 1
    assert chosen.value("game_end.target", "points", None) == target


@pytest.mark.parametrize("margin", [-1, -100])
def test_house_blind_margin_below_zero_is_refused(margin: int) -> None:
    # "may only be bid by players whose team is losing by at least 100 points": a margin of -100 let a team 100
    # ahead bid blind, clean, where the sheet's blind bid is for a team that is losing
    spec = referee.load_spec("spades/house")
    with pytest.raises(InputError, match=f"^option 'blind_behind_by' takes a whole number from 0, not {margin}$"):
        spec.with_options({"blind_behind_by": margin})


@pytest.mark.parametrize("margin", [0, 100, 10**9])
def test_house_blind_margin_from_zero_is_a_game(margin: int) -> None:
    # 0: blind at any score ("usually agreed" leaves it to the table); 10**9: in effect never
    chosen = referee.load_spec("spades/house").with_options({"blind": True, "blind_behind_by": margin})
    assert chosen.value("bidding.blind", "behind_by", None) == margin


SOLO_BLOCK = ["dominoes/block-two", "dominoes/block-three", "dominoes/block-four-solo", "dominoes/block-five"]


@pytest.mark.parametrize("spec_id", SOLO_BLOCK)
def test_the_both_partners_option_is_said_so_in_a_game_without_partners(spec_id: str) -> None:
    # the block game without partners inherits the partnership game's blocked clause, whose interpretation and
    # rejected reading spoke of "a board that blocks after one partner has chipped out" as if this game had
    # partners; each such sentence now says it holds with partners, and what chip_out side is without them
    spec = referee.load_spec(spec_id)
    blocked = spec.clauses["dominoes_scoring.blocked"]
    texts = [blocked.interpretation or "", *(rejected.reading for rejected in blocked.rejected)]
    for text in texts:
        for sentence in " ".join(text.split()).split(". "):
            if "one partner has chipped out" in sentence:
                assert "With partners" in sentence, sentence
    assert "without partners a player's last tile ends the hand under either choice" in (blocked.interpretation or "")
    assert '(without partners, the same as "player")' in " ".join(spec.options["chip_out"].description.split())


@pytest.mark.parametrize("spec_id", SOLO_BLOCK)
def test_both_partners_out_is_one_player_out_without_partners(spec_id: str) -> None:
    # what the option's description says of a game without partners: chip_out side gives the verdicts of player
    spec = referee.load_spec(spec_id)
    for seed in range(3):
        log = from_document(simulate_game(spec, random.Random(seed)), Location(file="<test>"))
        player = referee.audit(spec_id, log, {"chip_out": "player"}).as_dict()
        side = referee.audit(spec_id, log, {"chip_out": "side"}).as_dict()
        assert player["status"] == "clean"
        assert {**side, "options": None} == {**player, "options": None}


@pytest.mark.parametrize(
    ("spec_id", "name", "value", "words"),
    [
        ("spades/three-player", "target", "abc", "a whole number from 1, not 'abc'"),
        ("spades/house", "blind_behind_by", 1.5, "a whole number from 0, not 1.5"),
        ("dominoes/block-two", "target", True, "a whole number from 1, not true"),
    ],
)
def test_a_wrong_type_is_told_the_smallest_value(spec_id: str, name: str, value: object, words: str) -> None:
    # --option target=abc was told 'takes a whole number', and target=0 then 'takes a whole number from 1': the
    # refusal of a text now says at once what the option takes
    with pytest.raises(InputError, match=f"^option {name!r} takes {words}$"):
        referee.load_spec(spec_id).with_options({name: value})


SEATS = """\
spec: 1
id: club/solo-any
title: Solo spades, at any table
extends: spades/solo
options:
  seats:
    description: How many play.
    default: 4
    type: integer
    interpretation: The club plays with as many as come.{bounds}
players:
  seats:
    interpretation: As many as the club agrees.
    count: {{option: seats}}
"""


def test_an_option_for_a_field_with_bounds_must_name_them(tmp_path: Path) -> None:
    # a club's spec could leave its number of players to an option of any whole number: --option seats=0 then
    # ended check and simulate alike in a traceback (ZeroDivisionError), where the spec may not write count: 0
    # itself (the schema's players.seats.count is from 2 to 10); the option must now name the field's bounds
    path = tmp_path / "club.yaml"
    for bounds, words in [
        ("", "which takes at least 2, but has no minimum: give the option minimum: 2"),
        ("\n    minimum: 1", "which takes at least 2, but has minimum 1: give the option minimum: 2"),
        ("\n    minimum: 2", "which takes at most 10, but has no maximum: give the option maximum: 10"),
        ("\n    values: [4, 12]", "which takes at most 10, but can give it 12: give the option maximum: 10"),
    ]:
        path.write_text(SEATS.format(bounds=bounds), encoding="utf-8")
        with pytest.raises(InputError) as caught:
            referee.load_spec(str(path))
        assert caught.value.message.startswith(f"option 'seats' stands for players.seats.count, {words}")
        assert caught.value.location.path == "$.options.seats"


def test_an_option_within_its_field_s_bounds_refuses_what_is_past_them(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(SEATS.format(bounds="\n    minimum: 2\n    maximum: 10"), encoding="utf-8")
    spec = referee.load_spec(str(path))
    assert "seats (a whole number from 2 to 10, default 4)" in spec.options["seats"].describe()
    for seats in (0, 1, 11, 10**9):
        with pytest.raises(InputError, match=f"^option 'seats' takes a whole number from 2 to 10, not {seats}$"):
            spec.with_options({"seats": seats})
    assert spec.with_options({"seats": 3}).value("players.seats", "count") == 3


@pytest.mark.parametrize(
    ("extends", "option", "field", "least"),
    [
        ("spades/house", "blind_behind_by", "bidding.blind.behind_by", 0),
        ("spades/three-player", "target", "game_end.target.points", 1),
    ],
)
def test_a_club_cannot_drop_a_bundled_option_s_minimum(
    tmp_path: Path, extends: str, option: str, field: str, least: int
) -> None:
    # the bundled specs name these minimums for the field they stand for: a spec extending one cannot lower them
    path = tmp_path / "club.yaml"
    path.write_text(
        f"spec: 1\nid: club/x\ntitle: X\nextends: {extends}\noptions:\n  {option}:\n    minimum: -5\n"
        "    interpretation: Any number.\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        referee.load_spec(str(path))
    assert caught.value.message.startswith(
        f"option {option!r} stands for {field}, which takes at least {least}, but has minimum -5"
    )


@pytest.mark.parametrize(
    ("extends", "option", "bound", "words"),
    [
        ("spades/three-player", "pack", "minimum", "takes text"),
        ("spades/house", "blind", "maximum", "takes true or false"),
    ],
)
def test_a_bound_on_an_option_not_of_numbers_is_refused(
    tmp_path: Path, extends: str, option: str, bound: str, words: str
) -> None:
    # minimum: 1 on a text option ended every command that read the spec in a traceback (TypeError: '<' not
    # supported between 'str' and 'int'); maximum: 0 on a boolean was taken and did nothing
    path = tmp_path / "club.yaml"
    path.write_text(
        f"spec: 1\nid: club/x\ntitle: X\nextends: {extends}\noptions:\n  {option}:\n    {bound}: 1\n"
        "    interpretation: Ours.\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        referee.load_spec(str(path))
    assert caught.value.message == f"option {option!r} {words}: a {bound} is for an option of whole numbers"
    assert caught.value.location.path == f"$.options.{option}.{bound}"


@pytest.mark.parametrize("command", [["check", "g.yaml"], ["simulate", "--rules", "dominoes/block-two"]])
def test_an_option_given_twice_with_two_values_is_refused(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # check g.yaml --option target=5 --option target=7 audited to 7 without a word of the 5, where --rules given
    # twice is refused; the same value twice is one choice
    code = main([*command, "--option", "target=5", "--option", "target=7"], out=io.StringIO())
    assert code == 2
    assert capsys.readouterr().err == "referee: --option target: given twice (5, then 7): an option takes one value\n"
    out = io.StringIO()
    assert (
        main(["simulate", "--rules", "dominoes/block-two", "--option", "target=5", "--option", "target=5"], out=out)
        == 0
    )
    assert "target: 5" in out.getvalue()


def test_the_rulebook_and_diff_say_an_option_s_largest_value(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(SEATS.format(bounds="\n    minimum: 2\n    maximum: 6"), encoding="utf-8")
    page = io.StringIO()
    assert main(["rulebook", str(path)], out=page) == 0
    assert "**Default: `4`.** At least 2. At most 6." in page.getvalue()
    diff = io.StringIO()
    main(["diff", "spades/solo", str(path)], out=diff)
    assert "How many play. Default: 4; at least 2; at most 6." in " ".join(diff.getvalue().split())


@pytest.mark.parametrize(("name", "shown"), [(None, "null"), (1, "1"), (True, "true"), ("nosuch", "'nosuch'")])
def test_an_unknown_option_in_a_header_is_named_as_yaml_writes_it(name: object, shown: str) -> None:
    # a header's 'options: {null: 5}' was 'unknown option None for dominoes/block-two', Python's word
    spec = referee.load_spec("dominoes/block-two")
    game = simulate_game(spec, random.Random(1))
    game["game"]["options"] = {name: 5}
    with pytest.raises(InputError) as caught:
        referee.audit("dominoes/block-two", from_document(game, Location(file="<test>")))
    assert caught.value.message.startswith(f"unknown option {shown} for dominoes/block-two (its options: target")


def test_a_field_whose_bound_is_nested_in_its_schema_is_checked_too(tmp_path: Path) -> None:
    # deal.cards.per_player is a number from 1 or a map of them: its bound sits one level down the schema's anyOf,
    # where the first reading of the bounds did not look
    path = tmp_path / "club.yaml"
    path.write_text(
        "spec: 1\nid: club/x\ntitle: X\nextends: spades/solo\noptions:\n  hand:\n    description: Cards each.\n"
        "    default: 13\n    type: integer\n    interpretation: Ours.\ndeal:\n  cards:\n    interpretation: Ours.\n"
        "    per_player: {option: hand}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        referee.load_spec(str(path))
    assert caught.value.message.startswith(
        "option 'hand' stands for deal.cards.per_player, which takes at least 1, but has no minimum"
    )


@pytest.mark.parametrize("more", [(), ("--option", "target=5")])
def test_a_header_s_value_the_spec_cannot_take_is_refused_even_where_an_option_replaces_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: tuple[str, ...]
) -> None:
    # a header's 'target: 0' with --option target=5 was audited to 5 without a word, where without --option the
    # same header is refused: the header is the log's record, and no block game is played to 0
    game = simulate_game(referee.load_spec("dominoes/block-two"), random.Random(3))
    game["game"]["options"] = {"target": 0}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["check", str(path), *more], out=io.StringIO()) == 2
    said = "option 'target' takes a whole number from 1, not 0"
    said += "; --option target replaces the header's choice, not a value the spec cannot take" if more else ""
    assert capsys.readouterr().err == f"referee: {path}, at $.game.options.target: {said}\n"
