"""The tutor's voice in Chromium (issue 35), on the suite's shared app server:

* a lesson question whose answer was taken comes back before the lesson ends, and earns
  no first-try star;
* a puzzle's "Show solution" lowers the learner's puzzle rating at once, and the
  explanation is one short sentence with a "Why not X?" button for each other card;
* lesson 16 played with another right first card comments on the card really played,
  and the next step says where the lesson's hand differs;
* the Play page's hint ladder and its picture of the chances.

Screenshots (``voice-*.png``, at 1280 x 900 and 390 x 844, in English and in French): the
hint ladder, the chance picture, and a short explanation with "Why not X?" open.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from spar_tutor.engine.cards import parse_card

from test_app import FIRST_VISIT_MS, a_choice_to_make, open_app
from test_mastery_browser import steps_3_to_7_of_lesson_3
from test_walk import DESKTOP, PHONE

TIMEOUT = 45_000


def name(code):
    """A card button's name: the card's name ("queen of clubs")."""
    return parse_card(code).name


def both_sizes(voila_page, label):
    """``voice-<label>-1280.png`` and ``voice-<label>-390.png``, then the desktop again."""
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    voila_page.screenshot(f"voice-{label}-1280")
    page.set_viewport_size(PHONE)
    voila_page.screenshot(f"voice-{label}-390")
    page.set_viewport_size(DESKTOP)


def test_a_lesson_question_whose_answer_was_taken_comes_back(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    button = lambda text: page.get_by_role("button", name=text, exact=True)  # noqa: E731

    def right():
        expect(page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)

    open_app(voila_page, app_server, "page=lessons&lesson=3&step=2&learner=Voice Esi")
    expect(page.get_by_text("Step 2 of 7", exact=False)).to_be_visible(timeout=FIRST_VISIT_MS)
    button("Hint").click()
    expect(page.locator(".sp-feedback-hint")).to_contain_text("Which suit was led first?",
                                                             timeout=TIMEOUT)
    button("Hint").click()
    show = button("Show the answer (this question will come back)")
    expect(show).to_be_visible(timeout=TIMEOUT)
    show.click()
    expect(page.locator(".sp-feedback-hint")).to_contain_text("You may play 8♥ K♥",
                                                             timeout=TIMEOUT)
    expect(button("Next")).to_be_enabled()
    button(name("8H")).click()  # right, but not at the first try
    right()
    button("Next").click()
    steps_3_to_7_of_lesson_3(page)
    button("Next").click()  # the question whose answer was taken comes back
    expect(page.get_by_text("Once more: step 2 of 7", exact=False)).to_be_visible(
        timeout=TIMEOUT)
    expect(page.locator(".sp-feedback-hint")).to_contain_text("You took the answer to this "
                                                             "question the first time")
    voila_page.screenshot("voice-answer-taken-comes-back")
    button(name("KH")).click()
    right()
    button("Finish").click()
    # the question whose answer was taken was not right at the first try: no third star
    expect(page.get_by_text("End of lesson 3: 3 of 4 questions right at the first try.")
           ).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".sp-stars").first).not_to_have_text("★★★")


def test_show_solution_lowers_the_puzzle_rating_and_explains_in_short(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    open_app(voila_page, app_server, "page=puzzles&puzzle=ace-first-six-last"
                                     "&learner=Voice Kofi")
    expect(page.locator(".spar-pz-head-area")).to_contain_text("Two players: a 6 to score",
                                                               timeout=FIRST_VISIT_MS)
    hand = page.locator(".spar-pz")
    hand.get_by_role("button", name=name("AD"), exact=True).click()
    expect(page.locator(".spar-pz-status-area")).to_contain_text("keeps the goal",
                                                                 timeout=TIMEOUT)
    hand.get_by_role("button", name=name("6C"), exact=True).click()
    rating_line = page.locator(".spar-pz-rating")
    expect(rating_line).to_contain_text(re.compile(r"Your puzzle rating: [\d,]+"),
                                        timeout=TIMEOUT)
    before = int(re.search(r"([\d,]+)", rating_line.inner_text()).group(1).replace(",", ""))
    # the short explanation: one sentence, then "Why not 6♣?"
    why = page.locator(".spar-pz-solution-area")
    expect(why).to_contain_text("Why: A♦ wins trick 4", timeout=TIMEOUT)
    why.get_by_text("Why not 6♣?").click()
    expect(why).to_contain_text("6♣ loses the goal.")
    both_sizes(voila_page, "why-not-en")
    page.get_by_role("button", name="Next puzzle", exact=True).click()
    solution = page.get_by_role("button", name="Show solution (counts as not solved)",
                                exact=True)
    expect(solution).to_be_enabled(timeout=TIMEOUT)
    solution.click()
    status = page.locator(".spar-pz-status-area")
    expect(status).to_contain_text("Your puzzle rating went down by", timeout=TIMEOUT)
    after = int(re.search(r"rating: ([\d,]+)", rating_line.inner_text()).group(1)
                .replace(",", ""))
    assert after < before, (before, after)
    voila_page.screenshot("voice-rating-down-after-the-solution")


def test_a_short_explanation_with_why_not_in_french(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    voila_page.open_url(app_server.app_url("page=puzzles&puzzle=ace-first-six-last&lang=fr"
                                           "&learner=Voix Kofi"), wait_for="Tuteur de Spar")
    board = page.locator(".spar-pz")
    expect(board.get_by_role("button", name="l'as de carreau", exact=True)).to_be_visible(
        timeout=FIRST_VISIT_MS)
    board.get_by_role("button", name="l'as de carreau", exact=True).click()
    expect(page.locator(".spar-pz-status-area")).to_contain_text("l'objectif",
                                                                 timeout=TIMEOUT)
    board.get_by_role("button", name="le 6 de trèfle", exact=True).click()
    why = page.locator(".spar-pz-solution-area")
    expect(why).to_contain_text("Pourquoi : A♦ gagne le 4e pli", timeout=TIMEOUT)
    why.get_by_text("Pourquoi pas 6♣ ?").click()
    expect(why).to_contain_text("6♣ fait perdre l'objectif.")
    both_sizes(voila_page, "why-not-fr")


def test_lesson_16_comments_on_the_card_really_played(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    open_app(voila_page, app_server, "page=lessons&lesson=16&step=2&learner=Voice Ama")
    expect(page.get_by_text("Trick 1: make a plan")).to_be_visible(timeout=FIRST_VISIT_MS)
    page.get_by_role("button", name=name("7H"), exact=True).click()  # right, not the story's
    feedback = page.locator(".sp-lesson .sp-area-feedback")
    expect(feedback).to_contain_text("7♥ is just as good as Q♦, the lesson's card. 7♥ wins "
                                     "trick 1", timeout=TIMEOUT)
    expect(feedback).not_to_contain_text("lead your QD soon")  # the words about Q♦
    expect(page.get_by_role("button", name="Play Q♦ instead, as the lesson does")).to_be_visible()
    voila_page.screenshot("voice-lesson-16-another-card")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(feedback).to_contain_text("You played 7♥, and the lesson's hand goes on from Q♦",
                                     timeout=TIMEOUT)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_play_hint_ladder_and_its_picture_of_the_chances(app_server, voila_page, lang):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    title = "Tuteur de Spar" if lang == "fr" else "Spar tutor"
    voila_page.open_url(app_server.app_url(f"page=play&game=standard&lang={lang}"),
                        wait_for=title)
    hand = page.locator(".spar-card-btn")
    expect(hand).to_have_count(5, timeout=FIRST_VISIT_MS)
    a_choice_to_make(page)
    buttons = page.locator(".spar-hint-buttons button")
    expect(buttons).to_have_count(3)
    said = []
    for level in range(3):
        before = page.locator(".spar-hint-text").first.inner_text()
        buttons.nth(level).click()
        page.wait_for_function("(before) => document.querySelector('.spar-hint-text')"
                               ".innerText !== before", arg=before, timeout=TIMEOUT)
        said.append(page.locator(".spar-hint-text").first.inner_text())
        if level == 1:
            both_sizes(voila_page, f"hint-ladder-{lang}")
    assert len(set(said)) == 3, said
    dots = page.locator(".spar-chance svg")
    expect(dots).to_have_count(1, timeout=TIMEOUT)
    assert page.locator(".spar-chance circle").count() == 100
    label = dots.get_attribute("aria-label")
    assert re.search(r"\d+ (deals? out of 100|donnes? sur 100)", label), label
    why_not = page.locator(".spar-hints .spar-why-not summary")
    if why_not.count():
        why_not.first.click()
    both_sizes(voila_page, f"chance-picture-{lang}")
    if lang == "fr":
        expect(page.get_by_text(re.compile("Pourquoi pas"))).to_have_count(why_not.count())
