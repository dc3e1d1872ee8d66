"""The French screens a teacher in Lomé looked at (issue 38), at 1280 and 390 px: Home,
the lessons list, a lesson step with a word of the glossary open and the table's badges,
and a lesson's end. Screenshots ``fr-screens-*.png`` (and ``walk-fr-lesson-end-*.png``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from spar_tutor.app import course
from spar_tutor.i18n import _
from test_app import FIRST_VISIT_MS, heading, nav
from test_walk import DESKTOP, PHONE, LessonWalk, click, screenshots
from walk import Worklist

pytestmark = pytest.mark.browser

SIZES = {"1280": DESKTOP, "390": PHONE}
LEARNER = "Akossiwa"


def fits(page, width):
    """Whether nothing of the app reaches past the screen's right edge."""
    return page.evaluate("""(width) => [...document.querySelectorAll('.spar-shell *')]
        .filter(e => e.getBoundingClientRect().width > 0)
        .every(e => e.getBoundingClientRect().right <= width + 0.5)""", width)


def test_the_french_screens(app_server, voila_page, french):
    page = voila_page.page
    for width, size in SIZES.items():
        page.set_viewport_size(size)
        # Home: Woezon, and the game's names in Togo and Benin
        voila_page.open_url(app_server.app_url(f"learner={LEARNER}&lang=fr"),
                            wait_for=_("Spar tutor"))
        expect(page.get_by_text("Woezon\u00a0!")).to_be_visible(timeout=FIRST_VISIT_MS)
        expect(page.get_by_text(re.compile("Le Spar, le Sipa ou le jeu de carte"))
               ).to_be_visible()
        assert fits(page, size["width"])
        voila_page.screenshot(f"fr-screens-home-{width}")

        nav(voila_page, _("Lessons")).click()
        expect(heading(voila_page, _("Lessons"))).to_be_visible(timeout=FIRST_VISIT_MS)
        assert fits(page, size["width"])
        voila_page.screenshot(f"fr-screens-lessons-{width}")

        # lesson 5, step 6: a table (the learner leads and plays) and glossary words
        voila_page.open_url(app_server.app_url(
            f"page=lessons&lesson=5&step=6&learner={LEARNER}&lang=fr"), wait_for=_("Spar tutor"))
        you = page.locator(".sp-lesson .spar-seat.spar-you")
        expect(you.locator(".spar-chip-lead")).to_have_text("la main", timeout=FIRST_VISIT_MS)
        expect(you.locator(".spar-chip-turn")).to_have_text("à jouer")
        term = page.locator(".sp-lesson .sp-area-text .spar-term").first
        term.focus()  # its meaning shows on focus, as on a tap
        meaning = term.get_attribute("data-def")
        assert re.match(r"^[\w ]+\u00a0: [a-zàâéèêîôûç]", meaning), meaning
        assert fits(page, size["width"])
        voila_page.screenshot(f"fr-screens-lesson-step-{width}")

    # a lesson to its end, on the desktop, then its end at both widths
    page.set_viewport_size(DESKTOP)
    lesson = min(course.playable(), key=lambda l: len(l.steps))
    nav(voila_page, _("Lessons")).click()
    expect(heading(voila_page, _("Lessons"))).to_be_visible(timeout=FIRST_VISIT_MS)
    click(page, ".spar-shell", _("Lesson {number}: {title}").format(
        number=lesson.number, title=lesson.title))
    found = Worklist()
    LessonWalk(page, lesson, found).walk()
    assert not found.found, found.lines()
    end = page.locator(".sp-lesson .sp-area-feedback")
    expect(end).to_contain_text(f"Fin de la leçon {lesson.number}")
    if lesson.questions > 1:
        expect(end).to_contain_text("Bonnes réponses du premier coup\u00a0: ")
        expect(end).to_contain_text(f" sur {lesson.questions}.")
    if lesson.practice:  # "Entraîne-toi : 6 énigmes" (tu), drawn just after the end's words
        expect(page.get_by_role("button", name=re.compile(r"^Entraîne-toi\s: \d+ énigmes$"))
               ).to_be_visible()
    screenshots(voila_page, "fr-lesson-end")
