"""What an audit finds: violations, the score sheet, the result."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .errors import shown_name
from .settlement import exact_settlement, number
from .spec import Clause, Spec

if TYPE_CHECKING:  # a settlement's figures are Fractions, made where a spec settles (tricks.points)
    from fractions import Fraction


class Code(StrEnum):
    """Kinds of violation; each names the rule concept it breaks."""

    DEAL_WRONG_COUNT = "deal_wrong_count"
    DEAL_DUPLICATE_CARD = "deal_duplicate_card"
    DEAL_MISSING_CARD = "deal_missing_card"
    CARD_NOT_IN_DECK = "card_not_in_deck"
    DEALER_OUT_OF_TURN = "dealer_out_of_turn"
    BID_OUT_OF_TURN = "bid_out_of_turn"
    BID_MISSING = "bid_missing"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_BELOW_SIDE_MINIMUM = "bid_below_side_minimum"
    BIDS_TOTAL_NOT_ALLOWED = "bids_total_not_allowed"
    BID_KIND_NOT_ALLOWED = "bid_kind_not_allowed"
    BID_NOT_ALLOWED = "bid_not_allowed"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    PLAY_OUT_OF_TURN = "play_out_of_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_PLAYED_TWICE = "card_played_twice"
    RENEGE = "renege"
    DID_NOT_BEAT = "did_not_beat"
    ILLEGAL_LEAD = "illegal_lead"
    BOOKS_MISMATCH = "books_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    GAME_CONTINUED = "game_continued"
    CLAIM_NOT_SUPPORTED = "claim_not_supported"
    SIDES_DIFFER = "sides_differ"
    CARD_TAKEN_BACK = "card_taken_back"
    MISDEAL_TOO_LATE = "misdeal_too_late"
    MISDEAL_NOT_ALLOWED = "misdeal_not_allowed"
    CLAIM_REFUSED = "claim_refused"
    CLAIM_NOT_CHECKED = "claim_not_checked"
    CARD_NOT_PLAYED = "card_not_played"
    ACE_CHECK_NOT_DUE = "ace_check_not_due"
    NO_TRUMP_BROKEN = "no_trump_broken"
    # domino games
    TILE_DRAWN_TWICE = "tile_drawn_twice"
    NO_DOUBLE_REDRAW = "no_double_redraw"
    REDRAW_NOT_DUE = "redraw_not_due"
    WRONG_OPENER = "wrong_opener"
    WRONG_OPENING_TILE = "wrong_opening_tile"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    TILE_PLAYED_TWICE = "tile_played_twice"
    TILE_MISMATCH = "tile_mismatch"
    END_NOT_OPEN = "end_not_open"
    KNOCK_WHILE_ABLE = "knock_while_able"
    KNOCK_WITHOUT_DRAWING = "knock_without_drawing"
    DRAW_WHILE_ABLE = "draw_while_able"
    DRAW_NOT_ALLOWED = "draw_not_allowed"
    TILE_NOT_IN_BONEYARD = "tile_not_in_boneyard"
    POINTS_MISMATCH = "points_mismatch"
    AWARD_MISMATCH = "award_mismatch"
    PLAY_AFTER_HAND_END = "play_after_hand_end"
    PASS_WRONG_COUNT = "pass_wrong_count"
    PASS_WRONG_DIRECTION = "pass_wrong_direction"
    DISCARD_WITHHELD = "discard_withheld"
    BARRED_ON_FIRST_TRICK = "barred_on_first_trick"
    LEFTOVER_TO_WRONG_PLAYER = "leftover_to_wrong_player"


class Severity(StrEnum):
    """Each clause states its own (``severity`` in the spec): an error breaks what the source's words say, or
    what follows from them by counting alone; a warning breaks only a reading taken where the source is silent."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Where:
    """A place in a game: hand, trick or (dominoes) turn (1-based) and seat name, as far as known."""

    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    seat: str | None = None
    turn: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The known parts, for JSON."""
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Violation:
    """One broken rule, with the clause and source sentence it breaks."""

    code: Code
    severity: Severity
    where: Where
    message: str
    clause: Clause
    reading: Clause | None = None  # another clause whose reading makes this a violation (jokers are spades)
    penalty: Clause | None = None  # the clause that sets the penalty charged for it, where not the one broken

    def as_dict(self) -> dict[str, Any]:
        """The violation for the JSON report."""
        out: dict[str, Any] = {
            "code": str(self.code),
            "severity": str(self.severity),
            "location": self.where.as_dict(),
            "message": self.message,
            **_clause_fields(self.clause),
        }
        if self.reading is not None and self.reading.interpretation:
            out["reading"] = dict(_reading_fields(self.reading))
        if self.penalty is not None:
            out["penalty"] = {"rule": self.penalty.id, "source": self.penalty.quote}
        return out


# A clause's part of a violation's JSON is the same in every game: put in words once per clause (bounded: a
# spec with options set per game makes clauses of its own).
@lru_cache(maxsize=1024)
def _clause_fields(clause: Clause) -> dict[str, str]:
    fields = {"rule": clause.id, "source": clause.quote}
    if clause.interpretation:
        fields["interpretation"] = " ".join(clause.interpretation.split())
    return fields


@lru_cache(maxsize=1024)
def _reading_fields(clause: Clause) -> dict[str, str]:
    return {"rule": clause.id, "interpretation": " ".join((clause.interpretation or "").split())}


@dataclass(frozen=True)
class Incomplete:
    """A part of the record that stops short (a truncated game)."""

    where: Where
    message: str

    def as_dict(self) -> dict[str, Any]:
        """For the JSON report."""
        return {"location": self.where.as_dict(), "message": self.message}


@dataclass(frozen=True)
class HandScore:
    """One line of the score sheet: a hand's bids, books and points per side."""

    hand: int
    dealer: str | None
    bids: tuple[int | None, ...]
    books: tuple[int | None, ...]
    points: tuple[int | None, ...]  # None: a hand played after the end whose record does not let it be scored
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    scored: bool = True  # False for a misdeal or a hand too incomplete to score
    note: str | None = None
    after_end: bool = False  # recorded after the hand that ended the game: audited, shown, not counted
    spots: tuple[int | None, ...] | None = None  # dominoes: the spots each side holds at the hand's end

    def __init__(
        self,
        hand: int,
        dealer: str | None,
        bids: tuple[int | None, ...],
        books: tuple[int | None, ...],
        points: tuple[int | None, ...],
        totals: tuple[int, ...],
        bags: tuple[int, ...],
        scored: bool = True,
        note: str | None = None,
        after_end: bool = False,
        spots: tuple[int | None, ...] | None = None,
    ) -> None:
        # The generated __init__ of a frozen dataclass sets each field through object.__setattr__; one is made
        # for every hand of every game, so the fields go into the instance's dict directly. A field left at its
        # default (nearly every line's last four) is not stored: the class holds the default, read the same way.
        fields = self.__dict__
        fields["hand"] = hand
        fields["dealer"] = dealer
        fields["bids"] = bids
        fields["books"] = books
        fields["points"] = points
        fields["totals"] = totals
        fields["bags"] = bags
        if scored is not True or note is not None or after_end is not False or spots is not None:
            fields.update(scored=scored, note=note, after_end=after_end, spots=spots)

    def as_dict(self, sides: tuple[str, ...]) -> dict[str, Any]:
        """For the JSON report, keyed by side name."""
        out: dict[str, Any] = {"hand": self.hand, "scored": self.scored}
        if self.spots is not None:  # a domino hand: no bids, books or bags
            out["sides"] = {
                name: {"points": self.points[i], "total": self.totals[i], "spots": self.spots[i]}
                for i, name in enumerate(sides)
            }
        else:
            out["sides"] = {
                name: {
                    "bid": self.bids[i],
                    "books": self.books[i],
                    "points": self.points[i],
                    "total": self.totals[i],
                    "bags": self.bags[i],
                }
                for i, name in enumerate(sides)
            }
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.note:
            out["note"] = self.note
        if self.after_end:
            out["after_end"] = True
        return out


@dataclass
class Report:
    """Everything an audit of one game found."""

    spec_id: str
    spec_title: str
    options: dict[str, Any]
    players: tuple[str, ...]
    sides: tuple[str, ...]
    file: str | None = None
    game: int | None = None
    game_id: str | None = None
    violations: list[Violation] = field(default_factory=list)
    incomplete: list[Incomplete] = field(default_factory=list)
    hands: list[HandScore] = field(default_factory=list)
    finished: bool = False
    winner: str | None = None
    hands_audited: int = 0
    ended_at_hand: int | None = None  # the hand after which the game was over
    ended_by: str | None = None  # the id of the clause that ended the game (the target, a floor, the clock...)
    tie: Clause | None = None  # the sides are tied at the end: the clause whose reading says how it is played off
    tied_at: int | None = None  # the total the sides are tied at (the lowest, where the lowest wins)
    settlement: tuple[Fraction, tuple[Fraction, ...]] | None = None  # the average, and each side's difference
    # A hand before the game's end that could not be scored (its record stops short), with more hands after it: the
    # totals leave it out, so they are not the true score, and no result hangs on them (no winner is named); and
    # the running totals the table wrote last, as written (not audited), where it wrote them for every side.
    unscored: int | None = None
    written_totals: tuple[int, ...] | None = None
    bidding: bool = True  # False where hands are scored by the points of cards taken, with no bids
    family: str = "tricks"  # how the text report lays out its score sheet; not part of the JSON
    # Each hand scored from bids other than plain contracts (a nil, a renege, a penalty...): its sides' points taken
    # apart by the clauses that give them (tricks.score_parts), for the clause a figure differing from them comes
    # from; a plain hand's are worked out from its line. Not part of the JSON.
    score_parts: dict[int, tuple[tuple[tuple[str, int], ...], ...]] | None = None

    @classmethod
    def start(cls, spec: Spec, log: Any, sides: tuple[str, ...], family: str = "tricks") -> Report:
        """An empty report of one game (a log of any family) against a spec."""
        file = log.file
        if file is not None and file is not _printable[0]:  # (an archive's games: one name, looked at once)
            if file.isprintable():
                _printable[0] = file
            else:  # (a name with a byte the system could not decode)
                file = shown_name(file)
        chosen = spec.chosen
        # Not through the dataclass's __init__, which sets all 22 fields one by one (~100 lines of bytecode a game):
        # the fields a game gives, its own lists, and the defaults, copied from a dict made once, in one step each.
        report = _new(cls)
        state = report.__dict__
        state.update(_DEFAULTS)
        state.update(
            spec_id=spec.id,
            spec_title=spec.title,
            options=dict(chosen) if chosen else {},
            players=log.players,
            sides=sides,
            file=file,
            game=log.index,
            game_id=log.game_id,
            violations=[],
            incomplete=[],
            hands=[],
            family=family,
        )
        return report

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals after the last scored hand."""
        return self.hands[-1].totals if self.hands else tuple(0 for _ in self.sides)

    @property
    def errors(self) -> list[Violation]:
        """Violations of stated rules (not warnings)."""
        return [v for v in self.violations if v.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Violation]:
        """Violations of readings the spec takes where its source is silent."""
        return [v for v in self.violations if v.severity is Severity.WARNING]

    @property
    def status(self) -> str:
        """``incomplete``, ``violations``, ``warnings`` or ``clean``."""
        if self.incomplete:
            return "incomplete"
        if not self.violations:  # (nearly every game: no list of errors made, three times a game)
            return "clean"
        if self.errors:
            return "violations"
        return "warnings" if self.violations else "clean"

    @property
    def exit_code(self) -> int:
        """2 for a truncated record, 1 for violations, 0 for a clean game (warnings allowed)."""
        return exit_code(self.status)

    def as_dict(self, sheet: bool = True) -> dict[str, Any]:
        """The report as JSON data (``schema/report.schema.json``); ``sheet=False``: the score sheet left empty,
        for an encoder that writes it itself."""
        out: dict[str, Any] = {
            "report": 1,
            "status": self.status,
            "rules": self.spec_id,
            "rules_title": self.spec_title,
            "options": self.options,
            "players": list(self.players),
            "sides": list(self.sides),
            "hands_audited": self.hands_audited,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "violations": [v.as_dict() for v in self.violations],
            "incomplete": [i.as_dict() for i in self.incomplete],
            "score_sheet": [h.as_dict(self.sides) for h in self.hands] if sheet else [],
            "totals": dict(zip(self.sides, self.totals, strict=True)),
            "finished": self.finished,
            "winner": self.winner,
            "ended_at_hand": self.ended_at_hand,
        }
        if self.tie is not None:
            out["tie"] = {"rule": self.tie.id, "interpretation": " ".join((self.tie.interpretation or "").split())}
        if self.unscored is not None:
            out["unscored_hand"] = self.unscored
            if self.written_totals is not None:
                out["written_totals"] = dict(zip(self.sides, self.written_totals, strict=True))
        if self.settlement is not None:
            average, differences = self.settlement
            out["settlement"] = {
                "average": number(average),
                "differences": {side: number(d) for side, d in zip(self.sides, differences, strict=True)},
                "exact": exact_settlement(self.settlement, self.sides),
            }
        if self.file is not None:
            out["file"] = self.file
        if self.game is not None:
            out["game"] = self.game
        if self.game_id is not None:
            out["game_id"] = self.game_id
        return out


def exit_code(status: str) -> int:
    """The exit code of a report's status: 2 for a truncated record, 1 for violations, 0 for a clean game (warnings
    allowed)."""
    return 2 if status == "incomplete" else 1 if status == "violations" else 0


_new = object.__new__
_printable: list[str | None] = [None]  # the last file name a report was started for, found printable
# Every field of a Report in its order, each with its plain default (None where Report.start gives it): a started
# report's fields are in the order the dataclass's __init__ sets them
_DEFAULTS = {f.name: None if f.default is MISSING else f.default for f in dataclass_fields(Report)}


@dataclass(frozen=True)
class Finding:
    """A violation before it is dressed with its clause and hand: what a rule check returns."""

    code: Code
    clause: str
    message: str
    seat: int | None = None
    trick: int | None = None
    severity: Severity | None = None  # where not the clause's own (a claim the record does not bear out)
    reading: str | None = None  # the id of another clause whose reading makes this a violation
    turn: int | None = None  # dominoes: the turn within the hand
