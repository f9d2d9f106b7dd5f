"""Which family a game belongs to: told by its hands, else by its rules."""

from __future__ import annotations

import pytest

from referee import load_spec
from referee.errors import InputError, Location
from referee.families import audit
from referee.gamelog import from_document

WHERE = Location(file="game.json")
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize("rules", ["dominoes/block-partners", "hearts/intramural", "spades/intramural"])
def test_a_log_with_no_hands_is_audited_by_the_family_of_its_rules(rules: str) -> None:
    # it was read as a trick game, and a domino spec's audit said it 'records a game of another family'
    log = from_document({"log": 1, "game": {"rules": rules}, "players": PLAYERS, "hands": []}, WHERE)
    report = audit(load_spec(rules), log)
    assert (report.status, report.hands, report.file) == ("clean", [], "game.json")


def test_a_log_with_hands_of_another_family_is_still_refused() -> None:
    document = {"log": 1, "players": PLAYERS, "hands": [{"books": {"Ann": 13}}]}
    with pytest.raises(InputError, match="records a game of another family"):
        audit(load_spec("dominoes/block-partners"), from_document(document, WHERE))


def test_a_score_sheet_under_domino_rules_is_told_it_needs_the_draw() -> None:
    # a hand with its score alone holds nothing of a card game: what it lacks for a domino audit is its draw
    document = {"log": 1, "players": PLAYERS, "hands": [{"score": {"Ann": 20, "Bob": 0}}]}
    with pytest.raises(InputError, match="record no draw") as refused:
        audit(load_spec("dominoes/block-partners"), from_document(document, WHERE))
    assert "another family" not in refused.value.message


def _simulated(rules: str, seed: int = 1) -> dict:  # type: ignore[type-arg]
    import random

    from referee.simulate import simulate_game

    return simulate_game(load_spec(rules), random.Random(seed))


@pytest.mark.parametrize(
    ("played", "checked", "said"),
    [
        # a six-player Spades game (17 cards each from the double deck, bids) under hearts/intramural, which is
        # for 3 to 7: its every deal, bid and trick were replayed by the rules of Hearts, hundreds of errors
        ("spades/six-player", "hearts/intramural", "of Hearts, but this log's header names spades/six-player, a"),
        ("hearts/club", "spades/intramural", "of Spades, but this log's header names hearts/club, a rule set of"),
    ],
)
def test_a_log_whose_header_names_another_game_is_refused_once(played: str, checked: str, said: str) -> None:
    log = from_document(_simulated(played), WHERE)
    with pytest.raises(InputError) as caught:
        audit(load_spec(checked), log)
    assert caught.value.message.startswith(f"{checked} is a rule set {said}")
    assert caught.value.message.endswith(
        "check it by the rules it names (leave out --rules) or by another rule set of "
        + played.split("/")[0].capitalize()
    )
    assert caught.value.location.path == "$.game.rules"


def test_a_log_of_the_same_game_under_other_rules_is_audited() -> None:
    # the house rules' game under the intramural ones: the same game, other rules, audited as before (what compare
    # and --rules are for); and a header naming no bundled spec is not looked up
    game = _simulated("spades/house")
    report = audit(load_spec("spades/intramural"), from_document(game, WHERE))
    assert report.violations  # the house game's unbid first hand, among others, breaks the intramural rules
    game["game"]["rules"] = "club/somewhere"
    assert audit(load_spec("spades/intramural"), from_document(game, WHERE)).violations
