"""Modules of the standard library kept from loading at every start (referee.stand_ins): each stands in for the
real one only inside the module that imports it, and the real one answers as soon as it is used."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import stand_ins

ROOT = Path(__file__).resolve().parent.parent


def _fresh(script: str) -> list[str]:
    """The lines a fresh interpreter prints running ``script`` (referee imported first, as the command does)."""
    result = subprocess.run(
        [sys.executable, "-c", "import sys\nimport referee\n" + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_a_class_made_without_a_docstring_gets_the_one_dataclasses_writes() -> None:
    # dataclasses writes the class its signature as a docstring (its one use of inspect): P(x: int, y: str = 'a')
    lines = _fresh(
        "from dataclasses import dataclass\n"
        "print('inspect' in sys.modules)\n"
        "@dataclass\nclass P:\n    x: int\n    y: str = 'a'\n"
        "print(P.__doc__)\n"
        "import dataclasses, inspect\n"
        "print(sys.modules['inspect'] is inspect, inspect.signature is not None, dataclasses.inspect.isclass(P))\n"
    )
    assert lines == ["False", "P(x: int, y: str = 'a')", "True True True"]


def test_a_path_written_as_a_uri_as_before() -> None:
    # pathlib's one use of urllib.parse: the space and the é quoted, the slashes kept
    lines = _fresh(
        "from pathlib import PurePosixPath\n"
        "print('urllib.parse' in sys.modules)\n"
        "print(PurePosixPath('/a b/é').as_uri())\n"
        "import urllib.parse\nprint(urllib.parse.quote('a b'))\n"
    )
    assert lines == ["False", "file:///a%20b/%C3%A9", "a%20b"]


def test_nothing_stands_in_where_the_module_was_imported_first() -> None:
    script = "import dataclasses, inspect\nprint(dataclasses.inspect is inspect)\n"
    result = subprocess.run(
        [sys.executable, "-c", "import inspect\nimport referee\n" + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.split() == ["True"], result.stderr


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of modules of the test's own, importable, taken out of sys.modules after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        del sys.modules[name]


def test_the_function_called_during_the_import_is_the_real_one(modules: Path) -> None:
    (modules / "used_mod.py").write_text("def twice(n):\n    return 2 * n\n\nTHREE = 3\n", encoding="utf-8")
    (modules / "calls_mod.py").write_text("import used_mod\n\nSIX = used_mod.twice(used_mod.THREE)\n", encoding="utf-8")
    stand_ins.import_without("calls_mod", "used_mod", "twice")
    assert sys.modules["calls_mod"].SIX == 6
    assert type(sys.modules["used_mod"]) is type(sys)  # the real one, imported when THREE was asked for


def test_the_stand_in_is_the_importers_alone(modules: Path) -> None:
    (modules / "used_two.py").write_text("def twice(n):\n    return 2 * n\n", encoding="utf-8")
    (modules / "names_two.py").write_text("import used_two\n", encoding="utf-8")
    stand_ins.import_without("names_two", "used_two", "twice")
    assert "used_two" not in sys.modules  # not imported yet, and no stand-in left for others
    held = sys.modules["names_two"].used_two
    assert held.twice(4) == 8  # imported now
    assert held.twice.__name__ == "twice"
    import used_two  # type: ignore[import-not-found]

    assert type(used_two) is type(sys) and used_two is not held
    with pytest.raises(AttributeError):
        held.__path__  # noqa: B018  # the import system's questions are not answered by importing


def test_an_import_that_fails_leaves_no_stand_in(modules: Path) -> None:
    (modules / "fails_mod.py").write_text("import used_three\nraise RuntimeError('no')\n", encoding="utf-8")
    with pytest.raises(RuntimeError):
        stand_ins.import_without("fails_mod", "used_three", "f")
    assert "used_three" not in sys.modules


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="uuid asks platform nothing there")
def test_uuid_knows_its_system_as_platform_would_tell_it() -> None:
    # uuid (orjson imports it) asks platform.system() once, for _AIX and _LINUX; platform itself is not imported
    lines = _fresh(
        "import uuid\n"
        "print('platform' in sys.modules)\n"
        "import platform\n"
        "print(uuid._LINUX == (platform.system() == 'Linux'), uuid._AIX == (platform.system() == 'AIX'))\n"
        "print(uuid.uuid1().version, uuid.uuid4().version, uuid.UUID(int=5).hex[-1])\n"
    )
    assert lines == ["False", "True True", "1 4 5"]


@pytest.mark.skipif(not hasattr(os, "uname"), reason="no uname")
def test_the_system_named_as_platform_names_it() -> None:
    import platform

    assert stand_ins.system_name() == platform.system()


def test_orjson_writes_dates_and_times_as_before() -> None:
    # orjson took datetime's C interface from the stand-in (the very capsule datetime hands on from _datetime):
    # the dates and times of the module imported later are written as ISO 8601 text, as orjson writes them
    lines = _fresh(
        "import orjson\n"
        "print('datetime' in sys.modules)\n"
        "import datetime as d\n"
        "moments = [d.datetime(2020, 1, 2, 3, 4, 5, tzinfo=d.timezone.utc), d.date(2021, 1, 1), d.time(1, 2)]\n"
        "print(orjson.dumps(moments))\n"
        "print(orjson.loads('[1, \"é\"]'))\n"
    )
    assert lines == ["False", 'b\'["2020-01-02T03:04:05+00:00","2021-01-01","01:02:00"]\'', "[1, 'é']"]
