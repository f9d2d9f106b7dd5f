"""Where a value sits in a document: its JSON path, and the line of its YAML node."""

from __future__ import annotations

import re
from typing import Any

# PyYAML is imported where a YAML node is looked into, not here: a JSON path is wanted by runs that read no YAML,
# and PyYAML's import is ~12 ms of a run's start.


def node_line(node: Any, path: list[str | int]) -> int:
    """The line (1-based) where the YAML node at ``path`` below ``node`` starts (or its nearest parent).

    ``node`` is a document's root: its ``line_offset`` says where the text it was read from starts in its file.
    """
    from yaml import MappingNode, SequenceNode

    offset = getattr(node, "line_offset", 0)
    for step in path:
        if isinstance(node, MappingNode):
            match = next((value for key, value in node.value if key.value == str(step)), None)
            if match is None:
                break
            node = match
        elif isinstance(node, SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
    return int(node.start_mark.line) + 1 + offset


def yaml_line(text: str, path: list[str | int]) -> int | None:
    """The line where the node at ``path`` starts in a one-document YAML text, if found."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    return None if node is None else node_line(node, path)


def json_path(path: list[str | int] | tuple[str | int, ...]) -> str:
    """A JSON path like ``$.hands[2].tricks[0]``."""
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) and not isinstance(step, bool) else key_step(step)
    return out


def key_step(key: object) -> str:
    """A mapping's key as a step of a JSON path: ``.target``, or in brackets where a dot would not say it (a YAML
    header may write ``{null: 5}``, ``{a.b: 5}`` or ``{'': 5}``): ``['a.b']``, ``['']``, and a key that is no text
    as YAML writes it, ``[null]``, ``[true]``, ``[1]`` (``.None`` was Python's word, ``.a.b`` two steps)."""
    if isinstance(key, str):
        # (five plain tests, not a loop over the marks: a score sheet's every side key is made a path this way)
        if key and "." not in key and "[" not in key and "]" not in key and "'" not in key and "\\" not in key:
            return "." + key
        return "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']"
    if key is None:
        return "[null]"
    return f"[{str(key).lower()}]" if isinstance(key, bool) else f"[{key}]"


def path_steps(path: str) -> list[str | int]:
    """The keys and indexes of a JSON path such as ``$.hands[2].score`` or ``$.game.options['a.b']`` (a key in
    brackets that is no text, ``[null]``, as YAML wrote it: what its node holds)."""
    steps: list[str | int] = []
    for match in re.finditer(_STEP, path):
        index, quoted, bare, plain = match.groups()
        if index is not None:
            steps.append(int(index))
        elif quoted is not None:
            steps.append(re.sub(r"\\(.)", r"\1", quoted))
        else:
            steps.append(bare if bare is not None else plain)
    return steps


# compiled where a path is first read back (for an error's line), not at every start: ~1M instructions
_STEP = r"\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\[([^\]]*)\]|\.([^.\[]+)"
