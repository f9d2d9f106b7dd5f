"""A rule spec as a rulebook page in Markdown, for players and publishers.

Each clause is shown three ways: the rule in plain words (written from the
clause's data fields, so the page says what the referee will check), the
source's own words as a quotation, and the reading taken where the source
is silent, unclear or contradicts itself. The docs site builds one page per
bundled spec from :func:`markdown`.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Any

from .dominoes.describe import DESCRIBE as DOMINO_DESCRIBE
from .errors import InputError, Unsupported
from .families import compile_spec
from .spec import SECTIONS, Clause, Spec, bundled_ids, load, option_ref, source_text
from .tricks.cards import CardError, card_name, parse_card

SECTION_TITLES = {
    "players": "Players and seats",
    "deck": "The deck",
    "ranking": "Ranking and trumps",
    "deal": "The deal",
    "bidding": "Bidding",
    "passing": "Passing cards",
    "play": "The play",
    "penalties": "Penalties",
    "scoring": "Scoring",
    "game_end": "End of the game",
    "tiles": "The tiles",
    "draw": "The draw",
    "layout": "The layout",
    "dominoes_scoring": "Scoring (dominoes)",
}

SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

# Special bids: what each is called on the page.
BID_KINDS = {
    "nil": "nil (a bid to take no tricks)",
    "blind": "blind bids (made before looking at the cards)",
    "blind_nil": "blind nil",
    "ten_for_two_hundred": "ten for two hundred",
    "boston": "Boston (a bid of all the tricks)",
    "aces": "aces bids",
    "no_trump": "no-trump bids",
    "double_nil": "double nil",
    "bemo": "bemo bids",
}

PENALTY_NAMES = {
    "renege": "renege (failing to follow suit when able)",
    "revoke": "revoke",
    "false_claim": "false claim",
    "other_rule": "other breach of the rules",
    "card_not_played": "card a player held and never played",
    "cheating": "cheating",
}


class _Fields:
    """A clause's data fields; remembers which ones a description used, so none is left unshown."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.used: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.used.add(key)
        return self.data.get(key, default)

    def rest(self) -> dict[str, Any]:
        return {k: v for k, v in self.data.items() if k not in self.used}


def _words(name: str) -> str:
    return name.replace("_", " ")


_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


def card_words(token: Any) -> str:
    """A card token as a player says it: ``2D`` is the 2 of diamonds, ``BJ`` the big joker."""
    try:
        name = card_name(parse_card(token))
    except CardError:
        return str(token)
    if name in ("BJ", "LJ"):
        return "the big joker" if name == "BJ" else "the little joker"
    rank, suit = name[:-1], name[-1]
    return f"the {_RANK_WORDS.get(rank, rank)} of {SUITS[suit]}"


def _cards(tokens: Any) -> str:
    names = [card_words(token) for token in tokens or ()]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def show(value: Any) -> str:
    """A data value in plain words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | dict) and not value:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{_words(str(k))} {show(v)}" for k, v in value.items())
    if isinstance(value, str):
        return _words(value)
    return str(value)


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


# -- one describer per clause kind: plain sentences from the data fields ------------------------------


def _seats(f: _Fields) -> list[str]:
    count = f.get("count")
    out = [] if count is None else [f"{count} players."]
    counts = f.get("counts")
    if counts:
        out.append(f"The game may be played by {show(counts)} players.")
    return out


def _sides(f: _Fields) -> list[str]:
    partners = f.get("partners")
    if partners == "opposite":
        return [
            "Partners sit opposite each other (with four players: the 1st and 3rd in seat order against the 2nd "
            "and 4th)."
        ]
    if partners == "none":
        return ["No partnerships: each player plays for themselves."]
    sides = ["; ".join(" & ".join(f"seat {seat + 1}" for seat in side) for side in partners)]
    return [f"Sides by seat (in the log's seat order): {sides[0]}."]


def _turn(f: _Fields) -> list[str]:
    if f.get("direction") == "clockwise":
        return ["Turns go clockwise: the next player is the one to the left (the next name in the log)."]
    return ["Turns go counterclockwise: the next player is the one to the right."]


def _deck(f: _Fields) -> list[str]:
    base = f.get("base")
    text = "the standard 52-card pack" if base == "standard-52" else "no standard pack"
    add, remove = f.get("add") or [], f.get("remove") or []
    if add:
        text += f" + {_cards(add)}"
    if remove:
        text += f" − {_cards(remove)}"
    size = (52 if base == "standard-52" else 0) + len(add) - len(remove)
    copies = f.get("copies", 1)
    if copies != 1:
        text += f", {copies} copies of each card"
        size *= copies
    return [f"Deck: {text} ({size} cards)."]


def _order(f: _Fields) -> list[str]:
    return [f"Cards rank in each suit, high to low: {' '.join(f.get('ranks'))}."]


def _trump(f: _Fields) -> list[str]:
    suit = f.get("suit")
    out = ["No trump suit." if suit == "none" else f"{SUITS.get(suit, suit).capitalize()} are trumps."]
    top = f.get("top")
    if top:
        out.append(
            f"Above the ace of trumps, highest first: {_cards(top)}; they count as {SUITS.get(suit, suit)} "
            "for leading and following suit."
        )
    return out


def _identical(f: _Fields) -> list[str]:
    return [f"When two identical cards are played to a trick, the {f.get('winner')} one ranks higher."]


def _dealer(f: _Fields) -> list[str]:
    out = []
    first = f.get("first")
    firsts = {
        "any": "Any player may deal the first hand.",
        "highest_card": "The player who draws the highest card deals first.",
        "lowest_card": "The player who draws the lowest card deals first.",
        "winner_of_last": "The winner of the last game deals first.",
    }
    if first is not None:
        out.append(firsts.get(first, f"First dealer: {show(first)}."))
    rotation = f.get("rotation")
    out.append(f"The deal passes to the {rotation}" + (" (clockwise)." if rotation == "left" else "."))
    after = f.get("after_misdeal")
    if after == "same_dealer":
        out.append("After a misdeal the same player deals again.")
    elif after == "next_dealer":
        out.append("After a misdeal the deal passes on.")
    return out


def _deal_cards(f: _Fields) -> list[str]:
    per = f.get("per_player")
    if per == "as_far_as_they_go":
        out = ["The cards are dealt one at a time as far as they go equally."]
    elif isinstance(per, dict):
        out = ["Cards to each player, by number of players: " + ", ".join(f"{k}: {v}" for k, v in per.items()) + "."]
    else:
        out = [f"Each player is dealt {_count(per, 'card')}."]
    leftover = f.get("leftover")
    texts = {
        "none": "No cards are left over.",
        "first_trick_winner": "Cards left over go to the winner of the first trick.",
        "out_of_play": "Cards left over stay out of play.",
    }
    if leftover is not None:
        out.append(texts.get(leftover, f"Left over: {show(leftover)}."))
    return out


def _misdeal(f: _Fields) -> list[str]:
    out = []
    if f.get("wrong_count"):
        out.append("A deal that does not give each player the right cards (each card of the deck once) is a misdeal.")
    if f.get("no_trump"):
        out.append("A player dealt no trumps may call a misdeal.")
    length = f.get("suit_length")
    if length:
        out.append(f"A player dealt {length} or more cards of one suit may call a misdeal.")
    if f.get("dealer_not_last"):
        out.append("It is a misdeal if the dealer does not deal the last card to themselves.")
    called = f.get("called_by")
    who = {
        "any": "any player",
        "opponents": "the dealer's opponents",
        "victim": "the player wronged",
        "holder": "the player holding the cards",
    }
    if isinstance(called, dict):
        for cause, caller in called.items():
            out.append(f"A misdeal for {_words(cause)} may be called by {who.get(caller, show(caller))}.")
    elif called is not None:
        out.append(f"A misdeal may be called by {who.get(called, show(called))}.")
    deadline = f.get("deadline")
    if deadline is not None:
        out.append(f"It must be called {show(deadline)}.")
    return out or ["The spec names no misdeal."]


def _first_hand(f: _Fields) -> list[str]:
    if f.get("bids"):
        return ["Every hand is bid, the first included."]
    out = ["The first hand is played without bids."]
    per_book = f.get("per_book")
    if per_book is not None:
        out.append(f"Each book taken on it scores {per_book}.")
    sweep = f.get("sweep_books")
    if sweep is not None:
        out.append(f"Taking {sweep} books on it wins the game outright.")
    return out


def _bid_order(f: _Fields) -> list[str]:
    starts = {
        "dealer": "The dealer bids first",
        "left_of_dealer": "The player to the dealer's left bids first",
        "non_dealers": "The side not dealing bids first",
    }
    out = [f"{starts.get(f.get('starts'), 'Bidding starts: ' + show(f.get('starts')))}, then each in turn."]
    if f.get("style") == "individual":
        out.append("Each player bids on their own; partners' bids are added to make the side's contract.")
    else:
        out.append("Each partnership makes one bid for the side.")
    if f.get("raises") == "until_lock":
        out.append("A partnership may raise its bid in turn, up to a total of 13 (a lock).")
    return out


def _limits(f: _Fields) -> list[str]:
    out = []
    low, high = f.get("player_min"), f.get("player_max")
    if low is not None and high is not None:
        out.append(f"A player bids {low} to {high}.")
    elif low is not None:
        out.append(f"A player bids at least {low}.")
    elif high is not None:
        out.append(f"A player bids at most {high}.")
    side_min, side_max = f.get("side_min"), f.get("side_max")
    if side_min is not None:
        out.append(f"The bids of a partnership must add up to at least {side_min}.")
    if side_max is not None:
        out.append(f"The bids of a partnership may add up to at most {side_max}.")
    total_not = f.get("total_not")
    if total_not is not None:
        out.append(f"All the bids together may not add up to {total_not}.")
    return out or ["No limits on the bids."]


def _bid_kind(name: str) -> Callable[[_Fields], list[str]]:
    label = BID_KINDS[name]

    def describe(f: _Fields) -> list[str]:
        if not f.get("allowed"):
            return [f"Not allowed: {label}."]
        out = [f"Allowed: {label}."]
        if name == "blind":
            behind = f.get("behind_by")
            if behind:
                out.append(f"Only a side at least {behind} points behind may bid blind.")
            made, set_ = f.get("made_multiplier", 1), f.get("set_multiplier", 1)
            out.append(f"Made, a blind bid scores {made} times a bid's points; set, {set_} times.")
            low = f.get("min")
            if low is not None:
                out.append(f"A blind bid is at least {low}.")
        elif name == "nil":
            out.append(
                f"A nil bidder who takes no trick scores {f.get('bonus', 100)} for the side; one who takes any, "
                f"{f.get('penalty', -100)}."
            )
            partner = f.get("partner_min")
            if partner:
                out.append(f"The nil bidder's partner bids at least {partner}.")
            counts = f.get("tricks_count_for_partner", True)
            out.append(
                "The nil bidder's tricks count towards the partner's bid."
                if counts
                else "The nil bidder's tricks do not count towards the partner's bid."
            )
        elif name == "boston":
            out.append(f"A side's bid of all 13 tricks, made, scores {f.get('points', 300)}.")
            if f.get("penalty") is not None:
                out.append(f"Set, it scores {f.get('penalty')}.")
        elif name == "ten_for_two_hundred":
            tricks, points = f.get("tricks", 10), f.get("points", 200)
            out.append(f"A side's bid of {tricks}, made, scores {points}.")
            penalty = f.get("penalty")
            if penalty is not None:
                out.append(f"Set, it scores {penalty}.")
        return out

    return describe


def _overbid_double(f: _Fields) -> list[str]:
    return [f"A side that takes at least twice the books it bid scores {f.get('points')} for the hand."]


def _take_back(f: _Fields) -> list[str]:
    out = []
    if f.get("renege_only", not f.get("illegal_only")):
        out.append("Only a card played out of suit may be picked up and replaced.")
    if f.get("illegal_only"):
        out.append("Only a card whose play broke a rule may be picked up; any other card laid is played.")
    if f.get("trump_sticks"):
        out.append("A trump may never be picked up.")
    return out or ["A card played may be picked up and replaced."]


def _pass(f: _Fields) -> list[str]:
    cycle = f.get("cycle")
    if cycle == ["none"]:
        return ["No cards are passed."]
    out = [f"Passing, hand by hand in turn: {show(cycle)}."]
    cards = f.get("cards")
    if cards is not None:
        out.append(f"{_count(cards, 'card')} {'is' if cards == 1 else 'are'} passed.")
    when = f.get("when")
    if when is not None:
        out.append(f"Cards are passed {show(when)}.")
    return out


def _first_lead(f: _Fields) -> list[str]:
    leader = f.get("leader")
    texts = {
        "left_of_dealer": "The player to the dealer's left leads to the first trick.",
        "dealer": "The dealer leads to the first trick.",
        "winner_of_last": "The winner of the last hand leads to the first trick.",
    }
    if leader == "holder_of_card":
        out = [f"The holder of {_cards(f.get('cards'))} (the first of these in play) leads it to the first trick."]
    else:
        out = [texts.get(leader, f"First leader: {show(leader)}.")]
    trump = f.get("trump")
    if trump == "not_allowed":
        out.append("A trump may not be led to the first trick unless the leader holds nothing else.")
    elif trump == "allowed":
        out.append("A trump may be led to the first trick.")
    return out


def _lead(f: _Fields) -> list[str]:
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


def _first_trick(f: _Fields) -> list[str]:
    barred = [SUITS.get(s, s) for s in f.get("barred_suits") or []]
    cards = f.get("barred_cards")
    if cards:
        barred.append(_cards(cards))
    return [f"No {' and no '.join(barred)} may be played to the first trick by a player who holds anything else."]


def _follow(f: _Fields) -> list[str]:
    if f.get("must_follow"):
        return ["A player must follow suit if able; a player who cannot may play any card."]
    return ["A player need not follow suit."]


def _beat(f: _Fields) -> list[str]:
    if not f.get("must_beat_highest"):
        return ["A player need not beat the cards already played."]
    out = ["A player must beat the highest card played to the trick if able."]
    if f.get("includes_trumping"):
        out.append("That includes trumping when unable to follow suit.")
    return out


def _first_discard(f: _Fields) -> list[str]:
    card = _cards([f.get("card")])
    return [f"The player dealt {card} must play it at the first opportunity (when unable to follow suit)."]


def _trick_winner(f: _Fields) -> list[str]:
    rule = f.get("rule")
    if rule == "highest_trump_else_led_suit":
        return ["The highest trump wins the trick; if no trump is played, the highest card of the suit led."]
    if rule == "highest_of_led_suit":
        return ["The highest card of the suit led wins the trick."]
    return [f"Trick winner: {show(rule)}."]


def _next_lead(f: _Fields) -> list[str]:
    if f.get("by") == "trick_winner":
        return ["The winner of each trick leads to the next."]
    return [f"Next leader: {show(f.get('by'))}."]


def _own_cards(f: _Fields) -> list[str]:
    return ["A player plays only the cards dealt to them, each card once."]


def _penalty(name: str) -> Callable[[_Fields], list[str]]:
    label = PENALTY_NAMES[name]

    def describe(f: _Fields) -> list[str]:
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
        if not parts:
            return [f"For a {label}: no penalty; the hand is scored as it was played."]
        return [f"For each {label}: " + "; ".join(parts) + "."]

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


def _contract(f: _Fields) -> list[str]:
    made, over, set_ = f.get("made_per_trick"), f.get("overtrick", 0), f.get("set_per_trick")
    text = f"A side that takes at least its bid scores {made} for each trick bid"
    text += f", plus {over} for each trick over the bid." if over else "; tricks over the bid score nothing."
    out = [text, f"A side that takes fewer tricks than it bid (is set) scores {set_} for each trick bid."]
    unbid = f.get("unbid_per_book")
    if unbid is not None:
        out.append(f"On a hand played without bids, each book scores {unbid}.")
    return out


def _bags(f: _Fields) -> list[str]:
    limit = f.get("limit")
    if not limit:
        return ["No sandbag penalty: overtricks carry no penalty."]
    out = [f"Each time a side's overtricks (bags) reach {limit}, it scores {f.get('penalty', 0)}."]
    if f.get("carry_over", True):
        out.append("Bags beyond that count towards the next penalty.")
    else:
        out.append("The count of bags then starts again from nothing.")
    return out


def _points(f: _Fields) -> list[str]:
    out = []
    for suit, value in (f.get("suits") or {}).items():
        out.append(f"Each of the {SUITS.get(suit, suit)} taken counts {value}.")
    for card, value in (f.get("cards") or {}).items():
        out.append(f"{_cards([card]).capitalize()} taken counts {value}.")
    total = f.get("total")
    if total is not None:
        out.append(f"{_count(total, 'point')} in all each hand.")
    return out


def _short_hand(f: _Fields) -> list[str]:
    if f.get("takes_tricks"):
        return ["A player found short of cards takes each trick they cannot play to, with its points."]
    return ["A player short of cards takes no trick for it."]


def _moon(f: _Fields) -> list[str]:
    return [
        f"A player who takes every point of a hand scores 0 for it, and each other player "
        f"{_count(f.get('others'), 'point')}."
    ]


def _settlement(f: _Fields) -> list[str]:
    if f.get("rule") == "against_average":
        return [
            "When the table breaks up, each player's total is compared with the average of all totals: "
            "a player above it pays the difference, a player below it collects."
        ]
    return ["No settlement between players."]


def _table_breaks_up(f: _Fields) -> list[str]:
    return ["There is no target score: the game ends when the table breaks up (where the record ends)."]


def _winner(f: _Fields) -> list[str]:
    if f.get("rule") == "lowest_total":
        return ["The lowest total wins."]
    return ["The highest total wins."]


def _target(f: _Fields) -> list[str]:
    return [f"The game ends after the hand in which a side reaches {_count(f.get('points'), 'point')}."]


def _both_reach(f: _Fields) -> list[str]:
    if f.get("rule") == "higher_wins":
        return ["If more than one side reaches it in the same hand, the higher score wins."]
    return [f"If more than one side reaches it: {show(f.get('rule'))}."]


def _tie(f: _Fields) -> list[str]:
    rule = f.get("rule")
    if rule == "play_on":
        return ["If the leading sides are tied when the game would end, more hands are played until one leads."]
    return ["A tie at the end stands: the win is shared."]


def _floor(f: _Fields) -> list[str]:
    return [f"A side that falls to {_count(f.get('points'), 'point')} or below loses, and the game ends."]


def _behind(f: _Fields) -> list[str]:
    return [f"A side {_count(f.get('points'), 'point')} or more behind the leading side loses, and the game ends."]


def _rounds(f: _Fields) -> list[str]:
    out = [f"The game ends after {_count(f.get('max'), 'hand')} at most."]
    if f.get("tie") == "shared":
        out.append("A tie for the lead after the last of them is shared: no more hands are played.")
    return out


def _clock(f: _Fields) -> list[str]:
    out = [f"A match is played to a clock of {_count(f.get('minutes'), 'minute')}."]
    extra = f.get("overtime_hands")
    if extra is not None:
        out.append(f"When time is called, {_count(extra, 'more hand')} {'is' if extra == 1 else 'are'} played.")
    return out


DESCRIBE: dict[str, Callable[[_Fields], list[str]]] = {
    "players.seats": _seats,
    "players.sides": _sides,
    "players.turn": _turn,
    "deck.cards": _deck,
    "ranking.order": _order,
    "ranking.trump": _trump,
    "ranking.identical_cards": _identical,
    "deal.dealer": _dealer,
    "deal.cards": _deal_cards,
    "deal.misdeal": _misdeal,
    "bidding.first_hand": _first_hand,
    "bidding.order": _bid_order,
    "bidding.limits": _limits,
    **{f"bidding.{kind}": _bid_kind(kind) for kind in BID_KINDS},
    "passing.pass": _pass,
    "play.first_lead": _first_lead,
    "play.lead": _lead,
    "play.follow": _follow,
    "play.take_back": _take_back,
    "play.beat": _beat,
    "play.first_discard": _first_discard,
    "play.first_trick": _first_trick,
    "play.short_hand": _short_hand,
    "play.trick_winner": _trick_winner,
    "play.next_lead": _next_lead,
    "play.own_cards": _own_cards,
    **{f"penalties.{name}": _penalty(name) for name in PENALTY_NAMES},
    "scoring.contract": _contract,
    "scoring.bags": _bags,
    "scoring.overbid_double": _overbid_double,
    "scoring.points": _points,
    "scoring.moon": _moon,
    "scoring.settlement": _settlement,
    "game_end.target": _target,
    "game_end.both_reach": _both_reach,
    "game_end.tie": _tie,
    "game_end.floor": _floor,
    "game_end.behind": _behind,
    "game_end.rounds": _rounds,
    "game_end.clock": _clock,
    **DOMINO_DESCRIBE,
    "game_end.table_breaks_up": _table_breaks_up,
    "game_end.winner": _winner,
}


def rule_text(clause_id: str, data: dict[str, Any]) -> str:
    """The rule of a clause in plain words, from its data fields (every field shown)."""
    fields = _Fields(data)
    describe = DESCRIBE.get(clause_id)
    sentences = describe(fields) if describe is not None else []
    sentences += [f"{_words(k).capitalize()}: {show(v)}." for k, v in fields.rest().items()]
    return " ".join(sentences) or "(No data: the clause records the source's words only.)"


# -- Markdown ------------------------------------------------------------------------------------------

_INLINE = re.compile(r"([\\`*_\[\]{}#>])")
_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")


def escape(text: str) -> str:
    """Source text as literal Markdown (no emphasis, links, lists or headings made by accident)."""
    text = _ENTITY.sub("&amp;", text)  # first, so the &lt; made next stays an entity
    text = _INLINE.sub(r"\\\1", text).replace("<", "&lt;")
    text = re.sub(r"^(\d+)([.)])(\s|$)", r"\1\\\2\3", text)
    return re.sub(r"^([-+])", r"\\\1", text)


def _fold(text: str) -> str:
    return " ".join(text.split())


def _quote_block(quotes: tuple[str, ...]) -> list[str]:
    lines: list[str] = []
    for quote in quotes:
        if lines:
            lines.append(">")
        lines.append("> " + escape(_fold(quote)))
    return lines


def _option_notes(spec: Spec, body: dict[str, Any]) -> list[str]:
    notes = []
    for key, value in body.items():
        name = option_ref(value)
        if name is not None:
            option = spec.options.get(name)
            default = f", default {show(option.default)}" if option is not None else ""
            notes.append(f"{_words(key).capitalize()} is the table's choice: option `{name}`{default}.")
    return notes


def _source_links(spec: Spec, clause: Clause) -> str | None:
    """Links from a clause to the sentences it quotes on its source document's page (bundled specs only)."""
    from .source_map import anchors, documents  # here: the source map reads the rulebook's plain words

    document = clause.origin.document if clause.origin is not None else spec.document_path
    if document is None or document not in documents() or spec.id not in bundled_ids():
        return None
    found = anchors(document, tuple(load(spec_id) for spec_id in bundled_ids()), spec.id, clause.id)
    if not found:
        return None
    page = posixpath.relpath(f"sources/{document.stem}.md", posixpath.dirname(f"rules/{spec.id}.md"))
    links = ", ".join(f"[{anchor[1:]}]({page}#{anchor})" for anchor in found)
    return f"In the source: sentence{'s' if len(found) > 1 else ''} {links} of `{document.name}`."


def _clause_block(spec: Spec, clause: Clause, title: str, body: dict[str, Any], tag: str | None) -> list[str]:
    lines = [f"### {title} {{ #{clause.id} }}", ""]
    rule = rule_text(clause.id, clause.data) if clause.checkable or clause.data else ""
    head = f"`{clause.id}`" + (f" — **Rule:** {rule}" if rule else "")
    lines += [head, ""]
    notes = _option_notes(spec, body)
    if notes:
        lines += [" ".join(notes), ""]
    if clause.source:
        lines += [*_quote_block(clause.source), ""]
        back = _source_links(spec, clause)
        lines += [back, ""] if back else []
    else:
        lines += ["*The source says nothing on this.*", ""]
    if clause.interpretation:
        lines += [f"**Reading taken:** {_fold(clause.interpretation)}", ""]
    why = f" {_fold(clause.severity_reason)}" if clause.severity_reason else ""
    if clause.checkable and clause.severity == "warning":
        lines += [
            f"A breach of this clause is reported as a warning: the rule is a reading, not the source's words.{why}"
        ]
        lines += [""]
    elif clause.checkable and why:
        lines += [f"A breach of this clause is an error.{why}", ""]
    if not clause.checkable:
        lines += [f"**Not checkable from a record:** {_fold(clause.reason or '')}", ""]
    if tag:
        lines += [f"*{tag}*", ""]
    return lines


def _tag(spec: Spec, clause: Clause) -> str | None:
    """Where an inherited or changed clause comes from (None for a clause of the spec's own)."""
    origin = clause.origin
    if origin is None or spec.raw.get("extends") is None:
        return None
    if origin.spec_id != spec.id and all(layer.spec_id != spec.id for layer in origin.layers):
        return f"Taken from {origin.spec_id}."
    if origin.spec_id != spec.id:
        fields = [field for layer in origin.layers if layer.spec_id == spec.id for field in layer.fields]
        return f"Changes the clause of {origin.spec_id}: {', '.join(f'`{f}`' for f in fields)}."
    return None


def _link(spec: Spec, other: str) -> str:
    """A link from this spec's page to another bundled spec's page (pages sit at ``<id>.md``)."""
    if not re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", other):
        return f"`{other}`"
    target = posixpath.relpath(f"{other}.md", posixpath.dirname(spec.id) or ".")
    return f"[`{other}`]({target})"


def _status(spec: Spec) -> str:
    if spec.raw.get("abstract"):
        return "This is a base for other rulebooks, not a rule set to play by on its own."
    try:
        compile_spec(spec)
    except Unsupported as exc:
        return f"**Not yet enforced:** the referee cannot check games by this rulebook yet ({exc.message})."
    except InputError as exc:
        return f"**Not enforceable:** this spec does not compile ({exc.message})."
    return f"**Enforced:** check a game by this rulebook with `referee check --rules {spec.id} game.yaml`."


def _excerpt_lines(spec: Spec) -> list[str] | None:
    """The lines of the source that the spec encodes, as written (line breaks kept)."""
    path = spec.document_path  # a bundled source, or a club's own sheet beside its spec
    try:
        text = source_text(spec.document) if path is None else path.read_text(encoding="utf-8")
    except OSError:
        return None
    bounds = spec.raw["source"].get("excerpt") or {}

    def at(marker: str, start: int) -> int | None:
        pattern = r"\s+".join(re.escape(word) for word in marker.split())
        found = re.compile(pattern).search(text, start)
        return None if found is None else found.start()

    begin = at(bounds["from"], 0) if "from" in bounds else 0
    if begin is None:
        return None
    end = at(bounds["to"], begin + 1) if "to" in bounds else None
    return [line.strip() for line in text[begin:end].splitlines() if line.strip()]


def _source_line(spec: Spec) -> str:
    line = f"Source: *{escape(spec.document_title)}* (document `{spec.document}`)"
    bounds = spec.raw["source"].get("excerpt")
    if bounds:
        line += f", the part from “{escape(bounds['from'])}”"
        if bounds.get("to"):
            line += f" up to “{escape(bounds['to'])}”"
    return line + "."


def markdown(spec: Spec) -> str:
    """A spec as a rulebook page: header, clauses section by section, options, the source text."""
    parent = spec.raw.get("extends")
    lines = [f"# {escape(spec.title)}", "", f"Rule spec `{spec.id}`, a {spec.family.capitalize()} rulebook.", ""]
    lines += [_source_line(spec), ""]
    if parent is not None:
        lines += [
            f"Builds on {_link(spec, parent)}: clauses this rulebook does not restate are taken from it "
            "unchanged, and the fields this one gives replace theirs.",
            "",
        ]
    if spec.summary:
        lines += [_fold(spec.summary), ""]
    lines += [_status(spec), ""]
    lines += [
        "Each rule below is given in plain words (what the referee checks), then in the source's own words, "
        "and, where the source is silent, unclear or contradicts itself, with the reading taken.",
        "",
    ]
    for section in SECTIONS:
        clauses = [c for c in spec.clauses.values() if c.id.split(".", 1)[0] == section]
        if not clauses:
            continue
        lines += [f"## {SECTION_TITLES[section]}", ""]
        for clause in clauses:
            name = clause.id.split(".", 1)[1]
            tag = _tag(spec, clause)
            body = (spec.raw.get(section) or {}).get(name) or {}
            lines += _clause_block(spec, clause, _words(name).capitalize(), body, tag)
    if spec.options:
        lines += [
            "## Options",
            "",
            "What the source leaves to the table. A log sets an option in its header "
            "(`game: {options: {name: value}}`); the command line sets it with `--option name=value`.",
            "",
        ]
        for option in spec.options.values():
            choices = f" Choices: {show(list(option.values))}." if option.values is not None else ""
            clause = option.clause
            lines += [f"### {option.name} {{ #{clause.id} }}", ""]
            lines += [f"`{clause.id}` — {_fold(option.description)} Default: {show(option.default)}.{choices}", ""]
            lines += [*_quote_block(clause.source), ""] if clause.source else []
            if clause.interpretation:
                lines += [f"**Reading taken:** {_fold(clause.interpretation)}", ""]
    if spec.not_checkable:
        lines += ["## Rules no record can show", "", "The referee cannot check these from a game log.", ""]
        for clause in spec.not_checkable:
            lines += _clause_block(spec, clause, _words(clause.id.split(".", 1)[1]).capitalize(), {}, None)
    lines += ["## The source text", ""]
    excerpt = _excerpt_lines(spec)
    if excerpt is None:
        lines += [f"The source document `{spec.document}` is not among the bundled sources.", ""]
    else:
        lines += [_source_line(spec), ""]
        lines += [*_quote_block(tuple(excerpt)), ""]
    return "\n".join(lines).rstrip("\n") + "\n"
