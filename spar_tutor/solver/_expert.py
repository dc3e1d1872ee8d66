"""The expert's card play: exact open-hand values on sampled deals (PIMC with max^n).

From a seat's view it draws deals of the cards it cannot see that fit the view
(:mod:`._worlds`), solves each deal with every hand open, every seat playing to
maximise its own points (:mod:`._maxn`), and adds up, per legal card, the points
the seat scores (``own``) and the points another seat scores (``spite``). The
card with the most ``own`` is best; between equals, the one leaving the others
least, then the lowest card.

The work is fixed, never a clock unless one is asked for: at most ``worlds``
deals and ``work`` search nodes a decision, a deal at most half of that (a deal
the work runs out in does not count). A decision for which fewer than ``min_worlds`` deals fit (the first tricks
at four seats and more) is not decided here: :func:`maxn_values` returns None and the caller
uses the graded model instead (:func:`~spar_tutor.solver.hint`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Dict, Optional

from ..engine.view import SeatView
from ._maxn import MaxnSearch, OutOfWork
from ._position import Position
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
                min_worlds: int, deadline: Optional[float] = None,
                infer: int = 0, thrown: bool = True, habits: bool = False,
                follow_habit: bool = False) -> Optional[MaxnValues]:
    """Max^n values of the legal cards over sampled deals (module docstring), or None
    when fewer than ``min_worlds`` deals fit the work (or the ``deadline``, a
    ``time.perf_counter()`` value). With ``thrown`` (the default) the deals also fit
    the cards thrown (:func:`~._worlds.thrown_lows`); with ``habits`` deals come in
    proportion to how well they explain the others' cards (:func:`~._worlds.habit_odds`).
    With ``follow_habit`` the other seats follow suit and throw by habit in each deal
    (:class:`~._maxn.MaxnSearch`), not as if they saw every card. With ``infer``, a
    deal in which one of the last ``infer`` cards of this trick was not its player's best
    card counts for less (:data:`UNLIKELY` for each such card)."""
    sampler = WorldSampler(view, infer=thrown, habits=habits)
    me = view.seat
    own: Dict[int, float] = {}
    spite: Dict[int, float] = {}
    done = spent = 0
    while done < worlds and spent < work:
        if deadline is not None and done >= min_worlds and time.perf_counter() >= deadline:
            break
        hands, wets = sampler.sample(rng)
        pos = world_position(view, hands, wets)
        search = MaxnSearch(pos.table, pos.players, min(work - spent, work // 2),
                            habit_of=me if follow_habit else -1)
        try:
            outcomes = search.card_outcomes(pos)
            weight = _likelihood(search, pos, infer) if infer else 1.0
        except OutOfWork:
            break
        spent += search.nodes
        done += 1
        for bit, (winner, points) in outcomes.items():
            if winner == me:
                own[bit] = own.get(bit, 0.0) + points * weight
                spite.setdefault(bit, 0.0)
            else:
                spite[bit] = spite.get(bit, 0.0) + points * weight
                own.setdefault(bit, 0.0)
    if done < min_worlds:
        return None
    return MaxnValues(own, spite, done, spent)


#: How much less a deal counts for each card of this trick that, in that deal, was not
#: its player's best card (its players see only their own cards, so they err).
UNLIKELY = 0.3


def _likelihood(search: MaxnSearch, pos: Position, plays: int) -> float:
    """How well the deal of ``pos`` explains the last ``plays`` cards of this trick:
    :data:`UNLIKELY` for each that was not its player's best card in it."""
    weight = 1.0
    hands = list(pos.hands)
    n = pos.players
    for i in range(len(pos.trick) - 1, max(-1, len(pos.trick) - 1 - plays), -1):
        seat = (pos.leader + i) % n
        card = pos.trick[i]
        hands[seat] |= card
        before = pos._replace(hands=tuple(hands), trick=pos.trick[:i])
        rated = {bit: (p if w == seat else -p)
                 for bit, (w, p) in search.card_outcomes(before).items()}
        if rated[card] < max(rated.values()):
            weight *= UNLIKELY
    return weight


__all__ = ["MaxnValues", "maxn_values"]
