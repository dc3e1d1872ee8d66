"""Stars for a lesson, worked out from the learner's first tries (no widgets).

A lesson's stars (1 to 3) say how many of its questions were answered right at the
first try; they are earned once the lesson is done, that is once every question has
been answered right (a missed question can be put right later, but its first try
stays missed). As in lichess Learn, the best result counts: a question answered
right at the first try on any time through the lesson stays right.

- 3 stars: every question right at the first try;
- 2 stars: at least two thirds of them;
- 1 star: fewer.

>>> from spar_tutor.store import Store
>>> from spar_tutor.lessons import ProgressStore, load_all
>>> lesson = next(l for l in load_all() if l.id == "01_pack")
>>> progress = ProgressStore("Ama", Store.memory())
>>> lesson_stars(lesson, progress.answers(lesson.id))
0
"""

from __future__ import annotations

from typing import AbstractSet, Iterable, List, Set

from .model import Lesson
from .progress import Answer

#: The most stars a lesson can earn.
MOST = 3


def question_steps(lesson: Lesson) -> List[int]:
    """The steps of the lesson that ask something (0-based)."""
    return [i for i, step in enumerate(lesson.steps) if step.is_question]


def right_first_time(answers: Iterable[Answer]) -> Set[int]:
    """The steps answered right at the first try, on any time through the lesson."""
    return {a.step for a in answers if a.first_try and a.correct}


def answered_right(answers: Iterable[Answer]) -> Set[int]:
    """The steps answered right (and finished) at least once."""
    return {a.step for a in answers if a.correct and a.finished}


def stars(questions: int, right_first: int) -> int:
    """Stars for ``right_first`` of ``questions`` right at the first try (a lesson with no
    questions earns them all).

    >>> [stars(6, n) for n in (6, 5, 4, 3, 0)]
    [3, 2, 2, 1, 1]
    """
    if right_first >= questions:
        return MOST
    return 2 if 3 * right_first >= 2 * questions else 1


def stars_earned(questions: Iterable[int], right: AbstractSet[int],
                 right_first: AbstractSet[int]) -> int:
    """The stars of a lesson whose questions are the steps ``questions``, once the steps
    ``right`` were answered right (and finished) and ``right_first`` right at the first
    try (0: not done yet, some question never answered right).

    >>> stars_earned([1, 3, 4], right={1, 3, 4}, right_first={1, 4}), stars_earned([1, 3], {1}, {1})
    (2, 0)
    """
    questions = list(questions)
    if not set(questions) <= right:
        return 0
    return stars(len(questions), sum(1 for q in questions if q in right_first))


def lesson_stars(lesson: Lesson, answers: Iterable[Answer]) -> int:
    """The stars the lesson earned (0: not done yet, some question never answered right)."""
    answers = list(answers)
    return stars_earned(question_steps(lesson), answered_right(answers),
                        right_first_time(answers))


def stars_text(count: int) -> str:
    """The stars as symbols (filled, then empty): ``★★☆``; empty for none."""
    return "" if count <= 0 else "\u2605" * count + "\u2606" * (MOST - count)
