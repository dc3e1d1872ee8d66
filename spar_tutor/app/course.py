"""The lessons as the app sees them: loaded once per kernel, and each learner's progress.

Everything here goes through :mod:`spar_tutor.lessons` (loader, checks and the
per-learner :class:`~spar_tutor.lessons.ProgressStore`); this module only adds
what the app's pages need: finding a lesson from a link, and where a learner
left off.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any, List, Optional, Tuple

log = logging.getLogger("spar_tutor.app")


@lru_cache(maxsize=1)
def all_lessons() -> Tuple[Any, ...]:
    """Every shipped lesson, in order (a broken file is a ``BrokenLesson``, logged)."""
    from ..lessons import BrokenLesson, load_all

    lessons = tuple(load_all())
    for lesson in lessons:
        if isinstance(lesson, BrokenLesson):
            log.error("lesson %s does not load: %s", lesson.id,
                      "; ".join(str(p) for p in lesson.problems))
    return lessons


def playable() -> List[Any]:
    """The lessons that loaded."""
    from ..lessons import Lesson

    return [lesson for lesson in all_lessons() if isinstance(lesson, Lesson)]


def find_lesson(key: Optional[str]) -> Optional[Any]:
    """The lesson a link names, by number (``7``) or by id (``07_dry_wet``)."""
    if not key:
        return None
    for lesson in playable():
        if key == lesson.id or (key.isdigit() and int(key) == lesson.number):
            return lesson
    return None


def progress_for(name: Optional[str]) -> Optional[Any]:
    """The progress store of a learner (``None`` for nobody)."""
    if not name:
        return None
    from ..lessons import ProgressStore

    return ProgressStore(name)


def resume_point(progress: Optional[Any]) -> Optional[Tuple[Any, int]]:
    """(lesson, step index) where the learner left off, unless that lesson is finished."""
    if progress is None or not progress.last:
        return None
    lesson = find_lesson(progress.last)
    if lesson is None or progress.finished(lesson.id):
        return None
    return lesson, progress.at(lesson.id)


def suggested(progress: Optional[Any]) -> Optional[Any]:
    """The lesson to take next: the first one not finished after the last one finished
    (else the first one not finished). Every lesson stays open: this is only a suggestion."""
    from ..lessons.progress import next_to_take

    lessons = playable()
    if progress is None:
        return lessons[0] if lessons else None
    finished = set(progress.finished_lessons(l.id for l in lessons))
    last_done = next((l.id for l in reversed(lessons) if l.id in finished), None)
    return next_to_take(lessons, finished, last_done)


def checkpoint(progress: Optional[Any]) -> Any:
    """Today's checkpoint quiz for the learner (an anonymous learner's is the same for all)."""
    from ..learning.review import now
    from ..lessons.checkpoint import checkpoint as quiz

    finished = progress.finished_lessons(l.id for l in playable()) if progress else []
    return quiz(playable(), progress.learner if progress else "", now().date(), finished)
