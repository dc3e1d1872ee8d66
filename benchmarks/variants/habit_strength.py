"""A variant for benchmarks/decision_pairs.py: other strengths for the habits the expert
reads (`_worlds.WIN_LOWEST`, `DISCARD_LOWEST`, `LEAD_TOP`; shipped 0.2, 0.2, 0.35), from
``ODDS="win,discard,lead"`` (environment).

    ODDS=0.08,0.08,0.15 python benchmarks/decision_pairs.py benchmarks/variants/habit_strength.py:factory

Measured on 2026-12-01, 3 seats, deals 0 to 333 (1,002 hands): trusting the habits more
(0.08, 0.08, 0.15): 156 of 3,072 decisions change, +0.004 ± 0.016 points a hand; less
(0.4, 0.4, 0.6): 164 change, -0.008 ± 0.013. Not kept: the shipped strengths are as good.
"""

from __future__ import annotations

import os
from typing import Any

from spar_tutor.engine.view import SeatView
from spar_tutor.solver import _worlds
from spar_tutor.solver.bots import ExpertBot

ODDS = tuple(float(x) for x in os.environ.get("ODDS", "0.2,0.2,0.35").split(","))
_SHIPPED = (_worlds.WIN_LOWEST, _worlds.DISCARD_LOWEST, _worlds.LEAD_TOP)


def _set(odds: Any) -> None:
    _worlds.WIN_LOWEST, _worlds.DISCARD_LOWEST, _worlds.LEAD_TOP = odds


class HabitStrength(ExpertBot):
    def choose(self, view: SeatView) -> Any:
        _set(ODDS)
        try:
            return super().choose(view)
        finally:
            _set(_SHIPPED)


def factory(seed: str) -> ExpertBot:
    return HabitStrength(seed)
