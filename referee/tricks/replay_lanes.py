"""The lanes of the trick replay: a hand certainly regular in its deal, pass and play, checked whole by built-ins
(:mod:`.clean_hand`) and scored at once, where the general hand (``audit._Audit._hand``) would replay it card by
card and find nothing. A lane answers None, before anything is reported, for any other hand, and the general
hand replays it; tests hold each lane to the general hand (``tests/tricks/test_plain_lane.py``)."""

from __future__ import annotations

from math import inf
from operator import add

from ..report import HandScore
from . import bidding, clean_game, deal, passing, play, points, replay_play, scoring
from .clean_game import HandAnswer
from .clean_lane import CleanLane
from .game_plan import GamePlan
from .kept import kept
from .log import Hand
from .replay_play import PlayReplay
from .replay_score import ScoreReplay
from .tables import NO_PASS

_new, _set = object.__new__, object.__setattr__


def _run_line(
    number: int,
    dealer: str,
    bids: tuple[int | None, ...],
    books: tuple[int, ...],
    points: tuple[int, ...],
    totals: tuple[int, ...],
    bags: tuple[int, ...],
) -> HandScore:
    """A run's line, made with its fields as its __dict__ at once (HandScore.__init__ sets them one by one and tests
    its four defaults), as the domino audit makes its lines."""
    line = _new(HandScore)
    fields = {
        "hand": number,
        "dealer": dealer,
        "bids": bids,
        "books": books,
        "points": points,
        "totals": totals,
        "bags": bags,
    }
    _set(line, "__dict__", fields)
    return line


class LaneReplay(PlayReplay, ScoreReplay):
    """The plain lane (a hand of plain contracts) and the points lane (a hand scored by the points taken)."""

    plan: GamePlan  # the rules' plan for the game loop, set when the game is run

    def _plain(
        self, hand: Hand, dealer: int | None, totals: tuple[int, ...], bags: tuple[int, ...]
    ) -> HandScore | None:
        """A hand of plain contracts, dealt, bid, played and scored with nothing else recorded and nothing
        irregular in its deal or play (nearly every hand of a spec on the plain lane), as :meth:`_hand` replays
        it; None, before anything is reported, for any other hand, which the general hand replays.

        Like every lane's, its line is reported as is: no renege charged, no outright win or loss, not thrown out.
        """
        # books written, even empty ({}): the general hand checks them
        if hand.events or hand.books is not None or dealer is None:
            return None
        # The deal, the play and the bids checked with the game's other hands (clean_game, bidding.game_contracts),
        # each for its recorded dealer, which is the one here (replay_deal._dealer keeps a dealer recorded, and the
        # game's checks answer only where every hand records one): such answers say all that _plain_answer's checks
        # would find of the hand's deal (no pass: the game's check vouches only where there is none), play and bids.
        # (The hands dealt so far are the hand's number, no misdeal before it, nearly always: its place in the game.)
        found = None
        if self.dealt_hands == hand.number:
            answers = self.game_answers
            contracts = self.game_contracts
            at = hand.number - 1
            if answers is not None and contracts is not None and self.log.hands[at] is hand:
                played = answers[at]
                regular = contracts[at]
                if played is not None and regular is not None:
                    found = regular, played[0]
        if found is None:
            found = self._plain_answer(hand, dealer)
            if found is None:
                return None
        regular, books = found
        scores = self.plan.scores
        scored = scores.get((regular, books, bags))  # (scoring.plain_hand's look-up, inline: a call a hand)
        if scored is None:
            scored = scoring.plain_scored(self.t, regular, books, bags, scores)
        points, new_bags = scored
        new_totals = tuple(map(add, totals, points))
        line = HandScore(hand.number, self.names[dealer], regular, books, points, new_totals, new_bags)
        if self.lanes_form is None:  # (else checked with the game's other lanes' lines: see _check_lanes)
            self._check_recorded_score(hand, line)
        return line

    def _plain_run(
        self, at: int, dealer: int, totals: tuple[int, ...], bags: tuple[int, ...], bound: float
    ) -> int | None:
        """The lines of the hands from the game's ``at``-th (from 0) on that :meth:`_plain` would make from the game's
        checks' answers, made in one loop, the totals and bags carried in locals: each hand in its place in the
        game (no misdeal before it), not a misdeal, dealt by the dealer due (``dealer`` for the first), with nothing
        else recorded. Stops before any other hand, and after a hand whose totals reach ``bound`` (where the game
        loop looks for the game's end); only where nothing but a target ends the game, and no tie is played off.
        How many lines it made; None where the game's checks answer for no hand (none of the game's runs makes any).
        """
        answers = self.game_answers
        contracts = self.game_contracts
        if answers is None or contracts is None:
            return None
        plan = self.plan
        scores = plan.scores
        next_dealer = plan.next_dealer
        names = self.names
        lines = self.report.hands
        each = self.lanes_form is None  # each line's written score checked as it is made (see _check_lanes)
        number = at
        for hand, played, regular in zip(self.log.hands[at:], answers[at:], contracts[at:]):  # noqa: B905
            number += 1
            # (a hand's number is its place in the log, as every reader numbers them)
            if (
                played is None
                or regular is None
                or hand.dealer != dealer
                or hand.misdeal
                or hand.events
                or hand.books is not None
            ):
                number -= 1  # (not this hand's line)
                break
            books = played[0]
            scored = scores.get((regular, books, bags))  # (scoring.plain_hand's look-up, inline)
            if scored is None:
                scored = scoring.plain_scored(self.t, regular, books, bags, scores)
            points, bags = scored
            totals = tuple(map(add, totals, points))
            line = _run_line(number, names[dealer], regular, books, points, totals, bags)
            lines.append(line)
            if each:
                self._check_recorded_score(hand, line)
            dealer = next_dealer[dealer]
            if max(totals) >= bound:
                break
        return number - at

    def _plain_answer(self, hand: Hand, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """A plain hand's contracts and books, checked a hand alone, where the game's checks did not vouch for it;
        None for the general hand."""
        # (the deal told by its bytes where the reader gave them: the tuples are made on first use, see Hand)
        if hand.passes or (hand.deal_bytes is None and hand.deal is None):
            return None
        if hand.play_bytes is None and not hand.tricks:  # (has_tricks, inline: a call a hand)
            return None
        bids = hand.bids
        if bids is None:
            return None
        t = self.t
        lane = self.clean_lane
        if lane is None:  # the play is replayed card by card, as the general hand does it
            return None
        regular = bidding.plain_contracts(t, bids, hand.bids_ordered, dealer, self.plan.bids)
        if regular is None:
            return None
        # the deal checked by the play where it may be (usually); looked up on replay_play, as clean_play is
        clean = replay_play.dealt_and_played(t, hand, dealer, lane)
        if clean is None:
            if hand.deal is None:  # (never: the lane asks only of a hand with a deal)
                return None
            holdings, findings = deal.check_deal(t, hand.deal, self.names, hand.leftover)
            if findings:
                return None
            # looked up on replay_play, where the play replay finds it (and a test may take it away for both)
            clean = replay_play.clean_play(t, hand, play.first_leader(t, dealer, holdings), holdings, lane)
            if clean is None:  # the general hand replays the play card by card and reports what it finds
                return None
        # The play's state the general hand keeps (tricks each player took, revokes) is read only by the scoring
        # of nil, a renege or points, none of which is on this lane: it is not set.
        return regular, tuple(clean.books)

    def _by_points(
        self, hand: Hand, dealer: int | None, totals: tuple[int, ...], bags: tuple[int, ...]
    ) -> HandScore | None:
        """A hand scored by the points of the cards taken, dealt, passed and played with nothing else recorded and
        nothing irregular in its deal, pass or play (nearly every hand of a spec on the points lane), as
        :meth:`_hand` replays it; None, before anything is reported, for any other hand, which the general hand
        replays. Its line is reported as is (see :meth:`_plain`)."""
        t = self.t
        if hand.bids or hand.events or hand.books is not None or (hand.deal_bytes is None and hand.deal is None):
            return None
        # The deal, the pass and the play checked with the game's other hands (clean_game), where the hand's dealer
        # is the recorded one and its pass its place's in the game (no misdeal before it): nearly always. Such an
        # answer says all that the checks below would find of the hand's play and pass (clean_game.usable).
        answers = self.game_answers
        found = None
        if answers is not None and dealer == hand.dealer and self.dealt_hands == hand.number:
            at = hand.number - 1
            if self.log.hands[at] is hand:
                found = answers[at]
        if found is None:
            found = self._points_answer(hand, dealer)
            if found is None:
                return None
        books, taken = found
        rules = t.points
        assert rules is not None  # a points lane is planned only for rules scored by points
        scored_t = taken
        rule = None
        if rules.moon_others is not None and rules.total in scored_t:  # (no moon shot: the points taken, as they are)
            scored_t = tuple(points.hand_points(rules, list(taken), None))
            # a moon: a figure written wrong is one not settled by it
            rule = "scoring.moon" if scored_t != taken else None
        line = HandScore(
            hand.number,
            None if dealer is None else self.names[dealer],
            self.plan.no_bids,
            books,
            scored_t,
            tuple(map(add, totals, scored_t)),
            bags,
        )
        if self.lanes_form is None:  # (else checked with the game's other lanes' lines: see _check_lanes)
            self._check_recorded_score(hand, line, rule)
        elif rule is not None:
            self.lane_rules[hand.number] = rule
        return line

    def _points_run(
        self, at: int, dealer: int, totals: tuple[int, ...], bags: tuple[int, ...], bound: float
    ) -> int | None:
        """The lines of the hands from the game's ``at``-th (from 0) on that :meth:`_by_points` would make from the
        game's checks' answers, made in one loop, as :meth:`_plain_run` makes the plain lane's (and as it answers)."""
        answers = self.game_answers
        if answers is None:
            return None
        rules = self.t.points
        assert rules is not None  # a points lane is planned only for rules scored by points
        moon = rules.total if rules.moon_others is not None else None  # (no moon shot without all the points)
        no_bids = self.plan.no_bids
        next_dealer = self.plan.next_dealer
        names = self.names
        lines = self.report.hands
        each = self.lanes_form is None  # each line's written score checked as it is made (see _check_lanes)
        bounded = bound != inf  # (no target: the table breaks up, and no total ends the game)
        number = at
        for hand, found in zip(self.log.hands[at:], answers[at:]):  # noqa: B905
            number += 1
            if (
                found is None
                or hand.dealer != dealer
                or hand.misdeal
                or hand.bids
                or hand.events
                or hand.books is not None
            ):
                number -= 1  # (not this hand's line)
                break
            books, taken = found
            rule = None
            if moon in taken:  # a moon shot: the points taken, as _by_points scores them
                scored = tuple(points.hand_points(rules, list(taken), None))
                rule = "scoring.moon" if scored != taken else None
                taken = scored
            totals = tuple(map(add, totals, taken))
            line = _run_line(number, names[dealer], no_bids, books, taken, totals, bags)
            lines.append(line)
            if each:
                self._check_recorded_score(hand, line, rule)
            elif rule is not None:
                self.lane_rules[number] = rule
            dealer = next_dealer[dealer]
            if bounded and max(totals) >= bound:
                break
        return number - at

    @kept
    def game_answers(self) -> list[HandAnswer | None] | None:
        """Each hand's books and points where the whole-game check vouches for it (see :mod:`.clean_game`), worked
        out for the whole game on first use; None where it vouches for none. Looked up on clean_game, where a test
        may take it away."""
        lane = self.clean_lane
        return None if lane is None else clean_game.clean_hands(self.t, lane, self.log.hands)

    @kept
    def game_contracts(self) -> list[tuple[int, ...] | None] | None:
        """Each hand's contracts, for its recorded dealer, where its bidding is plain and regular (see
        :func:`.bidding.game_contracts`), worked out for the whole game on first use; None: asked a hand at a time."""
        return bidding.game_contracts(self.t, self.log.hands, self.plan.bids)

    def _points_answer(self, hand: Hand, dealer: int | None) -> HandAnswer | None:
        """The hand's books and points, checked a hand alone, where it is played, passed as the rules say, and
        certainly regular; None for the general hand."""
        t = self.t
        if hand.play_bytes is None and not hand.tricks:  # (has_tricks, inline: a call a hand)
            return None
        lane = self.clean_lane
        if lane is None:  # the play is replayed card by card, as the general hand does it
            return None
        cycle = t.pass_cycle  # (passing.offset_for, inline)
        offset = cycle[(self.dealt_hands - 1) % len(cycle)] if cycle else NO_PASS
        if offset is None and (hand.passes or passing.nil_pass_hand(t, self.dealt_hands)):
            return None  # a pass on a hand with none: reported
        if offset is not None and (hand.passes is None or len(hand.passes) < t.seats):
            return None  # a pass not recorded, or not by every player: the record stops short
        return self._hand_answer(hand, dealer, lane, offset)

    def _hand_answer(self, hand: Hand, dealer: int | None, lane: CleanLane, offset: int | None) -> HandAnswer | None:
        """The hand's books and points where its deal, pass and play are certainly regular, checked a hand alone
        (the cards left over from the deal going where the rules say); None for the general hand."""
        t = self.t
        # the deal and the pass checked by the play where they may be (usually); looked up on replay_play, as
        # clean_play is
        clean = replay_play.dealt_and_played(t, hand, dealer, lane, offset)
        if clean is None:
            if hand.deal is None:  # (never: the lane asks only of a hand with a deal)
                return None
            holdings, findings = deal.check_deal(t, hand.deal, self.names, hand.leftover)
            if findings:
                return None
            if offset is not None:
                # Regular as far as the pass shows; the play check below confirms it, vouching only for a hand
                # where each player played the cards this gives them (see passing.clean_pass).
                passed = passing.clean_pass(t, offset, holdings, hand.passes, True)
                if passed is None:
                    return None
                holdings = passed
            clean = replay_play.clean_play(t, hand, play.first_leader(t, dealer, holdings), holdings, lane)
            if clean is None:
                return None
            if t.out_of_play:  # the cards left over from the deal go with their points where the rules say so
                self.taken = list(clean.taken)
                self._leftover(hand, holdings, clean.first_taker)
                return tuple(clean.books), tuple(self.taken)
        # (where the deal folds into the play, no cards left over go with their points: see CleanLane.deal_folds)
        return tuple(clean.books), tuple(clean.taken)
