"""The first screen, in Chromium: at 1280 x 900 the learner's hand, the trick and the
feedback are all in view without scrolling, on Play, in a lesson and in a puzzle; on a
phone (390 x 844) nothing is cut off. Screenshots of each, at both sizes, go to
test-artifacts/screenshots/first-screen-*.png."""

import re

from playwright.sync_api import expect

from test_app import FIRST_VISIT_MS, heading, nav, open_app

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

#: What must be in view, per screen: (what, CSS selector).
IN_VIEW = {
    "play": [("hand", ".spar-app .spar-hand-box"), ("trick", ".spar-app .spar-felt"),
             ("feedback", ".spar-app .spar-status")],
    "lesson": [("hand", ".sp-lesson .sp-area-answers"), ("trick", ".sp-lesson .spar-felt"),
               ("feedback", ".sp-lesson .sp-area-feedback > div")],
    "puzzle": [("hand", ".spar-pz .spar-hand-box"), ("trick", ".spar-pz .spar-felt"),
               ("feedback", ".spar-pz .spar-pz-status")],
}


def out_of_view(page, screen, height=DESKTOP["height"]):
    """The parts of a screen not wholly in the window (``height`` px high), unscrolled."""
    scrolled = page.evaluate("() => { const c = document.querySelector('#rendered_cells');"
                             " return (c ? c.scrollTop : 0) + window.scrollY; }")
    assert scrolled == 0, f"{screen}: the page was scrolled by {scrolled} px"
    out = []
    for what, selector in IN_VIEW[screen]:
        box = page.locator(selector).first.bounding_box()
        if box is None or box["height"] == 0:
            out.append(f"{what}: not shown")
        elif box["y"] < 0 or box["y"] + box["height"] > height \
                or box["x"] + box["width"] > DESKTOP["width"]:
            out.append(f"{what}: {box}")
    return out


def cut_off(page, width):
    """Elements of the app reaching beyond a phone's screen on the right or left."""
    return page.evaluate(
        """(width) => [...document.querySelectorAll('.spar-shell *')]
             .filter(e => { const r = e.getBoundingClientRect();
                            return r.width > 0 && r.height > 0 && !e.closest('select')
                                   && (r.right > width + 0.5 || r.left < -0.5); })
             .map(e => (e.className.baseVal ?? e.className) + ': ' + (e.innerText || '').slice(0, 30))""",
        width)


def header_rows(page):
    """The header on a phone: the tops of the page buttons, and whether the brand, the
    colours button and the language menu all sit above them."""
    return page.evaluate(
        """() => { const items = [...document.querySelectorAll('.spar-header > *')];
             const pages = items.filter(e => e.matches('.spar-nav:not(.spar-theme)'));
             const tops = pages.map(e => Math.round(e.getBoundingClientRect().top));
             const above = items.filter(e => !pages.includes(e)).every(
                 e => e.getBoundingClientRect().bottom <= Math.min(...tops) + 1);
             return [[...new Set(tops)], above]; }""")


def clipped_words(page):
    """Buttons and tab labels whose words do not fit them (cut off with an ellipsis)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.spar-shell .jupyter-button, .spar-shell .lm-TabBar-tabLabel')]
             .filter(e => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1)
             .map(e => e.className + ': ' + (e.innerText || '').slice(0, 30))""")


def test_hand_trick_and_feedback_on_the_first_screen_and_nothing_cut_off_on_a_phone(
        app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    open_app(voila_page, app_server, "page=play")
    expect(page.locator(".spar-card-btn")).to_have_count(5)
    assert out_of_view(page, "play") == []
    voila_page.screenshot("first-screen-play-1280")
    for height in (800, 740):  # laptops' windows: the table is drawn smaller
        page.set_viewport_size({"width": 1280, "height": height})
        assert out_of_view(page, "play", height) == [], height
        page.screenshot(path=str(voila_page.root / "test-artifacts" / "screenshots"
                                 / f"first-screen-play-1280x{height}.png"))  # the window only
    page.set_viewport_size(DESKTOP)

    nav(voila_page, "Lessons").click()
    page.get_by_role("button", name=re.compile("^Lesson 3:")).click()
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.get_by_text(re.compile(r"^Step 2 of \d+"))).to_be_visible()
    # the card's picture is the button: a click in the middle of the picture answers
    queen = page.get_by_role("button", name="queen of clubs")
    box = queen.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
    expect(page.locator(".sp-feedback-wrong")).to_be_visible()
    assert out_of_view(page, "lesson") == []
    voila_page.screenshot("first-screen-lesson-1280")

    nav(voila_page, "Puzzles").click()
    expect(heading(voila_page, "Puzzles")).to_be_visible(timeout=FIRST_VISIT_MS)
    page.get_by_role("button", name="Next puzzle").click()
    expect(page.get_by_text(re.compile("^Puzzle 2:"))).to_be_visible()
    assert out_of_view(page, "puzzle") == []
    voila_page.screenshot("first-screen-puzzle-1280")

    page.set_viewport_size(PHONE)
    for screen, back in (("puzzle", 0), ("lesson", 2), ("play", 3)):  # by Back, in history
        if back:
            for _ in range(back):
                page.go_back()
        expect(page.locator(IN_VIEW[screen][0][1]).first).to_be_visible()
        assert cut_off(page, PHONE["width"]) == [], screen
        assert clipped_words(page) == [], screen
        small = page.evaluate("""() => [...document.querySelectorAll('.spar-shell .jupyter-button')]
            .filter(b => { const r = b.getBoundingClientRect();
                           return r.width > 0 && r.height < 39 && !b.matches('.spar-nav')
                                  && !String(b.className).includes('card-btn'); })
            .map(b => b.innerText.trim() + ': ' + Math.round(b.getBoundingClientRect().height))""")
        assert small == [], (screen, small)  # big enough for a finger
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        voila_page.screenshot(f"first-screen-{screen}-390")
    # on a phone the header takes two rows, and Play's first screen reaches the cards
    tops, above = header_rows(page)
    assert len(tops) == 1 and above, (tops, above)
    middle = page.evaluate("""() => { const c = document.querySelector('#rendered_cells');
        const r = document.querySelector('.spar-app .spar-hand-box .spar-card-btn')
                          .getBoundingClientRect();
        return r.top + r.height / 2 + window.scrollY + (c ? c.scrollTop : 0); }""")
    assert middle < PHONE["height"], middle  # the first card, unscrolled
