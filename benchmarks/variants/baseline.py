"""A variant for benchmarks/decision_pairs.py: the exact PIMC baseline itself, asked at
each of the expert's decisions (its answers are shared with the strength benchmark's
file, so a view the baseline met there is answered at once).

    python benchmarks/decision_pairs.py benchmarks/variants/baseline.py:factory [--players 4]

It asks "where the two bots would play differently, which is right?", trick by trick
(the summary gives each trick's share a hand with its interval). Measured on 2026-12-01,
deals 0 to 333, in PyPy:

* 3 seats, 1,002 hands: they differ at 769 of 3,072 decisions, and the baseline's cards
  are worth -0.005 ± 0.043 points a hand (tricks 1 to 4: +0.007 ± 0.029, -0.015 ± 0.023,
  +0.003 ± 0.019, +0.000 ± 0.009);
* 4 seats, 1,336 hands: they differ at 925 of 3,927 decisions, worth +0.006 ± 0.029
  (tricks 1 to 4: +0.020 ± 0.019, -0.006 ± 0.016, -0.006 ± 0.014, -0.002 ± 0.007).

A quarter of the decisions differ, and neither bot's are better: a mix of the two (the
baseline at one trick, the expert at the others) gains nothing either. At the first trick
at four seats the baseline's edge is at the edge of its interval (one of eight), and four
times the expert's work there (`first_trick_work.py`) does not find it.
"""

from __future__ import annotations

from typing import Any

import strength  # benchmarks/ is on the path when decision_pairs.py loads a variant


def factory(seed: str) -> Any:
    return strength.CachedBaseline(seed)
