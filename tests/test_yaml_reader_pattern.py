"""The characters PyYAML's reader refuses, compiled the quick way, are the ones its own pattern refuses."""

from __future__ import annotations

import re
import subprocess
import sys

from referee.yaml_documents import READER_REFUSED, REFUSED


def test_the_quick_pattern_refuses_exactly_what_pyyamls_refuses() -> None:
    every = "".join(map(chr, range(sys.maxunicode + 1)))  # every code point, surrogates included
    theirs = [m.start() for m in re.compile(READER_REFUSED).finditer(every)]
    ours = [m.start() for m in re.compile(REFUSED).finditer(every)]
    assert ours == theirs
    assert len(ours) == 0x20 - 3 + 0x21 - 1 + 0x800 + 2  # C0 less tab, LF, CR; DEL, C1 less NEL; surrogates; FFFE/F


def test_pyyaml_finds_it_ready_when_a_yaml_text_is_first_read() -> None:
    script = (
        "from referee.yaml_documents import REFUSED, parse_yaml_chunk\n"
        "parse_yaml_chunk('a: 1\\n', 'x.yaml')\n"
        "import yaml.reader\n"
        "print(yaml.reader.Reader.NON_PRINTABLE.pattern == REFUSED)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    # False: PyYAML compiled its own pattern, its text no longer READER_REFUSED (a newer PyYAML?): update it
    assert result.stdout.split() == ["True"], result.stderr
