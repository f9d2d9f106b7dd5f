"""A hand's tricks read from the JSON text they were decoded from: each play's text (``"South":"8D"``) looked
up among those read before, one string lookup a play instead of some passes over the decoded objects.

An archive writes the same two hundred plays (a player and a card) millions of times. Where the text holds no
backslash, every ``"`` in it opens or closes a string, so:

- ``"tricks"`` is found in the text exactly where the string ``tricks`` is (a closing quote is never followed
  by a letter): where it is found as often as there are hands holding the key, those are the hands' keys, in
  order; a hand's tricks written ``"tricks":[[{`` run to the ``}`` of the first ``}]]`` that follows;
- what lies between splits on ``{`` into the plays' texts, each with what ends it (``},`` another play of the
  trick follows, ``}],[`` another trick, ``}`` the last), provided each piece is one a play was once read
  from: a piece is learnt only where ``json.loads`` of its play (in braces) is an object of one key, a player,
  whose value is a card token, with one colon (so no colon in a string). A piece learnt holds an even number
  of quotes: so where every piece is learnt, each cut (and the closer) lies outside any string, and the text
  is ``[[{play},...],...]`` exactly, its plays the pieces in order and its tricks ending where they say.
  Where each trick has one play by each player (those ends checked as bytes), each piece is its play's text,
  and reads as that play reads.

Each play has one key, as each piece has one colon: the caller counts one a play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .cards import TOKENS

_PLAYERS_KEPT = 64  # lists of players learnt for (bounded: a log may name anyone)
_PIECES_KEPT = 4_096  # pieces learnt for each (a deck of a few hundred cards, by each player: bounded anyway)
_OPENER = '"tricks"'
_OPENS = ":[[{"  # what follows the key where a hand's tricks are written the usual way, compactly
_CLOSER = "}]]"
# What ends a play's text: another play of its trick follows (0), or the trick ends (1: another follows, or none).
_ENDS = (("},", 0), ("}],[", 1), ("}", 1))


@dataclass(frozen=True)
class Learnt:
    """The plays' texts learnt for a list of players, and what checking turns needs of that list."""

    plays: dict[str, bytes]  # each play's text: its player's seat, its card, and 1 where it ends its trick
    seat_of: dict[str, int]
    seats: tuple[tuple[int, ...], ...]  # per leader's seat, the seats in turn from it
    shifts: tuple[bytes, ...]  # per place in a trick after the first, each leader's seat to the seat there
    ends: dict[int, bytes]  # per number of plays in whole tricks, each play's end as in ``plays``


_LEARNT: dict[tuple[str, ...], Learnt] = {}


def learnt(players: tuple[str, ...]) -> Learnt | None:
    """What is learnt for a list of players (None: too many lists to learn for, or too many players to write
    each seat in a byte)."""
    found = _LEARNT.get(players)
    if found is None and len(_LEARNT) < _PLAYERS_KEPT and len(players) <= 256:
        size = len(players)
        seats = tuple(tuple((lead + k) % size for k in range(size)) for lead in range(size))
        shifts = tuple(bytes((seat + k) % size for seat in range(256)) for k in range(1, size))
        ends = {size * tricks: (bytes(size - 1) + b"\1") * tricks for tricks in range(1, 64)}
        seat_of = {name: seat for seat, name in enumerate(players)}
        found = _LEARNT[players] = Learnt({}, seat_of, seats, shifts, ends)
    return found


def written(text: str, hands: list[Any]) -> list[str | None] | None:
    """Each hand's tricks as written in ``text``, from after ``"tricks":[[{`` to the ``}`` of the first ``}]]``
    (None for a hand without tricks; None for all: the hands' tricks not certainly found so, or some written
    another way, such as compact, where the rest likely are too: the search would cost and find nothing)."""
    found: list[str | None] = []
    at = 0
    for hand in hands:
        if type(hand) is not dict:
            return None
        if "tricks" not in hand:
            found.append(None)
            continue
        at = text.find(_OPENER, at) + len(_OPENER)  # the next "tricks" in the text: this hand's key, if ...
        if at < len(_OPENER):
            return None
        if not text.startswith(_OPENS, at):
            return None  # tricks written another way (compact, or with a space): no hand is read from the text
        end = text.find(_CLOSER, at)
        found.append(text[at + len(_OPENS) : end + 1] if end >= 0 else None)
    # ... there is none other: one for each hand holding the key, each within the hand, so in order
    return None if text.find(_OPENER, at) >= 0 else found


def read(known: Learnt, written: str) -> tuple[tuple[Any, ...], tuple[bytes, bytes]] | None:
    """A hand's tricks written ``written``, and its cards and leaders as bytes, where each play's text is
    learnt, each trick has one play by each player, and each was played in turn (else None)."""
    pieces = written.split("{")
    try:
        found = b"".join(map(known.plays.__getitem__, pieces))
    except KeyError:
        return None
    if found[2::3] != known.ends.get(len(pieces)):
        return None  # tricks of another length: the careful reading reads them
    seats = found[::3]
    size = len(known.seats)
    leaders = seats[::size]
    for place, shift in enumerate(known.shifts, 1):
        if seats[place::size] != leaders.translate(shift):
            return None  # a trick out of turn: the careful reading says so
    cards = found[1::3]
    tricks = tuple(zip(map(known.seats.__getitem__, leaders), zip(*[iter(cards)] * size)))  # noqa: B905
    return tricks, (cards, leaders)


def learn(known: Learnt, written: str) -> None:
    """Keep each play's text of a hand's tricks written ``written`` with its seat and card, where it is
    certainly a play's text (see the module's docstring)."""
    plays = known.plays
    for piece in written.split("{"):
        if piece in plays or len(plays) >= _PIECES_KEPT:
            continue
        body, last = next(((piece[: -len(end)], last) for end, last in _ENDS if piece.endswith(end)), ("", 0))
        if body.count(":") != 1:
            continue
        try:
            member = json.loads("{" + body + "}")
        except (ValueError, RecursionError):
            continue
        ((name, token),) = member.items()
        seat = known.seat_of.get(name)
        card = TOKENS.get(token) if type(token) is str else None
        if seat is not None and card is not None:
            plays[piece] = bytes((seat, card, last))
