"""The table's geometry in Chromium: no seat box covers a card of the trick (nor another
seat box, nor reaches outside the table), and every card shows a rank at least 11 px tall.

Every seat position is drawn (2 to 7 players, every seat with a dry shown, a wet at the
top seat and beside it, badges, hidden and open hands, a finished trick under a
question), plus every lesson step's table and deal and every puzzle's first position,
in the light and the dark theme and on a phone's screen. The pictures are HTML: they
are put in one page with the app's styles, no server needed."""

import pytest

from a11y import contrast
from tables import OVERLAPS_JS, SMALL_RANKS_JS, lesson_pictures, page_html, puzzle_pictures

#: Desktop light and dark, and a phone (the narrow layout: seats, words and trick in turn).
SCREENS = [("light", 1280, 900), ("dark", 1280, 900), ("light", 390, 844)]
MIN_RANK_PX = 11


@pytest.fixture(scope="module")
def pictures():
    return [*lesson_pictures(), *puzzle_pictures()]


@pytest.mark.parametrize("theme, width, height", SCREENS)
def test_no_seat_box_covers_the_trick_and_every_rank_is_readable(browser, pictures, theme,
                                                                  width, height,
                                                                  pytestconfig):
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.set_content(page_html(theme, pictures))
        assert page.locator("section[data-case]").count() > 100
        assert page.evaluate(OVERLAPS_JS) == []
        assert page.evaluate(SMALL_RANKS_JS, MIN_RANK_PX) == []
        # a card named in words on the felt ("won trick 4 with A♥") reads well: a white tag
        named = contrast(page, ".spar-felt .sp-c", skip="svg")
        assert len(named) >= 5 and [n for n in named if n["ratio"] < 4.5] == []
        # nothing wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for case in ("play-4p-wet2", "play-7p-wet3", "trick-4p-wet1", "lesson9-step3"):
            path = pytestconfig.rootpath / "test-artifacts" / "screenshots" / \
                f"table-{case}-{theme}-{width}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            page.locator(f'section[data-case="{case}"]').screenshot(path=str(path))
    finally:
        page.close()


def test_the_check_finds_a_covered_card(browser):
    """The overlap check is not blind: a seat box moved onto the led card is caught."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.set_content(page_html())
        page.evaluate("""() => { const s = document.querySelector('section[data-case="play-4p-wet2"]');
            const led = s.querySelector('.spar-led'); const seat = s.querySelector('.spar-seat');
            seat.style.left = led.style.left; seat.style.top = led.style.top; }""")
        found = page.evaluate(OVERLAPS_JS)
        assert any("play-4p-wet2: trick card of seat 3 (led) / seat box" in f for f in found)
        page.evaluate("""() => document.querySelectorAll('section[data-case="play-4p-wet1"] text.rank')
            .forEach((t) => t.setAttribute('font-size', '20'))""")
        assert page.evaluate(SMALL_RANKS_JS, MIN_RANK_PX)
    finally:
        page.close()


def test_in_french_no_caption_or_question_covers_a_seat_or_a_card(browser):
    """French words are longer ("Ama a ouvert" covered Ama's seat and "Pli 1 : qui le
    gagne ?" the led card, 29 places in all; "Robot 2 ouvre" touched its seat box, and
    a bot is now "Kofi (robot débutant)"): every table of the check, lesson step and
    puzzle, drawn in French with Play's French names, has none of the overlaps the English
    check looks for."""
    from spar_tutor.i18n import set_language

    set_language("fr")
    try:
        pictures = [*lesson_pictures(), *puzzle_pictures()]
        html = page_html("light", pictures)
    finally:
        set_language("en")
    assert "Pli 1\u00a0: qui gagne\u00a0?" in html
    assert 'Kofi <span class="spar-seat-role">(robot débutant)</span>' in html
    for width, height in ((1280, 900), (390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height})
        try:
            page.set_content(html)
            assert page.evaluate(OVERLAPS_JS) == [], width
        finally:
            page.close()
