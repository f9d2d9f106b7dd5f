"""The game's end: whether a hand ends the game, a tie played off, a hand thrown out because its renege would win
the game, and what a game with a hand not scored can still say of its end."""

from __future__ import annotations

from ..report import HandScore, Report
from . import clock, scoring
from .replay_score import ScoreReplay

THROWN_OUT = "thrown out: the renege would have won the game"


class EndReplay(ScoreReplay):
    """The replay's questions of the game's end, asked after each scored hand that may end it."""

    # Where a hand ended the game with the best total shared and the tie is played off: the sides already out of
    # it (scoring.played_off), and the clause that ended it; None while the game simply goes on.
    playing_off: frozenset[int] | None = None
    playoff_clause: str | None = None

    def _result(
        self, number: int, totals: list[int], dealt: int, swept: int | None = None, lost: frozenset[int] = frozenset()
    ) -> list[int] | None:
        """Whether the game ends at this hand (its totals if so); a tie played on is noted with its reading.

        ``dealt``: the deals so far, this one included (a misdeal or a hand thrown out as one is dealt again; a
        hand whose record stops short was dealt all the same).
        ``swept``: a side that won the game outright by its books on the unbid first hand, or by its bid (a
        blind Boston made); ``lost``: sides that lost it outright by a penalty this hand.
        """
        t = self.t
        if self.report.unscored is not None:
            # a hand before this one was not scored: the true totals, and so any end or winner they make, are not
            # known; only the deals running out still ends the game (at the latest here), its winner not known
            if t.max_rounds is None or dealt < t.max_rounds:
                return None
            report = self.report
            report.finished, report.winner = True, None
            report.ended_at_hand, report.ended_by = number, "game_end.rounds"
            return list(totals)
        playing_off = self.playing_off
        over, winner = (True, swept) if swept is not None else scoring.result(t, totals, dealt, lost, playing_off)
        ended_by: str | None = None
        if not over and self.stop is not None and number >= self.stop:
            # time is up: the side ahead wins; a tie plays on, a hand at a time, until it is broken
            winner = clock.leader(totals)
            over, ended_by = winner is not None, "game_end.clock"
        if over:
            if ended_by is None:  # named only for a game that ends: nearly every hand does not
                outright = self.won_clause if self.won_outright is not None else "bidding.first_hand"
                before = self.playoff_clause if playing_off is not None else None  # what ended it, tie aside
                ended_by = outright if swept is not None else scoring.end_clause(t, totals, dealt, lost, before)
            self.report.ended_by = ended_by
            self.report.finished = True
            self.report.winner = None if winner is None else self.side_names[winner]
            self.report.ended_at_hand = number
            self.report.tie = None
            return list(totals)
        self.playing_off = scoring.played_off(t, totals, dealt, lost, playing_off)
        if self.playing_off is not None and playing_off is None:
            self.playoff_clause = scoring.end_clause(t, totals, dealt, lost)
        best = min(totals) if t.lowest_wins else max(totals)
        # a tie played off (the best total, where the lowest wins, may be under the target; and after a set under it)
        tied = self.playing_off is not None and totals.count(best) > 1
        self.report.tie = self.spec.clause("game_end.tie") if tied and self.spec.has("game_end.tie") else None
        self.report.tied_at = best if tied else None
        return None

    def _unscored_result(self, report: Report) -> None:
        """After a game with a hand not scored: where that hand is the last recorded, the record simply shows no
        end (the game is not finished), as ever; else the table's own last totals, where it wrote them all, and to
        the last hand (earlier ones would be stale)."""
        if self.log.hands[-1].number == report.unscored:
            report.unscored = None
        elif None not in self.written_totals and self.log.hands[-1].score is not None:  # (written to the end)
            report.written_totals = tuple(total for total in self.written_totals if total is not None)

    def _thrown_out(self, line: HandScore, dealt_before: int) -> bool:
        """Whether a hand is thrown out because a renege in it would win the game for the side that made it."""
        if not (self.t.renege_win_thrown_out and any(self.hand_reneges)):
            return False
        over, winner = scoring.result(self.t, list(line.totals), dealt_before + 1, self.hand_lost, self.playing_off)
        return over and winner is not None and self.hand_reneges[winner] > 0
