"""Playing in the app, in Chromium: a hint, a card by mouse and by keyboard, card names."""

import re

import pytest
from playwright.sync_api import expect

from test_app import heading, nav, open_app


def hand(voila_page):
    return voila_page.page.locator(".spar-card-btn")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_take_a_hint_then_play_a_card(request, theme, voila_page):
    server = request.getfixturevalue("app_server" if theme == "light" else "dark_app_server")
    open_app(voila_page, server)
    nav(voila_page, "Play").click()
    expect(heading(voila_page, "Play Spar")).to_be_visible()
    expect(hand(voila_page)).to_have_count(5)
    page = voila_page.page
    page.get_by_role("button", name="1 · Nudge").click()
    expect(page.locator(".spar-hint-text").first).not_to_contain_text("Stuck?")
    voila_page.screenshot(f"app-play-hint-{theme}")
    card = page.locator(".spar-card-btn:not(.spar-unplayable)").first
    name = card.inner_text().strip()
    card.click()
    expect(hand(voila_page)).to_have_count(4)
    assert name not in [c.strip() for c in hand(voila_page).all_inner_texts()]
    voila_page.screenshot(f"app-play-after-a-card-{theme}")


def test_a_card_is_played_with_the_keyboard(app_server, voila_page):
    open_app(voila_page, app_server)
    nav(voila_page, "Play").click()
    expect(hand(voila_page)).to_have_count(5)
    page = voila_page.page
    card = page.locator(".spar-card-btn:not(.spar-unplayable)").first
    card.focus()
    assert page.evaluate("() => document.activeElement.classList.contains('spar-card-btn')")
    page.keyboard.press("Enter")
    expect(hand(voila_page)).to_have_count(4)


def test_cards_have_names_for_screen_readers(app_server, voila_page):
    open_app(voila_page, app_server)
    nav(voila_page, "Play").click()
    expect(hand(voila_page)).to_have_count(5)
    names = [t.strip() for t in hand(voila_page).all_inner_texts()]
    assert all(re.fullmatch(r"(six|seven|eight|nine|ten|jack|queen|king|ace) of "
                            r"(spades|hearts|diamonds|clubs)", n) for n in names), names
