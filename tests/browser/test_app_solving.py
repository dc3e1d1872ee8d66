"""Puzzles in the app, in Chromium: a puzzle by its link, a card played, a hint."""

import re

from playwright.sync_api import expect

from test_app import open_app


def test_deep_link_opens_a_puzzle_and_it_answers(app_server, voila_page):
    open_app(voila_page, app_server, "page=puzzles&puzzle=2&learner=Kwame")
    page = voila_page.page
    expect(page.get_by_text(re.compile(r"^Puzzle 2: "))).to_be_visible()
    expect(page.locator(".spar-pz-goal")).to_contain_text("Goal")
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator(".spar-pz-status")).not_to_contain_text("Your turn: click one")
    status = page.locator(".spar-pz-status").inner_text()
    page.get_by_role("button", name=re.compile(r" of (spades|hearts|diamonds|clubs)$")).first.click()
    expect(page.locator(".spar-pz-status")).not_to_have_text(status)
    voila_page.screenshot("app-puzzle-2-light")


def test_puzzles_in_the_dark(dark_app_server, voila_page):
    open_app(voila_page, dark_app_server, "page=puzzles&puzzle=1")
    expect(voila_page.page.get_by_text(re.compile(r"^Puzzle 1: "))).to_be_visible()
    voila_page.screenshot("app-puzzle-1-dark")
