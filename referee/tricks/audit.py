"""The referee: replay a recorded game against a spec and report what it finds.

Every phase is explicit: dealer, deal, bidding, passing, play, scoring,
game end. Each check collects findings and the replay goes on, so one
audit reports every violation in the game, not just the first.
"""

from __future__ import annotations

from dataclasses import replace

from .. import seating
from ..errors import InputError, Location
from ..report import Code, Finding, HandScore, Incomplete, Report, Severity, Violation, Where
from ..spec import Spec
from . import bidding, clock, deal, passing, penalties, play, points, scoring
from .cards import COPY, card_symbol, cards_in
from .log import Bid, GameLog, Hand
from .tables import Tables, tables_for

AFTER_END = "played after the game ended; not counted"


class _Audit:
    """State of one replay; findings become violations with their clauses."""

    def __init__(self, spec: Spec, tables: Tables, log: GameLog) -> None:
        self.spec = spec
        self.t = tables
        self.log = log
        self.names = log.players
        if len(self.names) != tables.seats:  # before the sides are named from the seats
            counts = tables.seat_counts
            allowed = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(tables.seats)
            raise self._fail(f"{spec.id} is for {allowed} players; the log has {len(self.names)}", "$.players")
        self.revokes: list[tuple[int, int]] = []  # (trick, seat) of each revoke in the hand being replayed
        self.taken: list[int] = [0] * tables.seats  # points each player took in the hand being replayed
        self.dealt_hands = 0
        self._pending: list[Finding] = []  # found before the report exists: the game's own findings
        self.side_names = self._side_names()  # may take the log's own sides where the spec's are a reading
        self.written_totals: list[int | None] = [None] * len(tables.sides)  # the table's own running totals
        self.report = Report.start(spec, log, self.side_names)
        self.report.bidding = tables.contracts
        for finding in self._pending:
            self.add(finding, None)

    @classmethod
    def for_spec(cls, spec: Spec, log: GameLog) -> Report:
        """Compile (once, cached, for the log's number of players where the spec allows several) and replay."""
        tables = tables_for(spec)
        if len(log.players) in tables.seat_counts:
            tables = tables_for(spec, len(log.players))
        return cls(spec, tables, log).run()

    # -- where things are -------------------------------------------------
    def _fail(self, message: str, path: str | None = None) -> InputError:
        return InputError(message, Location(file=self.log.file, line=self.log.line, path=path, game=self.log.index))

    def _side_names(self) -> tuple[str, ...]:
        names = seating.side_names(self.names, self.t.sides, self.log.side_names)
        return self._log_sides() if names is None else names

    def _log_sides(self) -> tuple[str, ...]:
        """The log's own sides, where the spec's seating is only a reading (a warning clause): audited with them.

        Where the source states the seating, or the log's sides are not the spec's number and sizes of sides
        with each player once, the log cannot be audited against these rules.
        """
        t = self.t
        declared = self.log.side_names or ()
        sides = tuple(tuple(sorted(members)) for _, members in declared)
        spec_sides = " v ".join(" & ".join(self.names[s] for s in side) for side in t.sides)
        fits = sorted(s for side in sides for s in side) == list(range(t.seats)) and sorted(map(len, sides)) == sorted(
            map(len, t.sides)
        )
        clause = self.spec.clause("players.sides")
        if clause.severity != "warning" or not fits:
            raise self._fail(f"the log's sides do not match the spec's ({spec_sides})", "$.sides")
        side_of = [0] * t.seats
        for index, side in enumerate(sides):
            for seat in side:
                side_of[seat] = index
        self.t = replace(t, sides=sides, side_of=tuple(side_of))
        ours = " v ".join(f"{name} ({' & '.join(self.names[s] for s in members)})" for name, members in declared)
        message = f"the log's sides, {ours}, are not the spec's reading ({spec_sides}); audited with the log's sides"
        self._pending = [Finding(Code.SIDES_DIFFER, "players.sides", message)]
        return tuple(name for name, _ in declared)

    def _side_key(self, key: str, path: str) -> int:
        return seating.side_key(key, self.names, self.side_names, self.t.side_of, path, self._fail)

    def add(self, finding: Finding, hand: int | None, trick: int | None = None) -> None:
        """Record a finding as a violation of its clause."""
        clause = self.spec.clause(finding.clause)
        severity = finding.severity or (Severity.WARNING if clause.severity == "warning" else Severity.ERROR)
        seat = None if finding.seat is None else self.names[finding.seat]
        where = Where(self.log.index, hand, finding.trick if finding.trick is not None else trick, seat)
        reading = None if finding.reading is None else self.spec.clause(finding.reading)
        self.report.violations.append(Violation(finding.code, severity, where, finding.message, clause, reading))

    # -- the game -----------------------------------------------------------
    def run(self) -> Report:
        t = self.t
        totals = [0] * len(t.sides)
        bags = [0] * len(t.sides)
        expected_dealer: int | None = None
        scored = 0  # hands scored so far: the first is the unbid one where the spec has one
        final: list[int] | None = None  # the totals when the game ended; hands after it are audited, not counted
        self.stop = clock.stop_hand(t, self.log.hands)  # a timed match: the hand in progress when time ran out
        for hand in self.log.hands:
            ended = self.report.ended_at_hand
            if ended is not None and hand.number == ended + 1:
                self.add(
                    Finding(
                        Code.GAME_CONTINUED,
                        "game_end.target",
                        f"the game was over after hand {ended}, but {len(self.log.hands) - ended} more hand(s) "
                        "were played; they are audited but not counted",
                    ),
                    hand.number,
                )
            dealer = self._dealer(hand, expected_dealer)
            if dealer is not None:
                expected_dealer = deal.next_dealer(t, dealer)
            self.report.hands_audited += 1
            if hand.misdeal:
                self._misdeal(hand, dealer, totals, bags)
            else:
                self.dealt_hands += 1  # a hand played, for the pass cycle (a misdeal is dealt again)
                first_unbid = not t.bids_first_hand and scored == 0
                line = self._hand(hand, dealer, totals, bags, first_unbid)
                self.report.hands.append(line)
                if line.scored:
                    scored += 1
                    totals = list(line.totals)
                    bags = list(line.bags)
                    if final is None:
                        swept = scoring.sweep(t, [b or 0 for b in line.books]) if first_unbid else None
                        final = self._result(hand.number, totals, scored, swept)
            if final is not None and self.report.ended_at_hand != hand.number:
                # Scored on from the table's own play, so its written figures are checked, but shown apart.
                last = self.report.hands[-1]
                note = AFTER_END if last.note is None else f"{last.note}; {AFTER_END}"
                self.report.hands[-1] = replace(last, totals=tuple(final), scored=False, after_end=True, note=note)
        if t.table_breaks_up and scored and final is None:  # no target: the game ends where the table broke up
            winner = scoring.leader(t, totals)
            self.report.finished = True
            self.report.winner = None if winner is None else self.side_names[winner]
            self.report.ended_at_hand = self.log.hands[-1].number
        if t.points is not None and t.points.settlement and self.report.finished:
            self.report.settlement = points.settlement(final or totals)
        return self.report

    def _result(self, number: int, totals: list[int], scored: int, swept: int | None = None) -> list[int] | None:
        """Whether the game ends at this hand (its totals if so); a tie played on is noted with its reading.

        ``swept``: a side that won the game outright by its books on the unbid first hand.
        """
        t = self.t
        over, winner = (True, swept) if swept is not None else scoring.result(t, totals, scored)
        if not over and self.stop is not None and number >= self.stop:
            # time is up: the side ahead wins; a tie plays on, a hand at a time, until it is broken
            winner = clock.leader(totals)
            over = winner is not None
        if over:
            self.report.finished = True
            self.report.winner = None if winner is None else self.side_names[winner]
            self.report.ended_at_hand = number
            self.report.tie = None
            return list(totals)
        best = min(totals) if t.lowest_wins else max(totals)
        tied = t.target is not None and best >= t.target and totals.count(best) > 1
        self.report.tie = self.spec.clause("game_end.tie") if tied else None
        return None

    def _dealer(self, hand: Hand, expected: int | None) -> int | None:
        dealer = hand.dealer
        if dealer is None and hand.tricks and hand.tricks[0] and self.t.first_leader == "left_of_dealer":
            dealer = (hand.tricks[0][0].seat - 1) % self.t.seats
        if dealer is None:
            return expected
        if expected is not None and dealer != expected and hand.dealer is not None:
            self.add(
                Finding(
                    Code.DEALER_OUT_OF_TURN,
                    "deal.dealer",
                    f"{self.names[dealer]} dealt; it was {self.names[expected]}'s turn to deal",
                    dealer,
                ),
                hand.number,
            )
        return dealer

    def _misdeal(self, hand: Hand, dealer: int | None, totals: list[int], bags: list[int]) -> None:
        """A hand thrown in: nothing to check in its deal (the table called it), nothing scored.

        Where the spec sets a deadline for calling it, a hand that records bids or cards played was
        thrown in too late.
        """
        deadline = self.t.misdeal_deadline
        unbid = not self.t.bids_first_hand and not any(h.scored for h in self.report.hands)
        late = bool(hand.tricks) if deadline == "before_first_play" or unbid else bool(hand.bids or hand.tricks)
        if deadline is not None and late:
            call = next((e for e in hand.events if e.type == "misdeal"), None)
            caller = None if call is None else (call.by if call.by is not None else call.seat)
            after = "the first card was played" if hand.tricks else "the bidding"
            self.add(
                Finding(Code.MISDEAL_TOO_LATE, "deal.misdeal", f"a misdeal was called after {after}", caller, None),
                hand.number,
            )
        self.report.hands.append(
            HandScore(
                hand.number,
                None if dealer is None else self.names[dealer],
                tuple(None for _ in totals),
                tuple(None for _ in totals),
                tuple(0 for _ in totals),
                tuple(totals),
                tuple(bags),
                False,
                "misdeal",
            )
        )

    def _hand(self, hand: Hand, dealer: int | None, totals: list[int], bags: list[int], first_unbid: bool) -> HandScore:
        t = self.t
        n = hand.number
        holdings: list[int] | None = None
        if hand.deal is not None:
            holdings, findings = deal.check_deal(t, hand.deal, self.names, hand.leftover)
            for finding in findings:
                self.add(finding, n)
        elif hand.tricks is not None:
            holdings = deal.reconstruct(t, [(p.seat, p.card) for trick in hand.tricks for p in trick])
        contracts: list[int | None] = [None] * len(t.sides)
        blind: list[bool] | None = None
        bids: tuple[Bid, ...] = ()
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
            bids = self._bids(hand)
            contracts, findings = bidding.check_bids(
                t, bids, hand.bids_ordered, dealer, self.names, self.side_names, totals
            )
            for finding in findings:
                self.add(finding, n)
            blind = bidding.blind_sides(t, bids)
        if hand.passes and not t.passing:
            self.add(
                Finding(Code.PASS_NOT_ALLOWED, "passing.pass", "cards were passed; these rules have no passing"), n
            )
        elif t.passing and holdings is not None and hand.deal is not None:
            holdings = self._pass(hand, holdings)
        books: list[int] | None = None
        reneges = [0] * len(t.sides)
        claimers: list[int] = []
        complete = True
        self.revokes = []
        self.taken = [0] * t.seats
        self.seat_books = [0] * t.seats  # tricks each player took (a nil bidder's own count)
        if hand.tricks is not None and holdings is not None:
            books, complete = self._play(hand, dealer, holdings, reneges)
            claimers = self._check_claims(hand) if hand.events else []
        books = self._recorded_books(hand, books)
        dealer_name = None if dealer is None else self.names[dealer]
        unscored = HandScore(
            n,
            dealer_name,
            tuple(contracts),
            tuple(books or (None,) * len(totals)),
            tuple(0 for _ in totals),
            tuple(totals),
            tuple(bags),
            False,
        )
        if not t.contracts and t.points is not None:
            return self._point_hand(hand, unscored, books, complete, totals)
        if not complete or books is None:
            if books is None and complete:
                self.report.incomplete.append(
                    Incomplete(Where(self.log.index, n), "the hand records neither tricks nor books")
                )
            return unscored
        lost, extra = self._penalties(n, claimers)
        if first_unbid:
            points = scoring.unbid_points(t, books, lost, extra)
            new_bags = list(bags)
        else:
            if any(c is None for c in contracts):
                why = "no bids recorded" if hand.bids is None else "a bid is missing"
                return replace(unscored, note=f"{why}: not scored")
            nils = bidding.nil_bidders(t, bids)
            if nils and hand.tricks is None:
                return replace(unscored, note="a nil bid is scored from the tricks, and none are recorded: not scored")
            made = [(t.side_of[seat], self.seat_books[seat]) for seat in nils]
            results = scoring.score_hand(t, [c or 0 for c in contracts], books, bags, reneges, blind, lost, extra, made)
            points = [r.points for r in results]
            new_bags = [r.bags for r in results]
        new_totals = [a + b for a, b in zip(totals, points, strict=True)]
        line = HandScore(
            n, dealer_name, tuple(contracts), tuple(books), tuple(points), tuple(new_totals), tuple(new_bags)
        )
        self._check_recorded_score(hand, line)
        return line

    def _pass(self, hand: Hand, holdings: list[int]) -> list[int]:
        """The holdings after the hand's pass, with what was irregular in it reported."""
        t = self.t
        offset = passing.offset_for(t, self.dealt_hands)
        plays = [(p.seat, p.card) for trick in hand.tricks or () for p in trick]
        if hand.passes is None and offset is not None:
            gap = "the cards passed are not recorded; the hands are taken from the cards played"
            self.report.incomplete.append(Incomplete(Where(self.log.index, hand.number), gap))
            return deal.reconstruct(t, plays)
        after, findings = passing.apply(t, offset, holdings, hand.passes, plays, self.names)
        for finding in findings:
            self.add(finding, hand.number)
        return after

    def _point_hand(
        self, hand: Hand, unscored: HandScore, books: list[int] | None, complete: bool, totals: list[int]
    ) -> HandScore:
        """A hand scored by the points of the cards each player took (Hearts), or by the points written."""
        rules = self.t.points
        assert rules is not None
        if books is None and complete:
            # the table's own sheet: the points it wrote are the hand's score (a moon or a revoke already settled)
            written = self._written_points(hand, rules.total)
            if written is None:
                self.report.incomplete.append(
                    Incomplete(Where(self.log.index, hand.number), "the hand records neither tricks nor points")
                )
                return unscored
            hand_points = written
        elif not complete:
            return unscored
        else:
            revoker = self.revokes[0][1] if self.revokes else None
            hand_points = points.hand_points(rules, self.taken, revoker)
        new_totals = [a + b for a, b in zip(totals, hand_points, strict=True)]
        line = replace(unscored, points=tuple(hand_points), totals=tuple(new_totals), scored=True)
        self._check_recorded_score(hand, line)
        return line

    def _written_points(self, hand: Hand, total: int) -> list[int] | None:
        """The points the table wrote for a hand recorded without its tricks; they must add up to a deal's."""
        written: list[int | None] = [None] * self.t.seats
        for recorded in hand.score or ():
            written[self._side_key(recorded.side_key, f"$.hands[{hand.number - 1}].score")] = recorded.hand
        if any(value is None for value in written):
            return None
        taken = [value or 0 for value in written]
        if sum(taken) % total:
            message = f"the points written for this hand add up to {sum(taken)}, not a multiple of {total}"
            self.add(Finding(Code.SCORE_MISMATCH, "scoring.points", message), hand.number)
        return taken

    def _bids(self, hand: Hand) -> tuple[Bid, ...]:
        """The hand's bids with each side's bid given to a member of that side."""
        path = f"$.hands[{hand.number - 1}].bids"
        bids = tuple(
            replace(bid, seat=self.t.sides[self._side_key(bid.side_key, f"{path}.{bid.side_key}")][0])
            if bid.side_key is not None
            else bid
            for bid in hand.bids or ()
        )
        whole = {self.t.side_of[bid.seat] for bid in bids if bid.side_bid}
        mixed = whole & {self.t.side_of[bid.seat] for bid in bids if not bid.side_bid}
        if mixed:
            raise self._mixed(min(mixed), path)
        return bids

    def _play(self, hand: Hand, dealer: int | None, holdings: list[int], reneges: list[int]) -> tuple[list[int], bool]:
        """Replay the tricks: turn, holding, lead and follow rules, and who won each."""
        t = self.t
        n = hand.number
        names = self.names
        tricks = hand.tricks or ()
        held = list(holdings)
        played = 0
        books = [0] * len(t.sides)
        broken = False
        leader = play.first_leader(t, dealer, held)
        count = t.seats
        deck = t.deck
        doubled = deck >> COPY != 0  # two copies of some card: a hand may hold, and a trick see, both
        must_beat = t.must_beat
        discard_rules = t.discard_card >= 0 or bool(t.first_trick_barred)  # duties beyond following suit
        taken_back = (
            {(e.trick, e.seat): e.card for e in hand.events if e.type == "card_taken_back" and e.card is not None}
            if t.take_back and hand.events
            else None
        )
        # Past the last card (a trick more than the hand holds, a play more than the table seats) the first
        # excess is reported and the rest is not replayed: a long list costs no more than a short one.
        for index, trick in enumerate(tricks[: t.per_player + 1]):
            number = index + 1
            cards: list[int] = []
            seats: list[int] = []
            in_order = True
            for position, entry in enumerate(trick[: count + 1]):
                seat, card = entry.seat, entry.card
                # A play out of turn stands: the turn goes on clockwise from whoever actually led, to the
                # first player yet to play, so one misplay is reported once and not again for each later play.
                if position == 0:
                    expected = leader if leader is not None else seat
                elif in_order:  # every play so far in turn: the next seat clockwise
                    expected = (seats[-1] + 1) % count
                else:
                    expected = next(
                        (s for s in ((seats[0] + k) % count for k in range(1, count)) if s not in seats), seat
                    )
                if t.short_takes and not held[expected] and all(e.seat != expected for e in trick):
                    # a player out of cards, who does not play to this trick, is passed over (incorrect hand)
                    expected = next((s for s in ((expected + k) % count for k in range(count)) if held[s]), expected)
                if seat != expected or position >= count:
                    in_order = False
                    if seat in seats:
                        clause = "players.turn"
                        message = f"{names[seat]} played a second card ({card_symbol(card)}) to this trick"
                    else:
                        clause = (
                            ("play.first_lead" if index == 0 else "play.next_lead") if position == 0 else "players.turn"
                        )
                        message = f"{names[seat]} played {card_symbol(card)} when it was {names[expected]}'s turn"
                    self.add(Finding(Code.PLAY_OUT_OF_TURN, clause, message, seat), n, number)
                bit = 1 << card
                hand_before = held[seat]
                if played & bit and (played | ~deck) >> (card + COPY) & 1:  # as many copies played as the deck has
                    self.add(
                        Finding(
                            Code.CARD_PLAYED_TWICE,
                            "play.own_cards",
                            f"{names[seat]} played {card_symbol(card)}, which was already played this hand",
                            seat,
                        ),
                        n,
                        number,
                    )
                elif not deck & bit:
                    if hand.deal is None:
                        self.add(
                            Finding(
                                Code.CARD_NOT_IN_DECK,
                                "deck.cards",
                                f"{names[seat]} played {card_symbol(card)}, which is not in this deck",
                                seat,
                            ),
                            n,
                            number,
                        )
                elif not hand_before & bit:
                    self.add(
                        Finding(
                            Code.CARD_NOT_IN_HAND,
                            "play.own_cards",
                            f"{names[seat]} played {card_symbol(card)}, which was not in their hand",
                            seat,
                        ),
                        n,
                        number,
                    )
                elif position == 0:
                    broken_rule = play.lead_violation(t, hand_before, card, index == 0, broken, number)
                    if broken_rule is not None:
                        message = self._lead_message(broken_rule, seat, card)
                        self.add(Finding(Code.ILLEGAL_LEAD, broken_rule, message, seat), n, number)
                elif not play.follows(t, hand_before, card, t.suit[cards[0]]):
                    led = t.suit[cards[0]]
                    held_led = hand_before & t.suit_cards[led]
                    held_suit = " ".join(card_symbol(c) for c in cards_in(held_led))
                    # Where a card's suit is the spec's reading (a joker led, held or played), show that reading.
                    promoted = t.promoted & (held_led | 1 << cards[0] | bit)
                    self.add(
                        Finding(
                            Code.RENEGE,
                            "play.follow",
                            f"{names[seat]} played {card_symbol(card)} on a {card_symbol(cards[0])} lead "
                            f"while holding {held_suit}",
                            seat,
                            reading="ranking.trump" if promoted else None,
                        ),
                        n,
                        number,
                    )
                    reneges[t.side_of[seat]] += 1
                    self.revokes.append((number, seat))
                elif must_beat and (better := play.unbeaten(t, hand_before, card, cards)):
                    self.add(
                        Finding(Code.DID_NOT_BEAT, "play.beat", self._beat_message(seat, card, cards, better), seat),
                        n,
                        number,
                    )
                elif discard_rules and (rule := play.follow_violation(t, hand_before, card, cards[0], index == 0)):
                    self._discard_finding(rule, n, number, seat, card)
                if taken_back and (number, seat) in taken_back:
                    self._taken_back(n, number, seat, taken_back[number, seat], hand_before, cards, broken)
                if hand_before & bit:
                    # A card played from the wrong hand is not marked played: its real holder may still play it
                    # without a second report. Of a card held twice, the second copy goes first (cards.py).
                    if doubled:  # inline cards.remove_card and add_card: this runs for every card of every game
                        second = bit << COPY
                        held[seat] = hand_before & ~second if hand_before & second else hand_before & ~bit
                        played |= second if played & bit else bit
                    else:
                        held[seat] = hand_before & ~bit
                        played |= bit
                cards.append(card)
                seats.append(seat)
            taker = None  # a player short of cards, who takes a trick they cannot play to
            if len(trick) < t.seats:
                if self.revokes and t.revoke_ends_play:
                    return books, True  # play abandoned on finding the revoke
                taker = self._short_taker(seats, held)
                if taker is None:
                    where = Where(self.log.index, n, number)
                    self.report.incomplete.append(
                        Incomplete(where, f"trick {number} has {len(trick)} of {t.seats} plays")
                    )
                    return books, False
            winner_at = play.winning_index(t, cards)
            winner = seats[winner_at]
            takes = winner if taker is None else taker
            books[t.side_of[takes]] += 1
            self.seat_books[takes] += 1
            if t.points is not None:
                self.taken[takes] += t.points.in_cards(cards)
                if index == 0:
                    self._leftover(hand, holdings, takes)
            broken = broken or play.breaks_trump(t, cards, winner_at)
            leader = winner  # a short player who took the trick has no card to lead: the best card's player leads
        if len(tricks) < t.per_player and not (self.revokes and t.revoke_ends_play):
            self.report.incomplete.append(
                Incomplete(Where(self.log.index, n), f"the hand stops after {len(tricks)} of {t.per_player} tricks")
            )
            return books, False
        return books, True

    def _short_taker(self, seats: list[int], held: list[int]) -> int | None:
        """Under the incorrect-hand rule: the player out of cards who takes a trick they could not play to."""
        if not self.t.short_takes or not seats:
            return None
        missing = [(seats[0] + k) % self.t.seats for k in range(1, self.t.seats)]
        missing = [s for s in missing if s not in seats]
        if any(held[s] for s in missing):
            return None  # a player who still holds a card did not play: the record stops short
        return missing[0]

    def _discard_finding(self, rule: str, hand: int, trick: int, seat: int, card: int) -> None:
        name = self.names[seat]
        if rule == "play.first_discard":
            self.revokes.append((trick, seat))
            due = card_symbol(self.t.discard_card)
            message = (
                f"{name} played {card_symbol(card)} while unable to follow suit; {due} was due at this first chance"
            )
            self.add(Finding(Code.DISCARD_WITHHELD, rule, message, seat), hand, trick)
        else:
            message = f"{name} played {card_symbol(card)} to the first trick while holding other cards"
            self.add(Finding(Code.BARRED_ON_FIRST_TRICK, rule, message, seat), hand, trick)

    def _leftover(self, hand: Hand, holdings: list[int], winner: int) -> None:
        """The cards left over from the deal go to the first trick's winner, with their points."""
        t = self.t
        if not t.widow_to_winner or not t.out_of_play or t.points is None:
            return
        if hand.leftover is not None:
            widow = sum(1 << c for c in hand.leftover)
        else:  # the cards no one was dealt (or, with no deal recorded, no one played)
            dealt = 0
            for held in holdings:
                dealt |= held
            widow = t.deck & ~dealt
        self.taken[winner] += t.points.of(widow)
        for event in hand.events:
            if event.type == "leftover_taken" and event.seat is not None and event.seat != winner:
                message = (
                    f"{self.names[event.seat]} took the cards left over from the deal; "
                    f"{self.names[winner]} won the first trick"
                )
                self.add(Finding(Code.LEFTOVER_TO_WRONG_PLAYER, "deal.cards", message, event.seat), hand.number, 1)

    def _penalties(self, hand: int, claimers: list[int]) -> tuple[list[int] | None, list[int] | None]:
        """Books lost and points for the hand's offences, where the spec sets penalties for them."""
        t = self.t
        if not (t.renege_books_lost or t.other_books_lost or t.other_points or claimers):
            return None, None
        offences = [(Code.CLAIM_NOT_SUPPORTED, side) for side in claimers]
        for v in self.report.violations:
            if v.where.hand == hand and v.where.seat is not None and v.severity is Severity.ERROR:
                offences.append((v.code, t.side_of[self.names.index(v.where.seat)]))
        return penalties.hand_penalties(t, offences)

    def _check_claims(self, hand: Hand) -> list[int]:
        """A renege the table claimed must show in the record: say so where it does not.

        Returns the sides that pay for such claims (the claimers' sides), where the spec has a penalty
        for a false claim.
        """
        claimers: list[int] = []
        found = {
            (v.where.seat, v.where.trick)
            for v in self.report.violations
            if v.where.hand == hand.number and v.code is Code.RENEGE
        }
        for event in hand.events:
            if event.type not in ("renege_claim", "revoke_claim") or event.seat is None:
                continue
            name = self.names[event.seat]
            if any(seat == name and event.trick in (None, trick) for seat, trick in found):
                continue
            at = f" in trick {event.trick}" if event.trick is not None else ""
            by = "" if event.by is None else f"{self.names[event.by]} claimed"
            message = f"{by or 'the table claimed'} a renege by {name}{at}; the record shows none"
            clause = "play.follow"
            if self.t.false_claim:
                clause = "penalties.false_claim"
                side = self.t.side_of[event.by] if event.by is not None else None
                if side is None or side == self.t.side_of[event.seat]:
                    # no claimer named (or a partner named): the claim came from the accused's opponents
                    side = next(i for i in range(len(self.t.sides)) if i != self.t.side_of[event.seat])
                claimers.append(side)
            self.add(
                Finding(Code.CLAIM_NOT_SUPPORTED, clause, message, event.seat, event.trick, Severity.WARNING),
                hand.number,
            )
        return claimers

    def _taken_back(
        self, hand: int, trick: int, seat: int, card: int, held: int, cards: list[int], broken: bool
    ) -> None:
        """A card picked up again: only one played out of suit (or, by the spec, one whose play broke a rule),
        and never a trump where trumps stick."""
        t = self.t
        name = self.names[seat]
        led = t.suit[cards[0]] if cards else None
        renege = led is not None and t.suit[card] != led and bool(held & t.suit_cards[led])
        bad_lead = led is None and play.lead_violation(t, held, card, trick == 1, broken) is not None
        if t.take_back_trump_sticks and t.suit[card] == t.trump:
            message = f"{name} took back {card_symbol(card)}, a trump, which must stay on the board"
        elif t.take_back_renege_only and not renege:
            message = f"{name} took back {card_symbol(card)}, which was not a card played out of suit"
        elif t.take_back_illegal_only and not (renege or bad_lead):
            message = f"{name} took back {card_symbol(card)}, whose play broke no rule: a card laid is a card played"
        else:
            return
        self.add(Finding(Code.CARD_TAKEN_BACK, "play.take_back", message, seat), hand, trick)

    def _beat_message(self, seat: int, card: int, trick: list[int], better: int) -> str:
        best = trick[play.winning_index(self.t, trick)]
        held = " ".join(card_symbol(c) for c in cards_in(better))
        name = self.names[seat]
        return f"{name} played {card_symbol(card)} under {card_symbol(best)} while holding {held}, which beat it"

    def _lead_message(self, clause: str, seat: int, card: int) -> str:
        name = self.names[seat]
        if clause == "play.first_lead":
            return f"{name} led {card_symbol(card)} to the first trick, which these rules do not allow"
        return f"{name} led {card_symbol(card)} before trumps were broken"

    def _recorded_books(self, hand: Hand, books: list[int] | None) -> list[int] | None:
        if hand.books is None:
            return books
        t = self.t
        path = f"$.hands[{hand.number - 1}].books"
        recorded = self._per_side([(key, value) for key, value in hand.books], path)
        if books is not None:
            if recorded != books:
                self.add(
                    Finding(
                        Code.BOOKS_MISMATCH,
                        "play.trick_winner",
                        f"the table wrote books {self._pair(recorded)}; the tricks give {self._pair(books)}",
                    ),
                    hand.number,
                )
            return books
        if sum(recorded) != t.per_player:
            self.add(
                Finding(
                    Code.BOOKS_MISMATCH,
                    "deal.cards",
                    f"the books written ({self._pair(recorded)}) add up to {sum(recorded)}, not {t.per_player}",
                ),
                hand.number,
            )
        return recorded

    def _per_side(self, entries: list[tuple[str, int]], path: str) -> list[int]:
        """Figures written by side or by player, added up per side: a side's books are its players' books.

        A side written both as a whole and player by player cannot be read either way: a located input error.
        """
        totals = [0] * len(self.t.sides)
        as_whole: set[int] = set()
        by_player: set[int] = set()
        for key, value in entries:
            side = self._side_key(key, f"{path}.{key}")
            (by_player if key in self.names and key not in self.side_names else as_whole).add(side)
            if side in as_whole and side in by_player:
                raise self._mixed(side, path)
            totals[side] += value
        return totals

    def _mixed(self, side: int, path: str) -> InputError:
        name = self.side_names[side]
        return self._fail(f"{name} is written both as a side and player by player; write one or the other", path)

    def _pair(self, values: list[int] | tuple[int, ...]) -> str:
        return ", ".join(f"{name} {value}" for name, value in zip(self.side_names, values, strict=True))

    @property
    def _score_rule(self) -> str:
        return "scoring.contract" if self.t.contracts else "scoring.points"

    def _check_recorded_score(self, hand: Hand, line: HandScore) -> None:
        """Compare what the table wrote with the rules, one finding per slip.

        A written total is accepted when it is a previous total (the true one or the table's own) plus this
        hand's points (the true ones or the table's own): a slip is reported at the hand where it was made,
        not again at each hand that carries it forward. The score sheet always shows the true totals.
        """
        # A figure that only a bid these rules forbid would score (200 for ten tricks) breaks the clause forbidding it.
        forbidden = dict(self.t.forbidden_scores)
        for recorded in hand.score or ():
            side = self._side_key(recorded.side_key, f"$.hands[{hand.number - 1}].score")
            name = self.side_names[side]
            points = line.points[side]
            if recorded.hand is not None and recorded.hand != points:
                message = f"the table wrote {recorded.hand} for {name} this hand; the rules give {points}"
                clause = forbidden.get(recorded.hand, self._score_rule)
                self.add(Finding(Code.SCORE_MISMATCH, clause, message), hand.number)
            if recorded.total is None:
                continue
            true_total = line.totals[side]
            previous = {true_total - points, self.written_totals[side]}
            added = {points, recorded.hand}
            if not any(p is not None and a is not None and p + a == recorded.total for p in previous for a in added):
                message = f"the table wrote a total of {recorded.total} for {name}; the rules give {true_total}"
                written = self.written_totals[side]
                implied = recorded.total - (true_total - points if written is None else written)
                clause = forbidden.get(recorded.hand if recorded.hand is not None else implied, self._score_rule)
                self.add(Finding(Code.SCORE_MISMATCH, clause, message), hand.number)
            self.written_totals[side] = recorded.total


def run(spec: Spec, log: GameLog) -> Report:
    """Replay one trick game against a spec whose options are already applied."""
    return _Audit.for_spec(spec, log)
