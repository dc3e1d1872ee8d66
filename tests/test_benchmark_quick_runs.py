"""A small, quick run of each benchmark that had none in the suite, so that none breaks
unseen (the class benchmark once did, and its server's course check did again: it
imported a function that had been renamed and ignored the failure). Each runs as its
README line says, in a process of its own, with a few hands or one run; the test checks
that it ran to the end and printed its figures in its own format. The figures themselves
depend on the machine: they are measured and reported, not asserted. (The browser
benchmarks' quick runs are with the browser tests: tests/browser/test_page_speed_bench.py
and test_app_bench.py; the class and tables benchmarks' in test_classroom_load.py and
test_tables_load.py; widget_bench's in test_widget_bench.py.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NUMBER = r"\d[\d,]*(?:\.\d+)?"


def run(script: str, *args: str, timeout: float = 600) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and "Traceback" not in done.stderr, (
        f"{script} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def test_engine_bench_counts_hands_a_second_for_each_game():
    out = run("engine_bench.py", "--hands", "10", "--repeat", "1")
    rows = re.findall(rf"^\s*(\w+) (\d) players:\s+({NUMBER}) hands/s$", out, re.M)
    assert {(game, players) for game, players, _ in rows} >= {
        ("standard", "4"), ("standard", "2"), ("standard", "7"), ("ghana_table", "4")}, out
    assert all(float(rate.replace(",", "")) > 0 for *_, rate in rows), out


def test_content_load_checks_the_whole_course_and_times_it():
    out = run("content_load.py", "--runs", "1")
    found = re.search(r"^(\d+) lessons, (\d+) puzzles, 0 problems; 1 fresh processes$", out,
                      re.M)
    assert found and int(found[1]) >= 17 and int(found[2]) >= 100, out
    for what in ("load lessons", "load puzzles"):
        assert re.search(rf"^{what}\s+median\s+{NUMBER} s\s+slowest\s+{NUMBER} s$", out,
                         re.M), out


def test_widget_count_counts_the_widgets_a_click_makes():
    out = run("widget_count.py", "--hands", "1")
    assert re.search(rf"^\d+ clicks over 1 hands: \d+ widgets made, {NUMBER} a click",
                     out, re.M), out


def test_click_cpu_times_the_kernel_for_each_round():
    out = run("click_cpu.py", "--hands", "1", "--bots", "beginner")
    assert re.search(rf"^beginner bots, clock x1: \d+ clicks, CPU per click mean {NUMBER} ms, "
                     rf"median {NUMBER} ms, largest {NUMBER} ms$", out, re.M), out
    assert re.search(rf"each round, mean / largest: {NUMBER} / {NUMBER} ms", out), out


def test_solver_bench_runs_its_quick_sections():
    out = run("solver_bench.py", "--deals", "2", "--arena-hands", "4",
              "--only", "exact,hint,minimax,arena")
    assert re.search(r"^== Hidden-card hint, .*==$", out, re.M), out
    assert re.search(rf"wall time p50 {NUMBER} ms, max {NUMBER} ms; worlds used p50 \d+", out), out
    assert re.search(rf"this search \(every card, exact\):\s+mean {NUMBER}, max {NUMBER} nodes",
                     out), out
    assert re.search(r"^4 players: points a hand: expert [\d.]+", out, re.M), out


def test_client_pings_keeps_the_socket_while_the_learner_waits():
    """The benchmarks' client answers the server's pings, as a browser tab does (a class of
    30 once lost 29 learners waiting for one): against a server that drops a socket after
    3 s without a pong, a click after 12 s still works."""
    out = run("client_pings.py")
    assert re.search(r"^keepalive: the click after 12 s worked; pings answered: [1-9]\d*$", out,
                     re.M), out
    assert "server log: no ping timeout" in out, out


def test_the_strength_benchmark_plays_a_deal_of_each_case(tmp_path):
    """The expert against the exact PIMC baseline, one deal a case (every seat order of it):
    the table of points a hand and time a decision comes out (the full run is hours)."""
    out = run("solver_bench.py", "--only", "strength", "--strength-deals", "3:1,4:1,ghana:1",
              "--workers", "1", "--results", str(tmp_path))
    for case in ("3 seats, standard", "4 seats, standard", "3 seats, ghana_table"):
        assert re.search(rf"^{re.escape(case)}.*?\s+6\s+{NUMBER}\s+{NUMBER}\s+[+-]{NUMBER}",
                         out, re.M), out
