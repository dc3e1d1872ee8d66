"""The glossary: one list of terms, each marked once per page where it first appears."""

import doctest
import re
from html import unescape

import pytest

import spar_tutor.render.glossary as glossary_module
from spar_tutor.render.glossary import GLOSSARY, TERMS, glossary_html, glossary_list_html
from spar_tutor.render.text import card_symbols, cardify, md

ISSUE_TERMS = {"trick", "lead", "follow", "renege", "void", "stock", "live", "dry", "wet",
               "offside", "under ten", "hand", "match", "target", "safe", "guard"}


def marked(html):
    """The words marked as terms, in order."""
    return [unescape(re.sub(r"<[^>]+>", "", w))
            for w in re.findall(r'<span class="spar-term"[^>]*>(.*?)</span>', html)]


def visible(html):
    """The text of the page (a definition is drawn by CSS, no text of the page)."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_the_doctests_pass():
    assert doctest.testmod(glossary_module).failed == 0


def test_every_term_of_the_game_has_a_short_plain_definition():
    assert {t.word for t in GLOSSARY} == ISSUE_TERMS
    assert len(TERMS) == len(GLOSSARY)
    for term in GLOSSARY:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", term.definition) if s]
        assert 1 <= len(sentences) <= 3, term.word
        assert all(len(s.split()) <= 22 for s in sentences), term.word
        assert not re.search(r"\bseat\s*\d|\b(10|[2-9TJQKA])[SHDC]\b|solver", term.definition)


def test_first_occurrence_is_marked_once_and_later_ones_are_left_alone():
    html = "<p>A trick has one card each. The next trick is led by the winner. Tricks go on.</p>"
    out = glossary_html(html)
    assert marked(out) == ["trick", "led"]
    assert out.count('class="spar-term"') == 2
    assert visible(out) == visible(html)


def test_the_same_page_shares_what_it_has_marked():
    seen = set()
    first = glossary_html("<p>Follow suit if you can.</p>", seen)
    second = glossary_html("<p>You must follow suit, or renege.</p>", seen)
    assert marked(first) == ["Follow suit"]
    assert marked(second) == ["renege"]
    assert seen == {"follow", "renege"}


def test_the_definition_is_attached_for_eyes_and_screen_readers():
    out = glossary_html("<p>Your dry is live.</p>")
    for key in ("dry", "live"):
        tag = re.search(rf'<span class="spar-term"[^>]*data-term="{key}"[^>]*>', out).group(0)
        said = f"{TERMS[key].word}: {TERMS[key].definition}"
        assert unescape(re.search(r'data-def="([^"]*)"', tag).group(1)) == said
        assert unescape(re.search(r'aria-description="([^"]*)"', tag).group(1)) == said
        assert 'tabindex="0"' in tag and 'role="term"' in tag
    assert visible(out) == "Your dry is live."


def test_the_definition_shows_on_hover_and_on_focus():
    from spar_tutor.render.glossary import CSS

    shown = re.search(r"([^{}]*)\{display: block;\}", CSS).group(1)
    assert ".spar-term:hover::after" in shown and ".spar-term:focus::after" in shown
    assert "content: attr(data-def)" in CSS


@pytest.mark.parametrize("html", [
    "<h4>The last trick</h4>",
    '<a href="#">trick</a>',
    "<button>Lead</button>",
    '<svg><text>hand</text></svg>',
    '<span class="sp-c" title="six of hearts">6♥</span>',
    '<table><tr><th>hand</th></tr></table>',
])
def test_headings_links_buttons_pictures_and_tags_are_left_alone(html):
    assert glossary_html(html) == html


def test_text_after_a_skipped_element_is_marked_again():
    out = glossary_html("<h4>The last trick</h4><p>Only the last trick scores.</p>")
    assert out.startswith("<h4>The last trick</h4>") and marked(out) == ["trick"]


def test_words_that_only_contain_a_term_are_not_marked():
    assert marked(glossary_html("<p>handy, leaderboard? no: mismatch, stocks, lively</p>")) \
        == []


def test_phrases_and_forms_map_to_their_term():
    seen = set()
    glossary_html("<p>He reneged, then under  ten, hands, followed.</p>", seen)
    assert seen == {"renege", "under_ten", "hand", "follow"}


def test_rules_page_list_has_every_term():
    html = glossary_list_html()
    assert html.count("<dt>") == len(GLOSSARY)
    for term in GLOSSARY:
        assert f"<dt>{term.word}</dt>" in html and term.definition in unescape(html)


def test_markdown_then_glossary_keeps_cards():
    out = glossary_html(md("Ama **led** 9H and you follow with KH."))
    assert "9♥" in visible(out) and "K♥" in visible(out)
    assert marked(out) == ["led", "follow"]


@pytest.mark.parametrize("code, shown", [("TD", "10♦"), ("10C", "10♣"), ("6S", "6♠"),
                                          ("AH", "A♥"), ("3C", "3♣"), ("KS", "K♠")])
def test_cards_are_shown_with_their_symbols_and_ten_as_10(code, shown):
    assert shown in cardify(f"Play {code}.") and "T" not in visible(cardify(f"({code})"))
    assert card_symbols(f"{code} then") == f"{shown} then"


def test_words_that_look_like_codes_inside_words_are_left_alone():
    assert cardify("ASK KHAN 6Sx x6S") == "ASK KHAN 6Sx x6S"
