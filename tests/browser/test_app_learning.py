"""Lessons and explorations in the app, in Chromium: a lesson by its link, progress, charts."""

import re

from playwright.sync_api import expect

from test_app import heading, nav, open_app


def test_deep_link_opens_lesson_7_and_it_answers(app_server, voila_page):
    open_app(voila_page, app_server, "page=lessons&lesson=7&learner=Esi")
    page = voila_page.page
    expect(page.get_by_role("heading", name="Lesson 7: Dry and wet")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Step 1 of \d+"))).to_be_visible()
    voila_page.screenshot("app-lesson-7-light")
    page.get_by_role("button", name="king of clubs").click()  # the card's picture is the button
    expect(page.locator(".sp-feedback-wrong, .sp-feedback-right").first).to_be_visible()
    voila_page.screenshot("app-lesson-7-answered-light")
    nav(voila_page, "Home").click()
    expect(page.get_by_role("button", name=re.compile("^Continue lesson 7"))).to_be_visible()
    voila_page.screenshot("app-home-continue-light")


def test_start_lesson_1_from_home(app_server, voila_page):
    open_app(voila_page, app_server)
    voila_page.page.get_by_role("button", name="Start lesson 1").click()
    expect(voila_page.page.get_by_role("heading", name="Lesson 1: The pack and the ranks")).to_be_visible()
    voila_page.screenshot("app-lesson-1-light")


def test_lesson_list_in_the_dark(dark_app_server, voila_page):
    open_app(voila_page, dark_app_server, "page=lessons&learner=Yaw")
    expect(voila_page.page.get_by_text("Yaw: 0 of 17 lessons finished.")).to_be_visible()
    voila_page.page.get_by_role("button", name=re.compile("^Lesson 3:")).click()
    expect(voila_page.page.get_by_role("heading", name=re.compile("^Lesson 3:"))).to_be_visible()
    voila_page.screenshot("app-lesson-3-dark")


def test_explore_deals_and_charts(app_server, voila_page):
    open_app(voila_page, app_server, "page=explore")
    page = voila_page.page
    expect(heading(voila_page, "Explore")).to_be_visible()
    page.get_by_role("button", name="5", exact=True).click()
    page.get_by_role("button", name="Deal and count").click()
    expect(page.locator('svg[aria-label^="Last trick won, 5 players"]')).to_be_visible()
    page.get_by_role("button", name="Deal for 2 to 7 players").click()
    expect(page.locator('svg[aria-label^="Leading the last trick"]')).to_be_visible()
    voila_page.screenshot("app-explore-charts-light")
