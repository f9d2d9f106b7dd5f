"""Where the bundled rules, sources and schemas are, installed or not."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The bundled folder ``rules`` or ``schema``.

    A wheel carries them inside the package (``referee/data/``); a source
    checkout or an editable install finds them at the top of the project.
    """
    for base in (_PACKAGE / "data", _PACKAGE.parent):
        candidate = base / name
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found beside {_PACKAGE}")


def rules_dir() -> Path:
    """The bundled rule specs (``rules/``)."""
    return data_dir("rules")


def sources_dir() -> Path:
    """The bundled source documents (``rules/sources/``)."""
    return rules_dir() / "sources"


def schema_path(name: str) -> Path:
    """A bundled JSON Schema by file stem: ``rule-spec``, ``game-log``, ``report``."""
    return data_dir("schema") / f"{name}.schema.json"
