"""The replay of the play: each trick's turn, holding, lead and follow rules, and who won it."""

from __future__ import annotations

from collections.abc import Sequence

from ..report import Code, Finding, Incomplete, Where
from ..spec import Spec
from . import clean_hand, deal, passing, play
from .cards import COPY, SUIT_NAMES, card_symbol, cards_in
from .clean_hand import CleanPlay
from .clean_hand import clean_play as clean_play  # re-exported: the plain lane calls it here too
from .clean_lane import GAP, CleanLane, lane_for
from .kept import kept
from .log import Hand
from .replay import Replay
from .tables import NO_PASS, Tables

# Per spec (by identity, holding the spec): whether the whole-hand check knows every clause of play of it.
_KNOWN: dict[int, tuple[Spec, frozenset[str], bool]] = {}


def dealt_and_played(
    t: Tables, hand: Hand, dealer: int | None, lane: CleanLane, offset: int | None = NO_PASS
) -> CleanPlay | None:
    """The play of a hand whose deal (nothing left out), pass (``offset``: the hand's, NO_PASS: none) and play are
    certainly regular, all checked at once by the play check (clean_play, given the deal's and the pass's bytes)
    where ``lane`` allows it; None, before anything is reported, for check_deal, the pass check and the play check
    or the replay, which find and report what is wrong."""
    if not lane.deal_folds or hand.leftover is not None:
        return None
    # The deal's bytes where the reader gave them: the same bytes (see Hand), the deal then made on first use (asked
    # for here only where it gave none). They hold a holding a player: t.seats, as the replay refuses a log of
    # another number of players before any hand (Replay.__init__).
    dealt = hand.deal_bytes
    if dealt is None:
        deal = hand.deal
        if deal is None or len(deal) != t.seats:
            return None
        dealt = GAP.join(map(bytes, deal))  # each seat's count placed by the gaps (see clean_play)
    if len(dealt) != len(lane.seat_of_dealt):
        return None
    # the first leader, as play.first_leader names them from no holdings (the opening card's holder: found by
    # clean_play)
    leader = None if dealer is None or not lane.left_leads else (dealer + 1) % t.seats
    if offset is NO_PASS:
        if hand.passes:
            return None
        return clean_play(t, hand, leader, None, lane, dealt)
    passed = passing.passed_bytes(t, lane, hand.passes, dealt, hand.pass_bytes)
    if passed is None:
        return None
    return clean_play(t, hand, leader, None, lane, dealt + passed, lane.held_after_pass[offset])


class PlayReplay(Replay):
    """The tricks of a hand played out card by card, each breach reported where it happened."""

    @kept
    def clean_lane(self) -> CleanLane | None:
        """The whole-hand check's tables, where a regular hand may be checked at once (clean_hand knows every
        clause of play of the spec, and the spec's rules of play allow it)."""
        spec = self.spec
        known = _KNOWN.get(id(spec))
        # asked once per spec, not once per game (again if the clauses the check knows change: a test's doing)
        if known is None or known[0] is not spec or known[1] is not clean_hand.KNOWN_PLAY:
            if len(_KNOWN) > 64:
                _KNOWN.clear()
            known = _KNOWN[id(spec)] = (spec, clean_hand.KNOWN_PLAY, clean_hand.knows(spec.clauses))
        return lane_for(self.t) if known[2] else None

    def _play(self, hand: Hand, dealer: int | None, holdings: list[int], reneges: list[int]) -> tuple[list[int], bool]:
        """Replay the tricks: turn, holding, lead and follow rules, and who won each."""
        t = self.t
        leader = play.first_leader(t, dealer, holdings)
        lane = self.clean_lane
        clean = clean_play(t, hand, leader, holdings, lane) if lane is not None else None
        passed = self.unconfirmed_pass
        if passed is not None:
            self.unconfirmed_pass = None
            if clean is None and passed[0] is hand:  # the play does not confirm the pass: applied carefully
                holdings = self._apply_pass(hand, passed[1], passed[2])
                leader = play.first_leader(t, dealer, holdings)
        if clean is not None:  # certainly regular (nearly every hand): nothing to report, the tricks counted
            self.seat_books[:] = clean.seat_books
            if t.points is not None:
                self.taken[:] = clean.taken
                if t.out_of_play:
                    self._leftover(hand, holdings, clean.first_taker)
            return clean.books, True
        n = hand.number
        names = self.names
        tricks = hand.tricks or ()
        held = list(holdings)
        played = 0
        books = [0] * len(t.sides)
        broken = False
        count = t.seats
        deck = t.deck
        doubled = deck >> COPY != 0  # two copies of some card: a hand may hold, and a trick see, both
        must_beat = t.must_beat
        discard_rules = t.discard_card >= 0 or bool(t.first_trick_barred)  # duties beyond following suit
        # A hand that records all its tricks, where a card not played is a penalty: a player missing from a trick
        # before the last did not play to it (held a card back); the last trick short is the record stopping short.
        unplayed = t.unplayed_sandbags > 0 and len(tricks) >= t.per_player
        skip_absent = t.short_takes or unplayed
        taken_back = (
            {(e.trick, e.seat): e.card for e in hand.events if e.type == "card_taken_back" and e.card is not None}
            if t.take_back and hand.events
            else None
        )
        # Past the last card (a trick more than the hand holds, a play more than the table seats) the first
        # excess is reported and the rest is not replayed: a long list costs no more than a short one.
        for index, (trick_seats, trick_cards) in enumerate(tricks[: t.per_player + 1]):
            number = index + 1
            cards: list[int] = []
            seats: list[int] = []
            in_order = True
            for position, (seat, card) in enumerate(
                zip(trick_seats[: count + 1], trick_cards[: count + 1], strict=True)
            ):
                # A play out of turn stands: the turn goes on clockwise from whoever actually led, to the
                # first player yet to play, so one misplay is reported once and not again for each later play.
                if position == 0:
                    expected = leader if leader is not None else seat
                elif in_order:  # every play so far in turn: the next seat clockwise
                    expected = (seats[-1] + 1) % count
                else:
                    expected = next(
                        (s for s in ((seats[0] + k) % count for k in range(1, count)) if s not in seats), seat
                    )
                if skip_absent and expected not in trick_seats:
                    expected = self._passed_over(expected, trick_seats, held)
                if seat != expected or position >= count:
                    in_order = False
                    if seat in seats:
                        clause = "players.turn"
                        message = f"{names[seat]} played a second card ({card_symbol(card)}) to this trick"
                    else:
                        clause = (
                            ("play.first_lead" if index == 0 else "play.next_lead") if position == 0 else "players.turn"
                        )
                        message = f"{names[seat]} played {card_symbol(card)} when it was {names[expected]}'s turn"
                    self.add(Finding(Code.PLAY_OUT_OF_TURN, clause, message, seat), n, number)
                bit = 1 << card
                hand_before = held[seat]
                if played & bit and (played | ~deck) >> (card + COPY) & 1:  # as many copies played as the deck has
                    self.add(
                        Finding(
                            Code.CARD_PLAYED_TWICE,
                            "play.own_cards",
                            f"{names[seat]} played {card_symbol(card)}, which was already played this hand",
                            seat,
                        ),
                        n,
                        number,
                    )
                elif not deck & bit:
                    if hand.deal is None:
                        self.add(
                            Finding(
                                Code.CARD_NOT_IN_DECK,
                                "deck.cards",
                                f"{names[seat]} played {card_symbol(card)}, which is not in this deck",
                                seat,
                            ),
                            n,
                            number,
                        )
                elif not hand_before & bit:
                    self.add(
                        Finding(
                            Code.CARD_NOT_IN_HAND,
                            "play.own_cards",
                            f"{names[seat]} played {card_symbol(card)}, which was not in their hand",
                            seat,
                        ),
                        n,
                        number,
                    )
                elif position == 0:
                    broken_rule = play.lead_violation(t, hand_before, card, index == 0, broken, number)
                    if broken_rule is not None:
                        message = self._lead_message(broken_rule, seat, card)
                        self.add(Finding(Code.ILLEGAL_LEAD, broken_rule, message, seat), n, number)
                        if t.renege_leads:  # a card illegally led is a reneg too (penalties.renege.illegal_leads)
                            reneges[t.side_of[seat]] += 1
                            self.revokes.append((number, seat))
                elif not play.follows(t, hand_before, card, t.suit[cards[0]]):
                    led = t.suit[cards[0]]
                    held_led = hand_before & t.suit_cards[led]
                    held_suit = " ".join(card_symbol(c) for c in cards_in(held_led))
                    # Where a card's suit is the spec's reading (a joker led, held or played), show that reading.
                    promoted = t.promoted & (held_led | 1 << cards[0] | bit)
                    self.add(
                        Finding(
                            Code.RENEGE,
                            "play.follow",
                            f"{names[seat]} played {card_symbol(card)} on a {card_symbol(cards[0])} lead "
                            f"while holding {held_suit}",
                            seat,
                            reading="ranking.trump" if promoted else None,
                        ),
                        n,
                        number,
                    )
                    reneges[t.side_of[seat]] += 1
                    self.revokes.append((number, seat))
                elif must_beat and (better := play.unbeaten(t, hand_before, card, cards)):
                    self.add(
                        Finding(Code.DID_NOT_BEAT, "play.beat", self._beat_message(seat, card, cards, better), seat),
                        n,
                        number,
                    )
                elif discard_rules and (rule := play.follow_violation(t, hand_before, card, cards[0], index == 0)):
                    self._discard_finding(rule, n, number, seat, card)
                if taken_back and (number, seat) in taken_back:
                    self._taken_back(n, number, seat, taken_back[number, seat], hand_before, cards, broken)
                if hand_before & bit:
                    # A card played from the wrong hand is not marked played: its real holder may still play it
                    # without a second report. Of a card held twice, the second copy goes first (cards.py).
                    if doubled:  # inline cards.remove_card and add_card: this runs for every card of every game
                        second = bit << COPY
                        held[seat] = hand_before & ~second if hand_before & second else hand_before & ~bit
                        played |= second if played & bit else bit
                    else:
                        held[seat] = hand_before & ~bit
                        played |= bit
                cards.append(card)
                seats.append(seat)
            taker = None  # a player short of cards, who takes a trick they cannot play to
            if len(trick_seats) < t.seats:
                if self.revokes and self.revokes[0][0] < number and t.revoke_ends_play:
                    # play abandoned on finding a revoke, established once its trick was quitted: a record that
                    # stops in the revoke's own trick stops short (the revoke could still be taken back)
                    return books, True
                taker = self._short_taker(seats, held)
                # a trick short of a card before the last one recorded: a card not played (the record goes on)
                if taker is None and not (unplayed and cards and number < len(tricks)):
                    where = Where(self.log.index, n, number)
                    self.report.incomplete.append(
                        Incomplete(where, f"trick {number} has {len(trick_seats)} of {t.seats} plays")
                    )
                    return books, False
            winner_at = play.winning_index(t, cards)
            winner = seats[winner_at]
            self._took(hand, holdings, books, index, cards, winner if taker is None else taker, winner_at)
            broken = broken or play.breaks_trump(t, cards, winner_at)
            leader = winner  # a short player who took the trick has no card to lead: the best card's player leads
        if len(tricks) < t.per_player and not (
            self.revokes and t.revoke_ends_play and self.revokes[0][0] < len(tricks)
        ):
            # Play abandoned on a revoke shows as a record that goes on past the revoke's trick: one that stops at
            # that trick's last card does not show it quitted, before which the revoke could still be corrected
            gap = f"the hand stops after {len(tricks)} of {t.per_player} tricks"
            if self.revokes and t.revoke_ends_play:
                gap += f", the revoke's trick {len(tricks)} not seen quitted (the revoke could still be corrected)"
            self.report.incomplete.append(Incomplete(Where(self.log.index, n), gap))
            return books, False
        if unplayed:
            self._not_played(n, held)
        return books, True

    def _passed_over(self, expected: int, trick: tuple[int, ...], held: list[int]) -> int:
        """Whose turn it is when the player due does not play to this trick at all.

        A player out of cards is passed over (incorrect hand: the next player holding cards is due); where a card
        not played is a penalty, any player missing from the trick is passed over (the next player in it is due).
        """
        count = self.t.seats
        if self.t.short_takes:
            if held[expected]:
                return expected
            return next((s for s in ((expected + k) % count for k in range(count)) if held[s]), expected)
        present = set(trick)
        return next((s for s in ((expected + k) % count for k in range(count)) if s in present), expected)

    def _not_played(self, hand: int, held: list[int]) -> None:
        """Each player still holding cards when the hand is over did not play them (penalties.card_not_played)."""
        for seat, left in enumerate(held):
            if left:
                cards = " ".join(card_symbol(c) for c in cards_in(left))
                message = f"{self.names[seat]} ended the hand still holding {cards}, never played"
                self.add(Finding(Code.CARD_NOT_PLAYED, "penalties.card_not_played", message, seat), hand)
                self.unplayed[self.t.side_of[seat]] += left.bit_count()

    def _took(
        self, hand: Hand, holdings: list[int], books: list[int], index: int, cards: Sequence[int], takes: int, at: int
    ) -> None:
        """A trick taken: a book to the taker's side, its points (and on the first trick the cards left over)."""
        t = self.t
        books[t.side_of[takes]] += 1
        self.seat_books[takes] += 1
        if t.points is not None:
            self.taken[takes] += t.points.in_cards(cards)
            if index == 0:
                self._leftover(hand, holdings, takes)

    def _short_taker(self, seats: list[int], held: list[int]) -> int | None:
        """Under the incorrect-hand rule: the player out of cards who takes a trick they could not play to."""
        if not self.t.short_takes or not seats:
            return None
        missing = [(seats[0] + k) % self.t.seats for k in range(1, self.t.seats)]
        missing = [s for s in missing if s not in seats]
        if any(held[s] for s in missing):
            return None  # a player who still holds a card did not play: the record stops short
        return missing[0]

    def _discard_finding(self, rule: str, hand: int, trick: int, seat: int, card: int) -> None:
        name = self.names[seat]
        if rule == "play.first_discard":
            self.revokes.append((trick, seat))
            due = card_symbol(self.t.discard_card)
            message = (
                f"{name} played {card_symbol(card)} while unable to follow suit; {due} was due at this first chance"
            )
            self.add(Finding(Code.DISCARD_WITHHELD, rule, message, seat), hand, trick)
        else:
            message = f"{name} played {card_symbol(card)} to the first trick while holding other cards"
            self.add(Finding(Code.BARRED_ON_FIRST_TRICK, rule, message, seat), hand, trick)

    def _leftover(self, hand: Hand, holdings: list[int], winner: int) -> None:
        """The cards left over from the deal go to the first trick's winner, with their points."""
        t = self.t
        if not t.widow_to_winner or not t.out_of_play or t.points is None:
            return
        if hand.leftover is not None:
            widow = deal.out_of_play_mask(t, hand.leftover)
        else:  # the cards no one was dealt (or, with no deal recorded, no one played)
            dealt = 0
            for held in holdings:
                dealt |= held
            widow = t.deck & ~dealt
        self.taken[winner] += t.points.of(widow)
        for event in hand.events:
            if event.type == "leftover_taken" and event.seat is not None and event.seat != winner:
                message = (
                    f"{self.names[event.seat]} took the cards left over from the deal; "
                    f"{self.names[winner]} won the first trick"
                )
                self.add(Finding(Code.LEFTOVER_TO_WRONG_PLAYER, "deal.cards", message, event.seat), hand.number, 1)

    def _taken_back(
        self, hand: int, trick: int, seat: int, card: int, held: int, cards: list[int], broken: bool
    ) -> None:
        """A card picked up again: only one played out of suit (or, by the spec, one whose play broke a rule),
        and never a trump where trumps stick."""
        t = self.t
        name = self.names[seat]
        led = t.suit[cards[0]] if cards else None
        renege = led is not None and t.suit[card] != led and bool(held & t.suit_cards[led])
        bad_lead = led is None and play.lead_violation(t, held, card, trick == 1, broken) is not None
        if t.take_back_trump_sticks and t.suit[card] == t.trump:
            message = f"{name} took back {card_symbol(card)}, a trump, which must stay on the board"
        elif t.take_back_renege_only and not renege:
            message = f"{name} took back {card_symbol(card)}, which was not a card played out of suit"
        elif t.take_back_illegal_only and not (renege or bad_lead):
            message = f"{name} took back {card_symbol(card)}, whose play broke no rule: a card laid is a card played"
        else:
            return
        self.add(Finding(Code.CARD_TAKEN_BACK, "play.take_back", message, seat), hand, trick)

    def _beat_message(self, seat: int, card: int, trick: list[int], better: int) -> str:
        best = trick[play.winning_index(self.t, trick)]
        held = " ".join(card_symbol(c) for c in cards_in(better))
        name = self.names[seat]
        return f"{name} played {card_symbol(card)} under {card_symbol(best)} while holding {held}, which beat it"

    def _lead_message(self, clause: str, seat: int, card: int) -> str:
        name = self.names[seat]
        if clause == "play.first_lead":
            return f"{name} led {card_symbol(card)} to the first trick, which these rules do not allow"
        t = self.t
        if 0 <= t.held_suit < 4 and t.suit[card] == t.held_suit:
            # a suit held back (Hearts) is no trump: name the suit, and the trick it waits for where the rule counts
            held = SUIT_NAMES[t.held_suit]
            if t.held_until_broken:
                return f"{name} led {card_symbol(card)} before {held} were broken"
            return f"{name} led {card_symbol(card)}: {held} may not be led before trick {t.held_until_trick}"
        return f"{name} led {card_symbol(card)} before trumps were broken"
