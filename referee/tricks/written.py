"""The checks of what a table wrote down: its books, its score sheet and running totals, its claims."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import add, attrgetter
from typing import Any

from .. import score_text
from ..document_paths import key_step
from ..logreader import RecordedScore
from ..report import Code, Finding, HandScore, Severity
from . import points
from .kept import kept
from .log import Event, Hand
from .points import PointRules
from .replay import Replay

_SCORE_TEXT = attrgetter("score_text")
_POINTS = attrgetter("points")
_TOTALS = attrgetter("totals")
# The form of the lanes' figures of the last game that asked (see lanes_form): its keys and sides' keys (each one
# object for a run of games), its count of sides, and the form
_LAST_FORM: list[tuple[tuple[str, ...], dict[str, int], int, Any] | None] = [None]


def _interleaved(count: int) -> Iterator[int]:
    """The places of each side's points and total in turn, in a line's points then totals."""
    for side in range(count):
        yield side
        yield count + side


class WrittenChecks(Replay):
    """What the table recorded, compared with what the replay finds."""

    _true_text: score_text.TrueText | None = None  # the form of the last scores met as text (see score_text)
    # The sides whose running total no one knows, after a hand not scored that the table wrote no total for: the
    # next total written for such a side is taken as it stands (its written_totals entry is None until then).
    base_unknown: frozenset[int] = frozenset()
    # The first line of the sheet (report.hands) not yet checked against what the table wrote: from it on, every
    # line is a lane's, whose written score is held to it with the others' at once (see _check_lanes).
    lanes_from = 0

    @kept
    def lanes_form(self) -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]] | None, tuple[int, ...]] | None:
        """Where the lanes' lines are held to the table's figures a run of hands at once (see _check_lanes): where
        the first hand's score was kept as text (a reader's: then every hand's is, with the same keys), its keys
        each a side's. The getter of the figures a line's text holds, from its points then its totals (None where
        they are each side's hand figure and total in the sides' order: nearly always), and the sides whose written
        totals they set (see score_text.form_for); None for any other game, whose lanes' lines are each checked as
        it is made."""
        hands = self.log.hands
        first = hands[0].score_text if hands else None
        if first is None:
            return None
        keys, by_key, count = first[0], self.sides_by_key, len(self.t.sides)
        known = _LAST_FORM[0]
        if known is None or known[0] is not keys or known[1] is not by_key or known[2] != count:
            form = score_text.form_for(keys, (*map(by_key.get, keys),), count)
            lanes = None
            if form is not None:
                # (the figures of a line's points, then its totals, as the text holds them: each side's in turn?)
                in_order = form[1]((*range(2 * count),)) == (*_interleaved(count),)
                lanes = (None if in_order else form[1]), form[2]
            known = _LAST_FORM[0] = (keys, by_key, count, lanes)
        return known[3]

    @kept
    def lane_rules(self) -> dict[int, str]:
        """The clause a wrong figure breaks in a lane's hand whose check waits, by hand, where not the scoring's
        own (a moon shot's)."""
        return {}

    def _check_lanes(self) -> None:
        """The lanes' lines not yet checked against the table's written figures, all at once: where the table
        wrote the true figures (nearly always), the running totals it wrote are the last line's; else each hand is
        checked as it is when made (as it is where a game is not checked so: see lanes_form). Called before
        anything else is reported or reads the table's totals, and at the game's end."""
        lines = self.report.hands
        start, end = self.lanes_from, len(lines)
        if start == end:
            return
        self.lanes_from = end
        form = self.lanes_form
        if form is None:  # (each lane's line checked as it was made)
            return
        hands = self.log.hands[start:end]
        pending = lines[start:end]
        texts = [*map(_SCORE_TEXT, hands)]
        written = None if None in texts else score_text.figures_written(texts)
        if written is not None:
            getter, sides = form
            if getter is None:  # each side's hand figure and total, in the sides' order (nearly always)
                true = tuple(written[0::2]) == sum(map(_POINTS, pending), ()) and tuple(written[1::2]) == sum(
                    map(_TOTALS, pending), ()
                )
            else:
                figures = map(getter, map(add, map(_POINTS, pending), map(_TOTALS, pending)))
                true = tuple(written) == sum(figures, ())
            if true:  # the true figures, written: as each hand's check finds them (and sets the totals it wrote)
                last = pending[-1].totals
                written_totals = self.written_totals
                if len(sides) == len(written_totals):
                    written_totals[:] = last
                else:
                    for side in sides:
                        written_totals[side] = last[side]
                return
        rules = self.lane_rules
        for hand, line in zip(hands, pending, strict=True):
            self._check_recorded_score(hand, line, rules.get(hand.number))

    def _written_points(self, hand: Hand, rules: PointRules, totals: Sequence[int]) -> list[int] | None:
        """The points the table wrote for a hand recorded without its tricks; they must add up to a deal's.

        A player's running total written alone ("the individual scores may be kept as running totals") gives the
        hand's points as the total less the one before: the table's own, where it wrote one, else the true one.
        """
        written: list[int | None] = [None] * self.t.seats
        for recorded in hand.score or ():
            seat = self._side_key(recorded.key, f"$.hands[{hand.number - 1}].score")
            figure = recorded.hand
            if figure is None and recorded.total is not None:
                before = self.written_totals[seat]
                figure = recorded.total - (totals[seat] if before is None else before)
            written[seat] = figure
        if any(value is None for value in written):
            return None
        taken = [value or 0 for value in written]
        sums = points.deal_sums(rules, self.t.seats)
        if sum(taken) not in sums:  # a multiple of a deal's points is not enough: each hand deals them once
            told = " or ".join(map(str, sums))
            message = f"the points written for this hand add up to {sum(taken)}; a deal's add up to {told}"
            self.add(Finding(Code.SCORE_MISMATCH, "scoring.points", message), hand.number)
        elif (why := self._no_deal(rules, taken)) is not None:
            self.add(Finding(Code.SCORE_MISMATCH, "scoring.points", why), hand.number)
        return taken

    def _no_deal(self, rules: PointRules, taken: list[int]) -> str | None:
        """Why a hand's points as written, adding up to a deal's, are still no deal's, where no card scores below
        none: a player written below none, or above the most a player can score in a deal. None where they can
        be a deal's."""
        if any(value < 0 for value, _ in rules.groups):
            return None
        most = max(rules.total, rules.revoke_charge or 0, rules.moon_others or 0)
        for side, figure in enumerate(taken):
            if not 0 <= figure <= most:
                name = self.side_names[side]
                return f"the points written for {name} this hand are {figure}; a player scores from 0 to {most} a deal"
        # Every point taken: the counting cards shared out as written (a revoke charged to one player, or a moon shot,
        # is shared so too where it makes the deal's total; another sum is one of theirs, which the figures must show)
        one = [seat for seat, figure in enumerate(taken) if figure]
        charged = len(one) == 1 and taken[one[0]] == rules.revoke_charge
        moon = rules.moon_others is not None and sorted(taken)[1:] == [rules.moon_others] * (len(taken) - 1)
        if sum(taken) == rules.total:
            if charged or points.shared_out(rules, taken):
                return None
            why = f"no sharing of a deal's counting cards ({points.counting_cards(rules)}) gives them"
        elif charged or (moon and 0 in taken):
            return None
        else:
            why = "they add up to a revoke's charge or a moon's score, but are not one"
        return f"the points written this hand ({self._pair(taken)}) are no deal's: {why}"

    def _note_written(self, hand: Hand, totals: Sequence[int], thrown_out: bool = False) -> None:
        """The table's own running totals after a hand the referee does not score (its record stops short): what
        the table wrote, for the next hand's figures to carry on from, as a slip's are. A side it wrote no total
        for has a total no one knows (the hand's points are not known): its next written total is taken as it
        stands (a hand thrown out scores nothing, and leaves the totals known)."""
        unknown = set(range(len(totals))) - set(self.base_unknown) if not thrown_out else set()
        for recorded in hand.score or ():
            side = self._side_key(recorded.key, f"$.hands[{hand.number - 1}].score")
            before = self.written_totals[side]
            if recorded.total is not None:
                self.written_totals[side] = recorded.total
                unknown.discard(side)
            elif recorded.hand is not None and side not in self.base_unknown:
                self.written_totals[side] = (totals[side] if before is None else before) + recorded.hand
                unknown.discard(side)
        for side in unknown:
            self.written_totals[side] = None
        if unknown:
            self.base_unknown = self.base_unknown | unknown

    def _claim_words(self, event: Event, seat: int) -> str:
        at = f" in trick {event.trick}" if event.trick is not None else ""
        by = "" if event.by is None else f"{self.names[event.by]} claimed"
        return f"{by or 'the table claimed'} a renege by {self.names[seat]}{at}"

    def _not_checked(self, hand: Hand, event: Event, seat: int, why: str) -> None:
        """A claim the record cannot bear out or refute: reported, and no penalty charged for it either way."""
        charged = "neither a renege nor a false claim is charged"
        message = f"{self._claim_words(event, seat)}; {why}, so the claim cannot be checked: {charged}"
        finding = Finding(Code.CLAIM_NOT_CHECKED, "play.follow", message, seat, event.trick, Severity.WARNING)
        self.add(finding, hand.number)

    def _claims_not_checked(self, hand: Hand) -> None:
        """The claims on a hand recorded without its tricks (books or points alone)."""
        for event in hand.events:
            if event.type in ("renege_claim", "revoke_claim") and event.seat is not None:
                self._not_checked(hand, event, event.seat, "the record does not hold the hand's tricks")

    def _check_claims(self, hand: Hand, complete: bool) -> list[int]:
        """A renege the table claimed must show in the record: say so where it does not.

        A claim on a hand that stops short, on a play the record stops before (or naming no trick) and not borne
        out by the tricks recorded, is reported as one the record cannot check. Returns the sides that pay
        for claims not borne out (the claimers' sides), where the spec has a penalty for a false claim.
        """
        claimers: list[int] = []
        found = {
            (v.where.seat, v.where.trick)
            for v in self.report.violations
            if v.where.hand == hand.number
            and (v.code is Code.RENEGE or (v.code is Code.ILLEGAL_LEAD and self.t.renege_leads))
        }
        tricks = hand.tricks or ()
        for event in hand.events:
            if event.type not in ("renege_claim", "revoke_claim") or event.seat is None:
                continue
            name = self.names[event.seat]
            if any(seat == name and event.trick in (None, trick) for seat, trick in found):
                continue
            at = event.trick
            if not complete and (at is None or not 0 < at <= len(tricks) or event.seat not in tricks[at - 1][0]):
                why = "the record of the hand stops short" if at is None else "the record stops before that play"
                self._not_checked(hand, event, event.seat, why)
                continue
            message = f"{self._claim_words(event, event.seat)}; the record shows none"
            clause = "play.follow"
            if self.t.false_claim:
                clause = "penalties.false_claim"
                side = self.t.side_of[event.by] if event.by is not None else None
                if side == self.t.side_of[event.seat]:
                    # the accused's own team checks no "other team's books": no claim of the rules, charged to no one
                    refused = f"{message}; a renege is claimed by the other team, so the claim costs nothing"
                    self.add(
                        Finding(Code.CLAIM_REFUSED, clause, refused, event.by, event.trick, Severity.WARNING),
                        hand.number,
                    )
                    continue
                if side is None:  # no claimer named: the claim came from the accused's opponents
                    side = next(i for i in range(len(self.t.sides)) if i != self.t.side_of[event.seat])
                claimers.append(side)
            self.add(
                Finding(Code.CLAIM_NOT_SUPPORTED, clause, message, event.seat, event.trick, Severity.WARNING),
                hand.number,
            )
        return claimers

    def _recorded_books(self, hand: Hand, books: list[int] | None, whole: bool = True) -> list[int] | None:
        """The books a hand is scored on, the books the table wrote checked against its tricks, or on their own.

        ``whole``: the tricks recorded are all the hand's (False where the record stops short, or play was
        abandoned): the books of the tricks recorded are then only the least each side took, and the table's
        count is wrong only where it is less, or does not add up to the hand's tricks."""
        if hand.books is None:
            return books
        t = self.t
        path = f"$.hands[{hand.number - 1}].books"
        recorded = self._per_side([(key, value) for key, value in hand.books], path)
        if books is not None:
            if recorded != books if whole else any(w < b for w, b in zip(recorded, books, strict=True)):
                gave = "give" if whole else "recorded, which stop short, already give"
                self.add(
                    Finding(
                        Code.BOOKS_MISMATCH,
                        "play.trick_winner",
                        f"the table wrote books {self._pair(recorded)}; the tricks {gave} {self._pair(books)}",
                    ),
                    hand.number,
                )
                return books
            if whole:
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
        return recorded if books is None else books

    def _seat_books_written(self, hand: Hand, books: list[int]) -> list[int | None]:
        """Each player's own tricks, where a hand recorded without its tricks shows them: a side written player by
        player (every partner keyed), or a side that took no book (none of its players took one); None where the
        record shows only the side's count (a side of one player shows it: it is the player's)."""
        t = self.t
        seats: list[int | None] = [None] * t.seats
        written = {key: value for key, value in hand.books or () if key in self.names and key not in self.side_names}
        for side, members in enumerate(t.sides):
            names = [self.names[seat] for seat in members]
            if len(members) == 1:
                seats[members[0]] = books[side]
            elif all(name in written for name in names):
                for seat, name in zip(members, names, strict=True):
                    seats[seat] = written[name]
            elif not books[side]:
                for seat in members:
                    seats[seat] = 0
        return seats

    def _per_side(self, entries: list[tuple[str, int]], path: str) -> list[int]:
        """Figures written by side or by player, added up per side: a side's books are its players' books.

        A side written both as a whole and player by player cannot be read either way: a located input error.
        """
        totals = [0] * len(self.t.sides)
        as_whole: set[int] = set()
        by_player: set[int] = set()
        for key, value in entries:
            side = self._side_key(key, path + key_step(key))
            (by_player if key in self.names and key not in self.side_names else as_whole).add(side)
            if side in as_whole and side in by_player:
                raise self._mixed(side, path)
            totals[side] += value
        return totals

    def _pair(self, values: list[int] | tuple[int, ...]) -> str:
        return ", ".join(f"{name} {value}" for name, value in zip(self.side_names, values, strict=True))

    @property
    def _score_rule(self) -> str:
        return "scoring.contract" if self.t.contracts else "scoring.points"

    def _figure_rule(self, line: HandScore, side: int, figure: int) -> str:
        """The clause a side's points written for a hand come from where they differ from the true ones: the part
        of the score they leave out (a bag penalty: scoring.bags), else the scoring's own (score_parts)."""
        from . import score_parts  # (only a figure that differs: a run with none never imports it)

        parts = score_parts.hand_parts(self.t, self.report, line, side)
        return (None if parts is None else score_parts.clause_of(parts, figure)) or score_parts.own_clause(self.t, line)

    def _carried_forward(self, recorded: RecordedScore, true_total: int, points: int, side: int) -> bool:
        """Whether a written total is a previous total (the true one or the table's own) plus this hand's points
        (the true ones or the table's own): looked at only where it is not the true total."""
        previous = {true_total - points, self.written_totals[side]}
        added = {points, recorded.hand}
        return any(p is not None and a is not None and p + a == recorded.total for p in previous for a in added)

    def _check_recorded_score(self, hand: Hand, line: HandScore, rule: str | None = None) -> None:
        """Compare what the table wrote with the rules, one finding per slip.

        A written total is accepted when it is a previous total (the true one or the table's own) plus this
        hand's points (the true ones or the table's own): a slip is reported at the hand where it was made,
        not again at each hand that carries it forward. The score sheet always shows the true totals.
        """
        # A figure that only a bid these rules forbid would score (200 for ten tricks) breaks the clause forbidding it.
        # ``rule``: the clause a wrong figure breaks in this hand (else the scoring's own, looked up only for a slip).
        by_key, written_totals = self.sides_by_key, self.written_totals
        # (a line being checked is its own hand's, scored: its points are ints; None is only set after the end)
        true_points: tuple[int, ...] = line.points  # type: ignore[assignment]
        true_totals = line.totals
        text = hand.score_text
        if text is not None:  # the scores as written, kept as text (see score_text): held to the true figures' text
            if self._true_text is None:
                self._true_text = score_text.TrueText()
            sides = self._true_text.sides(text, by_key, true_points, true_totals)
            if sides is not None:  # the true figures, written (nearly always): as each is found below
                if len(sides) == len(written_totals):  # every side's, each once (one step, not one a side)
                    written_totals[:] = true_totals
                else:
                    for at in sides:
                        written_totals[at] = true_totals[at]
                return
        for recorded in hand.score or ():
            side = by_key.get(recorded.key)
            total = recorded.total
            if side is not None and total == true_totals[side] and recorded.hand in (None, true_points[side]):
                written_totals[side] = total  # the true figures (nearly always): nothing to look into
                continue
            if side is None:  # not a side's or player's name: the lookup fails, located
                side = self._side_key(recorded.key, f"$.hands[{hand.number - 1}].score")
            points = true_points[side]
            if recorded.hand is not None and recorded.hand != points:
                name, score_rule = self.side_names[side], rule or self._figure_rule(line, side, recorded.hand)
                message = f"the table wrote {recorded.hand} for {name} this hand; the rules give {points}"
                clause = dict(self.t.forbidden_scores).get(recorded.hand, score_rule)
                self.add(Finding(Code.SCORE_MISMATCH, clause, message), hand.number)
            if recorded.total is None:
                if recorded.hand is not None:  # the table's own running total: its previous one plus what it wrote
                    before = self.written_totals[side]
                    if before is None and side in self.base_unknown:
                        continue  # (after a hand no one scored, with no total since: still not known)
                    before = line.totals[side] - points if before is None else before
                    self.written_totals[side] = before + recorded.hand
                continue
            true_total = line.totals[side]  # the true total is always accepted (the true points on it)
            if side in self.base_unknown and self.written_totals[side] is None:
                self.written_totals[side] = recorded.total  # after a hand no one scored: nothing to hold it to
                continue
            if recorded.total != true_total and not self._carried_forward(recorded, true_total, points, side):
                written = self.written_totals[side]
                implied = recorded.total - (true_total - points if written is None else written)
                name, score_rule = self.side_names[side], rule or self._figure_rule(line, side, implied)
                message = f"the table wrote a total of {recorded.total} for {name}; the rules give {true_total}"
                forbidden = dict(self.t.forbidden_scores)
                clause = forbidden.get(recorded.hand if recorded.hand is not None else implied, score_rule)
                self.add(Finding(Code.SCORE_MISMATCH, clause, message), hand.number)
            self.written_totals[side] = recorded.total
