"""What the shared tables' browser tests share: the app served with the table service
(its own process and database, as ``spar-tutor serve`` runs it), and a learner's page
at a table, read the way the learner sees it."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Dict, List

from playwright.sync_api import Page, expect
from tables_helpers import ServiceProcess

from spar_tutor.engine.cards import Card

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


def all_card_names() -> Dict[str, Card]:
    """Every card of a 36-card pack by its English name ("seven of hearts")."""
    return {Card(rank, suit).name: Card(rank, suit) for rank in range(6, 15) for suit in "SHDC"}


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


