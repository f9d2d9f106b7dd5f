"""The code of the referee's dataclass methods kept between runs (referee.user_cache)."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee import user_cache

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "spades" / "intramural" / "games.jsonl"

# A fresh process runs a check and says how many texts it compiled, how many it found kept, and its report.
SCRIPT = """
import dataclasses, io, sys
from referee.cli import main
out = io.StringIO()
code = main(["check", "--format", "json", sys.argv[1]], out=out)
methods = dataclasses.exec
print(methods.fresh, len(methods.codes), code)
print(out.getvalue(), end="")
"""


def _run(cache: Path) -> tuple[int, int, str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(GAMES)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    head, _, report = done.stdout.partition("\n")
    fresh, kept, code = head.split()
    assert code == "0", done.stderr
    return int(fresh), int(kept), report


def test_a_second_run_compiles_no_method_and_reports_the_same(tmp_path: Path) -> None:
    first_fresh, first_kept, first_report = _run(tmp_path)
    assert first_fresh > 100  # a check run's classes: each compiled once, then kept
    assert (tmp_path / "referee" / f"methods-{sys.implementation.cache_tag}.marshal").exists()
    fresh, kept, report = _run(tmp_path)
    assert (fresh, kept) == (0, first_kept)
    assert report == first_report
    assert report.count("\n") > 1


def test_kept_code_is_what_compiling_its_text_gives(tmp_path: Path) -> None:
    _run(tmp_path)
    version, codes = marshal.loads(
        (tmp_path / "referee" / f"methods-{sys.implementation.cache_tag}.marshal").read_bytes()
    )
    assert version == sys.version
    assert codes
    for text, code in codes.items():
        assert "__create_fn__" in text  # only what dataclasses wrote
        assert code == compile(text, "<string>", "exec", dont_inherit=True)


@pytest.mark.parametrize("written", [b"", b"junk", marshal.dumps(("3.0.0 another python", {})), marshal.dumps([1, 2])])
def test_a_file_not_this_python_wrote_whole_is_passed_over(tmp_path: Path, written: bytes) -> None:
    path = tmp_path / "methods.marshal"
    path.write_bytes(written)
    assert user_cache.MethodCode(path).codes == {}


def test_only_the_referees_classes_are_kept(tmp_path: Path) -> None:
    methods = user_cache.MethodCode(tmp_path / "methods.marshal")
    referee_globals = {"__name__": "referee.example"}
    other_globals = {"__name__": "someone.else"}
    text = "def __create_fn__():\n def f(self): return 1\n return f\n"
    methods(text, other_globals, {})
    assert methods.codes == {}
    namespace: dict[str, object] = {}
    methods(text, referee_globals, namespace)
    assert list(methods.codes) == [text]
    assert namespace["__create_fn__"]()(None) == 1  # type: ignore[operator]
    methods.write()
    assert user_cache.MethodCode(tmp_path / "methods.marshal").codes.keys() == {text}


@pytest.mark.parametrize("module", ["referee.example", "someone.else"])
def test_a_text_is_run_without_the_future_of_the_module_running_it(tmp_path: Path, module: str) -> None:
    # dataclasses runs its texts with no __future__ import (its module has none): an annotation is evaluated as the
    # function is made. user_cache is compiled with `annotations`, which exec of a text would lend it: another
    # module's classes then had '_type_x' for every __init__ annotation (get_type_hints: NameError), P.__doc__
    # read "P(x: '_type_x') -> '_return_type'"
    methods = user_cache.MethodCode(tmp_path / "methods.marshal")
    text = "def __create_fn__(_type_a):\n def f(a: _type_a) -> None:\n  return a\n return f\n"
    namespace: dict[str, Any] = {}
    methods(text, {"__name__": module}, namespace)
    assert namespace["__create_fn__"](int).__annotations__ == {"a": int, "return": None}


def test_another_modules_dataclass_has_its_fields_types() -> None:
    @dataclasses.dataclass
    class Point:
        x: int  # a text here ('int': this module is compiled with annotations), evaluated in __init__'s

    assert Point.__init__.__annotations__ == {"x": "int", "return": None}


def test_a_forked_worker_leaves_the_file_to_its_parent(tmp_path: Path) -> None:
    methods = user_cache.MethodCode(tmp_path / "methods.marshal")
    methods("def __create_fn__():\n return 1\n", {"__name__": "referee.x"}, {})
    methods.pid = -1  # as in a process forked from the one that installed it
    methods.write()
    assert not (tmp_path / "methods.marshal").exists()


def test_the_referee_runs_kept_code_for_its_classes() -> None:
    # importing referee installs it (tests run with it, as every run does)
    assert isinstance(dataclasses.exec, user_cache.MethodCode)  # type: ignore[attr-defined]
    assert user_cache.keep_method_code() is dataclasses.exec  # type: ignore[attr-defined]

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2

    assert Point(1) == Point(1, 2)
    assert repr(Point(1)) == "test_the_referee_runs_kept_code_for_its_classes.<locals>.Point(x=1, y=2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Point(1).x = 3  # type: ignore[misc]


def test_a_cache_file_is_the_owners_alone(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "entry"
    user_cache.write_whole(path, b"kept")
    assert path.stat().st_mode & 0o777 == 0o600  # whatever the umask
    assert user_cache.read_own(path) == b"kept"
    path.chmod(0o620)  # another could have written it: what it holds is not run, nor trusted
    assert user_cache.read_own(path) is None
    path.chmod(0o602)
    assert user_cache.read_own(path) is None
    assert user_cache.read_own(tmp_path / "none") is None


def test_past_its_bound_the_file_keeps_what_a_run_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(user_cache, "MAX_KEPT", 2)
    path = tmp_path / "methods.marshal"
    texts = [f"def __create_fn__():\n return {n}\n" for n in range(4)]
    referee_globals = {"__name__": "referee.x"}
    first = user_cache.MethodCode(path)
    for text in texts[:2]:
        first(text, referee_globals, {})
    first.write()
    assert user_cache.MethodCode(path).codes.keys() == set(texts[:2])  # within the bound: all kept
    second = user_cache.MethodCode(path)
    second(texts[2], referee_globals, {})  # a third text: past the bound, only what this run used is written
    second.write()
    assert user_cache.MethodCode(path).codes.keys() == {texts[2]}
    path.write_bytes(marshal.dumps((sys.version, {text: compile(text, "<string>", "exec") for text in texts})))
    assert user_cache.MethodCode(path).codes == {}  # a file past the bound is not read at all


def test_with_the_cache_turned_off_nothing_is_kept_and_dataclasses_is_left_alone(tmp_path: Path) -> None:
    script = """
import builtins, dataclasses, io, sys
from referee.cli import main
out = io.StringIO()
code = main(["check", "--format", "json", sys.argv[1]], out=out)
print(getattr(dataclasses, "exec", builtins.exec) is builtins.exec, code)
print(out.getvalue(), end="")
"""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), user_cache.NO_CACHE: "1"}
    done = subprocess.run(
        [sys.executable, "-c", script, str(GAMES)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    head, _, report = done.stdout.partition("\n")
    assert head == "True 0", done.stderr
    assert list(tmp_path.iterdir()) == []  # neither the methods' code nor a spec's document
    assert report == _run(tmp_path / "on")[2]  # the same report as a run that keeps them
