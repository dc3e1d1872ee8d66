"""The hint ladder of a lesson step: a nudge, the idea applied here, then the answer with
its reason (the same :class:`~spar_tutor.solver.voice.Ladder` as Play and the puzzles).

* **The nudge** is the step's own ``nudge`` when it writes one (the loader refuses one that
  names a card or an answer option), else its kind's (:attr:`StepKind.nudge
  <spar_tutor.lessons.kinds.base.StepKind.nudge>`): a question that fits this position.
* **The idea** is the step's ``hint``.
* **The answer** is its kind's (:attr:`StepKind.answer
  <spar_tutor.lessons.kinds.base.StepKind.answer>`): the computer's card and what it does in
  a position to play, else the answer and the reason the step's right-answer words give.
  Taking it counts the question as missed (:meth:`spar_tutor.lessons.run.LessonRun.hint`).

A step with hidden hands says only what the learner's view shows.

>>> from spar_tutor.lessons import load_all
>>> follow = next(l for l in load_all() if l.id == "03_follow")
>>> from spar_tutor.lessons.kinds import make_run
>>> ladder(make_run(follow.steps[2])).nudge.text
'Which suit was led first? Which of your cards are of that suit?'
"""

from __future__ import annotations

from ..solver.voice import Ladder
from .kinds import kind_of
from .steps import StepRun


def ladder(live: StepRun) -> Ladder:
    """The hints of a step, gentlest first (a page to read has one, three times)."""
    step = live.step
    if not step.is_question:
        said = live.hint()
        return Ladder.of(said, said, said)
    kind = kind_of(step.kind)
    nudge = step.nudge or kind.nudge(live)
    return Ladder.of(nudge, live.hint(), kind.answer(live))
