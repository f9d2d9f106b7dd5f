"""What the referee does where a rule set states no such clause: its default, in words.

A spec leaves out what its source does not have (Hearts has no nil, most Spades sheets no time limit), and the
referee then applies a default: no such bid, no such penalty, no such end. The comparison pages, ``referee diff``
and ``referee compare`` show these words in a rule set's empty cell, and a violation found under a clause the spec
lacks (a pass where the rules have none) cites them, so that a reader learns what the rule set comes to without
reading the referee's code. Each entry was read from the code that applies the default (the tables each
family's spec is compiled into); tests hold every clause some bundled spec lacks, and another states, to one.
"""

from __future__ import annotations

# By clause id; a clause of the same id means the same in both families (game_end.* is shared).
WITHOUT: dict[str, str] = {
    # bidding: a kind of bid no clause allows is refused (reported under bidding.limits)
    "bidding.ace_check": "no ace check; an ace_check event is not looked into.",
    "bidding.aces": "no ACES bid; one written is reported as not allowed.",
    "bidding.bemo": "no bemo bids; one written is reported as not allowed.",
    "bidding.blind_nil": (
        "no blind nil; one written is reported as not allowed (under the clause that forbids nil or blind bids, "
        "where the rules forbid either), and counts as a bid of no tricks."
    ),
    "bidding.boston": "no Boston bid; one written is reported as not allowed.",
    "bidding.double_nil": "no double nil; one written is reported as not allowed.",
    "bidding.no_trump": "no no-trump bids; one written is reported as not allowed.",
    "bidding.ten_for_two_hundred": (
        "no ten-for-two-hundred bid; one written is reported as not allowed, and a bid of ten tricks scores as any "
        "other bid."
    ),
    # passing
    "passing.pass": "no cards are passed; a pass in the record is reported, as a warning.",
    "passing.nil_pass": "no exchange of cards between a nil bidder and partner.",
    # play
    "play.own_cards": (
        "a card played that the player does not hold, or played twice, is still reported, as a warning (the source "
        "is silent)."
    ),
    "play.take_back": "no card is taken back: each trick holds the cards the record shows in it.",
    "play.beat": "no duty to beat the highest card played to the trick.",
    "play.first_discard": "no card must be discarded at the first chance.",
    "play.first_trick": "any card may be played to the first trick, as following suit allows.",
    "play.short_hand": "a player short of cards is not made to take the tricks they cannot play to.",
    "play.no_trump_bid": "no limit on winning tricks with a trump after a no-trump bid.",
    "ranking.identical_cards": "of two identical cards in one trick (a double deck), the first played wins.",
    # penalties: the breach is still reported, and costs nothing in the score
    "penalties.renege": "a renege is reported, and costs no books or points.",
    "penalties.revoke": "a failure to follow suit is reported; no points are charged for it, and play goes on.",
    "penalties.card_not_played": "a card held and never played costs no sandbags.",
    "penalties.false_claim": (
        "a claimed renege the record does not bear out is reported, as a warning, and costs nothing."
    ),
    "penalties.other_rule": "any other rule broken is reported, and costs no books or points.",
    # scoring
    "scoring.hand_max": "no cap on a hand's points.",
    "scoring.overbid_double": "no penalty for taking double the bid.",
    "scoring.moon": "no shooting the moon: a player who takes every point scores them all.",
    "scoring.settlement": "no settlement: the totals stand as they are.",
    "layout.own_tiles": (
        "a tile laid that the player does not hold is still reported, as a warning (the source is silent)."
    ),
    "dominoes_scoring.ends": "the open ends score nothing during play.",
    "dominoes_scoring.entry": "no minimum score to get on the scoreboard.",
    "dominoes_scoring.first_to_reach": (
        "a side reaching the target does not end the game at once: the hand is played out and scored first."
    ),
    # the end of the game
    "game_end.target": "no target score: the game ends only as the other end-of-game rules say.",
    "game_end.tie": (
        "a tie for the lead when the game would end is played on until it is broken (where the game ends with the "
        "table breaking up, a tie there has no winner)."
    ),
    "game_end.table_breaks_up": "a record that stops before the game's end is a game not finished, with no winner.",
    "game_end.behind": "no side loses for being far behind.",
    "game_end.floor": "no score is low enough to lose the game.",
    "game_end.rounds": "no limit on the number of hands.",
    "game_end.clock": "no time limit.",
}


def without(clause_id: str) -> str | None:
    """What the referee does where a spec has no such clause, in words that end a sentence ("Not stated, so ..."),
    or None where this table does not say."""
    return WITHOUT.get(clause_id)
