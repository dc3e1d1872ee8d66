"""A quick run of benchmarks/widget_bench.py: it plays one hand at the play table and prints
the time of a click and of the first and third hint levels (the numbers themselves are the
benchmark's, not the test's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_widget_benchmark_times_a_click_and_each_hint_level():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "widget_bench.py"),
                          "--hands", "1"], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert "Traceback" not in out.stderr, out.stderr
    for line in ("card click answered", "hint level 1 (solver+nudge)",
                 "hint level 3 (then, chart)"):
        assert re.search(re.escape(line) + r"\s+n=\s*\d+\s+median", out.stdout), out.stdout
