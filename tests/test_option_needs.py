"""An option that means something only with another's value (options.NAME.needs): a follow-on choice set while its
main one is off, or one of two penalties that go together set alone, is refused (exit 2, one located message),
whether a log's header, --option or both set it; the choices the sources allow are taken as before."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

import referee
from referee.cli import main
from referee.errors import InputError
from referee.gamelog import log_yaml
from referee.simulate import simulate_game

NO_TRUMP_SET = (
    "option 'no_trump_set' may be single only where no_trump is true (here no_trump is false): set no_trump=true "
    "too, or leave no_trump_set at its default, double"
)


def _log(tmp_path: Path, spec_id: str, options: dict[str, Any]) -> Path:
    """A legal game of the spec (its default choices), its header setting ``options``."""
    game = simulate_game(referee.load_spec(spec_id), random.Random(7))
    if options:
        game["game"]["options"] = options
    path = tmp_path / "g.yaml"
    path.write_text(log_yaml(game), encoding="utf-8")
    return path


def _check(path: Path, *more: str) -> int:
    return main(["check", str(path), "-q", *more], out=io.StringIO())


@pytest.mark.parametrize(
    ("spec_id", "chosen", "name", "needs"),
    [
        # ihop-silver: the no trump penalties mean nothing where no trump is not bid, the double nil ones where
        # double nil is not; house: how far behind a blind bid must be, where blind bids are not allowed
        ("spades/ihop-silver", {"no_trump_set": "single"}, "no_trump_set", "no_trump is true"),
        ("spades/ihop-silver", {"blind_no_trump_set": "double"}, "blind_no_trump_set", "no_trump is true"),
        ("spades/ihop-silver", {"double_nil_made": "win"}, "double_nil_made", "double_nil is true"),
        ("spades/six-player", {"double_nil_failed": "loss"}, "double_nil_failed", "double_nil is true"),
        ("spades/house", {"blind_behind_by": 0}, "blind_behind_by", "blind is true"),
        # house's penalty for another rule broken: 'looses 3 of their books or -30 points', one or the other; the
        # two options each need the other's choice, so neither (0 and 0) and both (3 and -30) are no game
        ("spades/house", {"rule_break_books": 0}, "rule_break_books", "rule_break_points is -30"),
        ("spades/house", {"rule_break_points": -30}, "rule_break_points", "rule_break_books is 0"),
    ],
)
def test_an_option_set_without_what_it_needs_is_refused(
    spec_id: str, chosen: dict[str, Any], name: str, needs: str
) -> None:
    spec = referee.load_spec(spec_id)
    with pytest.raises(InputError, match=f"^option {name!r} may be .* only where {needs} "):
        spec.with_options(chosen)


@pytest.mark.parametrize(
    ("spec_id", "chosen"),
    [
        ("spades/ihop-silver", {"no_trump": True, "no_trump_set": "single", "blind_no_trump_set": "single"}),
        ("spades/ihop-silver", {"double_nil": True, "double_nil_made": "win", "double_nil_failed": "minus_500"}),
        ("spades/ihop-silver", {"no_trump_set": "double", "double_nil_failed": "minus_250"}),  # defaults: no change
        ("spades/house", {"blind": True, "blind_behind_by": 0}),
        ("spades/house", {"rule_break_books": 0, "rule_break_points": -30}),  # the points penalty
        ("spades/house", {"rule_break_books": 3, "rule_break_points": 0}),  # the books penalty, written out
    ],
)
def test_an_option_set_with_what_it_needs_is_a_game(spec_id: str, chosen: dict[str, Any]) -> None:
    spec = referee.load_spec(spec_id).with_options(chosen)
    assert all(dict(spec.chosen)[name] == value for name, value in chosen.items())


def test_the_command_line_refuses_a_follow_on_option_alone(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["simulate", "--rules", "spades/ihop-silver", "--option", "no_trump_set=single"], out=out) == 2
    assert capsys.readouterr().err == f"referee: --option no_trump_set=single: {NO_TRUMP_SET}\n"
    assert out.getvalue() == ""
    both = ["--option", "no_trump_set=single", "--option", "no_trump=true"]
    assert main(["simulate", "--rules", "spades/ihop-silver", *both], out=out) == 0


def test_check_refuses_the_follow_on_before_any_game_where_the_command_line_settles_the_main_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path, "spades/ihop-silver", {"no_trump": True})  # the header's no_trump is overridden
    code = _check(log, "--option", "no_trump_set=single", "--option", "no_trump=false")
    assert code == 2
    assert capsys.readouterr().err.startswith(f"referee: --option no_trump_set=single: {NO_TRUMP_SET}\n")


def test_a_header_s_follow_on_option_without_its_main_one_is_refused_at_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path, "spades/ihop-silver", {"no_trump_set": "single"})
    assert _check(log) == 2
    err = capsys.readouterr().err
    line = next(n for n, text in enumerate(log.read_text(encoding="utf-8").splitlines(), 1) if "no_trump_set" in text)
    assert err.startswith(f"referee: {log}:{line}, at $.game.options.no_trump_set: {NO_TRUMP_SET}\n"), err


@pytest.mark.parametrize(
    ("header", "more"),
    [
        ({"no_trump": True, "no_trump_set": "single"}, ()),  # the header makes both choices
        (
            {"no_trump": True},
            ("--option", "no_trump_set=single"),
        ),  # the command line the follow-on, the header the main
        ({"no_trump_set": "single"}, ("--option", "no_trump=true")),  # and the other way round
    ],
)
def test_a_follow_on_option_is_taken_with_its_main_one_wherever_each_is_set(
    tmp_path: Path, header: dict[str, Any], more: tuple[str, ...]
) -> None:
    # the simulated game bids no no trump, so its verdict is the same under either penalty: clean
    assert _check(_log(tmp_path, "spades/ihop-silver", header), *more) == 0


def test_a_header_with_neither_house_penalty_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 0 books and 0 points: a rule broken cost nothing, though the sheet says 'looses 3 of their books or -30 points'
    log = _log(tmp_path, "spades/house", {"rule_break_books": 0})
    assert _check(log) == 2
    assert (
        "at $.game.options.rule_break_books: option 'rule_break_books' may be 0 only where rule_break_points is -30"
        in (capsys.readouterr().err)
    )


CLUB = """\
spec: 1
id: club/needs
title: A club's needs
extends: spades/ihop-silver
options:
  no_trump_set:
    interpretation: The club's own reading.
    needs: {needs}
"""


@pytest.mark.parametrize(
    ("needs", "words"),
    [
        ("{nosuch: true}", "needs 'nosuch' = true, but names option 'nosuch', which the spec does not define"),
        ("{no_trump: maybe}", "needs 'no_trump' = 'maybe', but option 'no_trump' takes true or false"),
        ("{no_trump_set: single}", "needs 'no_trump_set' = 'single', but names the option itself"),
    ],
)
def test_a_spec_s_need_must_name_another_option_and_a_value_it_takes(tmp_path: Path, needs: str, words: str) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(CLUB.format(needs=needs), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        referee.load_spec(str(path))
    assert caught.value.message.startswith(f"option 'no_trump_set' {words}")
    assert caught.value.location.path == f"$.options.no_trump_set.needs.{needs[1:].split(':')[0]}"


def test_the_rulebook_rules_and_diff_say_what_an_option_needs(capsys: pytest.CaptureFixture[str]) -> None:
    page = io.StringIO()
    assert main(["rulebook", "spades/ihop-silver"], out=page) == 0
    assert "**Default: `double`.** Choices: `double`, `single`. May be changed only where no_trump is true." in (
        page.getvalue()
    )
    diff = io.StringIO()
    main(["diff", "spades/ihop-silver", "spades/intramural"], out=diff)
    assert "choices: double, single; may be changed only where no_trump is true." in " ".join(diff.getvalue().split())
    shown = io.StringIO()
    assert main(["rules", "--show", "spades/house"], out=shown) == 0
    assert "needs:\n      rule_break_points: -30" in shown.getvalue()
