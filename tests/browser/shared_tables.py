"""What the shared tables' browser tests share: the app served with the table service
(its own process and database, as ``spar-tutor serve`` runs it), and a learner's page
at a table, read the way the learner sees it."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from conftest import save_screenshot
from playwright.sync_api import Page, expect
from tables_helpers import ServiceProcess

from spar_tutor.engine.cards import Card
from spar_tutor.i18n import speaking

AWAY_S = 6
"""The test service counts a learner away after this many seconds without a word from
their page (60 in a class); a decision may wait for as long as a test takes."""


def card_names(page: Page) -> List[str]:
    """The names of the learner's own cards, as their buttons say them."""
    return page.locator(".spar-shared-table .spar-card-btn").all_inner_texts()


def playable(page: Page) -> List[str]:
    """The learner's cards they may play now."""
    return page.locator(".spar-shared-table .spar-card-btn:not(.spar-unplayable)").all_inner_texts()


def felt_html(page: Page) -> str:
    """The table drawn on the page (the felt and what lies beside it)."""
    return page.evaluate("() => Array.from(document.querySelectorAll('.spar-shared-table "
                         ".spar-felt, .spar-shared-table .spar-side'))"
                         ".map(e => e.outerHTML).join('')")


def status(page: Page) -> str:
    return page.locator(".spar-shared-table .spar-status").first.inner_text()


def seat_points(page: Page) -> List[str]:
    """Each seat's points, in seat order, as the page lists them."""
    rows = page.locator(".spar-shared-table .spar-seat-list li").all_inner_texts()
    return [re.sub(r"^.*?(-?\d+) points?.*$", r"\1", row) for row in rows]


def shows_card(page: Page, name: str) -> bool:
    """Whether the page holds a card of this name anywhere (its picture's name)."""
    return bool(page.evaluate("(name) => document.body.innerHTML.includes(name)", name))


def wait_for_card(page: Page, name: str, timeout_s: float = 45) -> float:
    """Wait until the page shows the card ``name`` on its table; seconds it took."""
    start = time.monotonic()
    page.wait_for_function(
        "(name) => Array.from(document.querySelectorAll('.spar-shared-table .spar-felt, "
        ".spar-shared-table .spar-side')).some(e => e.innerHTML.includes(name))",
        arg=name, timeout=timeout_s * 1000)
    return time.monotonic() - start


def code_of(page: Page) -> str:
    """The table's code, as its page shows it."""
    found = page.locator(".spar-shared-table .spar-code")
    expect(found).to_be_visible()
    return found.inner_text().strip()


def start_service(home: Path, artifacts: Path, name: str) -> ServiceProcess:
    """The table service with its own SQLite database in ``home``."""
    return ServiceProcess(f"sqlite:///{home / 'spar-tutor.sqlite'}", artifacts / f"{name}.log",
                          extra=("--away-seconds", str(AWAY_S), "--idle-seconds", "900"))




def hand_over(page: Page) -> bool:
    """Whether the page offers the hand's review: the hand is over (in any language)."""
    return page.locator(".spar-shared-table .spar-review-hand").is_visible()


def names_in(language: str) -> Dict[str, Card]:
    """Every card of a 36-card pack by its name in ``language``, as a page writes it."""
    with speaking(language):
        return {Card(rank, suit).name: Card(rank, suit) for rank in range(6, 15)
                for suit in "SHDC"}


def play_hand(table: Dict[str, Page], root: Path, timeout_s: float = 120,
              languages: Optional[Dict[str, str]] = None) -> Tuple[List[str], List[float]]:
    """The learners at ``table`` (their pages by name, in ``languages``: English unless
    said) play the hand to its end, each clicking their first playable card on their turn;
    after each card, every other page shows it. Returns the cards played (as the player's
    page names them) and how long each took to show on each other page."""
    language = {name: (languages or {}).get(name, "en") for name in table}
    cards_in = {lang: names_in(lang) for lang in set(language.values())}
    seen_after: List[float] = []
    played: List[str] = []
    deadline = time.monotonic() + timeout_s
    while not all(hand_over(page) for page in table.values()):
        if time.monotonic() > deadline:
            for name, page in table.items():
                save_screenshot(page, f"FAILED-tables-{name}", root)
            pytest.fail("the hand did not end: " + " | ".join(status(p) for p in table.values()))
        mover = next((n for n, p in table.items() if playable(p)), None)
        if mover is None:  # the others are playing, or a page is drawing its new picture
            time.sleep(0.1)
            continue
        page = table[mover]
        cards = playable(page)
        if not cards:
            continue
        card = cards[0]
        page.get_by_role("button", name=card, exact=True).click()
        played.append(card)
        for other, other_page in table.items():
            if other != mover:
                shown = cards_in[language[mover]][card]
                seen_after.append(wait_for_card(other_page, next(
                    n for n, c in cards_in[language[other]].items() if c == shown)))
        expect(page.get_by_role("button", name=card, exact=True)).to_have_count(0)
    return played, seen_after


def only_own_cards(table: Dict[str, Page]) -> Dict[str, List[str]]:
    """Each learner's cards, checked: no page holds another learner's card anywhere, and
    the other hands are drawn face down."""
    hands = {name: card_names(page) for name, page in table.items()}
    for name, page in table.items():
        others_cards = set().union(*(set(h) for n, h in hands.items() if n != name))
        assert set(hands[name]).isdisjoint(others_cards)
        shown = [card for card in others_cards if shows_card(page, card)]
        assert shown == [], f"{name}'s page holds other seats' cards: {shown}"
        assert "hidden cards" in felt_html(page)
    return hands
