"""The whole-game checks of the plain lane (Spades): the play of every hand of a game checked at once
(clean_game.clean_hands, books a side), the leads a rule holds back until a suit is broken, and every hand's
bidding read at once (bidding.game_contracts). Each answers for a hand exactly what the hand's own check answers,
or leaves it to that check; every report is the same with them and without them."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from lanes import WHERE, both_ways, corpus_agrees, tampered_both_ways

import referee
from referee.tricks import bidding, clean_game, clean_hand, game_lane, replay_play
from referee.tricks.cards import TOKENS
from referee.tricks.clean_lane import lane_for
from referee.tricks.log import compact_tricks, read_fast
from referee.tricks.simulate import simulate_game
from referee.tricks.tables import tables_for
from tricks.test_plain_lane import CHANGES, _change

NAMES = ["North", "East", "South", "West"]
PLAIN = [
    "spades/intramural",
    "spades/tournament-jjdd",
]  # the plain lane's specs whose first leader is the dealer's left
GAME_CHECKS = [(clean_game, "clean_hands"), (bidding, "game_contracts")]


def _tables(rules: str) -> tuple[Any, Any]:
    t = tables_for(referee.load_spec(rules), 4)
    return t, lane_for(t)


def _log(document: Any) -> Any:
    log = read_fast(copy.deepcopy(document), WHERE)
    assert log is not None
    return log


def _alone(t: Any, lane: Any, hands: Any) -> list[Any]:
    """Each hand's books and points checked alone (no pass on these rules), or None."""
    answers = []
    for hand in hands:
        clean = replay_play.dealt_and_played(t, hand, hand.dealer, lane)
        answers.append(None if clean is None else (tuple(clean.books), tuple(clean.taken)))
    return answers


def _answers(rules: str, document: Any) -> tuple[Any, list[Any]]:
    t, lane = _tables(rules)
    hands = _log(document).hands
    return clean_game.clean_hands(t, lane, hands), _alone(t, lane, hands)


def _reports(rules: str, document: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """The report of the game read in one pass with the game's checks, and without them (each hand alone)."""

    def report() -> Any:
        return referee.audit(rules, _log(document)).as_dict()

    with_them = report()
    for owner, name in GAME_CHECKS:
        monkeypatch.setattr(owner, name, lambda *args: None)
    without = report()
    monkeypatch.undo()
    return with_them, without


def _trick(leader: str, cards: list[str]) -> list[dict[str, str]]:
    at = NAMES.index(leader)
    return [{NAMES[(at + k) % 4]: card} for k, card in enumerate(cards)]


def _game(rules: str, *hands: Any) -> Any:
    return {"log": 1, "game": {"rules": rules}, "players": NAMES, "hands": [*hands]}


def _suit(t: Any, card: str) -> int:
    return int(t.suit[TOKENS[card]])


def _trumps_hand(other: str | None) -> Any:
    """A tournament hand dealt by West: North leads the AH, all follow, then leads the BJ to the second trick, no
    trump played before it, and the rest of the trumps from the top. North holds only trumps then (``other``
    None), or the KH besides, led to the last trick (``other`` "KH": West then holds the 7S in its place, and
    follows the BJ with it).

    North: AH, BJ LJ 2D 2S AS KS QS JS 10S 9S 8S 7S (or KH for the 7S); East: 3H, 3S to 6S, 3C to 10C; South: 4H,
    3D to AD; West: 5H to KH, JC to AC (or 5H to QH, 7S, JC to AC). North wins every trick: the AH above the hearts,
    then every trump above East's and West's, and (``other``) the KH above West's QH."""
    trumps = ["BJ", "LJ", "2D", "2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]
    east = ["3H", "3S", "4S", "5S", "6S", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]
    south = ["4H", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"]
    if other is None:
        north = ["AH", *trumps]
        west = ["5H", "JC", "QC", "KC", "AC", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    else:
        north = ["AH", *trumps[:-1], other]
        west = ["5H", "7S", "JC", "QC", "KC", "AC", "6H", "7H", "8H", "9H", "10H", "JH", "QH"]
    deal = {"North": north, "East": east, "South": south, "West": west}
    plays = [_trick("North", [north[k], east[k], south[k], west[k]]) for k in range(13)]
    return {"dealer": "West", "deal": deal, "tricks": plays}


def test_a_trump_led_before_trumps_are_broken_by_a_player_holding_only_trumps_is_left_to_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The second trick's lead, the BJ, comes before any trump was played: allowed only to a player holding nothing
    # else, which only the hand's own check can say (North does): it answers the hand, the game's check leaves it.
    # North took all 13 tricks: North & South 13 books, East & West 0.
    hand = _trumps_hand(None)
    game, alone = _answers("spades/tournament-jjdd", _game("spades/tournament-jjdd", hand))
    assert game == [None]
    assert alone == [((13, 0), (0, 0, 0, 0))]
    with_them, without = _reports("spades/tournament-jjdd", _game("spades/tournament-jjdd", hand), monkeypatch)
    assert with_them == without
    assert with_them["violations"] == []


def test_a_trump_led_before_trumps_are_broken_holding_another_suit_is_left_to_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # North leads the BJ to the second trick still holding the KH: spades not led until broken, an illegal lead
    hand = _trumps_hand("KH")
    document = _game("spades/tournament-jjdd", hand)
    game, alone = _answers("spades/tournament-jjdd", document)
    assert game == alone == [None]
    with_them, without = _reports("spades/tournament-jjdd", document, monkeypatch)
    assert with_them == without
    assert [(v["code"], v["location"]["hand"], v["location"]["trick"]) for v in with_them["violations"]] == [
        ("illegal_lead", 1, 2)
    ]


def test_trumps_broken_in_one_hand_are_not_broken_in_the_next() -> None:
    # The first hand breaks trumps (North leads them from the second trick, holding only trumps); the second,
    # North's illegal early BJ, must not read them as broken by the first hand's tricks
    document = _game("spades/tournament-jjdd", _trumps_hand(None), _trumps_hand("KH"))
    game, alone = _answers("spades/tournament-jjdd", document)
    assert alone == [((13, 0), (0, 0, 0, 0)), None]
    assert game == [None, None]
    # and the hand that breaks them by its second trick, then the same hand: each left to its own check
    twice = _game("spades/tournament-jjdd", _trumps_hand(None), _trumps_hand(None))
    assert _answers("spades/tournament-jjdd", twice) == ([None, None], [((13, 0), (0, 0, 0, 0))] * 2)


def _first_trump_discarded(t: Any, hand: Any) -> bool:
    """Whether the hand's first trump was played to a trick led in another suit, and a trump was led to a later
    trick (its lead then allowed, trumps being broken)."""
    tricks = [[next(iter(play.values())) for play in trick] for trick in hand["tricks"]]
    first = next((k for k, cards in enumerate(tricks) if any(_suit(t, c) == t.trump for c in cards)), None)
    if first is None or _suit(t, tricks[first][0]) == t.trump:
        return False
    return any(_suit(t, cards[0]) == t.trump for cards in tricks[first + 1 :])


def test_a_trump_led_after_trumps_were_broken_by_a_discard_is_answered_by_the_game() -> None:
    t, _ = _tables("spades/tournament-jjdd")
    found = 0
    for seed in range(40):
        document = simulate_game(referee.load_spec("spades/tournament-jjdd"), random.Random(seed))
        game, alone = _answers("spades/tournament-jjdd", document)
        assert game is not None
        for number, hand in enumerate(document["hands"]):
            if _first_trump_discarded(t, hand):
                assert game[number] is not None and game[number] == alone[number]
                found += 1
    assert found > 20


def test_a_card_taken_back_leaves_its_hand_to_the_hand() -> None:
    # the tournament sheet lets a card be taken back: the hand's own check leaves such a hand to the replay
    # (the one-pass reader gives no play bytes to a hand with events: given here, as another reader might)
    t, lane = _tables("spades/tournament-jjdd")
    document = simulate_game(referee.load_spec("spades/tournament-jjdd"), random.Random(5))
    hand = document["hands"][2]
    seat, card = next(iter(hand["tricks"][3][1].items()))
    hand["events"] = [{"type": "card_taken_back", "seat": seat, "trick": 4, "card": card}]
    hands = _log(document).hands
    object.__setattr__(hands[2], "play_bytes", clean_hand._play_bytes(lane, hands[2].tricks))
    game, alone = clean_game.clean_hands(t, lane, hands), _alone(t, lane, hands)
    assert alone[2] is None and game is not None and game[2] is None
    for found, wanted in zip(game, alone, strict=True):
        assert found is None or found == wanted
    assert sum(found is not None for found in game) > 3


def test_a_game_of_one_hand_is_scored_from_the_game_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    # Intramural deck: 52 cards, the jokers trumps, the 2C and 2D out. North holds the jokers and AS to 4S, East
    # the 3S, 2S and 3C to KC, South the AC and 3D to AD, West the hearts. North leads (West deals) every trump
    # from the top and wins all 13 tricks. Bids: West 1, North 7, East 3, South 3: North & South 10, East & West 4.
    # North & South made 10 with 13 books: 10 x 10 + 3 overtricks at a point = 103; East & West set, 4 x -10 = -40.
    trumps = ["BJ", "LJ", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S"]
    clubs = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    diamonds = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"]
    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    deal = {"North": trumps, "East": ["3S", "2S", *clubs], "South": ["AC", *diamonds], "West": hearts}
    plays = [_trick("North", [trumps[k], deal["East"][k], deal["South"][k], hearts[k]]) for k in range(13)]
    hand = {
        "dealer": "West",
        "deal": deal,
        "bids": [{"West": 1}, {"North": 7}, {"East": 3}, {"South": 3}],  # from the dealer, clockwise
        "tricks": plays,
        "score": {"North": {"hand": 103, "total": 103}, "East": {"hand": -40, "total": -40}},
    }
    document = _game("spades/intramural", hand)
    game, alone = _answers("spades/intramural", document)
    assert game == alone == [((13, 0), (0, 0, 0, 0))]
    with_them, without = _reports("spades/intramural", document, monkeypatch)
    assert with_them == without
    assert with_them["status"] == "clean"
    (line,) = with_them["score_sheet"]
    assert [line["sides"][side]["points"] for side in ("North & South", "East & West")] == [103, -40]


def _renege_in(document: Any, t: Any, number: int) -> bool:
    """In hand ``number``, a player's card that followed suit swapped with their card of another suit played to
    the last trick: a renege the last trick shows. False where the hand has no such pair."""
    tricks = document["hands"][number - 1]["tricks"]
    last = len(tricks) - 1
    for trick in tricks[:last]:
        led = _suit(t, next(iter(trick[0].values())))
        for i, play in enumerate(trick[1:], 1):
            ((seat, card),) = play.items()
            for j, other in enumerate(tricks[last]):
                if seat in other and _suit(t, card) == led != _suit(t, other[seat]):
                    trick[i], tricks[last][j] = {seat: other[seat]}, {seat: card}
                    return True
    return False


@pytest.mark.parametrize("rules", PLAIN)
def test_a_renege_in_the_last_hand_leaves_the_game_to_each_hand(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    t, _ = _tables(rules)
    for seed in range(100):
        document = simulate_game(referee.load_spec(rules), random.Random(seed))
        if _renege_in(document, t, len(document["hands"])):
            break
    else:
        raise AssertionError("no simulated game has such a last hand")
    game, alone = _answers(rules, document)
    assert game is None
    assert alone[-1] is None and None not in alone[int(rules.endswith("jjdd")) : -1]
    with_them, without = _reports(rules, document, monkeypatch)
    assert with_them == without
    assert "renege" in {v["code"] for v in with_them["violations"]}
    assert {v["location"]["hand"] for v in with_them["violations"]} == {len(document["hands"])}


@pytest.mark.parametrize("rules", PLAIN)
def test_a_game_whose_third_hand_is_irregular_is_left_to_each_hand(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a trick of one suit in the third hand played from the next player on: everyone follows suit with their own
    # card, but the leader is not the last trick's winner
    t, _ = _tables(rules)
    for seed in range(100):
        document = simulate_game(referee.load_spec(rules), random.Random(seed))
        tricks = document["hands"][2]["tricks"] if len(document["hands"]) > 3 else []
        one_suit = [k for k in range(1, len(tricks)) if len({_suit(t, next(iter(p.values()))) for p in tricks[k]}) == 1]
        if one_suit:
            tricks[one_suit[0]] = tricks[one_suit[0]][1:] + tricks[one_suit[0]][:1]
            break
    else:
        raise AssertionError("no simulated game has such a third hand")
    game, alone = _answers(rules, document)
    assert game is None
    assert alone[2] is None
    with_them, without = _reports(rules, document, monkeypatch)
    assert with_them == without
    assert {v["location"]["hand"] for v in with_them["violations"]} == {3}


def test_a_long_game_is_checked_a_run_of_hands_at_a_time() -> None:
    # 255 tricks hold 19 hands of 13: a longer game is checked in runs, each hand answered as alone
    spec = referee.load_spec("spades/intramural")
    for seed in range(400):
        document = simulate_game(spec, random.Random(seed))
        if len(document["hands"]) > 19:
            break
    else:
        raise AssertionError("no simulated game is that long")
    game, alone = _answers("spades/intramural", compact_tricks(document))
    assert game == alone and None not in game


@pytest.mark.parametrize("rules", ["spades/intramural", "hearts/intramural"])
def test_fewer_hands_are_the_most_cut_short(rules: str) -> None:
    # a count of hands' patterns cut from the most hands' are those made for that count
    t = tables_for(referee.load_spec(rules), 4)
    lane = lane_for(t)
    assert lane is not None
    per_lane = game_lane.per_lane(t, lane)
    most = 255 // t.per_player
    top = game_lane.GameLane(lane, per_lane, 4, t.per_player, most)
    for hands in range(1, most):
        cut, made = per_lane.game(t, lane, hands), game_lane.GameLane(lane, per_lane, 4, t.per_player, hands)
        assert {name: getattr(cut, name) for name in game_lane.GameLane.__slots__} == {
            name: getattr(made, name) for name in game_lane.GameLane.__slots__
        }
    assert per_lane.game(t, lane, most).plays == top.plays


def _contracts_alone(t: Any, hands: Any) -> list[Any]:
    plan = bidding.bid_plan(t)
    return [
        None if hand.bids is None else bidding.plain_contracts(t, hand.bids, hand.bids_ordered, hand.dealer, plan)
        for hand in hands
    ]


@pytest.mark.parametrize("rules", ["spades/intramural", "spades/tournament-jjdd", "spades/house", "spades/solo"])
@pytest.mark.parametrize("seed", range(4))
def test_every_hand_bid_is_read_as_plain_contracts_reads_it(rules: str, seed: int) -> None:
    t = tables_for(referee.load_spec(rules), 4)
    rng = random.Random(seed)
    document = simulate_game(referee.load_spec(rules), rng)
    # bids changed: out of range, nil, blind, a bid of none, another player's
    for _ in range(3):
        bids = rng.choice(document["hands"]).get("bids")
        if bids:
            at = rng.randrange(len(bids))
            ((bidder, _),) = bids[at].items()
            bids[at] = {
                rng.choice([bidder, *NAMES]): rng.choice([0, 1, 6, 13, 14, 27, "nil", {"kind": "blind", "tricks": 6}])
            }
    hands = _log(document).hands
    game = bidding.game_contracts(t, hands, bidding.bid_plan(t))
    alone = _contracts_alone(t, hands)
    assert game is not None and len(game) == len(alone)
    for found, wanted in zip(game, alone, strict=True):
        assert found is None or found == wanted
    # where it leaves a hand to plain_contracts, that hand's bids are not all shared plain bids a player
    shared = bidding._CODES
    for found, wanted, hand in zip(game, alone, hands, strict=True):
        if found is None and wanted is not None:
            assert len(hand.bids) != t.seats or not all(id(bid) in shared for bid in hand.bids)


def test_an_unbid_first_hand_and_a_nil_bid_leave_only_their_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    # tournament rules: the first hand open (no bids); a later hand's North bids "nil", which these rules do not
    # allow (their bids are numbers, blind and ten for two hundred): both left to plain_contracts, the others read
    # at once
    document = simulate_game(referee.load_spec("spades/tournament-jjdd"), random.Random(2))
    number = next(k for k, hand in enumerate(document["hands"]) if k > 1 and len(hand["bids"]) == 4)
    bids = document["hands"][number]["bids"]
    bids[next(k for k, bid in enumerate(bids) if "North" in bid)] = {"North": "nil"}
    t = tables_for(referee.load_spec("spades/tournament-jjdd"), 4)
    hands = _log(document).hands
    game = bidding.game_contracts(t, hands, bidding.bid_plan(t))
    alone = _contracts_alone(t, hands)
    assert game is not None and game[0] is None is alone[0] and game[number] is None is alone[number]
    assert game[1:number] + game[number + 1 :] == alone[1:number] + alone[number + 1 :]
    assert sum(found is not None for found in game) > 3
    with_them, without = _reports("spades/tournament-jjdd", document, monkeypatch)
    assert with_them == without
    # (the true totals then differ from the table's, and a later blind bid may be one these rules do not allow)
    assert min(v["location"]["hand"] for v in with_them["violations"]) == number + 1


def test_a_bid_of_none_is_a_number_where_the_rules_allow_it() -> None:
    # tournament rules: a bid of 0 tricks is a number bid (player minimum 0): North 0, South 4 is a contract of
    # 4 for North & South, as plain_contracts reads it
    document = simulate_game(referee.load_spec("spades/tournament-jjdd"), random.Random(3))
    bids = document["hands"][1]["bids"]
    for k, bid in enumerate(bids):
        ((name, _),) = bid.items()
        bids[k] = {name: {"North": 0, "South": 4, "East": 2, "West": 3}[name]}
    t = tables_for(referee.load_spec("spades/tournament-jjdd"), 4)
    hands = _log(document).hands
    game = bidding.game_contracts(t, hands, bidding.bid_plan(t))
    assert game is not None and game[1] == (4, 5) == _contracts_alone(t, hands)[1]


@pytest.mark.parametrize(
    ("bids", "contracts"),
    [
        ([3, 2, 1, 2], (4, 4)),  # North & South 3 + 1, East & West 2 + 2: each the partnership's least, 4
        ([2, 2, 1, 2], None),  # North & South 2 + 1 = 3, under the least
        ([13, 2, 1, 2], (14, 4)),  # a player's most, 13 (a side's 14 unmakeable, and allowed)
        ([3, 14, 1, 2], None),  # East past a player's most
        ([3, 0, 1, 3], None),  # East's none, under a player's least (1: no nil)
        ("swapped", None),  # East before North: out of turn
    ],
)
def test_a_bidding_met_first_is_held_to_the_limits(bids: Any, contracts: Any) -> None:
    # intramural (each player 1 to 13, a partnership at least 4), hand 2 (dealt by North, who bids first, then East,
    # South and West) bid anew; its contracts, North & South's then East & West's, read at once as plain_contracts
    # reads them (a bidding not met before: the game's bids met are forgotten)
    document = simulate_game(referee.load_spec("spades/intramural"), random.Random(1))
    hand = document["hands"][1]
    hand["dealer"] = "North"
    order = ["North", "East", "South", "West"]
    if bids == "swapped":
        hand["bids"] = [{"East": 2}, {"North": 2}, {"South": 2}, {"West": 2}]
    else:
        hand["bids"] = [{name: tricks} for name, tricks in zip(order, bids, strict=True)]
    t = tables_for(referee.load_spec("spades/intramural"), 4)
    hands = _log(document).hands
    plan = bidding.bid_plan(t)
    plan.by_codes.clear()
    game = bidding.game_contracts(t, hands, plan)
    assert game is not None and game[1] == contracts == _contracts_alone(t, hands)[1]


@pytest.mark.parametrize(("north", "contracts"), [(6, (13, 4)), (7, None)])
def test_a_bidding_met_first_is_held_to_a_sides_most(north: int, contracts: Any) -> None:
    # house rules (a partnership bids 4 to 13): North 6 or 7 and South 7, East and West 2 each, in hand 2 (the
    # first bid), in turn: North & South 6 + 7 = 13, the most, or 7 + 7 = 14, past it
    rules = "spades/house"
    document = simulate_game(referee.load_spec(rules), random.Random(1))
    t = tables_for(referee.load_spec(rules), 4)
    plan = bidding.bid_plan(t)
    hand = document["hands"][1]
    order = plan.orders[NAMES.index(hand["dealer"])]
    tricks = {"North": north, "East": 2, "South": 7, "West": 2}
    hand["bids"] = [{NAMES[seat]: tricks[NAMES[seat]]} for seat in order]
    hands = _log(document).hands
    plan.by_codes.clear()
    game = bidding.game_contracts(t, hands, plan)
    assert game is not None and game[1] == contracts == _contracts_alone(t, hands)[1]


@pytest.mark.parametrize(("owner", "name"), GAME_CHECKS)
@pytest.mark.parametrize("rules", PLAIN)
@pytest.mark.parametrize("seed", range(3))
def test_simulated_games_report_the_same(
    owner: Any, name: str, rules: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = simulate_game(referee.load_spec(rules), random.Random(seed))
    fast, slow, vouched = both_ways(rules, document, monkeypatch, owner, name)
    assert fast == slow and vouched


@pytest.mark.parametrize(("owner", "name"), GAME_CHECKS)
@pytest.mark.parametrize("action", range(CHANGES))
def test_each_change_reports_the_same(owner: Any, name: str, action: int) -> None:
    def tamper(document: Any, rng: random.Random) -> None:
        _change(document, rng, action)

    for rules in PLAIN:
        fast, slow = tampered_both_ways(rules, action, tamper, owner, name)
        assert fast == slow


@pytest.mark.parametrize(("owner", "name"), GAME_CHECKS)
def test_the_conformance_corpus_reports_the_same(owner: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus_agrees(monkeypatch, owner, name, least=1)
