"""Steps of a ghana_table hand on the money notebook, shared by the money and review tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect

TIMEOUT_MS = 45_000


def bet_and_play_out(page: Page, voila_page) -> None:
    """Offer the suggested bet, decline every bet offered to you, then play the first
    playable card until the hand is over."""
    voila_page.expect_text("to bet with")
    page.get_by_role("button", name="Offer this bet").click()
    while page.get_by_role("button", name="Decline").count():
        page.get_by_role("button", name="Decline").first.click()
        page.wait_for_timeout(500)
    voila_page.expect_text("This hand: You bet 10")
    while page.locator("button.spar-card-btn").count():
        before = page.locator("button.spar-card-btn").count()
        page.locator("button.spar-card-btn:not(.spar-unplayable)").first.click()
        expect(page.locator("button.spar-card-btn")).to_have_count(before - 1, timeout=TIMEOUT_MS)
