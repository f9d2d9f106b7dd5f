"""The clean-hand check of a domino hand's turns is held to the turn-by-turn replay: the same report, to the
byte, on legal simulated games and on games with one turn changed, under every bundled domino spec; and it does
answer for the ordinary hands (else it would be held to nothing)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lanes import counted

import referee
from referee import load_spec, render
from referee.documents import parse_yaml
from referee.dominoes import audit as domino_audit
from referee.dominoes import clean_turns as clean_module
from referee.dominoes.tables import tables_for
from referee.dominoes.tiles import HALVES
from referee.errors import InputError, Location
from referee.gamelog import from_document
from referee.simulate import simulate_game
from referee.spec import bundled_ids

CORPUS = Path(__file__).resolve().parents[1] / "conformance"
SPECS = [spec_id for spec_id in bundled_ids() if spec_id.startswith("dominoes/")]
TILES = [f"{h}-{lo}" for h, lo in HALVES]
CHECKS = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def _report(rules: str, document: Any) -> str:
    """The JSON report of a game, or its error's message."""
    try:
        return render.as_json(referee.audit(rules, from_document(document, Location(file="g.json"))))
    except InputError as exc:
        return f"error: {exc.message}"


def _held_to_replay(rules: str, document: Any) -> list[int]:
    """The report with the clean-hand check and without it are the same; how many hands the check answered
    for, and how many it handed to the replay."""
    counting, counts = counted(clean_module.clean_turns)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(domino_audit, "clean_turns", counting)
        fast = _report(rules, copy.deepcopy(document))
        patch.setattr(domino_audit._Audit, "clean_hands", False)
        assert fast == _report(rules, copy.deepcopy(document))
    return counts


def test_the_conformance_corpus_reports_the_same() -> None:
    compared = 0
    for path in sorted(CORPUS.glob("*/*.yaml")):
        case = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        rules, document = case.get("rules"), case.get("log")
        if not isinstance(document, dict) or not str(rules).startswith("dominoes/"):
            continue
        if case.get("options"):
            document = {**document, "game": {**document.get("game", {}), "options": case["options"]}}
        _held_to_replay(str(rules), document)
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("rules", SPECS)
def test_simulated_games_are_mostly_clean_hands(rules: str) -> None:
    answered = handed = 0
    for seed in range(4):
        found = _held_to_replay(rules, simulate_game(load_spec(rules), random.Random(seed)))
        answered, handed = answered + found[0], handed + found[1]
    assert answered > 3 * handed, "ordinary legal hands should not need the turn-by-turn replay"


@CHECKS
@given(st.sampled_from(SPECS), st.integers(0, 10**6), st.integers(2, 4))
def test_legal_games_give_the_replays_report(rules: str, seed: int, players: int) -> None:
    spec = load_spec(rules)
    names = ("Ann", "Bob", "Cat", "Dan")[:players]
    try:
        document = simulate_game(spec, random.Random(seed), players=names)
    except InputError:  # a spec for other numbers of players
        document = simulate_game(spec, random.Random(seed))
    _held_to_replay(rules, document)


def _mutate(document: Any, choose: st.DataObject) -> None:
    """One turn of one hand changed in one way, the hand's turns cut, doubled or swapped, or tiles given to
    other hands than those that drew them (so that a play is of a tile not held, or a knock or a draw holds a
    tile that plays, or a turn out of turn by a player who holds the tile)."""
    hands = [hand for hand in document["hands"] if hand.get("plays")]
    if not hands:
        return
    hand = choose.draw(st.sampled_from(hands))
    plays, draw = hand["plays"], hand["draw"]
    i = choose.draw(st.integers(0, len(plays) - 1))
    ((name, value),) = plays[i].items()
    kinds = ["tile", "end", "points", "seat", "knock", "draw", "cut", "twice", "swap", "given", "boneyard", "reseat"]
    kinds += ["more"]
    kind = choose.draw(st.sampled_from(kinds))
    if kind in ("tile", "end", "points"):
        laid = isinstance(value, dict) and "tile" in value
        value = dict(value) if laid else {"tile": choose.draw(st.sampled_from(TILES))}
        if kind == "tile":
            value["tile"] = choose.draw(st.sampled_from(TILES))
        elif kind == "end":
            value["end"] = choose.draw(st.sampled_from(["left", "right", "up", "down"]))
        else:
            value["points"] = choose.draw(st.sampled_from([0, 5, 10, 15, 20, 25, 3]))
        plays[i] = {name: value}
    elif kind in ("seat", "reseat"):
        other = choose.draw(st.sampled_from([p for p in document["players"] if p != name]))
        plays[i] = {other: value}
        tile = value.get("tile") if isinstance(value, dict) else value
        if kind == "reseat" and tile in draw[name]:  # the tile moves with the turn: only the turn order is wrong
            draw[name].remove(tile)
            draw[other].append(tile)
    elif kind == "knock":
        plays[i] = {name: "knock"}
    elif kind == "draw":
        plays[i] = {name: {"draw": choose.draw(st.sampled_from(TILES))}}
    elif kind == "more":  # a turn after the hand's end (a knock, as on a locked board, or another)
        after = st.sampled_from([p for p in document["players"]])
        plays.append({choose.draw(after): choose.draw(st.sampled_from(["knock", copy.deepcopy(value)]))})
    elif kind == "cut":
        del plays[i:]
    elif kind == "twice":
        plays.insert(i, copy.deepcopy(plays[i]))
    elif kind == "swap":
        if i + 1 < len(plays):
            plays[i], plays[i + 1] = plays[i + 1], plays[i]
    else:
        # a tile of one player's draw changes places with another player's, or with one of the boneyard
        one, two = choose.draw(st.permutations(list(draw)))[:2]
        theirs = draw[two] if kind == "given" or not hand.get("boneyard") else hand["boneyard"]
        a, b = choose.draw(st.integers(0, len(draw[one]) - 1)), choose.draw(st.integers(0, len(theirs) - 1))
        draw[one][a], theirs[b] = theirs[b], draw[one][a]


@CHECKS
@given(st.sampled_from(SPECS), st.integers(0, 10**6), st.data())
def test_games_with_a_turn_changed_give_the_replays_report(rules: str, seed: int, choose: st.DataObject) -> None:
    document = simulate_game(load_spec(rules), random.Random(seed))
    for _ in range(choose.draw(st.integers(1, 3))):
        _mutate(document, choose)
    _held_to_replay(rules, document)


@pytest.mark.parametrize("rules", SPECS)
def test_a_play_written_with_other_points_gives_the_replays_report(rules: str) -> None:
    # one turn of one hand at a time, so that nothing else in the hand sends it to the replay
    document = simulate_game(load_spec(rules), random.Random(2))
    for h, hand in enumerate(document["hands"][:3]):
        for i in range(0, len(hand.get("plays", ())), 4):
            changed = copy.deepcopy(document)
            (value,) = changed["hands"][h]["plays"][i].values()
            if isinstance(value, dict) and "tile" in value:
                value["points"] = value.get("points", 0) + 5
                _held_to_replay(rules, changed)


@pytest.mark.parametrize("rules", SPECS)
def test_a_turn_taken_out_of_turn_gives_the_replays_report(rules: str) -> None:
    # by the next player round, holding the tile (moved to their draw), or two turns taken in the other order
    document = simulate_game(load_spec(rules), random.Random(3))
    players = document["players"]
    for h, hand in enumerate(document["hands"][:3]):
        for i in range(0, len(hand.get("plays", ())) - 1, 3):
            changed = copy.deepcopy(document)
            plays, draw = changed["hands"][h]["plays"], changed["hands"][h]["draw"]
            ((name, value),) = plays[i].items()
            other = players[(players.index(name) + 1) % len(players)]
            tile = value.get("tile") if isinstance(value, dict) else value
            if tile in draw[name]:
                draw[name].remove(tile)
                draw[other].append(tile)
            plays[i] = {other: value}
            _held_to_replay(rules, changed)
            swapped = copy.deepcopy(document)
            plays = swapped["hands"][h]["plays"]
            plays[i], plays[i + 1] = plays[i + 1], plays[i]
            _held_to_replay(rules, swapped)


def test_a_turn_after_the_game_is_won_gives_the_replays_report() -> None:
    # All Fives is won the moment a side reaches the target, in mid-hand: a turn after that is the replay's
    tried = 0
    for seed in range(6):
        document = simulate_game(load_spec("dominoes/all-fives"), random.Random(seed))
        plays = document["hands"][-1].get("plays")
        if not plays:
            continue
        ((name, _),) = plays[-1].items()
        players = document["players"]
        after = players[(players.index(name) + 1) % len(players)]
        for extra in ("knock", {"tile": "6-6", "end": "left", "points": 0}):
            changed = copy.deepcopy(document)
            changed["hands"][-1]["plays"].append({after: extra})
            _held_to_replay("dominoes/all-fives", changed)
            tried += 1
    assert tried


DRAWING = [rules for rules in SPECS if load_spec(rules).value("layout.unable", "action", "knock") == "draw"]


@pytest.mark.parametrize("rules", DRAWING)
def test_a_draw_of_a_tile_not_in_the_boneyard_gives_the_replays_report(rules: str) -> None:
    # the tile drawn is one another player drew at the deal: a draw the clean check must not pass, though the
    # rest of the hand may go on as if it were regular
    document = simulate_game(load_spec(rules), random.Random(4))
    tried = 0
    for h, hand in enumerate(document["hands"][:4]):
        for i, turn in enumerate(hand.get("plays", ())):
            ((name, value),) = turn.items()
            if not (isinstance(value, dict) and "draw" in value):
                continue
            for other, tiles in hand["draw"].items():
                if other != name and tiles:
                    changed = copy.deepcopy(document)
                    changed["hands"][h]["plays"][i] = {name: {"draw": tiles[0]}}
                    assert "tile_not_in_boneyard" in _report(rules, changed)
                    _held_to_replay(rules, changed)
                    tried += 1
                    break
    assert tried


LONG_FIVES = """\
spec: 1
id: test/long-fives
title: All Fives played on past its target (a test)
extends: dominoes/all-fives
game_end:
  target:
    interpretation: A test's game that goes on past the sheet's target, to give a legal turn after a winning one.
    points: 100000
"""


def test_a_legal_turn_after_the_turn_that_won_gives_the_replays_report(tmp_path: Path) -> None:
    # All Fives is won the moment a side reaches 150, in mid-hand. The same seed played to a far target plays on
    # with the same tiles and choices, so its next turn is a legal one: the clean check must still leave it to
    # the replay, which says the game was over
    spec_file = tmp_path / "long-fives.yaml"
    spec_file.write_text(LONG_FIVES, encoding="utf-8")
    tried = 0
    for seed in range(8):
        document = simulate_game(load_spec("dominoes/all-fives"), random.Random(seed))
        longer = simulate_game(load_spec(str(spec_file)), random.Random(seed))
        last = len(document["hands"]) - 1
        plays, more = document["hands"][last]["plays"], longer["hands"][last]["plays"]
        if len(more) <= len(plays) or more[: len(plays)] != plays:
            continue  # the game ended with the hand, or the two games went apart
        plays.append(more[len(plays)])
        _held_to_replay("dominoes/all-fives", document)
        tried += 1
    assert tried >= 3


KNOCKING_FIVES = """\
spec: 1
id: test/knocking-fives
title: All Fives with the leftover tiles asleep, a player unable to play knocking (a test)
extends: dominoes/all-fives
draw:
  leftover:
    interpretation: A test's game in which the board often locks, no tile being left to draw.
    tiles: sleeping
layout:
  unable:
    interpretation: A test's game in which the board often locks, no tile being left to draw.
    action: knock
game_end:
  target:
    interpretation: A test's game that ends where the test says.
    points: TARGET
"""


def _locked_by_a_scoring_play(rules: str) -> tuple[Any, int, int, int] | None:
    """A game simulated under ``rules``, a hand of it that ends on a locked board, the seat whose scoring play
    locked it, and that seat's total the moment it did, reached by no one before (None: none in the seeds)."""
    spec = load_spec(rules)
    side_of = tables_for(spec, 4).side_of
    for seed in range(40):
        document = simulate_game(spec, random.Random(seed))
        report = referee.audit(spec, from_document(copy.deepcopy(document), Location(file="g.json")))
        seat_of = {name: seat for seat, name in enumerate(document["players"])}
        before = [0] * 4
        for h, (hand, line) in enumerate(zip(document["hands"], report.hands, strict=False)):
            made = [0] * 4
            last = (0, 0)
            for turn in hand.get("plays", ()):
                ((name, value),) = turn.items()
                if isinstance(value, dict) and "tile" in value:
                    last = (side_of[seat_of[name]], value.get("points") or 0)
                    made[last[0]] += last[1]
            side, points = last
            target = before[side] + made[side]
            if (
                (line.note or "").startswith("blocked")
                and points
                and all(before[s] + made[s] < target for s in range(4) if s != side)
            ):
                return document, h, side, target
            before = list(line.totals)
    return None


def test_a_knock_after_the_winning_turn_on_a_locked_board_gives_the_replays_report(tmp_path: Path) -> None:
    # The play that locks the board brings its player to the target (a test spec sets the target there), and
    # the next player knocks: a knock on a locked board is one the clean check may pass, but not after the turn
    # that won the game, which the replay reports
    spec_file = tmp_path / "knocking-fives.yaml"
    spec_file.write_text(KNOCKING_FIVES.replace("TARGET", "100000"), encoding="utf-8")
    found = _locked_by_a_scoring_play(str(spec_file))
    assert found is not None
    document, h, side, target = found
    spec_file.write_text(KNOCKING_FIVES.replace("TARGET", str(target)), encoding="utf-8")
    document["hands"] = document["hands"][: h + 1]
    plays = document["hands"][h]["plays"]
    while "tile" not in next(iter(plays[-1].values())):
        plays.pop()  # the knocks after the locking play, if the log wrote any
    players = document["players"]
    plays.append({players[(side + 1) % len(players)]: "knock"})
    counts = _held_to_replay(str(spec_file), document)
    assert counts[0] >= h  # the hands before were the clean check's
    assert "game_continued" in _report(str(spec_file), document)


def _locked_hands(rules: str, seeds: range) -> list[tuple[Any, int]]:
    """Games simulated under ``rules`` with a hand of each that ends on a locked board (its index), each game cut
    after that hand (the hands after it hold nothing this asks about, and a game to a high target holds
    thousands)."""
    spec = load_spec(rules)
    found = []
    for seed in seeds:
        document = simulate_game(spec, random.Random(seed))
        report = referee.audit(spec, from_document(copy.deepcopy(document), Location(file="g.json")))
        for h, line in enumerate(report.hands):
            if (line.note or "").startswith("blocked") and document["hands"][h].get("plays"):
                found.append(({**document, "hands": document["hands"][: h + 1]}, h))
                break
    return found


@pytest.mark.parametrize("rules", [*SPECS, "knocking"])
def test_a_turn_after_the_board_locked_gives_the_replays_report(rules: str, tmp_path: Path) -> None:
    # The clean check learns that the board is locked only at the next knock or draw, or when the turns run
    # out: a draw or a play after the lock is the replay's (play went on after the hand was over), a knock by
    # anyone is not, and a locked board's hand with no turn after is the clean check's
    if rules == "knocking":
        spec_file = tmp_path / "knocking-fives.yaml"
        spec_file.write_text(KNOCKING_FIVES.replace("TARGET", "100000"), encoding="utf-8")
        rules = str(spec_file)
    found = _locked_hands(rules, range(12))
    assert found, "some simulated hands end on a locked board"
    for document, h in found:
        counts = _held_to_replay(rules, document)
        assert counts[0] > h  # the locked hand is the clean check's
        plays = document["hands"][h]["plays"]
        for name in document["players"]:
            held = [t for t in document["hands"][h]["draw"][name] if all(t not in str(p) for p in plays)]
            for extra in ["knock", {"draw": TILES[0]}, *({"tile": t, "end": "left"} for t in held[:1])]:
                changed = copy.deepcopy(document)
                changed["hands"][h]["plays"].append({name: extra})
                _held_to_replay(rules, changed)
                if extra != "knock":
                    assert "play_after_hand_end" in _report(rules, changed)


def test_a_tile_drawn_twice_and_played_once_is_still_in_the_other_hand() -> None:
    # A tile drawn by two players, played by one: the other's copy can still be played, so the board is not
    # locked, and the hand stops short (the replay's reading). The clean check counted the tiles in hand as one
    # set, the played copy took both away, and it found the board locked and scored the hand. Found by check4
    # (a CLI-level comparison with every fast path off, dominoes/block-partners).
    document = {
        "log": 1,
        "game": {"rules": "dominoes/block-partners"},
        "players": ["North", "East", "South", "West"],
        "hands": [
            {
                "draw": {
                    "North": ["0-0", "2-0", "4-3", "6-0", "6-3", "6-5", "6-4"],
                    "East": ["2-1", "2-2", "3-3", "4-0", "5-2", "6-4"],
                    "South": ["1-1", "4-1", "5-0", "5-1", "5-4", "6-6"],
                    "West": ["1-0", "3-0", "3-2", "4-4", "5-3", "6-1"],
                },
                "plays": [
                    {"South": "6-6"},
                    {"West": {"tile": "6-1", "end": "right"}},
                    {"North": {"tile": "6-0", "end": "left"}},
                    {"East": {"tile": "2-1", "end": "right"}},
                    {"South": {"tile": "5-0", "end": "left"}},
                    {"West": {"tile": "5-3", "end": "left"}},
                    {"North": {"tile": "4-3", "end": "left"}},
                    {"East": {"tile": "2-2", "end": "right"}},
                    {"South": {"tile": "5-4", "end": "left"}},
                    {"West": {"tile": "3-2", "end": "right"}},
                    {"North": {"tile": "6-5", "end": "left"}},
                    {"East": {"tile": "6-4", "end": "left"}},
                    {"South": {"tile": "4-1", "end": "left"}},
                    {"West": {"tile": "1-0", "end": "left"}},
                    {"North": {"tile": "6-3", "end": "right"}},
                    {"East": {"tile": "4-0", "end": "left"}},
                    {"South": "knock"},
                    {"West": {"tile": "4-4", "end": "left"}},
                ],
                "award": {"North": 6},
                "score": {"North": {"hand": 6, "total": 6}, "East": {"hand": 0, "total": 0}},
            }
        ],
    }
    _held_to_replay("dominoes/block-partners", document)
    assert "the hand stops before anyone went out or the board locked" in _report("dominoes/block-partners", document)


@pytest.mark.parametrize("rules", SPECS)
def test_a_tile_in_two_hands_with_the_right_counts_gives_the_replays_report(rules: str) -> None:
    # Each player draws as many tiles as the rules say, but one holds a tile another drew in place of one of
    # their own: the count alone does not show it, the check of the draw must (clean_turns counts on no tile in
    # two hands), and a play of either copy leaves the other in hand, as the replay finds.
    document = simulate_game(load_spec(rules), random.Random(5))
    for h, hand in enumerate(document["hands"][:4]):
        names = [name for name, tiles in hand["draw"].items() if tiles]
        for giver, taker in zip(names, names[1:] + names[:1], strict=True):
            for place in (0, -1):
                changed = copy.deepcopy(document)
                draw = changed["hands"][h]["draw"]
                draw[taker][place] = draw[giver][place]
                _held_to_replay(rules, changed)
                assert "drawn twice" in _report(rules, changed)
