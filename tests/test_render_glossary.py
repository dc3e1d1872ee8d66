"""The glossary: one list of terms, each marked once per page where it first appears."""

import doctest
import re
from html import unescape

import pytest

import spar_tutor.render.glossary as glossary_module
from spar_tutor import i18n
from spar_tutor.render.glossary import (GLOSSARY, TABLES_DIR, TERMS, GlossaryTableError,
                                        glossary_html, glossary_list_html, read_table, table,
                                        terms_in_language)
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
    assert {t.word for t in terms_in_language()} == ISSUE_TERMS
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
    assert html.count("<dt>") == len(ISSUE_TERMS)
    for term in terms_in_language():
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


# --- each language's table of forms (spar_tutor/i18n/glossary/<language>.toml) ---


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_every_language_has_a_table_of_the_glossarys_terms():
    for lang in i18n.available_languages():
        assert (TABLES_DIR / f"{lang}.toml").exists(), lang
        found = table(lang)
        assert set(found.forms) <= set(TERMS), lang
        assert len(found.forms) >= len(ISSUE_TERMS), lang
    # English says "hand" for a deal too; French has a word of its own, "donne"
    assert "deal" not in table("en").forms and table("fr").forms["deal"] == ("donne", "donnes")


@pytest.mark.parametrize("toml, said", [
    ('[hand]\nforms = ["hand"]\n[tirck]\nforms = ["trick"]\n', "x.toml: [tirck] is not a term"),
    ('[hand]\nforms = []\n', "x.toml: [hand] needs forms"),
    ('[hand]\nforms = ["main"]\n[trick]\nforms = ["Main"]\n',
     "x.toml: the form 'Main' is given to [hand] and to [trick]"),
    ('[language]\nterm_and_meaning = "{term}"\n', "term_and_meaning needs {term} and {meaning}"),
    ('[hand\nforms = 1', "x.toml: "),
])
def test_a_broken_table_is_refused_with_its_file_and_term(tmp_path, toml, said):
    path = tmp_path / "x.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(GlossaryTableError) as e:
        read_table(path)
    assert said in str(e.value) and "\n" not in str(e.value)


def test_a_form_inside_a_phrase_of_another_meaning_is_not_marked():
    assert marked(glossary_html("<p>If an opponent matches it, the match goes on.</p>")) \
        == ["match"]
    assert marked(glossary_html("<p>On the other hand, your hand is good.</p>")) == ["hand"]


@pytest.mark.parametrize("html, words", [
    # lesson 1, step 1: a part of a pack, not a match
    ("<p>Spar se joue avec une partie d'un paquet de cartes.</p>", []),
    ("<p>Spar fait partie d'une famille de jeux.</p>", []),
    # lesson 7: the dry card has gone; then a match is a match
    ("<p>Ta carte sèche est partie tôt. Tu gagnes la partie.</p>", ["sèche", "partie"]),
    # the verb "donner", then a deal
    ("<p>6♦ donne le pli 4 à Akua. Cette donne est finie.</p>", ["pli", "donne"]),
    ("<p>La carte du dessous donne un indice.</p>", []),
    # "jeu": the cards you hold, never the game
    ("<p>Le Spar est un jeu de cartes. Regarde ton jeu.</p>", ["ton jeu"]),
    ("<p>Kofi est hors-jeu.</p>", ["hors-jeu"]),
])
def test_french_terms_are_found_by_meaning_not_by_spelling(french, html, words):
    assert marked(glossary_html(html)) == words


def test_french_joins_a_term_and_its_meaning_with_its_own_colon(french):
    out = glossary_html("<p>Le premier pli.</p>")
    said = unescape(re.search(r'data-def="([^"]*)"', out).group(1))
    assert said.startswith("pli\u00a0: une carte de chaque joueur")
    assert "pli: " not in said and "pli : " not in said


def test_the_french_rules_list_has_the_donne_and_the_jeu(french):
    html = unescape(glossary_list_html())
    assert "<dt>donne</dt>" in html and "<dt>jeu</dt>" in html
    assert html.count("<dt>") == len(ISSUE_TERMS) + 1


#: Phrases of the lessons where a word spelt like a term means something else, in each
#: language: each is found in a lesson, and never marked there.
OTHER_MEANINGS = {
    "en": ["opponent matches it"],
    "fr": ["partie d'un paquet", "fait partie d'une famille", "sèche est partie",
           "sont parties", "donne un indice", "cet outil en donne", "jeux de cartes"],
}


def lesson_sentences():
    """Every text of every lesson a learner reads, in the current language (the lessons
    load in it)."""
    from spar_tutor.lessons import load_all

    for lesson in load_all():
        for step in lesson.steps:
            for text in (step.title, step.text, step.prompt, step.hint, step.right,
                         *step.wrong.values()):
                if text:
                    yield text


def marked_spans(html):
    """The page's text, and where in it each marked word is."""
    flagged = re.sub(r'<span class="spar-term"[^>]*>(.*?)</span>', "\x01\\1\x02", html)
    text, spans, start = "", [], 0
    for ch in visible(flagged):
        if ch == "\x01":
            start = len(text)
        elif ch == "\x02":
            spans.append((start, len(text)))
        else:
            text += ch
    return text, spans


@pytest.mark.parametrize("lang", sorted(OTHER_MEANINGS))
def test_no_lesson_sentence_marks_a_word_that_means_something_else(lang):
    i18n.set_language(lang)
    try:
        found = {phrase: 0 for phrase in OTHER_MEANINGS[lang]}
        other_meaning = glossary_module._phrase_pattern(
            [*table(lang).not_phrases, *OTHER_MEANINGS[lang]])
        terms_seen = set()
        for sentence in lesson_sentences():
            seen = set()
            text, spans = marked_spans(glossary_html(md(sentence), seen))
            terms_seen |= seen
            for phrase in found:
                found[phrase] += phrase.lower() in " ".join(text.lower().split())
            for other in other_meaning.finditer(text):
                a, b = other.span()
                assert not any(x < b and a < y for x, y in spans), (other.group(0), sentence)
        assert all(found.values()), found  # each phrase is really in the lessons
        assert len(terms_seen) >= 12, terms_seen  # and the glossary still finds its terms
    finally:
        i18n.set_language("en")
