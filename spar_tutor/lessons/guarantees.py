"""What the lessons ask of the solver: the points each move guarantees a seat (exact,
with every hand open).

Card play is valued by :func:`spar_tutor.solver.guaranteed`; the decisions before
the first lead (under ten, dry and wet) are tried one by one on top of it, the
seat choosing its best and every other seat the answer worst for it.

>>> from spar_tutor.engine.dealfile import DealFile
>>> df = DealFile.from_json({"rules": "standard", "hands": ["6H KC", "8H 9C"]})
>>> {str(c): v for c, v in move_values(df.state(), 0).items()}
{'6H': 1, 'KC': 0}
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from ..solver import guaranteed as solver_guaranteed
from ..engine.state import HandState, Move


def _moves(state: HandState) -> List[Move]:
    """Legal moves, without asking for the under card (it changes no outcome here)."""
    if state.phase == "play":
        return list(state.legal_cards())
    return state.legal_moves()


def guaranteed(state: HandState, seat: int) -> int:
    """The points ``seat`` is sure of from here with best play (open hands)."""
    if state.is_over():
        return state.result.points[seat] if state.result else 0
    if state.phase == "play":
        return solver_guaranteed(state, seat)
    values = [guaranteed(state.apply(m), seat) for m in _moves(state)]
    return max(values) if state.to_move == seat else min(values)


def move_values(state: HandState, seat: int) -> Dict[Move, int]:
    """For each legal move of ``seat`` (who must be to move): the points it
    guarantees ``seat`` when every card is known and the others play against it."""
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    return {m: guaranteed(state.apply(m), seat) for m in _moves(state)}


def best_moves(state: HandState, seat: int) -> Tuple[List[Move], int]:
    """The moves with the highest guaranteed points, and those points."""
    values = move_values(state, seat)
    top = max(values.values())
    return [m for m, v in values.items() if v == top], top


def best_line(state: HandState, seat: int) -> List[Tuple[int, Move]]:
    """One best line of play to the end: (seat, move) pairs, ``seat`` keeping its
    guarantee and every other seat holding it to that."""
    line: List[Tuple[int, Move]] = []
    while not state.is_over():
        mover = state.to_move
        assert mover is not None
        options = [(guaranteed(state.apply(m), seat), m) for m in _moves(state)]
        pick = max if mover == seat else min
        value = pick(v for v, _ in options)
        move = next(m for v, m in options if v == value)
        line.append((mover, move))
        state = state.apply(move)
    return line
