"""Scoring a hand and deciding the game, by the spec's numbers."""

from collections.abc import Sequence
from typing import NamedTuple

from .bid_kinds import KIND_CLAUSES
from .per_tables import per_tables
from .tables import Tables

# One side's points for a hand taken apart by the clauses that give them: (clause, points), the parts that are not 0,
# the contract's first (see score_parts, which names the clause a differing figure comes from).
Parts = tuple[tuple[str, int], ...]


def nonzero_parts(*pairs: tuple[str, int]) -> Parts:
    """The parts given, those of no points left out."""
    return tuple(pair for pair in pairs if pair[1])


class SideResult(NamedTuple):
    """A side's points for one hand and its sandbags after it (a tuple: one is made per side per hand)."""

    points: int
    bags: int


def contract(
    t: Tables,
    bid: int,
    books: int,
    blind: bool = False,
    not_over: int = 0,
    plain: bool = False,
    times: tuple[int, int] | None = None,
) -> tuple[int, int]:
    """Points for a contract of ``bid`` with ``books`` taken, and the overtricks.

    ``not_over``: books among them that count towards the bid but never as overtricks (books a renege
    penalty handed over, where the spec says they are no sandbags).

    A blind contract is scored by its multipliers; otherwise a contract of ten for two hundred (where the
    spec has one) by its own points (a blind one too, times the blind multiplier, where the spec says so);
    a contract made with at least twice the books bid, where the spec penalises that, scores the penalty
    instead. ``plain``: the contract was raised to its number, so it is no special bid. ``times``: a no
    trump contract's multipliers (made, set), in place of all that.
    """
    if times is not None:
        if books >= bid:
            over = max(0, books - bid - not_over)
            return bid * t.made_per_trick * times[0] + over * t.overtrick, over
        return bid * t.set_per_trick * times[1], 0
    special = _special(t, bid, blind, plain)
    if books >= bid:
        over = max(0, books - bid - not_over)
        multiplier = t.blind_made if blind else 1
        points = (special[2] * multiplier if special else bid * t.made_per_trick * multiplier) + over * t.overtrick
        if t.overbid_double is not None and bid > 0 and books >= 2 * bid:
            points = t.overbid_double
        return points, over
    if blind:
        return bid * t.set_per_trick * t.blind_set, 0
    if special and special[3] is not None:
        return special[3], 0
    return bid * t.set_per_trick, 0


def _special(t: Tables, bid: int, blind: bool, plain: bool) -> tuple[str, int, int, int | None] | None:
    """The special contract (Wheels, Boston: kind, tricks, points made, points set) a bid of ``bid`` is, where the
    spec has one and the bid may be it (not raised to its number; blind only where a blind one is special too)."""
    if t.specials and not plain and (t.blind_specials or not blind):
        return next((s for s in t.specials if s[1] == bid), None)
    return None


def contract_parts(
    t: Tables,
    bid: int,
    books: int,
    points: int,
    blind: bool = False,
    not_over: int = 0,
    plain: bool = False,
    times: tuple[int, int] | None = None,
) -> Parts:
    """A contract's ``points`` (as :func:`contract` gives them for the same arguments) taken apart: the plain
    contract's (``scoring.contract``: 10 a trick bid and the overtricks, or set, 10 a trick bid lost), then what
    each rule of the bid makes of it over that, by the rule's clause: a special contract's own points (Wheels,
    Boston), a blind one's multiplier, a no trump one's, or the points for taking at least twice the bid."""
    made = books >= bid
    over = max(0, books - bid - not_over) if made else 0
    base = bid * t.made_per_trick + over * t.overtrick if made else bid * t.set_per_trick
    if points == base:
        return (("scoring.contract", base),)
    if times is not None:
        return nonzero_parts(("scoring.contract", base), ("bidding.no_trump", points - base))
    special = _special(t, bid, blind, plain)
    own = KIND_CLAUSES[special[0]] if special else "scoring.contract"
    if not made:
        return nonzero_parts(("scoring.contract", base), ("bidding.blind" if blind else own, points - base))
    worth = special[2] if special else bid * t.made_per_trick  # the bid's own points, before any multiplier
    blinded = worth * t.blind_made if blind else worth
    return nonzero_parts(
        ("scoring.contract", base),
        (own, worth - bid * t.made_per_trick),
        ("bidding.blind", blinded - worth),
        ("scoring.overbid_double", points - blinded - over * t.overtrick),
    )


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
    return _transfer(t, books, reneges)[0]


def _transfer(t: Tables, books: list[int], reneges: list[int]) -> tuple[list[int], list[int]]:
    """Books after the renege penalty's moves, and the books each side received by them.

    Each side hands over its books for all its reneges at once, from the books it took itself (as many as it
    has): where both sides reneged, books received are not handed back, so neither the order of the reneges
    nor the order the sides are listed in changes the result."""
    if not t.renege_books or len(books) != 2:
        return books, [0] * len(books)
    given = [min(t.renege_books * count, taken) for taken, count in zip(books, reneges, strict=True)]
    received = [given[1], given[0]]
    return [taken - gave + got for taken, gave, got in zip(books, given, received, strict=True)], received


def kept_books(t: Tables, books: list[int], reneges: list[int], lost: list[int] | None = None) -> list[int]:
    """Each side's books once the hand's penalties have moved or taken books: what the hand is scored on."""
    return after_losses(renege_transfer(t, books, reneges), lost)


def after_losses(books: list[int], lost: list[int] | None) -> list[int]:
    """Books after each side loses its penalty books (a side never has fewer than none)."""
    if lost is None:
        return books
    return [max(0, taken - gone) for taken, gone in zip(books, lost, strict=True)]


def score_hand(
    t: Tables,
    bids: list[int],
    books: list[int],
    bags: list[int],
    reneges: list[int],
    blind: list[bool] | None = None,
    lost: list[int] | None = None,
    extra: list[int] | None = None,
    nils: list[tuple[int, int]] | None = None,
    *,
    penalty_bags: list[int] | None = None,
    as_made: list[bool] | None = None,
    raised: list[bool] | None = None,
    bonus: list[int] | None = None,
    bonus_parts: list[Parts] | None = None,
    times: list[tuple[int, int] | None] | None = None,
    parts: list[Parts] | None = None,
) -> list[SideResult]:
    """Each side's points for a bid hand, with sandbags and penalties applied.

    ``blind``: which sides' contracts are blind; ``lost``: penalty books each side loses; ``extra``:
    penalty points each side scores besides (see :mod:`referee.tricks.penalties`); ``nils``: each nil bid
    as (its side, the tricks its bidder took); ``penalty_bags``: sandbags each side takes as a penalty (they
    count towards its bag limit and score nothing); ``as_made``: sides scored as if they took exactly their
    bid, every nil among them made (the opponents of a renege, where the spec says so); ``raised``: which
    sides raised their bid (a plain contract); ``bonus``: points each side's bids score besides the contract
    (ACES, bemo, double nil); ``bonus_parts``: that bonus taken apart by the clauses of the bids that give it
    (without it, a part of the contract's clause of its own); ``times``: each side's no trump multipliers, if any;
    ``parts``: where given, each side's points taken apart by the clauses that give them are added to it (see
    :mod:`.score_parts`).
    """
    moved, received_by_renege = _transfer(t, books, reneges)
    books = after_losses(moved, lost)
    if as_made:
        books = [bid if made else b for b, bid, made in zip(books, bids, as_made, strict=True)]
    nil_points = [0] * len(bids)
    for side, tricks in nils or ():
        if as_made and as_made[side]:
            tricks = 0  # made, and its partner's contract taken as exactly made above
        nil_points[side] += t.nil_bonus if tricks == 0 else t.nil_penalty
        if not t.nil_counts_for_partner:
            books = [b - tricks if s == side else b for s, b in enumerate(books)]
    out = []
    for side, bid in enumerate(bids):
        # a side that reneged too gave books back, so count what it received, not its net gain
        received = received_by_renege[side] if t.renege_books_not_bags else 0
        is_blind = bool(blind and blind[side])
        multipliers = times[side] if times else None
        contract_terms = (is_blind, received, bool(raised and raised[side]), multipliers)
        got, over = contract(t, bid, books[side], *contract_terms)
        made = got + (bonus[side] if bonus else 0)  # (ACES, bemo, double nil: scored with the contract)
        points = made + nil_points[side]
        uncapped = points
        if t.hand_max is not None and not (is_blind and t.hand_max_blind_exempt):
            points = min(points, t.hand_max)
        penalty, carried = sandbags(t, bags[side], over + (penalty_bags[side] if penalty_bags else 0))
        renege, other = reneges[side] * t.renege_points, extra[side] if extra else 0
        points += penalty + renege + other
        out.append(SideResult(points, carried))
        if parts is not None:
            other_clause = "penalties.false_claim" if t.false_claim_points else "penalties.other_rule"
            own = bonus_parts[side] if bonus_parts else (("scoring.contract", made - got),)
            parts.append(
                nonzero_parts(
                    *contract_parts(t, bid, books[side], got, *contract_terms),
                    *own,
                    ("bidding.nil", nil_points[side]),
                    ("scoring.hand_max", points - penalty - renege - other - uncapped),
                    ("scoring.bags", penalty),
                    ("penalties.renege", renege),
                    (other_clause, other),
                )
            )
    return out


# Per Tables, each hand of plain contracts scored so far: (contracts, books, bags before) -> (points, bags after).
PlainScores = dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]]
_PLAIN_SCORES: dict[int, tuple[Tables, PlainScores]] = {}


def plain_scores(t: Tables) -> PlainScores:
    """The Tables' plain hands scored so far (a game loop may ask once a game and hand it to plain_hand)."""
    return per_tables(_PLAIN_SCORES, t, lambda _: {})


def plain_hand(
    t: Tables,
    bids: tuple[int, ...],
    books: tuple[int, ...],
    bags: tuple[int, ...],
    known: PlainScores | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's points and sandbags after a hand of plain contracts with nothing else to score: what
    :func:`score_hand` gives with no blind, nil, raise, bonus or penalty (nearly every hand).

    A hand's score depends on its contracts, books and the bags before alone, and an archive repeats them (231
    kinds of hand in 9,183 of the simulator's): each is worked out once per Tables and looked up after, one
    lookup a hand, where a side at a time costs three times as much."""
    if known is None:
        known = plain_scores(t)
    found = known.get((bids, books, bags))
    return plain_scored(t, bids, books, bags, known) if found is None else found


# Per Tables, each side's plain contract scored so far: (contract, books, bags before) -> (points, bags after)
_SIDE_SCORES: dict[int, tuple[Tables, dict[tuple[int, int, int], tuple[int, int]]]] = {}


def plain_scored(
    t: Tables, bids: tuple[int, ...], books: tuple[int, ...], bags: tuple[int, ...], known: PlainScores
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`plain_hand`'s score of a hand not met before (not in ``known``), kept there. A side's score depends
    on its contract, books and bags before alone, which repeat far more than a hand's (a small archive meets
    most of its hands' for the first time, and few of its sides'): each side's is worked out once per Tables."""
    if len(known) > 10_000:  # bounded: the kinds of hand met, most archives repeat them
        known.clear()
    sides = per_tables(_SIDE_SCORES, t, lambda _: {})
    keys = [*zip(bids, books, bags)]  # noqa: B905 - a contract, books and bags each side
    found = [*map(sides.get, keys)]
    if None in found:
        if len(sides) > 10_000:
            sides.clear()
        for at, key in enumerate(keys):
            if found[at] is None:
                found[at] = sides[key] = _plain_side(t, *key)
    points, carried = zip(*found)  # noqa: B905 - each a pair
    scored = known[(bids, books, bags)] = points, carried
    return scored


def _plain_side(t: Tables, bid: int, books: int, bags: int) -> tuple[int, int]:
    """A side's points and sandbags after for a plain contract, as :func:`score_hand` scores it."""
    points, over = contract(t, bid, books)
    if t.hand_max is not None:
        points = min(points, t.hand_max)
    penalty, carried = sandbags(t, bags, over)
    return points + penalty, carried


def unbid_points(
    t: Tables, kept: list[int], reneges: list[int] | None = None, extra: list[int] | None = None
) -> list[int]:
    """Each side's points for a hand played without bids: so much a book kept (see :func:`kept_books`), with
    the renege's points and other penalty points."""
    renege_points = [count * t.renege_points for count in reneges or [0] * len(kept)]
    return [b * t.unbid_per_book + renege_points[side] + (extra[side] if extra else 0) for side, b in enumerate(kept)]


def sweep(t: Tables, books: list[int]) -> int | None:
    """The side that wins the game outright by its books on the unbid first hand (books kept), if any."""
    if t.sweep_books is None:
        return None
    return next((side for side, taken in enumerate(books) if taken >= t.sweep_books), None)


def blind_boston(
    t: Tables, bids: list[int], books: list[int], blind: list[bool] | None, raised: list[bool] | None
) -> int | None:
    """The side that wins the game outright by a blind Boston made (a blind bid of every trick), if any."""
    if not t.blind_boston_wins or not blind:
        return None
    return next(
        (
            side
            for side, bid in enumerate(bids)
            if blind[side] and bid == t.per_player and books[side] >= bid and not (raised and raised[side])
        ),
        None,
    )


def leader(t: Tables, totals: Sequence[int]) -> int | None:
    """The side with the best total (the lowest where the lowest wins), or None for a tie."""
    best = min(totals) if t.lowest_wins else max(totals)
    return totals.index(best) if totals.count(best) == 1 else None


def end_clause(
    t: Tables, totals: list[int], hands_scored: int, lost: frozenset[int] = frozenset(), otherwise: str | None = None
) -> str:
    """The clause by which these totals end the game: the target reached, else a side out (lost by a penalty,
    at the floor, too far behind), else the rounds run out. ``otherwise``: the clause for a game played off
    whose totals meet none of these any more (the one that ended it before the tie was broken)."""
    if t.target is not None and any(total >= t.target for total in totals):
        return "game_end.target"
    if lost:
        return "penalties.renege"
    if t.floor is not None and any(total <= t.floor for total in totals):
        return "game_end.floor"
    if t.behind is not None and max(totals) - min(totals) >= t.behind:
        return "game_end.behind"
    if t.max_rounds is not None and hands_scored >= t.max_rounds:
        return "game_end.rounds"
    return otherwise or "game_end.target"


def losing(t: Tables, totals: list[int]) -> list[int]:
    """The sides these totals put out of the game: at or below the floor, or the spec's margin behind the leader."""
    best = max(totals)
    return [
        side
        for side, total in enumerate(totals)
        if (t.floor is not None and total <= t.floor) or (t.behind is not None and best - total >= t.behind)
    ]


def result(
    t: Tables,
    totals: list[int],
    hands_scored: int,
    lost: frozenset[int] = frozenset(),
    playing_off: frozenset[int] | None = None,
) -> tuple[bool, int | None]:
    """Whether the game is over after these totals, and the winning side (None for a tie).

    ``lost``: sides that lost the game outright this hand (a third renege, where the spec says so).
    ``playing_off``: where an earlier hand ended the game with the best total shared and the tie is played on,
    the sides already out of it (see :func:`played_off`); the game then ends at the first hand after which one
    side alone has the best total of the rest, whether or not that total still meets the target.
    """
    reached = t.target is not None and max(totals) >= t.target  # any side at the target
    out = set(losing(t, totals)) | lost if t.floor is not None or t.behind is not None or lost else set()
    if playing_off:
        out |= playing_off  # a side out of the game stays out while the tie is played off
    out_of_rounds = t.max_rounds is not None and hands_scored >= t.max_rounds
    if not (reached or out or out_of_rounds or playing_off is not None):
        return False, None
    alive = [s for s in range(len(totals)) if s not in out]
    # every side has lost (all at the floor, say): the best of them wins, and where that is shared the game ends
    # with no winner, not played on: no deal more can undo a side's loss
    all_out = not alive
    if all_out:
        alive = list(range(len(totals)))
    best = min(totals[s] for s in alive) if t.lowest_wins else max(totals[s] for s in alive)
    leaders = [s for s in alive if totals[s] == best]
    if len(leaders) == 1:
        return True, leaders[0]
    if t.tie_play_on and not all_out and not (out_of_rounds and t.rounds_tie_shared):
        return False, None
    return True, None


def played_off(
    t: Tables,
    totals: list[int],
    hands_scored: int,
    lost: frozenset[int] = frozenset(),
    before: frozenset[int] | None = None,
) -> frozenset[int] | None:
    """After a hand that did not end the game: the sides out of it where its end has come all the same (the
    target reached, a side out, the rounds run out) with the best total shared, so the tie is played off;
    None where the game simply goes on. ``before``: the same, after the hand before (None if not played off).

    A tie once played off stays so until it is broken: the readings say "until the tie is broken", and a set
    that takes both sides back under the target, or a side back over the floor, does not undo the end."""
    out = frozenset(losing(t, totals)) | lost if t.floor is not None or t.behind is not None or lost else frozenset()
    reached = t.target is not None and max(totals) >= t.target
    out_of_rounds = t.max_rounds is not None and hands_scored >= t.max_rounds
    if before is None and not (reached or out or out_of_rounds):
        return None
    return (before or frozenset()) | out
