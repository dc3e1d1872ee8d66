"""The app on a phone-sized screen, in Chromium: the table, the hand and the buttons fit."""

from playwright.sync_api import expect

from test_app import heading, nav, open_app

PHONE = {"width": 390, "height": 844}


def overflowing(page, selector, clipped=False, width=PHONE["width"]):
    """The elements matching ``selector`` whose right edge is beyond a screen ``width``
    wide, or (with ``clipped``) whose words do not fit them (cut off with an ellipsis)."""
    return page.evaluate(
        """([sel, width, clipped]) => [...document.querySelectorAll(sel)]
             .filter(e => e.getBoundingClientRect().width > 0)
             .filter(e => e.getBoundingClientRect().right > width + 0.5
                          || (clipped && e.scrollWidth > e.clientWidth + 1))
             .map(e => e.className + ': ' + (e.innerText || '').slice(0, 30))""",
        [selector, width, clipped])


def test_play_fits_a_phone(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(PHONE)
    open_app(voila_page, app_server, "page=play&learner=Kojo")
    expect(heading(voila_page, "Play Spar")).to_be_visible()
    expect(page.locator(".spar-card-btn")).to_have_count(5)
    assert overflowing(page, ".spar-felt, .spar-seat") == []
    assert overflowing(page, ".spar-card-btn, .spar-controls .jupyter-button", True) == []
    # the hints come right under the cards and their buttons, before the page's words
    hints, intro, undo = (page.locator(sel).first.bounding_box()["y"] for sel in
                          (".spar-hints", ".spar-main-right h2", ".spar-controls"))
    assert undo < hints < intro
    voila_page.screenshot("app-phone-play")
    page.locator(".spar-card-btn:not(.spar-unplayable)").first.click()
    expect(page.locator(".spar-card-btn")).to_have_count(4)


def test_puzzle_buttons_keep_their_words_on_a_phone(app_server, voila_page):
    page = voila_page.page
    page.set_viewport_size(PHONE)
    open_app(voila_page, app_server, "page=puzzles&puzzle=1&learner=Kojo")
    show = page.get_by_role("button", name="Show solution")
    expect(show).to_be_visible()
    assert overflowing(page, ".jupyter-button", True) == []
    # the puzzle menu takes the screen's width under its name (it took what its name left)
    menu = page.locator(".spar-pz-top select").nth(1).bounding_box()
    label = page.locator(".spar-pz-top label", has_text="Puzzle").bounding_box()
    assert menu["width"] > PHONE["width"] - 80 and label["y"] + label["height"] <= menu["y"] + 1
    assert overflowing(page, ".spar-pz-top select") == []
    level = page.locator(".spar-pz-top select").nth(0).bounding_box()
    assert abs(level["x"] + level["width"] - menu["x"] - menu["width"]) <= 1  # one right edge
    boxes = [b for b in (e.bounding_box() for e in page.locator(
        ".spar-pz-top label, .spar-pz-top select, .spar-pz-top .widget-html").all()) if b]
    assert len(boxes) == 5 and not [
        (a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
        if a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1
        and a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1]
    voila_page.screenshot("app-phone-puzzle")
    nav(voila_page, "Lessons").click()
    expect(page.get_by_role("button", name="Lesson 1: The pack and the ranks")).to_be_visible()
    assert overflowing(page, ".jupyter-button", True) == []


def test_rules_tables_fit_a_phone(app_server, voila_page):
    """The wide tables are drawn a card a row, each cell under its column's name: nothing
    is cut off or needs scrolling sideways."""
    page = voila_page.page
    page.set_viewport_size(PHONE)
    open_app(voila_page, app_server, "page=rules")
    expect(heading(voila_page, "Rules of Spar")).to_be_visible()
    tables = page.locator(".spar-ref-table")
    expect(tables.first).to_be_visible()
    assert overflowing(page, ".spar-shell p, .spar-shell li, .spar-ref-table") == []
    assert overflowing(page, ".spar-ref-table td, .spar-ref-table caption", True) == []
    games = page.locator(".spar-stack", has_text="The games the tutor knows")
    row = games.locator("tr", has_text="Ghana table rules")
    label = row.locator("td").nth(7).evaluate(
        "td => getComputedStyle(td, '::before').content")
    assert label == '"House rules"'  # each cell says what it is
    box = row.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    voila_page.screenshot("app-phone-rules")


#: How the lessons page and Home greet a learner, in each language.
LESSONS_HEADING = {"en": "Lessons", "fr": "Leçons"}
BRAND = {"en": "Spar tutor", "fr": "Tuteur de Spar"}
CONTINUE = {"en": "Continue lesson 7: Dry and wet", "fr": "Continuer la leçon 7 : Sèche et mouillée"}


def summaries(page):
    """Each lesson row's summary: its box and its first words."""
    return page.evaluate("""() => [...document.querySelectorAll('.spar-lesson-row')].map(row => {
        const info = row.querySelector('.widget-html');
        const r = info.getBoundingClientRect();
        return {width: r.width, height: r.height, right: r.right,
                text: info.innerText.slice(0, 40)}; })""")


def test_the_lessons_list_fits_a_phone_in_every_language(app_server, voila_page):
    """Each lesson's summary is visible under its button, the screen's width, and the long
    (French) titles wrap instead of being cut off; the same at 1280 px."""
    page = voila_page.page
    for lang in ("en", "fr"):
        for size in (PHONE, {"width": 1280, "height": 900}):
            page.set_viewport_size(size)
            voila_page.open_url(app_server.app_url(f"page=lessons&lang={lang}"),
                                wait_for=BRAND[lang])
            expect(heading(voila_page, LESSONS_HEADING[lang])).to_be_visible()
            rows = summaries(page)
            assert len(rows) >= 17, rows  # the checkpoint and every lesson
            for row in rows:
                assert row["height"] >= 18 and row["text"].strip(), (lang, size, row)
                assert row["width"] >= min(300, size["width"] - 60), (lang, size, row)
                assert row["right"] <= size["width"] + 0.5, (lang, size, row)
            assert overflowing(page, ".spar-lesson-btn", True, size["width"]) == [], (lang, size)
            if size is PHONE:
                voila_page.screenshot(f"app-phone-lessons-{lang}")
    # Home's "continue" button wraps its long French title (it was cut off on a phone)
    page.set_viewport_size(PHONE)
    for lang in ("en", "fr"):
        voila_page.open_url(app_server.app_url(
            f"page=lessons&lesson=7&step=2&learner=Abla&lang={lang}"), wait_for=BRAND[lang])
        voila_page.open_url(app_server.app_url(f"learner=Abla&lang={lang}"), wait_for=BRAND[lang])
        button = page.get_by_role("button", name=CONTINUE[lang])
        expect(button).to_be_visible()
        assert overflowing(page, ".spar-primary", True) == [], lang
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5
    voila_page.screenshot("app-phone-home-continue-fr")
