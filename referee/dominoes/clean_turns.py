"""A clean hand of dominoes: its turns checked in a few steps each, where the hand is certainly regular.

Nearly every recorded hand breaks no rule. Replayed turn by turn (:mod:`.turns`), with every rule's branch and
a finding's words ready at every turn, such a hand costs some microseconds a turn. Here each turn is a few int
operations on locals: the player whose turn it is, a tile they hold, the layout as :class:`.layout.Layout`
keeps it (each end's number and spots from tables a tile, the first double's cover, the spinner), the points
the play makes as written, a draw or a knock only by a player who cannot play, and whether the hand is over.

Where anything is not so (a fault, a first turn that is not the opening tile, an end not named where the tile
fits several, a player without tiles where a partner plays on, a turn after the hand's end or after a turn
that may have won the game), it answers None and the hand is replayed turn by turn, which finds and reports
what is wrong. So it never passes a hand the replay would fault, and leaves the hand as the replay leaves it
(tests/dominoes/test_clean_turns.py holds it to both).
"""

from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import NamedTuple, Protocol

from .layout import CENTRE
from .log import Action, Play
from .tables import Tables
from .tiles import HIGH, IS_DOUBLE, LOW, STATE_FITS

PLAY, DRAW, KNOCK = Action.PLAY, Action.DRAW, Action.KNOCK
OPENED = 5  # the spinner's sides are open, or the rules have no spinner
# The arm of the ends below that is never open: a play that names no end (-1) looks there, and the first tile is
# taken as laid there (no arm, and no spinner's place: CENTRE, OPENED)
NOWHERE = 6
_made = tuple.__new__  # a CleanTurns made from its fields at C speed (its own constructor is a Python function)
FITS = STATE_FITS  # the tiles that fit an end in each state; an end not open (-1) fits none


class Settled(Protocol):
    """What a hand's end reads of where its turns left it: the turn-by-turn replay's state, or clean turns."""

    @property
    def held(self) -> list[int]: ...  # each seat's tiles

    @property
    def points(self) -> list[int]: ...  # each side's points from the open ends

    @property
    def out(self) -> int | None: ...  # the seat whose going out ended the hand


class CleanTurns(NamedTuple):  # a tuple: made at C speed (_made), once a hand
    """Where a clean hand's turns leave it."""

    held: list[int]  # each seat's tiles
    points: list[int]  # each side's points from the open ends
    out: int | None  # the seat whose going out ended the hand
    locked: bool  # no one could play and there was nothing to draw
    boneyard: int
    reached: bool  # the last turn brought its side to the target (where that wins at once): the audit judges it


def clean_turns(
    t: Tables,
    plays: tuple[Play, ...],
    drawn: Sequence[int],
    boneyard: int,
    opening: tuple[int | None, int | None],
    totals: list[int],
    goal: int | None,
) -> CleanTurns | None:
    """The hand's turns, if they are certainly regular under ``t``; None: replay them turn by turn.

    ``drawn``: each seat's tiles as drawn, no tile in two hands (the audit's draw check vouches: a tile drawn by
    two players, played by one, would leave the other's copy in hand, which the replay reads); ``boneyard``: the
    tiles to draw from (0 where the rules have none); ``opening``: who must open and with which tile (None:
    anyone, any tile); ``totals``: each side's points before the hand; ``goal``: where a side wins the moment it
    reaches the target, the target (None: no such rule, or the game is over).
    """
    if not plays:
        return None
    opener, opening_tile = opening
    expected, action, first = plays[0][:3]
    if action is not PLAY or (opener is not None and expected != opener) or opening_tile not in (None, first):
        return None  # a knock or a draw before the first tile, or the wrong opening: the replay says what
    held = [*drawn]
    after, side_of, made_of, draws, spinner_rule = t.next_seat, t.side_of, t.made, t.draw_when_unable, t.spinner
    # a player may be without tiles while the hand goes on (a partner still plays, or one drew none): then the
    # next seat is not always the next one round, and each turn looks
    skipping = t.side_goes_out or not all(held)
    points = [0] * len(t.sides)
    # The layout as Layout keeps it, in locals: each arm's open end, the number it shows and the spots it adds to
    # the count in one int (tiles.NEXT_STATE; -1: not open; the others up to NOWHERE never open),
    # the spots of a first double not yet covered on both sides, which of its sides are covered, and the spinner.
    ends = [-1] * (NOWHERE + 1)
    centre = count = 0
    covered = 3  # the sides of a first double covered (1: left, 2: right); 3: both, or the first is no double
    spinner = spin = -1 if spinner_rule else OPENED  # the arm the spinner is on (CENTRE: the first tile) till open
    # (spin: the state its sides open in, its number and no spots)
    watch = False  # whether a first double's cover or the spinner can still change
    fits = 0  # the tiles that can be played on the open ends, worked out when needed (-1: not yet)
    out: int | None = None
    locked = reached = False
    turns = iter(plays)
    lay = PLAY  # (a local: read every turn)
    for seat, action, tile, arm, written, bit, next_state, grows in turns:
        hand = held[seat]
        if action is lay:
            if seat != expected or not hand & bit:
                return None
            end = ends[arm]
            showing = next_state[end]
            if showing < 0:  # (one test on the usual turn: the cases below are each a hand's first play or none)
                if ends[0] < 0:  # the first tile: a double lies crosswise, and is the spinner where the rules have one
                    high, low = HIGH[tile], LOW[tile]
                    count = high + low
                    if high == low:  # counted as the centre till both its sides are covered: its ends show no spots
                        ends[0] = ends[1] = 3 * high
                        centre, covered = count, 0
                        if spinner_rule:
                            spinner, spin = CENTRE, 3 * high
                    else:
                        ends[0], ends[1] = 3 * high + 1, 3 * low + 1
                    watch = covered != 3 or spinner != OPENED
                    arm = NOWHERE  # (laid on no arm: the steps below leave the ends and the count as they are)
                elif arm < 0:  # a play that names no end: the one end it fits
                    arm = _only_arm(ends, next_state)
                    end = ends[arm]
                    showing = next_state[end]
                    if showing < 0:
                        return None  # no end or several
                else:
                    return None  # on an end it does not fit, or one not open: the replay says
            ends[arm] = showing
            count += grows[end]
            if watch:
                if covered != 3 and arm < 2:
                    covered |= 1 << arm
                    if covered == 3:
                        count -= centre
                        centre = 0
                        if spinner == CENTRE:
                            ends[2] = ends[3] = spin
                            spinner = OPENED
                elif spinner == arm:  # a tile beyond the spinner opens its sides
                    ends[2] = ends[3] = spin
                    spinner = OPENED
                if spinner < 0 and IS_DOUBLE[tile]:
                    spinner, spin = arm, showing - 2  # (laid crosswise: its sides open showing no spots)
                watch = covered != 3 or spinner != OPENED
            fits = -1
            held[seat] = hand ^ bit
            if written != made_of[count]:
                if written is not None:
                    return None
                written = made_of[count]  # (not written: what it makes)
            expected = after[seat]
            if written:
                side = side_of[seat]
                points[side] += written
                if goal is not None and points[side] + totals[side] >= goal:
                    reached = True
                    expected = -1  # any turn after this one goes to the replay
            if hand == bit and (not t.side_goes_out or not any(map(held.__getitem__, t.sides[side_of[seat]]))):
                out = seat  # their last tile
                break
        else:
            if fits < 0:
                fits = FITS[ends[0]] | FITS[ends[1]] | FITS[ends[2]] | FITS[ends[3]]
            if not boneyard and not reached and not reduce(or_, held) & fits:
                # the board was locked by the turn before (only a knock or a draw finds out: a play cannot be made
                # on a locked board, and fails below): as the replay ends the hand there, this turn is one after it
                if action is not KNOCK:
                    return None
                locked = True
                break
            if seat != expected or hand & fits:
                return None  # out of turn, or a draw or a knock holding a tile that plays
            if action is DRAW:
                if not draws or not boneyard & bit:
                    return None
                boneyard ^= bit
                held[seat] |= bit
            elif draws and boneyard:
                return None
            else:
                expected = after[seat]
        if skipping and not reached and not held[expected]:
            return None  # a player who went out while a partner plays on: the replay knows who is next
    else:  # the turns ran out with no one out: the board may be locked (else the hand stops short)
        if not boneyard:
            if fits < 0:
                fits = FITS[ends[0]] | FITS[ends[1]] | FITS[ends[2]] | FITS[ends[3]]
            locked = not reduce(or_, held) & fits
    # the hand is over (or the game may be): each turn after it goes to the replay, but for the knocks on a
    # locked board, which say what the board shows
    for play in turns:
        if not locked or reached or play[1] is not KNOCK:
            return None
    return _made(CleanTurns, (held, points, out, locked, boneyard, reached))


def _only_arm(ends: list[int], next_state: tuple[int, ...]) -> int:
    """The one open end a tile fits (-1: none or several)."""
    fitting = [arm for arm, end in enumerate(ends) if next_state[end] >= 0]
    return fitting[0] if len(fitting) == 1 else -1
