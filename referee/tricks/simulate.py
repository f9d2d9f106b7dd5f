"""Random legal games for a spec, as game-log documents.

The simulator plays by the same compiled tables as the referee and draws
each card from :func:`referee.play.legal_plays`; it exists so tests and
benchmarks have endless legal games. Seeded, so a failing case can be
replayed.
"""

from __future__ import annotations

import random
from typing import Any

from .. import seating, words
from ..errors import InputError
from ..seating import default_players
from ..spec import Spec
from . import aces, bemo, bidding, deal, double_nil, passing, play, scoring
from .cards import COPY, add_card, card_name, cards_in, copies_of, remove_card
from .log import Bid
from .points import hand_points
from .tables import Tables, tables_for

MAX_HANDS = 200


def _deal(t: Tables, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Each seat's cards and the cards left out of play (a second copy is named as its card)."""
    cards = [card % COPY for card in cards_in(t.deck)]
    rng.shuffle(cards)
    dealt = t.seats * t.per_player
    return [sorted(cards[seat * t.per_player : (seat + 1) * t.per_player]) for seat in range(t.seats)], cards[dealt:]


def _estimate(t: Tables, hand: int, rng: random.Random) -> int:
    """A plausible, cautious bid: trumps and high cards, less one, with some noise.

    Cards are played at random, so a bid of every high card is set too often and games drag on for a
    hundred hands; one less keeps games near the length of real ones (about a dozen hands).
    """
    strong = sum(1 for c in cards_in(hand) if _strong(t, c % COPY))
    # scaled to the tricks there are: as many as the strong cards in a four-handed 52-card game, more with
    # fewer players, fewer with a double deck
    in_deck = sum(1 for c in cards_in(t.deck) if _strong(t, c % COPY))
    return strong * t.per_player // max(in_deck, 1) - 1 + rng.choice((-1, 0, 0, 1))


def _strong(t: Tables, card: int) -> bool:
    return t.power[card] >= (12 if t.suit[card] != t.trump else 9)


def _nil_seats(t: Tables, holdings: list[int], blind: int | None, rng: random.Random) -> set[int]:
    """Now and then, where the rules have nil, one weak player of a side (not bidding blind) bids nil."""
    if "nil" not in t.allowed_kinds:
        return set()
    nils = set()
    for index, side in enumerate(t.sides):
        weak = [s for s in side if _estimate(t, holdings[s], rng) <= 1]
        if index != blind and len(side) > 1 and weak and rng.random() < 0.3:
            nils.add(rng.choice(weak))
    return nils


def _bids(
    t: Tables, holdings: list[int], dealer: int, rng: random.Random, nils: frozenset[int] = frozenset()
) -> list[tuple[int, int]]:
    order = bidding.bidding_order(t, dealer)
    made: dict[int, int] = {}
    for seat in order:
        if seat in nils:
            made[seat] = 0
            continue
        bid = min(max(_estimate(t, holdings[seat], rng), t.player_min), t.player_max)
        side = t.sides[t.side_of[seat]]
        if nils.intersection(side):
            bid = max(bid, t.nil_partner_min, t.side_min)  # the partner of a nil bidder bids for the side
        partners = sum(made.get(s, 0) for s in side if s != seat)
        if len(side) > 1 and all(s in made for s in side if s != seat):
            # the side's last bidder makes up the side's minimum
            bid = min(max(bid, t.side_min - partners), t.player_max)
        made[seat] = min(bid, t.side_max - partners)
    last = order[-1]
    if t.total_not is not None and sum(made.values()) == t.total_not:
        # the last bidder may not make the forbidden total: one more, or one less where one more is too many
        made[last] += 1 if made[last] < t.player_max else -1
    return [(seat, made[seat]) for seat in order]


def _blind_side(t: Tables, totals: list[int], dealer: int, rng: random.Random) -> int | None:
    """A side that bids blind this hand (now and then, where the rules let it), or None."""
    if "blind" not in t.allowed_kinds or rng.random() < 0.5:
        return None
    able = [s for s in range(len(t.sides)) if bidding.trailing_by(t, totals, s) >= max(t.blind_behind_by, 1)]
    return rng.choice(able) if able else None


def _double_nil_side(t: Tables, totals: list[int], blind: int | None, rng: random.Random) -> int | None:
    """A side far enough behind that bids double nil, now and then (where the rules have it), or None."""
    if "double_nil" not in t.allowed_kinds or rng.random() < 0.7:
        return None
    able = [
        s
        for s in range(len(t.sides))
        if s != blind and len(t.sides[s]) > 1 and bidding.trailing_by(t, totals, s) >= max(t.double_nil_behind_by, 1)
    ]
    return rng.choice(able) if able else None


def _bid_record(
    t: Tables,
    made: list[tuple[int, int]],
    names: list[str],
    blind: int | None,
    rng: random.Random,
    nils: frozenset[int] = frozenset(),
    double: int | None = None,
) -> tuple[list[dict[str, Any]], list[int], list[bool]]:
    """The bids as written in a log, each side's contract, and the sides that bid ACES (now and then, where
    the rules have it); a blind side writes one bid for the side."""
    record: list[dict[str, Any]] = []
    contracts = [0] * len(t.sides)
    ace_bids = [False] * len(t.sides)
    for seat, bid in made:
        side = t.side_of[seat]
        if side == double:
            if seat == min(t.sides[side], key=lambda s: [o for o, _ in made].index(s)):
                record.append({" & ".join(names[s] for s in t.sides[side]): "double nil"})
        elif seat in nils:
            record.append({names[seat]: "nil"})
        elif side != blind:
            if "aces" in t.allowed_kinds and not ace_bids[side] and rng.random() < 0.1:
                ace_bids[side] = True
                record.append({names[seat]: {"kind": "aces", "tricks": bid}})
            elif t.bemo and rng.random() < 0.1:
                kind = rng.choice(t.bemo)[0]
                record.append({names[seat]: {"kind": kind, "tricks": bid}})
            else:
                record.append({names[seat]: bid})
            contracts[side] += bid
        elif not contracts[side]:
            tricks = rng.randint(max(t.blind_min, t.side_min, 1), max(t.blind_min, t.side_min, 1) + 2)
            contracts[side] = min(tricks, t.side_max)
            key = " & ".join(names[s] for s in t.sides[side])
            record.append({key: {"kind": "blind", "tricks": contracts[side]}})
    return record, contracts, ace_bids


def _bemo_bids(record: list[dict[str, Any]], names: list[str]) -> tuple[Bid, ...]:
    """The bemo bids among the bids written, as the referee reads them."""
    return tuple(
        Bid(names.index(name), value["tricks"], value["kind"])
        for entry in record
        for name, value in entry.items()
        if isinstance(value, dict) and value["kind"].endswith("_bemo")
    )


def _raises(
    t: Tables,
    contracts: list[int],
    dealer: int,
    names: list[str],
    blind: int | None,
    rng: random.Random,
    double: int | None = None,
) -> tuple[list[dict[str, Any]], list[bool]]:
    """Raises after the first round, now and then (where the rules have them): each side not dealing in
    turn, not past the tricks in a hand, then the dealer's side to lock it exactly."""
    raised = [False] * len(t.sides)
    if not t.raises:
        return [], raised
    record: list[dict[str, Any]] = []
    order = [t.side_of[seat] for seat in bidding.bidding_order(t, dealer)]
    dealer_side = t.side_of[dealer]
    for side in dict.fromkeys(order):
        room = t.per_player - sum(contracts)
        if side in (blind, double) or room <= 0 or rng.random() < 0.6:
            continue
        contracts[side] += room if side == dealer_side else rng.randint(1, room)
        raised[side] = True
        key = " & ".join(names[s] for s in t.sides[side])
        record.append({key: {"kind": "number", "tricks": contracts[side], "raise": True}})
    return record, raised


def _ace_checks(t: Tables, dealt: list[list[int]], names: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """Ace checks asked, now and then, by players dealt the aces the rule needs, answered truly."""
    if not t.ace_check_aces:
        return []
    events = []
    for seat in range(t.seats):
        partners = [s for s in t.sides[t.side_of[seat]] if s != seat]
        held = [sum(1 for c in dealt[s] if c in aces.ACES) for s in (seat, *partners)]
        if len(partners) == 1 and held[0] >= t.ace_check_aces and held[1] <= 2 and rng.random() < 0.5:
            events.append({"type": "ace_check", "seat": names[seat], "answer": aces.ANSWERS[held[1]]})
    return events


def _nil_exchange(
    t: Tables, holdings: list[int], nils: frozenset[int], rng: random.Random
) -> tuple[list[int], dict[int, list[int]]]:
    """In a hand where the rules let a nil bidder and partner exchange cards, they do, now and then."""
    passed: dict[int, list[int]] = {}
    after = list(holdings)
    for seat in sorted(nils):
        partner = next(s for s in t.sides[t.side_of[seat]] if s != seat)
        if rng.random() < 0.3:
            continue
        for giver, taker in ((seat, partner), (partner, seat)):
            cards = sorted(rng.sample(cards_in(holdings[giver]), t.nil_pass_cards))
            passed[giver] = cards
            for card in cards:
                after[giver] = remove_card(after[giver], card)
                after[taker] = add_card(after[taker], card)
    return after, passed


def _dealer_draw(t: Tables, names: list[str], rng: random.Random) -> tuple[int, dict[str, str]]:
    """A draw for the first dealer with one highest card, and the seat that drew it."""
    cards = [card % COPY for card in cards_in(t.deck)]
    while True:
        drawn = rng.sample(cards, t.seats)
        best = max(t.power[c] for c in drawn)
        if sum(1 for c in drawn if t.power[c] == best) == 1:
            seat = next(s for s, c in enumerate(drawn) if t.power[c] == best)
            return seat, {names[s]: card_name(c) for s, c in enumerate(drawn)}


def _play_hand(
    t: Tables, holdings: list[int], dealer: int, rng: random.Random, widow: int = 0
) -> tuple[list[list[tuple[int, int]]], list[int], list[int]]:
    """The tricks, each side's books, and each seat's points taken (with the widow, to the first trick's winner)."""
    held = list(holdings)
    taken = [0] * t.seats
    found = play.first_leader(t, dealer, held)
    leader = (dealer + 1) % t.seats if found is None else found  # none of the opening cards dealt: left of dealer
    broken = False
    tricks = []
    books = [0] * len(t.sides)
    for index in range(t.per_player):
        cards: list[int] = []
        seats: list[int] = []
        for position in range(t.seats):
            seat = (leader + position) % t.seats
            choices = cards_in(play.legal_plays(t, held[seat], cards, index == 0, broken, index + 1))
            card = rng.choice(choices)
            held[seat] = remove_card(held[seat], card)
            cards.append(card)
            seats.append(seat)
        winner_at = play.winning_index(t, cards)
        broken = broken or play.breaks_trump(t, cards, winner_at)
        leader = seats[winner_at]
        books[t.side_of[leader]] += 1
        if t.points is not None:
            taken[leader] += t.points.in_cards(cards) + (t.points.of(widow) if index == 0 else 0)
        tricks.append(list(zip(seats, cards, strict=True)))
    return tricks, books, taken


def simulate_game(
    spec: Spec,
    rng: random.Random,
    players: tuple[str, ...] | None = None,
    with_score: bool = True,
    game_id: str | None = None,
    seats: int | None = None,
) -> dict[str, Any]:
    """One legal game from deal to game end, as a game-log document."""
    count = seats or (len(players) if players else None)
    t = tables_for(spec)
    if count is not None and count != t.seats:
        if count not in t.seat_counts:
            raise InputError(f"{spec.id} is for {words.counts(t.seat_counts)} players, not {count}")
        t = tables_for(spec, count)
    names = list(players or default_players(t.seats))
    seating.seatable(tuple(names), t.sides, t.side_of)
    last_hand = rng.randint(3, 8) if t.table_breaks_up else MAX_HANDS  # a table breaks up when it will
    dealer = rng.randrange(t.seats)
    draw: dict[str, str] = {}
    if t.dealer_draw:
        dealer, draw = _dealer_draw(t, names, rng)
    totals = [0] * len(t.sides)
    playing_off: frozenset[int] | None = None  # a tie at the game's end being played off (scoring.played_off)
    bags = [0] * len(t.sides)
    hands: list[dict[str, Any]] = []
    side_keys = [names[side[0]] for side in t.sides]
    for number in range(1, last_hand + 1):
        dealt, leftover = _deal(t, rng)
        holdings = [copies_of(cards) for cards in dealt]
        holdings, passed = passing.choose(t, holdings, passing.offset_for(t, number), rng.sample)
        unbid = not t.bids_first_hand and number == 1 and t.contracts
        record: dict[str, Any] = {
            "dealer": names[dealer],
            "deal": {names[s]: [card_name(c) for c in dealt[s]] for s in range(t.seats)},
        }
        if leftover:
            record["leftover"] = [card_name(c) for c in sorted(leftover)]
        if any(passed):
            record["passes"] = {names[s]: [card_name(c) for c in passed[s]] for s in range(t.seats)}
        contracts: list[int] = []
        blind = None
        double: int | None = None
        ended_by_bid = False  # a double nil that wins or loses the game outright
        nils: frozenset[int] = frozenset()
        ace_bids: list[bool] = []
        raised: list[bool] = []
        if not unbid and t.contracts:
            blind = _blind_side(t, totals, dealer, rng)
            double = _double_nil_side(t, totals, blind, rng)
            nils = frozenset(s for s in _nil_seats(t, holdings, blind, rng) if t.side_of[s] != double)
            made = _bids(t, holdings, dealer, rng, nils)
            record["bids"], contracts, ace_bids = _bid_record(t, made, names, blind, rng, nils, double)
            more, raised = _raises(t, contracts, dealer, names, blind, rng, double)
            record["bids"] += more
            checks = _ace_checks(t, dealt, names, rng)
            if checks:
                record["events"] = checks
            if nils and not any(passed) and passing.nil_pass_hand(t, number):
                holdings, exchanged = _nil_exchange(t, holdings, nils, rng)
                if exchanged:
                    record["passes"] = {names[s]: [card_name(c) for c in cards] for s, cards in exchanged.items()}
        tricks, books, taken = _play_hand(t, holdings, dealer, rng, deal.out_of_play_mask(t, leftover))
        record["tricks"] = [[{names[seat]: card_name(card)} for seat, card in trick] for trick in tricks]
        if leftover and t.widow_to_winner:
            first = tricks[0][play.winning_index(t, [c for _, c in tricks[0]])][0]
            record["events"] = [{"type": "leftover_taken", "seat": names[first]}]
        if t.points is not None and not t.contracts:
            points = hand_points(t.points, taken, None)
        elif unbid:
            points = scoring.unbid_points(t, books)
        else:
            blinds = [side == blind for side in range(len(t.sides))]
            laid = tuple((tuple(s for s, _ in trick), tuple(c for _, c in trick)) for trick in tricks)
            won = [seats[play.winning_index(t, list(cards))] for seats, cards in laid]
            made_nils = [(t.side_of[seat], won.count(seat)) for seat in sorted(nils)]
            bonus = aces.aces_points(t, ace_bids, laid) if any(ace_bids) else None
            bemos = _bemo_bids(record["bids"], names) if t.bemo else ()
            if bemos:
                bemo_points = bemo.bemo_points(t, bemos, laid)
                bonus = [a + b for a, b in zip(bonus or [0] * len(t.sides), bemo_points, strict=True)]
            if double is not None:
                seat_books = [won.count(seat) for seat in range(t.seats)]
                extra, winners, losers = double_nil.double_nil_points(t, {double}, seat_books)
                bonus = [a + b for a, b in zip(bonus or [0] * len(t.sides), extra, strict=True)]
                ended_by_bid = bool(winners or losers)
            results = scoring.score_hand(
                t, contracts, books, bags, [0] * len(t.sides), blinds, None, None, made_nils, raised=raised, bonus=bonus
            )
            points = [r.points for r in results]
            bags = [r.bags for r in results]
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        if with_score:
            record["score"] = {side_keys[i]: {"hand": points[i], "total": totals[i]} for i in range(len(t.sides))}
        hands.append(record)
        dealer = deal.next_dealer(t, dealer)
        over, _ = scoring.result(t, totals, number, playing_off=playing_off)
        if not over:
            playing_off = scoring.played_off(t, totals, number, before=playing_off)
        won_outright = scoring.blind_boston(
            t, contracts, books, [side == blind for side in range(len(t.sides))], raised
        )
        outright = bool(contracts) and won_outright is not None
        if over or (unbid and scoring.sweep(t, books) is not None) or outright or ended_by_bid:
            break
    header: dict[str, Any] = {"rules": spec.id}
    if draw:
        header["dealer_draw"] = draw
    agreed = {name: value for name, value in spec.chosen if value != spec.options[name].default}
    if agreed:
        header["options"] = agreed  # what the table agreed, so the log is audited under the same rules
    if game_id is not None:
        header["id"] = game_id
    return {"log": 1, "game": header, "players": names, "hands": hands}
