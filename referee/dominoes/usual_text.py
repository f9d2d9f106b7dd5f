"""A play's or a score line's text, written the usual way, read by a few string steps: nothing to learn first.

:mod:`.member_text` looks each play's and each score line's text up among those read before. A text not met
before was read the careful way and learnt, which an archive pays for over its first few hundred games (and
each forked worker again). Most such texts are written the usual way, as compact JSON writes them:

- a play ``"East":{"tile":"6-4","end":"left","points":10}`` (``end`` and ``points`` each optional), a draw
  ``"East":{"draw":"1-1"}``, a bare tile ``"East":"6-4"`` or a knock ``"East":"knock"``;
- a score line ``"North":{"hand":0,"total":25}`` (cut out of its score less its last ``}``).

Such a text is cut at its first colon (a player's name here holds none) and its value looked up among every
value a play can be written with the usual way (every tile token without a colon, on every end; made once, a
thousand texts), the points, or the hand and the total, read as a decimal written the one way JSON writes
that int. Only a text that is exactly the compact JSON of a member reads so: it is then that member's text,
as a text learnt is (each colon a key, so its keys are its colons), and it reads as the careful steps read
that member. Anything else answers None, and is read as before.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import Any

from ..logreader import RecordedScore
from ..unfit_values import MAX_DIGITS
from .layout import ARM_NAMES
from .log import KNOCK, Action, Move, Play, make_move
from .tiles import TILE_TOKENS

_LIMIT = 10**MAX_DIGITS  # the numbers parse_json and the shape check take
_POINTS = ',"points":'
_HAND = '{"hand":'
_TOTAL = ',"total":'
_new, _set = object.__new__, object.__setattr__


@cache
def _values() -> tuple[dict[str, Move], dict[str, Move]]:
    """Each usual turn's value text with its move, and each play's text up to its points with its move less
    the points (made once, the first time a text is not found among those learnt)."""
    moves: dict[str, Move] = {json.dumps(word): KNOCK for word in ("knock", "pass")}
    heads: dict[str, Move] = {}
    for token, tile in TILE_TOKENS.items():
        if ":" in token:  # [6:4]: a colon that is no key
            continue
        written = json.dumps(token)
        moves[written] = make_move(Action.PLAY, tile)
        moves['{"draw":' + written + "}"] = make_move(Action.DRAW, tile)
        for arm, end in [(-1, ""), *((arm, f',"end":"{end}"') for arm, end in enumerate(ARM_NAMES))]:
            head = '{"tile":' + written + end
            heads[head] = moves[head + "}"] = make_move(Action.PLAY, tile, arm)
    return moves, heads


@lru_cache(maxsize=1024)
def seats_written(players: tuple[str, ...]) -> dict[str, int]:
    """Each player's name as compact JSON writes it, with their seat (as the reader's ``seat_of``, the last
    seat of a name written twice), for the names whose text holds no colon and no escape."""
    return {f'"{name}"': seat for seat, name in enumerate(players) if _plain(name)}


def _plain(name: str) -> bool:
    """Whether ``"name"`` is the JSON text of ``name``, holding no colon."""
    return name.isprintable() and not any(c in name for c in '":\\')


def _integer(written: str, least: int) -> int | None:
    """The int written ``written`` the way JSON writes it (no sign but a minus, no leading zero, no space; at
    least ``least``), else None."""
    if len(written) > MAX_DIGITS + 1:
        return None
    try:
        number = int(written)
    except ValueError:
        return None
    return number if least <= number < _LIMIT and str(number) == written else None


def play(seats: dict[str, int], piece: str) -> Play | None:
    """The play whose compact JSON member text is ``piece``, written the usual way (else None)."""
    name, _, value = piece.partition(":")
    seat = seats.get(name)
    if seat is None:
        return None
    moves, heads = _values()
    move = moves.get(value)
    if move is None:
        head, points_key, rest = value.rpartition(_POINTS)
        move = heads.get(head) if points_key and rest[-1:] == "}" else None
        points = None if move is None else _integer(rest[:-1], 0)
        if move is None or points is None:
            return None
        action, tile, arm, _, *read = move
        return (seat, action, tile, arm, points, *read)  # type: ignore[return-value]
    return (seat, *move)


@lru_cache(maxsize=1024)
def _score_head(key: str) -> str | None:
    """What a side's score line is written starting with, up to its hand's points (None: a key not plain)."""
    return f'"{key}":{_HAND}' if _plain(key) else None


def score_line(piece: str, key: Any) -> RecordedScore | None:
    """The score line of side ``key`` whose compact JSON member text, less its last ``}``, is ``piece`` (as
    :data:`.member_text.SCORE` cuts it), ``{hand, total}`` written the usual way (else None)."""
    if type(key) is not str:
        return None
    head = _score_head(key)
    if head is None or not piece.startswith(head):
        return None
    hand_written, total_key, total_written = piece[len(head) :].partition(_TOTAL)
    hand = _integer(hand_written, 1 - _LIMIT)
    total = _integer(total_written, 1 - _LIMIT)
    if not total_key or hand is None or total is None:
        return None
    line = _new(RecordedScore)  # as logreader.usual_scores makes it
    _set(line, "__dict__", {"key": key, "hand": hand, "total": total})
    return line
