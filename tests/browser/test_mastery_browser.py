"""Mastery in the app, in Chromium: a missed question comes back before the lesson ends,
the stars show on the lesson list, and on a later day Home offers the review (the
server's test-only clock, ``SPAR_TUTOR_NOW=file:...``, moved by writing its file); a
finished lesson's "Practise this" opens its puzzles; the checkpoint quiz asks a question.
The lessons are clicked through with the walk's :class:`~test_walk.LessonWalk`."""

import re
from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect

from spar_tutor.app import course
from spar_tutor.engine.cards import parse_card
from spar_tutor.lessons.checkpoint import checkpoint
from spar_tutor.puzzles.widget import default_collection

from test_app import FIRST_VISIT_MS, nav, open_app
from test_walk import DESKTOP, LessonWalk, page_words
from walk import Worklist

TIMEOUT = 45_000


def name(code):
    """A card button's name: the card's name ("queen of clubs")."""
    return parse_card(code).name


def steps_3_to_7_of_lesson_3(page):
    """Lesson 3 from step 3 to its last step, every question right at the first try."""
    button = lambda text: page.get_by_role("button", name=text, exact=True)  # noqa: E731

    def right():
        expect(page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)

    for card in ("KH", "9H"):
        button(name(card)).click()
    right()
    button("Next").click()
    for card in ("AH", "6H", "9D", "KC", "7C"):
        button(name(card)).click()
    right()
    button("Next").click()
    expect(page.get_by_text("Step 5 of 7", exact=False)).to_be_visible(timeout=TIMEOUT)
    button("Next").click()
    button(name("6D")).click()
    right()
    button("Next").click()
    expect(page.get_by_text("Step 7 of 7", exact=False)).to_be_visible(timeout=TIMEOUT)


def test_missed_question_comes_back_stars_and_review_on_a_later_day(app_server, app_home,
                                                                    voila_page):
    clock = app_home / "test-clock"
    page = voila_page.page
    button = lambda text: page.get_by_role("button", name=text, exact=True)  # noqa: E731

    def right():
        expect(page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)

    def step(label):
        expect(page.get_by_text(label, exact=False)).to_be_visible(timeout=TIMEOUT)

    try:
        open_app(voila_page, app_server, "page=lessons&lesson=3&learner=Mastery Ama")
        step("Step 1 of 7")
        button("Next").click()
        step("Step 2 of 7")
        expect(button("Next")).to_be_disabled()  # waits for an answer
        button(name("QC")).click()  # wrong at the first try
        expect(page.locator(".sp-feedback-wrong")).to_contain_text("Hearts were led")
        expect(button("Next")).to_be_enabled()
        button("Next").click()  # on, without putting it right
        step("Step 3 of 7")
        steps_3_to_7_of_lesson_3(page)
        button("Next").click()  # not the end yet: the missed question comes back
        step("Once more: step 2 of 7")
        voila_page.screenshot("mastery-missed-question-again")
        button(name("8H")).click()
        right()
        button("Finish").click()
        expect(page.get_by_text("End of lesson 3: 3 of 4 questions right at the first try.")
               ).to_be_visible(timeout=TIMEOUT)
        expect(page.locator(".sp-stars").first).to_have_text("★★☆")  # 3 of 4 at once
        # the end alone: the question that came back, and its cards, are put away
        expect(button(name("8H"))).to_be_hidden()
        expect(button("Finish")).to_be_hidden()
        expect(button("Go through it again")).to_be_visible()
        expect(page.get_by_role("button", name=re.compile(r"^Next lesson: 4\. "))).to_be_visible()
        voila_page.screenshot("mastery-end-of-lesson")
        button("All lessons").click()
        row = page.locator(".spar-lesson-row", has_text=re.compile("Lesson 3:"))
        expect(row.locator(".sp-stars")).to_have_attribute("aria-label", "2 of 3 stars")
        expect(page.locator(".spar-lesson-row", has_text="Lesson 4:")).to_contain_text(
            "suggested next")
        voila_page.screenshot("mastery-stars-on-the-lesson-list")

        nav(voila_page, "Home").click()
        expect(page.get_by_role("button", name=re.compile("to review today"))).to_have_count(0)
        # one day after the last answer (a missed question is due a day later, to the
        # second): the server's next local day, whatever the hour. A day and an hour from
        # the test's start was two days on when the test ran in the hour before midnight.
        clock.write_text((datetime.now(timezone.utc) + timedelta(days=1, seconds=1)).isoformat())
        nav(voila_page, "Lessons").click()
        nav(voila_page, "Home").click()
        review = page.get_by_role("button", name="1 thing to review today")
        expect(review).to_be_visible(timeout=TIMEOUT)
        expect(page.locator(".spar-path li.spar-path-done")).to_have_count(1)  # lesson 3
        # the answers were yesterday on the moved clock (and the day before, had midnight
        # passed while they were given)
        expect(page.get_by_text(re.compile(
            r"^You practised (yesterday|2 days in a row, up to yesterday)\."))).to_be_visible()
        voila_page.screenshot("mastery-home-review-later-day")
        review.click()
        step("Step 2 of 7")
        button(name("8H")).click()
        right()
        nav(voila_page, "Home").click()
        expect(page.get_by_role("button", name=re.compile("to review today"))).to_have_count(0)
    finally:
        clock.unlink(missing_ok=True)


def test_practise_this_after_a_lesson_opens_its_puzzles(app_server, voila_page):
    """Lesson 4 taken to its end (a hint and a wrong answer at each question, as the walk
    does), then "Practise this": the Puzzles page with the lesson's puzzles only."""
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    lesson = course.find_lesson("4")
    open_app(voila_page, app_server, "page=lessons&lesson=4&learner=Practice Yaw")
    found = Worklist()
    LessonWalk(page, lesson, found).walk()
    count = len(lesson.practice_puzzles)
    assert count >= 2  # the lesson's own puzzles, and the picker below narrows to them
    practise = page.get_by_role("button", name=f"Practise this: {count} puzzles", exact=True)
    expect(practise).to_be_visible(timeout=TIMEOUT)
    voila_page.screenshot("mastery-practise-this")
    practise.click()
    expect(page.get_by_text(f"Practice for lesson 4, Winning a trick: {count} puzzles.")).to_be_visible(
        timeout=FIRST_VISIT_MS)
    expect(page).to_have_url(re.compile(r"lesson=4&puzzle=\d+"), timeout=TIMEOUT)
    number = re.search(r"puzzle=(\d+)", page.url).group(1)
    shown = default_collection().find(number)
    assert "take-the-lead" in shown.themes
    expect(page.locator(".spar-pz-head-area")).to_contain_text(shown.title, timeout=TIMEOUT)
    expect(page.get_by_text("Solve a puzzle to get your puzzle rating.")).to_be_visible()
    page.get_by_text("What is a puzzle rating?").click()
    expect(page.get_by_text("Everyone starts at 800.", exact=False)).to_be_visible()
    picker = page.get_by_role("combobox", name="Puzzle")
    expect(picker.locator("option")).to_have_count(count)
    voila_page.screenshot("mastery-practise-puzzles")
    found.scan("practice puzzles", page_words(page))
    assert not found.found, found.lines()


def test_the_checkpoint_asks_a_question_from_the_lessons(app_server, voila_page):
    """The Checkpoint row of the Lessons page: today's quiz, one question answered (a hint,
    a wrong answer, then the right one), and the row counts it."""
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    learner = "Checkpoint Kojo"
    quiz = checkpoint(course.playable(), learner, datetime.now(timezone.utc).date())
    open_app(voila_page, app_server, f"page=lessons&learner={learner}")
    row = page.locator(".spar-checkpoint-row")
    expect(row).to_contain_text("10 questions from all the lessons", timeout=FIRST_VISIT_MS)
    voila_page.screenshot("mastery-checkpoint-row")
    row.get_by_role("button", name="Checkpoint", exact=True).click()
    expect(page.get_by_role("heading", name="Checkpoint: all the lessons")).to_be_visible(
        timeout=TIMEOUT)
    found = Worklist()
    walk = LessonWalk(page, quiz, found)
    walk.sync("first")
    walk.question()
    expect(page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)
    voila_page.screenshot("mastery-checkpoint-question")
    walk.press("Next", "next")
    expect(page.get_by_text("Step 2 of 10", exact=False)).to_be_visible(timeout=TIMEOUT)
    expect(page).to_have_url(re.compile("lesson=checkpoint&step=2"), timeout=TIMEOUT)
    button = page.get_by_role("button", name="All lessons", exact=True)
    button.click()
    expect(page.locator(".spar-checkpoint-row")).to_contain_text("1 of 10 answered today",
                                                                  timeout=TIMEOUT)
    assert not found.found, found.lines()
