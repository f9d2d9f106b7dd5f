"""A game whose hands all take the usual form, read a field at a time across all its hands (:func:`usual_hands`).

The one-pass reader reads a hand's fields in a few C-level steps each (:mod:`.onepass`), but a hand is small:
its four bids or two scores cost little to read and much to set out to read, a dozen C calls a field. An
archive's games mostly write every hand alike, so here each field of every hand of a game is read by the same
steps at once (every bid of the game, every card of every trick), and only then cut into its hands. What is
read is exactly what ``OnePassReader.hand_unchecked`` reads of each hand, and any hand of another form, any
field in another form, or any surprise sends the game back to it, which reads a hand at a time (and finds
what is wrong, or hands the document back to the careful reading).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import accumulate, chain, islice, repeat
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Any

from ..logreader import usual_scores
from .cards import TOKENS, card_bytes
from .log import Hand

if TYPE_CHECKING:
    from .onepass import Seating

_USUAL_FIELDS = frozenset({"dealer", "deal", "passes", "bids", "tricks", "score"})
_card = TOKENS.__getitem__
_first = itemgetter(0)
_new, _set = object.__new__, object.__setattr__


# A reader of one field across a game's hands: from the field's values, a value a hand and the keys counted (the
# deal's and the passes' readers: a value a hand and their bytes a hand, None where not given; see _BYTES)
ColumnReader = Callable[[tuple[Any, ...], "Seating"], tuple[Any, int]]
# What the deal's and the passes' readers give: a value a hand, and its bytes a hand (None: not given)
Holdings = tuple[list[Any], list[bytes] | list[None]]


_READ: dict[str, ColumnReader] = {}  # no field read otherwise


class _Unusual(Exception):
    """A field of some hand not in its usual form: the game is read a hand at a time."""


def usual_hands(
    hands: Any, seating: Seating, readers: dict[str, ColumnReader] | None = None, read_keys: list[int] | None = None
) -> tuple[tuple[Hand, ...], int] | None:
    """Every hand of a game, and the keys of their objects (see ``read_in_one_pass``), where every hand is an
    object of the same usual fields, each in its usual form (what ``hand_unchecked`` reads in its first way);
    None for any other game, which hand_unchecked reads a hand at a time. Only for a document decoded from a
    text: a bid or a play of other than one key is found by the text's colons, not here. ``readers``: a field's
    reader where it was cut out of the text (the tricks, the deals, the scores: see :mod:`.tricks_text`; scores so
    read are each hand's ``score_text``, its ``score`` made from it on first use); ``read_keys``, where given: the
    keys each of them read, for each that was asked."""
    if type(hands) is not list or not hands:
        return None
    # The first hand's fields, which every hand must hold (the take fails otherwise: a KeyError) and no other (as
    # many keys): the same fields, each read by its name whatever their order (a tuple of each hand's keys, and a
    # set of them, cost three times as much). A decoded text's objects are dicts, never of a subclass: any other
    # hand fails dict.keys or the take (a TypeError).
    try:
        names = (*dict.keys(hands[0]),)
        plan = _plan(names)
        if plan is None or {*map(len, hands)} != {len(names)}:
            return None
        take, fields_read = plan
        # (each hand's values as many as the names: whole columns; no strict=True, a keyword zip parses by a slow path)
        columns = dict(zip(names, zip(*map(take, hands))))  # noqa: B905
    except (KeyError, TypeError):
        return None
    count = len(hands)
    keys = count * len(names)
    given = readers or _READ
    try:
        # each field read, a value a hand, in reading order, the deal's and the passes' bytes after them (a column
        # each, which their readers give with them); a field the hands have not, None (a list: each zip below walks
        # it afresh)
        nones = [None] * count
        dealers = map(seating.seat_of.__getitem__, columns["dealer"]) if "dealer" in columns else nones
        read: dict[str, Any] = dict.fromkeys(_COLUMNS, nones)
        # the fields made on first use from what was read of them (see Hand), left out of each hand's __dict__:
        # scores cut out of the text, kept as text; deals and passes read from it, given as bytes alone
        made_on_use = []
        for name, reader in fields_read:
            cut = given.get(name)
            value, found = (cut or reader)(columns[name], seating)
            given_bytes = _BYTES.get(name)
            if given_bytes is None:
                read[name] = value
            else:
                read[name], read[given_bytes] = value
            keys += found
            if cut is not None:
                if name in _MADE_ON_USE:
                    made_on_use.append(name)
                if read_keys is not None:
                    read_keys.append(found)
        texts = read["score"] if "score" in made_on_use else nones
        columns_by_hand = zip(
            range(1, count + 1),
            dealers,
            read["bids"],
            read["tricks"],
            read["deal_bytes"],
            read["pass_bytes"],
            texts,
            strict=True,
        )
        ordered = "bids" in columns
        # each hand's fields as hand_unchecked gives them (its __dict__), from a literal (dict(zip()) costs more),
        # but those every such hand holds alike (no books, no misdeal, no events, no leftover, not started), which
        # the class gives (see Hand), and those made on first use from what was read of them (see _MADE_ON_USE): a
        # key costs some 300 instructions a hand (a literal of 16 keys, and the 2 or 3 made on use deleted after,
        # cost twice this one's 8)
        values = [
            {
                "number": number,
                "dealer": dealer,
                "bids": bid,
                "bids_ordered": ordered,
                "play_bytes": play,
                "deal_bytes": dealt,
                "pass_bytes": passed_bytes,
                "score_text": text,
            }
            for number, dealer, bid, play, dealt, passed_bytes, text in columns_by_hand
        ]
        # a field decoded (not made on use: none of its bytes or text given) is held by the hand itself; one the
        # hands have not is None, as the descriptor that would make it gives where its bytes or text are None
        for name in _MADE_ON_USE.intersection(columns).difference(made_on_use):
            any(map(dict.__setitem__, values, repeat(name), read[name]))
        made = tuple(map(_new, repeat(Hand, count)))
        any(map(_set, made, repeat("__dict__"), values))
    except (_Unusual, KeyError, TypeError, ValueError, IndexError):
        return None
    return made, keys


def _cut(flat: list[Any] | bytes, sizes: list[int]) -> Iterator[tuple[Any, ...]]:
    """``flat`` cut into tuples of the given sizes, in order."""
    return map(tuple, map(islice, repeat(iter(flat)), sizes))


def _groups(cards: bytes | list[Any], lists: list[Any] | tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """``cards`` cut into tuples as long as ``lists``, in order: by one zip where all are as long (a deal's
    holdings, a hand's passes, the hands' passers), which costs a fifth of a cut a tuple."""
    sizes = [*map(len, lists)]
    if len({*sizes}) == 1 and sizes[0]:
        return zip(*[iter(cards)] * sizes[0])  # noqa: B905 - whole groups
    return _cut(cards, sizes)


def _cards(tokens: list[Any]) -> bytes:
    """Card tokens as cards, a byte each: read whole where all are canonical, else looked up one by one (a
    KeyError or TypeError where the look-up fails)."""
    found = card_bytes(tokens)
    return found if found is not None else bytes(map(_card, tokens))


def _deals(column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
    """Each hand's deal: every player's cards, in seat order (as ``OnePassReader._deal`` reads the usual deal), with
    no bytes (None: the replay makes them)."""
    size = len(seating.names)
    if {*map(type, column)} != {dict} or {*map(tuple, column)} != {(*seating.names,)}:
        raise _Unusual
    held = [*chain.from_iterable(map(dict.values, column))]
    if {*map(type, held)} != {list}:
        raise _Unusual
    cards = card_bytes([*chain.from_iterable(held)])
    if cards is None:  # a card written another way: looked up one by one
        deals = zip(*[map(tuple, map(map, repeat(_card), held))] * size, strict=True)
        return ([*deals], [None] * len(column)), len(held)
    holdings = _groups(cards, held)
    return ([*zip(*[holdings] * size, strict=True)], [None] * len(column)), len(held)


def _passes(column: tuple[Any, ...], seating: Seating) -> tuple[Holdings, int]:
    """Each hand's passes, by giver (as ``OnePassReader._passes`` reads them)."""
    given = [*chain.from_iterable(map(dict.values, column))]  # a TypeError: passes not an object (see usual_hands)
    if not {*map(type, given)} <= {list}:
        raise _Unusual
    givers = map(seating.seat_of.__getitem__, chain.from_iterable(column))
    pairs = [*zip(givers, _groups(_cards([*chain.from_iterable(given)]), given), strict=True)]
    return ([*_groups(pairs, column)], [None] * len(column)), len(given)  # (no bytes: the replay makes them)


def _bids(column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's bids, a number of tricks each, made in turn by every player from the first bidder (as
    ``OnePassReader._bids`` reads them in its first way)."""
    size = len(seating.names)
    if {*map(type, column)} != {list} or {*map(len, column)} != {size}:
        raise _Unusual
    # Each hand's first bidder, the first key of its first bid: a bid of no key, or of more than one, shifts
    # the turns of the hands after it, which then mostly fail a look-up; where they do not, the bids come out
    # one hand short (refused where the hands are put together) or the text's colons outnumber the keys.
    firsts = [*map(seating.seat_of.__getitem__, chain.from_iterable(map(_first, column)))]
    turns = chain.from_iterable(map(seating.turn_names.__getitem__, firsts))
    values = [*map(dict.__getitem__, chain.from_iterable(column), turns)]
    if {*map(type, values)} != {int}:
        raise _Unusual
    made = map(dict.__getitem__, chain.from_iterable(map(seating.turn_bids.__getitem__, firsts)), values)
    return [*zip(*[made] * size)], len(values)  # noqa: B905 - size bids a hand (above)


def _scores(column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's score, each side's ``{hand, total}``, read by ``usual_scores`` (a hand's two or four lines
    cost no more read one hand at a time than all of the game's at once, made into as many objects: read by
    C-level steps across the game, made by ``map(dict, ...)``, they cost half as much again)."""
    found: list[Any] = [*map(usual_scores, column)]
    if None in found:
        raise _Unusual
    return found, 3 * sum(map(len, found))


def _tricks(column: tuple[Any, ...], seating: Seating) -> tuple[list[Any], int]:
    """Each hand's ``play_bytes``, where every trick of every hand was played in turn by all the players and
    written in one form throughout (as ``OnePassReader._tricks`` reads them)."""
    size = len(seating.names)
    if {*map(type, column)} != {list}:
        raise _Unusual
    counts = [*map(len, column)]
    if 0 in counts:
        raise _Unusual
    tricks = [*chain.from_iterable(column)]
    lengths = {*map(len, tricks)}
    keys = 0
    if lengths == {size + 1}:  # the compact form
        flat = [*chain.from_iterable(tricks)]
        leaders = bytes(map(seating.seat_of.__getitem__, flat[:: size + 1]))
        del flat[:: size + 1]
        cards = _cards(flat)
    elif lengths == {size}:  # play by play
        plays = [*chain.from_iterable(tricks)]
        leaders = bytes(map(seating.seat_of.__getitem__, chain.from_iterable(plays[::size])))
        if len(leaders) != len(tricks):  # a trick's first play of other than one key
            raise _Unusual
        names = chain.from_iterable(map(seating.turn_names.__getitem__, leaders))
        cards = _cards([*map(dict.__getitem__, plays, names)])
        keys = len(plays)
    else:
        raise _Unusual
    ends = [*accumulate(counts)]
    starts = [0, *ends[:-1]]
    led = map(leaders.__getitem__, map(slice, starts, ends))
    played = map(cards.__getitem__, map(slice, map(mul, starts, repeat(size)), map(mul, ends, repeat(size))))
    return [*zip(played, led, strict=True)], keys


# The fields read across the hands, each by its reader (tricks, which every such game has, last)
_READERS: tuple[tuple[str, ColumnReader], ...] = (
    ("deal", _deals),
    ("passes", _passes),
    ("bids", _bids),
    ("score", _scores),
    ("tricks", _tricks),
)
# The columns read, in reading order: each field's, and the deal's and the passes' bytes after theirs
_BYTES = {"deal": "deal_bytes", "passes": "pass_bytes"}
# The fields which, read from the text (a reader given), are made on first use from what it gave (see Hand): the
# deal and the passes from their bytes, the score from its text (the tricks, too, from play_bytes, whichever way
# they were read: no hand's __dict__ holds them)
_MADE_ON_USE = frozenset({"deal", "passes", "score"})
_COLUMNS = tuple(column for name, _ in _READERS for column in (name, _BYTES.get(name)) if column is not None)


@lru_cache(maxsize=64)
def _plan(names: tuple[str, ...]) -> tuple[Callable[[Any], Any], tuple[tuple[str, ColumnReader], ...]] | None:
    """For hands of these fields, in this order (an archive's games mostly write every hand alike): what takes
    their values out of a hand, and the fields to read, each with its reader, in reading order; None where they
    are not the usual fields, or have no tricks, or their tricks alone (whose values an itemgetter of one key
    would give bare: the hands were taken apart wrongly, and a ValueError escaped)."""
    if "tricks" not in names or len(names) < 2 or not _USUAL_FIELDS.issuperset(names):
        return None
    return itemgetter(*names), tuple((name, reader) for name, reader in _READERS if name in names)
