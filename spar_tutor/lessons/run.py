"""A lesson being taken: the current step, answers, feedback and progress (no widgets).

>>> from spar_tutor.lessons import load_all
>>> lesson = next(l for l in load_all() if l.id == "01_pack")
>>> run = LessonRun(lesson)
>>> run.label
'Step 1 of 9'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from .hints import ladder
from .kinds import make_run
from .mastery import lesson_stars, question_steps, right_first_time
from .model import Lesson, Step
from .progress import Answer, ProgressStore
from .steps import Feedback, StepRun
from ..engine.cards import Card, parse_card
from ..engine.words import card_text
from ..i18n import _
from ..learning.review import Reviews, lesson_item
from ..store.schema import utcnow


#: What the progress database records as the answer when the learner took the answer rung.
ANSWER_SHOWN = "(answer shown)"


def _decision(live: StepRun) -> int:
    """Which decision of a step the learner faces: the moves made in its position so far
    (one for a step without a position)."""
    if live.step.position is None:
        return 0
    return len(live.position_now().history)


class LessonRun:
    """Step-by-step state of one lesson for one learner.

    "Next" on a question waits for an answer (:attr:`can_go_on`): right, or wrong with its
    feedback read. Unlike lichess Learn, which keeps the learner on a level until it is
    solved, a missed question does not hold the lesson up: it comes back once more at the
    end (:attr:`again`), and the lesson is done when every question has been answered
    right.
    """

    def __init__(self, lesson: Lesson, progress: Optional[ProgressStore] = None,
                 start: Optional[int] = None) -> None:
        # a player who has the learner's name is called by another (learning.cast)
        self.lesson = lesson.recast(getattr(progress, "learner", None))
        self.progress = progress
        self.done = progress.done(lesson.id) if progress else set()
        self.runs: List[Optional[StepRun]] = [None] * len(lesson.steps)
        self.tries = [0] * len(lesson.steps)  # answers given to each step this time through
        #: The steps answered since they were last shown fresh (what lets "Next" go on).
        self.answered: Set[int] = set()
        #: The question steps missed at the first try this time through, in order.
        self.missed: List[int] = []
        #: At the end of the lesson, the missed steps still to come back (``None``: the
        #: lesson's end is not reached yet; ``[]``: nothing left, the lesson is over).
        self.again: Optional[List[int]] = None
        #: Where missed questions are scheduled for review on later days.
        self.reviews = Reviews(progress.learner, progress.store) if progress else None
        #: How many rungs of the ladder each step has given at its decision now, since it
        #: was shown fresh, and that decision (a play step has one ladder a card).
        self.hints: Dict[int, int] = {}
        self._hint_at: Dict[int, int] = {}
        #: The steps whose answer the learner has been shown since they were shown fresh,
        #: and all those this time through (said when one comes back).
        self.shown: Set[int] = set()
        self.taken: Set[int] = set()
        #: Where the learner's hand left the lesson's story: (the step that goes on from
        #: the story, the card the learner played, the story's card).
        self.off_story: Optional[Tuple[int, Card, Card]] = None
        #: This time through's answers (the stars' source when nothing is saved).
        self.log: List[Answer] = []
        if start is None:
            start = progress.at(lesson.id) if progress else 0
        self.index = max(0, min(start, self.total - 1))
        self._visit()

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def label(self) -> str:
        if self.again is not None:
            return _("Once more: step {number} of {steps}").format(number=self.index + 1,
                                                                   steps=self.total)
        return _("Step {number} of {steps}").format(number=self.index + 1, steps=self.total)

    @property
    def can_go_on(self) -> bool:
        """Whether "Next" may be pressed: a page to read, or a question answered (right,
        or wrong with its feedback); a step done on an earlier visit counts as answered,
        except when it came back at the end of the lesson."""
        return (not self.step.is_question or self.index in self.answered
                or (self.again is None and self.index in self.done))

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
        first_now = self.index not in self.answered and not self.tries[self.index]
        self.tries[self.index] += 1
        self.answered.add(self.index)
        fb = self.current.answer(value)
        if first_now and self.reviews is not None:
            self.reviews.answered(lesson_item(*self.lesson.origin(self.index)), fb.correct,
                                  first_try)
        finished = self.current.finished
        if finished:
            self.done.add(self.index)
        if first_try and not fb.correct and self.index not in self.missed:
            self.missed.append(self.index)
        self.log.append(Answer(self.index, str(value), fb.correct, first_try, finished,
                               utcnow()))
        if self.progress:
            self.progress.answer(self.lesson.id, self.index, self.total, str(value), fb.correct,
                                 first_try, finished)
        return fb

    def hint(self) -> str:
        """The next rung of the step's hint ladder (:mod:`.hints`): a nudge, then the idea,
        then the answer; the answer again after that. Taking the answer costs the first
        try: the question counts as missed (no first-try star, it comes back at the end of
        the lesson and on a later day)."""
        live = self.current
        decision = _decision(live)
        if self._hint_at.get(self.index) != decision:
            self._hint_at[self.index] = decision
            self.hints[self.index] = 0
        number = min(self.hints.get(self.index, 0) + 1, 3)
        self.hints[self.index] = number
        if number == 3 and live.step.is_question and not live.finished:
            self._answer_shown()  # a question done (a whole hand played out) costs nothing
        return ladder(live).rung(number).text

    @property
    def answer_next(self) -> bool:
        """Whether the next hint is the answer (so the Hint button says what it costs)."""
        if not self.step.is_question or self.current.finished:
            return False
        taken = self.hints.get(self.index, 0) if self._hint_at.get(self.index) == \
            _decision(self.current) else 0
        return taken >= 2

    def _answer_shown(self) -> None:
        """The learner took the answer: the step counts as missed at its first try (a wrong
        answer is recorded, "answer shown"), and "Next" may be pressed."""
        if self.index in self.shown:
            return
        self.shown.add(self.index)
        self.taken.add(self.index)
        first_try = self.tries[self.index] == 0 and self.index not in self.done
        first_now = self.index not in self.answered and not self.tries[self.index]
        self.tries[self.index] += 1
        self.answered.add(self.index)
        if first_now and self.reviews is not None:
            self.reviews.answered(lesson_item(*self.lesson.origin(self.index)), False,
                                  first_try)
        if self.index not in self.missed:
            self.missed.append(self.index)
        self.log.append(Answer(self.index, ANSWER_SHOWN, False, first_try, False, utcnow()))
        if self.progress:
            self.progress.answer(self.lesson.id, self.index, self.total, ANSWER_SHOWN, False,
                                 first_try, False)

    def next(self) -> bool:
        """Go on (a read explain step counts as done). After the last step, the missed
        questions come back once each; False when the lesson is over."""
        if not self.current.step.is_question:
            self._mark(self.index)
        played = getattr(self.current, "off_story", None)
        story = self.step.story
        self.off_story = (self.index + 1, played, parse_card(story)) \
            if played is not None and story is not None and self.again is None else None
        if self.again is None and self.index + 1 >= self.total:
            self.again = self.to_come_back()
        if self.again is not None:
            return self._come_back()
        self.index += 1
        self._visit()
        return True

    def to_come_back(self) -> List[int]:
        """The questions to ask once more at the end: those missed at the first try, and
        those answered but not finished, in the lesson's order."""
        return sorted(set(self.missed) | {i for i, step in enumerate(self.lesson.steps)
                                          if step.is_question and self.tries[i]
                                          and i not in self.done})

    def _come_back(self) -> bool:
        if not self.again:
            self.again = []
            return False
        self.index = self.again.pop(0)
        self.runs[self.index] = None
        self.answered.discard(self.index)
        self.hints.pop(self.index, None)
        self.shown.discard(self.index)
        self._visit()
        return True

    @property
    def notice(self) -> Optional[str]:
        """On a step that goes on from the lesson's card when the learner played another:
        where the lesson's hand differs from theirs (``None`` elsewhere)."""
        if self.off_story is None or self.off_story[0] != self.index:
            return None
        _step, played, story = self.off_story
        return _("You played {played}, and the lesson's hand goes on from {story}: this step "
                 "shows the cards as they are after {story}.").format(
                     played=card_text(played), story=card_text(story))

    @property
    def over(self) -> bool:
        """Whether the lesson's end (and the missed questions after it) is behind us."""
        return self.again == []

    @property
    def stars(self) -> int:
        """The stars the lesson has earned (see :mod:`.mastery`; 0: not done yet)."""
        answers = self.progress.answers(self.lesson.id) if self.progress else self.log
        return lesson_stars(self.lesson, answers)

    @property
    def right_first(self) -> int:
        """How many of the lesson's questions were answered right at the first try."""
        answers = self.progress.answers(self.lesson.id) if self.progress else self.log
        firsts = right_first_time(answers)
        return sum(1 for i in question_steps(self.lesson) if i in firsts)

    def back(self) -> bool:
        if self.again is not None or self.index == 0:
            return False
        self.index -= 1
        self._visit()
        return True

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, self.total - 1))
        self._visit()

    def retry(self) -> None:
        """Start the current step again (an answer shown stays shown: it still counts)."""
        self.runs[self.index] = None
        self.answered.discard(self.index)
        self.hints.pop(self.index, None)

    @property
    def unsaved(self) -> bool:
        """Whether the learner's progress cannot be saved now (the page goes on)."""
        return bool(self.progress and self.progress.unsaved)

    @property
    def saving_notice(self) -> str:
        """What the page says about saving the learner's progress (``""``: all is saved)."""
        return self.progress.notice if self.progress else ""

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
