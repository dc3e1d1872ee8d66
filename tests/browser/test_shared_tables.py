"""Shared tables in real browsers: three learners, each in their own browser context, at
one table with a computer player, served as ``spar-tutor serve`` serves them (Voila and
the table service in its own process, with its own database).

They play a whole hand: each page shows only its own cards, every card played appears on
the others' pages, and the hand ends with the same points on every page. Then a learner
closes her page: after the (shortened) away time a computer player plays her seat, and
when she opens her page again (the address she had) it takes the seat back.
"""

from __future__ import annotations

import re
from typing import Dict, Optional

import pytest
from playwright.sync_api import Page, expect

from conftest import UI_TIMEOUT_MS, save_screenshot
from test_app_phone import PHONE, overflowing
from tables_helpers import TEACHER_KEY
from shared_tables import (AWAY_S, card_names, code_of, only_own_cards, play_hand, playable,
                           seat_points, start_service, status, wait_for_card)

from spar_tutor.i18n import _, speaking
from spar_tutor.resources import app_notebook
from spar_tutor.widgets.hints import LABELS as HINT_LABELS

LEARNERS = ("Ama", "Kofi", "Esi")


@pytest.fixture(scope="module")
def tables_service(app_home, artifacts_dir, tmp_path_factory):
    service = start_service(tmp_path_factory.mktemp("tables-home"), artifacts_dir,
                            "tables-service")
    yield service
    service.stop()


@pytest.fixture(scope="module")
def tables_app(voila, tables_service, tmp_path_factory):
    """The app, its kernels told where the table service is; three kernels kept ready."""
    home = tmp_path_factory.mktemp("tables-app-home")
    return voila(app_notebook(), env={"SPAR_TUTOR_HOME": str(home),
                                      "SPAR_TUTOR_TABLES_URL": tables_service.url,
                                      "SPAR_TUTOR_TEACHER_KEY": TEACHER_KEY},
                 pool_size=3)


@pytest.fixture(scope="module")
def pages(browser):
    contexts = {}
    yield contexts
    for context in contexts.values():
        context.close()


def open_page(browser, pages: Dict[str, object], name: str, url: str,
              viewport: Optional[Dict[str, int]] = None) -> Page:
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    context.set_default_timeout(UI_TIMEOUT_MS)
    pages[name] = context
    page = context.new_page()
    page.goto(url, timeout=UI_TIMEOUT_MS)
    expect(page.locator(".spar-shell")).to_be_visible(timeout=UI_TIMEOUT_MS)
    return page


def test_three_learners_and_a_bot_play_a_hand(browser, tables_app, pages, pytestconfig):
    root = pytestconfig.rootpath
    ama = open_page(browser, pages, "Ama", tables_app.app_url("page=play&learner=Ama"))
    ama.get_by_role("button", name="Play with classmates").click()
    expect(ama.get_by_role("button", name="Make a table")).to_be_enabled()
    save_screenshot(ama, "tables-lobby", root)
    ama.get_by_role("button", name="Make a table").click()
    code = code_of(ama)
    assert len(code) == 4
    others = {name: open_page(browser, pages, name,
                              tables_app.app_url(f"page=table&table={code}&learner={name}"))
              for name in LEARNERS[1:]}
    table = {"Ama": ama, **others}
    for page in others.values():
        expect(page.locator(".spar-shared-table .spar-code")).to_have_text(code)
    expect(ama.locator(".spar-seat-list")).to_contain_text("Esi")
    save_screenshot(ama, "tables-waiting", root)
    ama.get_by_role("button", name="Start the match").click()
    for page in table.values():
        expect(page.locator(".spar-shared-table .spar-card-btn")).to_have_count(5)

    only_own_cards(table)
    save_screenshot(ama, "tables-ama-1280", root)

    played, seen_after = play_hand(table, root)
    assert len(played) >= 3 * 5 - 2  # the three learners played (nearly) all their cards
    points = [seat_points(page) for page in table.values()]
    assert points[0] == points[1] == points[2], points
    assert sum(int(p) for p in points[0]) > 0
    print(f"a card played showed on the other pages after {sorted(seen_after)[len(seen_after) // 2]:.2f} s "
          f"(median), {max(seen_after):.2f} s at most, over {len(seen_after)} cards")
    save_screenshot(ama, "tables-hand-over", root)

    esi = table["Esi"]
    address = esi.url  # keeps her seat and its secret
    assert "seat=" in address
    pages.pop("Esi").close()
    expect(ama.locator(".spar-seat-list")).to_contain_text("away", timeout=(AWAY_S + 20) * 1000)
    for name in ("Ama", "Kofi"):
        table[name].get_by_role("button", name="Next hand").click()
    # Esi is away: the computer plays her seat, and the hand goes on without her
    for page in (ama, table["Kofi"]):
        expect(page.locator(".spar-shared-table .spar-title")).to_contain_text("hand 2")
    back = open_page(browser, pages, "Esi", address)
    expect(back.locator(".spar-shared-table .spar-code")).to_have_text(code)
    # her page is heard again: her seat is hers (the button is for a learner who did not
    # play in time while the page stayed open)
    expect(ama.locator(".spar-seat-list")).not_to_contain_text("away")
    save_screenshot(back, "tables-esi-back", root)


def table_of_two(browser, pages, tables_app, names=("Yaw", "Akua")):
    """Two learners at a new table with two computer players, the match started."""
    first = open_page(browser, pages, names[0],
                      tables_app.app_url(f"page=table&learner={names[0]}"))
    first.get_by_role("button", name="Make a table").click()
    code = code_of(first)
    second = open_page(browser, pages, names[1], tables_app.app_url(
        f"page=table&table={code}&learner={names[1]}"))
    expect(second.locator(".spar-shared-table .spar-code")).to_have_text(code)
    first.get_by_role("button", name="Start the match").click()
    for page in (first, second):
        expect(page.locator(".spar-shared-table .spar-card-btn")).to_have_count(5)
    return code, first, second


def test_the_teacher_sees_every_hand_pauses_shows_and_resumes(browser, tables_app, pages,
                                                              pytestconfig):
    root = pytestconfig.rootpath
    code, yaw, akua = table_of_two(browser, pages, tables_app)
    cards = {"Yaw": card_names(yaw), "Akua": card_names(akua)}
    teacher = open_page(browser, pages, "teacher",
                        tables_app.app_url(f"page=class&key={TEACHER_KEY}"))
    tables = teacher.locator(".spar-class-tables")
    expect(tables).to_contain_text(code)
    expect(tables).to_contain_text("Yaw")
    teacher.get_by_role("button", name=f"Open table {code}").click()
    for name in cards["Yaw"] + cards["Akua"]:  # every hand, face up
        expect(teacher.locator(f'.spar-class-table .spar-felt [aria-label*="{name}"]').first
               ).to_be_attached()
    save_screenshot(teacher, "tables-teacher-watch", root)

    teacher.get_by_role("button", name="Pause").click()
    for page in (yaw, akua):
        expect(page.locator(".spar-shared-table .spar-status").first).to_contain_text("paused")
    teacher.locator(".spar-class-table input[type=text]").fill("Look at Yaw's cards")
    teacher.get_by_role("button", name="Show every hand to the table").click()
    for page, other in ((yaw, "Akua"), (akua, "Yaw")):
        expect(page.locator(".spar-teacher-note")).to_contain_text("Look at Yaw's cards")
        for name in cards[other]:  # the other's hand, open on this page
            assert wait_for_card(page, name) >= 0
    save_screenshot(akua, "tables-shown-to-akua", root)
    teacher.get_by_role("button", name="Resume play").click()
    for page, other in ((yaw, "Akua"), (akua, "Yaw")):
        expect(page.locator(".spar-teacher-note")).to_have_count(0)
        page.wait_for_function(
            "(names) => !names.some(n => Array.from(document.querySelectorAll("
            "'.spar-shared-table .spar-felt')).some(e => e.innerHTML.includes(n)))",
            arg=cards[other], timeout=UI_TIMEOUT_MS)
    # play goes on: whoever is to play can play
    mover = yaw if status(yaw).startswith("Your turn") else akua
    expect(mover.locator(".spar-shared-table .spar-status").first).to_contain_text("Your turn")
    card = playable(mover)[0]
    mover.get_by_role("button", name=card, exact=True).click()
    other = akua if mover is yaw else yaw
    wait_for_card(other, card)

    # tables for the class: the learners seen today, four at a table; Yaw sits at his
    started = teacher.locator(".spar-class-tables")
    for box in started.locator("input[type=checkbox]").all()[:-1]:  # the hints box is last
        box.check()
    teacher.get_by_role("button", name="Start tables for these learners").click()
    expect(started).to_contain_text("started:")
    text = started.inner_text()
    codes = text.split("started:")[1].split(".")[0].replace(",", " ").split()
    assert codes and all(len(c) == 4 for c in codes)
    save_screenshot(teacher, "tables-teacher-started", root)
    yaw.get_by_role("button", name="Leave the table").click()
    sit = yaw.get_by_role("button", name=re.compile("Sit down at table (" + "|".join(codes) + ")"))
    expect(sit.first).to_be_visible()
    sit.first.click()
    expect(yaw.locator(".spar-shared-table .spar-code")).to_have_text(re.compile("|".join(codes)))
    expect(yaw.locator(".spar-seat-list")).to_contain_text("You (you)")
    expect(yaw.locator(".spar-shared-table .spar-felt")).to_be_visible()


def french(text: str) -> str:
    """The page's words in French, as the catalogue has them."""
    with speaking("fr"):
        return _(text)


def fits_the_phone(page: Page, where: str) -> None:
    """Nothing at ``where`` runs off a phone's screen, and no button loses its words."""
    assert overflowing(page, f"{where} .spar-felt, {where} .spar-seat, {where} .spar-panel, "
                             f"{where} .widget-html") == []
    # (the heartbeat's timer, whose buttons are hidden in a pixel, is not for the learner)
    assert overflowing(page, f"{where} .spar-card-btn, "
                             f"{where} .jupyter-button:not(.spar-heartbeat *)", True) == []


def test_a_table_on_a_phone_in_french_with_a_classmate_in_english(browser, tables_app, pages,
                                                                  pytestconfig):
    """Afua plays on a phone, in French; Kwame, at a computer, reads the same table in
    English. Every screen fits the phone: the lobby, the table waiting, the hand with its
    hint, the end of the hand with her review; and the teacher's view of the table."""
    root = pytestconfig.rootpath
    afua = open_page(browser, pages, "Afua", tables_app.app_url(
        "page=table&learner=Afua&lang=fr"), viewport=PHONE)
    make = afua.get_by_role("button", name=french("Make a table"))
    expect(make).to_be_enabled()
    afua.get_by_label(french("Players"), exact=True).select_option("2")
    fits_the_phone(afua, ".spar-table-lobby")
    save_screenshot(afua, "tables-lobby-fr-390", root)
    make.click()
    code = code_of(afua)
    kwame = open_page(browser, pages, "Kwame",
                      tables_app.app_url(f"page=table&table={code}&learner=Kwame"))
    expect(afua.locator(".spar-seat-list")).to_contain_text(f"Kwame ({french('a classmate')})")
    fits_the_phone(afua, ".spar-shared-table")
    save_screenshot(afua, "tables-waiting-fr-390", root)
    afua.get_by_role("button", name=french("Start the match")).click()
    for page in (afua, kwame):
        expect(page.locator(".spar-shared-table .spar-card-btn")).to_have_count(5)
    expect(afua.locator(".spar-shared-table .spar-title")).to_contain_text(french("hand {number}").format(number=1))
    expect(kwame.locator(".spar-shared-table .spar-title")).to_contain_text("hand 1")
    if playable(kwame):  # Kwame leads: his card first, then it is Afua's turn
        card = playable(kwame)[0]
        kwame.get_by_role("button", name=card, exact=True).click()
        expect(kwame.get_by_role("button", name=card, exact=True)).to_have_count(0)
    expect(afua.locator(".spar-shared-table .spar-card-btn:not(.spar-unplayable)").first
           ).to_be_visible()
    afua.get_by_role("button", name=french(HINT_LABELS[1])).click()
    expect(afua.locator(".spar-shared-table .spar-hints .spar-hint-text b")).to_be_visible()
    fits_the_phone(afua, ".spar-shared-table")
    save_screenshot(afua, "tables-playing-fr-390", root)
    play_hand({"Afua": afua, "Kwame": kwame}, root, languages={"Afua": "fr"})
    afua.locator(".spar-shared-table .spar-review-hand").click()
    expect(afua.locator(".spar-shared-table .spar-review-hand")).to_be_visible()
    expect(afua.locator(".spar-shared-table table.spar-review")).to_be_visible(
        timeout=UI_TIMEOUT_MS * 2)
    fits_the_phone(afua, ".spar-shared-table")
    save_screenshot(afua, "tables-review-fr-390", root)
    save_screenshot(kwame, "tables-kwame-with-afua-1280", root)

    teacher = open_page(browser, pages, "teacher-fr", tables_app.app_url(
        f"page=class&key={TEACHER_KEY}&lang=fr"), viewport=PHONE)
    expect(teacher.locator(".spar-class-tables")).to_contain_text(code)
    teacher.get_by_role("button", name=french("Open table {code}").format(code=code)).click()
    expect(teacher.locator(".spar-class-table .spar-felt")).to_be_visible()
    fits_the_phone(teacher, ".spar-class-tables")
    save_screenshot(teacher, "tables-teacher-fr-390", root)
