"""The lessons' words: players by name, plain words, card codes drawn as cards, and the
rules told the way the Play page plays them."""

import html
import re

import pytest

from spar_tutor.engine.cards import parse_card
from spar_tutor.lessons import load_all
from spar_tutor.render.text import CARD_CODE, card_symbols, cardify, md

LESSONS = load_all()
JARGON = (r"\b(seat\s*\d|solver|cash|cashes|main line|model of play|give or take|heads-up|"
          r"ledger|preset|engine)\b")


def words(lesson):
    """Every text of a lesson a learner can read, with where it is."""
    yield "title", lesson.title
    yield "summary", lesson.summary
    for n, step in enumerate(lesson.steps, start=1):
        for key in ("title", "text", "prompt", "hint", "right"):
            yield f"step {n} {key}", getattr(step, key)
        for key, text in step.wrong.items():
            yield f"step {n} wrong {key}", text
        for option in step.options:
            yield f"step {n} option", str(option)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_plain_words_without_seats_or_jargon(lesson):
    for where, text in words(lesson):
        assert not re.search(JARGON, text, re.I), (where, text)
        assert not re.search(r"\b\d\s*\+\s*\d\b.*=", text), (where, "card values do not add")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_card_codes_are_real_cards_shown_as_cards(lesson):
    for where, text in words(lesson):
        for m in CARD_CODE.finditer(text):
            parse_card(m.group(0))
        shown = re.sub(r"<[^>]+>", "", cardify(text))
        assert not CARD_CODE.search(shown) and not re.search(r"\bT[♠♥♦♣]", shown), where
        assert not CARD_CODE.search(card_symbols(text)), where


#: A card code as a learner would see it, found without the renderer's own pattern (whose
#: look-behind leaves "6S/7S" alone): the browser walk's test, here for every text.
SEEN_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


def on_the_page(text):
    """A lesson text as the page shows it: Markdown and cards drawn, tags dropped."""
    return html.unescape(re.sub(r"<[^>]+>", " ", md(text)))


def test_a_code_the_renderer_leaves_is_found():
    assert SEEN_CODE.findall(on_the_page("Play 6S/7S.")) == ["7S"]
    assert SEEN_CODE.findall(on_the_page("Right: KH and 9H.")) == []


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_no_card_code_reaches_the_page(lesson):
    """Lesson files write card codes (KH); the learner must read cards (K♥), in every
    text, feedback and option, not only on the screens a browser walk passes."""
    for where, text in words(lesson):
        for shown in (on_the_page(text), card_symbols(text)):
            assert not SEEN_CODE.search(shown), (where, shown)


def test_the_lessons_agree_with_the_play_page_on_reneging():
    """Lesson 3 names the renege; the offside rule comes with the table rules (lesson 8),
    after scoring."""
    follow, table = (next(lesson for lesson in LESSONS if lesson.number == n) for n in (3, 8))
    text = " ".join(t for _, t in words(follow))
    assert "simply cannot be played" not in text and "-3" not in text
    assert "renege" in text and "Lesson 8" in text
    offside = next(s for s in table.steps if "is **offside**" in s.text)
    said = " ".join(md(offside.text).split())
    assert "is against the rules" in said
    assert "Play page" in said and "let you try a renege" in said
    for fact in ("-3", "nobody else scores", "same dealer deals again"):
        assert fact in said, fact
    assert "3 stakes" in " ".join(md(step.text) for step in table.steps)


def test_menus_show_titles_and_summaries_without_card_codes():
    """Lesson titles and summaries are shown as they are (buttons, tooltips, the menu)."""
    for lesson in LESSONS:
        assert not CARD_CODE.search(lesson.title) and not CARD_CODE.search(lesson.summary)
