"""A variant for benchmarks/decision_pairs.py: the expert plays for its points minus
``SPITE`` (environment; default 0.5) times the points another seat scores, not for its
points first and the others' only between equals.

    SPITE=1 python benchmarks/decision_pairs.py benchmarks/variants/spite.py:factory

Measured on 2026-12-01, 3 seats, deals 0 to 333 (1,002 hands): SPITE 0.5: the card
changes at 178 of 3,072 decisions, worth -0.019 ± 0.020 points a hand; SPITE 1: 298
changes, -0.035 ± 0.026. Not kept: points given up to deny the others are lost.
"""

from __future__ import annotations

import os
from typing import Any

from spar_tutor.engine.view import SeatView
from spar_tutor.solver import _expert
from spar_tutor.solver.bots import ExpertBot

SPITE = float(os.environ.get("SPITE", "0.5"))
_SHIPPED = _expert.MaxnValues.best


def _best(self: _expert.MaxnValues) -> int:
    return min(self.own, key=lambda b: (-(self.own[b] - SPITE * self.spite[b]), self.spite[b], b))


class SpiteExpert(ExpertBot):
    def choose(self, view: SeatView) -> Any:
        _expert.MaxnValues.best = _best  # type: ignore[method-assign]
        try:
            return super().choose(view)
        finally:
            _expert.MaxnValues.best = _SHIPPED  # type: ignore[method-assign]


def factory(seed: str) -> ExpertBot:
    return SpiteExpert(seed)
