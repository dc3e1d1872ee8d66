"""A lesson being taken: the current step, answers, feedback and progress (no widgets).

>>> from spar_tutor.lessons import load_all
>>> lesson = next(l for l in load_all() if l.id == "01_pack")
>>> run = LessonRun(lesson)
>>> run.label
'Step 1 of 9'
"""

from __future__ import annotations

from typing import Any, List, Optional

from .kinds import make_run
from .model import Lesson, Step
from .progress import ProgressStore
from .steps import Feedback, StepRun
from ..i18n import _


class LessonRun:
    """Step-by-step state of one lesson for one learner."""

    def __init__(self, lesson: Lesson, progress: Optional[ProgressStore] = None,
                 start: Optional[int] = None) -> None:
        self.lesson = lesson
        self.progress = progress
        self.done = progress.done(lesson.id) if progress else set()
        self.runs: List[Optional[StepRun]] = [None] * len(lesson.steps)
        self.tries = [0] * len(lesson.steps)  # answers given to each step this time through
        if start is None:
            start = progress.at(lesson.id) if progress else 0
        self.index = max(0, min(start, self.total - 1))
        self._visit()

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def label(self) -> str:
        return _("Step {number} of {steps}").format(number=self.index + 1, steps=self.total)

    @property
    def current(self) -> StepRun:
        """The live step (made fresh the first time it is shown)."""
        run = self.runs[self.index]
        if run is None:
            run = self.runs[self.index] = make_run(self.lesson.steps[self.index])
        return run

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def answer(self, value: Any) -> Feedback:
        """Check an answer to the current step and record it (with whether it was the
        first try: the first answer to a step not done before)."""
        first_try = self.tries[self.index] == 0 and self.index not in self.done
        self.tries[self.index] += 1
        fb = self.current.answer(value)
        finished = self.current.finished
        if finished:
            self.done.add(self.index)
        if self.progress:
            self.progress.answer(self.lesson.id, self.index, self.total, str(value), fb.correct,
                                 first_try, finished)
        return fb

    def hint(self) -> str:
        return self.current.hint()

    def next(self) -> bool:
        """Go on (a read explain step counts as done). False at the last step."""
        if not self.current.step.is_question:
            self._mark(self.index)
        if self.index + 1 >= self.total:
            return False
        self.index += 1
        self._visit()
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.index -= 1
        self._visit()
        return True

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, self.total - 1))
        self._visit()

    def retry(self) -> None:
        """Start the current step again."""
        self.runs[self.index] = None

    @property
    def unsaved(self) -> bool:
        """Whether the learner's progress cannot be saved now (the page goes on)."""
        return bool(self.progress and self.progress.unsaved)

    @property
    def finished(self) -> bool:
        return len(self.done) >= self.total

    def _mark(self, index: int) -> None:
        if index in self.done:
            return
        self.done.add(index)
        if self.progress:
            self.progress.mark(self.lesson.id, index, self.total)

    def _visit(self) -> None:
        if self.progress:
            self.progress.visit(self.lesson.id, self.index)
