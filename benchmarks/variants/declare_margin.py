"""A variant for benchmarks/decision_pairs.py (ghana_table rules): declare a dry or a wet
whenever the graded model rates the best one within ``MARGIN`` points a hand of passing.

    python benchmarks/decision_pairs.py benchmarks/variants/declare_margin.py:factory \\
        --preset ghana_table --deals 0:334

Measured on 2026-12-01 against the expert before a wet was valued as hidden (deals 0 to
333, 1,002 hands): +0.034 ± 0.040 points a hand, in 160 decisions that differ. All of it
came from wets: 90 wets the expert passed on gave +34 points, 70 more dries gave 0. So
the expert now values a wet as hidden (prelead_values) and declares every wet it is
offered; the same run of a variant that did only that gave +0.034 ± 0.035 (97 decisions
differ). Against that expert this variant only dries more, which the run above says is
worth nothing.
"""

from __future__ import annotations

from typing import Any

from spar_tutor.engine.state import DECLARE, UNDER_TEN
from spar_tutor.engine.view import SeatView
from spar_tutor.solver.bots import ExpertBot
from spar_tutor.solver.prelead import prelead_values

MARGIN = 0.3


class DeclareMore(ExpertBot):
    """The expert, declaring a dry or wet the model rates within MARGIN of passing."""

    def choose(self, view: SeatView) -> Any:
        if view.phase not in (UNDER_TEN, DECLARE):
            return super().choose(view)
        seed = self.rng.randrange(2**32)  # as the expert draws it: the two stay in step
        ranked = prelead_values(view, worlds=self.prelead_worlds, seed=seed)
        best = ranked[0]
        declares = [v for v in ranked if v.action.kind in ("dry", "wet")]
        if best.action.kind == "pass" and declares and \
                declares[0].expected >= best.expected - MARGIN:
            return declares[0].action
        return best.action


def factory(seed: str) -> ExpertBot:
    return DeclareMore(seed)
