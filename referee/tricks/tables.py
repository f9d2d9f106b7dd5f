"""A spec compiled once into flat tables for replay.

The replay loop reads only ints, tuples and bitmasks from here; it never
looks a clause up by name. Everything a variant may change (deck, ranking,
trumps, lead rules, scoring numbers, game end) is a field of
:class:`Tables`, filled from the spec's clauses.
"""

from __future__ import annotations

from functools import cache

from ..errors import Location, Unsupported
from ..spec import Spec
from .bid_kinds import ALLOWED_BIDS_CLAUSE, KIND_CLAUSES, KIND_FAMILIES, kind_clause
from .cards import CARD_COUNT, COPY, parse_card
from .deck import NO_TRUMP, beaters, compile_deck, ranking, spec_cards, spec_error, top_cards, win_keys
from .enforced import ENFORCED, refuse_silent, refuse_silent_points, refuse_unsupported
from .misdeal import misdeal_callers
from .penalties import renege_steps
from .play_limits import first_trick_barred, held_suit_of
from .points import point_rules
from .seat_rules import NO_PASS, pass_offsets, seat_counts, sides_of
from .table_fields import Tables

# The compiled tables, and the names that moved to the modules above, still importable from here.
__all__ = [
    "ALLOWED_BIDS_CLAUSE",
    "ENFORCED",
    "KIND_CLAUSES",
    "KIND_FAMILIES",
    "NO_PASS",
    "NO_TRUMP",
    "Tables",
    "Unsupported",
    "compile_spec",
    "kind_clause",
    "seat_counts",
    "tables_for",
    "top_cards",
]


def bids_hands(spec: Spec) -> bool:
    """Whether a spec's hands are bid and scored by their contracts (Spades), not by the cards taken (Hearts)."""
    return spec.has("scoring.contract") or not spec.has("scoring.points")


def passes_cards(spec: Spec) -> bool:
    """Whether a spec's players pass cards before the play on some hands."""
    return bool(spec.value("passing.pass", "cycle", ["none"]) != ["none"])


def compile_spec(spec: Spec, seats: int | None = None) -> Tables:
    """Compile a resolved spec into :class:`Tables` for ``seats`` players (default: the spec's count).

    Raises InputError if it cannot.
    """
    if spec.family not in ("spades", "hearts"):
        raise Unsupported(
            f"the {spec.family} family is not supported by this referee yet", Location(file=str(spec.path))
        )
    refuse_unsupported(spec)
    if seats is None:
        seats = int(spec.value("players.seats", "count", 4))
    deck = compile_deck(spec)
    trump, suits, power = ranking(spec, deck)
    refuse_silent(spec, trump)
    refuse_silent_points(spec)
    deck_size = deck.bit_count()
    per_player = spec.value("deal.cards", "per_player", deck_size // seats)
    if isinstance(per_player, dict):
        per_player = per_player.get(str(seats), per_player.get(seats))
    if per_player == "as_far_as_they_go":
        per_player = deck_size // seats
    leftover = spec.value("deal.cards", "leftover", "none")
    if (
        not isinstance(per_player, int)
        or per_player < 1
        or per_player * seats > deck_size
        or (per_player * seats != deck_size and leftover == "none")
    ):
        raise spec_error(
            spec,
            f"deals {per_player} cards to each of {seats} players from a deck of {deck_size}",
            "deal.cards.per_player",
        )
    suit_cards = tuple(
        sum(1 << c | 1 << (c + COPY) for c in range(CARD_COUNT) if suits[c] == s) & deck for s in range(4)
    )
    later_wins = spec.value("ranking.identical_cards", "winner", "earlier") == "later"
    total_not = spec.value("bidding.limits", "total_not")
    sides = sides_of(spec, seats)
    side_of = [0] * seats
    for index, side in enumerate(sides):
        for seat in side:
            side_of[seat] = index
    kind_clauses = tuple((kind, kind_clause(spec, kind)) for kind in KIND_CLAUSES)
    allowed = {"number"} | {kind for kind, clause in KIND_CLAUSES.items() if spec.value(clause, "allowed", False)}
    forbidden_scores = tuple(
        (spec.value(clause, "points"), clause)
        for clause in dict.fromkeys(KIND_CLAUSES.values())
        if spec.has(clause) and spec.value(clause, "allowed") is False and spec.value(clause, "points") is not None
    )
    first_cards = spec_cards(spec, spec.value("play.first_lead", "cards", []) or [], "play.first_lead.cards")
    bag_limit = spec.value("scoring.bags", "limit", 0)
    held_suit, held_until, until_broken, breakers = held_suit_of(spec)
    try:
        pass_cycle = pass_offsets(spec.value("passing.pass", "cycle", ["none"]), sides, seats)
    except ValueError as exc:
        raise spec_error(spec, str(exc), "passing.pass.cycle") from None
    pass_cards = int(spec.value("passing.pass", "cards", 0))
    directions = [d for d in spec.value("passing.pass", "cycle", ["none"]) if d != "none"]
    if pass_cards > per_player:  # (a pass the simulator could not choose, nor any record show)
        raise spec_error(spec, f"passes {pass_cards} cards from a hand of {per_player}", "passing.pass.cards")
    if directions and pass_cards == 0:
        raise spec_error(
            spec,
            f"has a pass cycle ({', '.join(directions)}) but passes no card: give cards:, how many each player passes",
            "passing.pass.cards",
        )
    return Tables(
        spec_id=spec.id,
        family=spec.family,
        seats=seats,
        sides=sides,
        side_of=tuple(side_of),
        deck=deck,
        deck_size=deck_size,
        suit=suits,
        power=power,
        suit_cards=suit_cards,
        trump=trump,
        later_wins=later_wins,
        must_beat=bool(spec.value("play.beat", "must_beat_highest", False)),
        beaters=beaters(spec, deck, trump, suits, power, later_wins),
        per_player=per_player,
        out_of_play=deck_size - per_player * seats,
        dealer_step=1 if spec.value("deal.dealer", "rotation", "left") == "left" else -1,
        bids_first_hand=bool(spec.value("bidding.first_hand", "bids", True)),
        unbid_per_book=spec.value(
            "bidding.first_hand", "per_book", spec.value("scoring.contract", "made_per_trick", 10)
        ),
        bid_start={"dealer": 0, "left_of_dealer": 1}.get(spec.value("bidding.order", "starts", "left_of_dealer"), 1),
        non_dealers_first=spec.value("bidding.order", "starts", "left_of_dealer") == "non_dealers",
        partners_any_order=spec.value("bidding.order", "partners", "in_turn") == "any_order",
        bid_style=spec.value("bidding.order", "style", "individual"),
        player_min=spec.value("bidding.limits", "player_min", 0),
        player_max=spec.value("bidding.limits", "player_max", per_player),
        side_min=spec.value("bidding.limits", "side_min", 0),
        side_max=spec.value("bidding.limits", "side_max", 10**6),
        total_not=per_player if total_not == "tricks" else total_not,
        allowed_kinds=frozenset(allowed),
        passing=passes_cards(spec),
        first_leader=spec.value("play.first_lead", "leader", "left_of_dealer"),
        first_lead_cards=tuple(first_cards),
        first_lead_trump=spec.value("play.first_lead", "trump", "allowed") == "allowed",
        trump_lead=spec.value("play.lead", "trump", "any_time"),
        broken_by=spec.value("play.lead", "broken_by", "played"),
        must_follow=bool(spec.value("play.follow", "must_follow", True)),
        made_per_trick=spec.value("scoring.contract", "made_per_trick", 10),
        overtrick=spec.value("scoring.contract", "overtrick", 1),
        set_per_trick=spec.value("scoring.contract", "set_per_trick", -10),
        bag_limit=bag_limit,
        bag_penalty=spec.value("scoring.bags", "penalty") or 0,  # null where an option leaves no bag limit
        bag_carry=bool(spec.value("scoring.bags", "carry_over", True)),
        renege_books=spec.value("penalties.renege", "books_to_opponents", 0),
        renege_points=spec.value("penalties.renege", "points", 0),
        sweep_books=spec.value("bidding.first_hand", "sweep_books"),
        blind_behind_by=spec.value("bidding.blind", "behind_by", 0),
        blind_min=spec.value("bidding.blind", "min", 0),
        blind_made=spec.value("bidding.blind", "made_multiplier", 1),
        blind_set=spec.value("bidding.blind", "set_multiplier", 1),
        specials=tuple(
            (
                kind,
                spec.value(KIND_CLAUSES[kind], "tricks", tricks),
                spec.value(KIND_CLAUSES[kind], "points", made),
                spec.value(KIND_CLAUSES[kind], "penalty"),
            )
            for kind, tricks, made in (("ten_for_two_hundred", 10, 200), ("boston", 13, 300))
            if kind in allowed
        ),
        nil_bonus=spec.value("bidding.nil", "bonus", 100),
        nil_penalty=spec.value("bidding.nil", "penalty", -100),
        nil_partner_min=spec.value("bidding.nil", "partner_min", 0),
        nil_counts_for_partner=bool(spec.value("bidding.nil", "tricks_count_for_partner", True)),
        overbid_double=spec.value("scoring.overbid_double", "points"),
        renege_books_lost=spec.value("penalties.renege", "books_lost", 0),
        renege_books_not_bags=bool(spec.value("penalties.renege", "books_not_bags", False)),
        false_claim=spec.has("penalties.false_claim"),
        false_claim_books_lost=spec.value("penalties.false_claim", "books_lost", 0),
        false_claim_points=spec.value("penalties.false_claim", "points", 0),
        other_books_lost=spec.value("penalties.other_rule", "books_lost", 0),
        other_points=spec.value("penalties.other_rule", "points", 0),
        take_back=spec.has("play.take_back"),
        take_back_renege_only=bool(spec.value("play.take_back", "renege_only", True)),
        take_back_trump_sticks=bool(spec.value("play.take_back", "trump_sticks", False)),
        take_back_illegal_only=bool(spec.value("play.take_back", "illegal_only", False)),
        clock_minutes=spec.value("game_end.clock", "minutes"),
        misdeal_deadline=spec.value("deal.misdeal", "deadline"),
        target=spec.value("game_end.target", "points"),
        floor=spec.value("game_end.floor", "points"),
        max_rounds=spec.value("game_end.rounds", "max"),
        tie_play_on=spec.value("game_end.tie", "rule", "play_on") == "play_on",
        rounds_tie_shared=spec.value("game_end.rounds", "tie") == "shared",
        promoted=sum(1 << card for card in top_cards(spec)),
        kind_clauses=kind_clauses,
        forbidden_scores=forbidden_scores,
        seat_counts=seat_counts(spec),
        widow_to_winner=leftover == "first_trick_winner",
        contracts=bids_hands(spec),
        points=point_rules(spec, deck),
        discard_card=parse_card(spec.value("play.first_discard", "card")) if spec.has("play.first_discard") else -1,
        held_suit=held_suit,
        held_until_trick=held_until,
        held_until_broken=until_broken,
        breakers=breakers,
        first_trick_barred=first_trick_barred(spec),
        revoke_ends_play=bool(spec.value("penalties.revoke", "ends_play", False)),
        lowest_wins=spec.value("game_end.winner", "rule", "highest_total") == "lowest_total",
        table_breaks_up=spec.has("game_end.table_breaks_up"),
        pass_cycle=pass_cycle,
        pass_cards=pass_cards,
        short_takes=bool(spec.value("play.short_hand", "takes_tricks", False)),
        renege_steps=renege_steps(spec),
        renege_claim_window=spec.value("penalties.renege", "claim_window") is not None,
        renege_opponents_as_made=bool(spec.value("penalties.renege", "opponents_as_made", False)),
        renege_win_thrown_out=bool(spec.value("penalties.renege", "winning_hand_thrown_out", False)),
        renege_leads=bool(spec.value("penalties.renege", "illegal_leads", False)),
        unplayed_sandbags=spec.value("penalties.card_not_played", "sandbags", 0),
        behind=spec.value("game_end.behind", "points"),
        misdeal_callers=misdeal_callers(spec),
        misdeal_suit_length=spec.value("deal.misdeal", "suit_length", 0) or 0,
        clockwise=tuple(tuple((lead + k) % seats for k in range(seats)) for lead in range(seats)),
        win_keys=win_keys(trump, suits, power),
        excess_passed=bool(spec.value("deal.misdeal", "excess_passed", False)),
        raises=spec.value("bidding.order", "raises", "none") == "until_lock",
        aces_points=spec.value("bidding.aces", "points", 100),
        aces_penalty=spec.value("bidding.aces", "penalty", -100),
        ace_check_aces=spec.value("bidding.ace_check", "aces_held", 0),
        blind_specials=bool(spec.value("bidding.blind", "multiplies_specials", False)),
        blind_boston_wins=bool(spec.value("bidding.boston", "blind_wins_game", False)),
        hand_max=spec.value("scoring.hand_max", "points"),
        hand_max_blind_exempt=bool(spec.value("scoring.hand_max", "blind_exempt", True)),
        nil_pass_cards=spec.value("passing.nil_pass", "cards", 0),
        nil_pass_hands=tuple(spec.value("passing.nil_pass", "hands", []) or ()),
        dealer_draw=spec.value("deal.dealer", "first", "any") == "highest_card",
        bemo=tuple(
            (
                f"{size}_bemo",
                spec.value("bidding.bemo", f"{size}_tricks", tricks),
                spec.value("bidding.bemo", f"{size}_points", points),
            )
            for size, tricks, points in (("little", 6, 60), ("big", 9, 90))
            if "little_bemo" in allowed
        ),
        double_nil_bonus=spec.value("bidding.double_nil", "bonus", 0) or 0,
        double_nil_penalty=spec.value("bidding.double_nil", "penalty", 0) or 0,
        double_nil_wins=bool(spec.value("bidding.double_nil", "made_wins_game", False)),
        double_nil_loses=bool(spec.value("bidding.double_nil", "failed_loses_game", False)),
        double_nil_opponents_bonus=spec.value("bidding.double_nil", "opponents_bonus", 0) or 0,
        double_nil_behind_by=spec.value("bidding.double_nil", "behind_by", 0) or 0,
        no_trump_times=(
            spec.value("bidding.no_trump", "multiplier", 1) or 1,
            spec.value("bidding.no_trump", "set_multiplier", 1) or 1,
        ),
        blind_no_trump_times=(
            spec.value("bidding.no_trump", "blind_multiplier", 1) or 1,
            spec.value("bidding.no_trump", "blind_set_multiplier", 1) or 1,
        ),
        blind_no_trump_min=spec.value("bidding.no_trump", "blind_min", 0) or 0,
        blind_no_trump_behind_by=spec.value("bidding.no_trump", "behind_by", 0) or 0,
        no_trump_play=spec.value("play.no_trump_bid", "may_trump") == "only_when_trump_led",
    )


@cache
def tables_for(spec: Spec, seats: int | None = None) -> Tables:
    """The compiled tables of a spec for a number of players, compiled once per spec, options and count."""
    return compile_spec(spec, seats)
