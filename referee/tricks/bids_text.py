"""Each hand's bids read from their own text, a whole game at once (:func:`read_bids`), where every hand's bids were
cut out of the game's text before the decode (see :mod:`.tricks_text`, which cuts them and vouches for the cut).

Decoded, the usual bids (``[{"East":1},{"South":3},{"West":3},{"North":2}]``: a number of tricks each, made in turn
by every player from the first bidder) are a dict and a string a bid, which ``usual_game`` then takes apart again,
several C-level steps a bid (some 10k instructions a Spades hand, and as many again decoded). Here, with every digit
left out, each hand's text is its first bidder's *template* (each player's ``{"NAME":}`` in turn from that bidder,
joined by commas), and the game's, joined by line feeds, are held to the templates of their first bidders at once.
Each bidder is read by its name's *signature*, a byte the name holds once and no other name holds (as
:mod:`.compact_text` reads a trick's leader): the text with every other byte left out is one signature a bid, and
every ``size``-th is a hand's first bidder (however they were found, the text held to their templates vouches for
them).

The digits left out of the templates may have been anywhere. So each bid is then read as its *tag*: its bidder's
seat (a byte, from its signature), the colon and every digit met from the bid's opening brace to its closing one,
each closing brace read as a comma and every other byte left out: a tag is a bid's where it is its seat's, a colon
and its figure as JSON writes an int (no leading zero, no sign), which a table of every player's bids by their tags
looks up (a KeyError for any other: a digit in a name or before the colon, no figure, a leading zero, more tricks
than a deck holds). A digit between two bids, or after the last, is in no bid: it makes a tag of its own, or joins
the next bid's before its seat, and is looked up as no bid's. Players one of whose names holds a digit, a colon, a
comma, a brace, a bracket or a control character, or has no signature, are not read so (a TypeError: the hands are
decoded and read one at a time).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .log import NUMBER_BIDS, Bid

if TYPE_CHECKING:
    from .onepass import Seating

OPENER = '"bids":['
CLOSER = "]"
KEY = '"bids"'
_JOIN = "\n"  # what joins the hands' texts (a line feed, which no template holds)
_DIGITS = b"0123456789"
_REFUSED = "0123456789:,{}[]"  # what no name read so may hold (see the module's docstring)

# Each first bidder's template, the bidders' translation (and the bytes it leaves out), the tags' translation (and
# the bytes it leaves out), and every player's number bids by their tags (see _layout)
_Layout = tuple[tuple[bytes, ...], bytes, bytes, bytes, bytes, dict[bytes, Bid]]


def read_bids(segments: list[str], column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's bids (a Bid each, in turn from the first bidder, as ``usual_game`` reads the decoded bids) read
    from its segment, and the keys of their objects (one a bid); a TypeError (or a KeyError) for any other game's,
    which are then decoded and read a hand at a time."""
    # each hand's field an empty list (counted: a decoded text's values are never of a subclass, and no other is
    # equal to []), as many as the segments
    if len(column) != len(segments) or column.count([]) != len(segments):
        raise TypeError("the openers are not the hands' bids")
    layout = _layout(tuple(seating.names))
    if layout is None:
        raise TypeError("players whose bids are not read from the text")
    templates, seats, others, tagged, untagged, by_tag = layout
    size = len(templates)
    text = _JOIN.join(segments).encode()
    masked = text.translate(None, _DIGITS)
    firsts = masked.translate(seats, others)[::size]
    # each hand's template, its first bidder's, taken by one itemgetter; of one hand, the getter's item is bare (and
    # of none, the getter refuses to be made: a TypeError)
    expected = b"\n".join(itemgetter(*firsts)(templates)) if len(firsts) != 1 else templates[firsts[0]]
    if masked != expected:
        raise TypeError("bids not of the usual form")
    # every bid's tag, each closed by a comma (the last's too: a tag after it is a digit after the last bid)
    tags = text.translate(tagged, untagged).split(b",")
    if tags.pop():
        raise TypeError("a digit after the last bid")
    made = itemgetter(*tags)(by_tag)  # (a KeyError: a tag of no bid; of one bid only, the getter's item is bare)
    if len(tags) == 1:
        made = (made,)
    return [*zip(*[iter(made)] * size)], len(tags)  # noqa: B905 - size bids a hand (the templates')


@lru_cache(maxsize=64)
def _layout(players: tuple[str, ...]) -> _Layout | None:
    """For these players: each first bidder's template (a hand's bids text, in turn from that seat, every digit left
    out); the translation that reads the bidders from it (each name's signature mapped to its seat, every other byte
    left out); the translation that reads each bid's tag (its signature mapped to its seat, the colon and the digits
    kept, each closing brace read as a comma, every other byte left out); and every player's number bids (the shared
    ones ``seating`` gives) by their tags. None where players share a name, are more than the shared bids' seats, or
    a name holds what no name read so may (see the module's docstring) or has no signature."""
    size = len(players)
    if len(set(players)) != size or not 0 < size <= len(NUMBER_BIDS):
        return None
    if any(not name.isprintable() or any(char in name for char in _REFUSED) for name in players):
        return None
    try:
        encoded = [name.encode() for name in players]
    except UnicodeEncodeError:  # a lone surrogate: not UTF-8 (the text is refused later)
        return None
    signatures = bytearray()
    for name in encoded:
        held_elsewhere = {byte for other in encoded if other is not name for byte in other}
        once = [byte for byte in name if name.count(byte) == 1 and byte not in held_elsewhere]
        if not once:
            return None
        signatures.append(once[0])
    turns = [[(first + k) % size for k in range(size)] for first in range(size)]
    templates = tuple(b",".join(b'{"' + encoded[seat] + b'":}' for seat in turn) for turn in turns)
    seats = bytearray(range(256))
    tagged = bytearray(range(256))
    for seat, signature in enumerate(signatures):
        seats[signature] = tagged[signature] = seat
    tagged[ord("}")] = ord(",")
    others = bytes(sorted({*range(256)} - {*signatures}))
    untagged = bytes(sorted({*range(256)} - {*signatures, *_DIGITS, *b":}"}))
    by_tag = {
        bytes([seat]) + b":" + b"%d" % tricks: bid
        for seat in range(size)
        for tricks, bid in enumerate(NUMBER_BIDS[seat])  # (each seat's bids by their tricks, 0 up)
    }
    return templates, bytes(seats), others, bytes(tagged), untagged, by_tag
