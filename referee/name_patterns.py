"""Quoted file name patterns (``'archive/**/*.jsonl'``), matched as :func:`glob.glob` matches them, but ``**``
goes into no folder by a symbolic link, as a folder's walk does not: a link to a folder it is in (``sub -> .``)
would have every file matched again at each depth, and two such links double the walk at each (for ever, to the
user)."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator


def _hidden(name: str, part: str) -> bool:
    """Whether a wildcard leaves ``name`` out: as the shell's, it matches a leading dot only when written."""
    return name.startswith(".") and not part.startswith(".")


def _entries(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder or os.curdir) as found:
            return list(found)
    except (OSError, ValueError):  # no folder (a file the pattern's earlier part matched), or not readable
        return []


def _below(folder: str) -> Iterator[tuple[str, bool]]:
    """Each name below a folder, with whether it is a folder, folders before what they hold; hidden ones and links
    to folders are left out."""
    for entry in _entries(folder):
        if entry.name.startswith("."):
            continue
        path = os.path.join(folder, entry.name)
        try:
            inside = entry.is_dir(follow_symlinks=False)
            linked = not inside and entry.is_symlink() and entry.is_dir()
        except OSError:
            inside = linked = False
        if not linked:  # (a link to a file is a name the walk gives, as glob's)
            yield path, inside
        if inside:
            yield from _below(path)


def _step(base: str, part: str, last: bool) -> Iterator[str]:
    """What one part of a pattern matches below each name the parts before it matched."""
    if part == "**":  # no folder, or any depth of them
        yield base
        for path, folder in _below(base):
            if last or folder:
                yield path
    elif not any(c in part for c in "*?["):
        path = os.path.join(base, part)
        if os.path.lexists(path):
            yield path
    else:
        for entry in _entries(base):
            if fnmatch.fnmatchcase(entry.name, part) and not _hidden(entry.name, part):
                yield os.path.join(base, entry.name)


def matches(pattern: str) -> list[str]:
    """The names a pattern matches, sorted (``**`` a whole part: any depth of folders)."""
    root = os.sep if pattern.startswith(os.sep) else ""
    parts = [part for part in pattern.split(os.sep) if part]
    found = [root]
    for number, part in enumerate(parts):
        found = [path for base in found for path in _step(base, part, number == len(parts) - 1)]
    if pattern.endswith(os.sep):  # folders only
        found = [path for path in found if os.path.isdir(path)]
    return sorted({path for path in found if path})
