"""A variant for benchmarks/decision_pairs.py: the expert's own next card chosen without
the hidden cards (one level of search over information sets), at tricks 2 and 3.

For each sampled deal w and candidate card c: play c, let the others play as the
expert's search models them (habit follows, max^n leads), up to the expert's next
decision; there, choose the card as the expert would from its view then (a small PIMC
of K deals drawn from that view), and score that card in w (max^n from there).
PIMC instead scores, in each deal, the best card for that deal: it plans to play its
next card knowing every hand (strategy fusion).

    python benchmarks/decision_pairs.py benchmarks/variants/own_next_card.py:factory

Measured on 2026-12-01 by a first form of the tool that compared this choice with
PIMC's on the same deals (so only the planning differs), deals 0 to 213 at 3 seats, 642
hands: the two differ at 173 of 1,008 decisions at tricks 2 and 3, and the choice
without the hidden cards is worth -0.009 ± 0.025 points a hand. About 1 s a decision
in PyPy. Not kept: planning one's next card without seeing the hands does not help here.
"""
from __future__ import annotations

import random
from typing import Dict, List, Tuple

from spar_tutor.engine.cards import CARD_BY_BIT, Card, cards_of_mask
from spar_tutor.engine.state import HandState, PLAY
from spar_tutor.engine.view import SeatView
from spar_tutor.solver._expert import maxn_values
from spar_tutor.solver._maxn import MaxnSearch
from spar_tutor.solver._position import Position
from spar_tutor.solver._worlds import WorldSampler
from spar_tutor.solver.bots import ExpertBot

N_OUTER = 100
K_INNER = 12


def world_state(view: SeatView, hands: List[int]) -> HandState:
    played: Dict[int, int] = {}
    for seat, move in view.history:
        if isinstance(move, Card):
            played[seat] = played.get(seat, 0) | move.bit
    start = [hands[s] | played.get(s, 0) for s in range(view.players)]
    used = 0
    for h in start:
        used |= h
    state = HandState.new(view.rules, [cards_of_mask(h) for h in start], dealer=view.dealer,
                          stock=cards_of_mask(view.rules.deck_mask & ~used))
    for seat, move in view.history:
        state = state.apply(move, seat)
    return state


def other_move(state: HandState, me: int) -> Card:
    """The card another seat plays in the expert's model: habit follow, max^n lead."""
    pos = Position.of(state)
    seat = state.to_move
    search = MaxnSearch(pos.table, pos.players, habit_of=me)
    if pos.trick:
        legal = pos.legal()
        if legal & (legal - 1):
            legal = search._habit(legal, list(pos.trick))
        return CARD_BY_BIT[legal]
    outs = search.card_outcomes(pos)
    rated = {b: (p if w == seat else -p) for b, (w, p) in outs.items()}
    best = max(rated.values())
    return CARD_BY_BIT[min(b for b in rated if rated[b] == best)]


def my_points(state: HandState, me: int, rng: random.Random) -> Tuple[float, float]:
    """Play on from ``state`` to the expert's next decision, choose there from its view,
    and score that choice in this deal (max^n from there)."""
    while not state.is_over() and state.to_move != me:
        state = state.apply(other_move(state, me), state.to_move)
    if state.is_over():
        p = float(state.result.points[me])
        return p, p
    view = state.view(me)
    legal = [m for m in view.legal_moves if isinstance(m, Card)]
    pos = Position.of(state)
    search = MaxnSearch(pos.table, pos.players, habit_of=me)
    outs = search.card_outcomes(pos)
    if len(legal) == 1:
        choice = legal[0].bit
    else:
        values = maxn_values(view, rng, worlds=K_INNER, work=20000, min_worlds=1,
                             thrown=True, habits=True, follow_habit=True)
        choice = values.best() if values is not None else legal[0].bit
    mine = {b: (float(p) if w == me else 0.0) for b, (w, p) in outs.items()}
    return mine[choice], max(mine.values())


def nested_values(view: SeatView, rng: random.Random
                  ) -> Tuple[Dict[int, float], Dict[int, float]]:
    """Per legal card, its points with the next card chosen from the view, and PIMC's."""
    sampler = WorldSampler(view, infer=True, habits=True)
    me = view.seat
    legal = [m for m in view.legal_moves if isinstance(m, Card)]
    own = {c.bit: 0.0 for c in legal}
    pimc = {c.bit: 0.0 for c in legal}
    for _ in range(N_OUTER):
        hands, _wets = sampler.sample(rng)
        state = world_state(view, hands)
        for c in legal:
            a, b = my_points(state.apply(c, me), me, rng)
            own[c.bit] += a
            pimc[c.bit] += b
    return own, pimc


class NestedExpert(ExpertBot):
    def choose(self, view):  # type: ignore[override]
        if (view.phase == PLAY and view.rules.name == "standard"
                and view.tricks_left in (3, 4)
                and sum(1 for m in view.legal_moves if isinstance(m, Card)) > 1):
            seed = self.rng.randrange(2**32)
            own, _ = nested_values(view, random.Random(seed))
            best = max(own.values())
            return CARD_BY_BIT[min(b for b in own if own[b] == best)]
        return super().choose(view)


def factory(seed):
    return NestedExpert(seed)
