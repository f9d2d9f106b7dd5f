"""A spec compiled once into flat tables for replay.

The replay loop reads only ints, tuples and bitmasks from here; it never
looks a clause up by name. Everything a variant may change (deck, ranking,
trumps, lead rules, scoring numbers, game end) is a field of
:class:`Tables`, filled from the spec's clauses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..errors import InputError, Location, Unsupported
from ..spec import Spec
from .cards import (
    CARD_COUNT,
    COPY,
    JOKERS,
    RANK_NAMES,
    STANDARD_52,
    SUIT_LETTERS,
    card_name,
    parse_card,
    rank_of,
    suit_mask,
    suit_of,
)
from .points import PointRules, compile_points, value_groups

NO_TRUMP = -1
NO_PASS = None  # in a pass cycle: no pass that hand

# Bid kinds of the log format, by the clause that allows them.
KIND_CLAUSES = {
    "nil": "bidding.nil",
    "blind": "bidding.blind",
    "blind_nil": "bidding.blind_nil",
    "ten_for_two_hundred": "bidding.ten_for_two_hundred",
    "boston": "bidding.boston",
    "aces": "bidding.aces",
    "no_trump": "bidding.no_trump",
    "blind_no_trump": "bidding.no_trump",
    "double_nil": "bidding.double_nil",
    "little_bemo": "bidding.bemo",
    "big_bemo": "bidding.bemo",
}

# A kind of bid is also a kind of the broader bids named here: a spec with no clause of its own for blind nil
# still forbids it by forbidding nil (or blind) bidding, and its violation is cited under that clause.
KIND_FAMILIES = {
    "blind_nil": ("bidding.nil", "bidding.blind"),
    "double_nil": ("bidding.nil",),
    "blind_no_trump": ("bidding.blind",),
}
# Where a spec mentions a kind nowhere: the clause that lists the bids the rules allow.
ALLOWED_BIDS_CLAUSE = "bidding.limits"


def kind_clause(spec: Spec, kind: str) -> str:
    """The clause a bid of this kind breaks when not allowed: its own, a broader kind's that forbids it, or the
    clause listing the bids allowed."""
    own = KIND_CLAUSES.get(kind)
    if own is not None and spec.has(own):
        return own
    for clause in KIND_FAMILIES.get(kind, ()):
        if spec.value(clause, "allowed") is False:
            return clause
    return ALLOWED_BIDS_CLAUSE


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


def _spec_error(spec: Spec, message: str, clause: str) -> InputError:
    return InputError(message, Location(file=str(spec.path), path=f"$.{clause}"))


def _cards(spec: Spec, tokens: list[str], clause: str) -> list[int]:
    try:
        return [parse_card(token) for token in tokens]
    except ValueError as exc:
        raise _spec_error(spec, str(exc), clause) from None


def _deck(spec: Spec) -> int:
    base = spec.value("deck.cards", "base", "standard-52")
    deck = STANDARD_52 if base == "standard-52" else 0
    for card in _cards(spec, spec.value("deck.cards", "add", []), "deck.cards.add"):
        deck |= 1 << card
    if spec.value("deck.cards", "copies", 1) == 2:
        deck |= deck << COPY  # packs mixed together: a second copy of each card
    for card in _cards(spec, spec.value("deck.cards", "remove", []), "deck.cards.remove"):
        if not deck >> card & 1:
            raise _spec_error(spec, f"removes {card_name(card)}, which is not in the deck", "deck.cards.remove")
        deck &= ~(1 << card | 1 << (card + COPY))  # a card removed from mixed packs goes from each of them
    return deck


def _beaters(
    spec: Spec, deck: int, trump: int, suits: tuple[int, ...], power: tuple[int, ...], later_wins: bool
) -> tuple[int, ...]:
    """For each card, the deck's cards that take the trick from it when it is the card winning so far."""
    trumping = bool(spec.value("play.beat", "includes_trumping", True))
    trumps = 0 if trump == NO_TRUMP else sum(1 << c for c in range(CARD_COUNT) if suits[c] == trump)
    out = []
    for card in range(CARD_COUNT):
        mask = sum(
            1 << other
            for other in range(CARD_COUNT)
            if suits[other] == suits[card] and (power[other] > power[card] or (later_wins and other == card))
        )
        if trumping and suits[card] != trump:
            mask |= trumps
        mask |= mask << COPY
        out.append(mask & deck)
    return tuple(out)


def _ranking(spec: Spec, deck: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Effective trump suit, suit of each card, and power of each card."""
    trump_letter = spec.value("ranking.trump", "suit", "none")
    trump = NO_TRUMP if trump_letter == "none" else SUIT_LETTERS.index(trump_letter)
    top = _cards(spec, spec.value("ranking.trump", "top", []) or [], "ranking.trump.top")
    if top and trump == NO_TRUMP:
        raise _spec_error(spec, "promotes cards above the trumps but names no trump suit", "ranking.trump")
    order = spec.value("ranking.order", "ranks", list(reversed(RANK_NAMES)))
    strength = {RANK_NAMES.index(rank) + 2: len(order) - i for i, rank in enumerate(order)}
    suits = [-1] * CARD_COUNT
    power = [0] * CARD_COUNT
    for card in range(CARD_COUNT):
        if not deck >> card & 1:
            # A stray card (reported as not in the deck) keeps its printed suit and can beat nothing, so the
            # trick it falls in is still decided by the real cards and the replay stays on course.
            suits[card] = suit_of(card) if card < 52 else trump
            continue
        if card in top:
            suits[card] = trump
            power[card] = 100 + len(top) - top.index(card)
        elif card in JOKERS.values():
            raise _spec_error(
                spec,
                f"the deck has {card_name(card)} but the ranking does not place it (list it under ranking.trump.top)",
                "ranking.trump.top",
            )
        else:
            rank = rank_of(card)
            if rank not in strength:
                raise _spec_error(
                    spec,
                    f"the deck has {card_name(card)} but ranking.order has no rank {RANK_NAMES[rank - 2]}",
                    "ranking.order",
                )
            suits[card] = suit_of(card)
            power[card] = strength[rank]
    for card in top:
        if not deck >> card & 1:
            raise _spec_error(
                spec, f"ranks {card_name(card)} above the trumps, but it is not in the deck", "ranking.trump.top"
            )
    return trump, tuple(suits), tuple(power)


def _sides(spec: Spec, seats: int) -> tuple[tuple[int, ...], ...]:
    partners = spec.value("players.sides", "partners", "none")
    if partners == "none":
        return tuple((seat,) for seat in range(seats))
    if partners == "opposite":
        if seats % 2:
            raise _spec_error(spec, f"partners cannot sit opposite with {seats} players", "players.sides")
        half = seats // 2
        return tuple(tuple(range(first, seats, half)) for first in range(half))
    sides = tuple(tuple(side) for side in partners)
    covered = sorted(seat for side in sides for seat in side)
    if covered != list(range(seats)):
        raise _spec_error(
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


ANY = None  # in ENFORCED: any value the schema allows

# What the replay enforces: each clause and, for each of its fields, the values it acts on (ANY: all the
# schema allows). A spec that sets anything else is refused with Unsupported, never silently half-checked.
ENFORCED: dict[str, dict[str, tuple[object, ...] | None]] = {
    "players.seats": {"count": ANY, "counts": ANY},
    "players.sides": {"partners": ANY},
    "players.turn": {"direction": ("clockwise",)},
    "deck.cards": {"base": ANY, "copies": ANY, "add": ANY, "remove": ANY},
    "ranking.order": {"ranks": ANY},
    "ranking.trump": {"suit": ANY, "top": ANY},
    "ranking.identical_cards": {"winner": ANY},
    "deal.dealer": {"first": ("any",), "rotation": ANY, "after_misdeal": ("next_dealer",)},
    "deal.cards": {"per_player": ANY, "leftover": ANY},
    "deal.misdeal": {"wrong_count": (True,), "called_by": ("any",), "deadline": ANY},
    "bidding.first_hand": {"bids": ANY, "per_book": ANY, "sweep_books": ANY},
    "bidding.order": {
        "starts": ("dealer", "left_of_dealer", "non_dealers"),
        "style": ("individual", "partnership"),
        "raises": ("none",),
    },
    "bidding.limits": {"player_min": ANY, "player_max": ANY, "side_min": ANY, "side_max": ANY, "total_not": ANY},
    **{clause: {"allowed": (False,)} for clause in KIND_CLAUSES.values()},
    "bidding.blind": {"allowed": ANY, "behind_by": ANY, "min": ANY, "made_multiplier": ANY, "set_multiplier": ANY},
    "bidding.ten_for_two_hundred": {"allowed": ANY, "points": ANY, "penalty": ANY, "tricks": ANY},
    "bidding.boston": {"allowed": ANY, "points": ANY, "penalty": ANY},
    "bidding.nil": {"allowed": ANY, "bonus": ANY, "penalty": ANY, "partner_min": ANY, "tricks_count_for_partner": ANY},
    "passing.pass": {"cycle": ANY, "cards": ANY, "when": ANY},
    "play.own_cards": {},
    "play.first_lead": {"leader": ("left_of_dealer", "holder_of_card"), "cards": ANY, "trump": ANY},
    "play.lead": {
        "trump": ANY,
        "broken_by": ANY,
        "only_trump_left": ("may_lead",),
        "suit": ANY,
        "broken_also": ANY,
        "suit_not_before_trick": ANY,
    },
    "play.first_discard": {"card": ANY},
    "play.first_trick": {"barred_suits": ANY, "barred_cards": ANY},
    "play.short_hand": {"takes_tricks": ANY},
    "play.follow": {"must_follow": ANY},
    "play.take_back": {"renege_only": ANY, "trump_sticks": ANY, "illegal_only": ANY},
    "play.beat": {"must_beat_highest": ANY, "includes_trumping": ANY},
    "play.trick_winner": {"rule": ANY},
    "play.next_lead": {"by": ANY},
    "penalties.renege": {"books_to_opponents": ANY, "points": ANY, "books_lost": ANY, "books_not_bags": ANY},
    "penalties.false_claim": {"books_lost": ANY, "points": ANY},
    "penalties.other_rule": {"books_lost": ANY, "points": ANY},
    "scoring.contract": {"made_per_trick": ANY, "overtrick": ANY, "set_per_trick": ANY},
    "scoring.bags": {"limit": ANY, "penalty": ANY, "carry_over": ANY},
    "scoring.overbid_double": {"points": ANY},
    "penalties.revoke": {"charge_points": ANY, "ends_play": ANY},
    "scoring.points": {"cards": ANY, "suits": ANY, "total": ANY},
    "scoring.moon": {"others": ANY},
    "scoring.settlement": {"rule": ANY},
    "game_end.target": {"points": ANY},
    "game_end.both_reach": {"rule": ANY},
    "game_end.tie": {"rule": ANY},
    "game_end.floor": {"points": ANY},
    "game_end.rounds": {"max": ANY},
    "game_end.winner": {"rule": ANY},
    "game_end.table_breaks_up": {},
    "game_end.clock": {"minutes": ANY, "overtime_hands": (1,)},
}


def _unsupported(spec: Spec) -> None:
    """Refuse clauses and fields the replay does not enforce yet, rather than ignore them."""
    for clause_id, clause in spec.clauses.items():
        if not clause.checkable:
            continue  # stated as not checkable from a record: nothing to enforce
        fields = ENFORCED.get(clause_id)
        where = Location(file=str(spec.path), path=f"$.{clause_id}")
        if fields is None:
            raise Unsupported(f"the clause {clause_id} is not supported by this referee yet", where)
        if clause_id in KIND_CLAUSES.values() and clause.data.get("allowed") is False:
            continue  # a kind of bid that is not allowed: its scoring fields never come into play
        for name, value in clause.data.items():
            if name not in fields:
                raise Unsupported(f"{clause_id}.{name} is not supported by this referee yet", where)
            allowed = fields[name]
            if allowed is not ANY and value not in allowed:
                if name == "allowed":  # a kind of bid
                    kind = clause_id.split(".")[1].replace("_", " ")
                    raise Unsupported(f"{kind} bids ({clause_id}) are not supported by this referee yet", where)
                raise Unsupported(f"{clause_id}.{name}: {value!r} is not supported by this referee yet", where)


# Clauses (and fields) that can take effect only in some specs: (clause, field, why not, when it cannot).
_NO_TRUMP_SUIT = "the spec has no trump suit (ranking.trump.suit: none)"


def _no_effect(spec: Spec, clause_id: str, name: str, why: str) -> InputError:
    value = spec.value(clause_id, name)
    return _spec_error(spec, f"{name}: {value!r} cannot take effect: {why}", f"{clause_id}.{name}")


def _by_option(spec: Spec, clause_id: str, name: str) -> bool:
    """Whether a clause's field is the table's choice (an option): the fields it switches off may yet apply."""
    section, clause = clause_id.split(".")
    value = ((spec.raw.get(section) or {}).get(clause) or {}).get(name)
    return isinstance(value, dict) and set(value) == {"option"}


def _silent(spec: Spec, trump: int) -> None:
    """Refuse a clause or field the replay would pass over in this spec, saying why it cannot take effect."""
    has = spec.value
    if trump == NO_TRUMP:
        if has("play.lead", "trump", "any_time") != "any_time":
            raise _no_effect(spec, "play.lead", "trump", _NO_TRUMP_SUIT)
        if has("play.first_lead", "trump", "allowed") != "allowed":
            raise _no_effect(spec, "play.first_lead", "trump", _NO_TRUMP_SUIT)
        if has("play.trick_winner", "rule") == "highest_trump_else_led_suit":
            raise _no_effect(spec, "play.trick_winner", "rule", _NO_TRUMP_SUIT + "; write highest_of_led_suit")
    elif has("play.trick_winner", "rule") == "highest_of_led_suit":
        why = f"the spec has a trump suit (ranking.trump.suit: {has('ranking.trump', 'suit')}), and a trump wins"
        raise _no_effect(spec, "play.trick_winner", "rule", why)
    if has("play.lead", "trump", "any_time") == "any_time":
        for name in ("broken_by", "only_trump_left"):
            if has("play.lead", name) is not None:
                raise _no_effect(spec, "play.lead", name, "trumps may be led at any time (play.lead.trump: any_time)")
    if not has("scoring.bags", "limit", 0):
        for name in ("penalty", "carry_over"):
            if has("scoring.bags", name) is not None:
                raise _no_effect(spec, "scoring.bags", name, "there is no bag limit (scoring.bags.limit: 0)")
    first_hand_chosen = _by_option(spec, "bidding.first_hand", "bids")
    if (
        has("bidding.first_hand", "bids", True)
        and has("bidding.first_hand", "per_book") is not None
        and not first_hand_chosen
    ):
        raise _no_effect(spec, "bidding.first_hand", "per_book", "the first hand is bid (bidding.first_hand.bids)")
    if has("passing.pass", "cycle", ["none"]) == ["none"]:
        for name in ("cards", "when"):
            if has("passing.pass", name) is not None:
                raise _no_effect(spec, "passing.pass", name, "no cards are passed (passing.pass.cycle: [none])")
    if not has("play.follow", "must_follow", True):
        for name in ("books_to_opponents", "points"):
            if has("penalties.renege", name, 0):
                raise _no_effect(spec, "penalties.renege", name, "no one must follow suit (play.follow)")
    for kind, clause_id in KIND_CLAUSES.items():
        if spec.has(clause_id) and has(clause_id, "allowed") is False and not _by_option(spec, clause_id, "allowed"):
            for name in spec.clause(clause_id).data:
                if name not in ("allowed", "points"):  # points: what a table that wrote one anyway would score
                    why = f"{kind.replace('_', ' ')} bids are not allowed ({clause_id}.allowed: false)"
                    raise _no_effect(spec, clause_id, name, why)


def _silent_points(spec: Spec) -> None:
    """Refuse what a game scored by card points (or by contract) would pass over: the other way's clauses."""
    if spec.has("scoring.points"):
        if spec.has("scoring.contract"):
            why = "the hands are scored by the points of the cards taken (scoring.points)"
            raise _no_effect(spec, "scoring.contract", "made_per_trick", why)
        for name in ("books_to_opponents", "points"):
            if spec.value("penalties.renege", name, 0):
                why = "the hands are scored by card points; a revoke's charge is penalties.revoke.charge_points"
                raise _no_effect(spec, "penalties.renege", name, why)
        return
    no_points = "no card carries points (there is no scoring.points)"
    for clause_id, name in (
        ("scoring.moon", "others"),
        ("scoring.settlement", "rule"),
        ("penalties.revoke", "charge_points"),
        ("penalties.revoke", "ends_play"),
    ):
        if spec.value(clause_id, name) not in (None, "none", False):
            raise _no_effect(spec, clause_id, name, no_points)


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
        raise _spec_error(spec, str(exc), "scoring.points.cards") from None
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
        raise _spec_error(spec, "holds back both trumps and another suit until broken", "play.lead")
    if before is not None and letter is not None and before["suit"] != letter:
        raise _spec_error(spec, "holds back two different suits", "play.lead")
    held = letter or (before or {}).get("suit")
    breakers = _cards(spec, spec.value("play.lead", "broken_also", []) or [], "play.lead.broken_also")
    return (
        -1 if held is None else SUIT_LETTERS.index(held),
        (before or {}).get("trick", 1),
        letter is not None,
        sum(1 << card for card in breakers),
    )


def _first_trick_barred(spec: Spec) -> int:
    barred = sum(suit_mask(SUIT_LETTERS.index(s)) for s in spec.value("play.first_trick", "barred_suits", []) or [])
    for card in _cards(spec, spec.value("play.first_trick", "barred_cards", []) or [], "play.first_trick"):
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
    _unsupported(spec)
    if seats is None:
        seats = int(spec.value("players.seats", "count", 4))
    deck = _deck(spec)
    trump, suits, power = _ranking(spec, deck)
    _silent(spec, trump)
    _silent_points(spec)
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
        raise _spec_error(
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
    first_cards = _cards(spec, spec.value("play.first_lead", "cards", []) or [], "play.first_lead.cards")
    bag_limit = spec.value("scoring.bags", "limit", 0)
    held_suit, held_until, until_broken, breakers = _held_suit(spec)
    try:
        pass_cycle = _pass_offsets(spec.value("passing.pass", "cycle", ["none"]), sides, seats)
    except ValueError as exc:
        raise _spec_error(spec, str(exc), "passing.pass.cycle") from None
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
        beaters=_beaters(spec, deck, trump, suits, power, later_wins),
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
    )


def top_cards(spec: Spec) -> list[int]:
    """The cards a spec ranks above the trump suit's own cards."""
    return _cards(spec, spec.value("ranking.trump", "top", []) or [], "ranking.trump.top")


@cache
def tables_for(spec: Spec, seats: int | None = None) -> Tables:
    """The compiled tables of a spec for a number of players, compiled once per spec, options and count."""
    return compile_spec(spec, seats)
