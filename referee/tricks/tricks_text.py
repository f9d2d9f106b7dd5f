"""A trick game read from its JSON text with each hand's tricks cut out before the decode (``read_text``).

A hand's tricks are most of its text, and decoding them makes a dict and a string a play (two hundred objects a
hand) only for the reader to take each apart again. So the text is decoded with each hand's tricks left out, and
the tricks, where every hand's are written play by play in the usual way, are read from their own text a whole
game at once, by a few C-level steps over all of it, no object a play (:func:`read_tricks`), and so are those of
a game written in the compact form, a trick a list of strings (:func:`.compact_text.read_compact`); any other game
has its tricks decoded hand by hand and is read as before.

The cut: the text holds no backslash (the caller's condition), so every ``"`` opens or closes a string, and
``"tricks":[`` can only be met where the string ``tricks`` is a key whose value opens with ``[`` (a closing quote is
never followed by a letter). Each hand's *segment* is the text from such an opener to the last ``]]`` before the
next opener (or the text's end), and the rest is decoded with ``[]`` in its place. (Searched for from the end: what
follows a hand's tricks, its score and the next hand's deal and passes, is shorter than the tricks and holds fewer
``]``, which a search from the start steps through at some twice the cost. A segment read as the usual form holds no
``]]``, no template holding one and a name holding a bracket being written out, so it ends at the first ``]]`` after
its opener too; any other is decoded by itself, below, which fails where it was cut elsewhere than at its tricks'
end, being no JSON value by itself.) Where that decodes, every hand is an object holding ``tricks`` as ``[]``, the
openers number the hands, and the string ``tricks`` is met only as a key followed at once by its colon and its value
(a bid's count of tricks), so that every hand's key is written as an opener (its ``[]`` not ``"tricks": []``): then
each opener is its own hand's ``tricks`` key, in order (a hand holding two would leave one without). The whole text
is then the decoded one with each ``[]`` given back ``[`` + its segment + ``]]``, so it is valid JSON and decodes to
the same document with those tricks, wherever that is itself a JSON array: either every segment is of exactly the
usual form (checked piece by piece as it is read, below), or each segment decodes so by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..errors import Location
from ..families import is_domino_document
from ..json_values import cut_values, plain_value
from ..logreader import keys_vouched, read_in_one_pass
from ..score_text import KEY as SCORE_KEY
from ..score_text import cut_scores, read_scores
from . import bids_text
from .card_places import TEN, by_hands, cards_in_places, masked, write_names, written_names
from .compact_text import read_compact
from .deal_text import HOLDINGS, Both
from .log import GameLog
from .onepass import OnePassReader
from .usual_game import ColumnReader, usual_hands

if TYPE_CHECKING:
    from .onepass import Seating

OPENER = '"tricks":['
_KEY = '"tricks"'
# What joins the tricks of a game (:func:`read_tricks`), and the hands' segments, each with the last "]" its cut
# took off (a line feed: a comma once they are told apart)
_END = ","
_HANDS = "]\n"
_TEN = TEN  # what a ten's "10" is read as (see card_places): no JSON text holds it


class TricksTextReader(OnePassReader):
    """The one-pass reader of a document decoded with each hand's tricks (and deal and passes, where every hand
    has them, and scores) left out, given their texts."""

    # The keys of the objects read from the segments, where every segment was read from its text (see keys_vouched)
    cut_keys: int | None = None

    def __init__(
        self,
        segments: list[str],
        compact: bool,
        held: dict[str, list[str]],
        scores: tuple[tuple[str, ...], list[str]] | None,
        bids: list[str] | None,
        decoded: str,
        document: dict[str, Any],
        where: Location,
    ) -> None:
        super().__init__(document, where)
        self.segments = segments
        self.compact = compact  # the tricks read in the compact form (else play by play)
        self.held = held  # each hand's deal and passes, by field (see deal_text)
        self.scores = scores  # the keys every hand's score is written with, and each hand's (see score_text)
        self.bids = bids  # each hand's bids, where cut out (see bids_text)
        self.decoded = decoded

    def usual_game(self) -> tuple[tuple[Any, ...], int] | None:
        readers: dict[str, ColumnReader] = {
            "tricks": partial(read_compact if self.compact else read_tricks, self.segments)
        }
        held = self.held
        if len(held) == len(HOLDINGS):  # the deals and the passes, read at once (see deal_text.Both)
            both = Both(held["deal"], held["passes"])
            readers["deal"], readers["passes"] = both.read_deals, both.read_passes
        else:
            for field, cut in held.items():
                readers[field] = partial(HOLDINGS[field], cut)
        if self.scores is not None:
            readers["score"] = partial(read_scores, *self.scores)
        if self.bids is not None:
            readers["bids"] = partial(bids_text.read_bids, self.bids)
        read: list[int] = []  # the keys each of the segments' readers read, for each that answered
        found = usual_hands(self.doc["hands"], self.seating, readers, read)
        if found is not None and len(read) == len(readers):
            self.cut_keys = sum(read)
        return found

    def keys_vouched(self, text: str, keys: int) -> bool:
        """As :func:`~referee.logreader.keys_vouched`, counting the colons of the decoded text alone where every
        segment was read from its text: a segment read so holds no duplicate key (its template's keys are distinct:
        a trick's play one key, a deal's the players' names, which the tricks' templates are made only for where
        they are distinct), and the decoded text, whose objects hold the keys read but the segments', holds none
        where its colons number those keys (as keys_vouched tells)."""
        if self.cut_keys is not None and self.decoded.count(":") == keys - self.cut_keys:
            return True
        return keys_vouched(text, keys)

    def hand_bodies(self) -> list[Any]:
        """The hands with their tricks (and deals) decoded from their segments, for the reading a hand at a time."""
        bodies: list[Any] = self.doc["hands"]
        # Asked only where usual_hands found no game of the usual trick hands, which no domino game's are (a domino
        # hand has a field no trick hand has): told here, not for every game read
        if is_domino_document(self.doc):
            raise TypeError("a domino game")
        fields: list[tuple[str, list[str], Any, str, str]] = [("tricks", self.segments, [], "[", "]]")]
        fields += [(field, cut, {}, "{", "}") for field, cut in self.held.items()]
        if self.scores is not None:
            fields.append(("score", self.scores[1], {}, "{", "}}"))
        if self.bids is not None:
            fields.append(("bids", self.bids, [], "[", "]"))
        for key, segments, empty, opening, closer in fields:
            # each hand an object whose field is empty, as many as the openers: so each opener is its own hand's
            if len(segments) != len(bodies) or not all([type(body) is dict and key in body for body in bodies]):
                raise TypeError("the openers are not the hands' fields")
            for body, segment in zip(bodies, segments, strict=True):
                if body[key] != empty:
                    raise TypeError("a field left in")  # never: the decoded text has [] or {} in their place
                body[key] = plain_value(opening + segment + closer)  # a ValueError: no JSON value by itself
        return bodies


def read_text(text: str, where: Location) -> GameLog | None:
    """The GameLog ``from_json_text`` gives for a JSON text holding no backslash, its hands' tricks read from their
    text (see the module's docstring); None where this cannot vouch for it."""
    if "\0" in text or _TEN in text:
        return None  # no JSON text holds them: decoded whole, and refused there
    compact = text.startswith('["', text.find(OPENER) + len(OPENER))  # the first hand's tricks in compact form
    cut = cut_values(text, OPENER, "]]", str.rpartition)  # each at the last "]]" before the next (see above)
    if cut is None:
        return None
    segments, decoded = cut
    held: dict[str, list[str]] = {}  # each hand's deal and passes (see deal_text)
    for field in HOLDINGS:
        opener = f'"{field}":{{'
        if opener in decoded:
            cut = cut_values(decoded, opener, "}")
            if cut is None:
                return None
            held[field], decoded = cut
    scores: tuple[tuple[str, ...], list[str]] | None = None  # cut out where they may be (see score_text)
    cut_scored = cut_scores(decoded)
    if cut_scored is not None and _only_keyed(cut_scored[2], SCORE_KEY, len(cut_scored[1])):
        scores, decoded = cut_scored[:2], cut_scored[2]
    if not _only_keyed(decoded, _KEY, len(segments)) or not all(
        [_only_keyed(decoded, f'"{field}"', len(cut)) for field, cut in held.items()]
    ):
        return None
    reader = partial(TricksTextReader, segments, compact, held, scores)
    # Each hand's bids cut out too, where they may be (see bids_text); where the game is then not read (the openers
    # not the hands' bids: one in the options, or a bid's text cut short by a player's name holding "]"), it is read
    # with them left in, as before
    if bids_text.OPENER in decoded:
        cut = cut_values(decoded, bids_text.OPENER, bids_text.CLOSER)
        if cut is not None and _only_keyed(cut[1], bids_text.KEY, len(cut[0])):
            found = _decoded_game(partial(reader, cut[0]), cut[1], where, text)
            if found is not None:
                return found
    return _decoded_game(partial(reader, None), decoded, where, text)


def _decoded_game(reader: Callable[..., TricksTextReader], decoded: str, where: Location, text: str) -> GameLog | None:
    """The game read by ``reader`` (given ``decoded``, the text with the fields cut out left out, and the document it
    decodes to); None where it cannot vouch for it."""
    try:
        document = plain_value(decoded)
    except ValueError:
        return None
    if type(document) is not dict:
        return None  # (the rest of the header is checked by read_in_one_pass, a domino game by hand_bodies)
    found: GameLog | None = read_in_one_pass(partial(reader, decoded), document, where, text)
    return found


def _only_keyed(decoded: str, key: str, openers: int) -> bool:
    """Whether the string ``key`` (quoted) is met only as a key, right before its colon and its value (in the
    decoded text the openers are the only ones with [ or { there is): so no hand's key, its value written
    otherwise ("tricks": []), is passed over while an opener elsewhere (in the options) numbers the hands for it.

    Usually met only in the ``openers``, each written ``key:[]`` (or ``{}``) in the decoded text: then one count
    tells (in a JSON text with no backslash a quote followed by a letter opens a string, so no two places where
    ``key`` is met overlap, and each opener's is one of them)."""
    found = decoded.count(key)
    if found == openers:
        return True
    return found == decoded.count(key + ":") and not any(key + ":" + space in decoded for space in " \t\n\r")


def read_tricks(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes`` read from its segment, where every trick of every hand was played in turn by all
    the players and written play by play, as usual (as ``usual_game`` reads the decoded tricks), and the keys of
    their objects; a TypeError for any other game.

    Masked (every "0" left out, and each name holding a card's character written out as its code, see
    :mod:`.card_places`), every trick's text is as long, whoever leads it (each name is met once a trick), and is
    the text of its leader's *template* but for its cards: so the game's tricks, joined by commas, are told apart
    by their places, and the whole text is held to the templates of its tricks' leaders at once
    (:func:`.card_places.cards_in_places`), and the cards read at their places.
    """
    # each hand's field an empty list (counted: a decoded text's values are never of a subclass, and no other is
    # equal to []), as many as the segments
    if len(column) != len(segments) or column.count([]) != len(segments):
        raise TypeError("a hand's tricks left in")  # never: each opener is its own hand's (see read_text)
    names = written_names(tuple(seating.names))
    layout = None if names is None else _layout(names[1])
    if names is None or layout is None:
        raise TypeError("players whose tricks are not read from the text")
    templates, width, lead_at, lead_seats = layout
    size = len(seating.names)
    # The hands' segments joined by a line feed (each with the last "]" its cut took off), which no template holds
    # (a comma's place between two tricks): each name holding a card's character written out (see card_places)
    text = write_names(_HANDS.join(segments) + "]", names).encode()
    mask = masked(text)
    tricks = (len(mask) + 1) // width
    if len(mask) + 1 != tricks * width:  # (else the leaders read may be one more than the tricks)
        raise TypeError("tricks of another length")
    leaders = mask[lead_at::width].translate(lead_seats)
    # each trick's template, its leader's (an IndexError: a trick led by no player), taken by one itemgetter (a
    # map of the tuple's __getitem__, a slot wrapper, cost twice as much); of one trick, the getter's item is bare
    led_by = itemgetter(*leaders)(templates) if len(leaders) > 1 else (templates[leaders[0]],)
    expected = _END.encode().join(led_by)
    # Each hand's tricks, up to its line feed. Every segment must end where a trick does: the text matching the
    # templates says nothing of where it was cut, and a cut within a trick (at a "]]" in a name, the rest of that
    # trick written after the next opener) leaves tricks that are no JSON by themselves. Each line feed found by
    # a search for it alone (a memchr), and none but the joins' (a segment holding one is not the usual form)
    counts = []
    start = 0
    for _ in range(len(segments) - 1):
        at = mask.find(b"\n", start)
        if at < 0 or (at + 1) % width:
            raise TypeError("a hand's tricks cut within a trick")
        counts.append((at + 1 - start) // width)
        start = at + 1
    if mask.find(b"\n", start) >= 0:
        raise TypeError("a line feed in a hand's tricks")
    counts.append((len(mask) + 1 - start) // width)
    plays = tricks * size
    cards = cards_in_places(text, mask.replace(b"\n", _END.encode()), expected, plays)
    return by_hands(cards, leaders, counts, size), plays  # a key a play


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> tuple[tuple[bytes, ...], int, int, bytes] | None:
    """For these players (their names as written, see card_places): each leader's template (a trick's text led by
    that seat, its cards' places NUL), the length of a trick's text with the comma after it, where in a trick's text
    a byte tells its leader (the first at which all names differ, in its name), and that byte's seat (255 for no
    player's). None where no byte tells the names apart, or players share a name or are too many for a byte."""
    names = [name.encode() for name in players]
    size = len(names)
    if len(set(names)) != size or not 0 < size < 255:
        return None
    apart = [k for k in range(min(map(len, names))) if len({name[k] for name in names}) == size]
    if not apart:
        return None
    templates = tuple(
        b"[" + b",".join(b'{"' + names[(lead + k) % size] + b'":"\0\0"}' for k in range(size)) + b"]"
        for lead in range(size)
    )
    lead_seats = bytearray(b"\xff" * 256)  # no seat: past the templates
    for seat, name in enumerate(names):
        lead_seats[name[apart[0]]] = seat
    return templates, len(templates[0]) + 1, 3 + apart[0], bytes(lead_seats)
