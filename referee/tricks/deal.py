"""The deal: who deals, what each player holds, and whether the deal was regular."""

from __future__ import annotations

from ..report import Code, Finding
from .cards import card_symbol, cards_in
from .tables import Tables


def next_dealer(t: Tables, dealer: int) -> int:
    """Who deals the next hand."""
    return (dealer + t.dealer_step) % t.seats


def check_deal(t: Tables, deal: tuple[tuple[int, ...], ...], names: tuple[str, ...]) -> tuple[list[int], list[Finding]]:
    """Each seat's holding as a bitmask, and what was irregular about the deal."""
    findings: list[Finding] = []
    holdings = []
    dealt = 0
    for seat, cards in enumerate(deal):
        mask = 0
        for card in cards:
            bit = 1 << card
            if not t.deck & bit:
                findings.append(
                    Finding(
                        Code.CARD_NOT_IN_DECK,
                        "deck.cards",
                        f"{names[seat]} was dealt {card_symbol(card)}, which is not in this deck",
                        seat,
                    )
                )
            elif dealt & bit:
                findings.append(
                    Finding(
                        Code.DEAL_DUPLICATE_CARD,
                        "deal.misdeal",
                        f"{card_symbol(card)} was dealt twice (again to {names[seat]})",
                        seat,
                    )
                )
            dealt |= bit
            mask |= bit
        holdings.append(mask)
        if len(cards) != t.per_player:
            findings.append(
                Finding(
                    Code.DEAL_WRONG_COUNT,
                    "deal.cards",
                    f"{names[seat]} was dealt {len(cards)} cards, not {t.per_player}",
                    seat,
                )
            )
    missing = t.deck & ~dealt
    if missing:
        shown = " ".join(card_symbol(c) for c in cards_in(missing))
        findings.append(
            Finding(
                Code.DEAL_MISSING_CARD,
                "deal.misdeal",
                f"{missing.bit_count()} card(s) of the deck were not dealt: {shown}",
            )
        )
    return holdings, findings


def reconstruct(t: Tables, plays: list[tuple[int, int]]) -> list[int]:
    """Holdings rebuilt from the cards each seat played, for a record with no deal."""
    holdings = [0] * t.seats
    for seat, card in plays:
        holdings[seat] |= 1 << card
    return holdings
