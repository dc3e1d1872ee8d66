"""benchmarks/page_speed.py keeps running: a quick run (one round, two pages) prints the first
view, each first visit and each link, with their targets (the figures themselves depend on
the machine: they are measured and reported, not asserted). In a process of its own: it
drives a Chromium of its own with Playwright's sync API, as the browser tests do here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_a_quick_run_of_the_page_speed_benchmark():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "page_speed.py"), "--runs", "1",
                           "--pages", "rules,puzzles"], capture_output=True, text=True,
                          timeout=600, cwd=BENCHMARKS)
    out = done.stdout
    assert done.returncode in (0, 1), done.stderr[-3000:]
    for what in ("first view", "first visit: rules", "first visit: puzzles",
                 "link: ?page=rules", "link: ?page=puzzles"):
        assert re.search(rf"^{re.escape(what)}: median \d+\.\d\d s, slowest \d+\.\d\d s over 1 "
                         rf"runs \(target [\d.]+ s: (ok|OVER)\)$", out, re.M), out
