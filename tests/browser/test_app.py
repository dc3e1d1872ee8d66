"""The web app in Chromium: every page, deep links with a preheated kernel, both themes."""

import re
import time

import pytest
from playwright.sync_api import expect

from a11y import low_contrast, unnamed_controls
from spar_tutor.resources import app_notebook

#: What each page shows first, so a test knows it arrived.
HEADINGS = {
    "Home": "Akwaaba! Learn to play Spar",
    "Lessons": "Lessons",
    "Puzzles": "Puzzles",
    "Play": "Play",
    "Explore": "Explore",
    "Rules": "Rules of Spar",
}
#: Text of the app's own and of the widgets it shows (the play table, the lesson player).
TEXT_SELECTORS = [".spar-shell h1", ".spar-shell h2", ".spar-shell h3", ".spar-shell h4",
                  ".spar-shell p", ".spar-shell li", ".spar-shell td", ".spar-shell th",
                  ".spar-shell button", ".spar-shell .widget-label", ".spar-shell dd",
                  ".spar-shell .widget-html-content > div", ".spar-shell .widget-html-content > span",
                  ".spar-shell .lm-TabBar-tab"]


#: A page's first visit builds it: Puzzles checks its 72 puzzles with the solver (about 2.5 s
#: on a quiet machine, more while other tests share the two cores).
FIRST_VISIT_MS = 30_000


def nav(voila_page, name):
    """The navigation bar's button for a page."""
    return voila_page.page.locator(".spar-nav", has_text=re.compile(f"^{name}$"))


def heading(voila_page, text):
    return voila_page.page.locator(".spar-shell h1, .spar-shell h2").filter(has_text=text).first


def open_app(voila_page, server, query=""):
    voila_page.open_url(server.app_url(query), wait_for="Spar tutor")
    return voila_page


def a_choice_to_make(page) -> None:
    """Play on until the learner has two cards or more to choose from: the deal is random,
    and with one card to play there are no chances to draw (nor a "Why not")."""
    hand = page.locator(".spar-card-btn")
    playable = page.locator(".spar-card-btn:not(.spar-unplayable)")
    next_hand = page.get_by_role("button", name=re.compile("^(Next hand|Donne suivante)$"))
    for _ in range(12):
        expect(playable.first).to_be_visible(timeout=45_000)  # the learner's turn
        if playable.count() >= 2:
            return
        held = hand.count()
        playable.first.click()
        expect(hand).to_have_count(held - 1, timeout=45_000)
        if held == 1:  # the hand is over: a new one
            next_hand.click()
            expect(hand).to_have_count(5, timeout=45_000)
    pytest.fail("the learner never had two cards to choose from")


def test_home_is_a_welcoming_first_screen(app_server, voila_page):
    open_app(voila_page, app_server)
    start = voila_page.page.get_by_role("button", name="Start lesson 1")
    expect(start).to_be_enabled()
    for text in ("Akwaaba", "Only the last trick scores", "Who is learning?", "Play a game",
                 "Try a puzzle"):
        expect(voila_page.page.get_by_text(text).first).to_be_visible()
    html = voila_page.page.content()
    assert "from spar_tutor.app import show" not in html  # no code shown
    voila_page.screenshot("app-home-light")


def test_the_app_asks_nothing_of_the_internet(app_server, voila_page):
    """A classroom without internet: every request of the app's page goes to the server
    it came from (Voila's own lab page fetches Font Awesome from cdn.jsdelivr.net, a
    stylesheet that holds back the first paint until it fails), and the icons still show,
    from Voila's own bundle."""
    page = voila_page.page
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    open_app(voila_page, app_server)
    nav(voila_page, "Play").click()
    undo = page.locator(".spar-app .jupyter-button:has-text('Undo') i.fa").first
    expect(undo).to_be_attached(timeout=FIRST_VISIT_MS)
    elsewhere = [u for u in asked
                 if not u.startswith(app_server.base_url) and not u.startswith("data:")]
    assert elsewhere == [], elsewhere
    assert "cdn.jsdelivr.net" not in page.content()
    font = undo.evaluate("e => getComputedStyle(e).fontFamily")
    assert "Font Awesome" in font, font
    glyph = undo.evaluate("e => getComputedStyle(e, '::before').content")
    assert glyph not in ("none", "normal", ""), glyph


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_page_opens_from_the_navigation(request, theme, voila_page):
    server = request.getfixturevalue("app_server" if theme == "light" else "dark_app_server")
    open_app(voila_page, server)
    for name, text in HEADINGS.items():
        nav(voila_page, name).click()
        expect(heading(voila_page, text)).to_be_visible(timeout=FIRST_VISIT_MS)
        expect(nav(voila_page, name)).to_have_class(re.compile("spar-nav-on"))
        voila_page.screenshot(f"app-{name.lower()}-{theme}")
        assert low_contrast(voila_page.page, TEXT_SELECTORS) == [], name
    assert "Traceback" not in voila_page.page.content()


def test_deep_link_with_a_preheated_kernel(voila, app_home, voila_page):
    """The notebook ran before the request, then waited for it and followed the link."""
    server = voila(app_notebook(), env={"SPAR_TUTOR_HOME": str(app_home), "SPAR_TEST": "deep-link"})
    deadline = time.monotonic() + 90
    while "is filled with 1 kernel" not in server.log() or \
            "waiting for the page request" not in server.log():
        assert time.monotonic() < deadline, "the preheated kernel never got ready"
        time.sleep(0.25)
    open_app(voila_page, server, "page=rules&preset=sipa&learner=Ama")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    expect(voila_page.page.get_by_text("Scoring in Sipa (Togo)")).to_be_visible()
    expect(voila_page.page.get_by_text("The same player wins the last three tricks, each with a 7")).to_be_visible()
    log = server.log()
    assert log.index("waiting for the page request") < log.index("page request arrived") \
        < log.index("following the link to page rules")
    voila_page.screenshot("app-deep-link-rules-sipa")
    nav(voila_page, "Home").click()
    expect(voila_page.page.get_by_text("Hello, Ama!")).to_be_visible()


def test_keyboard_reaches_and_uses_every_control(app_server, voila_page):
    open_app(voila_page, app_server)
    page = voila_page.page
    page.locator("body").click(position={"x": 5, "y": 5})
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("() => document.activeElement.textContent.trim()"))
        if seen[-1] == "Rules":
            break
    assert seen[-1] == "Rules", seen
    assert ["Home", "Lessons", "Puzzles", "Play", "Explore", "Rules"] == \
        [s for s in seen if s in HEADINGS]
    page.keyboard.press("Enter")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    page.get_by_label("Game:").focus()
    page.keyboard.press("ArrowDown")  # the next game in the list: Ghana table rules
    expect(page.get_by_text("Scoring in Ghana table rules")).to_be_visible()
    # Back to Home with Shift+Tab and Enter, then to the first lesson with Tab and Enter.
    nav(voila_page, "Home").focus()
    page.keyboard.press("Enter")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Start lesson 1":
            break
    page.keyboard.press("Enter")
    expect(nav(voila_page, "Lessons")).to_have_class(re.compile("spar-nav-on"))


@pytest.mark.parametrize("page_name", list(HEADINGS))
def test_controls_and_pictures_have_names(app_server, voila_page, page_name):
    open_app(voila_page, app_server)
    nav(voila_page, page_name).click()
    expect(heading(voila_page, HEADINGS[page_name])).to_be_visible(timeout=FIRST_VISIT_MS)
    assert unnamed_controls(voila_page.page) == []
    for svg in voila_page.page.locator(".spar-shell svg[role=img]").all():
        assert svg.get_attribute("aria-label")


def test_learner_name_typed_on_home(app_server, voila_page):
    open_app(voila_page, app_server)
    box = voila_page.page.get_by_placeholder("Your first name")
    box.fill("Kɔfi <b>")
    box.press("Enter")
    expect(voila_page.page.get_by_text("Hello, Kɔfi b!")).to_be_visible()
    expect(box).to_have_value("Kɔfi b")  # the box shows the name as it is kept
    link = voila_page.page.get_by_role("link", name="this link")
    assert link.get_attribute("href") == "?learner=K%C9%94fi%20b"
    voila_page.screenshot("app-home-named-light")
