"""Leading, following and winning tricks, by hand-written cases against the intramural tables."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from referee.spec import Spec, bundled_ids, load
from referee.tricks.cards import CLUBS, COPY, DIAMONDS, HEARTS, SPADES, card_name, cards_in, parse_card
from referee.tricks.play import breaking_cards, breaks_trump, follows, lead_violation, legal_plays, winning_index
from referee.tricks.tables import Tables, tables_for


def cards(tokens: str) -> list[int]:
    """Card ids of space-separated tokens."""
    return [parse_card(t) for t in tokens.split()]


def hand(tokens: str) -> int:
    """The mask of space-separated tokens."""
    mask = 0
    for card in cards(tokens):
        mask |= 1 << card
    return mask


def names(mask: int) -> set[str]:
    """The tokens of a mask, for readable failures."""
    return {card_name(c) for c in cards_in(mask)}


def legal(t: Tables, held: str, trick: str = "", first: bool = False, broken: bool = False) -> set[str]:
    return names(legal_plays(t, hand(held), cards(trick), first, broken))


def winner(t: Tables, trick: str) -> int:
    return winning_index(t, cards(trick))


# -- the deck and the ranking ----------------------------------------------


def test_deck_has_52_cards_with_jokers_and_without_two_twos(intramural: Tables) -> None:
    t = intramural
    assert t.deck_size == 52
    assert t.deck.bit_count() == 52
    for token in ("BJ", "LJ", "2S", "2H", "AS", "3C", "3D"):
        assert t.deck >> parse_card(token) & 1, token
    for token in ("2D", "2C"):
        assert not t.deck >> parse_card(token) & 1, token
    assert [t.suit_cards[s].bit_count() for s in (CLUBS, DIAMONDS, HEARTS, SPADES)] == [12, 12, 13, 15]


def test_jokers_are_the_top_spades(intramural: Tables) -> None:
    t = intramural
    bj, lj, ace, king = cards("BJ LJ AS KS")
    assert t.trump == SPADES
    assert t.suit[bj] == t.suit[lj] == SPADES
    assert t.power[bj] > t.power[lj] > t.power[ace] > t.power[king]
    assert t.suit_cards[SPADES] >> bj & 1 and t.suit_cards[SPADES] >> lj & 1


def test_ace_is_high_two_is_low(intramural: Tables) -> None:
    t = intramural
    order = cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    powers = [t.power[c] for c in order]
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == 13


# -- the trick's winner -----------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("AS LJ BJ KS", 2),  # Big Joker beats everything
        ("LJ AS KS QS", 0),  # Little Joker beats the ace of spades
        ("BJ LJ AS 2S", 0),
        ("2S AS LJ 3S", 2),
        ("AH KH 2S QH", 2),  # the lowest trump beats any led-suit card
        ("AH 3S 2S KH", 1),  # the higher of two trumps
        ("KH AH LJ 3S", 2),  # a joker on a heart lead is a trump
        ("AD 5D BJ AS", 2),
        ("4S AH 5S 3S", 2),  # trumps led: highest spade
        ("3H AD AC 4H", 3),  # off-suit aces never win
        ("5D AC KH 4D", 0),  # the lead holds when nobody follows higher or trumps
        ("10C JC 9C QC", 3),
        ("JD QD KD AD", 3),
    ],
)
def test_winning_index(intramural: Tables, trick: str, expected: int) -> None:
    assert winner(intramural, trick) == expected


def test_off_suit_discards_never_win(intramural: Tables) -> None:
    t = intramural
    for led in cards("3C 3D 3H"):
        for discard in cards("AC AD AH"):
            if t.suit[discard] == t.suit[led]:
                continue
            assert winning_index(t, [led, discard, discard, discard]) == 0


# -- following suit ---------------------------------------------------------


def test_must_follow_the_led_suit(intramural: Tables) -> None:
    assert legal(intramural, "AH 3H KD 5C 9S", "2H") == {"AH", "3H"}


def test_void_may_play_anything(intramural: Tables) -> None:
    assert legal(intramural, "KD 5C 9S LJ", "2H") == {"KD", "5C", "9S", "LJ"}


def test_joker_lead_must_be_followed_with_a_spade(intramural: Tables) -> None:
    t = intramural
    assert legal(t, "KS AH 3C", "BJ") == {"KS"}
    assert legal(t, "KS LJ AH", "BJ") == {"KS", "LJ"}
    bj, ah = cards("BJ AH")
    assert not follows(t, hand("KS AH 3C"), ah, t.suit[bj])
    assert follows(t, hand("AH 3C"), ah, t.suit[bj])


def test_joker_must_be_played_on_a_spade_lead_by_a_player_without_spades(intramural: Tables) -> None:
    t = intramural
    assert legal(t, "LJ AH KD", "5S") == {"LJ"}
    assert legal(t, "BJ LJ AH", "5S AS") == {"BJ", "LJ"}
    five, ah = cards("5S AH")
    assert not follows(t, hand("LJ AH KD"), ah, t.suit[five])


def test_joker_is_not_a_heart(intramural: Tables) -> None:
    # a joker may be discarded on a heart lead only by a player void in hearts
    assert legal(intramural, "LJ AH", "2H") == {"AH"}
    assert legal(intramural, "LJ KD", "2H") == {"LJ", "KD"}


def test_any_card_may_be_led_in_intramural(intramural: Tables) -> None:
    t = intramural
    held = "AS BJ 3H KD 5C"
    assert legal(t, held, first=True) == set(held.split())
    assert legal(t, held, first=False, broken=False) == set(held.split())
    for card in cards(held):
        assert lead_violation(t, hand(held), card, True, False) is None
        assert lead_violation(t, hand(held), card, False, False) is None


def test_follows_when_not_bound(intramural: Tables) -> None:
    t = intramural
    three_h, ks = cards("3H KS")
    assert follows(t, hand("3H KS"), three_h, HEARTS)
    assert not follows(t, hand("3H KS"), ks, HEARTS)
    assert follows(t, hand("KS QD"), ks, HEARTS)


def test_empty_hand_has_no_legal_plays(intramural: Tables) -> None:
    assert legal_plays(intramural, 0, [], False, False) == 0
    assert legal_plays(intramural, 0, cards("2H"), False, False) == 0


# -- a variant where spades must be broken --------------------------------

BROKEN_VARIANT = """\
play:
  lead:
    interpretation: >-
      A test variant: spades (and the jokers with them) may not be led until a
      spade has been played to a trick, unless the leader holds only spades.
    trump: after_broken
    broken_by: played
"""


@pytest.fixture
def broken_rules(variant: Callable[[str], Spec]) -> Tables:
    spec = variant(BROKEN_VARIANT)
    assert spec.clause("play.lead").data == {"trump": "after_broken", "broken_by": "played"}
    return tables_for(spec)


def test_variant_keeps_the_rest_of_intramural(broken_rules: Tables, intramural: Tables) -> None:
    assert broken_rules.trump_lead == "after_broken"
    assert intramural.trump_lead == "any_time"
    assert broken_rules.deck == intramural.deck
    assert broken_rules.power == intramural.power
    assert broken_rules.side_min == 4


def test_spade_lead_before_broken(broken_rules: Tables) -> None:
    t = broken_rules
    held = hand("AS KH 3D")
    assert lead_violation(t, held, parse_card("AS"), False, False) == "play.lead"
    assert lead_violation(t, held, parse_card("AS"), True, False) == "play.lead"
    assert lead_violation(t, held, parse_card("AS"), False, True) is None
    assert lead_violation(t, held, parse_card("KH"), False, False) is None
    assert legal(t, "AS KH 3D", broken=False) == {"KH", "3D"}
    assert legal(t, "AS KH 3D", broken=True) == {"AS", "KH", "3D"}


def test_joker_lead_before_broken(broken_rules: Tables) -> None:
    t = broken_rules
    assert lead_violation(t, hand("LJ KH"), parse_card("LJ"), False, False) == "play.lead"
    assert lead_violation(t, hand("BJ 2S 3C"), parse_card("BJ"), False, False) == "play.lead"
    assert legal(t, "BJ LJ 2H", broken=False) == {"2H"}


def test_only_trumps_left_may_be_led(broken_rules: Tables) -> None:
    t = broken_rules
    for held in ("AS LJ 3S", "BJ", "2S"):
        mask = hand(held)
        for card in cards(held):
            assert lead_violation(t, mask, card, False, False) is None
        assert legal(t, held, broken=False) == set(held.split())


def test_following_is_unchanged_by_the_lead_rule(broken_rules: Tables) -> None:
    # a spade may always be played on another suit's lead when void, broken or not
    assert legal(broken_rules, "AS LJ KD", "2H", broken=False) == {"AS", "LJ", "KD"}
    assert legal(broken_rules, "AS LJ 9H", "2H", broken=False) == {"9H"}


@pytest.mark.parametrize(
    ("trick", "breaks"),
    [
        ("AH KH QH JH", False),
        ("AH 3S KH QH", True),
        ("AD KD LJ QD", True),  # a joker is a spade
        ("2S 3S 4S 5S", True),  # only-trumps lead
        ("AC 3H 4D 5H", False),
    ],
)
def test_breaking_spades_by_playing(broken_rules: Tables, trick: str, breaks: bool) -> None:
    played = cards(trick)
    assert breaks_trump(broken_rules, played, winning_index(broken_rules, played)) is breaks


def test_a_card_not_in_the_deck_keeps_its_printed_suit_and_wins_nothing(intramural: Tables) -> None:
    # 2C is not in the intramural deck; if one is led anyway (reported as card_not_in_deck), it is still a club
    # lead (not a spade lead, as a negative suit index once made it), and any club played to it beats it.
    t = intramural
    stray, club, heart, low_club = cards("2C QC 5H 3C")
    held = hand("QC 5H 3S BJ")
    assert t.suit[stray] == t.suit[club]
    assert follows(t, held, club, t.suit[stray])
    assert not follows(t, held, heart, t.suit[stray])
    assert legal_plays(t, held, [stray], False, False) == hand("QC")
    assert winning_index(t, [stray, low_club]) == 1
    assert not t.suit_cards[t.suit[club]] >> stray & 1  # no one is bound to follow with a stray card


@pytest.mark.parametrize("spec_id", [s for s in bundled_ids() if not s.startswith("dominoes/")])
def test_the_breaking_mask_says_what_breaks_trump_says(spec_id: str) -> None:
    # The clean-hand check asks one mask of the trick where the card-by-card replay asks each card: for every
    # single-deck spec, the two must agree on any trick of the deck's cards (None: the mask cannot say).
    t = tables_for(load(spec_id))
    breaking = breaking_cards(t)
    if breaking is None or t.deck >> COPY:
        return
    deck = cards_in(t.deck)
    rng = random.Random(spec_id)
    for _ in range(300):
        played = rng.sample(deck, t.seats)
        expected = breaks_trump(t, played, winning_index(t, played))
        assert bool(sum(1 << c for c in played) & breaking) is expected, [card_name(c) for c in played]
