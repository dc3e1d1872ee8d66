"""The review of a ghana_table hand with a dry and a bet, in Chromium (issue 14): each
decision judged from what the learner could see, the hindsight apart and named as such,
the dry and the bet among the decisions, and no card codes. Screenshot ``review-*.png``."""

from __future__ import annotations

import re

from money_steps import TIMEOUT_MS, bet_and_play_out
from playwright.sync_api import expect

CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")


def test_review_a_ghana_table_hand_with_a_dry_and_a_bet(fixture_server, voila_page):
    page = voila_page.page
    page.set_viewport_size({"width": 1280, "height": 1600})
    voila_page.open(fixture_server, "money.ipynb", wait_for="You sit just before the dealer")
    page.get_by_role("button", name="Cut", exact=True).click()
    voila_page.expect_text("You cut 17 cards")
    page.get_by_role("button", name=re.compile(r"^Dry 7♥")).click()
    no_wet = page.get_by_role("button", name="No wet")
    expect(no_wet).to_be_visible(timeout=TIMEOUT_MS)
    no_wet.click()
    bet_and_play_out(page, voila_page, under_card=True)
    page.get_by_role("button", name="Review this hand").click()
    review = page.locator("table.spar-review")
    expect(review).to_be_visible(timeout=TIMEOUT_MS)
    voila_page.expect_text("Your decisions, hand 1")
    expect(review.locator("th").filter(has_text="From what you could see")).to_have_count(1)
    expect(review.locator("th").filter(has_text="With all cards seen (hindsight)")).to_have_count(1)
    expect(review).to_contain_text("You declared a dry: 7♥, face up.")
    expect(review).to_contain_text("You offered a bet of 10 cedis.")
    expect(review).to_contain_text("Before play")
    expect(review).to_contain_text("Trick 5")
    words = review.inner_text()
    rows = [row.inner_text() for row in review.locator("tr").all()]  # a tip is a line inside
    assert len([r for r in rows if re.match(r"Trick \d\s+You played", r)]) == 5, words
    assert len([r for r in rows if "You asked to see the under card" in r]) == 1, words
    for row in rows:  # each choice has its hindsight; a forced card has nothing to see
        if "You played" in row or "a dry" in row or "bet of" in row:
            forced = row.rstrip().endswith("It was your only choice.")
            assert ("With all cards seen:" in row) != forced, row
    assert not CARD_CODE.search(words), words
    assert "seat " not in words.lower() and "solver" not in words.lower(), words
    review.scroll_into_view_if_needed()
    voila_page.screenshot("review-1-ghana-table")
    # on a phone each decision is a block, its hindsight under it, as wide as the screen
    page.set_viewport_size({"width": 390, "height": 844})
    row = review.locator("tr").filter(has_text="Trick 2").first
    view = row.locator("td.spar-review-view").bounding_box()
    hindsight = row.locator("td.spar-review-hindsight").bounding_box()
    assert view["width"] > 280 and hindsight["y"] >= view["y"] + view["height"] - 1, (view, hindsight)
    row.scroll_into_view_if_needed()
    voila_page.screenshot("review-1-ghana-table-phone")
    assert "Traceback" not in fixture_server.log()
