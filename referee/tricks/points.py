"""Penalty points carried by cards (Hearts): their values, a hand's points, the settlement.

A spec with ``scoring.points`` scores each player by the cards taken in
tricks instead of by a contract. Compiled once into :class:`PointRules`;
the replay and the simulator both score through :func:`hand_points`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..spec import Spec
from .cards import CARD_COUNT, COPY, SUIT_LETTERS, card_symbol, parse_card, suit_of
from .deck import spec_error

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass(frozen=True)
class PointRules:
    """What each card is worth and how a hand's points are settled."""

    values: tuple[int, ...]  # points of each card id (0 for most)
    total: int  # the points in a whole deal (the aggregate check)
    moon_others: int | None  # a player who takes every point scores 0 and each other player this
    revoke_charge: int | None  # an established revoke charges the revoking player this, and no one else scores
    settlement: bool  # settle against the average when the table breaks up
    groups: tuple[tuple[int, int], ...] = ()  # (value, bitmask of the cards worth it), for counting fast

    def of(self, cards: int) -> int:
        """The points of a set of cards (a bitmask; a second copy at its COPY bit counts too, see cards.py)."""
        second = cards >> COPY
        return sum(value * ((cards & mask).bit_count() + (second & mask).bit_count()) for value, mask in self.groups)

    def in_cards(self, cards: Sequence[int]) -> int:
        """The points of the cards of a trick."""
        return sum(map(self.values.__getitem__, cards))


def value_groups(values: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The cards that carry points, grouped by their value."""
    masks: dict[int, int] = {}
    for card, value in enumerate(values):
        if value:
            masks[value] = masks.get(value, 0) | 1 << card
    return tuple(masks.items())


def compile_points(cards: dict[str, int], suits: dict[str, int], deck: int) -> tuple[tuple[int, ...], int]:
    """Each card's points (a card's own value over its suit's) and the points in the deck."""
    values = [0] * CARD_COUNT
    for card in range(CARD_COUNT):
        if deck >> card & 1 and card < 52:
            values[card] = suits.get(SUIT_LETTERS[suit_of(card)], 0)
    for token, value in cards.items():
        values[parse_card(token)] = value
    in_deck = sum(values[c] for c in range(CARD_COUNT) if deck >> c & 1)
    return tuple(values), in_deck


def hand_points(rules: PointRules, taken: list[int], revoker: int | None) -> list[int]:
    """Each player's points for a hand: what they took, or the revoke charge, or the moon."""
    if revoker is not None and rules.revoke_charge is not None:
        return [rules.revoke_charge if seat == revoker else 0 for seat in range(len(taken))]
    if rules.moon_others is not None and rules.total in taken:  # the first player who took every point
        shooter = taken.index(rules.total)
        return [0 if seat == shooter else rules.moon_others for seat in range(len(taken))]
    return list(taken)


def deal_sums(rules: PointRules, seats: int) -> tuple[int, ...]:
    """What a hand's points can add up to: every point of the deal taken, a revoke's charge, or a moon's score."""
    sums = {rules.total}
    if rules.revoke_charge is not None:
        sums.add(rules.revoke_charge)
    if rules.moon_others is not None:
        sums.add(rules.moon_others * (seats - 1))
    return tuple(sorted(sums))


def shared_out(rules: PointRules, taken: Sequence[int]) -> bool:
    """Whether a deal's counting cards, every one taken by someone, can give each player these points (in Hearts:
    some player must have taken the Q♠'s 13, the rest being hearts at 1). True where it cannot be told simply: a
    card worth less than nothing, or cards that do not make the deal's total (a double deck, a total set apart)."""
    groups = sorted(((value, mask.bit_count()) for value, mask in rules.groups), key=lambda group: group[1])
    if any(value <= 0 for value, _ in groups) or sum(value * count for value, count in groups) != rules.total:
        return True
    return sum(taken) == rules.total and min(taken, default=0) >= 0 and _share(tuple(groups), tuple(taken))


@lru_cache(maxsize=4096)
def _share(groups: tuple[tuple[int, int], ...], left: tuple[int, ...]) -> bool:
    """Whether the cards of these groups (value, count), the most numerous last, make up each player's points left."""
    (value, count), rest = groups[0], groups[1:]
    if not rest:  # the last group: each player's points left are a whole number of its cards, all of them given
        return all(points % value == 0 for points in left) and sum(points // value for points in left) == count
    return any(
        _share(rest, tuple(points - value * given for points, given in zip(left, split, strict=True)))
        for split in _splits(count, [points // value for points in left])
    )


def _splits(count: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Each way of giving ``count`` cards to the players, at most ``caps[i]`` to player i."""
    if len(caps) == 1:
        if count <= caps[0]:
            yield (count,)
        return
    for given in range(min(count, caps[0]) + 1):
        for rest in _splits(count - given, caps[1:]):
            yield (given, *rest)


def counting_cards(rules: PointRules) -> str:
    """The deal's counting cards in words: a card alone by its name, the others by how many at what value."""
    named = []
    for value, mask in sorted(rules.groups, key=lambda group: -group[0]):
        count = mask.bit_count()
        named.append(f"{card_symbol(mask.bit_length() - 1)} {value}" if count == 1 else f"{count} cards at {value}")
    return ", ".join(named)


def written_hand(rules: PointRules, written: list[int]) -> list[int]:
    """A hand's points from the points a table wrote without its tricks.

    Written points are taken as the hand's score, a moon or a revoke already settled; but where one player
    is written every point of the deal and the others nothing, and the rules have a moon (and no revoke
    charge of the same figure), that player took every point and shot the moon, which the table did not apply.
    """
    whole = [seat for seat, taken in enumerate(written) if taken]
    if (
        rules.moon_others is not None
        and rules.revoke_charge != rules.total
        and len(whole) == 1
        and written[whole[0]] == rules.total
    ):
        return hand_points(rules, written, None)
    return written


def settlement(totals: tuple[int, ...] | list[int]) -> tuple[Fraction, tuple[Fraction, ...]]:
    """The average of the totals and each player's difference from it (what they pay; negative: collect)."""
    count, whole = len(totals), sum(totals)
    # each difference made as one Fraction: total - average goes through Fraction's generic arithmetic, twice as slow
    return _fraction(whole, count), tuple(_fraction(total * count - whole, count) for total in totals)


# A Fraction is immutable and the same few are made game after game (the totals are small numbers): each is made
# once and kept, for the microseconds its normalising costs every game. fractions (with decimal) is imported when
# the first is made, not with this module: a run whose spec settles nothing never imports it (~1.4 ms of a start).
@lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    from fractions import Fraction

    return Fraction(numerator, denominator)


def point_rules(spec: Spec, deck: int) -> PointRules | None:
    """The spec's ``scoring.points`` compiled for a deck (a bitmask), or None where it scores by contract."""
    if not spec.has("scoring.points"):
        return None
    try:
        values, in_deck = compile_points(
            spec.value("scoring.points", "cards", {}) or {},
            spec.value("scoring.points", "suits", {}) or {},
            deck,
        )
    except ValueError as exc:
        raise spec_error(spec, str(exc), "scoring.points.cards") from None
    total = spec.value("scoring.points", "total", in_deck)
    if total != in_deck and deck >> COPY == 0 and min(values) >= 0:
        # a total the cards do not make (a club that moved the queen to 10 and kept an inherited 26): no hand of a
        # score sheet would add up, and the moon (a player taking the total) could never be shot. A double deck, or
        # a card worth less than nothing, may set its total apart: not held to the cards
        message = (
            f"total: {total} is not the points of the deck's counting cards, which add up to {in_deck}: no hand's "
            f"points could make it, and no player could take them all (the moon); write total: {in_deck}"
        )
        raise spec_error(spec, message, "scoring.points.total")
    return PointRules(
        values=values,
        total=total,
        moon_others=spec.value("scoring.moon", "others"),
        revoke_charge=spec.value("penalties.revoke", "charge_points"),
        settlement=spec.value("scoring.settlement", "rule", "none") == "against_average",
        groups=value_groups(values),
    )
