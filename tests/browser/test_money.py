"""The cut and the bets in Chromium: the learner cuts, declines the declarations, bets,
plays the hand out and sees the ledger. Screenshots ``money-*.png``."""

from __future__ import annotations

from money_steps import bet_and_play_out
from playwright.sync_api import expect


def test_cut_bet_and_ledger(fixture_server, voila_page):
    page = voila_page.page
    page.set_viewport_size({"width": 1280, "height": 1400})
    voila_page.open(fixture_server, "money.ipynb", wait_for="You sit just before the dealer")
    expect(page.locator("button.spar-card-btn")).to_have_count(0)
    voila_page.screenshot("money-1-cut")
    page.get_by_role("button", name="Cut", exact=True).click()
    voila_page.expect_text("You cut 17 cards")
    for _ in range(4):  # no under-ten exchange, no dry, no wet
        keep = page.get_by_role("button", name="No dry").or_(
            page.get_by_role("button", name="Keep my hand")).or_(
            page.get_by_role("button", name="No wet"))
        if not keep.count():
            break
        keep.first.click()
        page.wait_for_timeout(500)
    voila_page.expect_text("to bet with")
    voila_page.screenshot("money-2-bets")
    bet_and_play_out(page, voila_page)
    voila_page.expect_text("Money:")
    voila_page.screenshot("money-3-ledger")
    assert "Traceback" not in fixture_server.log()
