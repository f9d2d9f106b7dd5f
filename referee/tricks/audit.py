"""The referee: replay a recorded game against a spec and report what it finds.

Every phase is explicit: dealer, deal, bidding, passing, play, scoring,
game end. Each check collects findings and the replay goes on, so one
audit reports every violation in the game, not just the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import inf
from operator import add
from typing import Any

from ..after_end import game_continued, not_counted
from ..report import Code, Finding, HandScore, Incomplete, Report, Where
from ..spec import Spec
from . import aces, bidding, clock, deal, misdeal, no_trump, passing, penalties, points, scoring
from .game_plan import GamePlan, plan_for
from .log import Bid, GameLog, Hand, plays_of
from .replay_deal import DealReplay
from .replay_end import THROWN_OUT, EndReplay
from .replay_lanes import LaneReplay
from .tables import Tables, tables_for

NONE_LOST: frozenset[int] = frozenset()  # no side lost the game outright by the hand's penalties


# Per spec (by identity, holding the spec): the Tables for each number of players a log has had, with their plan and
# the sides' names and keys made for them (see Replay.__init__).
_SEATED: dict[int, tuple[Spec, dict[int, tuple[Tables, GamePlan, dict[Any, Any]]]]] = {}


class _Audit(DealReplay, LaneReplay, EndReplay):
    """One replay: the game hand by hand, each hand through its phases, then its score."""

    kept: list[int]  # the unbid first hand's books once its penalties are applied
    no_reneges: list[int]  # no renege charged to any side (a hand's reneges are another list)

    @classmethod
    def for_spec(cls, spec: Spec, log: GameLog) -> Report:
        """Compile (once, cached, for the log's number of players where the spec allows several) and replay."""
        players = len(log.players)
        # tables_for's cache hashes the spec's fields (a Python __hash__) twice a game: here the spec's object
        # answers, kept with it so its id is never taken for another spec's (bounded, as per_tables' caches)
        known = _SEATED.get(id(spec))
        if known is None or known[0] is not spec:
            if len(_SEATED) > 64:
                _SEATED.clear()
            known = _SEATED[id(spec)] = (spec, {})
        seated = known[1].get(players)
        if seated is None:
            tables = tables_for(spec)
            if players in tables.seat_counts:
                tables = tables_for(spec, players)
            seated = known[1][players] = (tables, plan_for(tables), {})
        tables, plan, seatings = seated
        replay = cls(spec, tables, log, seatings)
        return replay.run(plan if replay.t is tables else None)  # (a log's own sides: Tables of their own)

    # -- the game -----------------------------------------------------------
    def run(self, plan: GamePlan | None = None) -> Report:
        """The game replayed hand by hand; ``plan``: the plan of its Tables, where the caller has it."""
        t = self.t
        if plan is None:
            plan = plan_for(t)
        totals = bags = plan.zeros  # each line's own tuples, carried on
        expected_dealer: int | None = None
        scored = 0  # hands scored so far: the first is the unbid one where the spec has one
        final: list[int] | None = None  # the totals when the game ended; hands after it are audited, not counted
        # a timed match: the hand in progress when time ran out (no clock, nearly always: no call)
        self.stop = None if t.clock_minutes is None else clock.stop_hand(t, self.log.hands)
        self.plan = plan
        _, self._renege_costly, self._penalised = plan[:3]
        self.renege_count = [*plan.zeros]  # reneges each side was charged with so far (an escalating penalty)
        self.no_reneges = [*plan.zeros]  # the general hand's reneges until a hand charges some
        report = self.report
        lines = report.hands
        next_dealer = plan.next_dealer
        lane = self._plain if plan.lane else self._by_points if plan.points_lane else None
        # Where only a target ends the game, and no clock: a hand that leaves every total short of it, with no
        # outright win or loss, ends nothing (nearly every hand), and _result is not asked.
        quiet_under = plan.sole_target if self.stop is None else None
        unbid_first = not t.bids_first_hand
        # A run of lanes' hands made in one loop (the lane's _run: see _plain_run), where only a target ends the game
        # and the game's checks answered; a hand the run leaves goes through the loop below
        run_lane = None
        bound = inf  # (the target a run stops at)
        if quiet_under is not None:
            run_lane = self._plain_run if plan.lane else self._points_run if plan.points_lane else None
            bound = quiet_under
        hands = self.log.hands
        count = len(hands)
        if run_lane is not None and count and not unbid_first:
            # The first dealer checked here as the loop would check it first (against the draw, where the log records
            # one), so that a run may take the game from its first hand (the loop's look at that hand and a call of
            # its lane, a game fewer): the dealer it answers is then the one due, which the loop, where it takes the
            # hand after all, finds recorded (or asks _dealer again, which finds the same and checks no draw twice)
            expected_dealer = self._dealer(hands[0], None)
        at = 0  # the next hand's place in the log
        # A lane's line is checked against the table's written figures with the other lanes' lines at once, before
        # anything else is reported or made (_check_lanes): the lines a general hand or a misdeal adds are their own.
        while at < count:
            # a run from this hand on: in its place in the game (no misdeal before it), the dealer due known (so not
            # the first hand, the unbid one where there is one), no tie played off and the game going on
            if (
                run_lane is not None
                and final is None
                and self.dealt_hands == at
                and expected_dealer is not None
                and self.playing_off is None
            ):
                made = run_lane(at, expected_dealer, totals, bags, bound)
                if made is None:  # the game's checks answer for no hand: no run to look for
                    run_lane = None
                elif made:
                    at += made
                    scored += made
                    self.dealt_hands += made
                    newest = lines[-1]
                    totals, bags = newest.totals, newest.bags
                    dealt = hands[at - 1].dealer
                    assert dealt is not None  # (each hand of a run is dealt by the dealer due)
                    expected_dealer = next_dealer[dealt]
                    if max(totals) >= bound:
                        final = self._result(newest.hand, list(totals), self.dealt_hands)
                    continue
            hand = hands[at]
            at += 1
            if final is not None:  # the game ended at an earlier hand: the first after it is reported
                ended = report.ended_at_hand
                if ended is not None and hand.number == ended + 1:
                    self._check_lanes()
                    self.add(game_continued(report, len(self.log.hands) - ended), hand.number)
            dealer = hand.dealer
            if dealer is None or dealer != expected_dealer:  # not simply the dealer due (who needs no look)
                self._check_lanes()
                dealer = self._dealer(hand, expected_dealer)
            if dealer is not None:
                expected_dealer = next_dealer[dealer]
            if hand.misdeal:
                self._check_lanes()
                self._misdeal(hand, dealer, list(totals), list(bags))
                self.lanes_from = len(lines)
            else:
                self.dealt_hands += 1  # a hand played, for the pass cycle (a misdeal is dealt again)
                first_unbid = unbid_first and self.dealt_hands == 1  # the first hand dealt, scored or not
                line = lane(hand, dealer, totals, bags) if lane is not None and not first_unbid else None
                if line is not None:  # a lane's line: scored; no outright win or loss, renege or throw-out to look for
                    lines.append(line)
                    scored += 1
                    totals, bags = line.totals, line.bags
                    if final is None and (
                        quiet_under is None or max(totals) >= quiet_under or self.playing_off is not None
                    ):
                        final = self._result(hand.number, list(totals), self.dealt_hands)
                else:
                    self._check_lanes()
                    scored, totals, bags, final = self._general(
                        hand, dealer, scored, totals, bags, final, first_unbid, quiet_under
                    )
                    self.lanes_from = len(lines)
            if final is not None and report.ended_at_hand != hand.number:
                # Scored on from the table's own play, so its written figures are checked, but shown apart.
                self._check_lanes()  # (its line as made, before it is shown apart)
                not_counted(report, tuple(final))
        self._check_lanes()
        report.hands_audited += len(self.log.hands)
        if report.unscored is not None:
            self._unscored_result(report)
        # no target: the game ends where the table broke up, which a record that stops short in its last hand
        # does not show (the hand may have been played out, and others after it), as no family's would
        last = self.log.hands[-1].number if self.log.hands else None
        short = bool(report.incomplete) and any(gap.where.hand == last for gap in report.incomplete)
        if t.table_breaks_up and scored and final is None and not short:
            # the end is the last hand recorded; the winner, and the settlement, are the totals', where they are true
            winner = scoring.leader(t, totals) if report.unscored is None else None
            self.report.finished = True
            self.report.winner = None if winner is None else self.side_names[winner]
            self.report.ended_at_hand = self.log.hands[-1].number
        if t.points is not None and t.points.settlement and self.report.finished and report.unscored is None:
            self.report.settlement = points.settlement(final or tuple(totals))
        return self.report

    def _general(
        self,
        hand: Hand,
        dealer: int | None,
        scored: int,
        totals: tuple[int, ...],
        bags: tuple[int, ...],
        final: list[int] | None,
        first_unbid: bool,
        quiet_under: float | None,
    ) -> tuple[int, tuple[int, ...], tuple[int, ...], list[int] | None]:
        """A hand no lane answered for, through :meth:`_hand`, and what it leaves the game loop: the hands scored,
        the totals and bags, and the totals the game ended on (None while it goes on)."""
        self.won_outright = None  # a side that wins the game by this hand's bid (a blind Boston made)
        self.hand_reneges = no_reneges = self.no_reneges  # replaced, never changed in place, by a hand with reneges
        self.hand_lost = NONE_LOST
        self.dealt_before = self.dealt_hands - 1
        line = self._hand(hand, dealer, list(totals), list(bags), first_unbid)
        if line.note == THROWN_OUT:
            self.dealt_hands -= 1  # thrown out as if it were a misdeal: dealt again
        self.report.hands.append(line)
        if not line.scored:
            self._note_written(hand, totals, line.note == THROWN_OUT)
            if final is None and line.note != THROWN_OUT and self.report.unscored is None:
                self.report.unscored = hand.number  # the true totals are not known from here on
            return scored, totals, bags, final
        scored += 1
        if self.hand_reneges is not no_reneges and any(self.hand_reneges):
            self.renege_count = [a + b for a, b in zip(self.renege_count, self.hand_reneges, strict=True)]
        if final is None:
            swept = scoring.sweep(self.t, self.kept) if first_unbid else self.won_outright
            lost = self.hand_lost
            if (
                quiet_under is not None
                and swept is None
                and not lost
                and max(line.totals) < quiet_under
                and self.playing_off is None
            ):
                self.report.tie = self.report.tied_at = None
            else:
                final = self._result(hand.number, list(line.totals), self.dealt_hands, swept, lost)
        return scored, line.totals, line.bags, final

    def _points_line(
        self,
        hand: Hand,
        dealer_name: str | None,
        books: list[int] | None,
        complete: bool,
        totals: Sequence[int],
        bags: Sequence[int],
    ) -> HandScore:
        """The line of a hand scored by points (or not scored), its written score checked."""
        no_bids = (None,) * len(totals)
        by_points = self._point_hand(hand, books, complete, totals)
        if by_points is None:
            return self._unscored(hand.number, dealer_name, no_bids, books, totals, bags)
        line = self._unscored(hand.number, dealer_name, no_bids, books, totals, bags, None, by_points[0])
        self._check_recorded_score(hand, line, by_points[1])
        return line

    def _hand(self, hand: Hand, dealer: int | None, totals: list[int], bags: list[int], first_unbid: bool) -> HandScore:
        t = self.t
        n = hand.number
        holdings: list[int] | None = None
        if hand.deal is not None and not all(hand.deal):
            # A player the deal leaves out was dealt cards it does not show, not none: the record stops short there,
            # and the hand is replayed from the cards played, as one with no deal written.
            left_out = ", ".join(self.names[seat] for seat, cards in enumerate(hand.deal) if not cards)
            gap = f"the deal does not record the cards of {left_out}; the hands are taken from the cards played"
            self.report.incomplete.append(Incomplete(Where(self.log.index, n), gap))
            hand = replace(hand, deal=None)
        if hand.deal is not None:
            holdings, findings = deal.check_deal(t, hand.deal, self.names, hand.leftover)
            if t.excess_passed and hand.tricks and any(f.code is Code.DEAL_WRONG_COUNT for f in findings):
                holdings, findings = misdeal.pass_excess(t, hand.deal, holdings, findings, hand.tricks)
            for finding in findings:
                self.add(finding, n)
        elif hand.tricks is not None:
            holdings = deal.reconstruct(t, plays_of(hand.tricks))
        contracts: Sequence[int | None] = (None,) * len(t.sides)
        blind: list[bool] | None = None  # None: no side bid blind
        bids: tuple[Bid, ...] = ()
        # the contracts, where every bid was a plain number in turn (nearly always)
        regular: tuple[int, ...] | None = None
        if first_unbid:
            if hand.bids:
                self.add(
                    Finding(Code.BID_NOT_ALLOWED, "bidding.first_hand", "bids were made on the unbid first hand"), n
                )
        elif hand.bids and not t.contracts:
            self.add(
                Finding(Code.BID_NOT_ALLOWED, "scoring.points", "bids were recorded; these rules have no bidding"), n
            )
        elif hand.bids is not None and t.contracts:
            regular = bidding.plain_contracts(t, hand.bids, hand.bids_ordered, dealer, self.plan.bids)
            if regular is not None:  # no special bid to look into, no side's key to resolve, nothing to report
                bids = hand.bids
                contracts = regular
            else:
                bids = self._bids(hand)
                contracts, findings = bidding.check_bids(
                    t, bids, hand.bids_ordered, dealer, self.names, self.side_names, totals
                )
                for finding in findings:
                    self.add(finding, n)
                blind = bidding.blind_sides(t, bids)
                trumpless = no_trump.no_trump_bids(t, bids) if "no_trump" in t.allowed_kinds else []
                for finding in no_trump.bid_findings(t, trumpless, hand.deal, self.names, totals) if trumpless else ():
                    self.add(finding, n)
            if t.ace_check_aces and hand.events and hand.deal is not None:
                for finding in aces.ace_check_findings(t, hand.events, hand.deal, self.names):
                    self.add(finding, n)
        if hand.passes and not t.passing:
            refused = "cards were passed; these rules have no passing"
            if holdings is not None and hand.deal is not None:
                plays = plays_of(hand.tricks)
                holdings, findings = passing.passed_anyway(t, holdings, hand.passes, plays, refused)
            else:  # the holdings are taken from the cards played: the pass moves none of them
                findings = [Finding(Code.PASS_NOT_ALLOWED, "passing.pass", refused)]
            for finding in findings:
                self.add(finding, n)
        elif t.passing and holdings is not None and hand.deal is not None:
            holdings = self._pass(hand, holdings, bids)
        books: list[int] | None = None
        reneges = [0] * len(t.sides)
        claimers: list[int] = []
        complete = True
        self.revokes = []
        self.taken = [0] * t.seats
        self.seat_books = [0] * t.seats  # tricks each player took (a nil bidder's own count)
        self.unplayed = [0] * len(t.sides)  # cards each side's players held and never played
        if hand.tricks is not None and holdings is not None:
            books, complete = self._play(hand, dealer, holdings, reneges)
            claimers = self._check_claims(hand, complete) if hand.events else []
            if t.renege_claim_window:
                reneges, findings, uncharged = penalties.claimed_reneges(
                    t, self.revokes, hand.events, hand.tricks, self.names
                )
                if uncharged:
                    self._uncharged(n, uncharged)
                for finding in findings:
                    self.add(finding, n)
        elif hand.events:
            self._claims_not_checked(hand)
        if hand.books is not None:
            whole = complete and hand.tricks is not None and len(hand.tricks) >= t.per_player
            books = self._recorded_books(hand, books, whole or hand.tricks is None)
        dealer_name = None if dealer is None else self.names[dealer]

        row = (n, dealer_name, contracts, books, totals, bags)  # the line's columns, for a hand not scored by bids
        if not t.contracts and t.points is not None:
            return self._points_line(hand, dealer_name, books, complete, totals, bags)
        if not complete or books is None:
            if books is None and complete:
                self.report.incomplete.append(
                    Incomplete(Where(self.log.index, n), "the hand records neither tricks nor books")
                )
            return self._unscored(*row)
        lost, extra = self._penalties(n, claimers) if claimers or self._penalised else (None, None)
        points: Sequence[int]
        new_bags: Sequence[int]
        if first_unbid:
            self.kept = scoring.kept_books(t, books, reneges, lost)  # penalties first: a sweep needs the books kept
            points = scoring.unbid_points(t, self.kept, reneges, extra)
            new_bags = list(bags)
            if any(reneges) or lost is not None or extra is not None:  # a penalty's part, named for a figure without it
                self._unbid_parts(n, books, reneges, lost, extra)
        else:
            if None in contracts:
                if hand.bids is None:  # a gap in the record, as much as a hand with neither tricks nor books
                    self.report.incomplete.append(Incomplete(Where(self.log.index, n), "the hand records no bids"))
                    return self._unscored(*row, "no bids recorded: not scored")
                if hand.bids:  # some bids written and not every player's: the record of the bidding stops short
                    missing = " or ".join(self.names[seat] for seat in bidding.missing_bidders(t, bids, contracts))
                    self.report.incomplete.append(
                        Incomplete(Where(self.log.index, n), f"the hand records no bid for {missing}")
                    )
                return self._unscored(*row, "a bid is missing: not scored")  # (none written: bid_missing)
            if regular is not None and lost is None and extra is None and not (any(reneges) or self._renege_costly):
                # plain contracts, nothing else to score (nearly every hand): no blind, nil, bonus or penalty
                points, new_bags = scoring.plain_hand(t, regular, tuple(books), tuple(bags), self.plan.scores)
            else:
                plain = regular is not None
                scored = self._score_bids(hand, bids, plain, contracts, books, bags, reneges, blind, lost, extra)
                if isinstance(scored, str):  # the record lacks what the hand's bids are scored by
                    self.report.incomplete.append(
                        Incomplete(Where(self.log.index, n), scored.removesuffix(": not scored"))
                    )
                    return self._unscored(*row, scored)
                points, new_bags = scored
        new_totals = tuple(map(add, totals, points))
        line = HandScore(n, dealer_name, tuple(contracts), tuple(books), tuple(points), new_totals, tuple(new_bags))
        # before the written score is checked: a hand thrown out has nothing to write
        if t.renege_win_thrown_out and self._thrown_out(line, self.dealt_before):
            zeros = (0,) * len(totals)
            line = replace(line, points=zeros, totals=tuple(totals), bags=tuple(bags), scored=False, note=THROWN_OUT)
        self._check_recorded_score(hand, line)
        return line


# Replay one trick game against a spec whose options are already applied (families.audit calls it every game: the
# classmethod itself, no call of a function that calls it)
run = _Audit.for_spec
