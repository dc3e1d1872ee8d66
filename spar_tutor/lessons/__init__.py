"""Guided lessons: lesson files, their checks, a widget-free runner and progress.

Lesson files are TOML (see docs/lessons.md); :func:`load_all` loads every
shipped lesson, turning a broken file into a :class:`BrokenLesson` instead of
raising. The player widget is in :mod:`spar_tutor.lessons.widget`.
"""

from .loader import lessons_folder, load_all, load_lesson, loads_lesson
from .model import BrokenLesson, Lesson, LessonError, Problem, Step
from .progress import ProgressStore, current_user, safe_name
from .run import LessonRun
from .steps import Feedback

__all__ = [
    "BrokenLesson", "Feedback", "Lesson", "LessonError", "LessonRun", "Problem",
    "ProgressStore", "Step", "current_user", "lessons_folder", "load_all", "load_lesson",
    "loads_lesson", "safe_name",
]
