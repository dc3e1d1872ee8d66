"""CPU time one kernel spends on a learner's card click, per round of a hand, as on a
crowded server.

    PYTHONPATH=. python benchmarks/click_cpu.py [--bots expert] [--hands 10] [--crowd 15]

The learner (seat 0 of a 4-seat standard table) clicks their first playable card, as in
benchmarks/classroom_load.py, and the bots answer. ``--crowd N`` makes every wall-clock
second the bots' clocks read N times as long as the CPU time behind it: what a kernel
sees when thirty learners click at once on two cores (about 15), so the bots' thinking
budgets (spar_tutor/session/thinking.py) stretch and shrink as they would there. CPU per
click is what thirty kernels then share the cores for: a round of thirty clicks takes
about 30 x (kernel + server) CPU / 2 cores. No server, no Voila: the widgets are the
play table's, drawn without a browser.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Dict, List


def crowd_clock(factor: float) -> None:
    """Make ``time.perf_counter`` run ``factor`` times as fast (the bots' wall clocks)."""
    real, start = time.perf_counter, time.perf_counter()
    time.perf_counter = lambda: start + (real() - start) * factor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="expert")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--crowd", type=float, default=1.0,
                        help="wall time per CPU time the bots' clocks see (default 1: a quiet "
                        "machine; 15: thirty learners on two cores)")
    args = parser.parse_args()
    from spar_tutor.session import GameSession
    from spar_tutor.widgets import PlayTable

    if args.crowd != 1.0:
        crowd_clock(args.crowd)
    rounds: Dict[int, List[float]] = {}
    for seed in range(1, args.hands + 1):
        table = PlayTable(GameSession("standard", ["human"] + [args.bots] * 3, seed=seed))
        session = table.session
        for n in range(99):
            if session.state.is_over():
                break
            card = session.legal_cards()[0]
            button = next(b for b in table.hand.buttons if b.description == card.name)
            began = time.process_time()
            button.click()
            rounds.setdefault(n, []).append((time.process_time() - began) * 1000)
    clicks = [ms for r in rounds.values() for ms in r]
    print(f"{args.bots} bots, clock x{args.crowd:g}: {len(clicks)} clicks, CPU per click mean "
          f"{statistics.mean(clicks):.1f} ms, median {statistics.median(clicks):.1f} ms, "
          f"largest {max(clicks):.0f} ms")
    print("  each round, mean / largest: " + ", ".join(
        f"{statistics.mean(r):.0f} / {max(r):.0f} ms" for _n, r in sorted(rounds.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
