"""The Play match in Chromium: a reload and a new tab bring back the match mid-hand (the
same cards, the same hand); the new tab says the match is open in another tab and takes it
over when asked; the first tab then says so at its next card."""

from __future__ import annotations

from playwright.sync_api import expect

from spar_tutor.app.pages.play_keeper import OTHER_TAB, TAKEN
from test_app import open_app

QUERY = "learner=Adwoa&page=play"  # a learner of her own: another test leaves Abla in French


def hand(page):
    return page.locator(".spar-hand-box .spar-card-btn")


def cards(page):
    return sorted(c.strip() for c in hand(page).all_inner_texts())


def play_a_card(page):
    count = hand(page).count()
    page.locator(".spar-hand-box .spar-card-btn:not(.spar-unplayable)").first.click()
    expect(hand(page)).to_have_count(count - 1)
    expect(page.locator(".spar-hand-box .spar-card-btn:not(.spar-unplayable)").first) \
        .to_be_visible()  # the bots have answered: the learner's turn again


def test_a_reload_and_a_new_tab_bring_back_the_match_mid_hand(app_server, voila_page):
    page = voila_page.page
    open_app(voila_page, app_server, QUERY)
    expect(hand(page)).to_have_count(5)
    play_a_card(page)
    play_a_card(page)
    held, title = cards(page), page.locator(".spar-title").first.locator("..").inner_text()
    assert len(held) == 3

    page.reload()  # the same tab: a new kernel, the same match, nothing to say
    expect(hand(page)).to_have_count(3)
    assert cards(page) == held
    assert page.locator(".spar-title").first.locator("..").inner_text() == title
    expect(page.get_by_text(OTHER_TAB)).to_have_count(0)

    other = page.context.new_page()  # a new tab of the same learner
    other.goto(app_server.app_url(QUERY))
    expect(hand(other)).to_have_count(3)
    assert cards(other) == held
    expect(other.get_by_text(OTHER_TAB)).to_be_visible()
    voila_page.page = other
    voila_page.screenshot("play-saved-other-tab-1280")
    other.set_viewport_size({"width": 390, "height": 844})
    voila_page.screenshot("play-saved-other-tab-390")
    other.set_viewport_size({"width": 1280, "height": 800})
    other.get_by_role("button", name="Play it here").click()
    expect(other.get_by_text(OTHER_TAB)).to_have_count(0)
    play_a_card(other)

    voila_page.page = page
    play_a_card(page)  # the first tab's next card: the match was taken
    expect(page.get_by_text(TAKEN)).to_be_visible()
    voila_page.screenshot("play-saved-taken-1280")
    other.close()
