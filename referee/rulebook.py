"""A rule spec as a rulebook page in Markdown, written for players.

The rules come in the order a game is played (players and seats, cards,
deal, bidding, passing, play, penalties, scoring, end of the game), each in
plain words beside the source's own sentences, with the reading taken where
the source is silent, unclear or contradicts itself and the readings it
rejected; then the options with their defaults, what no record can show, and
the source text. The docs site builds one page per bundled spec from
:func:`markdown`; one rule's block is :mod:`referee.rulebook_blocks`.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from .errors import InputError, Unsupported
from .families import compile_spec
from .rule_words import DESCRIBE, rule_text
from .rulebook_blocks import clause_block, columns, escape, fold, quote_block, reading_block, ref, source_side
from .spec import CLAUSE_KEYS, Clause, Spec, option_ref, source_text
from .spec_files import find, is_bundled
from .spec_options import needs_words, option_text
from .words import show, words

__all__ = ["CHAPTERS", "escape", "markdown", "rule_text", "show"]

# The page's chapters, in the order of play, and the spec sections each gathers (every section is in one).
CHAPTERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("players", "Players and seats", ("players",)),
    ("cards", "Cards and ranking", ("deck", "ranking")),
    ("tiles", "The tiles", ("tiles",)),
    ("deal", "The deal and misdeals", ("deal",)),
    ("draw", "The draw", ("draw",)),
    ("bidding", "Bidding", ("bidding",)),
    ("passing", "Passing cards", ("passing",)),
    ("play", "The play", ("play", "layout")),
    ("penalties", "Penalties", ("penalties",)),
    ("scoring", "Scoring", ("scoring", "dominoes_scoring")),
    ("game-end", "End of the game", ("game_end",)),
)

# Headings a player looks for; any other clause is headed by its name.
TITLES = {
    "players.seats": "Number of players",
    "players.sides": "Partners",
    "players.turn": "Order of turns",
    "deck.cards": "The cards",
    "ranking.order": "Rank of the cards",
    "ranking.trump": "Trumps",
    "deal.dealer": "Who deals",
    "deal.cards": "Dealing the cards",
    "deal.misdeal": "Misdeals",
    "bidding.order": "Order of bidding",
    "bidding.limits": "What may be bid",
    "play.first_lead": "The first lead",
    "play.lead": "Leading",
    "play.follow": "Following suit",
    "play.trick_winner": "Who wins a trick",
    "play.next_lead": "Who leads next",
    "play.own_cards": "Playing your own cards",
    "play.take_back": "Taking back a card",
    "scoring.contract": "Making or losing the bid",
    "scoring.bags": "Overtricks (bags)",
    "game_end.target": "Game",
    "game_end.both_reach": "When more than one side reaches game",
    "game_end.tie": "A tie",
    "game_end.floor": "Falling too low",
    "game_end.behind": "Falling too far behind",
    "game_end.rounds": "Number of hands",
    "game_end.clock": "The clock",
    "game_end.table_breaks_up": "When the table breaks up",
    "game_end.winner": "Who wins",
    "ranking.identical_cards": "Two identical cards",
    "bidding.first_hand": "The first hand",
    "passing.pass": "Passing",
    "play.beat": "Beating the highest card",
    "play.first_discard": "The card to discard first",
    "play.first_trick": "The first trick",
    "play.short_hand": "A short hand",
    "scoring.points": "Counting cards",
    "scoring.moon": "Shooting the moon",
    "scoring.settlement": "Settling up",
    "tiles.set": "The set of tiles",
    "draw.hand": "Tiles drawn",
    "draw.leftover": "The tiles left over",
    "draw.first_play": "Who plays first",
    "draw.no_double": "When nobody drew a double",
    "draw.next_hand": "Who opens the next hand",
    "layout.line": "Laying the tiles",
    "layout.unable": "A player who cannot play",
    "layout.own_tiles": "Laying your own tiles",
    "layout.must_play": "Playing when able",
    "layout.going_out": "Going out",
    "dominoes_scoring.ends": "Scoring the open ends",
    "dominoes_scoring.entry": "Getting on the scoreboard",
    "dominoes_scoring.domino": "Going out: the points",
    "dominoes_scoring.blocked": "A blocked board",
    "dominoes_scoring.first_to_reach": "Winning the game",
}
_ORDER = {clause_id: n for n, clause_id in enumerate(DESCRIBE)}


def title_of(clause_id: str) -> str:
    """A clause's heading on the page."""
    return TITLES.get(clause_id) or words(clause_id.split(".", 1)[1]).capitalize()


def chapter_clauses(spec: Spec, sections: tuple[str, ...]) -> list[Clause]:
    """A chapter's clauses in the order of play (the describers' order; a clause of no known kind last)."""
    found = [c for c in spec.clauses.values() if c.id.split(".", 1)[0] in sections]
    return sorted(found, key=lambda c: (sections.index(c.id.split(".", 1)[0]), _ORDER.get(c.id, len(_ORDER))))


def _link(spec: Spec, other: str) -> str:
    """A link from this spec's page to another bundled spec's page (pages sit at ``<id>.md``)."""
    if not re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", other):
        return f"`{other}`"
    target = posixpath.relpath(f"{other}.md", posixpath.dirname(spec.id) or ".")
    return f"[`{other}`]({target})"


def _own_changes(spec: Spec) -> str:
    """Links to the rules and options a spec that extends another sets itself, in the order of the page: what a
    player of the rules it builds on must read."""

    def own(clause: Clause) -> bool:  # a clause it adds, or one whose rule it changes (not its words alone)
        origin = clause.origin
        return origin is not None and (
            origin.spec_id == spec.id
            or any(
                layer.spec_id == spec.id and any(f.lstrip("-") not in CLAUSE_KEYS for f in layer.fields)
                for layer in origin.layers
            )
        )

    rules = [c for _, _, sections in CHAPTERS for c in chapter_clauses(spec, sections) if own(c)]
    links = [f"[{title_of(c.id)}](#{c.id})" for c in rules]
    links += [f"option [`{o.name}`](#{o.clause.id})" for o in spec.options.values() if own(o.clause)]
    if not links:
        return ""
    listed = links[0] if len(links) == 1 else f"{', '.join(links[:-1])} and {links[-1]}"
    return f" What it changes or adds: {listed}."


def _status(spec: Spec, name: str) -> str:
    if spec.raw.get("abstract"):
        return "This is a base for other rulebooks, not a rule set to play by on its own."
    try:
        compile_spec(spec)
    except Unsupported as exc:
        return f"**Not yet enforced:** the referee cannot check games by this rulebook yet ({exc.message})."
    except InputError as exc:
        return f"**Not enforceable:** this spec does not compile ({exc.message})."
    return f"**Enforced:** check a game by this rulebook with `referee check --rules {name} game.yaml`."


def _command_name(spec: Spec, name: str) -> str:
    """The spec as the page's command line names it: a bundled spec by its id, however it was named; any other by
    its file's name alone, as it is published beside the page (the path the author gave, ``/home/ann/club.yaml``,
    named a folder of the author's machine on a page to publish). A bundled spec's file is the one of its id, or
    the same text (the source checkout's ``rules/`` beside an installed copy)."""
    if is_bundled(spec.id):
        bundled = find(spec.id).resolve()
        if bundled == spec.path or bundled.read_bytes() == spec.path.read_bytes():
            return spec.id
    return Path(name).name


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
    if not spec.raw.get("source"):  # a club with no written sheet (docs/club-rules.md, "A spec with no rulebook")
        parent = spec.raw.get("extends")
        if parent is None:
            return (
                "Source: none. This rulebook has no written source: each of its rules rests on the reading given "
                "with it."
            )
        return (
            "Source: none of its own. The rules it sets rest on the readings given with them; those taken from "
            f"`{parent}` keep the words of its source."
        )
    line = f"Source: *{escape(spec.document_title)}* (document `{spec.document}`)"
    bounds = spec.raw["source"].get("excerpt")
    if bounds:
        line += f", the part from “{escape(bounds['from'])}”"
        if bounds.get("to"):
            line += f" up to “{escape(bounds['to'])}”"
        else:
            line += " to the end"
    return line + "."


def _setters(spec: Spec, name: str) -> list[str]:
    """Links to the clauses a field of which takes option ``name``."""
    out = []
    for clause in spec.clauses.values():
        section, key = clause.id.split(".", 1)
        body = (spec.raw.get(section) or {}).get(key) or {}
        if any(option_ref(value) == name for value in body.values()):
            out.append(f"[{title_of(clause.id).lower()}](#{clause.id})")
    return out


def _literal(value: object) -> str:
    """An option's value as a log or ``--option`` writes it."""
    return f"`{option_text(value)}`"


def _options(spec: Spec, site: bool) -> list[str]:
    lines = [
        "## Options { #options }",
        "",
        "What the source leaves to the table. A log sets an option in its header "
        "(`game: {options: {name: value}}`); the command line sets it with `--option name=value`. "
        "Without either, the default holds.",
        "",
    ]
    for option in spec.options.values():
        clause = option.clause
        choices = f" Choices: {', '.join(map(_literal, option.values))}." if option.values is not None else ""
        choices += f" At least {option.minimum}." if option.minimum is not None else ""
        choices += f" At most {option.maximum}." if option.maximum is not None else ""
        choices += f" May be changed only where {needs_words(option)}." if option.needs else ""
        left = [f"{fold(option.description)} **Default: {_literal(option.default)}.**{choices}", ""]
        used = _setters(spec, option.name)
        left += [f"It sets: {', '.join(used)}.", ""] if used else []
        left += ref(f"`{clause.id}`")
        lines += [f"### {option.name} {{ #{clause.id} }}", ""]
        lines += columns(left, source_side(spec, clause, site)) + reading_block(clause)
    return lines


def markdown(spec: Spec, name: str | None = None) -> str:
    """A spec as a rulebook page: how to read it, the rules chapter by chapter, options, what no record shows.

    Without ``name``, the page of this project's site, linked to its other pages; with it (the spec as the user
    named it, a path or an id), a page that stands alone, for a club to publish: no link leaves it.
    """
    site = name is None
    parent = spec.raw.get("extends")
    family = spec.family.capitalize()
    compare = posixpath.relpath(f"compare/{spec.family}.md", posixpath.dirname(f"rules/{spec.id}"))
    lines = [f"# {escape(spec.title)}", ""]
    if site:
        lines += [
            f"Rule spec `{spec.id}`, a {family} rulebook. [{family} side by side]({compare}) sets it beside the "
            f"other bundled {family} rule sets, rule by rule.",
            "",
        ]
    else:
        lines += [f"Rule spec `{spec.id}`, a {family} rulebook.", ""]
    lines += [_source_line(spec), ""]
    if parent is not None:
        lines += [
            f"Builds on {_link(spec, parent) if site else f'`{parent}`'}: clauses this rulebook does not restate are "
            "taken from it unchanged, and the fields this one gives replace theirs." + _own_changes(spec),
            "",
        ]
    if spec.summary:
        lines += [fold(spec.summary), ""]
    lines += [_status(spec, spec.id if name is None else _command_name(spec, name)), ""]
    lines += [
        "The rules follow in the order of a game. Each is given in plain words (what the referee checks), with the "
        "source's own words beside it. Where the source is silent, unclear or contradicts itself, the reading "
        "taken is marked, with the other readings it turned down and why."
        + (" The table's choices are under [Options](#options)." if spec.options else "")
        + (" The rules no game record can show are listed at the end." if spec.not_checkable else ""),
        "",
    ]
    for anchor, heading, sections in CHAPTERS:
        clauses = chapter_clauses(spec, sections)
        if not clauses:
            continue
        lines += [f"## {heading} {{ #{anchor} }}", ""]
        for clause in clauses:
            section, name = clause.id.split(".", 1)
            body = (spec.raw.get(section) or {}).get(name) or {}
            lines += clause_block(spec, clause, title_of(clause.id), body, site)
    if spec.options:
        lines += _options(spec, site)
    if spec.not_checkable:
        lines += [
            "## What no record can show { #not-checkable }",
            "",
            "Rules of the game all the same: the referee cannot check them from a game log, for the reason given.",
            "",
        ]
        for clause in spec.not_checkable:
            lines += clause_block(spec, clause, title_of(clause.id), {}, site)
    if not spec.raw.get("source"):
        return "\n".join(lines).rstrip("\n") + "\n"
    lines += ["## The source text { #source-text }", ""]
    excerpt = _excerpt_lines(spec)
    if excerpt is None:
        lines += [f"The source document `{spec.document}` is not among the bundled sources.", ""]
    else:
        lines += [_source_line(spec), ""]
        lines += [*quote_block(tuple(excerpt)), ""]
    return "\n".join(lines).rstrip("\n") + "\n"
