"""Scoring a hand and deciding the game, by the spec's numbers."""

from __future__ import annotations

from dataclasses import dataclass

from .tables import Tables


@dataclass(frozen=True)
class SideResult:
    """A side's points for one hand and its sandbags after it."""

    points: int
    bags: int


def contract(t: Tables, bid: int, books: int) -> tuple[int, int]:
    """Points for a contract of ``bid`` with ``books`` taken, and the overtricks."""
    if books >= bid:
        over = books - bid
        return bid * t.made_per_trick + over * t.overtrick, over
    return bid * t.set_per_trick, 0


def sandbags(t: Tables, bags: int, overtricks: int) -> tuple[int, int]:
    """The bag penalty this hand brings and the bags carried after it."""
    if t.bag_limit <= 0:
        return 0, 0
    bags += overtricks
    penalty = 0
    while bags >= t.bag_limit:
        penalty += t.bag_penalty
        bags = bags - t.bag_limit if t.bag_carry else 0
    return penalty, bags


def renege_transfer(t: Tables, books: list[int], reneges: list[int]) -> list[int]:
    """Books after the renege penalty moves books from each reneging side to its opponents."""
    if not t.renege_books or len(books) != 2:
        return books
    moved = list(books)
    for side, count in enumerate(reneges):
        for _ in range(count):
            take = min(t.renege_books, moved[side])
            moved[side] -= take
            moved[1 - side] += take
    return moved


def score_hand(t: Tables, bids: list[int], books: list[int], bags: list[int], reneges: list[int]) -> list[SideResult]:
    """Each side's points for a bid hand, with sandbags and renege penalties applied."""
    books = renege_transfer(t, books, reneges)
    out = []
    for side, bid in enumerate(bids):
        points, over = contract(t, bid, books[side])
        penalty, carried = sandbags(t, bags[side], over)
        out.append(SideResult(points + penalty + reneges[side] * t.renege_points, carried))
    return out


def result(t: Tables, totals: list[int], hands_scored: int) -> tuple[bool, int | None]:
    """Whether the game is over after these totals, and the winning side (None for a tie)."""
    reached = t.target is not None and any(total >= t.target for total in totals)
    floored = t.floor is not None and any(total <= t.floor for total in totals)
    out_of_rounds = t.max_rounds is not None and hands_scored >= t.max_rounds
    if not (reached or floored or out_of_rounds):
        return False, None
    alive = [s for s, total in enumerate(totals) if t.floor is None or total > t.floor] or list(range(len(totals)))
    best = max(totals[s] for s in alive)
    leaders = [s for s in alive if totals[s] == best]
    if len(leaders) == 1:
        return True, leaders[0]
    if t.tie_play_on:
        return False, None
    return True, None
