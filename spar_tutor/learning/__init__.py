"""What lessons and puzzles share: the problems a lesson or puzzle file can have
(:class:`Problem`), a learner's progress in the progress database
(:class:`LearnerProgress`), a learner's puzzle rating (:mod:`.rating`) and review
schedule (:mod:`.schedule`).

Lessons and puzzles (:mod:`spar_tutor.lessons`, :mod:`spar_tutor.puzzles`) both
build on it, and it imports neither.
"""

from .problem import Problem
from .progress import NOT_SAVED, LearnerProgress, current_user, home
from ..store import learner_key

__all__ = ["LearnerProgress", "NOT_SAVED", "Problem", "current_user", "home", "learner_key"]
