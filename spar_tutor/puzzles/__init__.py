"""Puzzles: Spar endgames to solve, every one checked by the solver when it loads.

>>> from spar_tutor.puzzles import load_collection
>>> collection = load_collection()          # lessons/puzzles/*.toml
>>> collection.problems
[]

A puzzle (:class:`Puzzle`) is a position in the deal-file notation, the seat
to move, a goal (the exact number of points that seat can make sure of), the
first cards that keep it, a hint and an explanation. :class:`PuzzleGame` plays
one without widgets; ``spar_tutor.puzzles.widget.PuzzlePlayer`` is the player
for notebooks and the app. See docs/puzzles.md.
"""

from ..learning.problem import Problem
from .loader import load_collection, load_file, load_strict, loads_file, puzzles_dir
from .model import BANDS, Collection, Puzzle, PuzzleError, band_of

__all__ = ["BANDS", "Collection", "Problem", "Puzzle", "PuzzleError", "band_of",
           "load_collection", "load_file", "load_strict", "loads_file", "puzzles_dir"]
