"""What the replay acts on (:data:`ENFORCED`), and the refusal of any clause it would pass over.

A spec that sets a clause or field the replay does not enforce, or one that cannot take effect in that
spec, is refused (Unsupported or InputError), never silently half-checked.
"""

from __future__ import annotations

from ..errors import InputError, Location, Unsupported
from ..spec import Spec
from .bid_kinds import KIND_CLAUSES
from .deck import NO_TRUMP, spec_error

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
    "deal.dealer": {"first": ("any", "highest_card"), "rotation": ANY, "after_misdeal": ("next_dealer",)},
    "deal.cards": {"per_player": ANY, "leftover": ANY},
    "deal.misdeal": {
        "wrong_count": (True,),
        "called_by": ANY,
        "deadline": ANY,
        "no_trump": ANY,
        "suit_length": ANY,
        "dealer_not_last": ANY,
        "excess_passed": ANY,
    },
    "bidding.first_hand": {"bids": ANY, "per_book": ANY, "sweep_books": ANY},
    "bidding.order": {"starts": ANY, "style": ANY, "raises": ANY, "partners": ANY},
    "bidding.limits": {"player_min": ANY, "player_max": ANY, "side_min": ANY, "side_max": ANY, "total_not": ANY},
    **{clause: {"allowed": (False,)} for clause in KIND_CLAUSES.values()},
    "bidding.blind": {
        "allowed": ANY,
        "behind_by": ANY,
        "min": ANY,
        "made_multiplier": ANY,
        "set_multiplier": ANY,
        "multiplies_specials": ANY,
    },
    "bidding.ten_for_two_hundred": {"allowed": ANY, "points": ANY, "penalty": ANY, "tricks": ANY},
    "bidding.boston": {"allowed": ANY, "points": ANY, "penalty": ANY, "blind_wins_game": ANY},
    "bidding.aces": {"allowed": ANY, "points": ANY, "penalty": ANY},
    "bidding.ace_check": {"aces_held": ANY},
    "bidding.no_trump": {
        "allowed": ANY,
        "multiplier": ANY,
        "set_multiplier": ANY,
        "blind_multiplier": ANY,
        "blind_set_multiplier": ANY,
        "blind_min": ANY,
        "behind_by": ANY,
    },
    "play.no_trump_bid": {"may_trump": ANY},
    "bidding.double_nil": {
        "allowed": ANY,
        "bonus": ANY,
        "penalty": ANY,
        "behind_by": ANY,
        "made_wins_game": ANY,
        "failed_loses_game": ANY,
        "opponents_bonus": ANY,
    },
    "bidding.bemo": {"allowed": ANY, "little_tricks": ANY, "little_points": ANY, "big_tricks": ANY, "big_points": ANY},
    "bidding.nil": {"allowed": ANY, "bonus": ANY, "penalty": ANY, "partner_min": ANY, "tricks_count_for_partner": ANY},
    "passing.pass": {"cycle": ANY, "cards": ANY, "when": ANY},
    "passing.nil_pass": {"cards": ANY, "to": ANY, "hands": ANY},
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
    "penalties.renege": {
        "books_to_opponents": ANY,
        "points": ANY,
        "books_lost": ANY,
        "books_not_bags": ANY,
        "sandbags": ANY,
        "escalation": ANY,
        "claim_window": ANY,
        "opponents_as_made": ANY,
        "winning_hand_thrown_out": ANY,
        "illegal_leads": ANY,
    },
    "penalties.card_not_played": {"sandbags": ANY},
    "penalties.false_claim": {"books_lost": ANY, "points": ANY},
    "penalties.other_rule": {"books_lost": ANY, "points": ANY},
    "scoring.contract": {"made_per_trick": ANY, "overtrick": ANY, "set_per_trick": ANY},
    "scoring.bags": {"limit": ANY, "penalty": ANY, "carry_over": ANY},
    "scoring.overbid_double": {"points": ANY},
    "scoring.hand_max": {"points": ANY, "blind_exempt": ANY},
    "penalties.revoke": {"charge_points": ANY, "ends_play": ANY},
    "scoring.points": {"cards": ANY, "suits": ANY, "total": ANY},
    "scoring.moon": {"others": ANY},
    "scoring.settlement": {"rule": ANY},
    "game_end.target": {"points": ANY},
    "game_end.both_reach": {"rule": ANY},
    "game_end.tie": {"rule": ANY},
    "game_end.floor": {"points": ANY},
    "game_end.behind": {"points": ANY},
    "game_end.rounds": {"max": ANY, "tie": ANY},
    "game_end.winner": {"rule": ANY},
    "game_end.table_breaks_up": {},
    "game_end.clock": {"minutes": ANY, "overtime_hands": (1,)},
}


def refuse_unsupported(spec: Spec) -> None:
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
    return spec_error(spec, f"{name}: {value!r} cannot take effect: {why}", f"{clause_id}.{name}")


def _by_option(spec: Spec, clause_id: str, name: str) -> bool:
    """Whether a clause's field is the table's choice (an option): the fields it switches off may yet apply."""
    section, clause = clause_id.split(".")
    value = ((spec.raw.get(section) or {}).get(clause) or {}).get(name)
    return isinstance(value, dict) and set(value) == {"option"}


def refuse_silent(spec: Spec, trump: int) -> None:
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
    held = has("play.lead", "suit")
    if held is not None:  # a suit held back is broken by its own cards played: these fields speak of trumps
        for name in ("broken_by", "only_trump_left"):
            if has("play.lead", name) is not None:
                why = (
                    "it says what breaks trumps held back (play.lead.trump: after_broken); the suit held back "
                    f"here (play.lead.suit: {held}) is not trumps, and is broken when a card of it or of "
                    "play.lead.broken_also is played"
                )
                raise _no_effect(spec, "play.lead", name, why)
    if has("play.lead", "trump", "any_time") == "any_time":
        for name in ("broken_by", "only_trump_left"):
            if has("play.lead", name) is not None:
                raise _no_effect(spec, "play.lead", name, "trumps may be led at any time (play.lead.trump: any_time)")
    if (
        has("scoring.bags", "limit", 0)
        and not has("scoring.bags", "penalty")
        and not _by_option(spec, "scoring.bags", "penalty")
    ):
        why = (
            "no penalty is set (scoring.bags.penalty), so reaching the limit costs nothing; give the points a side "
            "scores each time, such as penalty: -50"
        )
        raise _no_effect(spec, "scoring.bags", "limit", why)
    if not has("scoring.bags", "limit", 0):
        for name in ("penalty", "carry_over"):
            if has("scoring.bags", name) is not None:
                raise _no_effect(spec, "scoring.bags", name, "there is no bag limit (scoring.bags.limit: 0)")
        # sandbags as a penalty count only towards a bag limit
        bagged = [("penalties.renege", "sandbags"), ("penalties.card_not_played", "sandbags")]
        steps = has("penalties.renege", "escalation") or []
        if any(step.get("sandbags") for step in steps):
            bagged.append(("penalties.renege", "escalation"))
        for clause_id, name in bagged:
            if has(clause_id, name):
                raise _no_effect(spec, clause_id, name, "there is no bag limit (scoring.bags.limit: 0)")
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
    cycle = has("passing.pass", "cycle", ["none"]) or ["none"]
    for place in has("passing.nil_pass", "hands", []) or []:
        if place > len(cycle) or cycle[place - 1] != "none":
            why = f"a nil bidder passes only in a hand with no pass of its own (passing.pass.cycle: {cycle})"
            raise _no_effect(spec, "passing.nil_pass", "hands", why)
    if spec.has("passing.nil_pass") and not has("bidding.nil", "allowed", False):
        raise _no_effect(spec, "passing.nil_pass", "cards", "nil bids are not allowed (bidding.nil)")
    if spec.has("bidding.ace_check") and not has("bidding.aces", "allowed", False):
        raise _no_effect(spec, "bidding.ace_check", "aces_held", "ACES bids are not allowed (bidding.aces)")
    for kind, clause_id in KIND_CLAUSES.items():
        if spec.has(clause_id) and has(clause_id, "allowed") is False and not _by_option(spec, clause_id, "allowed"):
            for name in spec.clause(clause_id).data:
                if name not in ("allowed", "points"):  # points: what a table that wrote one anyway would score
                    why = f"{kind.replace('_', ' ')} bids are not allowed ({clause_id}.allowed: false)"
                    raise _no_effect(spec, clause_id, name, why)


def refuse_silent_points(spec: Spec) -> None:
    """Refuse what a game scored by card points (or by contract) would pass over: the other way's clauses."""
    if spec.has("scoring.points"):
        if spec.has("scoring.contract"):
            why = "the hands are scored by the points of the cards taken (scoring.points)"
            raise _no_effect(spec, "scoring.contract", "made_per_trick", why)
        for name in ("books_to_opponents", "points", "escalation", "opponents_as_made", "winning_hand_thrown_out"):
            if spec.value("penalties.renege", name, 0):
                why = "the hands are scored by card points; a revoke's charge is penalties.revoke.charge_points"
                raise _no_effect(spec, "penalties.renege", name, why)
        if spec.value("bidding.first_hand", "bids", True) is False:  # an unbid first hand scores by books
            why = "the hands are scored by the points of the cards taken (scoring.points), and none is bid"
            raise _no_effect(spec, "bidding.first_hand", "bids", why)
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
