"""Lesson 8's table customs and lesson 17's stop question in Chromium, in English and in
French, on a desktop and a phone: under ten (keep is refused with its reason, the
exchange shows the new hand), a bet matched, the under card asked for beside the cards
and shown on the table, what a player pays in all, and the player one point away
stopped; and lesson 17 in the Lessons list. Screenshots ``customs-<what>-<lang>-1280.png``
and ``-390.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from spar_tutor import i18n
from spar_tutor.engine.cards import parse_card
from spar_tutor.engine.words import card_text
from spar_tutor.i18n import _
from spar_tutor.i18n.money import money
from spar_tutor.lessons import load_all

from test_app import FIRST_VISIT_MS
from test_walk import DESKTOP, PHONE

TIMEOUT = 45_000
LESSON_8 = next(lesson for lesson in load_all() if lesson.number == 8)


def step_of(title: str) -> int:
    """The 1-based step of lesson 8 with this title."""
    return next(n for n, s in enumerate(LESSON_8.steps, start=1) if s.title == title)


@pytest.fixture(params=["en", "fr"])
def lang(request):
    """The page's language, and the test's (it reads the app's words from the catalogue)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def both_sizes(voila_page, label: str) -> None:
    page = voila_page.page
    voila_page.screenshot(f"customs-{label}-1280")
    page.set_viewport_size(PHONE)
    voila_page.screenshot(f"customs-{label}-390")
    page.set_viewport_size(DESKTOP)


def open_step(voila_page, app_server, lang: str, lesson: int, step: int) -> None:
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    voila_page.open_url(app_server.app_url(
        f"page=lessons&lesson={lesson}&step={step}&learner=Customs {lang}&lang={lang}"))
    expect(page.locator(".sp-lesson .sp-area-answers button").first).to_be_visible(
        timeout=FIRST_VISIT_MS)


def button(page, label: str):
    return page.locator(".sp-lesson .sp-area-answers").get_by_role("button", name=label,
                                                                   exact=True)


def test_under_ten_a_bet_and_the_under_card_with_cards(app_server, voila_page, lang):
    page = voila_page.page
    feedback = page.locator(".sp-lesson .sp-area-feedback")
    open_step(voila_page, app_server, lang, 8, step_of("Exchange or keep?"))
    button(page, _("Keep my hand")).click()
    expect(feedback.locator(".sp-feedback-wrong")).to_contain_text("19", timeout=TIMEOUT)
    button(page, _("Exchange my hand")).click()
    expect(feedback.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".sp-lesson .spar-side")).to_contain_text(
        _("Out of play: your under-ten hand"), timeout=TIMEOUT)
    both_sizes(voila_page, f"under-ten-{lang}")

    page.get_by_role("button", name=_("Next"), exact=True).click()
    match = _("Match {amount}").format(amount=money(10))
    expect(button(page, match)).to_be_visible(timeout=TIMEOUT)
    button(page, match).click()
    expect(feedback.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)
    both_sizes(voila_page, f"bet-{lang}")

    page.get_by_role("button", name=_("Next"), exact=True).click()
    show = button(page, _("Show the under card"))
    expect(show).to_be_visible(timeout=TIMEOUT)
    expect(button(page, parse_card("QH").name)).to_be_visible()  # the cards beside it
    both_sizes(voila_page, f"under-card-asked-{lang}")
    show.click()
    expect(feedback.locator(".sp-feedback-right")).to_contain_text(card_text(parse_card("KH")),
                                                                    timeout=TIMEOUT)
    expect(page.locator(".sp-lesson .spar-side")).to_contain_text(
        _("under card<br>(asked by {player})").split("<br>")[0], timeout=TIMEOUT)
    both_sizes(voila_page, f"under-card-shown-{lang}")


def test_what_a_player_pays_in_all(app_server, voila_page, lang):
    page = voila_page.page
    feedback = page.locator(".sp-lesson .sp-area-feedback")
    open_step(voila_page, app_server, lang, 8, step_of("A bettor wins"))
    gets = _("{player} gets {amount}")
    button(page, gets.format(player="Ama", amount=money(39))).click()
    expect(feedback.locator(".sp-feedback-wrong")).to_be_visible(timeout=TIMEOUT)
    button(page, gets.format(player="Ama", amount=money(29))).click()
    everyone = _("In all: {list}.").split("{")[0].strip()
    expect(feedback.locator(".sp-feedback-right")).to_contain_text(everyone, timeout=TIMEOUT)
    both_sizes(voila_page, f"money-{lang}")


def test_the_player_one_point_away_is_stopped(app_server, voila_page, lang):
    page = voila_page.page
    feedback = page.locator(".sp-lesson .sp-area-feedback")
    lesson = next(lesson for lesson in load_all() if lesson.number == 17)
    step = next(n for n, s in enumerate(lesson.steps, start=1) if s.extra.get("goal") == "stop")
    open_step(voila_page, app_server, lang, 17, step)
    button(page, parse_card("KC").name).click()
    expect(feedback.locator(".sp-feedback-wrong")).to_be_visible(timeout=TIMEOUT)
    both_sizes(voila_page, f"stop-wrong-{lang}")
    page.get_by_role("button", name=_("Try again"), exact=True).click()
    button(page, parse_card("9C").name).click()
    expect(feedback.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)
    both_sizes(voila_page, f"stop-right-{lang}")


def test_lesson_17_has_its_place_in_the_lessons_list(app_server, voila_page, lang):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    voila_page.open_url(app_server.app_url(f"page=lessons&learner=Customs {lang}&lang={lang}"))
    lesson = next(lesson for lesson in load_all() if lesson.number == 17)
    row = page.get_by_role("button", name=_("Lesson {number}: {title}").format(
        number=17, title=lesson.title), exact=True)
    expect(row).to_be_visible(timeout=FIRST_VISIT_MS)
    row.scroll_into_view_if_needed()
    both_sizes(voila_page, f"lessons-list-{lang}")
    row.click()
    expect(page.get_by_role("heading", name=lesson.heading)).to_be_visible(timeout=TIMEOUT)
