"""A hand's plays and score read from the JSON text they were decoded from: each member's text (a play, a
side's ``{hand, total}``) looked up among those read before, one string lookup a member instead of some passes
over the decoded objects.

An archive writes the same few hundred turns (``{"East":{"tile":"6-4","end":"left","points":10}}``) and score
lines millions of times. Where the text holds no backslash, every ``"`` in it opens or closes a string, so:

- ``"plays"`` is found in the text exactly where the string ``plays`` is (a closing quote is never followed
  by a letter): where it is found as often as there are hands, each holding the key, those are the hands'
  keys, in order; each hand's list is the text from the ``[`` that follows to the first ``]`` (a score, from
  its ``{`` to the first ``}}``);
- that text splits into its members' texts (a list of plays, its outer braces taken off, on ``},{``; a score
  on ``},``), provided each piece is one a member was once read from: a piece is learnt only after the
  careful steps read its member, and only where ``json.loads`` of it is that member, with a colon a key (so no
  duplicate key, and no colon in a string). A cut inside a string, or a text cut short by a closer in a
  string or a nested value, leaves a piece with an odd number of quotes or an open bracket, which no member's
  text is: so where every piece is learnt and they number the members, each is its member's text, and reads
  as that member read.

A piece not learnt yet but written the usual way (:mod:`.usual_text`: compact JSON of a member, made from a
table of every such value) is certainly its member's text as a piece learnt is, and is read and learnt at
once: an archive written so needs no careful reading to learn its texts.

The members' keys are then the colons of their text (each piece learnt has a colon a key).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..logreader import RecordedScore
from . import usual_text
from .log import Move, Play


@dataclass(frozen=True)
class Field:
    """How a hand's field is written in compact JSON, and how its members' texts are cut out of it."""

    opener: str  # the key and what opens its value
    closer: str  # what first ends the value
    trim: int  # characters taken off each end of what lies between them
    separator: str  # what lies between two members
    around: tuple[str, str]  # what makes a member's text a one-member JSON object again

    def pieces(self, written: str) -> list[str]:
        """The members' texts of a field written ``written`` (between its opener and its closer)."""
        return written[self.trim : len(written) - self.trim].split(self.separator) if written else []

    def learnable(self, piece: str, key: str, value: Any) -> bool:
        """Whether ``piece`` is certainly the text of the member ``key: value`` (see the module's docstring)."""
        try:
            member = json.loads(self.around[0] + piece + self.around[1])
        except (ValueError, RecursionError):
            return False
        keys = 1 + (len(value) if type(value) is dict else 0)
        return piece.count(":") == keys and member == {key: value}


PLAYS = Field('"plays":[', "]", 1, "},{", ("{", "}"))
SCORE = Field('"score":{', "}}", 0, "},", ("{", "}}"))

_PLAYERS_KEPT = 1024  # lists of players learnt for (bounded: a log may name anyone)
# Pieces learnt, of plays for all the lists together and of score lines (bounded: a log may write any number of
# points; a few MB at most). An archive of one table's games holds a few thousand.
_PIECES_KEPT = 50_000
_learnt = [0]  # the plays' pieces learnt so far, for every list of players


class Learnt(dict[str, Play]):
    """The plays learnt for one list of players, by their texts (a play names its player, whose seat depends on
    the list), and each player's name as written (to read a play's text written the usual way)."""

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__()
        self.seats = usual_text.seats_written(players)


_PLAYS: dict[tuple[str, ...], Learnt] = {}
_LINES: dict[str, RecordedScore] = {}  # each side's score line, by its text


def written(text: str, hands: list[Any], field: Field) -> list[str] | None:
    """Each hand's field as written in ``text``, between its opener and its closer (None: not certainly found
    so). ``hands``: the document's hands, each already known to be an object."""
    key, opens = field.opener.split(":")
    opens = ":" + opens
    parts = text.split(key)
    if len(parts) != len(hands) + 1 or not all([key[1:-1] in hand for hand in hands]):
        return None
    found = []
    start = len(opens)
    for part in parts[1:]:
        end = part.find(field.closer)
        if end < 0 or not part.startswith(opens):
            # a key followed by something else, such as a space (its pieces would be learnt by none anyway: they
            # would open with what follows; this makes the cut exact by construction)
            return None
        found.append(part[start:end])
    return found


def plays_learnt(players: tuple[str, ...]) -> Learnt | None:
    """The plays learnt for a list of players, by their texts (None: too many lists to learn for)."""
    found = _PLAYS.get(players)
    if found is None and len(_PLAYS) < _PLAYERS_KEPT:
        found = _PLAYS[players] = Learnt(players)
    return found


def _usual(known: Learnt, pieces: list[str]) -> tuple[Play, ...] | None:
    """The plays whose texts are ``pieces``, each learnt or written the usual way (:mod:`.usual_text`: then
    certainly its play's text, and learnt), else None."""
    found: list[Play | None] = [*map(known.get, pieces)]
    for index, learnt in enumerate(found):
        if learnt is None:
            piece = pieces[index]
            play = found[index] = usual_text.play(known.seats, piece)
            if play is None:
                return None
            if _learnt[0] < _PIECES_KEPT and piece not in known:
                known[piece] = play
                _learnt[0] += 1
    return tuple(found)  # type: ignore[arg-type]  # (none is None)


def read_plays(known: Learnt, text: str, plays: list[Any]) -> tuple[tuple[Play, ...], int] | None:
    """A list of plays written ``text``, and its keys, where each play's text is learnt or written the usual way
    (else None)."""
    pieces = PLAYS.pieces(text)
    if len(pieces) != len(plays):
        return None
    try:
        return tuple(map(known.__getitem__, pieces)), text.count(":")
    except KeyError:
        found = _usual(known, pieces)
        return None if found is None else (found, text.count(":"))


def read_segment(known: Learnt, text: str) -> tuple[Play, ...] | None:
    """A hand's plays written ``text`` (what lies between its ``[`` and ``]``), where the text is pieces learnt
    (or written the usual way) joined as a list of objects joins them (else None): then it is the text of the
    list of those plays, whatever the decoded document says (see :mod:`.plays_text`), and its keys are its colons
    (each piece's are), no two the same in an object."""
    if not text:
        return ()
    if text[0] != "{" or text[-1] != "}":
        return None
    pieces = text[1:-1].split(PLAYS.separator)
    try:
        return tuple(map(known.__getitem__, pieces))
    except KeyError:
        return _usual(known, pieces)


def read_new_plays(
    known: dict[str, Play], text: str, plays: list[Any], turn: Callable[[int, Any], tuple[int, Move]]
) -> tuple[tuple[Play, ...], int] | None:
    """As :func:`read_plays`, where some plays' texts are not learnt yet: each of those is read by ``turn`` (the
    careful steps, given its index and its play) and learnt, provided its text is certainly its play's (else
    None, having learnt none of them). Then every piece is a whole member's text, learnt before or now, so the
    argument of the module's docstring holds as where all were learnt before."""
    pieces = PLAYS.pieces(text)
    if len(pieces) != len(plays):
        return None
    found: list[Any] = [*map(known.get, pieces)]
    new = []
    for index, learnt in enumerate(found):
        if learnt is None:
            piece, play = pieces[index], plays[index]
            seat, move = turn(index, play)
            if type(play) is not dict or not PLAYS.learnable(piece, *next(iter(play.items()))):
                return None
            found[index] = (seat, *move)
            new.append(index)
    for index in new:
        piece = pieces[index]
        if piece not in known and _learnt[0] < _PIECES_KEPT:
            known[piece] = found[index]
            _learnt[0] += 1
    return tuple(found), text.count(":")


def learn_plays(known: dict[str, Play], text: str, plays: list[Any], read: tuple[Play, ...]) -> None:
    """Keep each play's text with the play the careful steps read it as, where it is certainly its play's
    text."""
    pieces = PLAYS.pieces(text)
    if len(pieces) != len(plays):
        return
    for piece, play, found in zip(pieces, plays, read, strict=True):
        if piece not in known and _learnt[0] < _PIECES_KEPT and PLAYS.learnable(piece, *next(iter(play.items()))):
            known[piece] = found
            _learnt[0] += 1


def read_score(text: str, score: dict[str, Any]) -> tuple[tuple[RecordedScore, ...], int] | None:
    """The lines of a score written ``text``, and its keys, where each side's text is learnt or written the usual
    way (else None)."""
    pieces = SCORE.pieces(text)
    if len(pieces) != len(score):
        return None
    try:
        return tuple(map(_LINES.__getitem__, pieces)), text.count(":")
    except KeyError:
        pass
    lines: list[RecordedScore | None] = [*map(_LINES.get, pieces)]
    for index, key in enumerate(score):
        if lines[index] is None:
            piece = pieces[index]
            line = lines[index] = usual_text.score_line(piece, key)
            if line is None:
                return None
            if len(_LINES) < _PIECES_KEPT:
                _LINES[piece] = line
    return tuple(lines), text.count(":")  # type: ignore[arg-type]  # (none is None)


def learn_score(text: str, score: dict[str, Any], lines: tuple[RecordedScore, ...]) -> None:
    """Keep each side's text with the score line the careful steps read it as, where it is certainly its text."""
    pieces = SCORE.pieces(text)
    if len(pieces) != len(score) or len(_LINES) >= _PIECES_KEPT:
        return
    for piece, (key, value), line in zip(pieces, score.items(), lines, strict=True):
        if piece not in _LINES and SCORE.learnable(piece, key, value):
            _LINES[piece] = line
