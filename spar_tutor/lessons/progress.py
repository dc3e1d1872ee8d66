"""Which steps and lessons a learner has finished, read from their answers in the
progress database (see :class:`~spar_tutor.learning.LearnerProgress`).

>>> from spar_tutor.store import Store
>>> store = ProgressStore("Ama", Store.memory())
>>> store.answer("01_pack", 0, total=9, answer="7S", correct=True, first_try=True)
>>> print(store.done("01_pack"), store.finished("01_pack"))
{0} False
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Collection, Dict, Iterable, List, Optional, Sequence, Set

from sqlalchemy.orm import Session

from ..learning.progress import LearnerProgress
from ..store import records
from ..store.records import CHECKPOINT, LESSON, QUIZ


def next_to_take(lessons: Sequence[Any], finished: Collection[str],
                 after: Optional[str]) -> Optional[Any]:
    """The first of ``lessons`` not ``finished`` (ids) after the one whose id is ``after``,
    going round to the start (from the first lesson when ``after`` is none of them); ``None``
    when every lesson is finished. The one rule for "the next lesson" (the app's suggestion,
    the notebook menu's Continue, the end of a lesson).

    >>> from types import SimpleNamespace as L
    >>> course = [L(id="a"), L(id="b"), L(id="c")]
    >>> next_to_take(course, {"b"}, "a").id, next_to_take(course, {"a"}, "c").id
    ('c', 'b')
    >>> next_to_take(course, {"a", "b", "c"}, None) is None
    True
    """
    last = next((i for i, lesson in enumerate(lessons) if lesson.id == after), -1)
    return next((lesson for lesson in [*lessons[last + 1:], *lessons[:last + 1]]
                 if lesson.id not in finished), None)


def _kind(lesson_id: str) -> str:
    """The kind of visit to ``lesson_id``: a lesson, or a checkpoint quiz."""
    return QUIZ if lesson_id.startswith(CHECKPOINT) else LESSON


@dataclass(frozen=True)
class Answer:
    """One answer to a lesson step. ``answer`` is ``None`` for a page read to its end;
    ``first_try``: it was the learner's first answer to the step that time through the
    lesson (``None``: not known, from an old progress file); ``finished``: it finished the
    step; ``at``: when (UTC)."""

    step: int
    answer: Optional[str]
    correct: bool
    first_try: Optional[bool]
    finished: bool
    at: datetime


class ProgressStore(LearnerProgress):
    """One learner's lessons: each answer is a row; finished steps, finished lessons and
    where they stopped are read from the rows, whichever tab added them."""

    KIND = LESSON

    def answer(self, lesson_id: str, step: int, total: int, answer: Optional[str],
               correct: bool, first_try: Optional[bool], finished: bool = True) -> None:
        """Record an answer to a step (``answer=None``: a page read); a ``finished`` one
        finishes the step, and the lesson once every step is."""

        def add(session: Session) -> None:
            records.add_answer(session, self.learner_id, lesson_id, step, answer, correct,
                               first_try, finished)
            if finished and lesson_id not in records.finished_lessons(session, self.learner_id) \
                    and len(records.done_steps(session, self.learner_id, lesson_id)) >= total:
                records.add_completion(session, self.learner_id, lesson_id, total)

        self._write(add)

    def mark(self, lesson_id: str, step: int, total: int) -> None:
        """Record a step finished without a question to answer (a page read)."""
        self.answer(lesson_id, step, total, None, True, None)

    def answers(self, lesson_id: str) -> List[Answer]:
        """Every answer to the lesson's steps, oldest first, whichever tab gave it."""
        return self._read(lambda s: [
            Answer(a.step, a.answer, a.correct, a.first_try, a.finished, a.answered_at)
            for a in records.step_answers(s, self.learner_id, lesson_id)])

    def all_answers(self) -> Dict[str, List[Answer]]:
        """:meth:`answers` of every lesson begun, in one read."""
        return self._read(lambda s: {
            lesson: [Answer(a.step, a.answer, a.correct, a.first_try, a.finished, a.answered_at)
                     for a in found]
            for lesson, found in records.answers_by_lesson(s, self.learner_id).items()})

    def done(self, lesson_id: str) -> Set[int]:
        """The finished steps of a lesson (0-based)."""
        return self._read(lambda s: records.done_steps(s, self.learner_id, lesson_id))

    def visit(self, lesson_id: str, step: int) -> None:
        """Remember where the learner is, for "continue where you left off" (a checkpoint
        quiz is remembered apart: lessons resume where they were)."""
        self._write(lambda s: records.add_visit(s, self.learner_id, _kind(lesson_id),
                                                lesson_id, step))

    def at(self, lesson_id: str) -> int:
        """The step of the lesson the learner saw last (0 if none)."""
        found = self._read(lambda s: records.last_visit(s, self.learner_id, _kind(lesson_id),
                                                        lesson_id))
        return found[1] or 0 if found else 0

    def finished(self, lesson_id: str) -> bool:
        return lesson_id in self.finished_lessons([lesson_id])

    def finished_lessons(self, ids: Iterable[str]) -> List[str]:
        """Of ``ids``, the lessons finished, in that order."""
        finished = self._read(lambda s: records.finished_lessons(s, self.learner_id))
        return [i for i in ids if i in finished]
