"""The lookahead solver: exact open-hand values, graded values, hints, bots.

Plain functions, like a bridge double-dummy solver's API:

* :func:`solve` values every legal card of the player to move (open hand);
* :func:`guaranteed` is the exact guarantee of the player to move;
* :func:`hint` values cards from one seat's view, sampling the hidden cards;
* :func:`analyse_play` says what every card of a finished hand cost.

See docs/solver.md for what each number means.
"""

from .solution import MoveValue, Solution, guaranteed, solve

__all__ = ["MoveValue", "Solution", "guaranteed", "solve"]
