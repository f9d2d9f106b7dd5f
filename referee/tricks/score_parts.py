"""A hand's score taken apart by the clauses that give it, and so the clause a figure differing from it comes from.

A side's points for a bid hand are a sum of parts, each given by one clause: the contract made or set, ten a trick
bid (``scoring.contract``), and what the bid's own rule makes of it over that (Wheels' or Boston's points, a blind
or no trump bid's multiplier, taking double the bid: ``bidding.ten_for_two_hundred``, ``bidding.boston``,
``bidding.blind``, ``bidding.no_trump``, ``scoring.overbid_double``; ``scoring.contract_parts``), the points of an
ACES, bemo or double nil bid made or failed (``bidding.aces``, ``bidding.bemo``, ``bidding.double_nil``: the
opponents' bonus where both partners of a double nil took a trick too), a nil's bonus or penalty (``bidding.nil``),
the cap on a hand (``scoring.hand_max``), the bag penalty (``scoring.bags``), a renege's points
(``penalties.renege``), the books a wrong claim or another rule broken loses (``penalties.false_claim``,
``penalties.other_rule``: what the side scores over the same hand without them) and other penalty points. A figure
that differs from the sum by one part, the table having left it out (a bag penalty not taken off), or other rules
not giving it (a spec with no bag limit), comes from that part's clause: a ``score_mismatch`` cites it, and
``referee compare`` names it for a hand the specs score differently. A hand not of plain contracts has its parts
kept by the replay as it scores it (``Report.score_parts``, a few tuples a side); those of a plain hand, nearly
every hand, are worked out from its line only for a figure that differs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..report import HandScore, Report
from . import scoring
from .tables import Tables

Parts = scoring.Parts
parts = scoring.nonzero_parts


def plain(t: Tables, bid: int | None, books: int | None, points: int | None) -> Parts | None:
    """A side's parts of a hand of plain contracts (``scoring.plain_hand``'s): its contract, capped, and the bag
    penalty, which is what is left of its points (None where the line has no contract, books or points)."""
    if bid is None or books is None or points is None:
        return None
    made = scoring.contract(t, bid, books)[0]
    capped = made if t.hand_max is None else min(made, t.hand_max)
    contract = scoring.contract_parts(t, bid, books, made)
    return parts(*contract, ("scoring.hand_max", capped - made), ("scoring.bags", points - capped))


def unbid(
    t: Tables,
    books: list[int],
    reneges: list[int],
    lost: list[int] | None,
    lost_by_clause: tuple[tuple[str, list[int]], ...],
    extra: list[int] | None,
) -> tuple[Parts, ...]:
    """Each side's parts of the unbid first hand's points (``scoring.unbid_points`` of its books kept): so much a
    book taken (``bidding.first_hand``), and what each penalty takes off it, what the side scores over the same hand
    without it and those before it (a renege's books and points, the books a wrong claim or another rule broken
    loses), with other penalty points as they are."""

    def score(renege: bool, left: list[int] | None) -> list[int]:
        counts = reneges if renege else [0] * len(reneges)
        return scoring.unbid_points(t, scoring.kept_books(t, books, counts, left), counts)

    layers = [("penalties.renege", [t.renege_books_lost * count for count in reneges])] if any(reneges) else []
    layers += [(clause, less) for clause, less in lost_by_clause if clause != "penalties.renege"] if lost else []
    gone, scored = peeled(layers, lost, score(True, lost), score)
    other = "penalties.false_claim" if t.false_claim_points else "penalties.other_rule"
    return tuple(
        parts(
            ("bidding.first_hand", scored[side]),
            *((c, part[side]) for c, part in gone),
            (other, (extra or [0] * len(books))[side]),
        )
        for side in range(len(books))
    )


def peeled(
    layers: Sequence[tuple[str, list[int]]],
    lost: list[int] | None,
    scored: list[int],
    again: Callable[[bool, list[int] | None], list[int]],
) -> tuple[list[tuple[str, list[int]]], list[int]]:
    """Each penalty's part of a hand's points, taken off in turn (a renege's first): what each side scores over the
    same hand without it and those before it; and the points left without them all. ``layers``: each penalty's
    clause and the books it takes from each side; ``lost``: the books the hand's penalties take in all;
    ``scored``: the hand's points with them all; ``again(renege, lost)``: the hand scored again, with the renege's
    costs or without them, these books lost."""
    gone = []
    renege = True
    for clause, less in layers:
        if clause == "penalties.renege":
            renege = False
        lost = lost and [max(0, b - d) for b, d in zip(lost, less, strict=True)]
        now = again(renege, lost)
        gone.append((clause, [was - new for was, new in zip(scored, now, strict=True)]))
        scored = now
    return gone, scored


def own_clause(t: Tables, line: HandScore) -> str:
    """The clause a hand's points are scored by, cited where no one part explains a figure: the unbid first hand's
    (ten a book), else the contract's, or the points' for a game scored by the cards taken."""
    if t.contracts and not t.bids_first_hand and all(bid is None for bid in line.bids):
        return "bidding.first_hand"
    return "scoring.contract" if t.contracts else "scoring.points"


def clause_of(side: Parts, figure: int) -> str | None:
    """The clause a figure differing from the parts' sum comes from: the one part it leaves out (where two would,
    the first other than the plain contract's, a rule's own part being the one a table leaves out, as a Wheels
    made, 100 and 100 more, written 100); None where leaving out no one part gives it (a figure wrong otherwise:
    the caller's own clause)."""
    total = sum(points for _, points in side)
    left = [clause for clause, points in side if total - points == figure]
    return next((clause for clause in left if clause != "scoring.contract"), left[0] if left else None)


def hand_parts(t: Tables, report: Report, line: HandScore, side: int) -> Parts | None:
    """A side's parts of a scored hand's points: as the replay kept them for a hand not of plain contracts, else
    those of a plain hand from its line (None for a hand scored otherwise: unbid, by the cards taken)."""
    kept = report.score_parts.get(line.hand) if report.score_parts is not None else None
    if kept is not None:
        return kept[side]
    if not t.contracts:
        return None
    return plain(t, line.bids[side], line.books[side], line.points[side])
