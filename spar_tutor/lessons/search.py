"""What the lessons ask of the solver: open-hand values of moves.

Uses :mod:`spar_tutor.solver` when it is installed; until then an exact
open-hand search (every other seat plays against the learner) that is small
but enough for lesson positions of a few tricks.

>>> from spar_tutor.dealfile import DealFile
>>> df = DealFile.from_json({"rules": "standard", "hands": ["6H KC", "8H 9C"]})
>>> {str(c): v for c, v in move_values(df.state(), 0).items()}
{'6H': 1, 'KC': 0}
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..state import HandState, Move


def _solver():
    try:
        from .. import solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    return solver if hasattr(solver, "solve") else None


def move_values(state: HandState, seat: int) -> Dict[Move, int]:
    """For each legal move of ``seat`` (who must be to move): the points it
    guarantees ``seat`` when every card is known and the others play against it."""
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    solver = _solver()
    if solver is not None and state.phase == "play":
        return {mv.card: int(mv.guaranteed) for mv in solver.solve(state).moves}
    memo: Dict[tuple, int] = {}
    return {m: _value(state.apply(m), seat, memo) for m in _moves(state)}


def best_moves(state: HandState, seat: int) -> Tuple[List[Move], int]:
    """The moves with the highest guaranteed points, and those points."""
    values = move_values(state, seat)
    top = max(values.values())
    return [m for m, v in values.items() if v == top], top


def guaranteed(state: HandState, seat: int) -> int:
    """The points ``seat`` is sure of from here with best play (open hands)."""
    return _value(state, seat, {})


def best_line(state: HandState, seat: int) -> List[Tuple[int, Move]]:
    """One best line of play to the end: (seat, move) pairs."""
    line: List[Tuple[int, Move]] = []
    memo: Dict[tuple, int] = {}
    while not state.is_over():
        mover = state.to_move
        options = [(_value(state.apply(m), seat, memo), m) for m in _moves(state)]
        pick = max if mover == seat else min
        value = pick(v for v, _ in options)
        move = next(m for v, m in options if v == value)
        line.append((mover, move))
        state = state.apply(move)
    return line


def _key(state: HandState) -> tuple:
    last = tuple((t.winner, t.winning_card(state.players)) for t in state.tricks[-3:])
    return (state.hands, state.current_trick, state.to_move, state.phase, state.dry,
            state.wet, last, len(state.tricks), len(state.stock))


def _moves(state: HandState) -> List[Move]:
    """Legal moves, without asking for the under card (it changes no outcome here)."""
    if state.phase == "play":
        return state.legal_cards()
    return state.legal_moves()


def _value(state: HandState, seat: int, memo: Dict[tuple, int]) -> int:
    if state.is_over():
        return state.result.points[seat] if state.result else 0
    key = _key(state)
    got: Optional[int] = memo.get(key)
    if got is not None:
        return got
    values = [_value(state.apply(m), seat, memo) for m in _moves(state)]
    value = max(values) if state.to_move == seat else min(values)
    memo[key] = value
    return value
