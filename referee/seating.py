"""Sides and their names, for a game of any family: the spec seats the players, the log may name the sides."""

from collections.abc import Callable
from typing import NamedTuple

from .errors import InputError, as_yaml

Fail = Callable[[str, str], InputError]  # a message and a JSON path to a located error

_COMPASS = ("North", "East", "South", "West")


def default_players(count: int) -> tuple[str, ...]:
    """The names a simulated game gives its players, in seat order: the compass for up to four; numbered for
    more, which the compass cannot seat (a six-handed table's sides read "Player 1 & Player 4", partners three
    seats apart, not "North & West")."""
    if count <= len(_COMPASS):
        return _COMPASS[:count]
    return tuple(f"Player {seat}" for seat in range(1, count + 1))


def side_names(
    players: tuple[str, ...],
    sides: tuple[tuple[int, ...], ...],
    given: tuple[tuple[str, tuple[int, ...]], ...] | None,
) -> tuple[str, ...] | None:
    """Each side's name: the log's, or its members joined by " & " in seat order (None: the log names other sides)."""
    if given is None:
        return tuple(" & ".join(players[s] for s in side) for side in sides)
    by_members = {tuple(sorted(members)): name for name, members in given}
    names = []
    for side in sides:
        name = by_members.get(tuple(sorted(side)))
        if name is None:
            return None
        names.append(name)
    return tuple(names)


def alike(names: tuple[str, ...]) -> str | None:
    """Why a game is not audited whose sides would share a name (their players' names joined by " & " can read
    the same: "A" with "B & C", and "A & B" with "C"), and what the log can do about it; None where each side's
    name is its own. A report keys each side's figures by its name."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return (
                f"two sides would both be named {name!r} (their players' names joined by ' & '): "
                "name the sides in the log (sides: {name: [players]})"
            )
        seen.add(name)
    return None


def crossed(players: tuple[str, ...], names: tuple[str, ...], side_of: tuple[int, ...]) -> str | None:
    """Why a game is not audited where a side is named as a player of another side is ("Hawks" for Emma and
    Olivia, with a player Hawks across the table; or the players b and d beside a player named "b & d"): a book,
    bid or score keyed by that name could be either side's, and was taken for the side's without a word. None
    where no side bears another side's player's name (a side named after one of its own players is one side)."""
    for side, name in enumerate(names):
        for seat, player in enumerate(players):
            if player == name and side_of[seat] != side:
                return (
                    f"the side {name!r} has the name of a player of another side, so a key {name!r} could stand "
                    "for either: name the sides in the log with names no player has (sides: {name: [players]})"
                )
    return None


def named_apart(players: tuple[str, ...], names: tuple[str, ...], side_of: tuple[int, ...]) -> str | None:
    """What is wrong with the sides' names, if anything: see :func:`alike` and :func:`crossed`."""
    return alike(names) or crossed(players, names, side_of)


def seatable(players: tuple[str, ...], sides: tuple[tuple[int, ...], ...], side_of: tuple[int, ...]) -> None:
    """Refuse players whose names would make the sides' names clash (see :func:`named_apart`): a simulated log of
    them would be refused."""
    names = side_names(players, sides, None)
    problem = None if names is None else named_apart(players, names, side_of)
    if problem is not None:
        raise InputError(f"the players' names would make a log the referee refuses: {problem}")


def sides_by_key(players: tuple[str, ...], names: tuple[str, ...], side_of: tuple[int, ...]) -> dict[str, int]:
    """Every key :func:`side_key` resolves, with its side, looked up once a game instead of each hand."""
    known = {player: side_of[seat] for seat, player in reversed(list(enumerate(players)))}
    known.update((name, side) for side, name in reversed(list(enumerate(names))))  # a side's name wins
    return known


def side_key(
    key: str, players: tuple[str, ...], names: tuple[str, ...], side_of: tuple[int, ...], path: str, fail: Fail
) -> int:
    """The side a log's key stands for: a side's name or any of its players."""
    if key in names:
        return names.index(key)
    if key in players:
        return side_of[players.index(key)]
    raise fail(f"{as_yaml(key)} is neither a player nor a side ({', '.join(names)})", path)


class LogSides(NamedTuple):
    """The sides a log declares, taken in place of the spec's seating."""

    sides: tuple[tuple[int, ...], ...]  # each side's seats, in the log's order
    side_of: tuple[int, ...]  # each seat's side
    names: tuple[str, ...]
    message: str  # what the one sides_differ warning says


def log_sides(
    players: tuple[str, ...],
    spec_sides: tuple[tuple[int, ...], ...],
    declared: tuple[tuple[str, tuple[int, ...]], ...],
    reading: bool,
    fail: Fail,
) -> LogSides:
    """The log's own sides, where the spec's seating is only a reading (``reading``: its ``players.sides`` clause
    is a warning): the game is audited with them, and the difference is reported once.

    Where the source states the seating, or the log's sides are not the spec's number and sizes of sides with
    each player once, the log cannot be audited against these rules.
    """
    sides = tuple(tuple(sorted(members)) for _, members in declared)
    spec_text = " v ".join(" & ".join(players[s] for s in side) for side in spec_sides)
    seats = sorted(s for side in sides for s in side)
    if not reading or seats != list(range(len(players))) or sorted(map(len, sides)) != sorted(map(len, spec_sides)):
        raise fail(f"the log's sides do not match the spec's ({spec_text})", "$.sides")
    side_of = [0] * len(players)
    for index, side in enumerate(sides):
        for seat in side:
            side_of[seat] = index
    ours = " v ".join(f"{name} ({' & '.join(players[s] for s in members)})" for name, members in declared)
    message = f"the log's sides, {ours}, are not the spec's reading ({spec_text}); audited with the log's sides"
    return LogSides(sides, tuple(side_of), tuple(name for name, _ in declared), message)
