"""The messages of a ``--jobs`` run's processes as bytes: a unit to audit, sent to a worker, and a unit's results,
sent back (:mod:`referee.batch_pool` frames them in its pipes: a message is its length, then its body).

A unit's results are plain data (text and counts): each result (a named tuple) goes as a row, a plain tuple of its
fields (:mod:`marshal` takes no subclass of tuple), written by marshal, which is built into the interpreter;
:mod:`pickle` took ~7M instructions to import (in the start before the fork, which every process waits for) and
twice marshal's time to write a result. A block of JSON Lines, nearly every unit, goes as its place in its file, by
marshal, its bytes sent after the message as they are (not copied into it, and read by the worker as the block's
own); any other unit (a YAML file's) is pickled.
"""

from __future__ import annotations

import marshal

from .batch import GameResult
from .batch_inputs import Unit
from .line_blocks import Block

LENGTH = 8  # the bytes of a length (little-endian) before a message
# A unit's message: its body's length, then its bytes' (a block's data, sent apart); the body is a block's place
# (marshal) after _BLOCK, or any other unit pickled after _PICKLED.
TASK = 2 * LENGTH
_BLOCK, _PICKLED = b"B", b"P"


def results_message(number: int, results: list[GameResult]) -> bytes:
    """A unit's results, framed: its number and each result as a row."""
    data = marshal.dumps((number, [*map(tuple, results)]))
    return len(data).to_bytes(LENGTH, "little") + data


def results_of(body: memoryview) -> tuple[int, list[GameResult]]:
    """The unit's number and its results, from a message's body."""
    number, rows = marshal.loads(body)
    return number, [*map(GameResult._make, rows)]


def task_message(number: int, unit: Unit) -> tuple[bytes, bytes]:
    """A unit, framed (its body's and its bytes' lengths, then its body), and the bytes sent after it."""
    data = b""
    if isinstance(unit, Block):
        data, body = unit.data, _BLOCK + marshal.dumps((number, unit.file, unit.line, unit.game, unit.size))
    else:  # a YAML file's, a whole file: its reading (a YAML parser's) dwarfs pickle's import
        import pickle

        body = _PICKLED + pickle.dumps((number, unit), pickle.HIGHEST_PROTOCOL)
    return len(body).to_bytes(LENGTH, "little") + len(data).to_bytes(LENGTH, "little") + body, data


def task_lengths(head: bytes) -> tuple[int, int]:
    """A unit's message's body's length and its bytes', from the TASK bytes before it."""
    return int.from_bytes(head[:LENGTH], "little"), int.from_bytes(head[LENGTH:TASK], "little")


def unit_of(body: bytes, data: bytes) -> tuple[int, Unit]:
    """A unit's number and the unit, from its message's body and the bytes sent after it."""
    if body[:1] == _BLOCK:
        number, file, line, game, size = marshal.loads(body[1:])
        return number, Block(file, data, line, game, size)
    import pickle

    found: tuple[int, Unit] = pickle.loads(body[1:])
    return found
