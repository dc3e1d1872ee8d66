"""Play a whole hand of Spar in the Voila-served play notebook, in Chromium.

Clicks real card buttons (one by keyboard, one double-clicked), asks for hints, ends the hand,
opens the review, and saves screenshots to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import time
from typing import List

from playwright.sync_api import Page, expect

from test_app import a_choice_to_make

NOTEBOOK = "play.ipynb"
TIMEOUT_MS = 45_000


def card_buttons(page: Page):
    return page.locator("button.spar-card-btn")


CLICK_MS: List[float] = []
"""Browser-side time from each card click until the new hand is on screen."""


def play_one_card(page: Page, how: str = "click") -> None:
    """Click, double-click or press Enter on the first playable card; wait until the
    hand shrinks by exactly one card."""
    before = card_buttons(page).count()
    start = time.perf_counter()
    card = page.locator("button.spar-card-btn:not(.spar-unplayable)").first
    if how == "keyboard":
        card.focus()
        page.keyboard.press("Enter")
    elif how == "double":
        card.dblclick()
    else:
        card.click()
    expect(card_buttons(page)).to_have_count(before - 1, timeout=TIMEOUT_MS)
    CLICK_MS.append((time.perf_counter() - start) * 1000)
    if how == "double":
        page.wait_for_timeout(1500)  # a second card would have gone by now
        expect(card_buttons(page)).to_have_count(before - 1)


def play_hand(voila_page, server, notebook: str = NOTEBOOK) -> None:
    """The whole scenario; ``server`` serves a folder holding ``notebook``."""
    page = voila_page.page
    page.set_viewport_size({"width": 1280, "height": 1500})
    voila_page.open(server, notebook, wait_for="Your cards")
    expect(card_buttons(page)).to_have_count(5, timeout=TIMEOUT_MS)
    table = page.locator(".spar-felt[aria-label='the card table']").first
    expect(table.locator(".spar-seat")).to_have_count(4)
    expect(table.locator(".spar-seat-name").filter(has_text="You")).to_have_count(1)
    voila_page.screenshot("play-1-start")
    a_choice_to_make(page)  # a random deal: the chart needs two cards to compare

    page.get_by_role("button", name="1 · Nudge").click()
    voila_page.expect_text("A nudge:")
    page.get_by_role("button", name="3 · The computer's card").click()
    voila_page.expect_text("The computer's card:")
    expect(page.locator(".spar-app svg[role=img][aria-label^='chart of each choice']")).to_be_visible(
        timeout=TIMEOUT_MS)
    voila_page.screenshot("play-2-hint")

    play_one_card(page, how="keyboard")
    dimmed = page.locator("button.spar-card-btn.spar-unplayable")
    if dimmed.count():
        dimmed.first.click()
        expect(page.locator(".spar-status.spar-warn")).to_be_visible(timeout=TIMEOUT_MS)
    play_one_card(page, how="double")
    voila_page.screenshot("play-3-mid-hand")
    while card_buttons(page).count():
        play_one_card(page)
    voila_page.expect_text("review this hand below")
    expect(page.locator(".spar-banner")).to_be_visible()
    expect(page.locator("svg[role=img][aria-label^='Chart of the score over the hands']")
           ).to_be_visible(timeout=TIMEOUT_MS)  # drawn just after the click that ended the hand
    voila_page.screenshot("play-4-hand-over")

    page.get_by_role("button", name="Review this hand").click()
    voila_page.expect_text("Your decisions, hand 1")
    voila_page.screenshot("play-5-review")
    page.get_by_role("button", name="Next hand").click()
    expect(card_buttons(page)).to_have_count(5, timeout=TIMEOUT_MS)


def test_play_a_whole_hand_by_clicking_cards(notebooks_server, voila_page):
    play_hand(voila_page, notebooks_server)
    ms = sorted(CLICK_MS)
    print(f"card click to redrawn hand in Chromium: median {ms[len(ms) // 2]:.0f} ms, "
          f"max {ms[-1]:.0f} ms over {len(ms)} clicks")
    log = notebooks_server.log()
    assert "Traceback" not in log
