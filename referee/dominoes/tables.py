"""A domino spec compiled once into flat tables for replay.

As for trick games, the replay reads only plain values from here and never
looks a clause up by name. A domino spec may allow several numbers of
players, and the seating depends on that number, so tables are compiled per
spec and player count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from .. import words
from ..errors import InputError, Location, Unsupported
from ..spec import Spec
from .tiles import HIGHEST, TILE_COUNT

ANY = None  # in ENFORCED: any value the schema allows

# What the replay acts on, clause by clause and field by field (ANY: every value the schema allows).
# A spec that sets anything else is refused with Unsupported rather than half-checked.
ENFORCED: dict[str, dict[str, tuple[object, ...] | None]] = {
    "players.seats": {"count": ANY, "counts": ANY},
    "players.sides": {"partners": ("none", "opposite")},
    "players.turn": {"direction": ("clockwise",)},
    "tiles.set": {"highest": (HIGHEST,)},
    "draw.hand": {"per_player": ANY},
    "draw.leftover": {"tiles": ANY},
    "draw.first_play": {"rule": ("highest_double",)},
    "draw.no_double": {"rule": ("reshuffle",)},
    "draw.next_hand": {"after_domino": ANY, "after_blocked": ANY},
    "layout.line": {"shape": ANY, "doubles": ("crosswise",)},
    "layout.unable": {"action": ANY},
    "layout.own_tiles": {},
    "layout.must_play": {"when_able": (True,)},
    "layout.going_out": {"ends_hand": ANY},
    "dominoes_scoring.ends": {"multiple": ANY, "min": ANY},
    "dominoes_scoring.entry": {"min": ANY},
    "dominoes_scoring.domino": {"from": ANY, "round_to": ANY, "needs_on_board": ANY},
    "dominoes_scoring.blocked": {"winner": ANY, "scores": ANY, "round_to": ANY, "tie": ANY},
    "dominoes_scoring.first_to_reach": {"wins_at_once": ANY},
    "game_end.target": {"points": ANY},
}


@dataclass(frozen=True)
class Tables:
    """Everything a domino replay needs, as plain values."""

    spec_id: str
    seats: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    per_player: int
    boneyard: bool  # the tiles left over are drawn from (else they sleep)
    reshuffle_without_double: bool
    after_domino_winner: bool  # the winner of a hand won by going out opens the next (else the highest double)
    after_blocked_winner: bool
    spinner: bool
    draw_when_unable: bool
    side_goes_out: bool  # the hand ends when a whole side has gone out (else when one player has)
    ends_multiple: int  # 0: the open ends score nothing
    ends_min: int
    entry: int  # a player or side with less than this is not on the scoreboard
    domino_from_backman: bool  # else from every opponent
    domino_round: int
    domino_needs: int
    blocked_difference: bool  # the winner of a blocked hand scores the difference (else the losers' spots)
    blocked_round: int
    target: int | None
    wins_at_once: bool  # the game ends the moment a side reaches the target
    made: tuple[int, ...]  # what a play scores, by the spots the open ends then show
    next_seat: tuple[int, ...]  # the seat clockwise of each
    opponents: tuple[tuple[int, ...], ...]  # the seats of each seat's opponents


MOST_SPOTS = 60  # the open ends show at most four double sixes and the first double's 12


def _ends_made(multiple: int, minimum: int) -> tuple[int, ...]:
    """What a play scores when the open ends show each count of spots (a multiple of ``multiple``, if any)."""
    return tuple(
        count if multiple and count >= minimum and count % multiple == 0 else 0 for count in range(MOST_SPOTS + 1)
    )


def _refuse_unenforced(spec: Spec) -> None:
    for clause_id, clause in spec.clauses.items():
        if not clause.checkable:
            continue
        where = Location(file=str(spec.path), path=f"$.{clause_id}")
        fields = ENFORCED.get(clause_id)
        if fields is None:
            raise Unsupported(f"the clause {clause_id} is not supported by this referee yet", where)
        for name, value in clause.data.items():
            if name not in fields:
                raise Unsupported(f"{clause_id}.{name} is not supported by this referee yet", where)
            allowed = fields[name]
            if allowed is not ANY and value not in allowed:
                raise Unsupported(f"{clause_id}.{name}: {value!r} is not supported by this referee yet", where)


def player_counts(spec: Spec) -> tuple[int, ...]:
    """The numbers of players the spec allows."""
    counts = spec.value("players.seats", "counts")
    if counts:
        return tuple(int(c) for c in counts)
    return (int(spec.value("players.seats", "count", 4)),)


def _sides(spec: Spec, seats: int) -> tuple[tuple[int, ...], ...]:
    partners = spec.value("players.sides", "partners", "none")
    if partners == "opposite":
        if seats % 2:
            raise InputError(f"partners sit opposite, which {seats} players cannot", Location(file=str(spec.path)))
        half = seats // 2
        return tuple((seat, seat + half) for seat in range(half))
    return tuple((seat,) for seat in range(seats))


def compile_spec(spec: Spec, seats: int | None = None) -> Tables:
    """Compile a resolved domino spec for ``seats`` players (default: each count it allows, checked; the first)."""
    _refuse_unenforced(spec)
    counts = player_counts(spec)
    if seats is None:
        for count in counts[1:]:
            compile_spec(spec, count)
        seats = counts[0]
    elif seats not in counts:
        raise InputError(f"{spec.id} is for {words.counts(counts)} players, not {seats}")
    per_player = spec.value("draw.hand", "per_player")
    if isinstance(per_player, dict):
        per_player = per_player.get(str(seats), per_player.get(seats))
    if not isinstance(per_player, int) or per_player * seats > TILE_COUNT:
        raise InputError(
            f"draws {per_player!r} tiles for each of {seats} players from a set of {TILE_COUNT}",
            Location(file=str(spec.path), path="$.draw.hand.per_player"),
        )
    sides = _sides(spec, seats)
    if spec.value("dominoes_scoring.blocked", "winner") == "least_spots" and any(len(side) > 1 for side in sides):
        # the replay compares sides' spots together; which side the one player with the fewest would win for is
        # not a reading it takes (least_spots_side is the partners' spots together)
        raise Unsupported(
            "dominoes_scoring.blocked.winner: 'least_spots' (one player's spots) with partners is not supported by "
            "this referee yet",
            Location(file=str(spec.path), path="$.dominoes_scoring.blocked"),
        )
    ends_multiple = int(spec.value("dominoes_scoring.ends", "multiple", 0))
    side_of = [0] * seats
    for index, side in enumerate(sides):
        for seat in side:
            side_of[seat] = index
    return Tables(
        spec_id=spec.id,
        seats=seats,
        sides=sides,
        side_of=tuple(side_of),
        per_player=per_player,
        boneyard=spec.value("draw.leftover", "tiles", "boneyard") == "boneyard",
        reshuffle_without_double=spec.value("draw.no_double", "rule", "reshuffle") == "reshuffle",
        after_domino_winner=spec.value("draw.next_hand", "after_domino", "highest_double") == "winner",
        after_blocked_winner=spec.value("draw.next_hand", "after_blocked", "highest_double") == "winner",
        spinner=spec.value("layout.line", "shape", "line") == "spinner",
        draw_when_unable=spec.value("layout.unable", "action", "knock") == "draw",
        side_goes_out=spec.value("layout.going_out", "ends_hand", "player") == "side",
        ends_multiple=ends_multiple,
        ends_min=int(spec.value("dominoes_scoring.ends", "min", 0)),
        entry=int(spec.value("dominoes_scoring.entry", "min", 0)),
        domino_from_backman=spec.value("dominoes_scoring.domino", "from", "losers") == "backman",
        domino_round=int(spec.value("dominoes_scoring.domino", "round_to", 0)),
        domino_needs=int(spec.value("dominoes_scoring.domino", "needs_on_board", 0)),
        blocked_difference=spec.value("dominoes_scoring.blocked", "scores", "losers_spots") == "difference",
        blocked_round=int(spec.value("dominoes_scoring.blocked", "round_to", 0)),
        target=spec.value("game_end.target", "points"),
        wins_at_once=bool(spec.value("dominoes_scoring.first_to_reach", "wins_at_once", False)),
        made=_ends_made(ends_multiple, int(spec.value("dominoes_scoring.ends", "min", 0))),
        next_seat=(*range(1, seats), 0),
        opponents=tuple(tuple(s for s in range(seats) if side_of[s] != side_of[seat]) for seat in range(seats)),
    )


def seated(t: Tables, sides: tuple[tuple[int, ...], ...], side_of: tuple[int, ...]) -> Tables:
    """The tables with other sides (a log's own, where the spec's seating is only a reading)."""
    seats = range(t.seats)
    opponents = tuple(tuple(s for s in seats if side_of[s] != side_of[seat]) for seat in seats)
    return replace(t, sides=sides, side_of=side_of, opponents=opponents)


@cache
def tables_for(spec: Spec, seats: int) -> Tables:
    """The compiled tables of a spec for a number of players, compiled once."""
    return compile_spec(spec, seats)
