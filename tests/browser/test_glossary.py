"""The glossary in Chromium: a term's definition shows on hover, on keyboard focus and on
a tap, on the Rules page and in a lesson, and stays on the screen of a phone."""

from playwright.sync_api import expect

from spar_tutor.render.glossary import terms_in_language
from test_app import heading, open_app
from test_app_phone import PHONE

#: What a marked term's definition box (its CSS ::after) looks like right now.
TIP_JS = """e => { const s = getComputedStyle(e, '::after');
  return {display: s.display, content: s.content, position: s.position, left: s.left,
          right: s.right, bottom: s.bottom}; }"""


def term(page, key):
    """The first marked use of a glossary term on the page."""
    return page.locator(f'.spar-term[data-term="{key}"]').first


def tip(marked):
    return marked.evaluate(TIP_JS)


def test_rules_page_terms_show_their_meaning_on_hover_and_focus(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=rules")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    trick = term(page, "trick")
    expect(trick).to_be_visible()
    assert tip(trick)["display"] == "none"
    trick.hover()
    shown = tip(trick)
    assert shown["display"] == "block" and "One card from each player" in shown["content"]
    voila_page.screenshot("app-rules-glossary-hover")
    page.mouse.move(1, 1)
    assert tip(trick)["display"] == "none"
    renege = term(page, "renege")
    renege.focus()
    assert tip(renege)["display"] == "block" and "against the rules" in tip(renege)["content"]
    assert "against the rules" in page.evaluate(
        "document.activeElement.getAttribute('aria-description')")
    # the definition is no text of the page: the sentence reads as written
    expect(page.locator(".spar-shell li", has_text="is a renege").first).to_have_text(
        "Playing another suit when you could follow is a renege. It is against the rules.")
    expect(page.locator(".spar-glossary dt")).to_have_count(len(terms_in_language()))
    page.locator("body").click(position={"x": 5, "y": 5})
    voila_page.screenshot("app-rules-light")


def test_a_tap_shows_the_meaning_on_a_phone(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(PHONE)
    open_app(voila_page, app_server, "page=rules")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    lead = term(page, "lead")
    lead.scroll_into_view_if_needed()
    lead.click()  # a tap focuses it
    shown = tip(lead)
    assert shown["display"] == "block" and "first card of a trick" in shown["content"]
    # pinned to the bottom of the screen, inside its edges
    assert (shown["position"], shown["left"], shown["right"], shown["bottom"]) == \
        ("fixed", "8px", "8px", "12px")
    voila_page.screenshot("app-phone-rules-glossary")


def test_a_lesson_explains_its_words(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, "page=lessons&lesson=3&learner=Kojo")
    expect(page.locator(".sp-lesson h4", has_text="Follow suit")).to_be_visible(timeout=30_000)
    trick = term(page, "trick")
    trick.hover()
    assert tip(trick)["display"] == "block"
    assert page.locator('.spar-term[data-term="trick"]').count() == 1
    voila_page.screenshot("app-lesson-glossary")
