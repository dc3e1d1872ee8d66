"""The rules reference is generated from the engine's presets and scoring tables."""

import re
from html import unescape

import pytest

from spar_tutor.app.pages.rules import RulesPage
from spar_tutor.app.pages.rules_tables import (
    hand_text, house_rules_table, pack_text, presets_table, scoring_html,
)
from spar_tutor.app.pages.rules_text import HOUSE_RULES, SCORING_NOTES
from spar_tutor.app.route import Route
from spar_tutor.engine.rules import PRESETS, SCORING_SYSTEMS, Rules
from spar_tutor.engine.scoring import scoring_table


def rows(html):
    """The table's body rows as lists of cell texts."""
    body = html.split("<tbody>")[1]
    return [[unescape(re.sub("<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
            for tr in re.findall(r"<tr>(.*?)</tr>", body)]


def test_every_preset_and_scoring_system_has_words():
    assert all(p.label and p.where and p.description for p in PRESETS.values())
    assert set(SCORING_NOTES) == set(SCORING_SYSTEMS)


def test_presets_table_has_one_row_per_preset_from_the_engine():
    table = rows(presets_table())
    assert [r[0] for r in table] == [p.title for p in PRESETS.values()]
    for name, row in zip(PRESETS, table):
        rules = Rules.preset(name)
        assert row[1] == pack_text(rules) and row[1].startswith(f"{rules.deck_size} cards")
        assert row[2] == hand_text(rules)
        assert row[3] == f"{rules.min_players} to {rules.max_players}"
        assert row[5] == str(rules.max_hand_score())
        assert row[6] == str(rules.target)


@pytest.mark.parametrize("name", list(PRESETS))
def test_scoring_table_matches_the_engine(name):
    table = rows(scoring_html(name))
    expected = scoring_table(Rules.preset(name))
    assert [int(r[1]) for r in table] == [points for _, points in expected]
    assert [r[0].lower() for r in table] == [what.lower() for what, _ in expected]


def test_house_rules_say_where_they_are_played():
    table = {r[0]: r[2] for r in rows(house_rules_table())}
    for option, (title, _) in HOUSE_RULES.items():
        users = [n for n in PRESETS if getattr(Rules.preset(n), option)]
        for n in users:
            assert PRESETS[n].label in table[title]


def test_pack_words():
    assert pack_text(Rules.preset("ace_of_spades")) == "36 cards: 6 to ace"
    assert pack_text(Rules.preset("jeu_de_carte")) == "31 cards: 7 to ace, without the ace of spades"


def test_page_follows_a_preset_link_and_ignores_others():
    page = RulesPage(app=type("A", (), {"say": print})())
    page.show_route(Route(page="rules", preset="agram"))
    assert "Agram" in page.scoring.value
    page.show_route(Route(page="rules", preset="nonsense"))
    assert page.preset.value == "agram"


def page_html(page):
    """Every HTML piece of the Rules page, in order."""
    return "".join(c.value for c in page.children if hasattr(c, "value") and isinstance(c.value, str))


def page_text(page):
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page_html(page))).split())


def test_the_rules_page_says_what_the_rules_say():
    page = RulesPage(app=type("A", (), {"say": print})())
    page.preset.value = "ghana_table"
    text = page_text(page)
    assert "renege is against the rules" in text
    assert "lets you try a renege, so that you can see what happens" in text
    offside = HOUSE_RULES["offside"][1]
    for fact in ("-3", "nobody else scores", "the same dealer deals again",
                 "pay each other player 3 stakes"):
        assert fact in offside
    assert "counts double only when it is live" in HOUSE_RULES["dry_wet"][1]
    assert "easy" not in SCORING_NOTES["spar"] and "An 8 beats only the 6 and the 7" in \
        SCORING_NOTES["spar"]
    table = [r[0] for r in rows(page.scoring.value)]
    assert any("the same player wins the last two tricks" in r.lower() for r in table)
    assert any("your own live dry and wet" in r for r in table)
    assert not re.search(r"\bseat\s*\d", text, re.I)


def test_every_word_of_the_game_is_on_the_rules_page_and_marked_once():
    from spar_tutor.render.glossary import terms_in_language

    page = RulesPage(app=type("A", (), {"say": print})())
    html = page_html(page)
    for term in terms_in_language():
        assert f"<dt>{term.word}</dt>" in html
    for preset in PRESETS:
        page.preset.value = preset
        keys = re.findall(r'class="spar-term"[^>]*data-term="([a-z_]+)"', page_html(page))
        assert len(keys) == len(set(keys)), preset
        assert {"trick", "lead", "follow", "renege", "match", "target"} <= set(keys)
