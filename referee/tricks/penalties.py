"""Penalties a hand's offences cost: books lost, points and sandbags, side by side, by the spec's numbers.

A renege costs what ``penalties.renege`` says; a claim the record does not bear out costs the claimers
what ``penalties.false_claim`` says; any other rule broken by a player costs that player's side what
``penalties.other_rule`` says. Books moved to the opponents by a renege are in :mod:`.scoring`.

Where ``penalties.renege`` escalates (sandbags, then more, then the game lost), reneges are counted per
side over the game; where it has a claim window, a renege costs only when the opposing side claimed it in
time. A card a player never played costs sandbags by ``penalties.card_not_played``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..report import Code, Finding, Severity
from ..spec import Spec

if TYPE_CHECKING:
    from .log import Event, Trick
    from .tables import Tables

# The rule breaks "any other rule" covers: each is a player's own act, seen in the record.
OTHER_RULE = frozenset(
    {
        Code.BID_OUT_OF_TURN,
        Code.BID_OUT_OF_RANGE,
        Code.BID_BELOW_SIDE_MINIMUM,
        Code.BID_KIND_NOT_ALLOWED,
        Code.BID_NOT_ALLOWED,
        Code.PLAY_OUT_OF_TURN,
        Code.CARD_NOT_IN_HAND,
        Code.CARD_PLAYED_TWICE,
        Code.ILLEGAL_LEAD,
        Code.CARD_TAKEN_BACK,
    }
)


def penalty_clause(t: Tables, first: bool) -> str | None:
    """The clause that sets what a renege (or revoke) costs, where the rules charge it anything: the renege's
    books, points, sandbags or game (penalties.renege), or a Hearts revoke's charge (penalties.revoke), a hand's
    ``first`` revoke only, play stopping there. None where a renege is only reported (intramural Spades)."""
    if t.points is not None and t.points.revoke_charge is not None:
        return "penalties.revoke" if first else None
    costly = t.renege_books or t.renege_points or t.renege_books_lost or t.renege_steps or t.unplayed_sandbags
    return "penalties.renege" if costly or t.renege_opponents_as_made or t.renege_win_thrown_out else None


def hand_penalties(t: Tables, offences: list[tuple[Code, int]]) -> tuple[list[int], list[int]]:
    """Books lost and penalty points per side for a hand's offences, each ``(code, side that pays)``."""
    lost = [0] * len(t.sides)
    points = [0] * len(t.sides)
    for code, side in offences:
        if code is Code.RENEGE:
            lost[side] += t.renege_books_lost
        elif code is Code.CLAIM_NOT_SUPPORTED:
            lost[side] += t.false_claim_books_lost
            points[side] += t.false_claim_points
        elif code in OTHER_RULE:
            lost[side] += t.other_books_lost
            points[side] += t.other_points
    return lost, points


def books_lost_by_clause(t: Tables, offences: list[tuple[Code, int]]) -> tuple[tuple[str, list[int]], ...]:
    """The books each side loses for a hand's offences (``hand_penalties``' books lost) clause by clause, those of a
    clause that costs some: a renege's, a claim the record does not bear out, another rule broken."""
    out = []
    for clause, codes, books in (
        ("penalties.renege", {Code.RENEGE}, t.renege_books_lost),
        ("penalties.false_claim", {Code.CLAIM_NOT_SUPPORTED}, t.false_claim_books_lost),
        ("penalties.other_rule", OTHER_RULE, t.other_books_lost),
    ):
        lost = [0] * len(t.sides)
        for code, side in offences:
            if code in codes:
                lost[side] += books
        if any(lost):
            out.append((clause, lost))
    return tuple(out)


def renege_steps(spec: Spec) -> tuple[tuple[int, bool], ...]:
    """What the first, second, ... renege of a side in a game costs: (sandbags, loses the game) each.

    From ``penalties.renege.escalation``, or one step of ``sandbags`` that every renege costs.
    """
    steps = spec.value("penalties.renege", "escalation")
    if steps:
        return tuple((int(step.get("sandbags", 0)), bool(step.get("loses_game", False))) for step in steps)
    bags = spec.value("penalties.renege", "sandbags", 0)
    return ((bags, False),) if bags else ()


def escalate(t: Tables, reneges: Sequence[int], before: Sequence[int]) -> tuple[list[int], frozenset[int]]:
    """The sandbags each side takes for this hand's reneges, and the sides that lose the game by them.

    ``before``: each side's reneges counted earlier in the game; the nth renege costs the nth step (the
    last step for any after it).
    """
    bags = [0] * len(reneges)
    lost: set[int] = set()
    last = len(t.renege_steps) - 1
    for side, count in enumerate(reneges if t.renege_steps else ()):
        for nth in range(before[side], before[side] + count):
            sandbags, loses = t.renege_steps[min(nth, last)]
            bags[side] += sandbags
            if loses:
                lost.add(side)
    return bags, frozenset(lost)


def claim_deadline(t: Tables, tricks: Sequence[Trick], accused: int, claimer: int | None = None) -> int | None:
    """How many of the hand's cards may have been played when a renege by ``accused`` is claimed at the latest.

    The calling side must claim before it plays its last card of the last trick: the cards played before that
    card. The calling side is the ``claimer``'s; where no claimer is named, any of the accused's opponents (with
    three sides, the later of their last cards). None where the record does not hold the last trick.
    """
    if len(tricks) < t.per_player:
        return None
    last_seats = tricks[t.per_player - 1][0]
    side = t.side_of[accused]
    if claimer is not None and t.side_of[claimer] != side:
        theirs = [i for i, seat in enumerate(last_seats) if t.side_of[seat] == t.side_of[claimer]]
    else:
        theirs = [i for i, seat in enumerate(last_seats) if t.side_of[seat] != side]
    if not theirs:
        return None
    return sum(len(seats) for seats, _ in tricks[: t.per_player - 1]) + theirs[-1]


def claimed_reneges(
    t: Tables,
    revokes: Sequence[tuple[int, int]],
    events: Sequence[Event],
    tricks: Sequence[Trick],
    names: Sequence[str],
) -> tuple[list[int], list[Finding], list[tuple[int, int]]]:
    """The reneges each side is charged with under a claim window, the claims refused, and the reneges (trick,
    seat) charged to no one (no claim allowed).

    A renege (trick, seat) counts when a renege_claim names its player (and its trick, or none) and was made
    by the opposing side (``by`` on another side, or no claimer named) before the deadline of
    :func:`claim_deadline`. A claim made later, or by the accused's own side, is refused (a warning on the
    claimer, or the accused where no claimer is named); the renege itself stands as a breach of play.
    """
    counted = [0] * len(t.sides)
    findings: list[Finding] = []
    uncharged: list[tuple[int, int]] = []
    claims = [e for e in events if e.type == "renege_claim" and e.seat is not None]
    for trick, seat in revokes:
        matching = [e for e in claims if e.seat == seat and e.trick in (None, trick)]
        allowed = False
        for claim in matching:
            why = None
            deadline = claim_deadline(t, tricks, seat, claim.by)
            if claim.by is not None and t.side_of[claim.by] == t.side_of[seat]:
                why = "a renege is called by the opposing side"
            elif claim.cards_played is not None and deadline is not None and claim.cards_played > deadline:
                why = (
                    f"it was claimed after {claim.cards_played} cards of the hand were played; the opposing side "
                    f"had to claim it before its last card of the last trick (after {deadline} cards at the latest)"
                )
            if why is None:
                allowed = True
                continue
            who = seat if claim.by is None else claim.by
            message = f"the claim of a renege by {names[seat]} in trick {trick} is refused: {why}"
            findings.append(Finding(Code.CLAIM_REFUSED, "penalties.renege", message, who, trick, Severity.WARNING))
        if allowed:
            counted[t.side_of[seat]] += 1
        else:
            uncharged.append((trick, seat))
    return counted, findings, uncharged
