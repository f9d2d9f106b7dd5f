"""Game logs: reading a recorded game into plain, typed events.

A log is YAML (for people) or JSON / JSON Lines (for machines); see
``schema/game-log.schema.json``. Reading turns player names into seat
numbers and card tokens into card ints, and fails with a located
:class:`~referee.errors.InputError` on anything it cannot read. Whether the
game kept the rules is not decided here but by :mod:`referee.audit`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from . import families, logshape
from .documents import is_json_lines, iter_documents, parse_json
from .errors import InputError, Location
from .families import AnyLog
from .json_values import plain_value
from .logreader import MAX_HANDS, RecordedScore
from .tricks.log import Bid, Event, GameLog, Hand, Trick, compact_tricks

__all__ = [
    "AnyLog",
    "Bid",
    "Event",
    "GameLog",
    "Hand",
    "RecordedScore",
    "Trick",
    "compact_tricks",
    "from_document",
    "from_json_text",
    "iter_games",
    "load",
    "log_yaml",
]


def from_document(document: Any, where: Location, node: Any = None) -> AnyLog:
    """A game from a parsed document, read by its family's reader; schema errors carry the JSON path (and line)."""
    hands = document.get("hands") if isinstance(document, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_HANDS:  # before the schema, which costs by the hand
        raise InputError(
            f"more than {MAX_HANDS} hands (no game has so many)", replace(where, path=f"$.hands[{MAX_HANDS}]")
        )
    family = families.of_document(document)
    game = family.read_fast(document, where, None) if family.read_fast is not None else None
    if game is None:
        if not logshape.conforms(document):
            hand_ok = logshape.hand_conforms if family is families.TRICKS else None
            from . import schemas  # (only a game that fails the quick check needs it)

            schemas.check("game-log", document, where, node=node, hand_ok=hand_ok)
        game = family.read_log(document, where, node)
    # a YAML game keeps its node, for an error found later to give its field's line (a JSON one has none)
    return game if node is None or game.node is node else replace(game, node=node)


def from_json_text(text: str, where: Location) -> AnyLog:
    """A game from its JSON text (a line of JSON Lines): what ``from_document(parse_json(text))`` gives.

    The text is decoded plainly by orjson, without parse_json's hooks (a Python call for each object and number,
    about half the parse; and orjson decodes in about 0.6 of the time ``json.loads`` takes), and read in one pass
    that vouches for what the hooks would have refused; where it cannot, the text is parsed and read carefully,
    which finds and locates what is wrong. On such a text orjson gives what ``json.loads`` gives, or refuses it
    (see :func:`~referee.json_values.plain_value`).
    """
    if "\\" not in text:  # a text with a backslash is left to parse_json, which looks into its escapes
        game = families.read_text(text, where)  # a family that reads the text itself, decoding only part of it
        if game is not None:
            return game
        try:
            document = plain_value(text)
        except ValueError:
            document = None
        if type(document) is dict:
            family = families.of_document(document)
            if family.read_fast is not None:
                game = family.read_fast(document, where, text)
                if game is not None:
                    return game
    return from_document(parse_json(text, where.file or "", where.line), where)


def iter_games(path: Path) -> Iterator[AnyLog | InputError]:
    """Each game in a file: one for JSON, one a document for YAML, one a line for JSON Lines (streamed).

    A game that cannot be read yields its InputError, so an archive is read
    to the end.
    """
    return games_in(iter_documents(path), str(path), is_json_lines(path))


def games_in(
    documents: Iterator[tuple[int | None, Any, Any] | InputError], name: str, json_lines: bool = False
) -> Iterator[AnyLog | InputError]:
    """Each game of a file's documents (see :func:`iter_games`); a file of one game gives it no game number."""
    first = next(documents, None)
    second = next(documents, None)
    several = second is not None or json_lines
    head = [item for item in (first, second) if item is not None]
    yield from numbered_games(itertools.chain(head, documents), name, 1, several)


def numbered_games(
    documents: Iterable[tuple[int | None, Any, Any] | InputError], name: str, first: int, several: bool
) -> Iterator[AnyLog | InputError]:
    """Each game of documents that are consecutive in a file, the first being game ``first`` of it; a file of one
    game (not ``several``) gives it no game number."""
    for number, item in enumerate(documents, first):
        if isinstance(item, InputError):
            yield item.at(game=number if several else None)
            continue
        line, node, document = item
        try:
            yield from_document(document, Location(file=name, line=line, game=number if several else None), node)
        except InputError as exc:
            yield exc


def load(path: str | Path) -> AnyLog:
    """The single game of a YAML or JSON log file (raises InputError)."""
    games = list(iter_games(Path(path)))
    if len(games) != 1:
        raise InputError(f"holds {len(games)} games; use iter_games for an archive", Location(file=str(path)))
    game = games[0]
    if isinstance(game, InputError):
        raise game
    return game


@cache
def _log_dumper() -> Any:
    """The YAML writer of logs, made when first asked for: a check run writes no YAML, and PyYAML's import is
    ~12 ms of a run's start."""
    import yaml

    class LogDumper(yaml.SafeDumper):
        """Writes a trick, a bid list or a hand of cards on one line each, and a domino play a line."""

    def flow_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
        flat = all(not isinstance(x, (list, dict)) for x in data)
        pairs = all(isinstance(x, dict) and len(x) == 1 for x in data)
        if pairs and any(isinstance(value, dict) for x in data for value in x.values()):
            # plays of a domino hand ({Ann: {tile: 6-4, end: left}}), or bids with kinds: too long for one line,
            # which YAML would cut anywhere; each on a line of its own, its value in braces
            node = dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=False)
            for item in node.value:
                item.flow_style = False
                for _, value in item.value:
                    value.flow_style = True
            return node
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flat or pairs)

    LogDumper.add_representer(list, flow_list)
    return LogDumper


def log_yaml(document: dict[str, Any]) -> str:
    """A game-log document as readable YAML (one line a trick)."""
    import yaml

    return yaml.dump(document, Dumper=_log_dumper(), sort_keys=False, allow_unicode=True, width=200)
