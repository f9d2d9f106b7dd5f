"""A source document's text, its sentences, and where a quote stands in it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from .documents import read_text

# A sentence ends at . ! or ? (optionally inside a closing bracket or quote) before white space.
# compiled by re (and kept in its cache) when first used: a check run splits no sentence (~0.1 ms of a start)
_SENTENCE_END = r"(?<=[.!?])[)\"”’]?\s+"


def normalize_space(text: str) -> str:
    """Runs of white space as one space: quotes may cross the source's line breaks."""
    return " ".join(text.split())


Stamp = tuple[int, int] | None  # a file's change time and size (None: it cannot be seen)


def file_stamp(path: Path) -> Stamp:
    """What tells a process that runs long (a library's, a service's) that a file it read has changed since."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


# Each source document read, by its path: its stamp (taken before it was read), its text, and its text with white
# space folded. Read anew when the file has changed: a club edits its sheet while a process keeps running.
_TEXTS: dict[Path, tuple[Stamp, str, str]] = {}


def _read(path: Path) -> tuple[Stamp, str, str]:
    stamp = file_stamp(path)
    known = _TEXTS.get(path)
    if known is None or stamp is None or known[0] != stamp:
        text = read_text(path)
        known = _TEXTS[path] = (stamp, text, normalize_space(text))
    return known


def document_text(path: Path) -> str:
    """A source document's text (read once, and again when the file changes)."""
    return _read(path)[1]


def flat_text(path: Path) -> str:
    """A source document's text with white space folded."""
    return _read(path)[2]


def sentences(text: str, headings: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The sentences of a (white-space folded) text, headings taken out first."""
    for heading in sorted(headings, key=len, reverse=True):
        text = text.replace(normalize_space(heading), " ")
    return [s.strip() for s in re.split(_SENTENCE_END, text) if s.strip()]


def _blocks(text: str) -> list[str]:
    """A text cut where a line cannot run on into the next: a blank line, or a heading (no end
    punctuation) before a capital. Only to find the nearest sentence, so a guess is good enough."""
    blocks: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        ends_bare = bool(current) and not re.search(r"[.!?,;:)\"”’]$", current[-1])
        if not stripped or (ends_bare and stripped[:1].isupper()):
            if current:
                blocks.append(" ".join(current))
            current = []
        if stripped:
            current.append(stripped)
    if current:
        blocks.append(" ".join(current))
    return blocks


@cache
def _all_sentences(text: str) -> tuple[str, ...]:
    return tuple(s for block in _blocks(text) for s in sentences(normalize_space(block)))


def nearest_sentence(quote: str, text: str) -> str | None:
    """The sentence of ``text`` most like ``quote``, for a message about a misquote."""
    from difflib import SequenceMatcher  # only to explain a misquote: a run that finds none never imports it

    folded = normalize_space(quote)
    best, score = None, 0.0
    if len(folded) > 2_000:  # longer than any sentence: no suggestion worth its cost
        return None
    for sentence in _all_sentences(text):
        matcher = SequenceMatcher(None, folded, sentence, autojunk=False)
        # the cheap upper bounds first: a spec of many misquotes must not take seconds to load
        if matcher.real_quick_ratio() <= score or matcher.quick_ratio() <= score:
            continue
        ratio = matcher.ratio()
        if ratio > score:
            best, score = sentence, ratio
    return best


def misquote_message(quote: str, path: Path, shown: str) -> str:
    """The message for a quote not found verbatim in the document at ``path`` (``shown``: its name)."""
    message = f"quote not found verbatim in {shown}: {quote!r}"
    nearest = nearest_sentence(quote, document_text(path))
    if nearest is not None:
        message += f"; the nearest sentence there is {nearest!r}"
    return message
