"""Lessons 11-17 (the match, giving up the lead, defence, reading the table, table
decisions, whole hands, playing to the score) walked in Chromium in the app, as a learner would: one wrong
answer at the first question of each lesson, with its own feedback (a wrong card played
out, then "Try again"), then every step answered right to the end."""

import re

import pytest
from playwright.sync_api import expect

from spar_tutor.engine.cards import parse_card
from spar_tutor.lessons import guarantees, load_all
from spar_tutor.lessons.kinds import make_run
from spar_tutor.render.text import card_symbols

from test_app import open_app

TIMEOUT = 45_000
NEW = [lesson for lesson in load_all() if lesson.number >= 11]


def card_button(page, code):
    """A card's button, named by its symbols (9♦) or by its name (nine of diamonds)."""
    card = parse_card(code)
    return page.get_by_role("button", name=card.symbol_text, exact=True).or_(
        page.get_by_role("button", name=card.name, exact=True))


def option_button(page, option):
    """An option's button: card codes in it are shown as symbols (Ama's 6♥)."""
    return page.locator(".sp-lesson").get_by_role("button", name=card_symbols(str(option)), exact=True)


def first_words(text):
    """The start of a feedback text as the page shows it (no Markdown, cards as symbols)."""
    return re.split(r"[.:,*(]|\b(?:[2-9TJQKA]|10)[SHDC]\b", text)[0].strip()


def wrong_first(voila_page, step, shot):
    """Click one wrong answer that has written feedback, and see that feedback; a wrong
    card is played out (the table shows how the hand ended), then "Try again"."""
    page = voila_page.page
    key, text = next((k, t) for k, t in step.wrong.items() if k not in ("illegal", "other", "lost"))
    if step.kind == "pick_card":
        card_button(page, key).click()
    else:
        option_button(page, key).click()
    box = page.locator(".sp-feedback-wrong")
    expect(box).to_be_visible(timeout=TIMEOUT)
    expect(box).to_contain_text(first_words(text), timeout=TIMEOUT)
    if step.kind == "pick_card" and step.extra.get("goal") == "best":
        expect(page.locator(".spar-banner")).to_contain_text("won the last trick", timeout=TIMEOUT)
        expect(box).to_contain_text("best card makes sure of", timeout=TIMEOUT)
        expect(card_button(page, key)).to_have_count(0, timeout=TIMEOUT)
        voila_page.screenshot(shot)
        page.get_by_role("button", name="Try again", exact=True).click()
        expect(card_button(page, key)).to_be_visible(timeout=TIMEOUT)
        expect(box).to_have_count(0, timeout=TIMEOUT)
    else:
        voila_page.screenshot(shot)


def best_cards(step):
    """The learner's cards in a play step, played as the computer would against the
    step's bots (seeded: the page's bots answer the same way)."""
    run, cards = make_run(step), []
    while not run.state.is_over():
        card = guarantees.best_moves(run.state, step.seat)[0][0]
        assert run.answer(card).correct
        cards.append(str(card))
    return cards


def answer_right(page, lesson, step):
    if step.kind == "play":
        for code in best_cards(step):
            card_button(page, code).click()
            expect(card_button(page, code)).to_have_count(0, timeout=TIMEOUT)
    elif step.kind == "pick_card":
        card_button(page, step.answer if isinstance(step.answer, str) else step.answer[0]).click()
    else:
        option_button(page, step.answer).click()
    expect(page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)


@pytest.mark.parametrize("lesson", NEW, ids=[lesson.id for lesson in NEW])
def test_walk_a_new_lesson(lesson, app_server, voila_page):
    open_app(voila_page, app_server, f"page=lessons&lesson={lesson.number}&learner=Walker{lesson.number}")
    page = voila_page.page
    expect(page.get_by_role("heading", name=f"Lesson {lesson.number}: {lesson.title}")).to_be_visible(
        timeout=TIMEOUT)
    total, missed = len(lesson.steps), None
    for n, step in enumerate(lesson.steps, start=1):
        expect(page.get_by_text(f"Step {n} of {total}", exact=False)).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("h4", has_text=step.title)).to_be_visible(timeout=TIMEOUT)
        if step.is_question:
            if missed is None and step.kind != "play":
                wrong_first(voila_page, step, f"lesson{lesson.number}-step{n}-wrong")
                missed = (n, step)
            answer_right(page, lesson, step)
            voila_page.screenshot(f"lesson{lesson.number}-step{n}-right")
        if n < total or missed is not None:
            page.get_by_role("button", name="Next", exact=True).click()
    if missed is not None:  # the question missed at the first try comes back once more
        n, step = missed
        expect(page.get_by_text(f"Once more: step {n} of {total}")).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("h4", has_text=step.title)).to_be_visible(timeout=TIMEOUT)
        answer_right(page, lesson, step)
    page.get_by_role("button", name="Finish", exact=True).click()
    expect(page.get_by_text(re.compile(rf"End of lesson {lesson.number}: \d+ of {lesson.questions} "
                                       "questions right at the first try"))).to_be_visible(
                                           timeout=TIMEOUT)
    voila_page.screenshot(f"lesson{lesson.number}-finished")
