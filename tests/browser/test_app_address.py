"""The address follows the learner, in Chromium: pages, lesson steps and puzzles are
history entries; Back and Forward move inside the app; a copied link opens the same
place; a link's game is played; the light/dark button."""

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from a11y import low_contrast
from spar_tutor.app.course import find_lesson
from test_app import FIRST_VISIT_MS, TEXT_SELECTORS, heading, nav, open_app


def query(page):
    """The address's query, as a dict of single values."""
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def wait_for_query(tab, **expected):
    """Wait until the address says ``expected`` (and nothing else but the theme)."""
    tab.wait_for_function(
        "(want) => { const q = new URLSearchParams(location.search); q.delete('theme');"
        " return [...q].length === Object.keys(want).length &&"
        " Object.entries(want).every(([k, v]) => q.get(k) === v); }", arg=expected,
        timeout=20_000)


#: Lesson 3's length, read from its file (the lesson can grow or shrink).
LESSON_3_STEPS = len(find_lesson("3").steps)


def step_label(page, n, total=LESSON_3_STEPS):
    return page.get_by_text(f"Step {n} of {total}", exact=False)


def test_back_and_forward_move_inside_the_app_and_a_copied_link_opens_the_same_place(
        app_server, voila_page, browser):
    page = voila_page.page
    open_app(voila_page, app_server)
    assert query(page) == {}
    nav(voila_page, "Lessons").click()
    wait_for_query(page, page="lessons")
    page.get_by_role("button", name=re.compile("^Lesson 3:")).click()
    wait_for_query(page, page="lessons", lesson="3", step="1")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(step_label(page, 2)).to_be_visible()
    wait_for_query(page, page="lessons", lesson="3", step="2")
    # after Next the keyboard is on the new step's heading
    page.wait_for_function("() => document.activeElement.matches('h4.sp-step-title')")
    assert page.evaluate("document.activeElement.textContent") == "Hearts are led"
    nav(voila_page, "Puzzles").click()
    expect(heading(voila_page, "Puzzles")).to_be_visible(timeout=FIRST_VISIT_MS)
    wait_for_query(page, page="puzzles", puzzle="1")
    page.get_by_role("button", name="Next puzzle").click()
    expect(page.get_by_text(re.compile("^Puzzle 2:"))).to_be_visible()
    wait_for_query(page, page="puzzles", puzzle="2")
    entries = page.evaluate("history.length")

    page.go_back()  # puzzle 1, inside the same page: no new kernel, no reload
    expect(page.get_by_text(re.compile("^Puzzle 1:"))).to_be_visible()
    page.go_back()  # back on the Lessons page, at lesson 3, step 2
    expect(nav(voila_page, "Lessons")).to_have_class(re.compile("spar-nav-on"))
    expect(step_label(page, 2)).to_be_visible()
    wait_for_query(page, page="lessons", lesson="3", step="2")
    page.go_back()
    expect(step_label(page, 1)).to_be_visible()
    page.go_forward()
    expect(step_label(page, 2)).to_be_visible()
    assert page.evaluate("history.length") == entries  # moving back did not add entries
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1

    link = page.url  # copied into another browser: the same lesson at the same step
    other = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        other.goto(link, timeout=45_000)
        expect(step_label(other, 2)).to_be_visible(timeout=45_000)
        expect(other.locator("h4.sp-step-title")).to_have_text("Hearts are led")
    finally:
        other.close()
    voila_page.screenshot("app-address-lesson3-step2")


def test_a_link_names_the_game_to_play(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=play&game=ghana_table")
    expect(heading(voila_page, "Play Spar")).to_be_visible()
    expect(page.locator(".spar-app .spar-title").locator("..")).to_contain_text("Ghana table")
    wait_for_query(page, page="play", game="ghana_table")


def test_the_light_and_dark_button(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=rules")
    button = page.get_by_role("button", name="Dark colours")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator(".spar-shell")).to_have_class(re.compile("spar-dark"))
    expect(page.get_by_role("button", name="Light colours")).to_be_visible()
    page.wait_for_function("() => new URLSearchParams(location.search).get('theme') === 'dark'")
    background = page.evaluate("getComputedStyle(document.querySelector('.spar-shell')).backgroundColor")
    assert background == "rgb(17, 17, 17)"
    assert low_contrast(page, TEXT_SELECTORS) == []
    voila_page.screenshot("app-rules-toggled-dark")
    page.get_by_role("button", name="Light colours").click()
    expect(page.locator(".spar-shell")).to_have_class(re.compile("spar-light"))
    assert low_contrast(page, TEXT_SELECTORS) == []
