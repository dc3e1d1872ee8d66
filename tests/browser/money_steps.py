"""Steps of a ghana_table hand on the money notebook, shared by the money and review tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect

TIMEOUT_MS = 45_000


def bet_and_play_out(page: Page, voila_page, under_card: bool = False) -> None:
    """Offer the suggested bet, decline every bet offered to you, then play the first
    playable card until the hand is over. With ``under_card``, ask to see the under card
    when offered (at 1280 px: the question wraps beside the hints, which stay beside the
    table) and check the status line names it."""
    voila_page.expect_text("to bet with")
    page.get_by_role("button", name="Offer this bet").click()
    while page.get_by_role("button", name="Decline").count():
        page.get_by_role("button", name="Decline").first.click()
        page.wait_for_timeout(500)
    voila_page.expect_text("This hand: You bet 10")
    asked = False
    while page.locator("button.spar-card-btn").count():
        show = page.get_by_role("button", name="Show the under card")
        if under_card and not asked and show.count():
            panel = page.locator(".spar-main-left > .spar-panel", has=show).first
            hints = page.locator(".spar-app .spar-hints").first.bounding_box()
            felt = page.locator(".spar-app .spar-felt").first.bounding_box()
            assert panel.bounding_box()["width"] <= 681, panel.bounding_box()
            assert hints["x"] > felt["x"] + felt["width"] - 1, (hints, felt)  # still beside
            show.click()
            expect(page.locator(".spar-app .spar-status")).to_contain_text(
                "The under card is", timeout=TIMEOUT_MS)
            voila_page.screenshot("play-under-card-asked")
            asked = True
        before = page.locator("button.spar-card-btn").count()
        page.locator("button.spar-card-btn:not(.spar-unplayable)").first.click()
        expect(page.locator("button.spar-card-btn")).to_have_count(before - 1, timeout=TIMEOUT_MS)
