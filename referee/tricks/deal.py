"""The deal: who deals, what each player holds, and whether the deal was regular."""

from __future__ import annotations

from ..report import Code, Finding
from ..words import count
from .cards import BIT, COPY, add_card, card_symbol, cards_in
from .tables import Tables


def next_dealer(t: Tables, dealer: int) -> int:
    """Who deals the next hand."""
    return (dealer + t.dealer_step) % t.seats


def _over(t: Tables, dealt: int, card: int) -> bool:
    """Whether ``dealt`` already holds as many copies of ``card`` as the deck has."""
    if not dealt >> card & 1:
        return False
    second = 1 << (card + COPY)
    return not t.deck & second or bool(dealt & second)


def check_deal(
    t: Tables, deal: tuple[tuple[int, ...], ...], names: tuple[str, ...], out_of_play: tuple[int, ...] | None = None
) -> tuple[list[int], list[Finding]]:
    """Each seat's holding as a bitmask, and what was irregular about the deal (and the cards put out of play)."""
    if out_of_play is None and not t.deck >> COPY:  # a single deck: a regular deal is checked in one short loop
        holdings = []
        dealt = 0
        per_player = t.per_player
        for cards in deal:  # a loop, not sum(map(BIT.__getitem__, ...)): under Python 3.11 the loop is faster
            if len(cards) != per_player:
                break
            held = 0
            for card in cards:
                held |= BIT[card]
            holdings.append(held)
            dealt |= held
        else:
            if (
                dealt.bit_count() == per_player * len(deal)  # no card twice
                and not dealt & ~t.deck
                and (t.deck & ~dealt).bit_count() <= t.out_of_play
            ):
                return holdings, []
    findings: list[Finding] = []
    holdings = []
    dealt = 0
    deck = t.deck
    for seat, cards in enumerate(deal):
        mask = 0
        for card in cards:  # inline, no calls: this loop runs for every card of every game
            bit = 1 << card
            if not deck & bit:
                findings.append(
                    Finding(
                        Code.CARD_NOT_IN_DECK,
                        "deck.cards",
                        f"{names[seat]} was dealt {card_symbol(card)}, which is not in this deck",
                        seat,
                    )
                )
                dealt |= bit
                mask |= bit
            elif not dealt & bit:
                dealt |= bit
                mask |= bit
            else:  # seen before: its second copy, where the deck has one not yet dealt (cards.py)
                second = bit << COPY
                if deck & second and not dealt & second:
                    dealt |= second
                else:
                    again = "more often than the deck has it" if deck & second else "twice"
                    findings.append(
                        Finding(
                            Code.DEAL_DUPLICATE_CARD,
                            "deal.misdeal",
                            f"{card_symbol(card)} was dealt {again} (again to {names[seat]})",
                            seat,
                        )
                    )
                mask |= second if mask & bit and deck & second else bit
        holdings.append(mask)
        if len(cards) != t.per_player:
            findings.append(
                Finding(
                    Code.DEAL_WRONG_COUNT,
                    "deal.cards",
                    f"{names[seat]} was dealt {count(len(cards), 'card')}, not {t.per_player}",
                    seat,
                )
            )
    if out_of_play is not None:
        findings.extend(_out_of_play(t, out_of_play, dealt))
        for card in out_of_play:
            dealt = add_card(dealt, card)
    missing = t.deck & ~dealt
    if missing.bit_count() > (t.out_of_play if out_of_play is None else 0):
        shown = " ".join(card_symbol(c) for c in cards_in(missing))
        findings.append(
            Finding(
                Code.DEAL_MISSING_CARD,
                "deal.misdeal",
                f"the deal left out {count(missing.bit_count(), 'card')} of the deck: {shown}",
            )
        )
    return holdings, findings


def _out_of_play(t: Tables, cards: tuple[int, ...], dealt: int) -> list[Finding]:
    """What is wrong with the cards a record puts out of play: too many, not of the deck, or dealt too."""
    findings = []
    if len(cards) != t.out_of_play:
        message = f"the record puts {count(len(cards), 'card')} out of play, not {t.out_of_play}"
        findings.append(Finding(Code.DEAL_WRONG_COUNT, "deal.cards", message))
    to_players = dealt
    for card in cards:
        if not t.deck >> card & 1:
            message = f"{card_symbol(card)} was put out of play, but it is not in this deck"
            findings.append(Finding(Code.CARD_NOT_IN_DECK, "deck.cards", message))
        elif _over(t, dealt, card):
            # every copy dealt to the players, or this card listed again among those put out of play
            why = "it was dealt" if _over(t, to_players, card) else "it is listed there more often than the deck has it"
            message = f"{card_symbol(card)} was put out of play, but {why}"
            findings.append(Finding(Code.DEAL_DUPLICATE_CARD, "deal.misdeal", message))
        dealt = add_card(dealt, card)
    return findings


def out_of_play_mask(t: Tables, cards: tuple[int, ...] | list[int]) -> int:
    """The cards a record puts out of play (the widow) as a set: a card listed again is its second copy where the
    deck has one, else the same card (not a sum of bits, which would make it the next card)."""
    mask = 0
    for card in cards:
        mask = add_card(mask, card) if t.deck >> (card + COPY) & 1 else mask | 1 << card
    return mask


def reconstruct(t: Tables, plays: list[tuple[int, int]]) -> list[int]:
    """Holdings rebuilt from the cards each seat played, for a record with no deal."""
    holdings = [0] * t.seats
    for seat, card in plays:
        # a card seen twice from one seat is two copies only where the deck has two
        holdings[seat] = add_card(holdings[seat], card) if t.deck >> (card + COPY) & 1 else holdings[seat] | 1 << card
    return holdings
