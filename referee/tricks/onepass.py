"""A trick log read in one pass, each hand's shape checked as it is read (:func:`.log.read_fast`).

A log holds millions of hands, and reading one is a few passes over its cards: so the usual hand (a full
deal, regular number bids, every trick played in turn by all the players, canonical card tokens, the score
as ``{hand, total}``) is read field by field in a few C-level steps each, its shape checked by the same
steps, with tables made once for each set of players (:func:`seating`). Any field in another form is
checked by :mod:`referee.logshape` and read by the careful reader's method for it; a hand with any other field
is checked and read whole that way. Anything wrong hands the document back to the schema and the careful
reading (a TypeError, KeyError, or an InputError: see ``logreader.read_in_one_pass``), which say what.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, count, repeat
from operator import itemgetter
from typing import Any

from .. import logshape
from ..logreader import RecordedScore, usual_scores
from ..unfit_values import MAX_DIGITS
from .cards import TOKENS
from .log import NUMBER_BIDS, SHARED_SEATS, Bid, GameLog, Hand, Trick
from .log_reader import Reader
from .usual_game import usual_hands

_LIMIT = 10**MAX_DIGITS  # what parse_json refuses, the reader refuses (see logreader.read_in_one_pass)
_FAST_FIELDS = frozenset({"dealer", "deal", "passes", "bids", "tricks", "score", "leftover", "misdeal"})
_card = TOKENS.__getitem__
_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class Seating:
    """What reading a hand needs of the players, made once for each list of players."""

    names: list[str]  # in seat order, as a document's players compare
    seat_of: dict[str, int]
    turn_names: tuple[tuple[str, ...], ...]  # per leader's seat, the players in turn from it
    number_bids: dict[tuple[str, int], Bid]  # {player: tricks} for the usual bids
    turn_bids: tuple[tuple[dict[int, Bid], ...], ...]  # per leader's seat, each player's in turn: tricks -> Bid


@lru_cache(maxsize=256)
def seating(players: tuple[str, ...]) -> Seating:
    """The tables for a game between these players (cached: an archive's games mostly share their players)."""
    seat_of = {name: seat for seat, name in enumerate(players)}
    size = len(players)
    turns = [tuple((lead + k) % size for k in range(size)) for lead in range(size)]
    number_bids = {
        (name, tricks): NUMBER_BIDS[seat][tricks] if seat < SHARED_SEATS else Bid(seat, tricks)
        for name, seat in seat_of.items()
        for tricks in range(len(NUMBER_BIDS[0]))
    }
    turn_names = tuple(tuple(players[s] for s in turn) for turn in turns)
    bids_of = [{tricks: number_bids[name, tricks] for tricks in range(len(NUMBER_BIDS[0]))} for name in players]
    turn_bids = tuple(tuple(bids_of[s] for s in turn) for turn in turns)
    return Seating(list(players), seat_of, turn_names, number_bids, turn_bids)


def new_hand(values: dict[str, Any]) -> Hand:
    """A Hand made without its frozen ``__init__``, which sets each of its fields by a call of its own (a
    hand is made for every hand of every log): ``values`` holds every field, and becomes its ``__dict__``."""
    hand: Hand = _new(Hand)
    _set(hand, "__dict__", values)
    return hand


class OnePassReader(Reader):
    """The trick reader for a document not known to be schema-valid: each hand checked as it is read."""

    seating: Seating

    def hands_conform(self) -> bool:
        return True  # each hand is checked as it is read (hand_unchecked)

    def game(self) -> GameLog:
        self.seating = seating(self.players)
        usual = self.usual_game() if self.text is not None else None
        if usual is not None:
            hands, keys = usual
            self.keys += keys
        else:
            hands = tuple(map(self.hand_unchecked, count(1), self.hand_bodies()))
        game: GameLog = _new(GameLog)  # as new_hand makes a Hand: header() gives every other field
        _set(game, "__dict__", {**self.header(), "hands": hands, "dealer_draw": self._dealer_draw()})
        return game

    def usual_game(self) -> tuple[tuple[Hand, ...], int] | None:
        """Every hand, read a field at a time across the game, where all take the usual form (see ``usual_hands``)."""
        return usual_hands(self.doc["hands"], self.seating)

    def hand_bodies(self) -> list[Any]:
        """The hands as they are read a hand at a time (a reader of part of the text puts the rest in)."""
        hands: list[Any] = self.doc["hands"]
        return hands

    def hand_unchecked(self, number: int, body: Any) -> Hand:
        """One hand, its shape checked as it is read."""
        if type(body) is not dict or not _FAST_FIELDS.issuperset(body):
            if not logshape.hand_conforms(body, self.READ_AND_CHECKED):
                raise TypeError("a hand the schema may refuse")
            return self.hand(number, body)
        if None in body.values():
            raise TypeError("a field of a hand is never null")
        self.keys += len(body)
        get = body.get  # each field once: None where the hand has none, as no field may be null
        dealer = get("dealer")
        if dealer is not None:
            dealer = self.seating.seat_of[dealer]
        if (deal := get("deal")) is not None:
            deal = self._deal(number, deal)
        if (passes := get("passes")) is not None:
            passes = self._passes(number, passes)
        if (bids := get("bids")) is not None:
            ordered = type(bids) is list
            bids = self._bids(bids)
        else:
            ordered = False
        played = None
        if (tricks := get("tricks")) is not None:
            tricks, played = self._tricks(number, tricks)
        if (score := get("score")) is not None:
            score = self._score(score)
        if (leftover := get("leftover")) is not None:
            leftover = self.cards(leftover, f"$.hands[{number - 1}].leftover", number, None)
        misdeal = get("misdeal", False)
        if type(misdeal) is not bool:
            raise TypeError("misdeal: true or false")
        values: dict[str, Any] = {
            "number": number,
            "dealer": dealer,
            "deal": deal,
            "bids": bids,
            "bids_ordered": ordered,
            "passes": passes,
            "books": None,
            "score": score,
            "misdeal": misdeal,
            "events": (),
            "leftover": leftover,
            "started": None,
            "play_bytes": played,
            "score_text": None,
            "deal_bytes": None,
            "pass_bytes": None,
        }
        if played is None:  # otherwise made from the bytes on first use, which nearly every hand never comes to
            values["tricks"] = tricks
        return new_hand(values)

    def _deal(self, number: int, raw: Any) -> tuple[tuple[int, ...], ...]:
        # the usual deal: every player's cards, in seat order
        if type(raw) is dict and [*raw] == self.seating.names:
            values = [*raw.values()]
            if {*map(type, values)} == {list}:
                try:
                    deal = tuple(map(tuple, map(map, repeat(_card), values)))
                except (KeyError, TypeError):
                    pass  # a card written another way: read one by one
                else:
                    self.keys += len(values)
                    return deal
        return self.deal_of(number, raw)

    def _passes(self, number: int, raw: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        if type(raw) is dict:
            values = [*raw.values()]
            if {*map(type, values)} <= {list}:
                try:
                    passes = tuple(
                        zip(
                            map(self.seating.seat_of.__getitem__, raw),
                            map(tuple, map(map, repeat(_card), values)),
                            strict=True,
                        )
                    )
                except (KeyError, TypeError):
                    pass
                else:
                    self.keys += len(values)
                    return passes
        return tuple(self.by_seat(number, "passes", raw))

    def _bids(self, raw: Any) -> tuple[Bid, ...]:
        if type(raw) is list and raw:  # the usual bids: each a number of tricks, made in turn from the first
            seating = self.seating
            try:  # each bid looked up by the key it must have: its player's in turn from the first bidder's
                first = seating.seat_of[next(iter(raw[0]), "")]  # raw[0] read below: a {} fails there
                values = [*map(dict.__getitem__, raw, seating.turn_names[first])]
                # a bid of more than one key: as for a trick's play (see _tricks)
                if (
                    len(values) == len(raw)
                    and {*map(type, values)} == {int}
                    and (self.text is not None or {*map(len, raw)} == {1})
                ):
                    bids = tuple(map(dict.__getitem__, seating.turn_bids[first], values))  # a KeyError: not 0..26
                    self.keys += len(raw)
                    return bids
            except (KeyError, TypeError):
                pass  # bids out of turn, or of another kind
        if type(raw) is list and all(raw):  # the usual bids in any order
            try:
                pairs = [*chain.from_iterable(map(dict.items, raw))]
                if len(pairs) == len(raw) and {*map(type, map(itemgetter(1), pairs))} <= {int}:
                    bids = tuple(map(self.seating.number_bids.__getitem__, pairs))
                    self.keys += len(raw)
                    return bids
            except (KeyError, TypeError):
                pass
        if not logshape.bids_conform(raw):
            raise TypeError("bids the schema may refuse")
        return self.bids_of(raw)

    def _tricks(self, number: int, raw: Any) -> tuple[tuple[Trick, ...] | None, tuple[bytes, bytes] | None]:
        """Where every trick was played in turn by all the players, its cards in play order and its leaders as bytes
        (``Hand.play_bytes``: what the play check reads, made here where it costs least, the tricks to be made from
        them on first use: None, bytes); otherwise the tricks as the careful reader reads them (tricks, None)."""
        size = len(self.players)
        seating = self.seating
        lengths = {*map(len, raw)} if type(raw) is list else None
        # Each trick's seats and cards grouped straight from flat streams by zip (no list between): every trick
        # has the same length (checked), so the groups fall on the tricks; a failed lookup raises on the way.
        if lengths == {size + 1}:  # the compact form, [leader, card, ...], each trick by all the players
            try:  # a leader not a player, a card not a canonical token (a str), fails a lookup
                flat = [*chain.from_iterable(raw)]
                leaders = bytes(map(seating.seat_of.__getitem__, flat[:: size + 1]))
                del flat[:: size + 1]  # the leaders: the cards are left
                return None, (bytes(map(_card, flat)), leaders)
            except (KeyError, TypeError, ValueError):
                pass  # a card written another way (ValueError: a seat beyond a byte, for a table of hundreds)
        elif lengths == {size}:  # the usual tricks: one play by each player
            try:
                plays = [*chain.from_iterable(raw)]
                # Each trick's leader, the key of its first play (every size-th play: each trick has size plays);
                # then each play's card looked up by the key it must have, its player's in turn from the leader (a
                # KeyError: a play out of turn, or no play).
                firsts = chain.from_iterable(plays[::size])
                # A play of no key, or of more than one, may go unseen by these steps: where the document was
                # decoded from a text, the text's colons then differ from the keys counted here (one a play), and
                # read_in_one_pass hands the document back; otherwise each play's keys are counted here.
                if self.text is not None or {*map(len, plays)} == {1}:
                    leaders = bytes(map(seating.seat_of.__getitem__, firsts))
                    if len(leaders) != len(raw):  # a first play of no key, or of two: the turns would shift (and
                        raise TypeError("a play")  # a play of two keys in one hand hide one of none in another)
                    names = chain.from_iterable(map(seating.turn_names.__getitem__, leaders))
                    cards = bytes(map(_card, map(dict.__getitem__, plays, names)))
                    self.keys += len(plays)
                    return None, (cards, leaders)
            except (KeyError, TypeError, ValueError):
                pass  # a trick out of turn, or a card written another way
        return self.tricks(number, raw), None

    def _score(self, raw: Any) -> tuple[RecordedScore, ...]:
        found = usual_scores(raw)
        if found is not None:
            self.keys += 3 * len(found)  # each side's name, and its hand and total
            return found
        if not logshape.score_conforms(raw):
            raise TypeError("a score the schema may refuse")
        return self.scores_of(raw)
