"""Domino clauses in plain words, for the rulebook pages (:mod:`referee.rulebook` shows them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Fields(Protocol):
    """A clause's data fields, remembering which ones a description used."""

    alone: bool  # every player plays for themselves

    def get(self, key: str, default: Any = None) -> Any: ...

    def who(self, side: str, player: str) -> str: ...


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _set(f: Fields) -> list[str]:
    highest = f.get("highest")
    tiles = (highest + 1) * (highest + 2) // 2
    return [f"A double-{highest} set: every pair of numbers from 0 to {highest} once, {tiles} tiles."]


def _hand(f: Fields) -> list[str]:
    count = f.get("per_player")
    if isinstance(count, dict):
        parts = [f"{n} with {players} players" for players, n in count.items()]
        return ["Each player draws " + ", ".join(parts).replace(" with", " tiles with", 1) + "."]
    return [f"Each player draws {count} tiles."]


def _leftover(f: Fields) -> list[str]:
    if f.get("tiles") == "boneyard":
        return ["The tiles nobody drew are the boneyard, drawn from by a player who cannot play."]
    return ["The tiles nobody drew sleep: they stay out of play and are never drawn."]


def _first_play(f: Fields) -> list[str]:
    if f.get("rule") == "highest_double":
        return ["The player holding the highest double lays it as the first tile."]
    return [f"The first tile: {f.get('rule')}."]


def _no_double(f: Fields) -> list[str]:
    if f.get("rule") == "reshuffle":
        return ["If nobody holds a double, the tiles are shuffled and drawn again (a log marks the hand `misdeal`)."]
    return [f"If nobody holds a double: {f.get('rule')}."]


def _next_hand(f: Fields) -> list[str]:
    words = {"winner": "the winner of the last hand opens, with any tile", "highest_double": "the highest double opens"}
    out = []
    if f.get("after_domino"):
        out.append(f"After a hand won by going out, {words[f.get('after_domino')]}.")
    if f.get("after_blocked"):
        out.append(f"After a blocked hand, {words[f.get('after_blocked')]}.")
    return out


def _line(f: Fields) -> list[str]:
    out = ["A tile is laid on an open end showing one of its numbers, with the matching halves touching."]
    if f.get("shape") == "spinner":
        out.append(
            "The first double laid is the spinner: one tile goes on each of its sides, and once both are covered its "
            "two ends open too (a log names the arms left, right, up and down)."
        )
    else:
        out.append("The line has two open ends, left and right.")
    if f.get("doubles") == "crosswise":
        out.append("Doubles lie crosswise and show both halves.")
    return out


def _unable(f: Fields) -> list[str]:
    if f.get("action") == "draw":
        return [
            "Only a player who cannot play draws, one tile at a time until one can be laid; with the boneyard "
            "empty, the player passes."
        ]
    return ["A player who cannot play knocks (passes), and play goes on to the next player."]


def _own_tiles(f: Fields) -> list[str]:
    return ["A player lays only the tiles they hold (those they drew), each tile once."]


def _must_play(f: Fields) -> list[str]:
    return ["A player who can lay a tile must." if f.get("when_able") else "A player may pass while able to play."]


def _going_out(f: Fields) -> list[str]:
    if f.get("ends_hand") == "side":
        return ["The hand ends when every member of a side has laid all their tiles (a player who is out is skipped)."]
    return ["The hand ends when a player lays their last tile (goes out)."]


def _ends(f: Fields) -> list[str]:
    multiple, least = f.get("multiple"), f.get("min")
    if not multiple:
        return ["The open ends score nothing."]
    floor = f" of at least {least}" if least else ""
    return [
        f"After each tile laid, if the open ends total a multiple of {multiple}{floor}, the player scores that "
        "total. A crosswise double at an end counts both halves."
    ]


def _entry(f: Fields) -> list[str]:
    return [f"A player not yet on the scoreboard gets on it only with a score of at least {_points(f.get('min'))}."]


def _rounding(step: Any) -> str:
    return f", rounded to the nearest {step}" if step else ""


def _domino(f: Fields) -> list[str]:
    source = {
        "backman": "the spots left in the backman's hand (the player before them in the order of play)",
        "opponents": "the spots left in all the opponents' hands",
        "losers": f.who("the spots left on the losing side's tiles", "the spots left in the other players' hands"),
    }[f.get("from", "losers")]
    # with partners the side scores (its joint total), not the player alone
    subject = f.who("The side of the player who goes out", "The player who goes out")
    out = [f"{subject} scores {source}{_rounding(f.get('round_to'))}."]
    needs = f.get("needs_on_board")
    if needs:
        out.append(f"Only a player who already has at least {_points(needs)} scores them.")
    return out


def _blocked(f: Fields) -> list[str]:
    who = "side" if f.get("winner") == "least_spots_side" else "player or side"
    who = "player" if f.alone else who
    scores = f.get("scores")
    what = (
        f"the difference between the others' spots and {f.who('its', 'their')} own"
        if scores == "difference"
        else "the spots in all the others' hands"
    )
    out = [
        f"When nobody can play (blocked, locked), the {who} with the fewest spots left scores {what}"
        f"{_rounding(f.get('round_to'))}."
    ]
    if f.get("tie") == "no_score":
        out.append("If two tie for the fewest, nobody scores.")
    return out


def _first_to_reach(f: Fields) -> list[str]:
    if f.get("wins_at_once"):
        return ["The first to reach the target wins at that moment, even in the middle of a hand."]
    return ["The target is checked at the end of each hand."]


DESCRIBE: dict[str, Callable[[Any], list[str]]] = {
    "tiles.set": _set,
    "draw.hand": _hand,
    "draw.leftover": _leftover,
    "draw.first_play": _first_play,
    "draw.no_double": _no_double,
    "draw.next_hand": _next_hand,
    "layout.line": _line,
    "layout.unable": _unable,
    "layout.own_tiles": _own_tiles,
    "layout.must_play": _must_play,
    "layout.going_out": _going_out,
    "dominoes_scoring.ends": _ends,
    "dominoes_scoring.entry": _entry,
    "dominoes_scoring.domino": _domino,
    "dominoes_scoring.blocked": _blocked,
    "dominoes_scoring.first_to_reach": _first_to_reach,
}
