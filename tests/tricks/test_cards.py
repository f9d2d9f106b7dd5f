"""Card tokens, card ids and card masks."""

from __future__ import annotations

import pytest

from referee.tricks.cards import (
    BIG_JOKER,
    CARD_COUNT,
    CLUBS,
    DIAMONDS,
    HEARTS,
    LITTLE_JOKER,
    SPADES,
    STANDARD_52,
    CardError,
    card_name,
    card_symbol,
    cards_in,
    make_card,
    mask_of,
    parse_card,
    rank_of,
    suit_mask,
    suit_of,
)

ACE_OF_SPADES = 3 * 13 + 12
TEN_OF_SPADES = 3 * 13 + 8


@pytest.mark.parametrize("token", ["AS", "as", "aS", "As", "A♠", "a♠", "A♤", " AS ", "AS\n"])
def test_ace_of_spades_forms(token: str) -> None:
    assert parse_card(token) == ACE_OF_SPADES


@pytest.mark.parametrize("token", ["10S", "10s", "TS", "ts", "tS", "10♠", "T♠"])
def test_ten_of_spades_forms(token: str) -> None:
    assert parse_card(token) == TEN_OF_SPADES


@pytest.mark.parametrize(
    ("token", "suit"),
    [
        *[("QC", CLUBS), ("Q♣", CLUBS), ("Q♧", CLUBS), ("QD", DIAMONDS), ("Q♦", DIAMONDS), ("Q♢", DIAMONDS)],
        *[("QH", HEARTS), ("Q♥", HEARTS), ("Q♡", HEARTS), ("QS", SPADES), ("Q♠", SPADES), ("Q♤", SPADES)],
    ],
)
def test_suit_letters_and_symbols(token: str, suit: int) -> None:
    assert parse_card(token) == suit * 13 + 10


@pytest.mark.parametrize(("token", "card"), [("BJ", BIG_JOKER), ("bj", BIG_JOKER), ("LJ", LITTLE_JOKER), ("lj", 52)])
def test_jokers(token: str, card: int) -> None:
    assert parse_card(token) == card


def test_low_cards() -> None:
    assert parse_card("2C") == 0
    assert parse_card("3c") == 1
    assert parse_card("2D") == 13
    assert parse_card("2H") == 26
    assert parse_card("2S") == 39


@pytest.mark.parametrize(
    "token", ["1S", "AX", "", "10", "JJ", "S", "A", "11S", "1OS", "A S", "ASS", "JOKER", "B J", "0S", "♠A"]
)
def test_bad_tokens(token: str) -> None:
    with pytest.raises(CardError):
        parse_card(token)


@pytest.mark.parametrize("token", [5, None, 10, 1.5, ["AS"], b"AS"])
def test_non_text_tokens(token: object) -> None:
    with pytest.raises(CardError):
        parse_card(token)


def test_card_error_is_a_value_error() -> None:
    # callers that catch ValueError (tables, logs) also see bad tokens
    assert issubclass(CardError, ValueError)


def test_round_trip_every_card() -> None:
    names = set()
    for card in range(CARD_COUNT):
        name = card_name(card)
        names.add(name)
        assert parse_card(name) == card
        assert parse_card(card_symbol(card)) == card
        assert parse_card(name.lower()) == card
    assert len(names) == CARD_COUNT


def test_canonical_names() -> None:
    assert card_name(ACE_OF_SPADES) == "AS"
    assert card_name(TEN_OF_SPADES) == "10S"
    assert card_name(parse_card("TH")) == "10H"
    assert card_name(parse_card("q♦")) == "QD"
    assert card_name(BIG_JOKER) == "BJ"
    assert card_name(LITTLE_JOKER) == "LJ"
    assert card_symbol(ACE_OF_SPADES) == "A♠"
    assert card_symbol(parse_card("10h")) == "10♥"
    assert card_symbol(BIG_JOKER) == "BJ"


def test_suit_and_rank() -> None:
    assert make_card(SPADES, 14) == ACE_OF_SPADES
    assert make_card(CLUBS, 2) == 0
    assert suit_of(parse_card("KH")) == HEARTS
    assert rank_of(parse_card("KH")) == 13
    assert rank_of(parse_card("2D")) == 2
    assert suit_of(BIG_JOKER) == -1
    assert rank_of(LITTLE_JOKER) == 0
    for card in range(52):
        assert make_card(suit_of(card), rank_of(card)) == card


def test_masks() -> None:
    hand = [parse_card(t) for t in ("AS", "2C", "BJ", "10H")]
    mask = mask_of(hand)
    assert mask.bit_count() == 4
    assert cards_in(mask) == sorted(hand)
    assert mask_of(tuple(hand)) == mask
    assert mask_of([]) == 0
    assert cards_in(0) == []
    assert mask_of(hand + hand) == mask


def test_suit_masks() -> None:
    assert STANDARD_52.bit_count() == 52
    assert not STANDARD_52 >> LITTLE_JOKER & 1
    assert not STANDARD_52 >> BIG_JOKER & 1
    union = 0
    for suit in (CLUBS, DIAMONDS, HEARTS, SPADES):
        cards = cards_in(suit_mask(suit))
        assert len(cards) == 13
        assert {suit_of(c) for c in cards} == {suit}
        assert union & suit_mask(suit) == 0
        union |= suit_mask(suit)
    assert union == STANDARD_52
