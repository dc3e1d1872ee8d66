"""How the class is doing, read from the progress database: each learner's lessons, first
tries, puzzles, rating and last visit, and the questions most often answered wrong.

The Class page (:mod:`spar_tutor.app.pages.classroom`) and ``spar-tutor class report``
show the same :class:`ClassReport`; :func:`to_csv` is the spreadsheet both give.

>>> from spar_tutor.store import Store
>>> report = class_report(Store.memory())
>>> report.learners, report.missed
([], [])
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from sqlalchemy import case, distinct, func, select
from sqlalchemy.orm import Session

from ..i18n import _
from .db import Store
from .records import CHECKPOINT, PUZZLE_RATING
from .schema import Learner, LessonCompletion, PuzzleAttempt, Rating, StepAnswer, Visit

MISSED = 10  # questions in the "most often missed" list


@dataclass(frozen=True)
class LearnerReport:
    """One learner's progress. ``steps``: finished steps per lesson answered at all (0 for
    a lesson whose only answers were wrong); ``first_tries``:
    questions met for the first time, ``right_first``: of them, answered right at once.
    Per lesson, ``right_steps``: the steps answered right (and finished), and
    ``right_first_steps``: those right at the first try, on any time through it.
    ``stars``: the stars of each finished lesson, once :func:`with_stars` has worked them
    out (this module knows no lessons: :func:`spar_tutor.server.classroom.class_report` does).
    ``last_answered``: per lesson answered at all, when its latest answer was given."""

    name: str
    steps: Dict[str, int] = field(default_factory=dict)
    finished: Set[str] = field(default_factory=set)
    first_tries: int = 0
    right_first: int = 0
    puzzles_tried: int = 0
    puzzles_solved: int = 0
    rating: Optional[int] = None
    last_seen: Optional[datetime] = None  # the latest answer, visit or attempt, or first visit
    right_steps: Dict[str, Set[int]] = field(default_factory=dict)
    right_first_steps: Dict[str, Set[int]] = field(default_factory=dict)
    stars: Dict[str, int] = field(default_factory=dict)
    last_answered: Dict[str, datetime] = field(default_factory=dict)

    @property
    def steps_done(self) -> int:
        return sum(self.steps.values())

    @property
    def now_on(self) -> Optional[str]:
        """The lesson begun and not finished that was answered last (``None``: no such
        lesson), where the learner is now."""
        def latest(lesson: str) -> Tuple[float, str]:
            when = self.last_answered.get(lesson)
            return (when.timestamp() if when is not None else float("-inf"), lesson)

        return max((l for l in self.steps if l not in self.finished), key=latest, default=None)

    @property
    def star_count(self) -> int:
        """The stars of every finished lesson together."""
        return sum(self.stars.values())

    @property
    def first_try_share(self) -> Optional[float]:
        """The share of questions answered right at the first try (``None``: none yet)."""
        return self.right_first / self.first_tries if self.first_tries else None


@dataclass(frozen=True)
class Missed:
    """A lesson step answered wrong ``wrong`` times (by ``learners`` learners), of ``answers``."""

    lesson: str
    step: int  # 0-based
    wrong: int
    learners: int
    answers: int


@dataclass(frozen=True)
class ClassReport:
    """Every learner (by name), and the questions most often missed: missed by the most
    learners first (a question one learner keeps missing says less about the class), then
    by the most wrong answers."""

    learners: List[LearnerReport]
    missed: List[Missed]


def _per_learner(session: Session, query: Any) -> Dict[int, int]:
    """Run a ``SELECT learner_id, n ... GROUP BY learner_id``: n for each learner."""
    return {learner: int(n) for learner, n in session.execute(query)}


def class_report(store: Store, missed: int = MISSED) -> ClassReport:
    """The report of everyone in ``store``."""
    with store.read() as session:
        names = {i: name for i, name in session.execute(select(Learner.id, Learner.name))}
        steps: Dict[int, Dict[str, int]] = {i: {} for i in names}
        latest: Dict[int, Dict[str, datetime]] = {i: {} for i in names}
        # every lesson answered at all (a wrong answer begins it), with its finished steps
        # and its latest answer
        done = func.count(distinct(case((StepAnswer.finished, StepAnswer.step))))
        for learner, lesson, n, when in session.execute(
                select(StepAnswer.learner_id, StepAnswer.lesson, done,
                       func.max(StepAnswer.answered_at))
                .where(_lesson(StepAnswer.lesson))
                .group_by(StepAnswer.learner_id, StepAnswer.lesson)):
            steps[learner][lesson] = int(n)
            if when is not None:
                latest[learner][lesson] = when
        right = _steps_per_lesson(session, names, StepAnswer.finished)
        right_firsts = _steps_per_lesson(session, names, StepAnswer.first_try.is_(True))
        finished: Dict[int, Set[str]] = {i: set() for i in names}
        for learner, lesson in session.execute(
                select(LessonCompletion.learner_id, LessonCompletion.lesson).distinct()
                .where(_lesson(LessonCompletion.lesson))):
            finished[learner].add(lesson)
        first = select(StepAnswer.learner_id, func.count()).where(
            StepAnswer.first_try.is_(True)).group_by(StepAnswer.learner_id)
        first_tries = _per_learner(session, first)
        right_first = _per_learner(session, first.where(StepAnswer.correct.is_(True)))
        tried = _per_learner(session, select(PuzzleAttempt.learner_id, func.count(
            distinct(PuzzleAttempt.puzzle))).group_by(PuzzleAttempt.learner_id))
        solved = _per_learner(session, select(PuzzleAttempt.learner_id, func.count(
            distinct(PuzzleAttempt.puzzle))).where(PuzzleAttempt.solved_at.is_not(None))
            .group_by(PuzzleAttempt.learner_id))
        ratings: Dict[int, int] = {}
        for learner, value in session.execute(select(Rating.learner_id, Rating.value).where(
                Rating.kind == PUZZLE_RATING).order_by(Rating.rated_at, Rating.id)):
            ratings[learner] = round(value)  # the latest one stays
        seen: Dict[int, datetime] = {}
        for learner_column, column in ((Learner.id, Learner.created_at),
                                       (Visit.learner_id, Visit.visited_at),
                                       (StepAnswer.learner_id, StepAnswer.answered_at),
                                       (PuzzleAttempt.learner_id, PuzzleAttempt.started_at)):
            for learner, when in session.execute(
                    select(learner_column, func.max(column)).group_by(learner_column)):
                if when is not None and (learner not in seen or when > seen[learner]):
                    seen[learner] = when
        most_missed = _missed(session, missed)
    learners = [LearnerReport(names[i], steps[i], finished[i], first_tries.get(i, 0),
                              right_first.get(i, 0), tried.get(i, 0), solved.get(i, 0),
                              ratings.get(i), seen.get(i), right[i], right_firsts[i],
                              last_answered=latest[i])
                for i in names]
    learners.sort(key=lambda r: r.name.casefold())
    return ClassReport(learners, most_missed)


def _steps_per_lesson(session: Session, learners: Mapping[int, str],
                      condition: Any) -> Dict[int, Dict[str, Set[int]]]:
    """For each learner, per lesson, the steps answered right with ``condition`` true."""
    steps: Dict[int, Dict[str, Set[int]]] = {i: {} for i in learners}
    for learner, lesson, step in session.execute(
            select(StepAnswer.learner_id, StepAnswer.lesson, StepAnswer.step).distinct()
            .where(StepAnswer.correct.is_(True), condition, _lesson(StepAnswer.lesson))):
        steps[learner].setdefault(lesson, set()).add(step)
    return steps


def with_stars(report: ClassReport, stars: Callable[[str, Set[int], Set[int]], int]) -> ClassReport:
    """The report with each learner's stars for their finished lessons: ``stars(lesson,
    right steps, steps right at the first try)`` (0: none, such as for a lesson unknown)."""
    learners = []
    for r in report.learners:
        earned = {lesson: stars(lesson, r.right_steps.get(lesson, set()),
                                r.right_first_steps.get(lesson, set()))
                  for lesson in sorted(r.finished)}
        learners.append(replace(r, stars={l: n for l, n in earned.items() if n > 0}))
    return ClassReport(learners, report.missed)


def _lesson(column: Any) -> Any:
    """Rows of a lesson, not of a checkpoint quiz (its questions are the lessons' own,
    and their misses go into the review schedule as the lessons' steps)."""
    return ~column.startswith(CHECKPOINT, autoescape=True)


def _missed(session: Session, limit: int) -> List[Missed]:
    question = StepAnswer.answer.is_not(None) & _lesson(StepAnswer.lesson)
    wrong = session.execute(
        select(StepAnswer.lesson, StepAnswer.step, func.count(),
               func.count(distinct(StepAnswer.learner_id)))
        .where(question, StepAnswer.correct.is_(False))
        .group_by(StepAnswer.lesson, StepAnswer.step)
        .order_by(func.count(distinct(StepAnswer.learner_id)).desc(), func.count().desc(),
                  StepAnswer.lesson, StepAnswer.step).limit(limit)).all()
    if not wrong:
        return []
    answers = {(lesson, step): int(n) for lesson, step, n in session.execute(
        select(StepAnswer.lesson, StepAnswer.step, func.count()).where(question)
        .group_by(StepAnswer.lesson, StepAnswer.step))}
    return [Missed(lesson, step, int(n), int(who), answers[(lesson, step)])
            for lesson, step, n, who in wrong]


def when_text(when: Optional[datetime]) -> str:
    """A time as the server's clock shows it (``""`` for never)."""
    return when.astimezone().strftime("%Y-%m-%d %H:%M") if when else ""


def share_text(share: Optional[float]) -> str:
    return f"{round(100 * share)}%" if share is not None else ""


#: What a spreadsheet may read as the start of a formula (OWASP's list for CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: a text starting like a formula ("=HYPERLINK(...",
    "-A1-A2") gets an apostrophe before it; numbers and other texts are kept as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(report: ClassReport, lessons: Sequence[Tuple[str, str]] = ()) -> str:
    """The learners as a spreadsheet (CSV), one row each; a column of finished steps for
    each of ``lessons`` (id, heading), then for any other lesson someone has begun; then
    as many columns of each lesson's stars (1 to 3 once it is finished, empty before)."""
    known = [lesson for lesson, _heading in lessons]
    others = sorted({l for r in report.learners for l in r.steps} - set(known))
    headings: Mapping[str, str] = dict(lessons)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")

    def row(cells: Sequence[Any]) -> None:
        writer.writerow([safe_cell(c) for c in cells])

    row([_("Learner"), _("Last seen"), _("Lessons finished"), _("Now on"), _("Steps done"),
         _("Right first time"), _("Puzzles tried"), _("Puzzles solved"), _("Puzzle rating"),
         *[headings.get(l, l) for l in known + others],
         *[_("{lesson} (stars)").format(lesson=headings.get(l, l)) for l in known + others]])
    for r in report.learners:
        now_on = headings.get(r.now_on, r.now_on) if r.now_on else ""
        row([r.name, when_text(r.last_seen), len(r.finished), now_on, r.steps_done,
             share_text(r.first_try_share), r.puzzles_tried, r.puzzles_solved,
             "" if r.rating is None else r.rating,
             *[r.steps.get(l, 0) for l in known + others],
             *[r.stars.get(l, "") for l in known + others]])
    return out.getvalue()
