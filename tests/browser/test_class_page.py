"""The Class page in Chromium: two learners answer lesson 1 in their own tabs and a third
finishes it, then the teacher's link shows all three, the stars of the lesson finished,
and the chart of the questions most often missed; a learner's link without the key, or
with a wrong one, does not open it."""

import base64
import re

from playwright.sync_api import expect

from spar_tutor.app import course
from conftest import CLASS_QUERY, UI_TIMEOUT_MS, VoilaPage
from test_app import nav, open_app
from test_app_phone import PHONE, overflowing
from test_walk import LessonWalk
from walk import Worklist


def answer_count_the_pack(voila_page, server, learner, wrong):
    """Lesson 1 for ``learner``: past the first page, then the wrong answers, then 35."""
    open_app(voila_page, server, f"page=lessons&lesson=1&learner={learner}")
    page = voila_page.page
    expect(page.get_by_role("heading", name=re.compile("^Lesson 1:"))).to_be_visible(
        timeout=UI_TIMEOUT_MS)
    page.locator(".sp-lesson button", has_text=re.compile("^Next$")).click()
    for answer in [*wrong, "35"]:
        page.locator(".sp-lesson button", has_text=re.compile(f"^{answer}$")).click()
        css = ".sp-feedback-right" if answer == "35" else ".sp-feedback-wrong"
        expect(page.locator(css)).to_be_visible(timeout=UI_TIMEOUT_MS)


def order_of(table, names):
    """``names`` in the order of the rows of ``table``."""
    shown = table.locator("tbody th[scope=row]").all_text_contents()
    return sorted(names, key=shown.index)


def test_the_teacher_sees_two_learners_and_the_chart(app_server, voila_page, browser):
    answer_count_the_pack(voila_page, app_server, "Abena", ["36"])
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        kwame = VoilaPage(other.new_page(), voila_page.root)
        kwame.page.set_default_timeout(UI_TIMEOUT_MS)
        answer_count_the_pack(kwame, app_server, "Kwame", ["36", "52"])
    finally:
        other.close()
    # Esi finishes lesson 1, each question wrong at the first try (the walk's way): 1 star
    open_app(voila_page, app_server, "page=lessons&lesson=1&learner=Esi")
    LessonWalk(voila_page.page, course.find_lesson("1"), Worklist()).walk()

    open_app(voila_page, app_server, CLASS_QUERY)  # the link spar-tutor serve prints
    page = voila_page.page
    table = page.locator("table.spar-class-table")
    expect(table).to_be_visible(timeout=UI_TIMEOUT_MS)  # the first chart loads matplotlib
    for name in ("Abena", "Kwame", "Esi"):
        expect(table.locator("th[scope=row]", has_text=re.compile(f"^{name}$"))).to_be_visible()
    abena = table.locator("tr", has=page.locator("th", has_text=re.compile("^Abena$")))
    # now on lesson 1: the page read and the question
    expect(abena).to_contain_text(f"1. {course.find_lesson('1').title}: 2 of")
    expect(abena).to_contain_text("0% (0 of 1)")  # wrong at the first try
    esi = table.locator("tr", has=page.locator("th", has_text=re.compile("^Esi$")))
    expect(esi.locator("td").first).to_have_text("1 (1 of 3 stars)")
    grid = page.locator("table.spar-class-grid")
    abena = grid.locator("tr", has=page.locator("th", has_text=re.compile("^Abena$")))
    expect(abena.locator(".sp-stars")).to_have_count(0)  # not finished: no stars
    expect(abena.locator("td").first).to_have_text(re.compile(r"^2/\d+$"))
    esi = grid.locator("tr", has=page.locator("th", has_text=re.compile("^Esi$")))
    expect(esi.locator(".sp-stars")).to_have_attribute("aria-label", "1 of 3 stars")
    expect(esi.locator(".sp-stars")).to_have_text("\u2605\u2606\u2606")
    expect(grid.locator("tr.spar-grid-total td").first).to_have_text("1")  # Esi finished it
    # the learners who may need help first: fewest lessons finished (other tests' learners
    # share this server, so only the order of these three is asserted)
    assert order_of(table, ["Abena", "Esi", "Kwame"]) == ["Abena", "Esi", "Kwame"]
    page.get_by_label("Order:").select_option(label="Lessons finished (fewest first)")
    for drawn in (table, grid):
        expect(drawn).to_have_attribute("data-order", "finished")
        assert order_of(drawn, ["Abena", "Esi", "Kwame"]) == ["Abena", "Kwame", "Esi"]
    expect(grid.locator("tbody tr").last.locator("th")).to_have_text("Finished by")
    chart = page.locator('.spar-class-chart img[alt^="Questions most often missed"]')
    expect(chart).to_be_visible()
    assert re.search(r"Lesson 1, step 2 \(Count the pack\): \d+", chart.get_attribute("alt"))
    assert chart.evaluate("img => img.naturalWidth") > 300
    expect(nav(voila_page, "Class")).to_be_visible()
    link = page.locator("a.spar-download")
    expect(link).to_have_text("Download the report (CSV)")
    data = base64.b64decode(link.get_attribute("href").split("base64,", 1)[1]).decode()
    assert data.startswith("Learner,Last seen,") and "\nAbena," in data and "\nKwame," in data
    esi_row = next(line for line in data.splitlines() if line.startswith("Esi,"))
    assert esi_row.split(",")[-len(course.playable()):] == ["1"] + [""] * (len(course.playable()) - 1)
    voila_page.screenshot("app-class-page-light")
    # on a phone the page keeps the screen's width: the wide tables scroll inside it
    page.set_viewport_size(PHONE)
    try:
        expect(grid).to_be_visible()
        assert overflowing(page, ".spar-class-table, .spar-class-grid, .spar-row select") == []
        voila_page.screenshot("app-class-page-phone")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    # one learner: Esi's lessons as badges, and the question she missed
    one = page.locator(".spar-class-learner")
    one.get_by_label("Learner:").select_option(label="Esi")
    expect(one.locator(".spar-path li.spar-path-done")).to_have_count(1)
    expect(one).to_contain_text(re.compile(r"Lesson 1, step 2 \(Count the pack\): \d+ wrong "
                                           r"answers?, then right\."))
    voila_page.screenshot("app-class-page-one-learner")
    # Kwame was a name typed wrong: the teacher removes it, after saying yes
    remove = page.locator(".spar-class-remove")
    remove.get_by_label("Learner:").select_option(label="Kwame")
    remove.get_by_role("button", name="Remove\u2026").click()
    expect(remove.get_by_role("alert")).to_have_text(
        "Remove Kwame and all of Kwame's progress? This cannot be undone.")
    voila_page.screenshot("app-class-page-remove")
    remove.get_by_role("button", name="Yes, remove Kwame").click()
    expect(remove.get_by_role("status")).to_have_text("Kwame was removed.")
    expect(table.locator("th[scope=row]", has_text=re.compile("^Kwame$"))).to_have_count(0)
    expect(table.locator("th[scope=row]", has_text=re.compile("^Abena$"))).to_be_visible()


def test_learners_cannot_open_the_class_page(app_server, voila_page):
    for query in ("page=class", "page=class&key=not-the-key", "page=class&learner=Abena"):
        open_app(voila_page, app_server, query)
        page = voila_page.page
        expect(page.get_by_text("That page is for teachers only.")).to_be_visible(
            timeout=UI_TIMEOUT_MS)
        expect(page.locator("table.spar-class-table")).to_have_count(0)
        expect(nav(voila_page, "Class")).to_have_count(0)
    voila_page.screenshot("app-class-page-refused")
