"""The expert's card play: exact open-hand values on sampled deals (PIMC with max^n).

From a seat's view it draws deals of the cards it cannot see that fit the view
(:mod:`._worlds`), solves each deal with every hand open, every seat playing to
maximise its own points (:mod:`._maxn`), and adds up, per legal card, the points
the seat scores (``own``) and the points another seat scores (``spite``). The
card with the most ``own`` is best; between equals, the one leaving the others
least, then the lowest card.

The work is fixed, never a clock unless one is asked for: at most ``worlds``
deals and ``work`` search nodes a decision, each deal at most ``work /
min_worlds`` nodes. A decision too big for that (the first tricks at four seats
and more) is not decided here: :func:`maxn_values` returns None and the caller
uses the graded model instead (:func:`~spar_tutor.solver.hint`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Dict, Optional

from ..engine.view import SeatView
from ._maxn import MaxnSearch, OutOfWork
from ._worlds import WorldSampler
from .hints import world_position


@dataclass(frozen=True)
class MaxnValues:
    """Per legal card bit: points the seat scored over the deals (``own``), points
    another seat scored (``spite``); and how many deals and nodes that took."""

    own: Dict[int, float]
    spite: Dict[int, float]
    worlds: int
    nodes: int

    def best(self) -> int:
        return min(self.own, key=lambda b: (-self.own[b], self.spite[b], b))


def maxn_values(view: SeatView, rng: random.Random, *, worlds: int, work: int,
                min_worlds: int, deadline: Optional[float] = None) -> Optional[MaxnValues]:
    """Max^n values of the legal cards over sampled deals (module docstring), or None
    when fewer than ``min_worlds`` deals fit the work (or the ``deadline``, a
    ``time.perf_counter()`` value)."""
    sampler = WorldSampler(view)
    me = view.seat
    per_world = max(1, work // max(1, min_worlds))
    own: Dict[int, float] = {}
    spite: Dict[int, float] = {}
    done = spent = 0
    while done < worlds and spent < work:
        if deadline is not None and done >= min_worlds and time.perf_counter() >= deadline:
            break
        hands, wets = sampler.sample(rng)
        pos = world_position(view, hands, wets)
        search = MaxnSearch(pos.table, pos.players, min(per_world, work - spent))
        try:
            outcomes = search.card_outcomes(pos)
        except OutOfWork:
            break
        spent += search.nodes
        done += 1
        for bit, (winner, points) in outcomes.items():
            if winner == me:
                own[bit] = own.get(bit, 0.0) + points
                spite.setdefault(bit, 0.0)
            else:
                spite[bit] = spite.get(bit, 0.0) + points
                own.setdefault(bit, 0.0)
    if done < min_worlds:
        return None
    return MaxnValues(own, spite, done, spent)


__all__ = ["MaxnValues", "maxn_values"]
