"""A fast check that a game-log document fits ``schema/game-log.schema.json``.

General JSON Schema validation costs more than the whole replay of a game,
so archives would be audited at a tenth of the speed. This check walks a
log once with plain type tests. It must never pass a document the schema
rejects (tests hold it to that); where it fails, the schema validator runs
and gives the located, best-match message, so the schema stays the one
authority on what a log may hold.
"""

from __future__ import annotations

from typing import Any

from .unfit_values import MAX_DIGITS

# parse_json refuses a number of more digits; a document decoded by plain json.loads (see logreader's
# read_in_one_pass) relies on this check to refuse it too, wherever a log holds a number
_LIMIT = 10**MAX_DIGITS

_TOP = frozenset({"log", "game", "players", "sides", "hands"})
_GAME = {
    "id": (str, int),
    "event": (str,),
    "date": (str,),
    "table": (str, int),
    "rules": (str,),
    "options": (dict,),
    "note": (str,),
}
_HAND = frozenset(
    {
        "dealer",
        "started",
        "deal",
        "leftover",
        "bids",
        "passes",
        "tricks",
        "books",
        "score",
        "misdeal",
        "events",
        "note",
        # dominoes
        "draw",
        "boneyard",
        "plays",
        "award",
    }
)
_BID_WORDS = frozenset({"nil", "blind nil", "double nil"})
_BID_KINDS = frozenset(
    {
        "number",
        "nil",
        "blind",
        "blind_nil",
        "ten_for_two_hundred",
        "boston",
        "aces",
        "no_trump",
        "blind_no_trump",
        "double_nil",
        "little_bemo",
        "big_bemo",
    }
)
_EVENT_TYPES = frozenset(
    {
        "misdeal",
        "renege_claim",
        "revoke_claim",
        "penalty",
        "note",
        "time_called",
        "forfeit",
        "card_taken_back",
        "ace_check",
        "leftover_taken",
    }
)
_SCORE_KEYS = frozenset({"hand", "total", "bags"})
_ANSWERS = frozenset({"none", "one", "two"})  # an ace check's reply


def _int(value: Any, minimum: int | None = None) -> bool:
    # bool is an int in Python but not an integer in JSON Schema
    return type(value) is int and -_LIMIT < value < _LIMIT and (minimum is None or value >= minimum)


def _name(value: Any) -> bool:
    return type(value) is str and value != ""


def _tokens(value: Any) -> bool:
    return type(value) is list and all(type(t) is str and t != "" for t in value)


def _single(entry: Any) -> bool:
    return type(entry) is dict and len(entry) == 1


def _bid(value: Any) -> bool:
    if type(value) is int:
        return _int(value, 0)
    if type(value) is str:
        return value in _BID_WORDS
    if type(value) is not dict or type(value.get("kind")) is not str or value["kind"] not in _BID_KINDS:
        return False
    for key, item in value.items():
        if key == "tricks":
            if not _int(item, 0):
                return False
        elif key == "raise":
            if type(item) is not bool:
                return False
        elif key != "kind":
            return False
    return True


def _tricks(value: Any) -> bool:
    if type(value) is not list:
        return False
    for trick in value:
        if type(trick) is not list or not trick:
            return False
        if type(trick[0]) is str:  # the compact form: the leader's name, then the cards
            if not _tokens(trick):
                return False
            continue
        for entry in trick:
            if not _single(entry):
                return False
            for card in entry.values():
                if type(card) is not str or card == "":
                    return False
    return True


def _bids(value: Any) -> bool:
    if type(value) is list:
        return all(_single(entry) and all(_bid(v) for v in entry.values()) for entry in value)
    return type(value) is dict and all(_bid(v) for v in value.values())


def _score(value: Any) -> bool:
    if type(value) is not dict:
        return False
    for item in value.values():
        if _int(item):
            continue
        if type(item) is not dict or not item or not all(k in _SCORE_KEYS and _int(v) for k, v in item.items()):
            return False
    return True


def _events(value: Any) -> bool:
    if type(value) is not list:
        return False
    for event in value:
        if type(event) is not dict or type(event.get("type")) is not str or event["type"] not in _EVENT_TYPES:
            return False
        for key, item in event.items():
            ok = {
                "type": True,
                "seat": _name(item),
                "by": _name(item),
                "card": _name(item),
                "trick": _int(item, 1),
                "note": type(item) is str,
                "reason": type(item) is str,
                "answer": type(item) is str and item in _ANSWERS,
            }.get(key, False)
            if not ok:
                return False
    return True


_ENDS = frozenset({"left", "right", "up", "down"})


def _turn(value: Any) -> bool:
    """A domino turn: a tile or knock as a word, {tile, end, points} or {draw}."""
    if type(value) is str:
        return value != ""
    if type(value) is not dict:
        return False
    if "draw" in value:
        return len(value) == 1 and _name(value["draw"])
    if not _name(value.get("tile")):
        return False
    for key, item in value.items():
        if key == "end":
            if type(item) is not str or item not in _ENDS:
                return False
        elif key == "points":
            if not _int(item, 0):
                return False
        elif key != "tile":
            return False
    return True


def bids_conform(value: Any) -> bool:
    """Whether a hand's ``bids`` certainly fit the schema."""
    return _bids(value)


def score_conforms(value: Any) -> bool:
    """Whether a hand's ``score`` certainly fits the schema."""
    return _score(value)


def turn_conforms(value: Any) -> bool:
    """Whether one domino turn (the value of a ``{player: turn}`` entry) certainly fits the schema."""
    return _turn(value)


def _hand(hand: Any, skip: frozenset[str] = frozenset()) -> bool:
    if type(hand) is not dict:
        return False
    for key, value in hand.items():
        if key not in _HAND:
            return False
        if key in skip:
            continue
        if key == "tricks":
            ok = _tricks(value)
        elif key in ("dealer", "started"):
            ok = _name(value)
        elif key in ("deal", "passes"):
            ok = type(value) is dict and all(_tokens(v) for v in value.values())
        elif key == "bids":
            ok = _bids(value)
        elif key == "score":
            ok = _score(value)
        elif key == "books":
            ok = type(value) is dict and all(_int(v, 0) for v in value.values())
        elif key == "leftover":
            ok = _tokens(value)
        elif key == "misdeal":
            ok = type(value) is bool
        elif key == "events":
            ok = _events(value)
        elif key == "note":
            ok = type(value) is str
        elif key == "draw":
            ok = type(value) is dict and all(_tokens(v) for v in value.values())
        elif key == "boneyard":
            ok = _tokens(value)
        elif key == "plays":
            ok = type(value) is list and all(_single(entry) and _turn(next(iter(entry.values()))) for entry in value)
        else:  # award (dominoes)
            ok = type(value) is dict and all(_int(v, 0) for v in value.values())
        if not ok:
            return False
    return True


def hand_conforms(hand: Any, skip: frozenset[str] = frozenset()) -> bool:
    """Whether one hand of a trick-game log certainly fits the schema (False: ask the schema).

    ``skip``: fields not looked at here, because the caller checks them itself as it reads them.
    """
    return _hand(hand, skip)


def conforms(doc: Any) -> bool:
    """Whether ``doc`` certainly fits the game-log schema (False: ask the schema)."""
    return header_conforms(doc) and all(_hand(hand) for hand in doc["hands"])


def header_conforms(doc: Any) -> bool:
    """Whether all of ``doc`` but its hands' contents certainly fits the schema (``hands`` is a list)."""
    if type(doc) is not dict or "players" not in doc or "hands" not in doc or not _TOP.issuperset(doc):
        return False
    if "log" in doc and not (doc["log"] == 1 and type(doc["log"]) is int):
        return False
    players = doc["players"]
    # each a name (a non-empty string: _name), told in C-level steps, as every game's players are (no loop a name)
    if type(players) is not list or len(players) < 2 or {*map(type, players)} != {str} or "" in players:
        return False
    if len(set(players)) != len(players):
        return False
    game = doc.get("game", {})
    if type(game) is not dict:
        return False
    for key, value in game.items():
        if key == "dealer_draw":  # the cards drawn for the first deal, by player
            if type(value) is not dict or not all(_name(card) for card in value.values()):
                return False
            continue
        kinds = _GAME.get(key)
        if kinds is None or type(value) not in kinds or (type(value) is int and not _int(value)):
            return False
    if "sides" in doc:  # (most games name no sides: nothing walked)
        sides = doc["sides"]
        if type(sides) is not dict or not all(
            type(m) is list and m and all(_name(x) for x in m) for m in sides.values()
        ):
            return False
    return type(doc["hands"]) is list
