"""The state of one replay of a trick game, and where its findings go.

The replay itself is split by phase (:mod:`.replay_deal`, :mod:`.replay_play`, :mod:`.written`); each
part reads and adds to the state kept here, and :mod:`.audit` runs them hand by hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import seating, words
from ..errors import InputError
from ..logreader import field_location
from ..report import Code, Finding, Report, Severity, Violation, Where
from ..spec import Spec
from . import passing, penalties
from .log import GameLog, Hand, plays_of
from .per_tables import per_tables
from .tables import Tables

# Per Tables: (players, the sides a log names) -> the sides' names and every key that names a side.
_SEATINGS: dict[int, tuple[Tables, dict[Any, tuple[tuple[str, ...], dict[str, int]]]]] = {}


def _no_seatings(_: Tables) -> dict[Any, tuple[tuple[str, ...], dict[str, int]]]:
    return {}


class Replay:
    """State of one replay; findings become violations with their clauses."""

    stop: int | None  # a timed match: the hand in progress when time ran out (set when the game is run)
    seat_books: list[int]  # tricks each player took in the hand being replayed (a nil bidder's own count)
    unplayed: list[int]  # cards each side's players held at the end of the hand and never played
    renege_count: list[int]  # reneges each side was charged with so far in the game (an escalating penalty)
    hand_reneges: list[int]  # the reneges the hand being scored charges, per side
    hand_lost: frozenset[int]  # sides that lose the game by the hand's reneges
    dealt_before: int  # hands dealt (misdeals aside) before the one being replayed: the deals the game has had
    # A pass applied at once (passing.clean_pass) for the play check to confirm: the hand, the holdings as dealt
    # and the pass's direction; where the play check cannot vouch for the hand, the pass is applied carefully.
    unconfirmed_pass: tuple[Hand, list[int], int | None] | None = None

    def __init__(
        self,
        spec: Spec,
        tables: Tables,
        log: GameLog,
        seatings: dict[Any, tuple[tuple[str, ...], dict[str, int]]] | None = None,
    ) -> None:
        """``seatings``: the sides' names and keys made so far for these Tables, where the caller keeps them."""
        self.spec = spec
        self.t = tables
        self.log = log
        self.names = log.players
        if len(self.names) != tables.seats:  # before the sides are named from the seats
            allowed = words.counts(tables.seat_counts)
            raise self._fail(f"{spec.id} is for {allowed} players; the log has {len(self.names)}", "$.players")
        self.revokes: list[tuple[int, int]] = []  # (trick, seat) of each revoke in the hand being replayed
        self.taken: list[int] = [0] * tables.seats  # points each player took in the hand being replayed
        self.dealt_hands = 0
        self._pending: list[Finding] = []  # found before the report exists: the game's own findings
        # The sides' names and keys depend on the players and the sides the log names alone: made once for them
        # where they are the spec's sides (a log's own sides, with their finding, are made for their game).
        known = per_tables(_SEATINGS, tables, _no_seatings) if seatings is None else seatings
        key = (self.names, log.side_names)
        seated = known.get(key)
        if seated is None:
            self.side_names = self._side_names()  # may take the log's own sides where the spec's are a reading
            problem = seating.named_apart(self.names, self.side_names, self.t.side_of)
            if problem is not None:
                raise self._fail(problem, "$.players")
            # each player's side as seated for this game: the log's own sides where they replaced the spec's
            seated = (self.side_names, seating.sides_by_key(self.names, self.side_names, self.t.side_of))
            if self.t is tables:
                if len(known) > 1_000:  # bounded: a club's archive has many tables of players
                    known.clear()
                known[key] = seated
        self.side_names, self.sides_by_key = seated
        self.written_totals: list[int | None] = [None] * len(tables.sides)  # the table's own running totals
        self.report = Report.start(spec, log, self.side_names)
        self.report.bidding = tables.contracts
        for finding in self._pending:
            self.add(finding, None)

    # -- where things are -------------------------------------------------
    def _fail(self, message: str, path: str | None = None) -> InputError:
        return InputError(message, field_location(self.log, path))

    def _side_names(self) -> tuple[str, ...]:
        names = seating.side_names(self.names, self.t.sides, self.log.side_names)
        return self._log_sides() if names is None else names

    def _log_sides(self) -> tuple[str, ...]:
        """The log's own sides, where the spec's seating is only a reading (a warning clause): audited with them."""
        reading = self.spec.clause("players.sides").severity == "warning"
        found = seating.log_sides(self.names, self.t.sides, self.log.side_names or (), reading, self._fail)
        self.t = replace(self.t, sides=found.sides, side_of=found.side_of)
        self._pending = [Finding(Code.SIDES_DIFFER, "players.sides", found.message)]
        return found.names

    def _side_key(self, key: str, path: str) -> int:
        return seating.side_key(key, self.names, self.side_names, self.t.side_of, path, self._fail)

    def add(self, finding: Finding, hand: int | None, trick: int | None = None) -> None:
        """Record a finding as a violation of its clause."""
        clause = self.spec.clause(finding.clause)
        severity = finding.severity or (Severity.WARNING if clause.severity == "warning" else Severity.ERROR)
        seat = None if finding.seat is None else self.names[finding.seat]
        where = Where(self.log.index, hand, finding.trick if finding.trick is not None else trick, seat)
        reading = None if finding.reading is None else self.spec.clause(finding.reading)
        violation = Violation(finding.code, severity, where, finding.message, clause, reading)
        if finding.code is Code.RENEGE or (finding.code is Code.ILLEGAL_LEAD and self.t.renege_leads):
            charged = penalties.penalty_clause(self.t, first=not self.revokes)  # (before this one is counted)
            if charged is not None:
                violation = replace(violation, penalty=self.spec.clause(charged))
        self.report.violations.append(violation)

    def _uncharged(self, hand: int, reneges: list[tuple[int, int]]) -> None:
        """Reneges (trick, seat) of ``hand`` for which no claim was allowed cost nothing: their violations name no
        penalty clause (``add`` named the one the rules set, before the claims were read)."""
        places = {(trick, self.names[seat]) for trick, seat in reneges}
        violations = self.report.violations
        for at, v in enumerate(violations):
            w = v.where
            if v.penalty is not None and w.game == self.log.index and w.hand == hand and (w.trick, w.seat) in places:
                violations[at] = replace(v, penalty=None)

    def _apply_pass(self, hand: Hand, holdings: list[int], offset: int | None) -> list[int]:
        """The holdings after the hand's pass as :func:`.passing.apply` finds it, what was irregular reported."""
        # who played each card: where a pass went (one the rules refuse too)
        plays = plays_of(hand.tricks) if offset is not None or hand.passes else []
        after, findings = passing.apply(self.t, offset, holdings, hand.passes, plays, self.names)
        for finding in findings:
            self.add(finding, hand.number)
        return after

    def _mixed(self, side: int, path: str) -> InputError:
        name = self.side_names[side]
        return self._fail(f"{name} is written both as a side and player by player; write one or the other", path)
