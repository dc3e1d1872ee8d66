"""Guided lessons: lesson files, their checks, a widget-free runner and progress.

Lesson files are TOML (see docs/lessons.md); :func:`load_all` loads every
shipped lesson, turning a broken file into a :class:`BrokenLesson` instead of
raising. Each step kind is one module of :mod:`spar_tutor.lessons.kinds`; the
player widget is in :mod:`spar_tutor.lessons.widget`.
"""

from ..learning.problem import Problem
from ..learning import current_user, learner_key
from .loader import lessons_folder, load_all, load_lesson, loads_lesson
from .model import BrokenLesson, Kind, Lesson, LessonError, Step
from .progress import ProgressStore
from .run import LessonRun
from .steps import Feedback

__all__ = [
    "BrokenLesson", "Feedback", "Kind", "Lesson", "LessonError", "LessonRun", "Problem",
    "ProgressStore", "Step", "current_user", "learner_key", "lessons_folder", "load_all",
    "load_lesson", "loads_lesson",
]
