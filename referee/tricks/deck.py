"""The deck and the ranking of a spec compiled into bitmasks and per-card tables (suit, power, beaters)."""

from __future__ import annotations

from ..errors import InputError, Location
from ..spec import Spec
from .cards import (
    CARD_COUNT,
    COPY,
    JOKERS,
    RANK_NAMES,
    STANDARD_52,
    SUIT_LETTERS,
    card_name,
    parse_card,
    rank_of,
    suit_of,
)

NO_TRUMP = -1


def spec_error(spec: Spec, message: str, clause: str) -> InputError:
    """A located error in the spec itself, at one of its clauses."""
    return InputError(message, Location(file=str(spec.path), path=f"$.{clause}"))


def spec_cards(spec: Spec, tokens: list[str], clause: str) -> list[int]:
    """The card ids a clause names; a card that cannot be read is a located spec error."""
    try:
        return [parse_card(token) for token in tokens]
    except ValueError as exc:
        raise spec_error(spec, str(exc), clause) from None


def compile_deck(spec: Spec) -> int:
    """The bitmask of the cards in play: the base pack, cards added, a second copy, cards removed."""
    base = spec.value("deck.cards", "base", "standard-52")
    deck = STANDARD_52 if base == "standard-52" else 0
    for card in spec_cards(spec, spec.value("deck.cards", "add", []), "deck.cards.add"):
        deck |= 1 << card
    if spec.value("deck.cards", "copies", 1) == 2:
        deck |= deck << COPY  # packs mixed together: a second copy of each card
    for card in spec_cards(spec, spec.value("deck.cards", "remove", []), "deck.cards.remove"):
        if not deck >> card & 1:
            raise spec_error(spec, f"removes {card_name(card)}, which is not in the deck", "deck.cards.remove")
        deck &= ~(1 << card | 1 << (card + COPY))  # a card removed from mixed packs goes from each of them
    return deck


def beaters(
    spec: Spec, deck: int, trump: int, suits: tuple[int, ...], power: tuple[int, ...], later_wins: bool
) -> tuple[int, ...]:
    """For each card, the deck's cards that take the trick from it when it is the card winning so far."""
    trumping = bool(spec.value("play.beat", "includes_trumping", True))
    trumps = 0 if trump == NO_TRUMP else sum(1 << c for c in range(CARD_COUNT) if suits[c] == trump)
    out = []
    for card in range(CARD_COUNT):
        mask = sum(
            1 << other
            for other in range(CARD_COUNT)
            if suits[other] == suits[card] and (power[other] > power[card] or (later_wins and other == card))
        )
        if trumping and suits[card] != trump:
            mask |= trumps
        mask |= mask << COPY
        out.append(mask & deck)
    return tuple(out)


def ranking(spec: Spec, deck: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Effective trump suit, suit of each card, and power of each card."""
    trump_letter = spec.value("ranking.trump", "suit", "none")
    trump = NO_TRUMP if trump_letter == "none" else SUIT_LETTERS.index(trump_letter)
    top = spec_cards(spec, spec.value("ranking.trump", "top", []) or [], "ranking.trump.top")
    if top and trump == NO_TRUMP:
        raise spec_error(spec, "promotes cards above the trumps but names no trump suit", "ranking.trump")
    order = spec.value("ranking.order", "ranks", list(reversed(RANK_NAMES)))
    strength = {RANK_NAMES.index(rank) + 2: len(order) - i for i, rank in enumerate(order)}
    suits = [-1] * CARD_COUNT
    power = [0] * CARD_COUNT
    for card in range(CARD_COUNT):
        if not deck >> card & 1:
            # A stray card (reported as not in the deck) keeps its printed suit and can beat nothing, so the
            # trick it falls in is still decided by the real cards and the replay stays on course.
            suits[card] = suit_of(card) if card < 52 else trump
            continue
        if card in top:
            suits[card] = trump
            power[card] = 100 + len(top) - top.index(card)
        elif card in JOKERS.values():
            raise spec_error(
                spec,
                f"the deck has {card_name(card)} but the ranking does not place it (list it under ranking.trump.top)",
                "ranking.trump.top",
            )
        else:
            rank = rank_of(card)
            if rank not in strength:
                raise spec_error(
                    spec,
                    f"the deck has {card_name(card)} but ranking.order has no rank {RANK_NAMES[rank - 2]}",
                    "ranking.order",
                )
            suits[card] = suit_of(card)
            power[card] = strength[rank]
    for card in top:
        if not deck >> card & 1:
            raise spec_error(
                spec, f"ranks {card_name(card)} above the trumps, but it is not in the deck", "ranking.trump.top"
            )
    return trump, tuple(suits), tuple(power)


def top_cards(spec: Spec) -> list[int]:
    """The cards a spec ranks above the trump suit's own cards."""
    return spec_cards(spec, spec.value("ranking.trump", "top", []) or [], "ranking.trump.top")


def win_keys(trump: int, suit: tuple[int, ...], power: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each led suit, each card's claim to win the trick: a trump above every card of the led suit, those
    by their power, any other card nothing. The first of the highest wins (a single deck's cards all differ)."""
    top = 1 + max((abs(p) for p in power), default=0)
    return tuple(
        tuple(
            power[c] + 2 * top if trump != NO_TRUMP and suit[c] == trump else (power[c] if suit[c] == led else -2 * top)
            for c in range(len(suit))
        )
        for led in range(4)
    )
