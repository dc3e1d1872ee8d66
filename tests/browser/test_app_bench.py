"""benchmarks/app_bench.py keeps running: a quick run (one round) times the first screen and
reads the kernel's memory with every page built, with their targets (the figures depend on
the machine: they are measured and reported, not asserted). In a process of its own: it
drives a Chromium of its own with Playwright's sync API, as the browser tests do here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_a_quick_run_of_the_app_benchmark():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "app_bench.py"), "--runs", "1"],
                          capture_output=True, text=True, timeout=600, cwd=BENCHMARKS)
    out = done.stdout
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert re.search(r"^run 1: first screen \d+\.\d\d s, kernel \d+ MB$", out, re.M), out
    assert re.search(r"^first screen \(preheated kernel, .*\): median \d+\.\d\d s, best "
                     r"\d+\.\d\d s, worst \d+\.\d\d s over 1 runs \(target <= [\d.]+ s\)$",
                     out, re.M), out
    assert re.search(r"^kernel memory: \d+ MB at the first screen, \d+ MB with every page "
                     r"built \(target < \d+ MB\)$", out, re.M), out
    assert re.search(r"^(targets met|TARGETS MISSED)$", out, re.M), out
