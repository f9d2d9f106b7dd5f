"""The line of play: its open ends, crosswise doubles and the spinner.

The tiles laid so far are not kept, only what play needs: for each arm of the
layout (left and right of the first tile, and up and down from the spinner)
the number showing at its end, how many tiles it holds, and whether its end
tile is a double laid crosswise (which shows, and counts, both halves).
"""

from __future__ import annotations

from enum import IntEnum

from .tiles import HIGH, IS_DOUBLE, LOW, MATCH, other_half


class Arm(IntEnum):
    """An arm of the layout, by the name a log gives the end it is played on."""

    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3


ARM_NAMES = tuple(arm.name.lower() for arm in Arm)
CENTRE = 4  # where the spinner is when it is the first tile


class Placed(IntEnum):
    """What became of a tile laid on an arm."""

    OK = 0
    NOT_OPEN = 1
    MISMATCH = 2


class Layout:
    """The table's line of play (``spinner``: the first double opens sides and ends, as in All Fives)."""

    __slots__ = ("centre_double", "depth", "double", "laid", "spin", "spinner", "spinner_rule", "started", "value")

    def __init__(self, spinner_rule: bool) -> None:
        self.spinner_rule = spinner_rule
        self.started = False
        self.value = [-1, -1, -1, -1]  # the number showing at each arm's end; -1: not open
        self.laid = [0, 0, 0, 0]  # tiles laid on each arm beyond the first tile
        self.double = [False, False, False, False]  # the arm's end tile is a crosswise double
        self.centre_double = -1  # the number of the first tile when it is a double
        self.spinner = -1  # -1 none yet; CENTRE; or the arm the spinner was laid on
        self.depth = 0  # tiles on the spinner's arm up to and including the spinner
        self.spin = -1  # the spinner's number

    def playable(self, hand: int) -> int:
        """The tiles of ``hand`` that can go on some open end (any tile before the first)."""
        if not self.started:
            return hand
        fits = 0
        for v in self.value:
            if v >= 0:
                fits |= MATCH[v]
        return hand & fits

    def arms_for(self, t: int) -> list[int]:
        """The open arms tile ``t`` matches."""
        return [arm for arm, v in enumerate(self.value) if v >= 0 and (HIGH[t] == v or LOW[t] == v)]

    def after(self, arm: int, t: int) -> tuple[int, tuple[tuple[int, bool, bool], ...]]:
        """What laying tile ``t`` on ``arm`` would leave: the count, and each open end (its number, whether a
        double, whether it holds tiles), in order; two arms that leave the same are the same play."""
        trial = Layout(self.spinner_rule)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(trial, name, list(value) if isinstance(value, list) else value)
        trial.place(arm, t)
        ends = sorted((trial.value[a], trial.double[a], trial.laid[a] > 0) for a in range(4) if trial.value[a] >= 0)
        return trial.count(), tuple(ends)

    def start(self, t: int) -> None:
        """Lay the first tile: a double lies crosswise (and is the spinner where the rules have one)."""
        self.started = True
        self.value[Arm.LEFT], self.value[Arm.RIGHT] = HIGH[t], LOW[t]
        if IS_DOUBLE[t]:
            self.centre_double = HIGH[t]
            if self.spinner_rule:
                self.spinner, self.spin = CENTRE, HIGH[t]

    def place(self, arm: int, t: int) -> Placed:
        """Lay tile ``t`` on ``arm``; a tile that does not fit is laid all the same (the table laid it)."""
        showing = self.value[arm]
        outcome = Placed.OK
        if arm < Arm.UP and showing not in (HIGH[t], LOW[t]) and not (self.laid[Arm.LEFT] or self.laid[Arm.RIGHT]):
            # which end of a first tile is its left no table can tell: the first tile laid against it decides
            other = self.value[Arm.RIGHT - arm]
            if other in (HIGH[t], LOW[t]):
                self.value[Arm.LEFT], self.value[Arm.RIGHT] = self.value[Arm.RIGHT], self.value[Arm.LEFT]
                showing = other
        if showing < 0:
            outcome = Placed.NOT_OPEN
            showing = self.spinner_number() if arm >= Arm.UP else -1
        elif HIGH[t] != showing and LOW[t] != showing:
            outcome = Placed.MISMATCH
        self.value[arm] = other_half(t, showing) if showing in (HIGH[t], LOW[t]) else HIGH[t]
        self.laid[arm] += 1
        self.double[arm] = IS_DOUBLE[t]
        if self.spinner_rule and self.spinner < 0 and IS_DOUBLE[t]:
            self.spinner, self.depth, self.spin = arm, self.laid[arm], HIGH[t]
        self._open_branches()
        return outcome

    def spinner_number(self) -> int:
        """The number on the spinner (-1 before there is one)."""
        return self.spin

    def _open_branches(self) -> None:
        """The spinner's ends open once a tile lies on each of its sides."""
        if self.spinner < 0 or self.value[Arm.UP] >= 0 or self.laid[Arm.UP] or self.laid[Arm.DOWN]:
            return
        if self.spinner == CENTRE:
            ready = self.laid[Arm.LEFT] > 0 and self.laid[Arm.RIGHT] > 0
        else:
            ready = self.laid[self.spinner] > self.depth
        if ready:
            self.value[Arm.UP] = self.value[Arm.DOWN] = self.spin

    def count(self) -> int:
        """The spots showing on the open ends (a crosswise double counts both halves)."""
        total = 0
        for arm in (Arm.LEFT, Arm.RIGHT):
            if self.laid[arm]:
                total += self.value[arm] * (2 if self.double[arm] else 1)
            elif self.centre_double < 0:
                total += self.value[arm]
        if self.centre_double >= 0 and not (self.laid[Arm.LEFT] and self.laid[Arm.RIGHT]):
            total += 2 * self.centre_double  # the first double shows both halves until both its sides are covered
        for arm in (Arm.UP, Arm.DOWN):
            if self.laid[arm]:
                total += self.value[arm] * (2 if self.double[arm] else 1)
        return total
