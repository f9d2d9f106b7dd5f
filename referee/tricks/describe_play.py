"""Trick-taking clauses of the play, penalties and scoring in plain words (the rulebook pages)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..words import Fields, show
from ..words import count as _count
from .describe import SUITS
from .describe import cards as _cards

PENALTY_NAMES = {
    "renege": "renege (failing to follow suit when able)",
    "revoke": "revoke",
    "false_claim": "false claim",
    "other_rule": "other breach of the rules",
    "card_not_played": "card a player held and never played",
    "cheating": "cheating",
}


def _take_back(f: Fields) -> list[str]:
    out = []
    if f.get("renege_only", not f.get("illegal_only")):
        out.append("Only a card played out of suit may be picked up and replaced.")
    if f.get("illegal_only"):
        out.append("Only a card whose play broke a rule may be picked up; any other card laid is played.")
    if f.get("trump_sticks"):
        out.append("A trump may never be picked up.")
    return out or ["A card played may be picked up and replaced."]


def _first_lead(f: Fields) -> list[str]:
    leader = f.get("leader")
    texts = {
        "left_of_dealer": "The player to the dealer's left leads to the first trick.",
        "dealer": "The dealer leads to the first trick.",
        "winner_of_last": "The winner of the last hand leads to the first trick.",
    }
    if leader == "holder_of_card":
        first, *others = [_cards([card]) for card in f.get("cards") or []] or ["the card named"]
        out = [f"The holder of {first} leads it to the first trick."]
        for before, card in zip([first, *others], others, strict=False):  # the next card where one is out of play
            out.append(f"If {before} is out of play, the holder of {card} leads it.")
    else:
        out = [texts.get(leader, f"First leader: {show(leader)}.")]
    trump = f.get("trump")
    if trump == "not_allowed":
        out.append("A trump may not be led to the first trick unless the leader holds nothing else.")
    elif trump == "allowed":
        out.append("A trump may be led to the first trick.")
    return out


def _lead(f: Fields) -> list[str]:
    out = []
    trump = f.get("trump")
    if trump == "any_time":
        out.append("Trumps may be led at any time.")
    elif trump == "after_broken":
        by = f.get("broken_by")
        how = {"played": "a trump has been played to an earlier trick", "won": "a trick has been won with a trump"}
        out.append(f"Trumps may not be led until they are broken (until {how.get(by, show(by))}).")
    only = f.get("only_trump_left")
    if only == "may_lead":
        out.append("A player holding nothing but trumps may lead one.")
    elif only == "must_lead":
        out.append("A player holding nothing but trumps must lead one.")
    barred = f.get("suit_not_before_trick")
    if barred:
        suit = SUITS.get(barred["suit"], barred["suit"]).capitalize()
        out.append(f"{suit} may not be led before trick {barred['trick']}.")
    held = f.get("suit")
    if held:
        also = f.get("broken_also")
        by = f" or {_cards(also)}" if also else ""
        name = SUITS.get(held, held)
        out.append(f"{name.capitalize()} may not be led until one of the {name}{by} has been played.")
    if barred or held:
        out.append("A leader holding nothing else may lead one.")
    return out


def _first_trick(f: Fields) -> list[str]:
    barred = [SUITS.get(s, s) for s in f.get("barred_suits") or []]
    cards = f.get("barred_cards")
    if cards:
        barred.append(_cards(cards))
    named = " or ".join(barred)  # ("No hearts and no the queen of spades" read as no sentence)
    return [f"{named[:1].upper()}{named[1:]} may not be played to the first trick by a player who holds anything else."]


def _follow(f: Fields) -> list[str]:
    if f.get("must_follow"):
        return ["A player must follow suit if able; a player who cannot may play any card."]
    return ["A player need not follow suit."]


def _beat(f: Fields) -> list[str]:
    if not f.get("must_beat_highest"):
        return ["A player need not beat the cards already played."]
    out = ["A player must beat the highest card played to the trick if able."]
    if f.get("includes_trumping"):
        out.append("That includes trumping when unable to follow suit.")
    return out


def _first_discard(f: Fields) -> list[str]:
    card = _cards([f.get("card")])
    return [f"Whoever holds {card} in the play must play it at the first opportunity (when unable to follow suit)."]


def _trick_winner(f: Fields) -> list[str]:
    rule = f.get("rule")
    if rule == "highest_trump_else_led_suit":
        return ["The highest trump wins the trick; if no trump is played, the highest card of the suit led."]
    if rule == "highest_of_led_suit":
        return ["The highest card of the suit led wins the trick."]
    return [f"Trick winner: {show(rule)}."]


def _next_lead(f: Fields) -> list[str]:
    if f.get("by") == "trick_winner":
        return ["The winner of each trick leads to the next."]
    return [f"Next leader: {show(f.get('by'))}."]


def _own_cards(f: Fields) -> list[str]:
    return ["A player plays only the cards they hold (dealt to them, after any pass), each card once."]


def _penalty(name: str) -> Callable[[Fields], list[str]]:
    label = PENALTY_NAMES[name]

    def describe(f: Fields) -> list[str]:
        parts = []
        lost = f.get("books_lost", 0)
        if lost:
            parts.append(f"the offending side loses {_count(lost, 'book')} (never going below none)")
        books = f.get("books_to_opponents", 0)
        if books:
            parts.append(
                f"{_count(books, 'book')} {'goes' if books == 1 else 'go'} from the offending side to its opponents"
            )
        points = f.get("points", 0)
        if points:
            parts.append(f"the offending side scores {_count(points, 'point')}")
        bags = f.get("sandbags", 0)
        if bags:
            parts.append(f"the offending side takes {_count(bags, 'sandbag')}")
        charge = f.get("charge_points", 0)
        if charge:
            parts.append(f"the offender is charged {_count(charge, 'point')}")
        if f.get("ends_play"):
            parts.append("play of the hand stops")
        if f.get("books_not_bags"):
            parts.append("books moved by the penalty do not count as overtricks")
        parts += _escalation(f.get("escalation") or [])
        if f.get("opponents_as_made"):
            parts.append("the side it was made against scores as if it took exactly its bid, with no sandbags")
        if f.get("winning_hand_thrown_out"):
            parts.append("a hand it would win the game for the offending side is thrown out like a misdeal")
        if f.get("claim_window"):
            parts.append(
                "it costs this only when the opposing side claims it before playing its last card of the last trick"
            )
        if f.get("illegal_leads"):
            parts.append("a card led against the lead rules counts as one")
        if not parts:
            return [f"For a {label}: no penalty; the hand is scored as it was played."]
        # where play stops at the offence, no second one of the hand is ever charged
        head = f"For the first {label} of a hand" if f.get("ends_play") else f"For each {label}"
        return [f"{head}: " + "; ".join(parts) + "."]

    return describe


def _escalation(steps: list[dict[str, Any]]) -> list[str]:
    """An escalating penalty: what the first, second, ... offence of a side in a game costs."""
    words = []
    for nth, step in enumerate(steps, 1):
        cost = "the game" if step.get("loses_game") else _count(step.get("sandbags", 0), "sandbag")
        ordinal = {1: "first", 2: "second", 3: "third"}.get(nth, f"{nth}th")
        words.append(f"the {ordinal} a side makes in a game costs it {cost}")
    if words:
        words[-1] += ", as does any after it"
    return words


def _contract(f: Fields) -> list[str]:
    made, over, set_ = f.get("made_per_trick"), f.get("overtrick", 0), f.get("set_per_trick")
    who, its, it = f.who("A side that", "A player who"), f.who("its", "their"), f.who("it", "they")
    text = f"{who} takes at least {its} bid scores {made} for each trick bid"
    # an overtrick that costs points (three-player: "reduced by 10 points") is "minus 10", not "plus -10"
    more = f"minus {-over}" if isinstance(over, int) and over < 0 else f"plus {over}"
    text += f", {more} for each trick over the bid." if over else "; tricks over the bid score nothing."
    out = [text, f"{who} takes fewer tricks than {it} bid (is set) scores {set_} for each trick bid."]
    unbid = f.get("unbid_per_book")
    if unbid is not None:
        out.append(f"On a hand played without bids, each book scores {unbid}.")
    return out


def _bags(f: Fields) -> list[str]:
    limit, penalty = f.get("limit"), f.get("penalty")
    if not limit:  # the penalty read all the same: an option's map may give it as none
        return ["No sandbag penalty: overtricks carry no penalty."]
    whose, it = f.who("a side's", "a player's"), f.who("it scores", "they score")
    out = [f"Each time {whose} overtricks (bags) reach {limit}, {it} {penalty or 0}."]
    if f.get("carry_over", True):
        out.append("Bags beyond that count towards the next penalty.")
    else:
        out.append("The count of bags then starts again from nothing.")
    return out


def _points(f: Fields) -> list[str]:
    out = []
    for suit, value in (f.get("suits") or {}).items():
        out.append(f"Each of the {SUITS.get(suit, suit)} taken counts {value}.")
    for card, value in (f.get("cards") or {}).items():
        out.append(f"{_cards([card]).capitalize()} taken counts {value}.")
    total = f.get("total")
    if total is not None:
        out.append(f"{_count(total, 'point')} in all each hand.")
    return out


def _short_hand(f: Fields) -> list[str]:
    if f.get("takes_tricks"):
        return ["A player found short of cards takes each trick they cannot play to, with its points."]
    return ["A player short of cards takes no trick for it."]


def _moon(f: Fields) -> list[str]:
    return [
        f"A player who takes every point of a hand scores 0 for it, and each other player "
        f"{_count(f.get('others'), 'point')}."
    ]


def _settlement(f: Fields) -> list[str]:
    if f.get("rule") == "against_average":
        return [
            "When the table breaks up, each player's total is compared with the average of all totals: "
            "a player above it pays the difference, a player below it collects."
        ]
    return ["No settlement between players."]


def _overbid_double(f: Fields) -> list[str]:
    who, it = f.who("A side that", "A player who"), f.who("it", "they")
    return [f"{who} takes at least twice the books {it} bid scores {f.get('points')} for the hand."]


def _hand_max(f: Fields) -> list[str]:
    if "points" not in f.data:
        return []
    blind = f" (a hand the {f.who('side', 'player')} bid blind excepted)" if f.get("blind_exempt") else ""
    return [f"{f.who('A side', 'A player')} scores at most {f.get('points')} for one hand{blind}."]


def _no_trump_bid(f: Fields) -> list[str]:
    when = f.get("may_trump", "only_when_trump_led")
    rule = "unless spades were led" if when == "only_when_trump_led" else show(when)
    return [f"A player who bid no trump may not win a trick with a spade {rule}."]


DESCRIBE: dict[str, Callable[[Fields], list[str]]] = {
    "play.first_lead": _first_lead,
    "play.lead": _lead,
    "play.follow": _follow,
    "play.beat": _beat,
    "play.first_discard": _first_discard,
    "play.first_trick": _first_trick,
    "play.trick_winner": _trick_winner,
    "play.next_lead": _next_lead,
    "play.own_cards": _own_cards,
    "play.short_hand": _short_hand,
    "play.take_back": _take_back,
    "play.no_trump_bid": _no_trump_bid,
    **{f"penalties.{name}": _penalty(name) for name in PENALTY_NAMES},
    "scoring.contract": _contract,
    "scoring.hand_max": _hand_max,
    "scoring.bags": _bags,
    "scoring.overbid_double": _overbid_double,
    "scoring.points": _points,
    "scoring.moon": _moon,
    "scoring.settlement": _settlement,
}
