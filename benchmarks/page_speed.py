"""How quickly each page of the app shows, in headless Chromium, one learner, as served by
``spar-tutor serve`` (a preheated kernel, the puzzles checked before it started).

    python benchmarks/page_speed.py [--runs 3] [--pages home,lessons,...]

* **first view**: a fresh tab (empty browser cache) opens the app, until Home's "Start
  lesson 1" can be clicked (target 1.5 s);
* **first visit**: in that tab, a click on each page's button in the navigation bar, until
  that page is shown (its button marked as the current page: the kernel sends both in one
  message), the first time in the tab (target 0.5 s);
* **a link straight to a page**: a fresh tab opening ``?page=NAME``, until the page is shown
  (target 2 s); before each, the server preheats the next kernel, as it would while nobody
  asks.

Each figure is the median of ``--runs`` runs (and the slowest). The load average is printed
before and after: other work on the machine slows everything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Dict, List, Optional, Sequence

from playwright.sync_api import sync_playwright

import app_server
from app_bench import CHROMIUM, CHROMIUM_ARGS

PAGES = {"home": "Home", "lessons": "Lessons", "puzzles": "Puzzles", "play": "Play",
         "explore": "Explore", "rules": "Rules"}
FIRST_VIEW_S, FIRST_VISIT_S, LINK_S = 1.5, 0.5, 2.0
TIMEOUT_MS = 90_000


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def shown(page, label: str) -> None:
    """Until the navigation bar marks ``label``'s page as the one shown."""
    page.locator(".spar-nav.spar-nav-on", has_text=label).first.wait_for(timeout=TIMEOUT_MS)


def first_view_and_visits(browser, server, pages: Sequence[str]) -> Dict[str, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    began = time.monotonic()
    page.goto(server.url)
    page.get_by_role("button", name="Start lesson 1").click(trial=True, timeout=TIMEOUT_MS)
    times = {"first view": time.monotonic() - began}
    for name in pages:
        if name == "home":
            continue
        label = PAGES[name]
        began = time.monotonic()
        page.locator(".spar-nav", has_text=label).first.click()
        shown(page, label)
        times[f"first visit: {name}"] = time.monotonic() - began
    context.close()
    return times


def link(browser, server, name: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    began = time.monotonic()
    page.goto(f"{server.url}?page={name}")
    shown(page, PAGES[name])
    if name == "home":
        page.get_by_role("button", name="Start lesson 1").click(trial=True, timeout=TIMEOUT_MS)
    seconds = time.monotonic() - began
    context.close()
    return seconds


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", default=",".join(PAGES),
                        help=f"the pages to visit and link to (default: {','.join(PAGES)})")
    args = parser.parse_args(argv)
    pages = [p.strip() for p in args.pages.split(",") if p.strip()]
    if not set(pages) <= set(PAGES):
        parser.error(f"--pages: choose among {', '.join(PAGES)}")
    print(f"before: {load_average()}", flush=True)
    server = app_server.start()
    results: Dict[str, List[float]] = {}
    preheats = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                preheats += 1
                server.wait_preheated(times=preheats)
                for what, seconds in first_view_and_visits(browser, server, pages).items():
                    results.setdefault(what, []).append(seconds)
                for name in pages:
                    preheats += 1
                    server.wait_preheated(times=preheats)
                    results.setdefault(f"link: ?page={name}", []).append(link(browser, server, name))
            browser.close()
    finally:
        server.stop()
    ok = True
    for what, times in results.items():
        target = FIRST_VIEW_S if what == "first view" else \
            FIRST_VISIT_S if what.startswith("first visit") else LINK_S
        met = statistics.median(times) <= target
        ok &= met
        print(f"{what}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
              f"over {len(times)} runs (target {target:g} s: {'ok' if met else 'OVER'})")
    print(f"after: {load_average()}")
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
