"""Each hand's written score cut out of a game's text before the decode and kept as its text (:func:`cut_scores`),
for the audit to hold to the line it scores by one comparison of texts (``written.WrittenChecks``).

Decoding a hand's usual score, each side's ``{"hand": h, "total": t}``, makes four dicts and eight ints, which
the reader then turns into four RecordedScores for the audit to compare one by one with the figures it works out:
some 8 us a Hearts hand. Nearly always the table wrote the true figures; so here the scores stay text, and the
audit writes the text the true figures would make (a template for the keys, filled by ``%``) and compares the
two; a trick game's lanes' hands are held to their true figures a run of hands at once, the figures written read
from the run's texts in one pass (:func:`figures_written`, see ``written.WrittenChecks._check_lanes``). Only where
they differ, or anything else reads them, are the hand's scores decoded from their text (``Hand.score`` is then
made on first use, :func:`decoded`), to the very RecordedScores the decode would give.

The cut (as :mod:`.tricks.tricks_text` cuts the tricks, in a text with no backslash): each segment is the text from
``"score":{`` to the first ``}}`` after it. The scores are cut only where every segment is, exactly, the usual
form for the same keys in the same order (one regular expression over them all, its keys the first segment's,
each once, none of them holding a quote or a control character; each figure an int of at most MAX_DIGITS digits,
written as JSON writes one): then each segment with its opener and ``}}`` is one whole JSON object, holding no
``}}`` before its end, so that the text decoded with ``{}`` in each one's place (and each opener found to be its
own hand's score by the caller) is the document less those scores, which are exactly the segments' objects. Any
other game's scores are decoded with the rest of its text, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any

import orjson

from .json_values import cut_values, plain_value
from .logreader import RecordedScore, recorded_scores, usual_scores
from .unfit_values import MAX_DIGITS

OPENER = '"score":{'
CLOSER = "}}"
KEY = '"score"'
_JOIN = "\n"  # what joins the segments for the one match: a line feed is in no key the expression takes
# A key (no quote, backslash or control character: the text holds no backslash, and a string with a control
# character is no JSON) and a figure as JSON writes an int parse_json takes (at most MAX_DIGITS digits)
_NAME = r'"([^"\\\x00-\x1f]*)":\{"hand":'
_FIGURE = f"-?(?:0|[1-9][0-9]{{0,{MAX_DIGITS - 1}}})"
_KEYS = re.compile(_NAME)

# A hand's scores as the reader leaves them: the keys in the order written (the same tuple for every hand of the
# game, and of every game with those keys) and the segment.
ScoreText = tuple[tuple[str, ...], str]


def cut_scores(decoded: str) -> tuple[tuple[str, ...], list[str], str] | None:
    """The keys every hand's score is written with, each hand's segment, and the text without them; None where the
    text holds no score or any is written otherwise than the usual form with the first one's keys (then the
    scores are decoded with the rest)."""
    cut = cut_values(decoded, OPENER, CLOSER)
    if cut is None:
        return None
    segments, rest = cut
    if not segments:
        return None
    joined = _JOIN.join(segments)
    # An archive's games mostly write their scores with the same keys: the last game's form is tried first. Where
    # it matches, the first segment is the usual form with its keys, which findall would find (no key it took
    # holds a quote), so the answer is the one the keys found would give, without the search for them (findall
    # tries its expression at every quote of the segment: some 16k instructions a game, more than the match)
    last = _LAST[0]
    if last is not None and last[1].fullmatch(joined) is not None:
        return last[0], segments, rest
    form = _form(tuple(_KEYS.findall(segments[0])))
    if form is None or form[1].fullmatch(joined) is None:
        return None
    _LAST[0] = form
    return form[0], segments, rest


# The form of the keys of the last game whose scores were cut (see cut_scores)
_LAST: list[tuple[tuple[str, ...], re.Pattern[str]] | None] = [None]


@lru_cache(maxsize=64)
def _form(keys: tuple[str, ...]) -> tuple[tuple[str, ...], re.Pattern[str]] | None:
    """The keys (one tuple for all the games written with them) and the expression their hands' segments, joined
    by line feeds, must match whole; None for no key or a key written twice (a duplicate the decode would
    hide)."""
    if not keys or len(set(keys)) != len(keys):
        return None
    one = "},".join(f'"{re.escape(key)}":{{"hand":{_FIGURE},"total":{_FIGURE}' for key in keys)
    return keys, re.compile(f"{one}(?:{_JOIN}{one})*")


def read_scores(
    keys: tuple[str, ...], segments: list[str], column: tuple[Any, ...], seating: object
) -> tuple[list[ScoreText], int]:
    """Each hand's scores as their text (a ``ScoreText``) where each hand's score was cut out (its value ``{}``,
    the openers as many as the hands), and the keys of their objects (each side's name, hand and total); a
    TypeError otherwise."""
    # each hand's field an empty dict (counted: a decoded text's values are never of a subclass, and no other is
    # equal to {}), as many as the segments
    if len(column) != len(segments) or column.count({}) != len(segments):
        raise TypeError("the openers are not the hands' scores")
    return [*zip(repeat(keys), segments)], 3 * len(keys) * len(segments)


# A run of hands' scores read at once (figures_written). In a segment of the usual form whose keys hold no figure's
# character, no comma and no line feed, a figure is followed by a comma (a hand's figure, or a side's total but the
# last side's) or by the segment's end (the last side's total); so, the segments joined by line feeds, every byte but
# the figures' and the commas deleted and the line feeds made commas, what is left is the figures alone, a comma
# between two: one C pass over the text, and orjson's read of them as a list.
_FRAME = bytes(sorted({*range(256)} - {*b"0123456789-,", *_JOIN.encode()}))
_ENDS = bytes.maketrans(_JOIN.encode(), b",")
_KEYS_OF = itemgetter(0)
_SEGMENT = itemgetter(1)


@lru_cache(maxsize=64)
def _apart(keys: tuple[str, ...]) -> bool:
    """Whether no key holds a figure's character, a comma or a line feed (see figures_written)."""
    return not any(char in key for key in keys for char in "0123456789-,\n")


def figures_written(texts: list[ScoreText]) -> list[int] | None:
    """The figures written in hands' scores kept as text by a reader (each of the usual form with its keys, see
    cut_scores), in order: each hand's side by side in the keys' order, a side's hand figure then its total. None
    where the hands' keys are not all the first's (one tuple), or a key holds a figure's character, a comma or a
    line feed: each hand's text is then held to its true figures' text (see TrueText)."""
    keys = texts[0][0]
    if not _apart(keys) or [*map(_KEYS_OF, texts)].count(keys) != len(texts):
        return None
    joined = _JOIN.join(map(_SEGMENT, texts)).encode("utf-8", "surrogatepass")
    found: list[int] = orjson.loads(b"[%b]" % joined.translate(_ENDS, _FRAME))
    return found


def decoded(text: ScoreText) -> tuple[RecordedScore, ...]:
    """A hand's scores as the decode of its text would have given them to the reader (``usual_scores``)."""
    value = plain_value("{" + text[1] + CLOSER)
    found = usual_scores(value)
    return recorded_scores(value) if found is None else found


class ScoreFromText:
    """``score`` of a hand (of either family) whose score the reader kept as text (``score_text``), decoded on first
    use and kept: a non-data descriptor, reached only where the hand's ``__dict__`` has no ``score`` of its own."""

    def __get__(self, hand: Any, owner: type | None = None) -> Any:
        if hand is None:
            return self
        text = hand.__dict__["score_text"]  # (None: a hand read at once whose hands have no score, see usual_game)
        score = hand.__dict__["score"] = None if text is None else decoded(text)
        return score


class TrueText:
    """A hand's score kept as text held to the text its true figures make, with the form of the keys last met (the
    same keys' tuple for a whole game, and most of an archive)."""

    keys: tuple[str, ...] | None = None
    form: tuple[str, Callable[[tuple[int, ...]], tuple[int, ...]], tuple[int, ...]] | None = None

    def sides(
        self, text: ScoreText, by_key: dict[str, int], points: Sequence[int], totals: Sequence[int]
    ) -> tuple[int, ...] | None:
        """The sides whose written totals the text sets (each key's), where it is the text the true ``points`` and
        ``totals`` make (as each figure read and found true would); None where it is not (or a key is no side's)."""
        if text[0] is not self.keys:
            self.keys = text[0]
            self.form = form_for(text[0], (*map(by_key.get, text[0]),), len(points))
        form = self.form
        if form is not None and form[0] % form[1]((*points, *totals)) == text[1]:
            return form[2]
        return None


@lru_cache(maxsize=256)
def form_for(
    keys: tuple[str, ...], sides: tuple[int | None, ...], count: int
) -> tuple[str, Callable[[tuple[int, ...]], tuple[int, ...]], tuple[int, ...]] | None:
    """For scores written with ``keys``, standing for ``sides`` (of ``count``): the text of their usual form as a
    %-format, the figures it takes from a line's points and then totals (each key's side's points and total), and
    the sides whose written totals they set; None where a key is no side's (the careful check locates it).

    The format writes each figure by ``str``: the text is the written one exactly where each figure written is the
    true one (an int, written as JSON writes it; a figure of another type would not read as one)."""
    known = [side for side in sides if side is not None]
    if len(known) != len(sides):
        return None
    parts = "},".join(f'"{key.replace("%", "%%")}":{{"hand":%s,"total":%s' for key in keys)
    order = [at for side in known for at in (side, count + side)]  # (the points first, then the totals)
    return parts, itemgetter(*order), tuple(dict.fromkeys(known))
