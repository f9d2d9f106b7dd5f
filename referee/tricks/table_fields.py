"""The :class:`Tables` record: a spec compiled into plain values, one field per thing a variant may change.

:mod:`referee.tricks.tables` fills it from the spec's clauses; the replay reads only these ints, tuples and
bitmasks and never looks a clause up by name.
"""

# Annotations evaluated as the classes are made, not kept as text (no `from __future__ import annotations`):
# dataclasses looks each text annotation up (ClassVar? InitVar? KW_ONLY?) as it makes the class, ~16k
# instructions a field of every start for Tables' 127 fields (tests/test_startup.py).
from dataclasses import dataclass

from .points import PointRules


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
    partners_any_order: bool  # a side's bid written as its partners' shares: in either order, at the side's turn
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
