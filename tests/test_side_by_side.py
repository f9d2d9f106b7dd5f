"""Rule sets side by side: concept rows, ``referee diff``, the source map, and the pages built from them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from referee import compare_pages, game_compare, source_pages, spec_diff
from referee.bundled import sources_dir
from referee.cli import main
from referee.concepts import OTHER, concept_of, families, table
from referee.rulebook import markdown as rulebook_markdown
from referee.source_map import anchors, documents, sentences, unaccounted
from referee.spec import bundled_ids, load

ROOT = Path(__file__).resolve().parent.parent

CLUB = "docs/examples/specs/club.yaml"
# the bundled copy the specs cite (installed, a wheel carries its own)
INTRAMURAL_DOC = sources_dir() / "001_3f218c6ee18e85e0.txt"


def run(*argv: str) -> tuple[str, int]:
    out = io.StringIO()
    code = main(list(argv), out)
    return out.getvalue(), code


def bundled() -> tuple:  # type: ignore[type-arg]
    return tuple(load(spec_id) for spec_id in bundled_ids())


def plain_link(spec_id: str, clause: str) -> str:
    return f"/rules/{spec_id}/" + (f"#{clause}" if clause else "")


def test_each_clause_id_finds_its_concept_row() -> None:
    assert concept_of("players.sides") == "players"
    assert concept_of("ranking.trump") == "deck"  # deck and ranking share a row
    assert concept_of("play.first_lead") == "leads"  # an exact id before its section
    assert concept_of("play.trick_winner") == "trick_winner"
    assert concept_of("play.some_new_rule") == "following"  # a new clause of a known section: that section's row
    assert concept_of("options.target") == "options"
    assert concept_of("not_checkable.smoking") == "not_checkable"
    assert concept_of("tiles.set") == "deck"
    assert concept_of("weather.rain") == OTHER[0]  # a section nobody knows: the catch-all row


def test_the_table_marks_what_differs_and_what_agrees() -> None:
    intramural, solo = load("spades/intramural"), load("spades/solo")
    rows = {row.key: row for row in table([intramural, solo]).rows}
    players = {line.clause: line for line in rows["players"].lines}
    assert not players["players.seats"].differs  # both: 4 players
    assert players["players.sides"].differs  # opposite partners v none
    assert rows["players"].differs
    winner = {line.clause: line for line in rows["trick_winner"].lines}["play.trick_winner"]
    assert not winner.differs and not rows["trick_winner"].differs
    beat = {line.clause: line for line in rows["following"].lines}["play.beat"]
    assert beat.cells[0] is None and beat.cells[1] is not None  # only solo has the must-beat rule


def test_diff_of_a_club_spec_and_its_parent_is_the_option_it_adds() -> None:
    club, intramural = load(CLUB), load("spades/intramural")
    data = spec_diff.as_dict(club, intramural)
    changed = [(row["concept"], c["clause"], c["status"]) for row in data["rows"] for c in row["clauses"]]
    # The club file changes one thing: the target becomes option `target` (default 500, or 300).
    assert changed == [("game_end", "game_end.target", "changed"), ("options", "options.target", "only_a")]
    assert data["differences"] == 2
    assert data["same"] == len(intramural.clauses) - 1
    assert "option target" in data["rows"][0]["clauses"][0]["a"]["text"]
    assert data["rows"][1]["clauses"][0]["a"]["rule"] == {"default": 500, "type": "integer", "values": [500, 300]}


def test_diff_text_and_json_from_the_command_line() -> None:
    text, code = run("diff", CLUB, "spades/intramural")
    assert code == 1  # they differ, as diff(1) says
    assert "Game end\n  game_end.target\n" in text
    agree = len(load("spades/intramural").clauses) - 1
    assert text.rstrip().endswith(f"2 clauses differ, {agree} agree.")
    raw, code = run("diff", CLUB, "spades/intramural", "--format", "json")
    assert code == 1
    assert json.loads(raw) == spec_diff.as_dict(load(CLUB), load("spades/intramural"))
    same, code = run("diff", "spades/intramural", "spades/intramural")
    assert code == 0 and same.rstrip().endswith("No rule differs.")


def test_diff_of_two_games_compares_what_they_share() -> None:
    # Spades has no tiles and All Fives no deck: the table said "Not stated: the referee's default applies" of
    # each, some forty times. Shared: who plays (4 players v 2 to 4; partners opposite v every one for
    # themselves: "Every one for themselves"), and the end (500 v "The score of 150 points is considered a
    # game"; intramural plays a tie on, All Fives states no tie rule, and the referee's default is known).
    a, b = load("spades/intramural"), load("dominoes/all-fives")
    data = spec_diff.as_dict(a, b)
    compared = [c["clause"] for row in data["rows"] for c in row["clauses"]]
    assert compared == ["players.seats", "players.sides", "game_end.target", "game_end.tie"]
    everything = [line for _, _, lines in spec_diff.differing(table([a, b])) for line in lines]
    assert data["left_out"] == len(everything) - 4 > 30
    assert (data["a"]["family"], data["b"]["family"]) == ("spades", "dominoes")
    text, code = run("diff", "spades/intramural", "dominoes/all-fives")
    assert code == 1  # two games never state every rule alike
    assert "A is a Spades rule set and B a Dominoes one: different games." in " ".join(text.split())
    assert f"{data['left_out']} clauses of one game alone are left out." in " ".join(text.split())
    assert "the referee's default applies" not in text
    assert text.rstrip().endswith("4 clauses differ, 1 agrees.")  # players.turn: clockwise in both
    # within one family nothing is left out, a clause one spec lacks included
    assert spec_diff.as_dict(load("spades/intramural"), load("spades/solo"))["left_out"] == 0


def test_diff_of_an_unknown_spec_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    _, code = run("diff", "spades/nope", "spades/intramural")
    assert code == 2
    assert "unknown rule spec 'spades/nope'" in capsys.readouterr().err


def test_diff_is_the_table_of_two() -> None:
    # Every line the table of the two marks as differing is in the diff, and no other.
    a, b = load("spades/intramural"), load("spades/solo")
    marked = {line.clause for row in table([a, b]).rows for line in row.lines if line.differs}
    listed = {c["clause"] for row in spec_diff.as_dict(a, b)["rows"] for c in row["clauses"]}
    assert marked == listed and len(marked) > 5


def test_source_sentences_keep_their_closing_bracket_and_headings() -> None:
    found = {s.text: s for s in sentences(INTRAMURAL_DOC, bundled())}
    assert "(A side may have a negative score.)" in found
    assert found["SPADES RULES"].heading and found["1. Dealing"].heading
    assert found["OFFICE OF INTRAMURAL, RECREATION, AND SPORT CLUBS"].heading


def test_every_sentence_of_the_intramural_part_is_accounted_for() -> None:
    rows = sentences(INTRAMURAL_DOC, bundled())
    start = next(s for s in rows if s.text == "SPADES RULES").start
    end = next(s for s in rows if s.text == "HEARTS RULES").start
    part = [s for s in rows if start < s.start < end and not s.heading]
    assert len(part) == 22
    assert all(s.covered for s in part)
    follow = next(s for s in part if s.text == "A player must follow suit, if able.")
    assert ("spades/intramural", "play.follow") in {(r.spec_id, r.clause) for r in follow.refs}
    assert follow.kinds == ("reading",)  # the clause quoting it takes a reading (what may be played when void)


def _cited_documents() -> list[Path]:
    """The source documents and the documents a bundled spec cites (a club's own sheet beside its spec)."""
    cited = {spec.document_path for spec in bundled() if spec.document_path is not None}
    return sorted({*documents(), *(path.resolve() for path in cited)})


@pytest.mark.parametrize("document", _cited_documents(), ids=lambda p: p.name)
def test_every_sentence_of_every_source_document_is_accounted_for(document: Path) -> None:
    """Each sentence stands in some clause's quote (a rule, a reading, an option, or one marked not checkable
    from a record, with why), headings aside: the per-spec check sees only a spec's own part of its document."""
    assert [f"{s.anchor}: {s.text}" for s in unaccounted(document, bundled())] == []


def test_a_sentence_no_spec_quotes_is_flagged() -> None:
    rows = unaccounted(INTRAMURAL_DOC, ())
    assert "A player must follow suit, if able." in {s.text for s in rows}


def test_a_clause_links_back_to_the_sentences_it_quotes() -> None:
    found = anchors(INTRAMURAL_DOC, bundled(), "spades/intramural", "play.follow")
    rows = {s.anchor: s.text for s in sentences(INTRAMURAL_DOC, bundled())}
    assert [rows[a] for a in found] == ["A player must follow suit, if able."]


def test_pages_are_byte_identical_from_the_same_specs() -> None:
    specs = bundled()
    for family, members in families(specs).items():
        assert compare_pages.markdown(family, members, plain_link) == compare_pages.markdown(
            family, list(members), plain_link
        )
    for path in documents():
        assert source_pages.markdown(path, specs, plain_link) == source_pages.markdown(path, specs, plain_link)


def test_each_comparison_link_names_a_clause_on_its_rulebook_page() -> None:
    specs = bundled()
    pages = {spec.id: rulebook_markdown(spec) for spec in specs}
    for family, members in families(specs).items():
        page = compare_pages.markdown(family, members, plain_link)
        links = re.findall(r'href="/rules/([^"#]+)/#([^"]+)"', page)
        assert len(links) >= sum(len(spec.clauses) for spec in members)
        for spec_id, clause in links:
            assert f"{{ #{clause} }}" in pages[spec_id], (spec_id, clause)


def test_every_document_has_a_source_page() -> None:
    assert len(documents()) == 5
    page = source_pages.markdown(INTRAMURAL_DOC, bundled(), plain_link)
    assert 'id="s16"' in page and "/rules/spades/intramural/#play.follow" in page


OVERTRICKS = "examples/club/overtricks.yaml"
MAPLE = "examples/club/club.yaml"


def compared(*rules: str) -> dict:  # type: ignore[type-arg]
    from referee.gamelog import iter_games

    (game,) = list(iter_games(ROOT / OVERTRICKS))
    assert not isinstance(game, Exception)
    return game_compare.run([load(r) for r in rules], game)


def test_compare_finds_the_hand_the_bags_rule_changes() -> None:
    data = compared("spades/intramural", MAPLE)
    # Hand 3: We bid 5 and take 9 (54 by both sheets), and the overtricks reach 4 + 3 + 4 = 11, so the
    # club's rule takes 100: 54 - 100 = -46. Hands 1, 2, 4 and 5 score alike (no new tenth overtrick).
    assert [h["hand"] for h in data["hands"]] == [3]
    (hand,) = data["hands"]
    assert hand["by_rules"]["spades/intramural"]["points"] == {"We": 54, "They": 40}
    assert hand["by_rules"]["club/maple-street"]["points"] == {"We": -46, "They": 40}
    # The table wrote the club's score (41 after three hands), so only the intramural audit finds a slip.
    assert [v["code"] for v in hand["by_rules"]["spades/intramural"]["violations"]] == ["score_mismatch"]
    assert hand["by_rules"]["club/maple-street"]["violations"] == []
    assert [c["clause"] for c in hand["clauses"]] == ["scoring.bags"]
    assert "No sandbag penalty" in hand["clauses"][0]["by_rules"]["spades/intramural"]
    assert "reach 10, it scores -100" in hand["clauses"][0]["by_rules"]["club/maple-street"]
    # 5 hands: They 50 + 60 + 40 + 70 + 81 = 301 under both; We 141 by the club, 241 by the intramural sheet.
    winners = {v["rules"]: (v["totals"], v["winner"]) for v in data["verdicts"]}
    assert winners["club/maple-street"] == ({"We": 141, "They": 301}, "They")
    assert winners["spades/intramural"] == ({"We": 241, "They": 301}, None)


def test_compare_of_a_spec_with_itself_finds_nothing() -> None:
    data = compared("spades/intramural", "spades/intramural")
    assert data["hands"] == [] and not game_compare.differs(data)
    assert "agree on every hand" in game_compare.text(data)


def test_compare_names_a_spec_the_game_cannot_be_audited_under() -> None:
    data = compared("spades/intramural", "spades/six-player")
    (six,) = [v for v in data["verdicts"] if v["rules"] == "spades/six-player"]
    assert six["status"] == "not_audited" and "6 players" in six["error"]
    assert game_compare.differs(data)


def test_compare_from_the_command_line() -> None:
    text, code = run("compare", OVERTRICKS, "--rules", "spades/intramural", MAPLE)
    assert code == 1 and "  Hand 3\n" in text and "why: scoring.bags" in text
    raw, code = run("compare", OVERTRICKS, "--rules", "spades/intramural", MAPLE, "--format", "json")
    data = json.loads(raw)
    assert code == 1 and data == {**compared("spades/intramural", MAPLE), "file": OVERTRICKS}
    _, code = run("compare", OVERTRICKS, "--rules", "spades/intramural", "spades/intramural")
    assert code == 0


def test_compare_says_why_the_results_differ_where_every_hand_agrees() -> None:
    # examples/club/short-game.yaml under the club's game to 300 and the intramural 500: every hand scores alike
    # (We 71, 61, 80, 72, 41: 325; They 50, 51, 41, 40, 71: 253), so no hand differs, but We reach 300 in hand 5
    # and win by the club, while 325 is short of 500. compare said "The rule sets agree on every hand" with exit
    # 0, the two results side by side and no word of the target that parts them
    short = "examples/club/short-game.yaml"
    text, code = run("compare", short, "--rules", MAPLE, "spades/intramural")
    assert code == 1
    assert text.endswith(
        "  The rule sets agree on every hand: the same violations and the same scores.\n"
        "\n"
        "  Result\n"
        "    club/maple-street: We win\n"
        "    spades/intramural: not finished\n"
        "    why: game_end.target\n"
        "      club/maple-street: The game ends after the hand in which a side reaches 300 points. (Points:\n"
        "          the table's choice, option target.)\n"
        "      spades/intramural: The game ends after the hand in which a side reaches 500 points.\n"
    )
    raw, _ = run("compare", short, "--rules", MAPLE, "spades/intramural", "--format", "json")
    data = json.loads(raw)
    assert data["hands"] == [] and [c["clause"] for c in data["result_clauses"]] == ["game_end.target"]
    # the same result under both: no result clauses in the JSON
    assert compared("spades/intramural", "spades/intramural")["result_clauses"] == []


def test_compare_under_one_spec_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # it ran, and said "The rule sets agree on every hand: the same violations and the same scores" of one set
    text, code = run("compare", OVERTRICKS, "--rules", "spades/intramural")
    assert (text, code) == ("", 2)
    assert capsys.readouterr().err == (
        "referee: --rules spades/intramural: compare wants two or more specs, to set their verdicts side by side\n"
    )


def test_check_html_draws_each_trick_with_the_fault_outlined() -> None:
    page, code = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert code == 1
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    figures = re.findall(r'<figure class="trick" id="[^"]*-hand-1-trick-(\d+)">(.*?)</figure>', page)
    assert [int(n) for n, _ in figures] == list(range(1, 14))
    tricks = dict(figures)
    # Trick 1: Dan leads 2♠, Ann the little joker, Bob A♠, Cat 8♠: the jokers are the top spades, so Ann wins.
    assert re.search(r'class="card led"><title>Dan: 2♠ \(led\)', tricks["1"])
    assert re.search(r'class="card won"><title>Ann: LJ \(won the trick\)', tricks["1"])
    # Trick 3: Dan leads Q♣; Bob, holding 4♣, plays 8♥ (the renege, outlined); Dan's queen is the best club.
    assert re.search(r'class="card fault"><title>Bob: 8♥ \(at fault\)', tricks["3"])
    assert re.search(r'class="card led won"><title>Dan: Q♣ \(led, won the trick\)', tricks["3"])
    assert "<strong>renege</strong>" in tricks["3"] and "fault" not in tricks["2"]
    again, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert again == page  # the same game gives the same page, byte for byte


def test_a_rulebook_clause_links_to_its_sentence_on_the_source_page() -> None:
    page = rulebook_markdown(load("spades/intramural"))
    block = page[page.index("{ #play.follow }") :].split("\n### ", 1)[0]
    (anchor,) = anchors(INTRAMURAL_DOC, bundled(), "spades/intramural", "play.follow")
    assert f"(../../sources/001_3f218c6ee18e85e0.md#{anchor})" in block


def test_check_html_draws_the_domino_line_of_play() -> None:
    page, code = run("check", "--format", "html", "docs/examples/all-fives.yaml")
    assert code == 1 and "<script" not in page
    rows = re.findall(r'<svg class="line".*?</svg>', page)
    line = rows[0]
    # The log's plays: 6-6 opens (turn 1); on the left 6-4 (2), 4-4 (6), 4-2 (8), 2-1 (12), 1-0 (15); on the
    # right 6-3 (3), 3-0 (7), 0-0 (16). Drawn left to right, the left arm outermost first.
    turns = [int(n) for n in re.findall(r"<title>turn (\d+):", line)]
    assert turns == [15, 12, 8, 6, 2, 1, 3, 7, 16]
    # The spinner's arms: up 6-2 (4), 2-2 (9); down 6-1 (5), 1-1 (13); the table's 5 for 4-2 is the fault.
    assert [int(n) for n in re.findall(r"<title>turn (\d+):", rows[1])] == [4, 9]
    assert [int(n) for n in re.findall(r"<title>turn (\d+):", rows[2])] == [5, 13]
    assert re.search(r'class="tile fault"><title>turn 8: Bob plays 4-2', line)
    assert "left 0, right 0, up 2, down 1" in page


def test_compare_says_a_player_wins_and_a_side_win() -> None:
    from variants import simulated

    from referee.errors import Location
    from referee.gamelog import from_document

    solo = from_document(simulated(load("spades/solo"), 3), Location(file="<simulated>"))
    data = game_compare.run([load("spades/solo")], solo)
    (verdict,) = data["verdicts"]
    assert verdict["winner"] in solo.players  # four each for self: the winner is one player
    assert verdict["result"] == f"{verdict['winner']} wins"
    assert f"; {verdict['winner']} wins\n" in game_compare.text(data)
    club = compared(MAPLE)["verdicts"][0]  # We and They, two a side; They reach 300 (the docs' session)
    assert club["result"] == "They win"


def test_source_page_marks_each_clause_by_its_kind_beside_the_link() -> None:
    page = source_pages.markdown(INTRAMURAL_DOC, bundled(), plain_link)
    rows = dict(re.findall(r'<tr id="(s\d+)" class="sentence[^"]*">(.*?)</tr>', page))
    follow = rows["s16"]  # "A player must follow suit, if able.": play.follow takes a reading (a void player)
    assert (
        '<span class="mk mk-reading" title="reading">◆</span><a href="/rules/spades/intramural/#play.follow">' in follow
    )
    winner = next(row for row in rows.values() if "A trick is won by the highest trump played" in row)
    assert 'title="rule">●</span><a href="/rules/spades/intramural/#play.trick_winner">' in winner
    assert "mark-none" not in page and "Marked as" not in page  # every sentence accounted for; no badge column
    assert all(f'title="{label}"' in page for label in ("rule", "reading", "not checkable"))  # the legend at least
    bare = source_pages.markdown(INTRAMURAL_DOC, (), plain_link)
    assert bare.count("accounted for by nothing") > 20  # with no spec, every sentence is flagged in its cell


def test_the_misdeal_of_a_double_deck_is_not_said_to_deal_each_card_once() -> None:
    # six-player's deck holds each card twice (but the two of clubs): a deal of each card once would be a misdeal
    lines = {
        line.clause: line
        for row in table([load("spades/ihop-silver"), load("spades/six-player")]).rows
        for line in row.lines
    }
    said = [cell.text for cell in lines["deal.misdeal"].cells if cell is not None]
    assert len(said) == 2
    assert all("once" not in text and "as often as the deck holds it" in text for text in said), said


def test_the_clock_is_said_as_the_tournament_plays_it() -> None:
    # "If a hand is in progress at "stop" time, it will be played out": no more hand after it but on a tie
    lines = {line.clause: line for row in table([load("spades/tournament-jjdd")]).rows for line in row.lines}
    (entry,) = lines["game_end.clock"].cells
    assert entry is not None
    assert "When time is called, 1 more hand is played" not in entry.text
    assert "the hand in progress is played out" in entry.text and "A tie plays 1 more hand" in entry.text


@pytest.mark.parametrize("spec_id", ["spades/solo", "spades/three-player"])
def test_the_bidding_of_a_game_without_partners_names_no_partners(spec_id: str) -> None:
    lines = {line.clause: line for row in table([load(spec_id)]).rows for line in row.lines}
    (entry,) = lines["bidding.order"].cells
    assert entry is not None and "Each player bids on their own" in entry.text
    assert "partners' bids are added" not in entry.text


def test_compare_says_where_a_record_stops_short() -> None:
    # docs/examples/truncated.yaml stops in hand 1's fifth trick: not scored under either spec, the record incomplete
    from referee.gamelog import iter_games

    (game,) = list(iter_games(ROOT / "docs/examples/truncated.yaml"))
    assert not isinstance(game, Exception)
    data = game_compare.run([load("spades/intramural"), load("spades/house")], game)
    said = game_compare.text(data)
    assert "points Ann & Cat 0" not in said
    assert said.count("points not scored") == 2
    assert " ".join(said.split()).count("not finished; the record is incomplete") == 2


def test_a_game_for_a_range_of_players_is_not_said_to_be_for_one_count() -> None:
    lines = {line.clause: line for row in table([load("hearts/intramural")]).rows for line in row.lines}
    (entry,) = lines["players.seats"].cells
    assert entry is not None
    assert "The game is for 4 players" not in entry.text
    assert entry.text.startswith("The game may be played by 3, 4, 5, 6 or 7 players")


def test_a_rule_an_option_s_map_sets_says_so_beside_a_rule_alike_in_words() -> None:
    # three-player's deck adds the jokers as its option pack maps (add: {option: pack, map: ...}); both lines read
    # "Deck: the standard 52-card pack (52 cards).", solo's and three-player's, yet were marked as differing
    diff = spec_diff.as_dict(load("spades/solo"), load("spades/three-player"))
    lines = {c["clause"]: c for row in diff["rows"] for c in row["clauses"]}
    deck = lines["deck.cards"]
    assert deck["a"]["text"] == "Deck: the standard 52-card pack (52 cards)."
    assert deck["b"]["text"] == "Deck: the standard 52-card pack (52 cards). (Add: the table's choice, option pack.)"
