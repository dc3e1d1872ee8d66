"""Engine benchmark: random full hands per second through the public API.

    python benchmarks/engine_bench.py [--hands N] [--seconds S]

Each hand is dealt from a seeded shuffle (``deal(...).start()``, recording every
card dealt) and played to the end by choosing uniformly among ``legal_moves()``
and calling ``apply``: the same calls a user of the library makes. One core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spar_tutor import Rules, deal  # noqa: E402

CONFIGS = [("standard", 4), ("standard", 2), ("standard", 7), ("seven_card", 5),
           ("ghana_table", 4), ("agram", 4)]


def run(preset: str, players: int, hands: int, seed: int = 1) -> float:
    """Random full hands per second."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for i in range(hands):
        state = deal(rules, players, i % players, seed=rng.random()).start()
        while not state.is_over():
            state = state.apply(choice(state.legal_moves()))
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per configuration")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration (best kept)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {args.hands} hands per run, best of {args.repeat}")
    for preset, players in CONFIGS:
        best = max(run(preset, players, args.hands, seed) for seed in range(args.repeat))
        print(f"{preset:>14} {players} players: {best:8.0f} hands/s")


if __name__ == "__main__":
    main()
