"""The game families, and the one place a spec or a log is told to belong to one.

Everything else is shared (spec loading, options, log files, reports, the
CLI, the simulator's driver); each family brings its compiler, log reader,
replay and simulator, and these are found here by the spec's ``family`` or
the log document's shape.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from .errors import InputError, Location
from .report import Report
from .spec import Spec

if TYPE_CHECKING:
    import random

    from .dominoes.log import DominoLog
    from .tricks.log import GameLog

# A log of either family. Its modules are named for the type checker only: a family's modules are imported
# the first time the family is used, so a run of Spades never loads the domino replay (nor either simulator
# or picture unless asked for). Written as text: typing's Union of two names compiles each (ForwardRef), and a
# process's first compile() makes the 137 classes of the AST's nodes, ~9M instructions of every start.
AnyLog: TypeAlias = "GameLog | DominoLog"
_PARTS: dict[tuple[str, str, str], Any] = {}  # each family's parts found so far, by package, module and name


@dataclass(frozen=True)
class Family:
    """What one family brings: how to compile a spec, read a log, replay it, simulate and draw a game.

    Each part is found in the family's package (``referee.tricks``, ``referee.dominoes``) by the same
    module and name, and imported when first asked for.
    """

    name: str
    package: str
    log_class: str
    fast_reader: bool = False  # whether its log module reads a document in one pass (``read_fast``)
    # what a JSON text its log module reads from the text itself (``read_text``) holds: None, no such reader
    text_marker: str | None = None

    # The parts below are cast to their types written as strings: a type written out, Callable[[...], ...], is
    # made anew at each call (microseconds), and an audit asks for its family's parts every game.
    def _part(self, module: str, name: str) -> Any:
        key = (self.package, module, name)
        part = _PARTS.get(key)  # looked up once: an audit asks for its family's replay and log class every game
        if part is None:
            part = _PARTS[key] = getattr(importlib.import_module(f"{__package__}.{self.package}.{module}"), name)
        return part

    @property
    def log_type(self) -> type:
        """The class of its game records."""
        return cast(type, self._part("log", self.log_class))

    @property
    def compile_spec(self) -> Callable[[Spec], object]:
        """Compiles a spec into the family's tables (raises Unsupported or InputError)."""
        return cast("Callable[[Spec], object]", self._part("tables", "compile_spec"))

    @property
    def read_log(self) -> Callable[[dict[str, Any], Location, Any], AnyLog]:
        """Reads a log document, carefully, with located errors."""
        return cast("Callable[[dict[str, Any], Location, Any], AnyLog]", self._part("log", "read"))

    @property
    def read_fast(self) -> Callable[[Any, Location, str | None], AnyLog | None] | None:
        """The log read in one pass without the schema, or None where that pass cannot vouch for the document
        (given the JSON text it was plainly decoded from, if it was: see ``logreader.read_in_one_pass``)."""
        if not self.fast_reader:
            return None
        return cast("Callable[[Any, Location, str | None], AnyLog | None]", self._part("log", "read_fast"))

    @property
    def read_text(self) -> Callable[[str, Location], AnyLog | None]:
        """The log read from a JSON text holding ``text_marker`` and no backslash, or None where that reading
        cannot vouch for it (then the text is decoded whole)."""
        return cast("Callable[[str, Location], AnyLog | None]", self._part("log", "read_text"))

    @property
    def run(self) -> Callable[[Spec, Any], Report]:
        """Replays a log against a compiled spec."""
        return cast("Callable[[Spec, Any], Report]", self._part("audit", "run"))

    @property
    def simulate_game(self) -> Callable[..., dict[str, Any]]:
        """Simulates one legal game."""
        return cast("Callable[..., dict[str, Any]]", self._part("simulate", "simulate_game"))

    @property
    def draw(self) -> Callable[[Spec, Any, Report], list[tuple[int, str]]]:
        """The picture of a game's play for ``check --format html``: (hand number, HTML) per hand."""
        return cast("Callable[[Spec, Any, Report], list[tuple[int, str]]]", self._part("picture", "draw"))


TRICKS = Family("trick-taking", "tricks", "GameLog", fast_reader=True, text_marker='"tricks":[')
DOMINOES = Family("domino", "dominoes", "DominoLog", fast_reader=True, text_marker='"plays":[')
BY_SPEC_FAMILY = {"spades": TRICKS, "hearts": TRICKS, "dominoes": DOMINOES}


def of_spec(spec: Spec) -> Family:
    """The family a spec's rules belong to."""
    return BY_SPEC_FAMILY[spec.family]


DOMINO_HAND_KEYS = frozenset({"draw", "boneyard", "plays"})  # a hand with any of these is a domino hand


def is_domino_document(document: Any) -> bool:
    """Whether a log document records a domino game (a hand with a draw, a boneyard or plays). Told here, not
    by the domino log module, so that a trick game's run never imports it (~12M instructions of a start)."""
    if not isinstance(document, dict) or not isinstance(document.get("hands"), list):
        return False
    hands = document["hands"]
    if {*map(type, hands)} == {dict}:  # the usual hands: every key of every hand looked at in one C-level step
        return not DOMINO_HAND_KEYS.isdisjoint(chain.from_iterable(hands))
    return any(isinstance(hand, dict) and not DOMINO_HAND_KEYS.isdisjoint(hand) for hand in hands)


def of_document(document: Any) -> Family:
    """The family a log document records: a domino game has a draw, a boneyard or plays."""
    return DOMINOES if is_domino_document(document) else TRICKS


# How far into the hands a family's marker is looked for first: a first hand's tricks or plays open well within it
_FIRST_HAND = 4096


def read_text(text: str, where: Location) -> AnyLog | None:
    """A game read from its JSON text (holding no backslash) by the family whose marker it holds, where one
    reads its logs from the text itself; None where none does, or it cannot vouch for the text.

    Each family's reader vouches for what it reads or answers None (the text is then decoded whole), so which
    family is asked changes only the speed: the markers are looked for at the start of the hands first, so that
    a family's text is not searched to its end for another family's marker it does not hold."""
    start = text.find('"hands":[')
    if start >= 0:
        for family in (TRICKS, DOMINOES):
            if family.text_marker is not None and text.find(family.text_marker, start, start + _FIRST_HAND) >= 0:
                return family.read_text(text, where)
    for family in (TRICKS, DOMINOES):
        if family.text_marker is not None and family.text_marker in text:
            return family.read_text(text, where)
    return None


def pictures(spec: Spec, log: AnyLog, report: Report) -> list[tuple[int, str]]:
    """The picture of a game's play, hand by hand, as its family draws it (none where it draws none)."""
    return of_spec(spec).draw(spec, log, report)


def compile_spec(spec: Spec) -> object:
    """Compile a spec with its family's compiler (raises Unsupported or InputError)."""
    return of_spec(spec).compile_spec(spec)


def audit(spec: Spec, log: AnyLog) -> Report:
    """Replay a log with its spec's family; a log of another family cannot be audited against it."""
    parts = _AUDITS.get(spec.family)
    if parts is None:
        family = BY_SPEC_FAMILY[spec.family]
        parts = _AUDITS[spec.family] = (family.log_type, family.run, family)
    log_type, run, family = parts
    if type(log) is not log_type and not isinstance(log, log_type) and not log.hands:  # no hand tells its family
        from .logreader import RecordedGame  # the header both families' records share

        log = log_type(**{f.name: getattr(log, f.name) for f in fields(RecordedGame)}, hands=())
    if type(log) is not log_type and not isinstance(log, log_type):
        said = "this log records a game of another family"
        if family is DOMINOES and not any(map(_of_cards, log.hands)):  # (a score sheet alone is no card game)
            said = "this log's hands record no draw (a domino hand records each player's tiles as drawn)"
        raise InputError(
            f"{spec.id} is a {family.name} rule set; {said}", Location(file=log.file, line=log.line, game=log.index)
        )
    if log.rules is not None and log.rules != spec.id:  # (an archive's games name the spec they are checked by)
        _same_game(spec, log)
    if family is TRICKS and log.rules != spec.id and log.hands:  # (nor is their shape looked into)
        _same_shape(spec, log)
    return run(spec, log)


def _same_shape(spec: Spec, log: Any) -> None:
    """Refuse a trick game whose record has the shape of another game than ``spec``'s, where the header does not
    name the spec: every hand bid under rules with no bidding (a Spades game checked by Hearts' rules: each of its
    deals, bids and tricks reported, 113 errors for a simulated game), or no hand bid and cards passed under rules
    that bid (a Hearts game by Spades' rules: those that pass none, or ihop-silver's, whose pass comes after the
    bidding and cycles as four-handed Hearts' does). One located message, as for a header naming it."""
    played = [(i, h) for i, h in enumerate(log.hands) if not h.misdeal]
    bid = [i for i, h in played if h.bids]
    if bid and len(bid) == len(played):
        from .tricks.tables import bids_hands

        if not bids_hands(spec):
            _another_game(spec, log, "has no bidding", "every hand of this log records bids", bid[0], "bids")
    elif not bid and (passed := [i for i, h in played if h.passes]):
        from .tricks.tables import bids_hands, passes_cards

        if bids_hands(spec):
            said = "no hand of this log records a bid, and its hands record cards passed"
            rules = (
                "bids every hand before its cards are passed"
                if passes_cards(spec)
                else "bids every hand and passes no cards"
            )
            _another_game(spec, log, rules, said, passed[0], "passes")


def _another_game(spec: Spec, log: Any, rules: str, record: str, hand: int, part: str) -> None:
    from .logreader import field_location

    raise InputError(
        f"{spec.id} is a rule set of {game_name(spec.family)}, which {rules}, but {record}: a record of another "
        f"game; check it by the rules it was played by (--rules, or rules: in its header)",
        field_location(log, f"$.hands[{hand}].{part}"),
    )


# Each family's log class and replay, with the family, by the game of a spec (spades, hearts, dominoes): two
# properties, each a lookup of its own, asked once
_AUDITS: dict[str, tuple[type, Callable[[Spec, Any], Report], Family]] = {}
_GAME_OF: dict[str, str | None] = {}  # the game (spades, hearts...) of each bundled spec a header names, once


def _same_game(spec: Spec, log: AnyLog) -> None:
    """Refuse a log whose header names a bundled spec of another game than ``spec``'s: a Spades game read by the
    rules of Hearts (both games of tricks) was replayed, and every deal, bid and trick reported, 951 errors for a
    six-player game, not the one fault that it is another game. A spec the header names by a path, or by an id
    not bundled, is not looked up here (which file it is depends on the run's --allow-rules)."""
    named = str(log.rules)
    if named not in _GAME_OF:
        from .spec import load
        from .spec_files import is_bundled

        try:
            _GAME_OF[named] = load(named).family if is_bundled(named) else None
        except InputError:  # (a bundled spec is read by every test; a broken one is said where it is named)
            _GAME_OF[named] = None
    game = _GAME_OF[named]
    if game is not None and game != spec.family:
        from .logreader import field_location

        raise InputError(
            f"{spec.id} is a rule set of {game_name(spec.family)}, but this log's header names {named}, a rule set "
            f"of {game_name(game)}: check it by the rules it names (leave out --rules) or by another rule set of "
            f"{game_name(game)}",
            field_location(log, "$.game.rules"),
        )


def game_name(family: str) -> str:
    """A spec's game as a rule names it: Spades, Hearts, Dominoes."""
    return family.capitalize()


def _of_cards(hand: object) -> bool:
    """Whether a hand read as a card game's records anything only a card game has (its deal, bids, tricks...)."""
    return any(
        getattr(hand, name, None) is not None for name in ("dealer", "deal", "bids", "passes", "tricks", "books")
    )


def simulate_game(
    spec: Spec,
    rng: random.Random,
    players: tuple[str, ...] | None = None,
    with_score: bool = True,
    game_id: str | None = None,
    seats: int | None = None,
) -> dict[str, Any]:
    """One legal game under a spec, by its family's simulator (``seats``: how many players, unnamed)."""
    return of_spec(spec).simulate_game(spec, rng, players=players, with_score=with_score, game_id=game_id, seats=seats)
