"""The replay's scoring of a hand: from its bids (special bids and penalties included), or by the points of the
cards each player took; and the hand's line when it is not scored."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from ..report import Code, HandScore, Incomplete, Severity, Where
from . import aces, bemo, bidding, double_nil, no_trump, penalties, points, raises, score_parts, scoring
from .log import Bid, Hand
from .written import WrittenChecks


class ScoreReplay(WrittenChecks):
    """A hand's score, once its play is replayed: the part of the replay that turns books and cards into points."""

    won_outright: int | None = None  # a side that won the game by the hand's bid (a blind Boston made)
    won_clause = "bidding.boston"  # the bid it won by (a blind Boston, a double nil where that wins)
    _renege_costly: bool  # from the rules' plan for the game loop, set when the game is run
    _penalised: bool
    _lost_by_clause: tuple[tuple[str, list[int]], ...] = ()  # the hand's books lost, by clause (where lost is)

    def _score_bids(
        self,
        hand: Hand,
        bids: tuple[Bid, ...],
        plain: bool,
        contracts: Sequence[int | None],
        books: list[int],
        bags: list[int],
        reneges: list[int],
        blind: list[bool] | None,
        lost: list[int] | None,
        extra: list[int] | None,
    ) -> tuple[list[int], list[int]] | str:
        """Each side's points and sandbags for a hand scored from its bids, whatever they were (special bids,
        penalties); or, for a hand that cannot be scored, the note saying why."""
        t = self.t
        n = hand.number
        # Plain number bids have no nil, ACES, bemo, no trump, double nil or raise to score: none is looked for.
        nils = [] if plain else bidding.nil_bidders(t, bids)
        ace_bids = [] if plain else aces.aces_bids(t, bids)
        bemos = bemo.bemo_bids(t, bids) if t.bemo and not plain else []
        trumpless = no_trump.no_trump_bids(t, bids) if "no_trump" in t.allowed_kinds and not plain else []
        for finding in no_trump.play_findings(t, trumpless, hand.tricks or (), self.names) if trumpless else ():
            self.add(finding, n)
        doubles = set[int]() if plain else double_nil.double_nil_sides(t, bids)
        if (any(ace_bids) or bemos) and hand.tricks is None:
            kind = "an ACES bid" if any(ace_bids) else "a bemo bid"
            return f"{kind} is scored from the tricks, and none are recorded: not scored"
        if (nils or doubles) and hand.tricks is None:
            known = self._nil_books(hand, books, nils, doubles)
            if known is None:
                return "a nil bid is scored from each player's tricks, and only the side's are recorded: not scored"
            self.seat_books[:] = known
        made = [(t.side_of[seat], self.seat_books[seat]) for seat in nils]
        penalty_bags, as_made = self._renege_costs(reneges)
        # each side's points for its ACES, bemo and double nil bids, scored with the contract, each by its clause
        bonus_parts: list[scoring.Parts] | None = None
        if any(ace_bids) or bemos:
            laid = hand.tricks or ()
            aces_won = aces.aces_points(t, ace_bids, laid)
            bemo_won = bemo.bemo_points(t, bids, laid)
            if as_made:
                # scored "as if their bid was successful": its ACES and bemo made too, as its nil is
                aces_won = [
                    (t.aces_points if ace_bids[side] else 0) if made else a
                    for side, (a, made) in enumerate(zip(aces_won, as_made, strict=True))
                ]
                bemo_won = [
                    sum(p for s, _, p in bemos if s == side) if made else b
                    for side, (b, made) in enumerate(zip(bemo_won, as_made, strict=True))
                ]
            bonus_parts = [
                scoring.nonzero_parts(("bidding.aces", a), ("bidding.bemo", b))
                for a, b in zip(aces_won, bemo_won, strict=True)
            ]
        double_won, double_lost = frozenset[int](), frozenset[int]()
        if doubles:
            taken = self.seat_books
            if as_made:  # a double nil of a side scored as made is made: its partners took nothing
                taken = [0 if as_made[t.side_of[seat]] else n for seat, n in enumerate(taken)]
            extra_points, double_won, double_lost = double_nil.double_nil_points(t, doubles, taken)
            bonus_parts = [
                (*others, *scoring.nonzero_parts(("bidding.double_nil", points)))
                for others, points in zip(bonus_parts or [()] * len(t.sides), extra_points, strict=True)
            ]
        bonus = [sum(p for _, p in side) for side in bonus_parts] if bonus_parts else None
        raised = raises.raised_sides(t, bids) if t.raises and not plain else None
        contracted = [c or 0 for c in contracts]
        times = no_trump.side_times(t, trumpless) if trumpless else None
        side_parts: list[scoring.Parts] = []
        results = scoring.score_hand(
            t,
            contracted,
            books,
            bags,
            reneges,
            blind,
            lost,
            extra,
            made,
            penalty_bags=penalty_bags,
            as_made=as_made,
            raised=raised,
            bonus=bonus,
            bonus_parts=bonus_parts,
            times=times,
            parts=side_parts,
        )
        # a renege costs what it costs in any form (books moved or lost, sandbags and the bag penalty they bring,
        # points), and a wrong claim or another rule broken the books it loses: each one's part is what each side
        # scores over the same hand without it (and without those before it: a renege's, a claim's, another's)
        dropped = [(c, b) for c, b in self._lost_by_clause if c != "penalties.renege"] if lost is not None else []
        if any(reneges) or dropped:
            layers = [("penalties.renege", [t.renege_books_lost * r for r in reneges])] if any(reneges) else []
            untouched: list[scoring.Parts] = []  # each side's parts of the hand scored again, without them all
            none = [0] * len(reneges)

            def again(renege: bool, left: list[int] | None) -> list[int]:
                # the renege's sandbags, and its opponents scored as made, go with it (and cards not played)
                sandbags, made_as = (penalty_bags, as_made) if renege else (None, None)
                untouched.clear()
                rescored = scoring.score_hand(
                    t, contracted, books, bags, none, blind, left, extra, made, penalty_bags=sandbags, as_made=made_as,
                    raised=raised, bonus=bonus, bonus_parts=bonus_parts, times=times, parts=untouched,
                )  # fmt: skip
                return [r.points for r in rescored]

            gone, _ = score_parts.peeled([*layers, *dropped], lost, [r.points for r in results], again)
            side_parts = [
                scoring.nonzero_parts(*others, *((clause, part[side]) for clause, part in gone))
                for side, others in enumerate(untouched)
            ]
        if self.report.score_parts is None:
            self.report.score_parts = {}
        self.report.score_parts[hand.number] = tuple(side_parts)
        made_books = books  # a side scored as made took its bid, a blind Boston of its too
        if as_made:
            made_books = [max(b, c) if m else b for b, c, m in zip(books, contracted, as_made, strict=True)]
        self.won_outright = scoring.blind_boston(t, contracted, made_books, blind, raised)
        self.won_clause = "bidding.boston"
        if double_won and self.won_outright is None:
            self.won_outright, self.won_clause = min(double_won), "bidding.double_nil"
        if double_lost:
            self.hand_lost = self.hand_lost | double_lost
        return [r.points for r in results], [r.bags for r in results]

    def _nil_books(self, hand: Hand, books: list[int], nils: list[int], doubles: set[int]) -> list[int] | None:
        """The tricks of each player the hand's nil bids are scored by, in a hand recorded without its tricks: from
        the books written player by player, or a side's none; None where the record does not decide a nil.

        A double nil fails when either partner takes a trick, and only its bonus to the opponents asks whether
        both did: a side that took one book, or any where that bonus is nothing, is decided by its count."""
        t = self.t
        seats = self._seat_books_written(hand, books)
        if any(seats[seat] is None for seat in nils):
            return None
        for side in doubles:
            members = t.sides[side]
            if any(seats[seat] is None for seat in members):
                if books[side] > 1 and t.double_nil_opponents_bonus:
                    return None
                seats[members[0]] = books[side]  # one taker stands for the side's count
                for seat in members[1:]:
                    seats[seat] = 0
        return [count or 0 for count in seats]

    def _unscored(
        self,
        n: int,
        dealer_name: str | None,
        contracts: Sequence[int | None],
        books: list[int] | None,
        totals: Sequence[int],
        bags: Sequence[int],
        note: str | None = None,
        scored: tuple[int, ...] | None = None,
    ) -> HandScore:
        """The hand's line unscored: made only for a hand that is not scored from its bids (a rare one); or,
        given the points a hand scored by the cards taken, its line scored with them."""
        found = tuple(books) if books else (None,) * len(totals)
        if scored is not None:
            new_totals = tuple(map(add, totals, scored))
            return HandScore(n, dealer_name, tuple(contracts), found, scored, new_totals, tuple(bags))
        return HandScore(
            n, dealer_name, tuple(contracts), found, (0,) * len(totals), tuple(totals), tuple(bags), False, note
        )

    def _point_hand(
        self, hand: Hand, books: list[int] | None, complete: bool, totals: Sequence[int]
    ) -> tuple[tuple[int, ...], str | None] | None:
        """The points of a hand scored by the cards each player took (Hearts), or by the points written, with the
        clause a wrong written figure breaks where not the scoring's own; None: the hand is not scored."""
        rules = self.t.points
        assert rules is not None
        rule: str | None = None  # the clause a wrong written figure breaks, where not the scoring's own
        if books is None and complete:
            # the table's own sheet: the points it wrote are the hand's score (a moon or a revoke already settled)
            written = self._written_points(hand, rules, totals)
            if written is None:
                self.report.incomplete.append(
                    Incomplete(Where(self.log.index, hand.number), "the hand records neither tricks nor points")
                )
                return None
            hand_points = points.written_hand(rules, written)
            if hand_points != written:  # a moon the table did not apply: each figure it wrote breaks that rule
                rule = "scoring.moon"
        elif not complete:
            return None
        else:
            revoker = self.revokes[0][1] if self.revokes else None
            hand_points = points.hand_points(rules, self.taken, revoker)
            if revoker is not None and rules.revoke_charge is not None:
                rule = "penalties.revoke"  # the revoke's charge: a figure written wrong is one not charged by it
            elif hand_points != self.taken:
                rule = "scoring.moon"  # a moon (no revoke charge): a figure written wrong is one not settled by it
        return tuple(hand_points), rule

    def _unbid_parts(
        self, hand: int, books: list[int], reneges: list[int], lost: list[int] | None, extra: list[int] | None
    ) -> None:
        """Keep the unbid first hand's parts where a penalty takes some of its points (for a figure that leaves it
        out: the penalty's clause, not the first hand's)."""
        if self.report.score_parts is None:
            self.report.score_parts = {}
        lost_by_clause = self._lost_by_clause if lost is not None else ()
        self.report.score_parts[hand] = score_parts.unbid(self.t, books, reneges, lost, lost_by_clause, extra)

    def _renege_costs(self, reneges: list[int]) -> tuple[list[int] | None, list[bool] | None]:
        """Sandbags each side takes for the hand's reneges and cards not played, and the sides scored as made."""
        t = self.t
        if not self._renege_costly:
            return None, None
        bags, self.hand_lost = penalties.escalate(t, reneges, self.renege_count)
        self.hand_reneges = list(reneges)
        bags = [b + cards * t.unplayed_sandbags for b, cards in zip(bags, self.unplayed, strict=True)]
        as_made = None
        if t.renege_opponents_as_made and any(reneges):
            as_made = [any(count for other, count in enumerate(reneges) if other != side) for side in range(len(bags))]
        return bags, as_made

    def _penalties(self, hand: int, claimers: list[int]) -> tuple[list[int] | None, list[int] | None]:
        """Books lost and points for the hand's offences, where the spec sets penalties for them."""
        t = self.t
        if not (self._penalised or claimers):
            return None, None
        offences = [(Code.CLAIM_NOT_SUPPORTED, side) for side in claimers]
        for v in self.report.violations:
            if v.where.hand == hand and v.where.seat is not None and v.severity is Severity.ERROR:
                offences.append((v.code, t.side_of[self.names.index(v.where.seat)]))
        self._lost_by_clause = penalties.books_lost_by_clause(t, offences)
        return penalties.hand_penalties(t, offences)
