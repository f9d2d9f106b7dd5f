"""``referee check``'s arguments read without argparse, where they are certainly plain.

argparse's import (with gettext and locale, which it brings) and the building of every command's parser, each
help text through gettext, are ~27M instructions, a tenth of a check run's start on one small game. Arguments
written the plain way (the command, then logs and the check's options, each option whole and its value in the
next argument) are read here to what the parser would give; anything else (help, ``--version``, a shortened or
joined option such as ``--form`` or ``-j2``, ``--``, a value that starts with ``-``, logs in two runs, no log,
a value the parser would refuse) is left to the parser, which reads it or says what is wrong as it always did.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

COMMAND = "check"
FORMATS = ("text", "json", "html")

# the options written whole that take no value (set True) and those given again and again (kept in order);
# --format and --jobs (-j) keep the last value given, --rules its one value
_FLAGS = {"--quiet": "quiet", "-q": "quiet"}
_APPENDED = {"--allow-rules": "allow_rules", "--option": "option"}


def defaults() -> dict[str, Any]:
    """What the parser gives ``referee check`` for an option not given."""
    return {"rules": None, "allow_rules": [], "option": [], "format": "text", "quiet": False, "jobs": None}


def plain(argv: Sequence[str]) -> SimpleNamespace | None:
    """The parser's reading of ``argv`` (without the ``run`` it sets) where they are a plain ``check``; None for
    anything else, which the parser reads."""
    if not argv or argv[0] != COMMAND:
        return None
    chosen = defaults()
    logs: list[str] = []
    logs_ended = False  # an option came after the logs: a log after it would be a second run, which the parser refuses
    index, count = 1, len(argv)
    while index < count:
        word = argv[index]
        index += 1
        if word[:1] != "-" or word == "-":  # a log ("" too, and "-" for standard input), as the parser sees one
            if logs_ended:
                return None
            logs.append(word)
            continue
        logs_ended = bool(logs)
        if word in _FLAGS:
            chosen[_FLAGS[word]] = True
            continue
        if index == count or argv[index][:1] == "-":  # no value, or one the parser may read as an option
            return None
        value = argv[index]
        index += 1
        if word in _APPENDED:
            chosen[_APPENDED[word]].append(value)
        elif word in ("--jobs", "-j"):
            if not (value.isascii() and value.isdigit()):  # int() reads more (signs, spaces, "_", other digits)
                return None
            chosen["jobs"] = int(value)
        elif word == "--format" and value in FORMATS:
            chosen["format"] = value
        elif word == "--rules" and chosen["rules"] in (None, value):  # another spec again: the parser refuses it
            chosen["rules"] = value
        else:  # a format the parser refuses, or an option this reader does not know
            return None
    if not logs:
        return None
    return SimpleNamespace(command=COMMAND, logs=logs, **chosen)
