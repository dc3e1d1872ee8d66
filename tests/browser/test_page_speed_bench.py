"""benchmarks/page_speed.py keeps running: a quick run (one round, two pages) prints the first
view, each first visit and each link, with their targets (the figures themselves depend on
the machine: they are measured and reported, not asserted)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import page_speed  # noqa: E402


def test_a_quick_run_of_the_page_speed_benchmark(capsys):
    page_speed.main(["--runs", "1", "--pages", "rules,puzzles"])
    out = capsys.readouterr().out
    for what in ("first view", "first visit: rules", "first visit: puzzles",
                 "link: ?page=rules", "link: ?page=puzzles"):
        assert re.search(rf"^{re.escape(what)}: median \d+\.\d\d s, slowest \d+\.\d\d s over 1 "
                         rf"runs \(target [\d.]+ s: (ok|OVER)\)$", out, re.M), out
