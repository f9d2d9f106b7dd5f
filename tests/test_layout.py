"""The package layout keeps the two families apart: neither imports the other; what both need is in the frame."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
FAMILIES = ("tricks", "dominoes")


def _module_of(path: Path) -> list[str]:
    """The dotted module name of a file under the package, as a list of parts."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved against the file's own package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            # "from . import logshape" names a module, not an attribute
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def test_relative_imports_resolve_against_the_importing_package(tmp_path: Path) -> None:
    # the checker itself must see a sibling family's import, or the tests below prove nothing
    probe = PACKAGE / "dominoes" / "log.py"
    names = imported_modules(probe)
    assert "referee.logshape" in names
    assert not any(name.startswith("referee.dominoes.logshape") for name in names)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_does_not_import_the_other(family: str) -> None:
    other = next(name for name in FAMILIES if name != family)
    files = sorted((PACKAGE / family).rglob("*.py"))
    assert len(files) > 5
    crossing = {
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in files
        for name in imported_modules(path)
        if name == f"referee.{other}" or name.startswith(f"referee.{other}.")
    }
    assert not crossing, sorted(crossing)
