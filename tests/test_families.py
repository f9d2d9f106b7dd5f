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


@pytest.mark.parametrize(
    ("played", "checked", "said", "at"),
    [
        # a Spades game with no rules in its header, checked by Hearts' rules: its every deal, bid and trick were
        # replayed by them, 82 errors for a simulated intramural game under hearts/intramural
        (
            "spades/intramural",
            "hearts/intramural",
            "of Hearts, which has no bidding, but every hand",
            "$.hands[0].bids",
        ),
        ("spades/six-player", "hearts/club", "of Hearts, which has no bidding, but every hand", "$.hands[0].bids"),
        # and the reverse: a Hearts game (no bid, cards passed) by the rules of Spades, which pass none
        ("hearts/intramural", "spades/intramural", "of Spades, which bids every hand and passes no cards, but no", ""),
        # and by Spades rules that pass as four-handed Hearts does (left, right, across, none), after the bidding
        ("hearts/intramural", "spades/ihop-silver", "of Spades, which bids every hand before its cards are passed", ""),
    ],
)
def test_a_log_with_no_rules_shaped_as_another_game_is_refused_once(
    played: str, checked: str, said: str, at: str
) -> None:
    game = _simulated(played)
    del game["game"]["rules"]
    first = next((i for i, hand in enumerate(game["hands"]) if hand.get("passes")), None)
    with pytest.raises(InputError) as caught:
        audit(load_spec(checked), from_document(game, WHERE))
    assert caught.value.message.startswith(f"{checked} is a rule set {said}")
    assert caught.value.message.endswith("check it by the rules it was played by (--rules, or rules: in its header)")
    assert caught.value.location.path == (at or f"$.hands[{first}].passes")


def test_a_log_with_no_rules_shaped_as_its_own_game_is_audited() -> None:
    # the same shapes under rules of their own game: audited as before; and a Spades record that leaves a hand's
    # bids out (the rest bid) is a short record of Spades, not another game
    for played in ("spades/intramural", "hearts/intramural"):
        game = _simulated(played)
        del game["game"]["rules"]
        assert audit(load_spec(played), from_document(game, WHERE)).status == "clean"
    game = _simulated("spades/intramural")
    del game["game"]["rules"]
    del game["hands"][1]["bids"]
    report = audit(load_spec("hearts/intramural"), from_document(game, WHERE))
    assert report.violations
