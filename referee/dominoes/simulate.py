"""Random legal domino games for a spec, as game-log documents.

The simulator plays by the same compiled tables and the same layout as the
referee, choosing at random among the legal moves, so tests and benchmarks
have endless legal games. Seeded, so a failing case can be replayed.
"""

from __future__ import annotations

import random
from typing import Any

from .. import seating
from ..seating import default_players
from ..spec import Spec
from . import scoring
from .layout import ARM_NAMES, Layout
from .tables import Tables, player_counts, tables_for
from .tiles import DOUBLES, FULL_SET, TILE_COUNT, spots, tile_name, tiles_in

MAX_HANDS = 300


def _draw(t: Tables, rng: random.Random) -> list[int]:
    tiles = list(range(TILE_COUNT))
    rng.shuffle(tiles)
    return [sum(1 << x for x in tiles[s * t.per_player : (s + 1) * t.per_player]) for s in range(t.seats)]


def _highest_double(t: Tables, held: list[int]) -> tuple[int, int] | None:
    for double in DOUBLES:
        for seat in range(t.seats):
            if held[seat] >> double & 1:
                return seat, double
    return None


class _Game:
    def __init__(self, t: Tables, names: list[str], rng: random.Random, with_score: bool) -> None:
        self.t = t
        self.names = names
        self.rng = rng
        self.with_score = with_score
        self.totals = [0] * len(t.sides)
        self.over = False

    def reached(self) -> bool:
        target = self.t.target
        if target is None:
            return False
        reached = [total for total in self.totals if total >= target]
        return bool(reached) and sum(1 for total in self.totals if total == max(reached)) == 1

    def hand(self, opener_won: int | None) -> tuple[dict[str, Any], int | None]:
        t, rng, names = self.t, self.rng, self.names
        held = _draw(t, rng)
        record: dict[str, Any] = {"draw": {names[s]: [tile_name(x) for x in tiles_in(held[s])] for s in range(t.seats)}}
        union = 0
        for mask in held:
            union |= mask
        boneyard = FULL_SET & ~union
        if t.boneyard:
            record["boneyard"] = [tile_name(x) for x in tiles_in(boneyard)]
        else:
            boneyard = 0
        found = _highest_double(t, held)
        if opener_won is None and found is None:
            record["misdeal"] = True
            return record, opener_won
        seat, first = (opener_won, rng.choice(tiles_in(held[opener_won]))) if opener_won is not None else found  # type: ignore[misc]
        layout = Layout(t.spinner)
        points = [0] * len(t.sides)
        plays: list[dict[str, Any]] = []
        held[seat] &= ~(1 << first)
        layout.start(first)
        plays.append({names[seat]: self._scored(layout, seat, points, tile_name(first), None)})
        out: int | None = None
        while not self.over:
            if held[seat] == 0 and self._out(held, seat):
                out = seat
                break
            seat = self._next(held, seat)
            while True:
                able = layout.playable(held[seat])
                if able or not (t.draw_when_unable and boneyard):
                    break
                drawn = rng.choice(tiles_in(boneyard))
                boneyard &= ~(1 << drawn)
                held[seat] |= 1 << drawn
                plays.append({names[seat]: {"draw": tile_name(drawn)}})
            if not able:
                plays.append({names[seat]: "knock"})
                if not boneyard and not any(held[s] and layout.playable(held[s]) for s in range(t.seats)):
                    break  # locked
                continue
            tile = rng.choice(tiles_in(able))
            arm = rng.choice(layout.arms_for(tile))
            layout.place(arm, tile)
            held[seat] &= ~(1 << tile)
            plays.append({names[seat]: self._scored(layout, seat, points, tile_name(tile), ARM_NAMES[arm])})
            if not boneyard and held[seat] and not any(held[s] and layout.playable(held[s]) for s in range(t.seats)):
                break  # locked after this play
        record["plays"] = plays
        if self.over:
            return self._scored_hand(record, points), None
        if out is not None:
            side = t.side_of[out]
            award = scoring.domino_award(t, out, [spots(m) for m in held], self.totals[side], "")
        else:
            side_spots = [sum(spots(held[s]) for s in side) for side in t.sides]
            award = scoring.blocked_award(t, side_spots, self.totals)
        if award.side is not None:
            points[award.side] += award.points
            self.totals[award.side] += award.points
            if self.with_score:
                record["award"] = {self._key(award.side): award.points}
        self.over = self.over or self.reached()
        next_opener = None
        if out is not None and t.after_domino_winner:
            next_opener = out
        elif out is None and t.after_blocked_winner and award.side is not None:
            next_opener = t.sides[award.side][0]
        return self._scored_hand(record, points), next_opener

    def _key(self, side: int) -> str:
        return self.names[self.t.sides[side][0]]

    def _scored_hand(self, record: dict[str, Any], points: list[int]) -> dict[str, Any]:
        if self.with_score:
            record["score"] = {
                self._key(i): {"hand": points[i], "total": self.totals[i]} for i in range(len(self.t.sides))
            }
        return record

    def _scored(self, layout: Layout, seat: int, points: list[int], tile: str, arm: str | None) -> Any:
        made = scoring.ends_points(self.t, layout.count()) if self.t.ends_multiple else 0
        if made:
            side = self.t.side_of[seat]
            points[side] += made
            self.totals[side] += made
            if self.t.wins_at_once and self.reached():
                self.over = True
        entry: dict[str, Any] = {"tile": tile}
        if arm is not None:
            entry["end"] = arm
        if self.with_score and self.t.ends_multiple:
            entry["points"] = made
        return entry if len(entry) > 1 else tile

    def _out(self, held: list[int], seat: int) -> bool:
        members = self.t.sides[self.t.side_of[seat]]
        return not self.t.side_goes_out or all(held[s] == 0 for s in members)

    def _next(self, held: list[int], seat: int) -> int:
        n = self.t.seats
        for step in range(1, n + 1):
            if held[(seat + step) % n]:
                return (seat + step) % n
        return (seat + 1) % n


def simulate_game(
    spec: Spec,
    rng: random.Random,
    players: tuple[str, ...] | None = None,
    with_score: bool = True,
    game_id: str | None = None,
    seats: int | None = None,
) -> dict[str, Any]:
    """One legal domino game from the first draw to game end, as a game-log document."""
    seats = len(players) if players else (seats or max(player_counts(spec)))
    t = tables_for(spec, seats)
    names = list(players or default_players(seats))
    seating.seatable(tuple(names), t.sides, t.side_of)
    game = _Game(t, names, rng, with_score)
    hands: list[dict[str, Any]] = []
    opener: int | None = None
    for _ in range(MAX_HANDS):
        record, opener = game.hand(opener)
        hands.append(record)
        if game.over:
            break
    header: dict[str, Any] = {"rules": spec.id}
    agreed = {name: value for name, value in spec.chosen if value != spec.options[name].default}
    if agreed:
        header["options"] = agreed  # what the table agreed, so the log is audited under the same rules
    if game_id is not None:
        header["id"] = game_id
    return {"log": 1, "game": header, "players": names, "hands": hands}
