"""A checkpoint quiz: about ten questions drawn from the lessons taken so far, mixed, as
Duolingo's checkpoints are.

The questions come from lessons 1 to N, N being the highest lesson the learner has
finished (all the lessons, before any is finished: a quiz of what they know already);
a whole hand to play (a ``play`` or ``hand`` step) is left out, as too long for a
quiz. The draw is seeded by the learner's name, the day and N, so the same learner gets
the same questions all day (a reload does not change them) and new ones tomorrow. The
checkpoint is a :class:`~spar_tutor.lessons.model.Lesson` of those steps, run by the
usual runner and player: feedback, hints, missed questions back at the end, stars, and
progress in the database under its own id (``checkpoint-N-YYYY-MM-DD``). A missed
question goes into the review schedule as the lesson step it came from.

>>> from datetime import date
>>> from spar_tutor.lessons import load_all
>>> quiz = checkpoint(load_all(), "Ama", date(2026, 12, 1), finished=["01_pack", "02_dealing"])
>>> quiz.heading, len(quiz.steps), quiz.id
('Checkpoint: lessons 1 to 2', 10, 'checkpoint-2-2026-12-01')
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from datetime import date
from typing import Dict, Iterable, List, Sequence, Tuple, Union

from ..i18n import _
from ..learning import learner_key
from ..store.records import CHECKPOINT
from .model import BrokenLesson, Lesson

#: How many questions a checkpoint asks (fewer if the lessons have fewer).
QUESTIONS = 10
#: Step kinds a checkpoint leaves out: a whole hand to play is too long for a quiz.
LEFT_OUT = {"play", "hand"}
#: What the app's links call the checkpoint (``?page=lessons&lesson=checkpoint``).
ROUTE = "checkpoint"


@dataclass
class Checkpoint(Lesson):
    """A checkpoint quiz: each step is a question of an earlier lesson (``origins``)."""

    origins: Tuple[Tuple[str, int], ...] = ()
    last: int = 0  # the highest lesson it draws from
    everything: bool = False  # drawn from every lesson: none was finished yet

    @property
    def heading(self) -> str:
        return self.title

    def end_words(self, right_first: int) -> str:
        return _("End of the checkpoint: {right} of {questions} right at the first "
                 "try.").format(right=right_first, questions=self.questions)

    def origin(self, index: int) -> Tuple[str, int]:
        return self.origins[index]


def covered(lessons: Sequence[Union[Lesson, BrokenLesson]],
            finished: Iterable[str]) -> List[Lesson]:
    """The lessons a checkpoint draws from: 1 to the highest finished (all, if none is)."""
    loaded = [l for l in lessons if isinstance(l, Lesson) and not isinstance(l, Checkpoint)]
    done = set(finished)
    last = max((l.number for l in loaded if l.id in done), default=None)
    return [l for l in loaded if last is None or l.number <= last]


def draw(lessons: Sequence[Lesson], seed: str, questions: int = QUESTIONS
         ) -> List[Tuple[Lesson, int]]:
    """``questions`` (lesson, step) pairs, as evenly spread over the lessons as can be,
    drawn with ``seed``, in the lessons' order."""
    rng = random.Random(seed)
    pools: Dict[str, List[int]] = {}
    for lesson in lessons:
        steps = [i for i, s in enumerate(lesson.steps) if s.is_question and s.kind not in LEFT_OUT]
        rng.shuffle(steps)
        if steps:
            pools[lesson.id] = steps
    order = [l for l in lessons if l.id in pools]
    rng.shuffle(order)
    chosen: List[Tuple[Lesson, int]] = []
    while len(chosen) < questions and any(pools.values()):
        for lesson in order:
            if pools[lesson.id] and len(chosen) < questions:
                chosen.append((lesson, pools[lesson.id].pop()))
    return sorted(chosen, key=lambda pair: (pair[0].number, pair[1]))


def checkpoint(lessons: Sequence[Union[Lesson, BrokenLesson]], learner: str, day: date,
               finished: Iterable[str] = ()) -> Checkpoint:
    """The learner's checkpoint of ``day`` (the same all day: see the module's doc)."""
    finished = list(finished)
    drawn_from = covered(lessons, finished)
    last = max((l.number for l in drawn_from), default=0)
    first = min((l.number for l in drawn_from), default=0)
    who = learner_key(learner) if learner.strip() else ""  # nobody named: the same for all
    picked = draw(drawn_from, f"{who}|{day.isoformat()}|{last}")
    steps = [dataclasses.replace(
        lesson.steps[i], title=_("Lesson {number}: {title}").format(
            number=lesson.number, title=lesson.steps[i].title or lesson.title))
        for lesson, i in picked]
    everything = not any(isinstance(l, Lesson) and l.id in finished for l in lessons)
    title = (_("Checkpoint: all the lessons") if everything else
             _("Checkpoint: lesson {last}").format(last=last) if first == last else
             _("Checkpoint: lessons {first} to {last}").format(first=first, last=last))
    summary = _("{questions} questions mixed from the lessons you have taken.").format(
        questions=len(steps))
    return Checkpoint(f"{CHECKPOINT}{last}-{day.isoformat()}", 0, title, summary,
                      max(5, len(steps)), steps, origins=tuple((l.id, i) for l, i in picked),
                      last=last, everything=everything)
