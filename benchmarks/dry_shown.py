"""What a dry gives away: measured with bots that each see only their own view.

    python benchmarks/dry_shown.py                    # print the stored figures
    python benchmarks/dry_shown.py --measure 2:lesson --deals 300
    python benchmarks/dry_shown.py --measure 4:ghana_table --deals 150 --write

Each deal is played three ways from the first dry decision (spar_tutor/solver/shown.py):
the dry shown (as the rules say), the same dry hidden from the others, and no dry. The
figure is what showing it costs the drier (hidden - shown, points a hand) with its 95%
interval, and what drying still gains (shown - passed). ``--write`` stores the figure,
and the same figure over the first ``CHECK_DEALS`` deals (which tests/test_dry_shown.py
measures again), in spar_tutor/solver/dry_shown.json, which the hints and lesson 7 read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.solver.shown import (  # noqa: E402
    CHECK_DEALS, FIGURES_FILE, figure_key, measure_dry_shown, stored_figures,
)

#: The rules a figure is measured for, by a short name.
RULES = {
    "lesson": Rules.preset("standard", two_trick_bonus=True, dry_wet=True),  # lesson 7
    "ghana_table": Rules.preset("ghana_table"),
}
SEED = 7


def show(figure) -> str:
    low = figure.gives_away - 1.96 * figure.stderr
    high = figure.gives_away + 1.96 * figure.stderr
    return (f"{figure.players} players, {figure.rules}: {figure.deals} deals, showing the dry "
            f"costs {figure.gives_away:+.3f} points a hand (95%: {low:+.3f} .. {high:+.3f}); "
            f"drying gains {figure.gain:+.3f} (shown {figure.shown:.3f}, hidden "
            f"{figure.hidden:.3f}, no dry {figure.passed:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", metavar="PLAYERS:RULES", action="append", default=[])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if not args.measure:
        for figure in stored_figures().values():
            print(show(figure))
        return
    path = ROOT / "spar_tutor" / "solver" / FIGURES_FILE
    stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for spec in args.measure:
        players, _, name = spec.partition(":")
        rules = RULES[name]
        start = time.perf_counter()
        figure = measure_dry_shown(rules, int(players), args.deals, seed=args.seed)
        print(show(figure), f"[{time.perf_counter() - start:.0f} s]", flush=True)
        if args.write:
            check = measure_dry_shown(rules, int(players), CHECK_DEALS, seed=args.seed)
            stored[figure_key(rules, int(players))] = {**figure.to_json(),
                                                       "check": check.to_json()}
            path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n",
                            encoding="utf-8")


if __name__ == "__main__":
    main()
