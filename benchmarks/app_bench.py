"""How fast the app's first screen is, and how much memory a learner's kernel takes.

    python benchmarks/app_bench.py [--runs 5] [--theme dark] [--no-preheat]

Serves the app as ``spar-tutor serve`` does (preheated kernel), then for each
run opens a fresh headless Chromium tab (the system /usr/bin/chromium) and
times from navigation until the Home page's "Start lesson 1" button can be
clicked. Between runs it waits for Voila to preheat the next kernel, as a
server would have done while nobody was asking. Then it opens every page of
the app in that tab and reads the kernel's resident memory (RSS) at the first
screen and with every page built. Targets: first screen <= 3 s, kernel < 150 MB.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

import app_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking"]
FIRST_SCREEN_TARGET_S = 3.0
KERNEL_TARGET_MB = 150.0
NAV = ["Lessons", "Puzzles", "Play", "Explore", "Rules", "Home"]


def one_run(browser, server: app_server.AppServer, visit_all: bool, context=None) -> dict:
    """One tab from navigation to a clickable "Start lesson 1" (a fresh browser cache unless
    ``context`` is given)."""
    own = context is None
    context = context or browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start = time.monotonic()
    page.goto(server.url)
    button = page.get_by_role("button", name="Start lesson 1")
    button.click(trial=True, timeout=60_000)  # waits until visible, enabled and clickable
    first_screen = time.monotonic() - start
    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    pid = server.kernel_of(kernel_id)
    result = {"first_screen_s": first_screen, "kernel_mb": app_server.rss_mb(pid) if pid else None}
    if visit_all:
        for name in NAV:
            page.locator(".spar-nav", has_text=name).first.click()
            page.locator(".spar-nav.spar-nav-on", has_text=name).first.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
        result["kernel_all_pages_mb"] = app_server.rss_mb(pid) if pid else None
    page.close()
    if own:
        context.close()
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--no-preheat", action="store_true", help="measure a cold kernel start")
    parser.add_argument("--warm-cache", action="store_true",
                        help="keep the browser cache between runs (a learner coming back)")
    args = parser.parse_args(argv)

    server = app_server.start(theme=args.theme, preheat=not args.no_preheat)
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shared = browser.new_context(viewport={"width": 1280, "height": 800}) \
                if args.warm_cache else None
            for run in range(args.runs):
                if not args.no_preheat:
                    server.wait_preheated(times=run + 1)
                results.append(one_run(browser, server, visit_all=run == 0, context=shared))
                print(f"run {run + 1}: first screen {results[-1]['first_screen_s']:.2f} s, "
                      f"kernel {results[-1]['kernel_mb']:.0f} MB", flush=True)
            browser.close()
        server_mb = app_server.rss_mb(server.process.pid)
    finally:
        server.stop()

    times = [r["first_screen_s"] for r in results]
    kernels = [r["kernel_mb"] for r in results if r["kernel_mb"]]
    worst_kernel = max(kernels + [results[0].get("kernel_all_pages_mb") or 0])
    mode = ("cold kernel" if args.no_preheat else "preheated kernel") + \
        (", browser cache kept" if args.warm_cache else ", empty browser cache")
    print(f"\nfirst screen ({mode}, {args.theme}): median {statistics.median(times):.2f} s, "
          f"best {min(times):.2f} s, worst {max(times):.2f} s over {len(times)} runs "
          f"(target <= {FIRST_SCREEN_TARGET_S:.0f} s)")
    print(f"kernel memory: {statistics.median(kernels):.0f} MB at the first screen, "
          f"{results[0].get('kernel_all_pages_mb', 0):.0f} MB with every page built "
          f"(target < {KERNEL_TARGET_MB:.0f} MB)")
    print(f"Voila server process: {server_mb:.0f} MB")
    ok = statistics.median(times) <= FIRST_SCREEN_TARGET_S and worst_kernel < KERNEL_TARGET_MB
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
