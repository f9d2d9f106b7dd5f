"""Every fast path held to the careful path on mutated games, a campaign outside the test suite:
``python tests/fast_path_campaign.py --games 3000 --seed 7 [--only hearts] [--variants] [--out DIR]``.

Each game is simulated under a bundled spec (its options and player count drawn), changed (its record, and its
JSON text: duplicate keys, numbers written oddly, other separators, player names holding JSON's punctuation),
then read and audited twice: as ``referee check`` does (``from_json_text``, the one-pass readers, the lanes, the
whole-hand checks), and with every fast path turned off (``parse_json``, the schema and the careful reader, the
general hand, the card-by-card and turn-by-turn replays). A fifth of the games go as YAML instead, some with
anchors and aliases. Any difference, or a crash on either side, is printed and written to ``--out`` with its
input. ``--variants``: specs made by taking clauses of one bundled trick spec into another (their quotes are not
checked: a club's own sheet could hold any of them). The suite's tests hold each fast path to its careful path
with small example counts; this runs the same comparison on many more, and on every fast path at once.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import json
import random
import sys
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

import referee
from referee import families, gamelog, render
from referee import spec as spec_module
from referee.documents import parse_json
from referee.dominoes import audit as domino_audit
from referee.errors import InputError, Location
from referee.simulate import simulate_game
from referee.spec import bundled_ids
from referee.tricks import audit as trick_audit
from referee.tricks import passing, replay_play
from referee.tricks.tables import tables_for
from referee.yaml_documents import parse_yaml_nodes

ROOT = Path(__file__).resolve().parent.parent
WHERE = Location(file="games.jsonl", line=3, game=3)
CLUB_SPECS = [ROOT / "examples/club/club.yaml", *sorted((ROOT / "tests/specs").glob("*.yaml"))]
ODD: list[Any] = [None, True, False, 0, -1, 1.0, 2.0, 1.5, -0.0, "", "x", "as", "AS", "10h", " AS", "A♠", "TS", "BJ"]
ODD += [[], {}, [1]]
ODD += [{"kind": "nil"}, {"kind": "blind", "tricks": 6}, "nil", "blind nil", 10**17, 10**18, 27, 13, 14]
NUMBERS = ["1.0", "-0", "-0.0", "1e0", "1E1", "999999999999999999", "1000000000000000000", "1e400", "NaN", "true"]
NAMES = ["a:b", "x},{y", "p]q", "plays", "score", "tricks", "Ann Lee", "Zoë", "日本", "{", "}}", "],[", ":", "N"]
NAMES += ["Ünal", "李", "Åsa"]  # more names of more bytes than characters (the text readers measure in bytes)
TILES = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]
KINDS: list[int] = []  # the changes made (--kinds), where not all of them


@contextlib.contextmanager
def careful() -> Iterator[None]:
    """Every fast path turned off: the one-pass readers and the readers of a text, the lanes, the pass and play
    checks, the clean turns."""
    saved = [
        (families.Family, "read_fast", families.Family.__dict__["read_fast"]),
        (trick_audit._Audit, "_plain", trick_audit._Audit._plain),
        (trick_audit._Audit, "_by_points", trick_audit._Audit._by_points),
        (replay_play.PlayReplay, "clean_lane", replay_play.PlayReplay.__dict__["clean_lane"]),
        (passing, "clean_pass", passing.clean_pass),
        (domino_audit._Audit, "clean_hands", domino_audit._Audit.clean_hands),
        (families, "read_text", families.read_text),
    ]
    # (the fast paths switched off by patching their classes and modules through setattr, as monkeypatch does)
    setattr(families.Family, "read_fast", property(lambda self: None))  # noqa: B010
    setattr(trick_audit._Audit, "_plain", lambda self, *args: None)  # noqa: B010
    setattr(trick_audit._Audit, "_by_points", lambda self, *args: None)  # noqa: B010
    setattr(replay_play.PlayReplay, "clean_lane", property(lambda self: None))  # noqa: B010
    passing.clean_pass = lambda *args: None
    domino_audit._Audit.clean_hands = False
    setattr(families, "read_text", lambda *args: None)  # noqa: B010  # a family reading the text itself
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


def outcome(spec: Any, text: str, slow: bool, as_yaml: bool = False) -> Any:
    """The report (or refusal, or crash) of one game's text, the fast way or (``slow``) the careful way."""
    try:
        with careful() if slow else contextlib.nullcontext():
            if as_yaml:
                node, data = parse_yaml_nodes(text, "games.yaml")[0]
                log = gamelog.from_document(data, WHERE, node)
            elif slow:
                log = gamelog.from_document(parse_json(text, "games.jsonl", 3), WHERE)
            else:
                log = gamelog.from_json_text(text, WHERE)
            report = referee.audit(spec, log)
            found = report.as_dict()
            if not slow and render.as_json(report) != json.dumps(found, ensure_ascii=False):  # the report's own
                return ("as_json differs from as_dict", render.as_json(report))  # fast path, held to the dict
            return found
    except InputError as exc:
        return ("refused", exc.message, str(exc.location))
    except Exception as exc:  # a crash on either side is a finding
        return ("crash", "".join(traceback.format_exception(exc))[-1500:])


def _paths(value: Any, path: tuple[Any, ...] = (), objects: bool = True) -> list[tuple[Any, ...]]:
    """The path of every object (``objects``) or of every plain value in a document."""
    if isinstance(value, dict):
        inner = [p for key, item in value.items() for p in _paths(item, (*path, key), objects)]
        return [path, *inner] if objects else inner
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in _paths(item, (*path, i), objects)]
    return [] if objects else [path]


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def dumps(value: Any, dups: dict[Any, Any], numbers: dict[Any, str], sep: tuple[str, str], path: Any = ()) -> str:
    """JSON with a duplicate member in each object of ``dups`` and some numbers written another way."""
    if isinstance(value, dict):
        members = [
            f"{json.dumps(k, ensure_ascii=False)}{sep[1]}{dumps(v, dups, numbers, sep, (*path, k))}"
            for k, v in value.items()
        ]
        if path in dups and members:
            kind = dups[path]
            members.insert(0, members[-1]) if kind is None else members.append(
                members[0] if kind == "same" else f"{json.dumps(next(iter(value)))}{sep[1]}{json.dumps(kind)}"
            )
        return "{" + sep[0].join(members) + "}"
    if isinstance(value, list):
        return "[" + sep[0].join(dumps(v, dups, numbers, sep, (*path, i)) for i, v in enumerate(value)) + "]"
    return numbers[path] if path in numbers else json.dumps(value, ensure_ascii=False)


def _own_swap(hand: dict[str, Any], rng: random.Random) -> None:
    """Two cards of one player swapped between tricks: each still theirs, so the following and leads are tested."""
    plays = [
        (next(iter(p)), k, i)
        for k, trick in enumerate(hand.get("tricks") or [])
        for i, p in enumerate(trick)
        if isinstance(p, dict) and len(p) == 1
    ]
    if plays:
        name = rng.choice(plays)[0]
        mine = [(k, i) for n, k, i in plays if n == name]
        if len(mine) > 1:
            (a, i), (b, j) = rng.sample(mine, 2)
            hand["tricks"][a][i], hand["tricks"][b][j] = hand["tricks"][b][j], hand["tricks"][a][i]


def _domino_turn(hand: dict[str, Any], rng: random.Random) -> None:
    """A turn's end dropped or changed, a knock or a draw for a play, or two of a player's turns swapped."""
    plays = hand.get("plays")
    if not plays:
        return
    i = rng.randrange(len(plays))
    name, value = next(iter(plays[i].items()))
    kind = rng.randrange(4)
    if kind == 0 and isinstance(value, dict):
        plays[i] = {name: {k: v for k, v in value.items() if k != "end"}}
    elif kind == 1 and isinstance(value, dict):
        plays[i] = {name: {**value, "end": rng.choice(["left", "right", "up", "down"])}}
    elif kind == 2:
        plays[i] = {name: rng.choice(["knock", {"draw": rng.choice(TILES)}, {"tile": rng.choice(TILES), "points": 5}])}
    else:
        mine = [j for j, p in enumerate(plays) if name in p]
        j = rng.choice(mine)
        plays[i], plays[j] = plays[j], plays[i]


def change(doc: dict[str, Any], rng: random.Random) -> str:
    """One change to a game's record, named."""
    hand = rng.choice(doc["hands"])
    players = doc["players"]
    kind = rng.choice(KINDS) if KINDS else rng.randrange(25)
    tricks = hand.get("tricks")
    if kind == 0 and tricks:  # a card written another way
        trick = rng.choice(tricks)
        i = rng.randrange(len(trick))
        if isinstance(trick[i], dict) and trick[i]:
            key = next(iter(trick[i]))
            change: Callable[[str], str] = rng.choice([str.lower, " {}".format, lambda c: c.replace("10", "T")])
            trick[i][key] = change(str(trick[i][key]))
    elif kind == 1:
        hand["books"] = rng.choice([{}, {p: rng.randint(0, 5) for p in players}])
    elif kind == 2:
        seat, by = rng.choice(players), rng.choice(players)
        claim = {"type": "renege_claim", "seat": seat, "by": by, "trick": rng.randint(1, 13)}
        hand["events"] = rng.choice([[], [{"type": "note", "note": "x:y"}], [{"type": "misdeal", "by": by}], [claim]])
    elif kind == 3:
        hand["misdeal"] = rng.choice([True, False, 0, None])
    elif kind == 4 and tricks:  # the record stops short, or a trick does
        if rng.random() < 0.5:
            del tricks[rng.randrange(len(tricks)) :]
        elif trick := rng.choice(tricks):
            del trick[rng.randrange(len(trick))]
    elif kind == 5 and isinstance(hand.get("bids"), list) and hand["bids"]:
        i = rng.randrange(len(hand["bids"]))
        hand["bids"][i] = {next(iter(hand["bids"][i])): copy.deepcopy(rng.choice(ODD))}
    elif kind == 6 and isinstance(hand.get("score"), dict) and hand["score"]:
        key = rng.choice(sorted(hand["score"]))
        value = hand["score"][key]
        total = value.get("total", 0) if isinstance(value, dict) else value
        hand["score"][key] = rng.choice([total, {"total": total}, {"hand": 0, "total": total, "bags": 0}])
    elif kind == 7 and tricks:  # written compactly, [leader, card, ...]
        hand["tricks"] = [
            [next(iter(t[0])), *(next(iter(p.values())) for p in t)]
            if t and all(isinstance(p, dict) and len(p) == 1 for p in t)
            else t
            for t in tricks
        ]
    elif kind == 8:
        hand.pop(rng.choice(["deal", "tricks", "bids", "score", "dealer", "passes", "draw", "plays", "boneyard"]), None)
    elif kind == 9:
        hand["dealer"] = rng.choice([*players, "Nobody"])
    elif kind == 10 and isinstance(hand.get("deal"), dict) and len(hand["deal"]) > 1:  # a card dealt to another
        giver, taker = rng.sample(sorted(hand["deal"]), 2)
        if hand["deal"][giver]:
            hand["deal"][taker].append(hand["deal"][giver].pop())
    elif kind == 11 and tricks:  # a card played twice, or two plays swapped
        a, b = rng.choice(tricks), rng.choice(tricks)
        if a and b:
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            if rng.random() < 0.5 and isinstance(a[i], dict) and isinstance(b[j], dict):
                b[j] = {next(iter(b[j])): next(iter(a[i].values()))}
            else:
                a[i], b[j] = b[j], a[i]
    elif kind == 12:
        _own_swap(hand, rng)
    elif kind == 13:
        _domino_turn(hand, rng)
    elif kind == 15 and isinstance(hand.get("bids"), list):  # bids as a score sheet writes them: by player, or side
        pairs = [next(iter(b.items())) for b in hand["bids"] if isinstance(b, dict) and b]
        if rng.random() < 0.5 or len(players) != 4:
            hand["bids"] = dict(pairs)
        else:
            by_side = {f"{players[0]} & {players[2]}": 0, f"{players[1]} & {players[3]}": 0}
            for name, bid in pairs:
                key = next(k for k in by_side if name in k.split(" & "))
                by_side[key] += bid if type(bid) is int else 0
            hand["bids"] = by_side
    elif kind == 14:
        doc.setdefault("game", {})["options"] = rng.choice(
            [{}, {"target": 200}, {"x": [1, {"y": 2}]}, {"t": 1.5}, {"plays": [{"N": "6-6"}]}, {"tricks": [["N"]]}]
        )
    elif kind == 16:
        places = _paths(doc, objects=False)
        if places:
            path = rng.choice(places)
            _at(doc, path[:-1])[path[-1]] = copy.deepcopy(rng.choice(ODD))
    elif kind == 17 and isinstance(hand.get("passes"), dict):
        _pass_change(hand, rng)
    elif kind == 17 and isinstance(hand.get("deal"), dict):  # a pass written on a hand with none
        count = rng.choice([1, 3])
        hand["passes"] = {n: cards[:count] for n, cards in hand["deal"].items() if isinstance(cards, list)}
    elif kind in (22, 23) and isinstance(hand.get("deal", hand.get("draw")), dict):  # a card dealt twice
        dealt = hand["deal"] if "deal" in hand else hand["draw"]
        names = [n for n, cards in dealt.items() if isinstance(cards, list) and cards]
        if len(names) > 1:
            a, b = rng.sample(names, 2)
            dealt[b][rng.randrange(len(dealt[b]))] = rng.choice(dealt[a])  # in place of one of theirs
            if rng.random() < 0.3:
                dealt[b].append(rng.choice(dealt[a]))  # or beside them
    elif kind == 24:  # a member moved from one object to another: the text's colons as many as before
        objects = [p for p in _paths(doc) if p and _at(doc, p)]
        if len(objects) > 1:
            a, b = (_at(doc, p) for p in rng.sample(objects, 2))
            key = rng.choice(list(b))
            if key not in a:
                a[key] = b.pop(key)
    elif kind in (20, 21) and len(doc["hands"]) > 1:
        _shift(doc["hands"], rng)
    elif kind in (18, 19) and isinstance(hand.get("deal", hand.get("draw")), dict):  # two cards or tiles swapped
        _relabel(hand, rng)
    return f"change {kind}"


def _shift(hands: list[Any], rng: random.Random) -> None:
    """One member of a hand's field (a bid, a trick, a passer's cards, a side's score, a player's card, a play)
    moved to the same field of the next hand, or dropped from one hand and another's doubled: every hand keeps its
    form, so a reader that reads a field of all the hands at once and cuts it into hands must cut it right."""
    i = rng.randrange(len(hands) - 1)
    a, b = hands[i], hands[i + 1]
    key = rng.choice(
        [k for k in ("bids", "tricks", "passes", "score", "deal", "plays", "draw") if k in a and k in b] or [""]
    )
    if not key:
        return
    x, y = a[key], b[key]
    if isinstance(x, list) and isinstance(y, list) and x:
        y.insert(rng.randrange(len(y) + 1), x.pop(rng.randrange(len(x))))
    elif isinstance(x, dict) and isinstance(y, dict) and x:
        name = rng.choice(sorted(x))
        if key in ("deal", "draw") and isinstance(x[name], list) and x[name] and isinstance(y.get(name), list):
            y[name].append(x[name].pop())  # a card (tile) of one hand's deal dealt in the next hand
        elif name not in y:
            y[name] = x.pop(name)
        else:
            y[name], x[name] = x[name], y[name]
    if rng.random() < 0.3 and isinstance(a.get("tricks"), list) and a["tricks"]:  # a trick of one hand cut short
        trick = rng.choice(a["tricks"])
        if isinstance(trick, list) and len(trick) > 1:
            trick.pop()


def _relabel(hand: dict[str, Any], rng: random.Random) -> None:
    """Two cards of the deal (tiles of the draw) swapped wherever the hand names them: the record stays
    consistent, the deal, pass and play all as if the cards had been dealt the other way, but the play may now
    break a rule (a card not followed, a heart led, the opening card's holder not leading) or the score differ."""
    dealt = hand["deal"] if "deal" in hand else hand["draw"]
    cards = [c for held in dealt.values() if isinstance(held, list) for c in held if isinstance(c, str)]
    if len(cards) < 2:
        return
    a, b = rng.sample(cards, 2)

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return b if value == a else a if value == b else value

    for key in ("deal", "passes", "tricks", "events", "leftover", "draw", "boneyard", "plays"):
        if key in hand:
            hand[key] = swap(hand[key])


def _pass_change(hand: dict[str, Any], rng: random.Random) -> None:
    """A pass changed: a card moved to another passer, swapped for a card of another's deal, passed twice, a
    passer left out or added, the passes written in another order, or on a hand with no pass."""
    passes = hand["passes"]
    names = [n for n in passes if isinstance(passes[n], list)]
    kind = rng.randrange(7)
    if kind == 0 and len(names) > 1:
        a, b = rng.sample(names, 2)
        if passes[a]:
            passes[b].append(passes[a].pop(rng.randrange(len(passes[a]))))
    elif kind == 1 and names and isinstance(hand.get("deal"), dict):
        a = rng.choice(names)
        others = [c for n, cards in hand["deal"].items() if n != a and isinstance(cards, list) for c in cards]
        if passes[a] and others:
            passes[a][rng.randrange(len(passes[a]))] = rng.choice(others)
    elif kind == 2 and names:
        a = rng.choice(names)
        if passes[a]:
            passes[a][-1] = passes[a][0]
    elif kind == 3 and names:
        del passes[rng.choice(names)]
    elif kind == 4:
        hand["passes"] = dict(reversed(passes.items()))
    elif kind == 5 and names:  # a passer's cards given to the next player: each a card the passer held
        a = rng.choice(names)
        passes[a] = rng.choice([[], passes[a][:1], [*passes[a], *passes[a][:1]]])
    else:
        hand.pop("passes")


def as_text(doc: dict[str, Any], rng: random.Random, what: list[str]) -> str:
    """A game's JSON text, with players renamed, duplicate keys, numbers written oddly, other separators."""
    for old in doc["players"] if isinstance(doc["players"], list) else []:
        if rng.random() < 0.1 and isinstance(old, str):
            new = rng.choice(NAMES)
            with contextlib.suppress(ValueError):
                doc = json.loads(json.dumps(doc).replace(json.dumps(old), json.dumps(new)))
                what.append(f"{old} named {new!r}")
    dups: dict[Any, Any] = {}
    if rng.random() < 0.5:
        objects = _paths(doc)
        for _ in range(rng.choice([1, 1, 2, 4, 8, 13])):
            dups[rng.choice(objects)] = rng.choice(["same", None, "same", 5, "AS"])
        what.append(f"{len(dups)} duplicates")
    numbers: dict[Any, str] = {}
    if rng.random() < 0.3:
        places = [p for p in _paths(doc, objects=False) if type(_at(doc, p)) in (int, float, bool)]
        for place in rng.sample(places, min(len(places), rng.randint(1, 3))):
            numbers[place] = rng.choice(NUMBERS)
        what.append(f"numbers {numbers}")
    sep = rng.choice([(",", ":"), (",", ":"), (", ", ": "), (",", " :"), (",", ":\t")])
    return dumps(doc, dups, numbers, sep)


@functools.cache
def _raw_specs() -> dict[str, Any]:
    ids = [s for s in bundled_ids() if not s.startswith("dominoes/")]
    return {s: yaml.safe_load((ROOT / "rules" / f"{s}.yaml").read_text("utf-8")) for s in ids}


def variant(rng: random.Random, number: int, folder: Path) -> Path:
    """A spec of one bundled trick spec with clauses of others (see the module's docstring)."""
    raws = _raw_specs()
    base = rng.choice(sorted(raws))
    doc: dict[str, Any] = {"spec": 1, "id": f"club/v{number}", "title": "variant", "extends": base, "summary": "v"}
    for _ in range(rng.randint(1, 4)):
        other = raws[rng.choice(sorted(raws))]
        section = rng.choice([s for s, body in other.items() if isinstance(body, dict) and s not in ("source",)])
        name = rng.choice(sorted(other[section]))
        doc.setdefault(section, {})[name] = other[section][name]
    path = folder / f"variant-{number}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), "utf-8")
    return path


def one_game(spec: Any, rng: random.Random) -> tuple[str, bool, list[str]] | None:
    """A simulated game of ``spec`` (a player count drawn), changed: its text, whether YAML, what was done."""
    seats = None if spec.family == "dominoes" else rng.choice(tables_for(spec).seat_counts)
    try:
        doc = simulate_game(spec, random.Random(rng.randrange(10**9)), seats=seats)
    except Exception:  # the simulator plays the bundled specs; a variant it cannot play is audited still
        return None
    if rng.random() < 0.7:  # a few hands; else the whole game, to its end (a target reached, hands after it)
        doc["hands"] = doc["hands"][: rng.randint(1, 5)]
    what = []
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
        try:
            what.append(change(doc, rng))
        except (TypeError, KeyError, IndexError, ValueError, AttributeError, StopIteration):  # no room left for it
            what.append("a change that did not apply")
    if rng.random() < 0.2:  # YAML, some objects shared (anchors and aliases)
        if len(doc["hands"]) > 1 and rng.random() < 0.5:
            a, b = rng.sample(range(len(doc["hands"])), 2)
            key = rng.choice(["deal", "bids", "tricks", "score", "draw", "plays"])
            if key in doc["hands"][a]:
                doc["hands"][b][key] = doc["hands"][a][key]
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), True, [*what, "yaml"]
    return as_text(doc, rng, what), False, what


def main() -> None:
    """Run a campaign as the command line says; exit 1 where any game differs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only specs whose id holds this")
    parser.add_argument("--variants", action="store_true", help="specs mixed from the bundled ones")
    parser.add_argument("--out", type=Path, default=Path("fast-path-findings"))
    parser.add_argument("--kinds", default="", help="only these changes, by number (24,22: see change)")
    args = parser.parse_args()
    KINDS[:] = [int(k) for k in args.kinds.split(",") if k]
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    ids = [s for s in bundled_ids() if args.only is None or args.only in s]
    specs = [referee.load_spec(s) for s in ids] + [referee.load_spec(p) for p in CLUB_SPECS if args.only is None]
    if args.variants:
        spec_module.misquotes = lambda spec: []
    found = 0
    for number in range(args.games):
        try:
            spec = referee.load_spec(variant(rng, number, args.out)) if args.variants else rng.choice(specs)
            options = {n: rng.choice(o.values or [60, 150, 300]) for n, o in spec.options.items() if rng.random() < 0.5}
            spec = spec.with_options(options) if options else spec
            made = one_game(spec, rng)
        except InputError:
            continue  # a variant the spec checks refuse
        if made is None:
            continue
        text, as_yaml, what = made
        fast, slow = outcome(spec, text, False, as_yaml), outcome(spec, text, True, as_yaml)
        if fast != slow or (isinstance(fast, tuple) and fast[0] == "crash"):
            found += 1
            record = {"spec": spec.id, "options": spec.chosen, "what": what, "text": text, "fast": fast, "slow": slow}
            (args.out / f"differs-{args.seed}-{number}.json").write_text(json.dumps(record, default=str), "utf-8")
            print(f"game {number}: {spec.id} {what}: the fast and careful paths differ", flush=True)
    print(f"{args.games} games, {found} differing (seed {args.seed})", file=sys.stderr)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
