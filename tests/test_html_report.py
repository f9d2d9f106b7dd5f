"""``referee check --format html``: the games it could not read, and the rules a game was played under."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
import yaml

from referee.cli import main
from referee.spec import load
from referee.tricks.simulate import simulate_game


def run(*argv: str) -> tuple[str, int]:
    out = io.StringIO()
    code = main(list(argv), out)
    return out.getvalue(), code


def test_a_game_that_cannot_be_read_has_its_section_with_the_located_message() -> None:
    page, code = run("check", "--format", "html", "docs/examples/renege.yaml", "docs/examples/typo.yaml")
    assert code == 2  # typo.yaml writes the ten of hearts as 1OH
    assert page.index('class="game"') < page.index('id="unreadable"')  # the games read, then those that were not
    section = page[page.index('id="unreadable"') :]
    (message,) = re.findall(r"<li><code>(.*?)</code></li>", section)
    assert message.startswith("referee: docs/examples/typo.yaml:10, hand 1, trick 2, seat Dan, at $.hands[0]")
    assert "unknown card &#x27;1OH&#x27;" in message
    clean, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert 'id="unreadable"' not in clean


def test_a_game_is_drawn_by_the_rules_its_header_chooses(tmp_path: Path) -> None:
    # Three-handed Spades with the jokers (option pack=jokers): the big and little jokers are the top two spades,
    # so a trick with a joker in it is won by the (higher) joker. The spec's default pack has no jokers.
    game = simulate_game(
        load("spades/three-player").with_options({"pack": "jokers"}),
        random.Random(5),
        players=("North", "East", "South"),
    )
    assert dict(game["game"]["options"]) == {"pack": "jokers"}
    game["hands"] = game["hands"][:1]
    path = tmp_path / "three.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    page, _ = run("check", "--format", "html", str(path))
    with_jokers = [
        (number, trick)
        for number, trick in enumerate(game["hands"][0]["tricks"], 1)
        if {"BJ", "LJ"} & {card for play in trick for card in play.values()}
    ]
    assert with_jokers
    for number, trick in with_jokers:
        cards = {card: seat for play in trick for seat, card in play.items()}
        top = "BJ" if "BJ" in cards else "LJ"
        figure = re.search(rf'id="[^"]*-hand-1-trick-{number}">(.*?)</figure>', page)
        assert figure is not None
        assert re.search(rf'class="card[a-z ]* won"><title>{cards[top]}: {top} \(', figure.group(1)), (number, trick)


def test_the_score_sheet_has_a_bid_column_only_where_the_game_has_bids() -> None:
    dominoes, _ = run("check", "--format", "html", "docs/examples/all-fives.yaml")
    sheet = re.search(r'<table class="sheet">.*?</table>', dominoes)
    assert sheet is not None and "<th>bid</th>" not in sheet.group(0)
    assert sheet.group(0).count("<th>points</th><th>total</th>") == 2  # Ann's and Bob's, with no bid before them
    spades, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert spades.count("<th>bid</th>") == 2  # one a side


def test_a_page_of_several_files_holds_each_id_once_and_each_link_leads_to_its_own_game() -> None:
    # every file's first game was g1: the second file's score sheet linked to the first file's hands
    page, _ = run(
        "check", "--format", "html", "docs/examples/renege.yaml", "examples/spades/intramural/clean-game.yaml"
    )
    ids = re.findall(r' id="([^"]*)"', page)
    assert len(ids) == len(set(ids))
    sections = re.findall(r'<section class="game" id="([^"]*)">(.*?)</section>', page, re.S)
    assert len(sections) == 2
    for key, section in sections:
        links = re.findall(r'href="#([^"]*)"', section)
        assert links and all(link.startswith(f"{key}-hand-") and f'id="{link}"' in section for link in links)


def test_a_game_without_partners_names_its_players_not_sides() -> None:
    # All Fives, Ann against Bob: "Sides: Ann v Bob."; a partnership game keeps its sides
    page, _ = run("check", "--format", "html", "docs/examples/all-fives.yaml")
    assert (
        "<p>Rules: Dominoes, All Fives (house rules) (<code>dominoes/all-fives</code>). Players: Ann v Bob.</p>" in page
    )
    page, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert "Sides: Ann &amp; Cat v Bob &amp; Dan.</p>" in page


def test_the_page_gives_the_verdict_and_result_in_the_text_reports_words() -> None:
    # renege.yaml: Bob reneged and the table wrote 50 for Ann & Cat, whose 5 bid and 7 books make 52 (50 + 2
    # overtricks); Bob & Dan bid 7, took 6: -70. The page said "2 error(s), 0 warning(s): violations", the status
    # code, gave no result, and left out the books the text report shows
    page, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert '<p class="verdict violations">2 errors, 0 warnings: violations found.</p>' in page
    assert '<p class="result">Result: the game is not finished (Ann &amp; Cat 52, Bob &amp; Dan -70).</p>' in page
    assert "<tr><th>bid</th><th>books</th><th>points</th><th>total</th><th>bid</th><th>books</th>" in page
    assert "<td>5</td><td>7</td><td>52</td><td>52</td><td>7</td><td>6</td><td>-70</td><td>-70</td>" in page
    # All Fives: Bob is left holding 5-3, 5-4, 4-3 and the 5-5 he drew, 8 + 9 + 7 + 10 = 34 spots; Ann went out
    page, _ = run("check", "--format", "html", "docs/examples/all-fives.yaml")
    assert "<th>points</th><th>total</th><th>spots</th>" in page
    assert "<td>45</td><td>45</td><td>0</td><td>0</td><td>0</td><td>34</td>" in page


def test_the_names_at_the_sides_of_a_trick_are_written_along_its_edges() -> None:
    # a name was centred on a point 12 pixels from the picture's edge: "James" and "Robert" were cut to "ames" and
    # "Rober"; the left and right seats' names now run along the edge, the top and bottom ones across
    from referee.tricks.picture import trick_svg

    svg = trick_svg(("Maria", "James", "Linda", "Robert"), [], None, set())
    found = re.findall(r'<text class="seat" [^>]*?(?: transform="rotate\((-?\d+) [^"]*")?>(\w+)</text>', svg)
    assert {name: turn for turn, name in found} == {"Maria": "", "James": "-90", "Linda": "", "Robert": "90"}


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_no_two_cards_of_a_trick_overlap_whatever_the_table(seats: int) -> None:
    # at six seats (spades/six-player) the cards were set on the circle drawn for four: the two at each side stood
    # 47 pixels apart, a card being 52 tall, so the upper one lost its lower third and a winner there its "won"
    # mark under the card below; Hearts for seven was worse
    from referee.tricks.picture import trick_svg

    names = tuple(f"Player {n}" for n in range(1, seats + 1))
    plays = [(seat, seat) for seat in range(seats)]
    svg = trick_svg(names, plays, 1, set())
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    cards = [
        (float(x), float(y))
        for x, y in re.findall(r'<g class="card[^"]*"><title>[^<]*</title><rect x="([\d.]+)" y="([\d.]+)"', svg)
    ]
    assert len(cards) == seats
    for i, (ax, ay) in enumerate(cards):
        assert ax > 0 and ax + 38 < size and ay > 12 and ay + 52 + 12 < size  # the card and its marks inside
        for bx, by in cards[i + 1 :]:
            # side by side, or one above the other with room for a "won" under the upper and a "led" over the lower
            assert abs(ax - bx) >= 38 or abs(ay - by) >= 52 + 12, (seats, (ax, ay), (bx, by))
    names_at = [(float(x), float(y)) for x, y in re.findall(r'<text class="seat" x="([\d.]+)" y="([\d.]+)"', svg)]
    for x, y in names_at:  # each name on the picture's edge, 12 pixels in (its baseline 4 lower), over no card
        assert min(x, size - x) == pytest.approx(12) or min(y - 4, size - y + 4) == pytest.approx(12)
        assert not any(cx - 2 < x < cx + 40 and cy - 2 < y - 4 < cy + 54 for cx, cy in cards)


def test_a_trick_s_figure_sized_by_its_picture_keeps_the_picture_whole() -> None:
    # a figure as wide as its content ('min-content', for the wider pictures of six seats) with a page's style that
    # fits an SVG to its box ('max-width: 100%', the docs' theme) shrank every picture of the docs' pictures of play
    # to a dot (seen in chromium): the picture's own rule undoes the fitting
    from referee.html_report import STYLE

    rules = dict(re.findall(r"^(\.referee-report [^{]+?) \{ ([^}]*) \}", STYLE, re.MULTILINE))
    assert "width: min-content" in rules[".referee-report figure.trick"]
    assert rules[".referee-report figure.trick svg"] == "max-width: none;"


def test_a_renege_names_the_clause_that_charged_it_and_a_free_one_names_none(tmp_path: Path) -> None:
    # house rules: Bob's and Cat's reneges on trick 3 each cost their team 3 books (penalties.renege: "If a player
    # reneges they lose 3 books"): each, noted under its trick's picture, names that clause beside the rule broken;
    # intramural Spades charges a renege nothing
    case = yaml.safe_load(Path("tests/conformance/bad/house_both_teams_renege.yaml").read_text(encoding="utf-8"))
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(case["log"]), encoding="utf-8")
    page, _ = run("check", "--format", "html", "--rules", case["rules"], str(path))
    reneges = re.findall(r'<li class="error"><strong>renege</strong>(.*?)</li>', page)
    assert len(reneges) == 2
    named = '<span class="rule">rule play.follow</span> <span class="rule">penalty penalties.renege</span>'
    assert all(item.endswith(named) for item in reneges)
    free, _ = run("check", "--format", "html", "docs/examples/renege.yaml")
    assert "<strong>renege</strong>" in free and "penalty" not in free
