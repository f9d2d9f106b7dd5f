"""A domino game read from its JSON text with each hand's plays cut out before the decode (``read_text``).

Most of a hand's text is its plays, and decoding them into objects (two dicts and their strings a turn) is
most of the decode, though the reader then reads each play from its text anyway (:mod:`.member_text`). So
the text is decoded with each hand's plays left out, and the plays are read from their own text.

The text holds no backslash (the caller's condition), so every ``"`` opens or closes a string and
``"plays":[`` can only be met where the string ``plays`` is a key whose value opens with ``[`` (a closing
quote is never followed by a letter). Each hand's plays, its *segment*, is taken as the text from such an
opener to the first ``]`` after it, and the rest is decoded with ``[]`` in its place. Where that decodes,
every hand is an object holding ``plays``, the openers number the hands, and the string ``plays`` is met
nowhere else in the text (so no hand's key is written another way, ``"plays": [``), each opener is its own
hand's ``plays`` key (a hand holds one; an opener anywhere else, or a second in a hand, would leave a hand
without one), in order. Then the whole text is the decoded text with each ``[]`` given back its segment, so it is
valid JSON, decoding to the same document with those plays, wherever ``[`` + segment + ``]`` is itself a JSON
array: either each of the segment's pieces is a play's text learnt before (its text rebuilt from them is the
segment, and a list of those objects), or the segment decodes so (it holds no ``]``, so no array, and the
decoded plays are read and learnt as the one-pass reader reads them). Anything else hands the text back
(None): the caller decodes it whole.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..errors import Location
from ..json_values import cut_values, plain_value
from ..logreader import keys_vouched, read_in_one_pass
from ..score_text import KEY as SCORE_KEY
from ..score_text import cut_scores
from . import member_text
from .log import DominoLog, Play
from .onepass import OnePassReader

OPENER = '"plays":['
_KEY = '"plays"'


class PlaysTextReader(OnePassReader):
    """The one-pass reader of a document decoded with each hand's plays left out, given their texts."""

    segments: list[str]

    def __init__(
        self,
        segments: list[str],
        scores: tuple[tuple[str, ...], list[str]] | None,
        decoded: str,
        document: dict[str, Any],
        where: Location,
    ) -> None:
        super().__init__(document, where)
        self.segments = segments
        self.scores = self.score_texts = scores  # the keys every hand's score is written with, and each hand's
        self.decoded = self.outside = decoded  # where the scores are found, where they were not cut out
        self.counted_colons = 0  # the colons of the segments decoded by themselves, whose keys are counted

    def game(self) -> DominoLog:
        bodies = self.doc["hands"]
        # each hand an object holding plays (and its score, where cut out), as many as the openers: so each opener
        # is its own hand's
        for key, segments in [("plays", self.segments), ("score", self.scores[1] if self.scores else None)]:
            if segments is None:
                continue
            if len(segments) != len(bodies) or not all([type(body) is dict and key in body for body in bodies]):
                raise TypeError("the openers are not the hands' fields")
        return super().game()

    def find_plays(self, bodies: list[Any]) -> None:
        self.lists = self.segments

    def find_scores(self, bodies: list[Any]) -> None:
        if self.scores is None:
            super().find_scores(bodies)

    def plays(self, hand: int, plays: Any) -> tuple[Play, ...]:
        """A hand's plays, from their segment."""
        if type(plays) is not list or plays:
            raise TypeError("plays left in")  # never: the decoded text has [] in their place
        written = self.segments[hand - 1]
        if self.known is not None:
            found = member_text.read_segment(self.known, written)
            if found is not None:  # its keys are its colons, left out of the count (see keys_vouched)
                return found
        try:
            decoded = plain_value("[" + written + "]")
        except ValueError:
            raise TypeError("plays that are no JSON array by themselves") from None
        self.counted_colons += written.count(":")  # its keys are counted as read
        return super().plays(hand, decoded)

    def keys_vouched(self, text: str, keys: int) -> bool:
        """As :func:`~referee.logreader.keys_vouched`, with the keys of the segments read from their pieces, and of
        the scores cut out, left out of ``keys``: no two the same in an object (a piece's keys are its colons,
        :func:`.member_text.read_segment`; a score cut out is each of its keys once, with a hand and a total), so
        the text holds no duplicate key wherever the colons of the decoded text and of the segments decoded by
        themselves (``counted_colons``) number the keys counted, or keys_vouched says so of the whole text and all
        its keys (the pieces' keys their colons, a score's three a key)."""
        outside = self.outside.count(":")
        if outside + self.counted_colons == keys:
            return True
        uncounted = text.count(":") - outside - self.counted_colons  # the colons of the pieces and of the scores
        if self.scores is not None:
            cut_keys, cut = self.scores
            uncounted += 3 * len(cut_keys) * len(cut) - sum(segment.count(":") for segment in cut)
        return keys_vouched(text, keys + uncounted)


def read_text(text: str, where: Location) -> DominoLog | None:
    """The DominoLog ``from_json_text`` gives for a JSON text holding no backslash, its hands' plays read from
    their text (see the module's docstring); None where this cannot vouch for it."""
    cut = cut_values(text, OPENER, "]")  # (each opener's segment, to the first "]", and the rest with "[]" for it)
    if cut is None or not cut[0]:
        return None  # (no opener: no hand holds plays, and the game may be of another family)
    segments, decoded = cut
    # The string "plays" met nowhere but in the openers (the segments hold no hand's key: each is a list by itself,
    # or the text is handed back), so no hand's plays key, written otherwise ("plays": [), is passed over while an
    # opener elsewhere (in the options, or a draw of a player named plays) numbers the hands for it.
    if decoded.count(_KEY) != len(segments):
        return None
    scores: tuple[tuple[str, ...], list[str]] | None = None  # each hand's cut out where they may be (see score_text)
    cut_scored = cut_scores(decoded)
    # one a hand, and the string "score" met nowhere else (as the plays' openers above)
    if cut_scored is not None and len(cut_scored[1]) == len(segments) == cut_scored[2].count(SCORE_KEY):
        scores, decoded = cut_scored[:2], cut_scored[2]
    try:
        document = plain_value(decoded)
    except ValueError:
        return None
    if type(document) is not dict or type(document.get("hands")) is not list:
        return None
    found: DominoLog | None = read_in_one_pass(
        partial(PlaysTextReader, segments, scores, decoded), document, where, text
    )
    return found
