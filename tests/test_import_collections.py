"""Importing the package walks none of its objects in a collection, and leaves the collector as it found it."""

from __future__ import annotations

import subprocess
import sys

# Counts the collections started while the package's code runs (not while its first module is found or compiled,
# as an editable install does at every start), then prints the collector's state after it: whether collections
# are on, whether ``kept`` (made before) and the package's Spec class are in a generation a collection walks
# (not frozen), and in which, and whether the count of young containers starts small again.
PROBE = """
import gc, sys
kept = [[]]
{before}
started = []


def count(phase, info):
    if phase == "start" and hasattr(sys.modules.get("referee"), "__version__"):
        started.append(info["generation"])


gc.callbacks.append(count)
import referee
gc.callbacks.clear()


def generation(thing):
    return next((str(g) for g in range(3) if any(o is thing for o in gc.get_objects(g))), "frozen")


print(len(started), gc.isenabled(), generation(kept), generation(referee.Spec), gc.get_count()[0] < 700)
"""


def probe(before: str = "") -> list[str]:
    script = PROBE.format(before=before)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_no_collection_while_importing_and_collections_back_on_after() -> None:
    started, enabled, kept, spec_class, young_small = probe()
    assert started == "0"  # ~25 at the default threshold: each walked every module's objects loaded so far
    assert enabled == "True"
    assert kept != "frozen"  # a process's own objects are left where a collection finds them
    assert spec_class == "2"  # the package's objects wait in the oldest generation, unwalked
    assert young_small == "True"  # not counted as young: the first collection after would walk them all


def test_collections_turned_off_before_stay_off() -> None:
    assert probe("gc.disable()")[1] == "False"


def test_objects_a_process_froze_before_stay_frozen() -> None:
    # a process that froze its objects (say, before forking workers) keeps them out of collections
    _, enabled, kept, _, _ = probe("gc.freeze()")
    assert (enabled, kept) == ("True", "frozen")
