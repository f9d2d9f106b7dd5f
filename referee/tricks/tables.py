"""A spec compiled once into flat tables for replay.

The replay loop reads only ints, tuples and bitmasks from here; it never
looks a clause up by name. Everything a variant may change (deck, ranking,
trumps, lead rules, scoring numbers, game end) is a field of
:class:`Tables`, filled from the spec's clauses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..errors import Location, Unsupported
from ..spec import Spec
from .bid_kinds import ALLOWED_BIDS_CLAUSE, KIND_CLAUSES, KIND_FAMILIES, kind_clause
from .cards import CARD_COUNT, COPY, SUIT_LETTERS, parse_card, suit_mask
from .deck import NO_TRUMP, beaters, compile_deck, ranking, spec_cards, spec_error, top_cards, win_keys
from .enforced import ENFORCED, refuse_silent, refuse_silent_points, refuse_unsupported
from .misdeal import misdeal_callers
from .penalties import renege_steps
from .points import PointRules, compile_points, value_groups

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

NO_PASS = None  # in a pass cycle: no pass that hand


@dataclass(frozen=True)
class Tables:
    """Everything replay needs, as plain values."""

    spec_id: str
    family: str
    seats: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    deck: int  # bitmask of the cards in play (second copies at COPY and above, see cards.py)
    deck_size: int
    suit: tuple[int, ...]  # effective suit of each card id (jokers and promoted cards: trump)
    power: tuple[int, ...]  # strength within the effective suit, higher wins
    suit_cards: tuple[int, ...]  # bitmask of the deck's cards of each effective suit
    trump: int  # effective trump suit, or NO_TRUMP
    later_wins: bool  # of two identical cards in a trick, the later one wins (a double deck)
    must_beat: bool  # a player must beat the card winning the trick so far, if able
    beaters: tuple[int, ...]  # per card id: the cards (both copies) that beat it when it is winning the trick
    per_player: int
    out_of_play: int  # cards of the deck left undealt each hand
    dealer_step: int
    bids_first_hand: bool
    unbid_per_book: int  # points a book on an unbid first hand
    bid_start: int  # seats after the dealer: 0 = the dealer bids first
    non_dealers_first: bool  # the sides not dealing bid first, each partnership in turn
    bid_style: str
    player_min: int
    player_max: int
    side_min: int
    side_max: int
    total_not: int | None  # a total the bids of all players may not make
    allowed_kinds: frozenset[str]
    passing: bool
    first_leader: str  # left_of_dealer | holder_of_card
    first_lead_cards: tuple[int, ...]
    first_lead_trump: bool
    trump_lead: str  # any_time | after_broken
    broken_by: str  # played | won
    must_follow: bool
    made_per_trick: int
    overtrick: int
    set_per_trick: int
    bag_limit: int
    bag_penalty: int
    bag_carry: bool
    renege_books: int
    renege_points: int
    sweep_books: int | None  # books on the unbid first hand that win the game outright
    blind_behind_by: int  # a side may bid blind only when trailing by at least this
    blind_min: int
    blind_made: int  # multipliers of a blind contract's points, made and set
    blind_set: int
    # contracts with points of their own (10 for 200, Boston): (kind, tricks, points made, points set or None)
    specials: tuple[tuple[str, int, int, int | None], ...]
    nil_bonus: int  # a nil bidder who takes no trick: points for the side; one who takes any: nil_penalty
    nil_penalty: int
    nil_partner_min: int  # the least the partner of a nil bidder may bid
    nil_counts_for_partner: bool  # the nil bidder's tricks count towards the partner's bid
    overbid_double: int | None  # points for a hand made with at least twice the books bid
    renege_books_lost: int
    renege_books_not_bags: bool  # books a renege hands over never count as the receivers' overtricks
    false_claim: bool  # the spec has a penalty for a claim the record does not bear out
    false_claim_books_lost: int
    false_claim_points: int
    other_books_lost: int  # the penalty for any other rule broken, per offence
    other_points: int
    take_back: bool  # the spec says which cards may be taken back (a card_taken_back event is checked)
    take_back_renege_only: bool
    take_back_trump_sticks: bool
    take_back_illegal_only: bool
    clock_minutes: int | None  # a timed match's length
    misdeal_deadline: str | None
    target: int | None
    floor: int | None
    max_rounds: int | None
    tie_play_on: bool
    rounds_tie_shared: bool = False  # a tie after the last hand the rounds allow is shared, not played on
    promoted: int = 0  # bitmask of the cards a spec moves into the trump suit (jokers): their suit is a reading
    kind_clauses: tuple[tuple[str, str], ...] = ()  # each bid kind and the clause that allows or forbids it
    forbidden_scores: tuple[tuple[int, str], ...] = ()  # what a forbidden kind of bid would score, and its clause
    # Each for self, penalty points (Hearts); defaults keep a contract game as it was.
    seat_counts: tuple[int, ...] = (4,)  # the player counts the spec allows (the log's players choose)
    widow_to_winner: bool = False  # the cards left over (out_of_play many) go to the first trick's winner
    contracts: bool = True  # scored by contract (so bid); False: by the points of the cards taken
    points: PointRules | None = None
    discard_card: int = -1  # a card its holder must discard at the first opportunity (Hearts: Q♠)
    held_suit: int = -1  # a suit (not trumps) that may not be led before held_until_trick, or until broken
    held_until_trick: int = 1
    held_until_broken: bool = False
    breakers: int = 0  # cards whose play breaks the held suit, besides the suit's own
    first_trick_barred: int = 0  # cards not to be played to the first trick while holding anything else
    revoke_ends_play: bool = False
    lowest_wins: bool = False
    table_breaks_up: bool = False  # no target: the game ends where the record ends
    pass_cycle: tuple[int | None, ...] = ()  # seats from passer to receiver, hand by hand (None: no pass)
    pass_cards: int = 0
    short_takes: bool = False  # a player short of cards takes each trick they cannot play to
    # Reneges counted per side per game (penalties.renege): the nth costs step n (the last repeats): (sandbags,
    # loses the game). Empty: no such penalty.
    renege_steps: tuple[tuple[int, bool], ...] = ()
    renege_claim_window: bool = False  # a renege costs only when its opponents claim it before their last card
    renege_opponents_as_made: bool = False  # the reneging side's opponents score as if their bid was made
    renege_win_thrown_out: bool = False  # a hand whose renege would win the game for the reneging side is void
    renege_leads: bool = False  # a card led against the lead rules counts as a renege (its penalties, its claim)
    unplayed_sandbags: int = 0  # sandbags each card a player held but never played costs (penalties.card_not_played)
    behind: int | None = None  # a side this far behind the leader loses (game_end.behind)
    # Misdeal causes a player may call (deal.misdeal): cause -> who may call it (any | opponents | holder).
    misdeal_callers: tuple[tuple[str, str], ...] = ()
    misdeal_suit_length: int = 0
    # For the replay's clean lane (replay_play): the seats in turn from each leader, and deck.win_keys.
    clockwise: tuple[tuple[int, ...], ...] = ()
    win_keys: tuple[tuple[int, ...], ...] = ()
    excess_passed: bool = False  # a wrong count not called is made right by passing the excess cards on
    # Partnership bids raised after the first round, up to a lock (bidding.order.raises: until_lock).
    raises: bool = False
    aces_points: int = 0  # an ACES bid made (all four aces in the side's tricks), and failed
    aces_penalty: int = 0
    ace_check_aces: int = 0  # the aces a player must hold to ask for an ace check (0: no ace check rule)
    blind_specials: bool = False  # a blind Wheels or Boston scores its own points times the blind multiplier
    blind_boston_wins: bool = False  # a blind Boston made wins the game
    hand_max: int | None = None  # the most a side may score for one hand (a blind hand aside, where exempt)
    hand_max_blind_exempt: bool = True
    nil_pass_cards: int = 0  # cards a nil bidder may pass to partner in the hands named (places in the pass cycle)
    nil_pass_hands: tuple[int, ...] = ()
    dealer_draw: bool = False  # the first dealer is the player who drew the highest card (where the log has the draw)
    bemo: tuple[tuple[str, int, int], ...] = ()  # bemo bids allowed: (kind, the first tricks to win, points)
    double_nil_bonus: int = 0  # a double nil made, and failed; made, it may win the game, failed lose it
    double_nil_penalty: int = 0
    double_nil_wins: bool = False
    double_nil_loses: bool = False
    double_nil_opponents_bonus: int = 0  # to the opponents where both partners took a trick
    double_nil_behind_by: int = 0
    no_trump_times: tuple[int, int] = (1, 1)  # a no trump contract's multipliers, made and set; blind, the same
    blind_no_trump_times: tuple[int, int] = (1, 1)
    blind_no_trump_min: int = 0
    blind_no_trump_behind_by: int = 0
    no_trump_play: bool = False  # a no trump bidder may win with a trump only when trumps were led


def _sides(spec: Spec, seats: int) -> tuple[tuple[int, ...], ...]:
    partners = spec.value("players.sides", "partners", "none")
    if partners == "none":
        return tuple((seat,) for seat in range(seats))
    if partners == "opposite":
        if seats % 2:
            raise spec_error(spec, f"partners cannot sit opposite with {seats} players", "players.sides")
        half = seats // 2
        return tuple(tuple(range(first, seats, half)) for first in range(half))
    sides = tuple(tuple(side) for side in partners)
    covered = sorted(seat for side in sides for seat in side)
    if covered != list(range(seats)):
        raise spec_error(
            spec, f"the sides {partners} do not cover each of seats 0..{seats - 1} exactly once", "players.sides"
        )
    return sides


def _pass_offsets(cycle: list[str], sides: tuple[tuple[int, ...], ...], seats: int) -> tuple[int | None, ...]:
    """Each direction of a cycle as the seats from passer to receiver (None: no pass that hand).

    Raises ValueError for a direction these seats cannot have (across with an odd count, a partner with none).
    """
    out: list[int | None] = []
    for direction in cycle:
        if direction == "none":
            out.append(None)
        elif direction == "left":
            out.append(1)
        elif direction == "right":
            out.append(seats - 1)
        elif direction == "across" and seats % 2 == 0:
            out.append(seats // 2)
        elif direction == "partner" and all(len(side) == 2 for side in sides):
            out.append((sides[0][1] - sides[0][0]) % seats)
        else:
            raise ValueError(f"cannot pass {direction} with {seats} players")
    return tuple(out)


def seat_counts(spec: Spec) -> tuple[int, ...]:
    """The numbers of players a spec allows: its ``counts``, or its one ``count``."""
    count = int(spec.value("players.seats", "count", 4))
    return tuple(spec.value("players.seats", "counts", None) or (count,))


def _points(spec: Spec, deck: int) -> PointRules | None:
    if not spec.has("scoring.points"):
        return None
    try:
        values, total = compile_points(
            spec.value("scoring.points", "cards", {}) or {},
            spec.value("scoring.points", "suits", {}) or {},
            spec.value("scoring.points", "total"),
            deck,
        )
    except ValueError as exc:
        raise spec_error(spec, str(exc), "scoring.points.cards") from None
    return PointRules(
        values=values,
        total=total,
        moon_others=spec.value("scoring.moon", "others"),
        revoke_charge=spec.value("penalties.revoke", "charge_points"),
        settlement=spec.value("scoring.settlement", "rule", "none") == "against_average",
        groups=value_groups(values),
    )


def _held_suit(spec: Spec) -> tuple[int, int, bool, int]:
    """A suit held back from leading: the suit, the first trick it may be led to, whether until broken, breakers."""
    before = spec.value("play.lead", "suit_not_before_trick")
    letter = spec.value("play.lead", "suit")
    if letter is not None and spec.value("play.lead", "trump", "any_time") != "any_time":
        raise spec_error(spec, "holds back both trumps and another suit until broken", "play.lead")
    if before is not None and letter is not None and before["suit"] != letter:
        raise spec_error(spec, "holds back two different suits", "play.lead")
    held = letter or (before or {}).get("suit")
    breakers = spec_cards(spec, spec.value("play.lead", "broken_also", []) or [], "play.lead.broken_also")
    return (
        -1 if held is None else SUIT_LETTERS.index(held),
        (before or {}).get("trick", 1),
        letter is not None,
        sum(1 << card for card in breakers),
    )


def _first_trick_barred(spec: Spec) -> int:
    barred = sum(suit_mask(SUIT_LETTERS.index(s)) for s in spec.value("play.first_trick", "barred_suits", []) or [])
    for card in spec_cards(spec, spec.value("play.first_trick", "barred_cards", []) or [], "play.first_trick"):
        barred |= 1 << card
    return barred


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
    sides = _sides(spec, seats)
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
    held_suit, held_until, until_broken, breakers = _held_suit(spec)
    try:
        pass_cycle = _pass_offsets(spec.value("passing.pass", "cycle", ["none"]), sides, seats)
    except ValueError as exc:
        raise spec_error(spec, str(exc), "passing.pass.cycle") from None
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
        bid_style=spec.value("bidding.order", "style", "individual"),
        player_min=spec.value("bidding.limits", "player_min", 0),
        player_max=spec.value("bidding.limits", "player_max", per_player),
        side_min=spec.value("bidding.limits", "side_min", 0),
        side_max=spec.value("bidding.limits", "side_max", 10**6),
        total_not=per_player if total_not == "tricks" else total_not,
        allowed_kinds=frozenset(allowed),
        passing=spec.value("passing.pass", "cycle", ["none"]) != ["none"],
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
        contracts=spec.has("scoring.contract") or not spec.has("scoring.points"),
        points=_points(spec, deck),
        discard_card=parse_card(spec.value("play.first_discard", "card")) if spec.has("play.first_discard") else -1,
        held_suit=held_suit,
        held_until_trick=held_until,
        held_until_broken=until_broken,
        breakers=breakers,
        first_trick_barred=_first_trick_barred(spec),
        revoke_ends_play=bool(spec.value("penalties.revoke", "ends_play", False)),
        lowest_wins=spec.value("game_end.winner", "rule", "highest_total") == "lowest_total",
        table_breaks_up=spec.has("game_end.table_breaks_up"),
        pass_cycle=pass_cycle,
        pass_cards=int(spec.value("passing.pass", "cards", 0)),
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
