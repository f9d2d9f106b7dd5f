"""Play clauses that hold cards back, compiled to masks: a suit held from leading, cards barred from the first trick."""

from __future__ import annotations

from ..spec import Spec
from .cards import SUIT_LETTERS, suit_mask
from .deck import spec_cards, spec_error


def held_suit_of(spec: Spec) -> tuple[int, int, bool, int]:
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


def first_trick_barred(spec: Spec) -> int:
    """The cards not to be played to the first trick while holding anything else, as a bitmask."""
    barred = sum(suit_mask(SUIT_LETTERS.index(s)) for s in spec.value("play.first_trick", "barred_suits", []) or [])
    for card in spec_cards(spec, spec.value("play.first_trick", "barred_cards", []) or [], "play.first_trick"):
        barred |= 1 << card
    return barred
