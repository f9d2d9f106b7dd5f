"""The cards left over from the deal (the widow), as a set: a card listed twice is that card once (its second copy
where the deck has two), and its points are counted once a copy."""

from __future__ import annotations

import copy
import random

import referee
from referee.errors import Location
from referee.gamelog import from_document
from referee.tricks.cards import COPY, parse_card
from referee.tricks.deal import out_of_play_mask
from referee.tricks.points import PointRules, value_groups
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for

AD, TWO_H, QS = parse_card("AD"), parse_card("2H"), parse_card("QS")


def test_a_widow_card_listed_twice_is_that_card_and_its_points_once() -> None:
    # Three players of Hearts: 17 cards each and one left over, A♦, which goes to East with the first trick (seed 7,
    # hand 1). Its record lists A♦ twice: the deal is reported (two cards out of play, not one; A♦ again), but the
    # widow is A♦ once, worth nothing, so East's points are those of the tricks East took, the 3 the table wrote
    # (the game is otherwise the simulator's, clean). Read as a sum of bits, A♦ twice was the next card, 2♥,
    # worth a point: 4, not 3.
    spec = referee.load_spec("hearts/intramural")
    document = simulate_game(spec, random.Random(7), seats=3)
    hand = document["hands"][0]
    assert hand["leftover"] == ["AD"] and hand["events"] == [{"type": "leftover_taken", "seat": "East"}]
    clean = referee.audit(spec, from_document(copy.deepcopy(document), Location(file="g.json"))).as_dict()
    assert clean["status"] == "clean"
    hand["leftover"] = ["AD", "AD"]
    report = referee.audit(spec, from_document(document, Location(file="g.json"))).as_dict()
    assert [v["code"] for v in report["violations"]] == ["deal_wrong_count", "deal_duplicate_card"]
    # A♦ was dealt to no player: what is wrong is that the record lists it twice
    assert report["violations"][1]["message"] == (
        "A♦ was put out of play, but it is listed there more often than the deck has it"
    )
    assert (report["score_sheet"], report["totals"]) == (clean["score_sheet"], clean["totals"])


def test_the_widow_as_a_set_in_one_deck_and_in_two() -> None:
    one = tables_for(referee.load_spec("hearts/intramural"), 3)
    assert out_of_play_mask(one, (AD, AD)) == 1 << AD  # not 2 << AD, the bit of 2♥
    assert out_of_play_mask(one, (AD, TWO_H)) == 1 << AD | 1 << TWO_H
    two = tables_for(referee.load_spec("spades/six-player"))  # a double deck
    assert out_of_play_mask(two, (QS, QS)) == 1 << QS | 1 << (QS + COPY)
    assert out_of_play_mask(two, (QS, QS, QS)) == 1 << QS | 1 << (QS + COPY)  # no third copy


def test_each_copy_of_a_card_counts_its_points() -> None:
    values = tuple(13 if card == QS else 1 if 26 <= card < 39 else 0 for card in range(54))
    rules = PointRules(values, 26, None, None, False, value_groups(values))
    assert rules.of(1 << QS) == 13
    assert rules.of(1 << QS | 1 << (QS + COPY) | 1 << TWO_H | 1 << (TWO_H + COPY)) == 28
