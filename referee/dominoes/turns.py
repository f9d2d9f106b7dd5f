"""The turns of a domino hand: the opening, tiles laid, tiles drawn, knocks.

Each turn is judged against the hand's state (who holds what, the layout,
the boneyard); what a turn breaks is flagged and the replay goes on. The
game around the hands (draw, opening rule, hand-end points, the score
sheet) is :mod:`referee.dominoes.audit`'s.
"""

from __future__ import annotations

from ..errors import InputError
from ..logreader import field_location
from ..report import Code, Finding, Report, Severity
from . import scoring
from .layout import ARM_NAMES, Layout, Placed
from .log import Action, DominoHand, DominoLog, Turn
from .tables import Tables
from .tiles import names, tile_name

OVER, LOCKED, OUT = "over", "locked", "out"


class HandState:
    """The state of one hand in play."""

    def __init__(self, t: Tables, held: list[int], boneyard: int) -> None:
        self.t = t
        self.held = held
        self.boneyard = boneyard if t.boneyard else 0
        self.layout = Layout(t.spinner)
        self.laid = 0  # tiles on the table
        self.points = [0] * len(t.sides)
        self.out: int | None = None  # the seat whose going out ended the hand
        self.counting = True  # False once the game was won in mid-hand: later turns are audited, not scored
        self.locked = False
        self.held_at_win: list[int] | None = None  # each seat's tiles when the game was won in mid-hand
        # before the first tile: the seat due to open and a mask of the tiles it may open with (-1: any; None: no
        # seat is due)
        self.opens: tuple[int, int] | None = None

    def next_seat(self, seat: int) -> int:
        """The next player clockwise still holding tiles."""
        n = self.t.seats
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.held[candidate]:
                return candidate
        return (seat + 1) % n

    def can_play(self, seat: int) -> bool:
        return self.layout.playable(self.held[seat]) != 0

    def playable(self, seat: int) -> int:
        """The tiles ``seat`` could lay now: those that fit an open end, or, before the first tile, the opening
        tile (any tile, where the winner of the last hand opens) for the seat due to open, and none for another
        (a draw or a knock by the opener is one by a player able to play)."""
        if self.layout.started:
            return self.layout.playable(self.held[seat])
        if self.opens is None or self.opens[0] != seat:
            return 0
        return self.held[seat] & self.opens[1]

    def is_locked(self) -> bool:
        """No one still in can play, and there is nothing left to draw."""
        if self.boneyard:
            return False
        return not any(self.held[s] and self.can_play(s) for s in range(self.t.seats))

    def side_out(self, seat: int) -> bool:
        members = self.t.sides[self.t.side_of[seat]]
        return not self.t.side_goes_out or all(self.held[s] == 0 for s in members)


class TurnReplay:
    """The turn-by-turn part of a domino audit (mixed into it)."""

    t: Tables
    names: tuple[str, ...]
    log: DominoLog
    report: Report
    totals: list[int]

    def flag(self, n: int, turn: Turn, code: Code, clause: str, message: str) -> None:
        """A finding about one turn of hand ``n``, on the player who took it."""
        self.add(Finding(code, clause, message, turn.seat, turn=turn.number), n)

    def add(self, finding: Finding, hand: int) -> None:
        raise NotImplementedError

    def _check_target(self, ended_by: str = "game_end.target") -> None:
        raise NotImplementedError

    def _turns(
        self, hand: DominoHand, state: HandState, opener: int | None, opening_tile: int | None, clause: str
    ) -> str | None:
        """Replay the turns; returns how the hand ended (OVER, LOCKED, 'out') or None if the record stops short."""
        n = hand.number
        turns = hand.turns
        if not turns:
            return None
        expected = opener
        ended: str | None = None
        over_before = self.report.finished  # a hand after the game's end is replayed all the same
        if opener is not None:
            state.opens = (opener, -1 if opening_tile is None else 1 << opening_tile)
        for turn in turns:
            if ended == OVER:
                if state.counting:  # said once: the turns after the game was won are audited, not counted
                    message = "play went on after the game was won; the turns after it are audited but not counted"
                    self.add(
                        Finding(
                            Code.GAME_CONTINUED,
                            self.report.ended_by or "game_end.target",
                            message,
                            turn.seat,
                            turn=turn.number,
                        ),
                        n,
                    )
                    state.counting = False
            elif ended is not None:
                if ended == LOCKED and turn.action is Action.KNOCK:
                    continue  # each player knocking on a locked board says what the board shows
                rule = "layout.going_out" if ended == OUT else "dominoes_scoring.blocked"
                message = "play went on after the hand was over"
                self.add(Finding(Code.PLAY_AFTER_HAND_END, rule, message, turn.seat, turn=turn.number), n)
                return ended
            if not state.layout.started:
                self._open(n, state, turn, turn.seat if opener is None else opener, opening_tile, clause, expected)
            else:
                if turn.seat != expected and expected is not None:
                    self.flag(
                        n,
                        turn,
                        Code.PLAY_OUT_OF_TURN,
                        "players.turn",
                        f"{self.names[turn.seat]} played when it was {self.names[expected]}'s turn",
                    )
                self._turn(n, state, turn)
            expected = turn.seat if turn.action is Action.DRAW else state.next_seat(turn.seat)
            if ended == OVER:
                continue
            if self.report.finished and not over_before:
                ended = OVER  # the game is won the moment the target is reached, before any hand-end points
                state.held_at_win = [*state.held]  # the hand's spots: the turns after the win are not counted
            elif state.out is not None:
                ended = OUT
            elif state.layout.started and state.is_locked():
                state.locked = True
                ended = LOCKED
        return ended

    def _open(
        self, n: int, state: HandState, turn: Turn, opener: int, tile: int | None, clause: str, expected: int | None
    ) -> None:
        """A turn before the first tile. The first tile is the opener's, whatever turns came before it: laid by
        another player it is a wrong opener, once. A draw or a knock is a turn like any other: the opener's is
        never out of turn (they are due until they open), anyone else's is out of turn unless the turns went on
        to them (the opener knocked, and play passed round): the opening rule where the opener was due, else
        the turn order."""
        name = self.names[turn.seat]
        due = f"holds {tile_name(tile)}, the highest double" if tile is not None else "won the last hand"
        if turn.action is not Action.PLAY:
            if turn.seat != opener and expected is not None and turn.seat != expected:
                did = "drew" if turn.action is Action.DRAW else "knocked"
                rule, why = "players.turn", ""
                if expected == opener:
                    rule, why = clause, f"{self.names[opener]} {due}, and opens: "
                message = f"{name} {did} before the first tile; {why}it was {self.names[expected]}'s turn"
                self.flag(n, turn, Code.PLAY_OUT_OF_TURN, rule, message)
            self._turn(n, state, turn)  # judged as on any turn
            return
        if turn.seat != opener:
            message = f"{name} opened; {self.names[opener]} {due}"
            self.add(Finding(Code.WRONG_OPENER, clause, message, turn.seat, turn=turn.number), n)
        if tile is not None and turn.tile != tile:
            self.flag(
                n,
                turn,
                Code.WRONG_OPENING_TILE,
                clause,
                f"{name} opened with {tile_name(turn.tile)}; the first tile must be {tile_name(tile)}",
            )
        self._take(n, state, turn)
        state.layout.start(turn.tile)
        self._scored(n, state, turn)

    def _take(self, n: int, state: HandState, turn: Turn) -> None:
        """Take the tile from the player's hand, or say why it was not there."""
        bit = 1 << turn.tile
        if state.held[turn.seat] & bit:
            state.held[turn.seat] &= ~bit
        elif state.laid & bit:  # every set holds each tile once: an error whatever the set is read to be
            message = f"{tile_name(turn.tile)} is already on the table"
            finding = Finding(
                Code.TILE_PLAYED_TWICE, "tiles.set", message, turn.seat, severity=Severity.ERROR, turn=turn.number
            )
            self.add(finding, n)
        else:
            self.flag(
                n,
                turn,
                Code.TILE_NOT_IN_HAND,
                "layout.own_tiles",
                f"{self.names[turn.seat]} laid {tile_name(turn.tile)}, which is not in their hand",
            )
        state.laid |= bit

    def _turn(self, n: int, state: HandState, turn: Turn) -> None:
        t = self.t
        seat = turn.seat
        name = self.names[seat]
        able = state.playable(seat) if turn.action is not Action.PLAY else 0
        if turn.action is Action.KNOCK:
            if able:
                self.flag(
                    n,
                    turn,
                    Code.KNOCK_WHILE_ABLE,
                    "layout.must_play",
                    f"{name} knocked holding a tile that plays ({names(able)})",
                )
            elif t.draw_when_unable and state.boneyard:
                self.flag(
                    n, turn, Code.KNOCK_WITHOUT_DRAWING, "layout.unable", f"{name} passed with tiles left to draw"
                )
            return
        if turn.action is Action.DRAW:
            bit = 1 << turn.tile
            if not t.draw_when_unable:
                self.flag(
                    n,
                    turn,
                    Code.DRAW_NOT_ALLOWED,
                    "draw.leftover",
                    f"{name} drew {tile_name(turn.tile)}; these rules have no drawing",
                )
            else:
                if able:
                    self.flag(
                        n,
                        turn,
                        Code.DRAW_WHILE_ABLE,
                        "layout.unable",
                        f"{name} drew holding a tile that plays ({names(able)})",
                    )
                if not state.boneyard & bit:
                    self.flag(
                        n,
                        turn,
                        Code.TILE_NOT_IN_BONEYARD,
                        "draw.leftover",
                        f"{name} drew {tile_name(turn.tile)}, which is not in the boneyard",
                    )
            state.boneyard &= ~bit
            state.held[seat] |= bit
            return
        self._take(n, state, turn)
        arm = turn.arm if turn.arm >= 0 else self._arm(n, state, turn)
        showing = state.layout.value[arm]
        outcome = state.layout.place(arm, turn.tile)
        if outcome is Placed.NOT_OPEN:
            self.flag(
                n,
                turn,
                Code.END_NOT_OPEN,
                "layout.line",
                f"{name} laid {tile_name(turn.tile)} on the {ARM_NAMES[arm]} end, which is not open",
            )
        elif outcome is Placed.MISMATCH:
            self.flag(
                n,
                turn,
                Code.TILE_MISMATCH,
                "layout.line",
                f"{name} laid {tile_name(turn.tile)} on the {ARM_NAMES[arm]} end, which shows {showing}",
            )
        self._scored(n, state, turn)
        if state.held[seat] == 0 and state.side_out(seat):
            state.out = seat

    def _arm(self, n: int, state: HandState, turn: Turn) -> int:
        """The end a play goes on when the log does not say: the one it fits, or the first of those alike."""
        arms = state.layout.arms_for(turn.tile)
        if not arms:
            open_arms = [a for a, v in enumerate(state.layout.value) if v >= 0]
            return open_arms[0]
        # ends alike in number may still differ in play: a spinner's free side, a crosswise double, an empty arm
        results = {state.layout.after(a, turn.tile) for a in arms} if len(arms) > 1 else set()
        if len(results) > 1:
            raise InputError(
                f"{tile_name(turn.tile)} fits more than one end; say which (end: left, right, up or down)",
                field_location(self.log, f"$.hands[{n - 1}].plays[{turn.number - 1}]", hand=n),
            )
        return arms[0]

    def _scored(self, n: int, state: HandState, turn: Turn) -> None:
        """The open ends after a play: points for a multiple of five (where the rules score them)."""
        t = self.t
        made = scoring.ends_points(t, state.layout.count()) if t.ends_multiple else 0
        side = t.side_of[turn.seat]
        if made and state.counting:
            state.points[side] += made
            self.totals[side] += made
        if turn.points is not None and turn.points != made:
            count = state.layout.count()
            self.flag(
                n,
                turn,
                Code.POINTS_MISMATCH,
                "dominoes_scoring.ends",
                f"the table wrote {turn.points} for {self.names[turn.seat]}'s {tile_name(turn.tile)}; "
                f"the ends show {count}, which scores {made}",
            )
        if made and t.wins_at_once and state.counting:
            self._check_target("dominoes_scoring.first_to_reach")
