"""The messages of a --jobs run's processes: what is sent is what arrives (referee.batch_messages)."""

from __future__ import annotations

from referee.batch import GameResult
from referee.batch_inputs import WholeFile
from referee.batch_messages import LENGTH, TASK, results_message, results_of, task_lengths, task_message, unit_of
from referee.line_blocks import Block

# every field set, and texts that are not plain ASCII: a name with a lone surrogate (a file name that is not UTF-8,
# as Python reads one), a quote, a new line, a character outside the Basic Multilingual Plane
RESULTS = [
    GameResult("clean", 0, '{"report": 1}\n', hands=12),
    GameResult(
        "unreadable",
        2,
        "referee: bad \udcff name.jsonl\n",
        "referee: bad \udcff name.jsonl, line 3: ‘x’\n",
        ("renege", "bid_out_of_range"),
        0,
        "unknown rule spec 'x' \U0001f0a1",
    ),
    GameResult("violations", 1, "", "", ("renege",) * 3, 2**40),
]


def test_a_units_results_arrive_as_they_were_sent_every_field() -> None:
    message = results_message(7, RESULTS)
    length = int.from_bytes(message[:LENGTH], "little")
    assert length == len(message) - LENGTH
    number, results = results_of(memoryview(message)[LENGTH:])
    assert number == 7 and results == RESULTS
    # each field of each result as it was, type included (a tuple stays a tuple)
    for sent, got in zip(RESULTS, results, strict=True):
        assert type(got) is GameResult
        for field in GameResult._fields:
            assert type(getattr(got, field)) is type(getattr(sent, field))


def test_a_result_is_the_row_it_is_sent_as() -> None:
    # a result is a tuple of its fields in order (no code run a field as one is made): the row marshal writes is
    # the result's own tuple, and a row read back is made a result at once
    result = RESULTS[1]
    fields = (result.status, result.exit_code, result.output, result.message, result.codes, result.hands, result.once)
    assert tuple(result) == fields
    assert GameResult._make(fields) == result


def test_a_unit_of_no_results_arrives() -> None:
    assert results_of(memoryview(results_message(0, []))[LENGTH:]) == (0, [])


def test_a_block_arrives_with_its_place_and_its_bytes_sent_apart() -> None:
    block = Block("logs/a \udcff b.jsonl", b'{"log": 1}\n\n{"log": 2}\n', 41, 17, 27)
    message, data = task_message(3, block)
    assert data is block.data  # not copied into the message
    size, raw = task_lengths(message[:TASK])
    assert raw == len(data) and size == len(message) - TASK
    assert unit_of(message[TASK:], data) == (3, block)


def test_any_other_unit_arrives_as_it_was_sent() -> None:
    unit = WholeFile("games/ü.yaml", 1234)
    message, data = task_message(9, unit)
    size, raw = task_lengths(message[:TASK])
    assert data == b"" and raw == 0 and size == len(message) - TASK
    assert unit_of(message[TASK:], data) == (9, unit)
