"""Each hand's written score read from its own text, a whole game at once (:func:`read_scores`), where every score
was cut out of the game's text before the decode (see :mod:`.tricks_text`, which cuts it and vouches for the cut).

A score in its usual form, each side's (or player's) ``{"hand": H, "total": T}``, decodes into a dict, two strings
and two ints a side, which ``usual_scores`` then takes apart again in a Python loop. Here the game's scores, joined,
are read by one regular expression (every integer after a colon, written as JSON and Python write it: no leading
zero, no -0, at most MAX_DIGITS digits) and held to the game's *template* (the first hand's keys, the numbers'
places ``%s``) filled with what was read: the text is exactly that, or it is decoded as before. So the numbers
read are the text's (any other, a fraction, an exponent, a leading zero, a longer one, is not read whole, and the
text is then not the template filled in), and every score holds the keys of the first, each ``{hand, total}`` in
that order, which ``usual_scores`` reads so. The numbers stay text until a score not met before is made.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import cycle
from typing import TYPE_CHECKING, Any

from ..json_values import plain_value
from ..logreader import RecordedScore
from ..unfit_values import MAX_DIGITS

if TYPE_CHECKING:
    from .onepass import Seating

OPENER = '"score":{'
CLOSER = "}}"  # the last side's object and the score's: the first after the opener, in the usual form
# What joins the segments (and the template's): a line break, which neither holds (no JSON key holds a raw one, and
# the template holds no space): so where the text is the template filled in, each segment is one hand's score,
# cut where it ends. Joined by a comma, a hand's score cut short (at a "}}" the usual form has not) and finished
# after the next hand's opener would pass for two, the text no JSON or another document.
_JOIN = "\n"
# Every integer after a colon, as JSON writes it, of at most MAX_DIGITS digits (within usual_scores' bounds)
_NUMBER = re.compile(rf":(0|-?[1-9]\d{{0,{MAX_DIGITS - 1}}})")
_KEEP = 50_000  # scores kept for reuse at most (see _Made)
_new, _set = object.__new__, object.__setattr__


class _Made(dict[tuple[str, str, str], RecordedScore]):
    """Each score read so far, by its key, hand and total as written: a RecordedScore is frozen, so one serves every
    hand that writes the same (an archive's scores repeat, so most are found here by a C-level look-up, not made)."""

    def __missing__(self, written: tuple[str, str, str]) -> RecordedScore:
        # made as usual_scores makes it: without the frozen __init__, its fields given as its __dict__
        score = _new(RecordedScore)
        key, hand, total = written
        _set(score, "__dict__", {"key": key, "hand": int(hand), "total": int(total)})
        self[written] = score
        return score


_MADE = _Made()


def read_scores(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's score (a RecordedScore a side, as ``usual_game`` reads the decoded scores) read from its segment,
    and the keys of their objects; a TypeError (or ValueError) for any score written otherwise."""
    if len(column) != len(segments) or {*map(type, column)} != {dict} or any(column):
        raise TypeError("the openers are not the hands' scores")  # a hand with none, or one met elsewhere
    first = plain_value("{" + segments[0] + CLOSER)  # its keys valid JSON strings: the template's, for every hand
    if type(first) is not dict or not first:
        raise TypeError("no score written")
    keys = tuple(first)
    text = _JOIN.join(segments)
    numbers = _NUMBER.findall(text)
    # (a TypeError where there are more or fewer numbers than the template's places)
    if _template(keys, len(segments)) % tuple(numbers) != text:
        raise TypeError("scores written otherwise")
    if len(_MADE) > _KEEP:
        _MADE.clear()
    read = iter(numbers)
    made = [*map(_MADE.__getitem__, zip(cycle(keys), read, read))]  # as many as the numbers' pairs
    return [*zip(*[iter(made)] * len(keys))], 3 * len(made)  # noqa: B905 - whole hands; three keys a side


@lru_cache(maxsize=256)
def _template(keys: tuple[str, ...], hands: int) -> str:
    """The text of ``hands`` scores of these keys, joined, each number's place ``%s``."""
    one = ",".join('"' + key.replace("%", "%%") + '":{"hand":%s,"total":%s}' for key in keys)
    return _JOIN.join([one[:-1]] * hands)  # (each segment without its last brace: the closer's)
