"""A clause's rule in plain words, from its data fields: every family's describers in one table.

Each clause kind has one describer (a function from the clause's fields to
sentences); :func:`rule_text` adds any field a describer did not use, so a
page never hides what the referee checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .dominoes.describe import DESCRIBE as DOMINO_DESCRIBE
from .tricks import describe as deal_words
from .tricks import describe_play as play_words
from .words import Fields, show, words
from .words import count as _count


def plays_alone(sides: dict[str, Any]) -> bool:
    """Whether a rule set's ``players.sides`` has every player play for themselves, each a side of one."""
    return sides.get("partners") == "none"


def wins_at_once(first_to_reach: dict[str, Any]) -> bool:
    """Whether a rule set's ``dominoes_scoring.first_to_reach`` ends the game the moment the target is reached, in
    the middle of a hand: its target is then not said to end the game after the hand."""
    return bool(first_to_reach.get("wins_at_once"))


def _seats(f: Fields) -> list[str]:
    count = f.get("count")
    counts = [str(n) for n in f.get("counts") or ()]
    if not counts:
        return [] if count is None else [f"The game is for {count} players."]
    choice = ", ".join(counts[:-1]) + " or " + counts[-1] if len(counts) > 1 else counts[0]
    usual = "" if count is None else f" (by default {count})"
    return [f"The game may be played by {choice} players{usual}."]


def _sides(f: Fields) -> list[str]:
    partners = f.get("partners")
    if partners == "opposite":
        return [
            "Partners sit opposite each other (with four players: the 1st and 3rd in seat order against the 2nd "
            "and 4th)."
        ]
    if partners == "none":
        return ["No partnerships: each player plays for themselves."]
    sides = ["; ".join(" & ".join(f"seat {seat + 1}" for seat in side) for side in partners)]
    return [f"Sides by seat (in the log's seat order): {sides[0]}."]


def _turn(f: Fields) -> list[str]:
    if f.get("direction") == "clockwise":
        return ["Turns go clockwise: the next player is the one to the left (the next name in the log)."]
    return ["Turns go counterclockwise: the next player is the one to the right."]


def _table_breaks_up(f: Fields) -> list[str]:
    return ["There is no target score: the game ends when the table breaks up (where the record ends)."]


def _winner(f: Fields) -> list[str]:
    if f.get("rule") == "lowest_total":
        return ["The lowest total wins."]
    return ["The highest total wins."]


def _target(f: Fields) -> list[str]:
    reaches = f"{f.who('a side', 'a player')} reaches {_count(f.get('points'), 'point')}"
    if f.at_once:
        return [f"The game ends the moment {reaches}, even in the middle of a hand."]
    return [f"The game ends after the hand in which {reaches}."]


def _both_reach(f: Fields) -> list[str]:
    more = f"more than one {f.who('side', 'player')} reaches it"
    if f.get("rule") == "higher_wins":
        return [f"If {more} in the same hand, the higher score wins."]
    return [f"If {more}: {show(f.get('rule'))}."]


def _tie(f: Fields) -> list[str]:
    rule = f.get("rule")
    if rule == "play_on":
        leading = f.who("the leading sides are", "the leading players are")
        return [f"If {leading} tied when the game would end, more hands are played until one leads."]
    return ["A tie at the end stands: the win is shared."]


def _floor(f: Fields) -> list[str]:
    who = f.who("A side that falls", "A player who falls")
    return [f"{who} to {_count(f.get('points'), 'point')} or below loses, and the game ends."]


def _behind(f: Fields) -> list[str]:
    side = f.who("side", "player")
    return [f"A {side} {_count(f.get('points'), 'point')} or more behind the leading {side} loses, and the game ends."]


def _rounds(f: Fields) -> list[str]:
    out = [f"The game ends after {_count(f.get('max'), 'hand')} at most."]
    if f.get("tie") == "shared":
        out.append("A tie for the lead after the last of them is shared: no more hands are played.")
    return out


def _clock(f: Fields) -> list[str]:
    out = [f"A match is played to a clock of {_count(f.get('minutes'), 'minute')}."]
    out.append(
        f"When time is called, the hand in progress is played out, and the {f.who('side', 'player')} ahead wins."
    )
    extra = f.get("overtime_hands")
    if extra is not None:
        out.append(f"A tie plays {_count(extra, 'more hand')} at a time until it is broken.")
    return out


DESCRIBE: dict[str, Callable[[Fields], list[str]]] = {
    "players.seats": _seats,
    "players.sides": _sides,
    "players.turn": _turn,
    **deal_words.DESCRIBE,
    **play_words.DESCRIBE,
    **DOMINO_DESCRIBE,
    "game_end.target": _target,
    "game_end.both_reach": _both_reach,
    "game_end.tie": _tie,
    "game_end.floor": _floor,
    "game_end.behind": _behind,
    "game_end.rounds": _rounds,
    "game_end.clock": _clock,
    "game_end.table_breaks_up": _table_breaks_up,
    "game_end.winner": _winner,
}


def rule_text(
    clause_id: str, data: dict[str, Any], chosen: Iterable[str] = (), alone: bool = False, at_once: bool = False
) -> str:
    """The rule of a clause in plain words, from its data fields (every field shown); ``chosen``: the fields an
    option sets, with the option's default in ``data``; ``alone``: every player plays for themselves (the words
    say "a player", not "a side"); ``at_once``: the game is won the moment the target is reached
    (:func:`wins_at_once`)."""
    fields = Fields(data, frozenset(chosen), alone, at_once)
    describe = DESCRIBE.get(clause_id)
    sentences = describe(fields) if describe is not None else []
    sentences += [f"{words(k).capitalize()}: {show(v)}." for k, v in fields.rest().items()]
    return " ".join(sentences) or "(No data: the clause records the source's words only.)"
