"""The rulebook page of a spec: every clause, quote and reading, in readable Markdown."""

from __future__ import annotations

import copy
import re
import sys
from html import unescape as unescape_html
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests run from a source checkout

from referee.rulebook import escape, markdown, rule_text  # noqa: E402
from referee.spec import SECTIONS, load, resolve, source_text  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples" / "specs"


def fold(text: str) -> str:
    return " ".join(text.split())


def unescape(page: str) -> str:
    """The page's text with Markdown escapes undone, white space folded."""
    return fold(re.sub(r"\\(.)", r"\1", page).replace("&lt;", "<").replace("&amp;", "&"))


@pytest.fixture(scope="module")
def intramural_page() -> str:
    return markdown(load("spades/intramural"))


def test_every_clause_id_is_on_the_page(intramural_page: str) -> None:
    spec = load("spades/intramural")
    assert len(spec.clauses) > 20
    for clause_id in spec.clauses:
        assert f"`{clause_id}`" in intramural_page
        assert f"{{ #{clause_id} }}" in intramural_page  # an anchor per clause, for links from reports


def test_every_quote_is_on_the_page_word_for_word(intramural_page: str) -> None:
    spec = load("spades/intramural")
    text = unescape(intramural_page)
    quotes = [quote for clause in spec.clauses.values() for quote in clause.source]
    assert len(quotes) > 20
    for quote in quotes:
        assert fold(quote) in text


def test_each_quote_stands_in_a_blockquote_under_its_clause(intramural_page: str) -> None:
    blocks = re.split(r"^### ", intramural_page, flags=re.M)
    follow = next(block for block in blocks if "{ #play.follow }" in block)
    assert "> A player must follow suit, if able." in follow
    assert "A trick is won" not in follow


def test_every_reading_is_on_the_page_marked(intramural_page: str) -> None:
    spec = load("spades/intramural")
    readings = [clause.interpretation for clause in spec.clauses.values() if clause.interpretation]
    assert len(readings) >= 15
    # Each reading stands in a highlighted box (an admonition), under its rule's heading.
    boxes = intramural_page.split('!!! reading "Reading taken"\n\n')[1:]
    assert sorted(box.split("\n", 1)[0] for box in boxes) == sorted(f"    {fold(reading)}" for reading in readings)


def test_a_reading_shows_the_readings_it_rejected(intramural_page: str) -> None:
    trump = load("spades/intramural").clause("ranking.trump")
    assert len(trump.rejected) == 2
    block = intramural_page[intramural_page.index("{ #ranking.trump }") :].split("\n## ", 1)[0]
    box = block.split('!!! reading "Reading taken"', 1)[1]
    for other in trump.rejected:
        assert f"    **Not read as:** *{fold(other.reading)}* **Why not:** {fold(other.why)}\n" in box
    assert "**Not read as:**" not in intramural_page[: intramural_page.index("{ #players.sides }")]


def test_the_rules_come_in_the_order_of_a_game(intramural_page: str) -> None:
    chapters = re.findall(r"^## (.*?) \{", intramural_page, re.M)
    assert chapters == [
        "Players and seats",
        "Cards and ranking",
        "The deal and misdeals",
        "Bidding",
        "Passing cards",
        "The play",
        "Penalties",
        "Scoring",
        "End of the game",
        "The source text",
    ]
    play = intramural_page.split("## The play", 1)[1].split("\n## ", 1)[0]
    # the spec writes own_cards second; a player reads the first lead, leading, following, winning, next lead
    order = re.findall(r"\{ #(play\.[a-z_]+) \}", play)
    assert order == [
        "play.first_lead",
        "play.lead",
        "play.follow",
        "play.trick_winner",
        "play.next_lead",
        "play.own_cards",
    ]


def test_clauses_with_no_source_say_so(intramural_page: str) -> None:
    spec = load("spades/intramural")
    silent = [clause for clause in spec.clauses.values() if not clause.source]
    assert silent, "the intramural spec has readings where the sheet is silent"
    assert intramural_page.count("*The source says nothing on this.*") == len(silent)


def test_the_warning_clause_is_marked(intramural_page: str) -> None:
    dealer = next(block for block in intramural_page.split("### ") if "{ #deal.dealer }" in block)
    assert "reported as a warning" in dealer
    follow = next(block for block in intramural_page.split("### ") if "{ #play.follow }" in block)
    assert "warning" not in follow


def test_rules_are_in_plain_words(intramural_page: str) -> None:
    assert (
        "Deck: the standard 52-card pack + the big joker and the little joker − the 2 of diamonds and "
        "the 2 of clubs (52 cards)." in intramural_page
    )
    assert "A player bids 1 to 13. The bids of a partnership must add up to at least 4." in intramural_page
    assert (
        "Spades are trumps. Above the ace of trumps, highest first: the big joker and the little joker"
        in intramural_page
    )
    assert "The game ends after the hand in which a side reaches 500 points." in intramural_page
    assert "Not allowed: nil" in intramural_page


def test_header_and_the_source_text(intramural_page: str) -> None:
    spec = load("spades/intramural")
    assert intramural_page.startswith("# Spades, intramural rules\n")
    assert spec.document_title in intramural_page
    assert fold(spec.summary) in intramural_page
    assert "**Enforced:**" in intramural_page
    assert "[Spades side by side](../../compare/spades.md)" in intramural_page  # the family's comparison page
    tail = intramural_page.split("## The source text", 1)[1]
    source = source_text(spec.document)
    excerpt = source[source.index("SPADES RULES") : source.index("HEARTS RULES")]
    for line in excerpt.splitlines():
        if line.strip():
            assert fold(line) in unescape(tail)
    assert "HEARTS RULES" not in tail.replace("“HEARTS RULES”", "")
    assert "1\\. Dealing" in tail  # a heading of the sheet must not turn into a numbered list


def test_the_source_line_says_where_the_part_encoded_ends() -> None:
    assert "the part from “SPADES RULES” up to “HEARTS RULES”." in markdown(load("spades/intramural"))
    # an excerpt with no end runs to the end of the sheet: the line said "the part from “1. Players and cards”."
    assert "the part from “1. Players and cards” to the end." in unescape(markdown(load("hearts/club")))


def test_rule_text_shows_every_field_even_unknown_ones() -> None:
    assert rule_text("passing.nil_pass", {"cards": 2}) == "Cards: 2."  # too little for the sentence: shown as is
    text = rule_text("deal.cards", {"per_player": 13, "leftover": "none", "shuffle": "riffle"})
    assert text == "Each player is dealt 13 cards. No cards are left over. Shuffle: riffle."
    assert rule_text("game_end.unknown", {}).startswith("(No data")
    assert rule_text("penalties.renege", {"books_to_opponents": 3, "points": 0}) == (
        "For each renege (failing to follow suit when able): 3 books go from the offending side to its opponents."
    )


def test_escape_keeps_source_text_literal() -> None:
    markdown_lib = pytest.importorskip("markdown")
    samples = ("1. Dealing", "*SPADES* ARE _TRUMP_", "- not a list", "+ 2", "# not a heading")
    for text in (*samples, "[a](b) <b>x</b>", "AT&T &copy;", "`code`"):
        html = markdown_lib.markdown(escape(text))
        assert html.startswith("<p>") and "<em>" not in html and "<a " not in html and "<b>" not in html
        assert "<code>" not in html
        assert unescape_html(re.sub(r"<[^>]+>", "", html)) == text


def test_page_renders_with_an_anchor_per_clause(intramural_page: str) -> None:
    markdown_lib = pytest.importorskip("markdown")
    html = markdown_lib.markdown(intramural_page, extensions=["attr_list", "toc"])
    for clause_id in load("spades/intramural").clauses:
        assert f'id="{clause_id}"' in html
    assert "<ol>" not in html and "<ul>" not in html


def test_a_spec_that_extends_another() -> None:
    page = markdown(load(EXAMPLES / "club.yaml"))
    assert "Builds on [`spades/intramural`](../spades/intramural.md)" in page
    target = next(block for block in page.split("### ") if "{ #game_end.target }" in block)
    assert "Changes the clause of spades/intramural: `source`, `interpretation`, `points`." in target
    assert "Points is the table's choice: option [`target`](#options.target), default 500." in target
    follow = next(block for block in page.split("### ") if "{ #play.follow }" in block)
    assert "Taken from spades/intramural." in follow
    assert "## Options" in page and "**Default: `500`.** Choices: `500`, `300`." in page


def test_a_spec_the_referee_cannot_enforce_yet() -> None:
    page = markdown(load(EXAMPLES / "with-blind-nil.yaml"))
    assert "**Not yet enforced:**" in page and "blind nil bids (bidding.blind_nil)" in page
    assert "Allowed: blind nil" in page


def test_rules_no_record_can_show() -> None:
    spec = load("spades/intramural")
    raw = copy.deepcopy(spec.raw)
    raw["not_checkable"] = [
        {
            "id": "shuffle",
            "source": "The game is played with 4 players in two partnership.",
            "reason": "A log does not record seating arrangements beyond the order of names.",
        }
    ]
    page = markdown(resolve(raw, spec.path))
    section = page.split("## What no record can show", 1)[1].split("## The source text", 1)[0]
    assert "`not_checkable.shuffle`" in section
    assert "**No record can show this:** A log does not record seating" in section
    assert "> The game is played with 4 players in two partnership." in section


def _example(schema: dict[str, object], defs: dict[str, dict[str, object]]) -> object:
    """A small value the schema allows (first choices, ones and true), for trying every clause."""
    if "$ref" in schema:
        return _example(defs[str(schema["$ref"]).rsplit("/", 1)[1]], defs)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return _example(schema[key][0], defs)  # type: ignore[index]
    if "enum" in schema:
        return schema["enum"][0]  # type: ignore[index]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "integer":
        return max(1, int(schema.get("minimum", 1)))  # type: ignore[call-overload]
    if kind == "boolean":
        return True
    if kind == "string":
        return "AS" if "pattern" in schema else "text"
    if kind == "array":
        return [_example(schema.get("items", {"type": "integer"}), defs)]  # type: ignore[arg-type]
    if kind == "object":
        props = schema.get("properties", {})
        return {name: _example(sub, defs) for name, sub in props.items()}  # type: ignore[attr-defined]
    return 1


def test_rule_text_handles_every_clause_the_schema_allows() -> None:
    import json

    schema = json.loads((ROOT / "schema" / "rule-spec.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    tried = 0
    for section_name, section_schema in schema["properties"].items():
        if section_name not in SECTIONS:
            continue
        for name, clause in section_schema["properties"].items():
            fields = {field: _example(sub, defs) for field, sub in clause.get("properties", {}).items()}
            required = {field: fields[field] for field in clause.get("required", [])}
            clause_id = f"{section_name}.{name}"
            for data in [fields, required, *({**required, field: value} for field, value in fields.items())]:
                text = rule_text(clause_id, data)
                assert text.endswith((".", ")")), (clause_id, data, text)
                assert "None" not in text, (clause_id, data, text)  # an absent optional field is not shown
            tried += 1
    assert tried > 50


def test_each_clause_says_its_severity_and_why(intramural_page: str) -> None:
    blocks = {b.split(" }", 1)[0].split("{ #")[-1]: b for b in intramural_page.split("### ") if "{ #" in b}
    assert "an error. The sheet states that a player must follow suit." in fold(blocks["play.follow"])
    assert "reported as a warning" in blocks["play.next_lead"] and "The sheet is silent" in blocks["play.next_lead"]
    own = "A player plays only the cards they hold (dealt to them, after any pass), each card once."
    assert own in blocks["play.own_cards"]


def test_a_duty_that_passes_with_the_card_is_said_of_its_holder() -> None:
    # the queen may be passed on before the play: the referee holds whoever has it in the play to the discard
    # (hearts/intramural's reading), so the page must not say "the player dealt" it
    page = markdown(load("hearts/intramural"))
    blocks = {b.split(" }", 1)[0].split("{ #")[-1]: b for b in page.split("### ") if "{ #" in b}
    said = fold(blocks["play.first_discard"])
    assert "Whoever holds the queen of spades in the play must play it at the first opportunity" in said
    assert "The player dealt the queen" not in said


def test_a_game_won_in_mid_hand_is_not_said_to_end_after_the_hand() -> None:
    # All Fives is won the moment a player's total reaches 150 (dominoes_scoring.first_to_reach), as the referee
    # audits it: its target's words once said the game ended after the hand, beside the rule that it does not
    page = unescape(markdown(load("dominoes/all-fives")))
    assert "The game ends the moment a player reaches 150 points, even in the middle of a hand." in page
    assert "The game ends after the hand in which" not in page
    # a block game's target is still reached at a hand's end
    assert "The game ends after the hand in which a player reaches 100 points." in unescape(
        markdown(load("dominoes/block-two"))
    )


def test_a_penalty_that_stops_the_play_is_said_of_the_first_offence() -> None:
    # hearts/intramural's revoke ends the play, and the referee charges the hand's first revoke only (a record that
    # goes on shows a second one reported, not charged): "For each revoke" said otherwise
    page = fold(markdown(load("hearts/intramural")))
    assert "For the first revoke of a hand: the offender is charged 26 points; play of the hand stops." in page
    assert "For each revoke" not in page


def test_every_section_of_a_spec_has_its_chapter() -> None:
    from referee.rulebook import CHAPTERS

    placed = [section for _, _, sections in CHAPTERS for section in sections]
    assert sorted(placed) == sorted(SECTIONS)  # each section in exactly one chapter, none left off the page
    page = markdown(load("dominoes/all-fives"))
    chapters = re.findall(r"^## (.*?) \{", page, re.M)
    assert chapters[:2] == ["Players and seats", "The tiles"] and "The play" in chapters


def test_a_kind_of_bid_not_allowed_still_shows_the_terms_its_spec_gives() -> None:
    # house Spades: blind is off unless the table agrees (option blind); its terms are the sheet's
    blind = rule_text("bidding.blind", load("spades/house").clause("bidding.blind").data, {"allowed", "behind_by"})
    assert blind == (
        "Not allowed: blind bids (made before looking at the cards). Where a table allows it: Only a side at "
        "least 100 points behind may bid blind. Made, a blind bid scores twice a bid's points; set, only what any "
        "bid set loses."
    )
    assert rule_text("bidding.nil", {"allowed": False}) == "Not allowed: nil (a bid to take no tricks)."
    # a rule of none given by an option's map is no penalty, not "Penalty: None"
    assert (
        rule_text("scoring.bags", {"limit": 0, "penalty": None}) == "No sandbag penalty: overtricks carry no penalty."
    )
    assert rule_text("draw.first_play", {"rule": "highest_double"}).endswith("lays it as the first tile.")


def test_a_kind_of_bid_no_table_may_allow_is_not_said_to_be_allowed_by_one() -> None:
    # six-player Spades does not carry Boston over (allowed: false, no option); "Where a table allows it" was untrue
    six = load("spades/six-player")
    boston = rule_text("bidding.boston", six.clause("bidding.boston").data)
    assert boston.startswith("Not allowed: Boston (a bid of all the tricks). Its terms: ")
    assert "table" not in boston
    ten = rule_text("bidding.ten_for_two_hundred", load("spades/intramural").clause("bidding.ten_for_two_hundred").data)
    assert ten == "Not allowed: ten for two hundred. Its terms: A side's bid of 10, made, scores 200."
    assert "Where a table allows it" in markdown(load("spades/house")).split("{ #bidding.blind }")[1]


def test_passing_says_which_hand_passes_where() -> None:
    # hearts/club: "to the left on the first hand, to the right on the second, across the table on the third, and
    # not at all on the fourth. The cycle then starts again."; intramural Hearts: three to the right, every hand
    club = rule_text("passing.pass", load("hearts/club").clause("passing.pass").data)
    assert club == (
        "Each player passes 3 cards: to the left in the first hand, to the right in the second, across in the "
        "third and none in the fourth; then the cycle starts again."
    )
    intramural = rule_text("passing.pass", load("hearts/intramural").clause("passing.pass").data)
    assert intramural == "Each player passes 3 cards to the right, every hand."
    assert rule_text("passing.pass", {"cycle": ["none"]}) == "No cards are passed."


def test_first_trick_and_first_lead_read_as_sentences() -> None:
    # "No heart and not the queen of spades may be played on the first trick unless the player holds nothing else."
    first_trick = rule_text("play.first_trick", load("hearts/club").clause("play.first_trick").data)
    assert first_trick == (
        "Hearts or the queen of spades may not be played to the first trick by a player who holds anything else."
    )
    # three-player: the 2 of clubs leads; where it is the card out of play, the 3 of clubs
    lead = rule_text("play.first_lead", load("spades/three-player").clause("play.first_lead").data)
    assert lead.startswith(
        "The holder of the 2 of clubs leads it to the first trick. If the 2 of clubs is out of play, the holder of "
        "the 3 of clubs leads it."
    )
    club = rule_text("play.first_lead", load("hearts/club").clause("play.first_lead").data)
    assert club == "The holder of the 2 of clubs leads it to the first trick."


def test_a_multiple_is_said_in_words() -> None:
    # ihop-silver's no trump (004: "double that of a normal bid ... triple the basic amount"), as the table plays it by
    # default (no_trump_set double, blind_no_trump_set triple); "set, 1 times" and "Set, 2 times." were the words
    no_trump = rule_text("bidding.no_trump", load("spades/ihop-silver").clause("bidding.no_trump").data)
    assert (
        "Made, the bid scores twice its points. Set, twice what a bid set loses. Bid blind and made, three times "
        "its points. Blind and set, three times what a bid set loses." in no_trump
    )
    single = rule_text("bidding.blind", {"allowed": True, "made_multiplier": 4, "set_multiplier": 1})
    assert single.endswith("Made, a blind bid scores 4 times a bid's points; set, only what any bid set loses.")
    assert " times" not in rule_text("bidding.blind", {"allowed": True, "made_multiplier": 1, "set_multiplier": 1})


def test_an_overtrick_that_costs_points_is_minus() -> None:
    # three-player (004): "for every extra trick over what you bet, the amount you win for the contract is reduced
    # by 10 points"; the page said "plus -10 for each trick over the bid"
    contract = rule_text("scoring.contract", load("spades/three-player").clause("scoring.contract").data)
    assert contract.startswith("A side that takes at least its bid scores 10 for each trick bid, minus 10 for each ")
    assert "plus" not in contract
    intramural = rule_text("scoring.contract", load("spades/intramural").clause("scoring.contract").data)
    assert ", plus 1 for each trick over the bid." in intramural


def _plain_words(page: str) -> str:
    """The rules in plain words of a page: its text without the source's quotes, the readings or the headings."""
    kept = [line for line in page.splitlines() if line and not line.startswith((">", "    ", "#", "<", "!!!"))]
    return fold(" ".join(kept))


@pytest.mark.parametrize("spec_id", ["spades/solo", "spades/three-player", "hearts/club", "dominoes/block-five"])
def test_a_game_without_partners_speaks_of_players_not_sides(spec_id: str) -> None:
    # every player plays for themselves (players.sides: partners none): "A side that takes at least its bid" spoke of
    # sides nobody at the table forms
    rules = markdown(load(spec_id)).split("## Options")[0]  # an option's own description is the spec author's
    # a page's link, a tile's sides, and the clause ids links go to (#players.sides), which no player reads
    words = re.sub(r"\w+ side by side|each of its sides|\(#[\w.]+\)", "", _plain_words(rules))
    assert re.findall(r"\bsides?\b", words) == []


def test_the_words_of_a_player_alone() -> None:
    solo = load("spades/solo")
    contract = rule_text("scoring.contract", solo.clause("scoring.contract").data, alone=True)
    assert contract == (
        "A player who takes at least their bid scores 10 for each trick bid, plus 1 for each trick over the bid. "
        "A player who takes fewer tricks than they bid (is set) scores -10 for each trick bid."
    )
    assert rule_text("game_end.floor", {"points": -500}, alone=True) == (
        "A player who falls to -500 points or below loses, and the game ends."
    )
    # block-five (002, without partners): the winner scores "the losers total spots", every other player's
    blocked = rule_text("dominoes_scoring.domino", load("dominoes/block-five").clause("dominoes_scoring.domino").data)
    assert blocked == (  # not told: a side
        "The side of the player who goes out scores the spots left on the losing side's tiles."
    )
    alone = rule_text("dominoes_scoring.domino", {"from": "losers"}, alone=True)
    assert alone == "The player who goes out scores the spots left in the other players' hands."
    # partners: the words of a side, as before
    assert markdown(load("spades/intramural")).count("A side that takes at least its bid") == 1
    # block-partners (002): "the winners score the sum of all spots on the losers remaining tiles", the side's total
    partners = markdown(load("dominoes/block-partners"))
    assert "The side of the player who goes out scores the spots left on the losing side's tiles." in partners


def test_a_spec_with_no_rulebook_is_published(tmp_path: Path) -> None:
    # docs/club-rules.md, "A spec with no rulebook": a club with no written sheet leaves source out, or writes
    # source: null over the one it extends; referee rulebook on either ended in a traceback (KeyError: 'source')
    from test_club_specs import STANDALONE

    alone = tmp_path / "no-sheet.yaml"
    alone.write_text(STANDALONE, encoding="utf-8")
    page = markdown(load(alone), str(alone))
    assert "Source: none. This rulebook has no written source: each of its rules rests on the reading given" in page
    assert "## The source text" not in page  # no text to show: no chapter for it
    assert "{ #game_end.target }" in page and "to 500" in page
    derived = tmp_path / "no-sheet-of-ours.yaml"
    derived.write_text(
        "spec: 1\nid: club/ours\ntitle: Ours\nextends: spades/intramural\nsource: null\n"
        "game_end:\n  target: {interpretation: We play to 300., points: 300}\n",
        encoding="utf-8",
    )
    page = markdown(load(derived), str(derived))
    assert (
        "Source: none of its own. The rules it sets rest on the readings given with them; those taken from "
        "`spades/intramural` keep the words of its source." in fold(page)
    )
    assert "## The source text" not in page
    assert "> A player must follow suit, if able." in page  # an inherited clause still quotes its rulebook
    # the club's own rule has no source to be silent: it was said to be ("The source says nothing on this.")
    target = next(block for block in page.split("### ") if "{ #game_end.target }" in block)
    assert "*No written source: the rule rests on the reading taken.*" in target
    assert "says nothing" not in target
    tie = next(block for block in page.split("### ") if "{ #game_end.tie }" in block)
    assert "*The source says nothing on this.*" in tie  # the intramural sheet's silence, a reading of its own


def test_a_spec_that_extends_another_lists_what_it_changes_at_the_top() -> None:
    # a club's page set its few changes among every rule it takes unchanged (28 clauses of examples/club/club.yaml,
    # 3 its own), each marked only where it stands; a player had to read the whole page to find them
    page = markdown(load(ROOT / "examples" / "club" / "club.yaml"), "examples/club/club.yaml")
    head = page.split("## ", 1)[0]
    assert (
        "What it changes or adds: [Overtricks (bags)](#scoring.bags), [Game](#game_end.target) and option "
        "[`target`](#options.target)." in head
    )
    for anchor in ("scoring.bags", "game_end.target", "options.target"):
        assert f"{{ #{anchor} }}" in page  # each link goes to its rule on the same page
    assert "What it changes" not in markdown(load("spades/intramural"))  # a spec that extends none
    # a clause whose words alone a spec restates (six-player quotes its own part of the document for who wins a
    # trick, and gives the renege penalty a reading of its own) is no change of rule, and is not listed; the number
    # of players is
    six = load("spades/six-player")
    assert six.clause("play.trick_winner").origin.layers[-1].fields == ("source",)  # type: ignore[union-attr]
    head = markdown(six).split("## ", 1)[0]
    assert "[Number of players](#players.seats)" in head
    assert "(#play.trick_winner)" not in head and "(#penalties.renege)" not in head
