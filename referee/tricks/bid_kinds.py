"""The kinds of bid a log may record, and the clause of a spec that allows or forbids each."""

from __future__ import annotations

from ..spec import Spec

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
