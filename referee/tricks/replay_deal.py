"""The replay of a hand's deal and bidding: who dealt, a misdeal thrown in, the pass, the bids."""

from __future__ import annotations

from dataclasses import replace

from ..document_paths import key_step
from ..report import Code, Finding, HandScore, Incomplete, Where
from . import bidding, deal, misdeal, passing
from .cards import card_symbol
from .log import Bid, Event, Hand, has_tricks, plays_of
from .replay import Replay


class DealReplay(Replay):
    """The dealer, a misdeal, the pass and the bids of each hand."""

    def _dealer(self, hand: Hand, expected: int | None) -> int | None:
        dealer = hand.dealer
        if dealer is None and hand.tricks and hand.tricks[0][0] and self.t.first_leader == "left_of_dealer":
            dealer = (hand.tricks[0][0][0] - 1) % self.t.seats
        if dealer is None:
            return expected
        if expected is None and self.t.dealer_draw and self.log.dealer_draw and hand is self.log.hands[0]:
            self._check_draw(dealer, hand.number)
        if expected is not None and dealer != expected and hand.dealer is not None:
            self.add(
                Finding(
                    Code.DEALER_OUT_OF_TURN,
                    "deal.dealer",
                    f"{self.names[dealer]} dealt; it was {self.names[expected]}'s turn to deal",
                    dealer,
                ),
                hand.number,
            )
        return dealer

    def _check_draw(self, dealer: int, number: int) -> None:
        """The first dealer is the player who drew the highest card, by the game's order (suits aside).

        Players who drew equal cards are all highest: any of them may deal.
        """
        drawn = self.log.dealer_draw or ()
        power = self.t.power
        best = max(power[card] for _, card in drawn)
        highest = [seat for seat, card in drawn if power[card] == best]
        if dealer not in highest:
            card = next(card for seat, card in drawn if seat == highest[0])
            message = (
                f"{self.names[dealer]} dealt first; {' or '.join(self.names[s] for s in highest)} drew the highest "
                f"card ({card_symbol(card)})"
            )
            self.add(Finding(Code.DEALER_OUT_OF_TURN, "deal.dealer", message, dealer), number)

    def _misdeal(self, hand: Hand, dealer: int | None, totals: list[int], bags: list[int]) -> None:
        """A hand thrown in: nothing to check in its deal (the table called it), nothing scored.

        Where the spec sets a deadline for calling it, a hand that records bids or cards played was
        thrown in too late.
        """
        deadline = self.t.misdeal_deadline
        unbid = not self.t.bids_first_hand and not any(h.scored for h in self.report.hands)
        call = next((e for e in hand.events if e.type == "misdeal"), None)
        if call is not None and call.by is None and call.seat is not None:
            self._caller_unsaid(hand, call)
        caller = None if call is None else (call.by if call.by is not None else call.seat)
        played = bool(hand.tricks) or bool(call and call.cards_played)
        bid = bool(hand.bids) or bool(call and call.bids_made)
        late = played if deadline == "before_first_play" or unbid else bid or played
        if deadline is not None and late:
            after = "the first card was played" if played else "the bidding"
            self.add(
                Finding(Code.MISDEAL_TOO_LATE, "deal.misdeal", f"a misdeal was called after {after}", caller, None),
                hand.number,
            )
        if call is not None and self.t.misdeal_callers:
            why = misdeal.call_refused(self.t, call, hand.deal, dealer, self.names)
            if why is not None:
                self.add(Finding(Code.MISDEAL_NOT_ALLOWED, "deal.misdeal", why, caller), hand.number)
        self.report.hands.append(
            HandScore(
                hand.number,
                None if dealer is None else self.names[dealer],
                tuple(None for _ in totals),
                tuple(None for _ in totals),
                tuple(0 for _ in totals),
                tuple(totals),
                tuple(bags),
                False,
                "misdeal",
            )
        )

    def _caller_unsaid(self, hand: Hand, call: Event) -> None:
        """A misdeal call written with a seat and no caller (by), under rules that say who may call one: refused,
        located. Every other event's seat is the player it is about (the accused, the player who took a card
        back) and by who called or claimed, so a misdeal's seat may be the player whose deal was wrong as much
        as the caller, and the call's verdict turns on which. Where anyone may call one, seat only places it."""
        if all(who == "any" for _, who in self.t.misdeal_callers):
            return
        assert call.seat is not None
        name = self.names[call.seat]
        message = (
            f"the misdeal names {name} as its seat but no caller (by): these rules say who may call a misdeal, and"
            f" a seat may be the caller or the player the misdeal is about; write the caller as by"
        )
        raise self._fail(message, f"$.hands[{hand.number - 1}].events[{hand.events.index(call)}].seat")

    def _pass(self, hand: Hand, holdings: list[int], bids: tuple[Bid, ...] = ()) -> list[int]:
        """The holdings after the hand's pass, with what was irregular in it reported."""
        t = self.t
        offset = passing.offset_for(t, self.dealt_hands)
        if offset is None and passing.nil_pass_hand(t, self.dealt_hands):
            nils = bidding.nil_bidders(t, bids)
            after, findings = passing.nil_pass(t, holdings, hand.passes, nils, self.names)
            for finding in findings:
                self.add(finding, hand.number)
            return after
        if offset is not None and (hand.passes is None or len(hand.passes) < t.seats):
            # A passer the record leaves out passed cards it does not show, not none: the record stops short there
            # (a pass of no cards is written as an empty list), as where no pass is written at all.
            written = {seat for seat, _ in hand.passes or ()}
            left_out = [self.names[seat] for seat in range(t.seats) if seat not in written]
            whose = "" if not written else f" by {', '.join(left_out)}"
            gap = f"the cards passed{whose} are not recorded; the hands are taken from the cards played"
            self.report.incomplete.append(Incomplete(Where(self.log.index, hand.number), gap))
            return deal.reconstruct(t, plays_of(hand.tricks))
        regular = passing.clean_pass(t, offset, holdings, hand.passes, has_tricks(hand))
        if regular is not None:  # regular unless the play shows the cards elsewhere: the play check confirms it
            self.unconfirmed_pass = (hand, holdings, offset)
            return regular
        return self._apply_pass(hand, holdings, offset)

    def _bids(self, hand: Hand) -> tuple[Bid, ...]:
        """The hand's bids with each side's bid given to a member of that side."""
        for bid in hand.bids or ():
            if bid.side_bid or bid.side_key is not None:
                break
        else:  # each bid by its player (nearly always): nothing to resolve, and no path to spell out
            return hand.bids or ()
        path = f"$.hands[{hand.number - 1}].bids"
        bids = tuple(
            replace(bid, seat=self.t.sides[self._side_key(bid.side_key, path + key_step(bid.side_key))][0])
            if bid.side_key is not None
            else bid
            for bid in hand.bids or ()
        )
        # a raise may be written by the side or by the partner who made it, whichever way the first bid was
        whole = {self.t.side_of[bid.seat] for bid in bids if bid.side_bid and not bid.raise_}
        mixed = whole & {self.t.side_of[bid.seat] for bid in bids if not bid.side_bid and not bid.raise_}
        if mixed:
            raise self._mixed(min(mixed), path)
        return bids
