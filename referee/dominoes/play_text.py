"""A hand's plays read from the JSON text they were decoded from: each play's text looked up among those read
before, one string lookup a turn instead of some passes over the decoded objects.

An archive writes the same few hundred turns (``{"East":{"tile":"6-4","end":"left","points":10}}``) millions of
times. Where the text holds no backslash, every ``"`` in it opens or closes a string, so:

- ``"plays"`` is found in the text exactly where the string ``plays`` is (a closing quote is never followed
  by a letter): where it is found as often as there are hands, each holding the key, those are the hands'
  keys, in order, and each hand's list is the text from the ``[`` that follows to the first ``]``;
- that list's text, its outer braces taken off, splits on ``},{`` into its plays' texts (between each
  play's braces), provided each piece is one a play was once read from: a piece is learnt only after the
  careful steps read its play, and only where ``json.loads`` of it is that play, with a colon a key (so no
  duplicate key, and no colon in a string). A cut inside a string, or a list cut short by a ``]`` in a
  string or a nested list, leaves a piece with an odd number of quotes or an open bracket, which no play's
  text is: so where every piece is learnt and they number the plays, each is its play's text, and reads
  as that play read.

The plays' keys are then the colons of their text (each piece learnt has a colon a key).
"""

from __future__ import annotations

import json
from typing import Any

from .log import Move

_PLAYERS_KEPT = 64  # lists of players learnt for (bounded: a log may name anyone)
_PIECES_KEPT = 20_000  # pieces learnt for each (bounded: a log may write any number of points)
# For each list of players (a piece names its player, whose seat depends on the list): each piece's seat and move.
_LEARNT: dict[tuple[str, ...], tuple[dict[str, int], dict[str, Move]]] = {}


def lists_of_plays(text: str, hands: list[Any]) -> list[str] | None:
    """Each hand's list of plays as written in ``text``, between its brackets (None: not certainly found so).
    ``hands``: the document's hands, each already known to be an object."""
    if text.count('"plays"') != len(hands) or not all(["plays" in hand for hand in hands]):
        return None
    parts = text.split('"plays":[')
    if len(parts) != len(hands) + 1:
        return None  # a "plays" followed by something else, such as a space
    lists = []
    for part in parts[1:]:
        end = part.find("]")
        if end < 0:
            return None
        lists.append(part[:end])
    return lists


def learnt(players: tuple[str, ...]) -> tuple[dict[str, int], dict[str, Move]] | None:
    """The seats and moves of the pieces learnt for a list of players (None: too many lists to learn for)."""
    found = _LEARNT.get(players)
    if found is None and len(_LEARNT) < _PLAYERS_KEPT:
        found = _LEARNT[players] = ({}, {})
    return found


def pieces(written: str) -> list[str]:
    """The texts of the plays of a list written ``written`` (between its brackets), if it is the usual one."""
    return written[1:-1].split("},{") if written else []


def read(
    known: tuple[dict[str, int], dict[str, Move]], written: str, plays: list[Any]
) -> tuple[tuple[int, ...], tuple[Move, ...], int] | None:
    """The seats and moves of a list of plays, and its keys, where each play's text is learnt (else None)."""
    texts = pieces(written)
    if len(texts) != len(plays):
        return None
    seats, moves = known
    try:
        return tuple(map(seats.__getitem__, texts)), tuple(map(moves.__getitem__, texts)), written.count(":")
    except KeyError:
        return None


def learn(
    known: tuple[dict[str, int], dict[str, Move]],
    written: str,
    plays: list[Any],
    seats: tuple[int, ...],
    moves: tuple[Move, ...],
) -> None:
    """Keep each play's text with the seat and move the careful steps read it as, where it is certainly its
    play's text (see the module's docstring)."""
    texts = pieces(written)
    if len(texts) != len(plays):
        return
    seat_of, move_of = known
    for text, play, seat, move in zip(texts, plays, seats, moves, strict=True):
        if text in move_of or len(move_of) >= _PIECES_KEPT:
            continue
        try:
            member = json.loads("{" + text + "}")
        except (ValueError, RecursionError):
            continue
        value = next(iter(play.values()))
        keys = 1 + (len(value) if type(value) is dict else 0)
        if member == play and text.count(":") == keys:
            seat_of[text] = seat
            move_of[text] = move
