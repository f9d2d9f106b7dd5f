"""Writes the broken and hostile files of this folder from ``docs/examples/hand.yaml`` (a clean one-hand game).

The files are committed; this script says how each was made (many hold bytes an editor would not keep).
What the referee must answer for each is in ``expected.yaml``, written by hand. The spec-*.yaml files
were made from rules/spades/intramural.yaml as it was then (their lines are counted in expected.yaml):
rewrite only the files you add.
Run it from the project's top folder: ``python tests/bad_input/make.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HAND = (ROOT / "docs" / "examples" / "hand.yaml").read_text(encoding="utf-8")
SPEC = (ROOT / "rules" / "spades" / "intramural.yaml").read_text(encoding="utf-8")
DOC = yaml.safe_load(HAND)
DOC["game"]["date"] = "2026-10-04"
LINE = json.dumps(DOC, separators=(",", ":"))  # one game as a JSON line


def sub(old: str, new: str, text: str = HAND) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def files() -> dict[str, bytes | str]:
    """Each file's name and content."""
    bomb = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    bomb += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 9)]
    other = sub("Intramural league, week 3", "Intramural league, week 4")
    return {
        # -- not text, or not YAML ---------------------------------------------------
        "binary.yaml": bytes(range(256)) * 2,
        "utf16.yaml": HAND.encode("utf-16"),
        "latin1.yaml": sub("week 3", "semaine trois, équipe B").encode("latin-1"),
        "nul-byte.yaml": sub("table: 7", "table: 7\x00"),
        "escape-char.yaml": sub("table: 7", "table: 7\x1b[2J"),
        "unclosed-list.yaml": sub("players: [Ann, Bob, Cat, Dan]", "players: [Ann, Bob, Cat, Dan"),
        "tab-indent.yaml": sub("  event: Intramural", "\tevent: Intramural"),
        "duplicate-key.yaml": sub("  table: 7\n", "  table: 7\n  table: 8\n"),
        "yaml-bomb.yaml": "bomb:\n" + "".join(f"  {level}\n" for level in bomb) + HAND,
        "deep-nesting.yaml": sub("  table: 7", "  table: " + "[" * 200 + "]" * 200),
        "python-tag.yaml": sub("  table: 7", "  table: !!python/object/apply:os.system ['echo owned']"),
        "bad-explicit-tag.yaml": sub("  table: 7", "  table: !!float seven"),
        "set-tag-on-text.yaml": sub("  table: 7", "  table: !!set seven"),  # the fuzz campaign's first find
        "timestamp-tag.yaml": sub("  date: 2026-10-04", "  date: !!timestamp 2026-10-04"),
        "binary-tag.yaml": sub("  table: 7", "  table: !!binary aGVsbG8="),
        "undefined-alias.yaml": sub("  table: 7", "  table: *nowhere"),
        "empty.yaml": "",
        "blank-lines.yaml": "\n   \n\n",
        "comments-only.yaml": "# a log was meant to be here\n# but nobody wrote it\n",
        "just-text.yaml": "Ann won, Bob lost.\n",
        "a-list.yaml": "- Ann\n- Bob\n",
        "truncated-mid-line.yaml": HAND[: HAND.index("{Cat: 9D}") + 4],
        # -- values no game holds ----------------------------------------------------
        "huge-integer.yaml": sub("  table: 7", "  table: " + "9" * 5000),
        "long-integer.yaml": sub("{Cat: 1}", "{Cat: 1000000000000000000000}"),
        "lone-surrogate.yaml": sub("  event: Intramural league, week 3", '  event: "week \\ud800 3"'),
        "boolean-player.yaml": sub("players: [Ann, Bob, Cat, Dan]", "players: [true, Bob, Cat, Dan]"),
        "null-player.yaml": sub("players: [Ann, Bob, Cat, Dan]", "players: [null, Bob, Cat, Dan]"),
        "control-in-name.yaml": HAND.replace("Ann", '"An\\en"').replace('{"An\\en":', '{"An\\en":'),
        "long-name.yaml": HAND.replace("Ann", "A" * 150),
        "control-in-side.yaml": sub("hands:\n", 'sides: {"Us\\r\\nERROR": [Ann, Cat], Them: [Bob, Dan]}\nhands:\n'),
        "long-game-id.yaml": sub("  table: 7", "  table: 7\n  id: " + "g" * 101),
        "too-many-values.yaml": "log: 1\nplayers: [a, b, c, d]\nhands:\n" + "- {}\n" * 12_001,
        "too-many-hands.json": json.dumps({"players": ["a", "b", "c", "d"], "hands": [{}] * 1001}),
        # -- rules the log may not name ----------------------------------------------
        "rules-absolute-path.yaml": sub("rules: spades/intramural", "rules: /etc/passwd"),
        "rules-traversal.yaml": sub("rules: spades/intramural", "rules: ../../../../../../etc/shadow"),
        "rules-spec-by-path.yaml": sub("rules: spades/intramural", "rules: rules/spades/intramural.yaml"),
        "rules-dotdot-id.yaml": sub("rules: spades/intramural", "rules: spades/../../../etc/passwd"),
        "rules-unknown-id.yaml": sub("rules: spades/intramural", "rules: spades/backyard"),
        "rules-long.yaml": sub("rules: spades/intramural", "rules: " + "x" * 5000),
        "rules-missing.yaml": sub("  rules: spades/intramural\n", ""),
        # -- readable, but not a game ------------------------------------------------
        "unknown-card.yaml": sub("{Cat: 9D}", "{Cat: 9X}"),
        "unknown-seat.yaml": sub("{Cat: 9D}", "{Kat: 9D}"),
        "five-players.yaml": sub("players: [Ann, Bob, Cat, Dan]", "players: [Ann, Bob, Cat, Dan, Eve]"),
        "unknown-key.yaml": HAND + "referee: Pat\n",
        "negative-bid.yaml": sub("{Cat: 1}", "{Cat: -3}"),
        "fraction-bid.yaml": sub("{Cat: 1}", "{Cat: 2.5}"),
        "capital-nil.yaml": sub("{Cat: 1}", "{Cat: Nil}"),
        "trick-as-text.yaml": sub("      - [{Ann: QD}, {Bob: KD}, {Cat: 9D}, {Dan: AD}]", "      - Ann led QD"),
        "dealer-not-a-player.yaml": sub("dealer: Cat", "dealer: Kat"),
        # -- several games: a broken one loses only itself ---------------------------
        "stream-broken-middle.yaml": HAND + "---\nlog: 1\nplayers: [Ann, Bob\n---\n" + other,
        "stream-bad-byte.yaml": HAND.encode()
        + b"---\n"
        + sub("week 3", "week \xe9").encode("latin-1")
        + b"---\n"
        + other.encode(),
        "stream-schema-middle.yaml": HAND + "---\nplayers: [Ann]\nhands: []\n---\n" + other,
        "stream-trailing-marker.yaml": "---\n" + HAND + "---\n" + other + "---\n",
        "stream-empty-middle.yaml": HAND + "---\n---\n# nothing here\n---\n" + other,
        "stream-document-end.yaml": HAND + "...\n---\n" + other + "...\n",
        # -- hostile-looking, yet fine -----------------------------------------------
        "player-named-no.yaml": HAND.replace("Ann", "No").replace("Bob", "Yes").replace("Cat", "On"),
        "bom.yaml": "\ufeff" + HAND,
        "crlf.yaml": HAND.replace("\n", "\r\n").encode(),
        # -- JSON --------------------------------------------------------------------
        "trailing-comma.json": LINE[:-1] + ",}",
        "duplicate-key.json": LINE.replace('{"log":1,', '{"log":1,"log":1,', 1),
        "nan.json": LINE.replace('"table":7', '"table":NaN', 1),
        "infinity.json": LINE.replace('"table":7', '"table":-Infinity', 1),
        "huge-integer.json": LINE.replace('"table":7', '"table":' + "9" * 5000, 1),
        "long-integer.json": LINE.replace('"table":7', '"table":12345678901234567890', 1),
        "float-overflow.json": LINE.replace('"table":7', '"table":1e400', 1),
        "lone-surrogate.json": LINE.replace('"Ann"', '"\\ud800"'),
        "deep-nesting.json": '{"players": ' + "[" * 100_000 + "]" * 100_000 + ', "hands": []}',
        "utf16.json": LINE.encode("utf-16"),
        "empty.json": "",
        "an-array.json": "[]",
        "rules-path.json": LINE.replace('"spades/intramural"', '"/etc/hostname"', 1),
        # -- JSON Lines --------------------------------------------------------------
        "bad-byte-line.jsonl": (LINE + "\n").encode()
        + LINE.replace("week 3", "week \udcff").encode("utf-8", "surrogateescape")
        + b"\n"
        + (LINE + "\n").encode(),
        "broken-line.jsonl": LINE + "\n" + '{"players": ["Ann", "Bob",\n' + LINE + "\n",
        "surrogate-line.jsonl": LINE + "\n" + LINE.replace('"Ann"', '"\\udc00"') + "\n" + LINE + "\n",
        "huge-integer-line.jsonl": LINE + "\n" + LINE.replace('"table":7', '"table":' + "1" * 4400) + "\n",
        "schema-line.jsonl": LINE + "\n" + '{"players": ["Ann"], "hands": []}\n' + LINE + "\n",
        "yaml-line.jsonl": LINE + "\nlog: 1\n" + LINE + "\n",
        "blank-only.jsonl": "\n\n   \n",
        "crlf-lines.jsonl": (LINE + "\r\n") * 2,
        "rules-path-line.jsonl": LINE + "\n" + LINE.replace('"spades/intramural"', '"/etc/passwd"', 1) + "\n",
        # -- specs (given with --rules, or to validate) ------------------------------
        "spec-huge-integer.yaml": SPEC.replace("per_player: 13", "per_player: " + "7" * 5000, 1),
        "spec-broken.yaml": SPEC.replace("per_player: 13", "per_player: [13", 1),
        "spec-two-documents.yaml": SPEC + "---\n" + SPEC,
        "spec-lone-surrogate.yaml": SPEC.replace("\ntitle: ", '\ntitle: "\\udbff" # ', 1),
        "spec-not-a-spec.yaml": "root:x:0:0:root:/root:/bin/bash\n" * 200,
        "spec-boolean-id.yaml": SPEC.replace("id: spades/intramural", "id: yes", 1),
        "spec-long-source-name.yaml": SPEC.replace("document: 001_3f218c6ee18e85e0.txt", "document: " + "x" * 300, 1),
        "spec-bad-byte.yaml": SPEC.encode().replace(b"title: ", b"title: \xff", 1),
    }


def main() -> None:
    """Write the files."""
    for name, content in files().items():
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (HERE / name).write_bytes(data)


if __name__ == "__main__":
    main()
