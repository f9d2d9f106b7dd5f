"""The domino referee: replay a recorded game against a spec and report what it finds.

Each hand: the draw, the opening, then turn by turn (a tile laid, a tile
drawn, a knock) until a player (or side) goes out or no one can play, then
the hand's points. Findings are collected and the replay goes on, so one
audit reports every violation in the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, reduce
from operator import add, or_
from typing import Any

from .. import score_text, seating, words
from ..after_end import game_continued, not_counted
from ..document_paths import key_step
from ..errors import InputError, Location
from ..logreader import field_location
from ..report import (
    Code,
    Finding,
    HandScore,
    Incomplete,
    Report,
    Severity,
    Violation,
    Where,
)
from ..spec import Spec
from . import scoring
from .clean_turns import Settled, clean_turns
from .log import DominoHand, DominoLog
from .tables import Tables, seated, tables_for
from .tiles import DOUBLE_MASK, FULL_SET, seat_spots, tile_name
from .turns import LOCKED, OUT, OVER, HandState, TurnReplay

_new, _set = object.__new__, object.__setattr__


@lru_cache(maxsize=256)
def _seating(
    players: tuple[str, ...],
    sides: tuple[tuple[int, ...], ...],
    side_of: tuple[int, ...],
    given: tuple[tuple[str, tuple[int, ...]], ...] | None,
) -> tuple[tuple[str, ...], dict[str, int], str | None] | None:
    """Each side's name, the side each key of a score sheet stands for, and what is wrong with the names if
    anything (None: the log's sides are not the spec's), made once for each seating: an archive's games mostly
    share their players."""
    names = seating.side_names(players, sides, given)
    if names is None:
        return None
    return names, seating.sides_by_key(players, names, side_of), seating.named_apart(players, names, side_of)


# Per spec (by identity, holding the spec): its Tables for each number of players a log has had. tables_for's cache
# hashes the spec's fields (a Python __hash__, ~4k instructions) every game; the spec's object answers here.
_TABLES: dict[int, tuple[Spec, dict[int, Tables]]] = {}


def _tables(spec: Spec, players: int) -> Tables:
    """The spec's Tables for so many players (tables_for's, kept by the spec's identity; raises as it does)."""
    known = _TABLES.get(id(spec))
    if known is None or known[0] is not spec:
        if len(_TABLES) > 64:  # bounded: a spec is made per game where a header chooses options
            _TABLES.clear()
        known = _TABLES[id(spec)] = (spec, {})
    tables = known[1].get(players)
    if tables is None:
        tables = known[1][players] = tables_for(spec, players)
    return tables


ANYONE = -1  # who opens a hand after one whose record stops short, where a hand's winner opens the next: anyone


class _Audit(TurnReplay):
    """State of one domino replay; findings become violations with their clauses."""

    clean_hands = True  # a clean hand's turns checked in a few steps each (False: each turn replayed, for tests)

    def __init__(self, spec: Spec, log: DominoLog) -> None:
        self.spec = spec
        self.log = log
        self.names = log.players
        try:
            self.t = _tables(spec, len(log.players))
        except InputError as exc:
            raise InputError(exc.message, self._where("$.players")) from None
        found = _seating(self.names, self.t.sides, self.t.side_of, log.side_names)
        differ = None
        if found is None:  # the log's own sides, where the spec's seating is only a reading
            reading = spec.clause("players.sides").severity == "warning"
            moved = seating.log_sides(self.names, self.t.sides, log.side_names or (), reading, self._fail)
            self.t = seated(self.t, moved.sides, moved.side_of)
            found = _seating(self.names, self.t.sides, self.t.side_of, log.side_names)
            differ = Finding(Code.SIDES_DIFFER, "players.sides", moved.message)
        assert found is not None  # the log's sides are now the tables'
        self.side_names, self.sides_by_key, problem = found
        if problem is not None:
            raise self._fail(problem, "$.players")
        self.report = Report.start(spec, log, self.side_names, "dominoes")
        if differ is not None:
            self.add(differ, None)
        self.totals = [0] * len(self.t.sides)
        self.hand_number = 0
        self.played = False  # a hand of the game has been played (not drawn again): the next is no longer the first
        self.written: list[int | None] = [None] * len(self.t.sides)
        self.base_unknown: frozenset[int] = frozenset()  # sides whose running total no one knows (see _note_written)
        self.tie_awarded: dict[int, int] = {}  # a tied side given an award by the table, this hand (_check_award)
        self.true_text = score_text.TrueText()  # the form of the last score met as text (see score_text)
        self.drawn_each = (self.t.per_player,) * self.t.seats  # the tiles each player draws
        self.tiles_drawn = self.t.per_player * self.t.seats
        blank = (None,) * len(self.t.sides)  # a line's bids and books
        # a score sheet line's fields as _line gives them, those the same on every line set
        self.line_fields: dict[str, Any] = {
            "hand": 0,
            "dealer": None,
            "bids": blank,
            "books": blank,
            "points": (),
            "totals": (),
            "bags": (0,) * len(self.t.sides),
            "scored": True,
            "note": None,
            "after_end": False,
            "spots": None,
        }

    def _where(self, path: str | None = None) -> Location:
        return field_location(self.log, path)

    def _fail(self, message: str, path: str | None = None) -> InputError:
        return InputError(message, self._where(path))

    def _side_key(self, key: str, path: str) -> int:
        return seating.side_key(key, self.names, self.side_names, self.t.side_of, path, self._fail)

    def add(self, finding: Finding, hand: int | None) -> None:
        clause = self.spec.clause(finding.clause)
        severity = finding.severity or (Severity.WARNING if clause.severity == "warning" else Severity.ERROR)
        seat = None if finding.seat is None else self.names[finding.seat]
        where = Where(self.log.index, hand, None, seat, finding.turn)
        self.report.violations.append(Violation(finding.code, severity, where, finding.message, clause))

    # -- the game -----------------------------------------------------------
    def run(self) -> Report:
        # the seat that opens the next hand by winning the last, if the rules say so (or ANYONE)
        opener_won: int | None = None
        final: tuple[int, ...] | None = None  # the totals the game ended on; later hands are audited, not counted
        for hand in self.log.hands:
            if final is None and self.report.finished:
                final = tuple(self.totals)
                opener_won = None  # a new game: the highest double opens it, by the rule for a game's first hand
                self.played = False
                if not any(v.code is Code.GAME_CONTINUED for v in self.report.violations):  # said once only
                    self.add(game_continued(self.report, len(self.log.hands) - hand.number + 1), hand.number)
            self.report.hands_audited += 1
            opener_won = self._hand(hand, opener_won)
            if final is not None:
                # scored on from the table's own play, so its written figures are checked, but shown apart
                not_counted(self.report, final)
        if self.report.unscored is not None:  # (see the tricks' audit: the same reading of a hand not scored)
            if self.log.hands[-1].number == self.report.unscored:
                self.report.unscored = None
            elif None not in self.written and self.log.hands[-1].score is not None:  # (written to the end)
                self.report.written_totals = tuple(total for total in self.written if total is not None)
        return self.report

    def _draw(self, hand: DominoHand) -> list[int]:
        """Each seat's tiles, where the draw is not as the rules have it (see _hand): each fault said."""
        t = self.t
        held = [0] * t.seats
        seen = 0
        # players who drew different numbers break the draw by counting alone (each draws the one number for the
        # number of players), whatever the clause's severity: the number itself may be only the spec's reading
        unequal = Severity.ERROR if len({len(tiles) for tiles in hand.draw}) > 1 else None
        for seat, tiles in enumerate(hand.draw):
            if len(tiles) != t.per_player:
                self.add(
                    Finding(
                        Code.DEAL_WRONG_COUNT,
                        "draw.hand",
                        f"{self.names[seat]} drew {words.count(len(tiles), 'tile')}; each player draws {t.per_player}",
                        seat,
                        severity=unequal,
                    ),
                    hand.number,
                )
            for tile in tiles:
                bit = 1 << tile
                if seen & bit:  # every set holds each tile once: an error whatever the set is read to be
                    message = f"{tile_name(tile)} was drawn twice"
                    finding = Finding(Code.TILE_DRAWN_TWICE, "tiles.set", message, seat, severity=Severity.ERROR)
                    self.add(finding, hand.number)
                seen |= bit
                held[seat] |= bit
        return held

    def _opening(self, hand: DominoHand, held: Sequence[int], union: int) -> tuple[int | None, int | None, str]:
        """Who must open a hand no one opens by winning the last, and with which tile (None: any), and the clause
        that says so."""
        doubles = union & DOUBLE_MASK
        if not doubles:
            return None, None, "draw.first_play"
        double = doubles.bit_length() - 1  # the highest double drawn (a double's int grows with its number)
        seat = 0
        while not held[seat] >> double & 1:
            seat += 1
        return seat, double, "draw.next_hand" if self.played else "draw.first_play"

    def _hand(self, hand: DominoHand, opener_won: int | None) -> int | None:
        t = self.t
        n = hand.number
        self.hand_number = n
        held: Sequence[int] = hand.held  # (a list made only for the replay, which changes it)
        # as many as the rules draw each, and all different (a bit drawn twice carries into the next): so no tile
        # is in two hands, which clean_turns counts on, and their sum is the tiles drawn
        union = sum(held)
        regular = hand.drawn == self.drawn_each and union.bit_count() == self.tiles_drawn
        if not regular:
            held = self._draw(hand)
            union = reduce(or_, held, 0)
        boneyard = FULL_SET & ~union if t.boneyard else 0
        unknown = opener_won == ANYONE  # the last hand stopped short: who won it, and so who opens, is not known
        if opener_won is None or unknown:
            opener, opening_tile, clause = self._opening(hand, held, union)
        else:  # (the usual case, without a call)
            opener, opening_tile, clause = opener_won, None, "draw.next_hand"
        state: Settled
        if hand.redrawn:
            state = HandState(t, [*held], boneyard)
            if opener is not None and t.reshuffle_without_double:
                why = f"{self.names[opener]} held {tile_name(opening_tile)}" if opening_tile is not None else ""
                why = why or f"{self.names[opener]} won the last hand and opens with any tile"
                self.add(Finding(Code.REDRAW_NOT_DUE, "draw.no_double", f"the tiles were drawn again, but {why}"), n)
            self._line(n, state, False, "redrawn")
            return opener_won
        self.played = True
        if opener is None and t.reshuffle_without_double and hand.plays and not unknown:
            self.add(
                Finding(
                    Code.NO_DOUBLE_REDRAW,
                    "draw.no_double",
                    "no player held a double, so the tiles should have been drawn again",
                ),
                n,
            )
        if unknown:
            opener, opening_tile = None, None  # anyone may have won the last hand, and may open with any tile
        clean = None
        if self.clean_hands and regular:
            goal = t.target if t.wins_at_once and not self.report.finished else None  # (reached: the game won)
            clean = clean_turns(t, hand.plays, held, boneyard, (opener, opening_tile), self.totals, goal)
        if clean is None:
            state = replayed = HandState(t, [*held], boneyard)
            ended = self._turns(hand, replayed, opener, opening_tile, clause)
        else:  # the totals as the clean turns leave them (as the replay would), and how the hand ended, as _turns says
            state = clean  # where its turns leave the hand, all the hand's end reads
            self.totals = [*map(add, self.totals, clean.points)]
            ended = OUT if clean.out is not None else LOCKED if clean.locked else None
            if clean.reached:  # as the replay does the moment a side reaches the target
                self._check_target("dominoes_scoring.first_to_reach")
                if self.report.finished:
                    ended = OVER
        if ended is None:
            self.report.incomplete.append(
                Incomplete(Where(self.log.index, n), "the hand stops before anyone went out or the board locked")
            )
            self._line(n, state, False, "incomplete")
            self._note_written(hand)
            if not self.report.finished and self.report.unscored is None:
                self.report.unscored = n  # the true totals are not known from here on
            return ANYONE if t.after_domino_winner or t.after_blocked_winner else None
        if ended == OVER:
            # won in mid-hand: nothing more is scored, which the table's award and score are checked against
            winner = None if self.report.winner is None else self.side_names.index(self.report.winner)
            over = scoring.Award(winner, 0, self.report.ended_by or "game_end.target", "game over")
            self._check_award(hand, over)
            won = state.held_at_win if isinstance(state, HandState) else None
            self._line(n, state, True, over.note, None if won is None else seat_spots(won))
            self._check_score(hand, state, over)
            return None
        held_spots = seat_spots(state.held)
        out = state.out
        if out is not None:  # (the usual end, without a call of _award)
            award = scoring.domino_award(t, out, held_spots, self.totals[t.side_of[out]], self.names[out])
        else:
            award = self._award(state, held_spots)
        if award.side is not None:
            state.points[award.side] += award.points
            self.totals[award.side] += award.points
        self._check_award(hand, award)
        self._line(n, state, True, award.note, held_spots)
        self._check_score(hand, state, award)
        if t.target is not None and max(self.totals) >= t.target:  # (the one case _check_target looks further)
            self._check_target()
        if state.out is not None:
            return state.out if t.after_domino_winner else None
        if t.after_blocked_winner and award.side is not None:
            return t.sides[award.side][0]
        return None

    def _line(self, n: int, state: Settled, scored: bool, note: str, held_spots: list[int] | None = None) -> None:
        sides = self.t.sides
        if held_spots is None:
            held_spots = seat_spots(state.held)
        if self.t.seats == len(sides):  # a side a player
            spot_counts = tuple(held_spots)
        else:
            spot_counts = tuple(sum(held_spots[s] for s in side) for side in sides)
        line = _new(HandScore)  # its fields given as its __dict__ at once (its __init__ sets them one by one)
        fields = self.line_fields.copy()  # (what is the same on every line set once a game, in the fields' order)
        fields["hand"] = n
        fields["points"] = tuple(state.points)
        fields["totals"] = tuple(self.totals)
        fields["scored"] = scored
        fields["note"] = note
        fields["spots"] = spot_counts
        _set(line, "__dict__", fields)
        self.report.hands.append(line)

    # -- the turns ------------------------------------------------------------
    def _award(self, state: Settled, seat_spots: list[int]) -> scoring.Award:
        t = self.t
        if state.out is not None:
            side = t.side_of[state.out]
            return scoring.domino_award(t, state.out, seat_spots, self.totals[side], self.names[state.out])
        side_spots = [sum(seat_spots[s] for s in side) for side in t.sides]
        return scoring.blocked_award(t, side_spots, self.totals)

    def _check_award(self, hand: DominoHand, award: scoring.Award) -> None:
        if award.tied:
            self.tie_awarded = {}  # (read by _check_score for this hand only: a tie's award is rare)
        if hand.award is None:
            return
        for key, written in hand.award:
            side = self.sides_by_key.get(key)
            if side is None:
                side = self._side_key(key, f"$.hands[{hand.number - 1}].award{key_step(key)}")
            due = award.points if side == award.side else 0
            if written == due:
                continue
            if written and (side, written) in award.tied:
                self._tie_award(hand.number, side, written, award)
                continue
            message = f"the table gave {self.side_names[side]} {written} at the hand's end; the rules give {due}"
            self.add(Finding(Code.AWARD_MISMATCH, award.clause, message), hand.number)

    def _tie_award(self, n: int, side: int, written: int, award: scoring.Award) -> None:
        """A tied side given what the one with the fewest would score (in the award, or in the score where no award
        is written for it): the sheet's words kept, only the spec's reading of a tie (no one scores) broken, a
        warning; its written score is held to it too."""
        tied = " and ".join(self.side_names[s] for s, _ in award.tied)
        message = (
            f"the board locked with {tied} tied for the fewest spots; the table gave {self.side_names[side]} "
            f"{written}, what the one with the fewest scores; the reading taken is that a tie scores nobody"
        )
        self.tie_awarded[side] = written
        self.add(Finding(Code.AWARD_MISMATCH, award.clause, message, severity=Severity.WARNING), n)

    def _check_score(self, hand: DominoHand, state: Settled, award: scoring.Award) -> None:
        side_of, hand_points, totals, written = self.sides_by_key, state.points, self.totals, self.written
        text = hand.score_text
        if text is not None:  # the score as written, kept as text (see score_text): held to the true figures' text
            sides = self.true_text.sides(text, side_of, hand_points, totals)
            if sides is not None:
                for kept in sides:  # the true figures, written (nearly always): as each is found below
                    written[kept] = totals[kept]
                return
        if hand.score is None:
            return
        for recorded in hand.score:
            side = side_of.get(recorded.key)
            if side is None:
                side = self._side_key(recorded.key, f"$.hands[{hand.number - 1}].score.{recorded.key}")
            points, total = hand_points[side], totals[side]
            if recorded.hand == points and recorded.total == total:  # the usual line, as the rules give it
                written[side] = total
                continue
            if award.tied and side not in self.tie_awarded and (recorded.hand, recorded.total) != (None, None):
                # no award written for a tied side, but its score holds what the one with the fewest scores
                extra = dict(award.tied).get(side, 0)
                apart = any(self.sides_by_key.get(key) == side for key, _ in hand.award or ())  # (judged there)
                given = recorded.hand in (None, points + extra) and recorded.total in (None, total + extra)
                if extra and given and not apart:
                    self._tie_award(hand.number, side, extra, award)
            if award.tied and side in self.tie_awarded:  # a tie's award given (reported once, as a warning)
                extra = self.tie_awarded[side]
                if recorded.hand in (None, points + extra) and recorded.total in (None, total + extra):
                    before = written[side]
                    # the table's own running total, carried on
                    written[side] = (total - points if before is None else before) + points + extra
                    continue
            if recorded.hand is not None and recorded.hand != points:
                wrote = words.count(recorded.hand, "point")
                message = f"the table wrote {wrote} for {self.side_names[side]} this hand; the rules"
                self._score_mismatch(hand, side, award, f"{message} give {points}", recorded.hand, points)
            if recorded.total is not None:
                if side in self.base_unknown and written[side] is None:
                    pass  # after a hand no one scored: nothing to hold it to
                elif recorded.total != total:
                    before = written[side]
                    if before is None or recorded.total != before + points:  # else a slip carried on
                        message = f"the table wrote a total of {recorded.total} for {self.side_names[side]}; the"
                        self._score_mismatch(hand, side, award, f"{message} rules give {total}", recorded.hand, points)
                written[side] = recorded.total
            elif recorded.hand is not None:  # the table's own running total: its previous one plus what it wrote
                before = written[side]
                written[side] = (total - points if before is None else before) + recorded.hand

    def _note_written(self, hand: DominoHand) -> None:
        """The table's own running totals after a hand whose record stops short: what it wrote, for the next
        hand's figures to carry on from, as a slip's are. A side it wrote no total for has a total no one knows:
        its next written total is taken as it stands."""
        unknown = set(range(len(self.totals))) - set(self.base_unknown)
        for recorded in hand.score or ():
            side = self.sides_by_key.get(recorded.key)
            if side is None:
                side = self._side_key(recorded.key, f"$.hands[{hand.number - 1}].score.{recorded.key}")
            before = self.written[side]
            if recorded.total is not None:
                self.written[side] = recorded.total
                unknown.discard(side)
            elif recorded.hand is not None and side not in self.base_unknown:
                self.written[side] = (self.totals[side] if before is None else before) + recorded.hand
                unknown.discard(side)
        for side in unknown:
            self.written[side] = None
        if unknown:
            self.base_unknown = self.base_unknown | unknown

    def _score_mismatch(
        self, hand: DominoHand, side: int, award: scoring.Award, message: str, wrote: int | None, points: int
    ) -> None:
        """A written figure wrong, laid to its rule: a side's hand is the ends it scored and, for the hand's winner,
        the award; for the winner, the ends where the award is not what went wrong (``wrote``, the hand's figure
        written, is the award alone, or the award written apart is the one the rules give)."""
        clause = award.clause if side == award.side or not self.t.ends_multiple else "dominoes_scoring.ends"
        at_end = award.clause in ("dominoes_scoring.domino", "dominoes_scoring.blocked")  # (not a game won mid-hand)
        if clause == award.clause and at_end and self.t.ends_multiple and wrote != points - award.points:
            award_right = wrote == award.points or any(
                written == award.points and self.sides_by_key.get(key) == side for key, written in hand.award or ()
            )
            if award_right:
                clause = "dominoes_scoring.ends"
        self.add(Finding(Code.SCORE_MISMATCH, clause, message), hand.number)

    def _check_target(self, ended_by: str = "game_end.target") -> None:
        target = self.t.target
        if target is None or self.report.finished or max(self.totals) < target:
            return
        reached = [side for side, total in enumerate(self.totals) if total >= target]
        if not reached:
            return
        best = max(self.totals[side] for side in reached)
        leaders = [side for side in reached if self.totals[side] == best]
        if self.report.unscored is not None:
            # after a hand not scored the totals are short of the true ones, which no hand takes down: the game was
            # over here at the latest, but who reached the target first is not known
            self.report.finished = True
            self.report.ended_at_hand = self.hand_number
            self.report.ended_by = ended_by
        elif len(leaders) == 1:
            self.report.finished = True
            self.report.winner = self.side_names[leaders[0]]
            self.report.ended_at_hand = self.hand_number
            self.report.ended_by = ended_by


def run(spec: Spec, log: DominoLog) -> Report:
    """Audit one domino game against a spec (options already applied)."""
    return _Audit(spec, log).run()
