"""A variant for benchmarks/decision_pairs.py: more work at the first trick only (the
expert gets a median of 28 deals there at four seats, 39 at three, within its 20,000
nodes; 100 later). ``WORK1`` nodes and ``WORLDS1`` deals (environment; default 80,000 and
100).

    python benchmarks/decision_pairs.py benchmarks/variants/first_trick_work.py:factory --players 4

Measured on 2026-12-01, 4 seats, deals 0 to 333 (1,336 hands): the card changes at 232
of 3,927 decisions, worth +0.001 ± 0.014 points a hand. Not kept: more deals at the first
trick do not change what it is worth, and they would cost four times the time there.
"""

from __future__ import annotations

import os
from typing import Any

from spar_tutor.engine.view import SeatView
from spar_tutor.solver.bots import ExpertBot

WORK1 = int(os.environ.get("WORK1", "80000"))
WORLDS1 = int(os.environ.get("WORLDS1", "100"))


class FirstTrickWork(ExpertBot):
    def choose(self, view: SeatView) -> Any:
        first = not view.tricks
        self.work = WORK1 if first else None
        self.worlds = WORLDS1 if first else None
        return super().choose(view)


def factory(seed: str) -> ExpertBot:
    return FirstTrickWork(seed)
