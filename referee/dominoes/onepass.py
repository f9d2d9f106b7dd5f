"""A domino log read in one pass, each hand's shape checked as it is read (:func:`.log.read_fast`).

The usual hand (each player's draw in seat order, the boneyard, the plays, the award and each side's
``{hand, total}``) is read field by field in a few C-level steps each, the same steps checking its shape and
counting its objects' keys (for ``logreader.read_in_one_pass``, which vouches from that count that a plainly
decoded text held no duplicate key). A hand with any other field is checked by the shape check and read by the
careful reader, its keys counted by a walk. Anything wrong hands the document back to the schema and the
careful reading (a TypeError, KeyError or InputError), which say what.
"""

from __future__ import annotations

from functools import partial
from itertools import count, repeat
from typing import Any

from .. import logshape
from ..logreader import RecordedScore, plain_keys, recorded_scores, usual_scores
from ..unfit_values import MAX_DIGITS
from . import member_text
from .log import DominoHand, DominoLog, Play, _Reader, drawn_as
from .tiles import TILE_TOKENS, TOKEN_BITS

_LIMIT = 10**MAX_DIGITS  # what parse_json refuses, the reader refuses (see logreader.read_in_one_pass)
_FAST_FIELDS = frozenset({"draw", "boneyard", "plays", "award", "score", "misdeal"})
_LISTS = {list}
_INTS = {int}
_bit = TOKEN_BITS.__getitem__
_TILE = TILE_TOKENS.__getitem__
_new, _set = object.__new__, object.__setattr__


_SCORES_KEPT = 50_000  # each side's {hand, total} as written, kept for the next hand that writes it (bounded)
# Each side's score, by (key, the items of its {hand, total} as written), for a text that holds no boolean
# (which would look up as the int it equals): one lookup a side checks and reads it. An archive writes the
# same few thousand lines of its score sheets over and over.
_SIDES_WRITTEN: dict[tuple[str, tuple[tuple[str, Any], ...]], RecordedScore] = {}


class OnePassReader(_Reader):
    """The domino reader for a document not known to be schema-valid: each hand checked as it is read."""

    COUNTS_KEYS = True
    # each hand's plays and score as written in the JSON text, and the plays' texts learnt (see member_text)
    lists: list[str] | None = None
    sheets: list[str] | None = None
    known: member_text.Learnt | None = None
    decoded: str | None = None  # the text the document was decoded from, where not all of it (see plays_text)
    # the keys every hand's score is written with and each hand's text, where the scores were cut out of the text
    # before the decode (see plays_text): each hand's score is then kept as its text
    score_texts: tuple[tuple[str, ...], list[str]] | None = None
    segments: list[str] | None = None  # each hand's plays as written, where cut out before the decode (plays_text)

    def hands_conform(self) -> bool:
        return True  # each hand is checked as it is read (hand_unchecked)

    def game(self) -> DominoLog:
        self.names = list(self.players)
        bodies = self.doc["hands"]
        if self.text is not None and {*map(type, bodies)} == {dict}:
            self.known = member_text.plays_learnt(self.players)
            self.find_plays(bodies)
            self.find_scores(bodies)
        hands = tuple(map(self.hand_unchecked, count(1), bodies))
        return DominoLog(hands=hands, **self.header())

    def find_plays(self, bodies: list[Any]) -> None:
        """Each hand's plays as written in the text (``lists``), where their texts can be looked up."""
        if self.known is not None and self.text is not None:
            self.lists = member_text.written(self.text, bodies, member_text.PLAYS)

    def find_scores(self, bodies: list[Any]) -> None:
        """Each hand's score as written in the text (``sheets``), where its lines' texts can be looked up."""
        if self.text is not None:
            self.sheets = member_text.written(self.decoded or self.text, bodies, member_text.SCORE)

    def plays(self, hand: int, plays: Any) -> tuple[Play, ...]:
        """A hand's plays: from their text where each play's text is learnt, else read from the decoded plays
        (and their texts learnt)."""
        if self.lists is None or self.known is None or type(plays) is not list:
            return super().plays(hand, plays)
        written = self.lists[hand - 1]
        found = member_text.read_plays(self.known, written, plays)
        if found is not None:
            self.keys += found[1]
            return found[0]
        before = self.keys
        found = member_text.read_new_plays(self.known, written, plays, partial(self.turn, hand))
        if found is not None:  # the plays not learnt read one by one, and learnt
            self.keys = before + found[1]  # the keys turn() counted are among the text's
            return found[0]
        self.keys = before
        read = super().plays(hand, plays)
        member_text.learn_plays(self.known, written, plays, read)
        return read

    def hand_unchecked(self, number: int, body: Any) -> DominoHand:
        """One hand, its shape checked and its keys counted as it is read."""
        if type(body) is not dict or not _FAST_FIELDS.issuperset(body):
            if not logshape.hand_conforms(body, self.READ_AND_CHECKED):
                raise TypeError("a hand the schema may refuse")
            for key, value in body.items():
                found = 0 if key == "plays" else plain_keys(value)  # the plays count their own keys
                if found is None:
                    raise TypeError("a number parse_json refuses")
                self.keys += found
            self.keys += len(body)
            read = self.hand(number, body)
            texts = self.score_texts
            if texts is not None:  # its score cut out (read as {}): kept as its text, as below
                del read.__dict__["score"]
                read.__dict__["score_text"] = (texts[0], texts[1][number - 1])
            return read
        self.keys += len(body)
        draw = body["draw"]
        values = [*draw.values()] if type(draw) is dict else None
        if values is not None and [*draw] == self.names and {*map(type, values)} == _LISTS:
            # the usual draw, each player's in seat order, read as _draw reads it (without its call)
            self.keys += len(values)
            held, drawn, tokens = (*map(sum, map(map, repeat(_bit), values)),), (*map(len, values),), values
        else:
            held, drawn, tokens = self._draw(number, draw)
        raw = body.get("boneyard")
        boneyard: tuple[int, ...] | None
        if type(raw) is list:  # the usual tokens looked up at C speed, as tiles() first reads them, without its call
            try:
                boneyard = tuple(map(_TILE, raw))
            except KeyError:  # (a token written otherwise, " 6-4 ": read by tiles(); one unhashable is handed back)
                boneyard = self.tiles(raw, "", number)
        else:
            boneyard = self.tiles(raw, "", number) if "boneyard" in body else None
        segments = self.segments
        pieces = None
        if segments is not None and self.known is not None and body.get("plays") == []:
            # cut out of the text before the decode (see plays_text): read from its pieces, without a call of plays()
            pieces = member_text.read_segment(self.known, segments[number - 1])
        plays = pieces if pieces is not None else self.plays(number, body["plays"]) if "plays" in body else ()
        misdeal = body.get("misdeal", False)
        if type(misdeal) is not bool:
            raise TypeError("misdeal: true or false")
        fields = {
            "number": number,
            "held": held,
            "drawn": drawn,
            "boneyard": boneyard,
            "plays": plays,
            "award": self._award(body["award"]) if "award" in body else None,
            "score": None,
            "redrawn": misdeal,
            "tokens": tokens,  # (for DominoHand.draw, where needed)
        }
        texts = self.score_texts
        if texts is None:
            if "score" in body:
                fields["score"] = self._score(number, body["score"])
        else:  # kept as its text (DominoHand.score made from it on first use): its value {} in the decoded text
            if body["score"] != {}:  # (never: each hand holds its score, cut out; see plays_text)
                raise TypeError("a score left in")
            del fields["score"]
            fields["score_text"] = (texts[0], texts[1][number - 1])
        hand: DominoHand = _new(DominoHand)  # without its frozen __init__ (a call a field)
        _set(hand, "__dict__", fields)
        return hand

    def _draw(self, number: int, raw: Any) -> tuple[tuple[int, ...], tuple[int, ...], list[list[str]]]:
        """Each seat's hand, how many tiles they drew, and their tokens, each a usual one (for DominoHand.draw:
        read again only where the draw is not as the rules have it)."""
        if type(raw) is not dict:
            raise TypeError("a draw the schema may refuse")
        self.keys += len(raw)
        values = [*raw.values()]
        if [*raw] == self.names and {*map(type, values)} == _LISTS:  # the usual draw: each player's, in seat order
            # each tile's bit looked up and summed at C speed, no tuple made (an unusual token: a KeyError)
            return (*map(sum, map(map, repeat(_bit), values)),), (*map(len, values),), values
        draw: list[tuple[int, ...]] = [() for _ in self.players]
        for name, tokens in raw.items():
            draw[self.seat(name, "", number)] = self.tiles(tokens, "", number, name)
        return drawn_as(draw)

    def _award(self, raw: Any) -> tuple[tuple[str, int], ...]:
        if type(raw) is not dict:
            raise TypeError("an award the schema may refuse")
        if len(raw) == 1:  # the usual award: one side's
            ((_, value),) = found = tuple(raw.items())
            if type(value) is int and 0 <= value < _LIMIT:
                self.keys += 1
                return found
        values = [*raw.values()]
        if values and not ({*map(type, values)} == _INTS and min(values) >= 0 and max(values) < _LIMIT):
            raise TypeError("an award the schema may refuse")
        self.keys += len(values)
        return tuple(raw.items())

    def _score(self, number: int, raw: Any) -> tuple[RecordedScore, ...]:
        written = None if self.sheets is None or type(raw) is not dict else self.sheets[number - 1]
        if written is not None:  # each side's {hand, total} as written before, looked up by its text
            read = member_text.read_score(written, raw)
            if read is not None:
                self.keys += read[1]
                return read[0]
        if type(raw) is dict and not self.booleans:  # each side's {hand, total} as read before, looked up
            known: list[Any]
            try:
                known = [*map(_SIDES_WRITTEN.get, zip(raw, map(tuple, map(dict.items, raw.values())), strict=True))]
            except TypeError:
                known = [None]
            if all(known):
                if written is not None:
                    member_text.learn_score(written, raw, tuple(known))
                self.keys += 3 * len(known)
                return tuple(known)
        found = usual_scores(raw)  # the usual score: each side's {hand, total}, bounded ints
        if found is not None:
            if written is not None:
                member_text.learn_score(written, raw, found)
            self.keys += 3 * len(found)
            if len(_SIDES_WRITTEN) < _SCORES_KEPT:
                sides = zip(raw, map(tuple, map(dict.items, raw.values())), strict=True)
                _SIDES_WRITTEN.update(zip(sides, found, strict=True))
            return found
        if not logshape.score_conforms(raw):
            raise TypeError("a score the schema may refuse")
        keys = plain_keys(raw)
        if keys is None:
            raise TypeError("a number parse_json refuses")
        self.keys += keys
        return recorded_scores(raw)
