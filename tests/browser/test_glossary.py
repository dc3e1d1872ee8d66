"""The glossary in Chromium: a term's definition shows on hover, on keyboard focus and on
a tap, on the Rules page and in a lesson, and stays on the screen of a phone."""

from playwright.sync_api import expect

from test_app import heading, open_app
from test_app_phone import PHONE


def term(page, key):
    """The first marked use of a glossary term on the page."""
    return page.locator(f'.spar-term[aria-describedby^="spar-def-{key}-"]').first


def definition(page, marked):
    return page.locator(f'#{marked.get_attribute("aria-describedby")}')


def test_rules_page_terms_show_their_meaning_on_hover_and_focus(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=rules")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    trick = term(page, "trick")
    expect(trick).to_be_visible()
    meaning = definition(page, trick)
    expect(meaning).to_be_hidden()
    trick.hover()
    expect(meaning).to_be_visible()
    expect(meaning).to_contain_text("One card from each player")
    voila_page.screenshot("app-rules-glossary-hover")
    page.mouse.move(1, 1)
    expect(meaning).to_be_hidden()
    renege = term(page, "renege")
    renege.focus()
    expect(definition(page, renege)).to_be_visible()
    expect(definition(page, renege)).to_contain_text("against the rules")
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") \
        .startswith("spar-def-renege-")
    expect(page.locator(".spar-glossary dt")).to_have_count(14)
    voila_page.screenshot("app-rules-light")


def test_a_tap_shows_the_meaning_on_a_phone(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(PHONE)
    open_app(voila_page, app_server, "page=rules")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    lead = term(page, "lead")
    lead.scroll_into_view_if_needed()
    lead.click()  # a tap focuses it
    box = definition(page, lead)
    expect(box).to_be_visible()
    bounds = box.bounding_box()
    assert bounds is not None and bounds["x"] >= 0
    assert bounds["x"] + bounds["width"] <= PHONE["width"]
    assert bounds["y"] + bounds["height"] <= PHONE["height"]
    voila_page.screenshot("app-phone-rules-glossary")


def test_a_lesson_explains_its_words(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=lessons&lesson=3&learner=Kojo")
    expect(page.locator(".sp-lesson h4", has_text="Follow suit")).to_be_visible(timeout=30_000)
    trick = term(page, "trick")
    trick.hover()
    expect(definition(page, trick)).to_be_visible()
    assert page.locator('.spar-term[aria-describedby^="spar-def-trick-"]').count() == 1
    voila_page.screenshot("app-lesson-glossary")
