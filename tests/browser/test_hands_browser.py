"""The whole hands with hidden cards (issue 36) played in Chromium, in the app, as a learner
would: each hand from its first card to its last, the lesson's comment after every trick,
then every hand face up. One of them in depth, in English and in French: the three hints
at a card, a mistake played out and tried again, the hand to its end, and its open
replay trick by trick, with screenshots at 1280 and 390 px.

The page is driven by what a copy of the step run in the test says (its "shadow": the
same lesson's cards, the same words), so the test waits for the page to show each
comment, never for a time."""

from __future__ import annotations

import re
from typing import List, Tuple

import pytest
from playwright.sync_api import Page, expect

from spar_tutor.engine.cards import Card
from spar_tutor.i18n import _, speaking
from spar_tutor.lessons import Lesson, load_all
from spar_tutor.lessons.kinds import make_run
from spar_tutor.lessons.kinds.hand import HandRun
from spar_tutor.lessons.model import Step
from spar_tutor.render.text import card_symbols

TIMEOUT = 45_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def hands(language: str = "en") -> List[Tuple[Lesson, int, Step]]:
    """Every whole hand of the course: (lesson, step number, step), in ``language``."""
    with speaking(language):
        lessons = [lesson for lesson in load_all() if isinstance(lesson, Lesson)]
    return [(lesson, n, step) for lesson in lessons
            for n, step in enumerate(lesson.steps, start=1) if step.kind == "hand"]


HANDS = hands()


def card_button(page: Page, card: Card):
    return page.locator(".sp-lesson").get_by_role("button", name=card.name, exact=True)


def shown(text: str) -> str:
    """The first words of a comment as the page shows them (no Markdown, cards drawn)."""
    return re.split(r"[*(]", card_symbols(text))[0].strip()[:60]


def open_step(voila_page, app_server, lesson: Lesson, number: int, step: Step,
              query: str = "") -> Page:
    voila_page.open_url(app_server.app_url(f"page=lessons&lesson={lesson.number}&step={number}"
                                           f"&learner=Hands{lesson.number}x{number}{query}"),
                        wait_for=_("Spar tutor"))
    page = voila_page.page
    expect(page.locator(".sp-lesson h4", has_text=step.title)).to_be_visible(timeout=TIMEOUT)
    return page


def play_on(page: Page, run: HandRun) -> None:
    """The lesson's cards to the end of the hand, each trick's comment waited for."""
    feedback = page.locator(".sp-lesson .sp-area-feedback")
    while not run.state.is_over():
        card = run.expected()
        assert card is not None
        before = len(run.state.tricks)
        assert run.answer(str(card)).correct
        card_button(page, card).click()
        for note in run.step.tricks[before:len(run.state.tricks)]:
            expect(feedback).to_contain_text(shown(note.comment), timeout=TIMEOUT)


def replay(page: Page, run: HandRun, step: Step, shot=None) -> None:
    """Every hand face up: the deal, then trick by trick to the end."""
    page.get_by_role("button", name=_("See every hand"), exact=True).click()
    words = page.locator(".sp-lesson .sp-replay")
    expect(words).to_contain_text(_("Every hand face up, as dealt."), timeout=TIMEOUT)
    expect(words).to_contain_text(shown(step.replay), timeout=TIMEOUT)
    for seat in range(run.state.players):  # every hand face up in its seat
        first = run.start.hand(seat)[0].name
        expect(page.locator(f".spar-seat[data-seat='{seat}'] [aria-label*='{first}']")
               ).to_have_count(1, timeout=TIMEOUT)
    if shot:
        shot("dealt")
    forward = page.get_by_role("button", name=_("Next trick"), exact=True)
    for number in range(1, run.state.rules.tricks + 1):
        forward.click()
        expect(words).to_contain_text(_("Every hand face up, after trick {number}.").format(
            number=number), timeout=TIMEOUT)
    expect(forward).to_be_disabled(timeout=TIMEOUT)
    if shot:
        shot("end")


@pytest.mark.parametrize("lesson, number, step", HANDS,
                         ids=[f"lesson{lesson.number}-step{n}" for lesson, n, _s in HANDS])
def test_a_whole_hand_is_played_with_a_comment_at_every_trick(lesson, number, step,
                                                                 app_server, voila_page):
    page = open_step(voila_page, app_server, lesson, number, step)
    run = make_run(step)
    assert isinstance(run, HandRun)
    voila_page.screenshot(f"hand-lesson{lesson.number}-step{number}-start-1280")
    play_on(page, run)
    expect(page.locator(".sp-feedback-right")).to_contain_text(shown(step.right), timeout=TIMEOUT)
    replay(page, run, step)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_one_hand_in_depth_hints_a_mistake_the_end_and_every_hand(language, app_server,
                                                                  voila_page):
    lesson, number, step = next(h for h in hands(language) if h[2].state().players == 5)
    with speaking(language):
        page = open_step(voila_page, app_server, lesson, number, step,
                         "&lang=fr" if language == "fr" else "")
        run = make_run(step)
        assert isinstance(run, HandRun)
        from spar_tutor.lessons.hints import ladder

        rungs = [rung.text for rung in ladder(run).rungs]
        hint = page.get_by_role("button", name=_("Hint"), exact=True)
        box = page.locator(".sp-lesson .sp-feedback-hint")
        for rung in rungs[:2]:
            hint.click()
            expect(box).to_contain_text(shown(rung), timeout=TIMEOUT)
        page.get_by_role("button", name=_("Show the answer (this question will come back)"),
                         exact=True).click()
        expect(box).to_contain_text(shown(rungs[2]), timeout=TIMEOUT)

        def shot(name):
            voila_page.screenshot(f"hand-{language}-{name}-1280")
            page.set_viewport_size(PHONE)
            voila_page.screenshot(f"hand-{language}-{name}-390")
            page.set_viewport_size(DESKTOP)

        shot("first-trick-hints")
        mistake = next(c for c in run.state.legal_cards() if run._judge(c).mistake)
        said = make_run(step).answer(str(mistake))
        assert not said.correct
        card_button(page, mistake).click()
        wrong = page.locator(".sp-lesson .sp-feedback-wrong")
        expect(wrong).to_contain_text(shown(said.text), timeout=TIMEOUT)
        expect(page.locator(".spar-banner")).to_be_visible(timeout=TIMEOUT)
        shot("mistake-played-out")
        page.get_by_role("button", name=_("Try again"), exact=True).click()
        expect(card_button(page, mistake)).to_be_visible(timeout=TIMEOUT)
        play_on(page, run)
        shot("hand-over")
        replay(page, run, step, lambda name: shot(f"replay-{name}"))
