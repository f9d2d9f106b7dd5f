"""Trick-taking clauses of the deck, ranking, deal, bidding and passing in plain words (the rulebook pages)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..words import Fields, show, times, words
from ..words import count as _count
from .cards import CardError, card_name, parse_card

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


def cards(tokens: Any) -> str:
    """Card tokens as a player says them, joined with commas and "and"."""
    names = [card_words(token) for token in tokens or ()]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _deck(f: Fields) -> list[str]:
    base = f.get("base")
    text = "the standard 52-card pack" if base == "standard-52" else "no standard pack"
    add, remove = f.get("add") or [], f.get("remove") or []
    if add:
        text += f" + {cards(add)}"
    if remove:
        text += f" − {cards(remove)}"
    size = (52 if base == "standard-52" else 0) + len(add) - len(remove)
    copies = f.get("copies", 1)
    if copies != 1:
        text += f", {copies} copies of each card"
        size *= copies
    return [f"Deck: {text} ({size} cards)."]


def _order(f: Fields) -> list[str]:
    return [f"Cards rank in each suit, high to low: {' '.join(f.get('ranks'))}."]


def _trump(f: Fields) -> list[str]:
    suit = f.get("suit")
    out = ["No trump suit." if suit == "none" else f"{SUITS.get(suit, suit).capitalize()} are trumps."]
    top = f.get("top")
    if top:
        out.append(
            f"Above the ace of trumps, highest first: {cards(top)}; they count as {SUITS.get(suit, suit)} "
            "for leading and following suit."
        )
    return out


def _identical(f: Fields) -> list[str]:
    return [f"When two identical cards are played to a trick, the {f.get('winner')} one ranks higher."]


def _dealer(f: Fields) -> list[str]:
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


def _deal_cards(f: Fields) -> list[str]:
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


def _misdeal(f: Fields) -> list[str]:
    out = []
    if f.get("wrong_count"):
        out.append(
            "A deal that does not give each player the right cards (each card as often as the deck holds it) "
            "is a misdeal."
        )
    if f.get("no_trump"):
        out.append("A player dealt no trumps may call a misdeal.")
    length = f.get("suit_length")
    if length:
        out.append(f"A player dealt {length} or more cards of one suit may call a misdeal.")
    if f.get("dealer_not_last"):
        out.append("It is a misdeal if the dealer does not deal the last card to themselves.")
    if f.get("excess_passed"):
        out.append("A wrong count not called as a misdeal is made right by passing the excess cards on.")
    called = f.get("called_by")
    who = {
        "any": "any player",
        "opponents": "the dealer's opponents",
        "victim": "the player wronged",
        "holder": "the player holding the cards",
    }
    if isinstance(called, dict):
        for cause, caller in called.items():
            out.append(f"A misdeal for {words(cause)} may be called by {who.get(caller, show(caller))}.")
    elif called is not None:
        out.append(f"A misdeal may be called by {who.get(called, show(called))}.")
    deadline = f.get("deadline")
    if deadline is not None:
        out.append(f"It must be called {show(deadline)}.")
    return out or ["The spec names no misdeal."]


def _first_hand(f: Fields) -> list[str]:
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


def _bid_order(f: Fields) -> list[str]:
    starts = {
        "dealer": "The dealer bids first",
        "left_of_dealer": "The player to the dealer's left bids first",
        "non_dealers": "The side not dealing bids first",
    }
    out = [f"{starts.get(f.get('starts'), 'Bidding starts: ' + show(f.get('starts')))}, then each in turn."]
    if f.get("style") == "individual":
        out.append(
            "Each player bids on their own."
            if f.alone  # nobody has a partner to add a bid to
            else "Each player bids on their own; where there are partners, their bids are added to make the side's "
            "contract."
        )
    else:
        out.append("Each partnership makes one bid for the side.")
    if f.get("partners") == "any_order":
        out.append("A side's bid written as its partners' shares may give them in either order, at the side's turn.")
    elif f.get("starts") == "non_dealers":
        out.append("The dealer's side bids last: the dealer, then the dealer's partner.")
    if f.get("raises") == "until_lock":
        out.append("A partnership may raise its bid in turn, up to a total of 13 (a lock).")
    return out


def _limits(f: Fields) -> list[str]:
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


def _bid_kind(name: str) -> Callable[[Fields], list[str]]:
    label = BID_KINDS[name]

    def describe(f: Fields) -> list[str]:
        allowed = f.get("allowed")
        # A kind not allowed shows its terms only where the spec gives some (an option may allow it).
        terms = _terms(f) if allowed or set(f.data) - {"allowed"} else []
        if not allowed:  # a table may allow it only where an option sets it ("Where a table allows it" was untrue)
            lead = "Where a table allows it:" if "allowed" in f.chosen else "Its terms:"
            return [f"Not allowed: {label}."] + ([f"{lead} {' '.join(terms)}"] if terms else [])
        return [f"Allowed: {label}.", *terms]

    def _terms(f: Fields) -> list[str]:
        out: list[str] = []
        if name == "blind":
            behind = f.get("behind_by")
            if behind:
                out.append(f"Only a side at least {behind} points behind may bid blind.")
            made, set_ = f.get("made_multiplier", 1), f.get("set_multiplier", 1)
            scores = _multiple(made, "a bid's points")
            out.append(f"Made, a blind bid scores {scores}; set, {_lost(set_)}.")
            low = f.get("min")
            if low is not None:
                out.append(f"A blind bid is at least {low}.")
            if f.get("multiplies_specials"):
                out.append("Wheels and Boston bid blind score the same multiple of their points.")
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
            if f.get("blind_wins_game"):
                out.append("Bid blind and made, it wins the game outright.")
            if f.get("penalty") is not None:
                out.append(f"Set, it scores {f.get('penalty')}.")
        elif name == "aces":
            out.append(
                f"A side that bids ACES scores {f.get('points', 100)} when its tricks hold all four aces, "
                f"{f.get('penalty', -100)} when they do not, on top of its bid."
            )
        elif name == "no_trump":
            out.append("A no-trump bidder promises to win no trick with a spade unless spades were led.")
            out += _times(f, "multiplier", "set_multiplier", "Made, the bid scores {}.", "Set, {}.")
            out += _times(
                f, "blind_multiplier", "blind_set_multiplier", "Bid blind and made, {}.", "Blind and set, {}."
            )
            out += _present(f, "blind_min", "A blind no-trump bid is at least {}.")
            out += _present(f, "behind_by", "Only a side at least {} points behind may bid it.")
        elif name == "double_nil":
            out.append("Both partners bid nil together.")
            out += _present(f, "behind_by", "Only a side at least {} points behind may bid it.")
            out += (
                ["Made, it wins the game."] if f.get("made_wins_game") else _present(f, "bonus", "Made, it scores {}.")
            )
            lost = f.get("failed_loses_game")
            out += ["Failed, it loses the game."] if lost else _present(f, "penalty", "Failed, it scores {}.")
            out += _present(f, "opponents_bonus", "If both partners take a trick, the opponents score {} more.")
        elif name == "bemo":
            out += _present(f, "little_tricks", "Little Bemo: the side wins the first {} tricks.")
            out += _present(f, "little_points", "Little Bemo made scores {} more; failed, that much less.")
            out += _present(f, "big_tricks", "Big Bemo: the side wins the first {} tricks.")
            out += _present(f, "big_points", "Big Bemo made scores {} more; failed, that much less.")
        elif name == "ten_for_two_hundred":
            tricks, points = f.get("tricks", 10), f.get("points", 200)
            out.append(f"A side's bid of {tricks}, made, scores {points}.")
            penalty = f.get("penalty")
            if penalty is not None:
                out.append(f"Set, it scores {penalty}.")
        return out

    return describe


_PASS_TO = {"left": "to the left", "right": "to the right", "across": "across", "partner": "to partner"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _pass(f: Fields) -> list[str]:
    cycle = list(f.get("cycle") or ["none"])
    if set(cycle) == {"none"}:
        return ["No cards are passed."]
    cards = f.get("cards")
    what = "cards" if cards is None else _count(cards, "card")
    if len(cycle) == 1:
        out = [f"Each player passes {what} {_PASS_TO.get(cycle[0], show(cycle[0]))}, every hand."]
    else:  # "hand by hand in turn: left, right, across, none" said which hand passed where only by position
        places = [
            f"{'none' if to == 'none' else _PASS_TO.get(to, show(to))} in the "
            f"{_ORDINALS[n] if n < len(_ORDINALS) else f'hand {n + 1} of the cycle'}"
            for n, to in enumerate(cycle)
        ]
        places[0] = places[0].replace(" in the first", " in the first hand", 1)
        out = [f"Each player passes {what}: {', '.join(places[:-1])} and {places[-1]}; then the cycle starts again."]
    when = f.get("when")
    if when is not None:
        out.append(f"Cards are passed {show(when)}.")
    return out


def _present(f: Fields, key: str, sentence: str) -> list[str]:
    """The sentence with the field's value, where the clause gives the field."""
    return [sentence.format(show(f.get(key)))] if key in f.data else []


def _times(f: Fields, made: str, set_: str, made_words: str, set_words: str) -> list[str]:
    """A made and a set multiplier, each where the clause gives it, in words ("twice its points")."""
    out = [made_words.format(_multiple(f.get(made), "its points"))] if made in f.data else []
    return out + ([set_words.format(_lost(f.get(set_)))] if set_ in f.data else [])


def _multiple(n: Any, what: str) -> str:
    """``n`` times ``what``: "twice a bid's points"; once is the points as they are."""
    return what if n == 1 else f"{times(n)} {what}"


def _lost(n: Any) -> str:
    """What a set bid loses at ``n`` times the usual ("set, 1 times" said it in figures, wrongly)."""
    return "only what any bid set loses" if n == 1 else f"{times(n)} what a bid set loses"


def _ace_check(f: Fields) -> list[str]:
    held = f.get("aces_held", 2)
    return [f"A player holding {held} aces may ask partner how many aces they hold before bidding ACES."]


def _nil_pass(f: Fields) -> list[str]:
    if not {"cards", "to", "hands"} <= set(f.data):
        return []  # a partial clause: its fields are shown as they are
    hands = ", ".join(str(h) for h in f.get("hands"))
    return [
        f"In hand {hands} of each cycle of passes, a player who bid nil may pass {f.get('cards')} cards to "
        f"{show(f.get('to'))}."
    ]


DESCRIBE: dict[str, Callable[[Fields], list[str]]] = {
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
    "bidding.ace_check": _ace_check,
    "passing.pass": _pass,
    "passing.nil_pass": _nil_pass,
}
