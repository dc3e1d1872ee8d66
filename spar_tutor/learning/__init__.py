"""What lessons and puzzles share: the problems a lesson or puzzle file can have
(:class:`Problem`) and one JSON progress file per learner (:class:`ProgressFile`).

Standard library only; :mod:`spar_tutor.lessons` and :mod:`spar_tutor.puzzles`
both build on it, and it imports neither.
"""

from .problem import Problem
from .progress import COULD_NOT_READ, ProgressFile, current_user, home, safe_name

__all__ = ["COULD_NOT_READ", "Problem", "ProgressFile", "current_user", "home", "safe_name"]
