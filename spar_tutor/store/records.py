"""One learner's rows: adding them, and reading progress from them.

Every function takes an open session (from :meth:`Store.read` or
:meth:`Store.write`) and the learner's id. Writes only add rows (the updates are
:func:`solve_attempt`, on the attempt its own tab started, and
:func:`schedule_review`, which moves an item in the review schedule; the Play page's
match in play replaces itself, :func:`keep_one_game`); reads work out the progress from
all the rows, whichever tab or server added them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.orm import Session

from .schema import (LanguageChoice, LessonCompletion, PuzzleAttempt, Rating, Review, ReviewItem, SavedGame,
                     StepAnswer, Visit, utcnow)

LESSON, PUZZLE = "lesson", "puzzle"  # kinds of visit
QUIZ = "checkpoint"  # the kind of visit to a checkpoint quiz (not where lessons resume)
PUZZLE_RATING = "puzzles"  # the kind of rating a learner earns on puzzles
CHECKPOINT = "checkpoint-"  # how the "lesson" ids of checkpoint quizzes start
ANSWER_MAX = 200


def new_id(session: Session, statement: Any) -> int:
    """Run an ``INSERT ... RETURNING id``; the new row's id."""
    new = session.scalar(statement)
    assert new is not None
    return int(new)


# -- lessons -----------------------------------------------------------------------


def add_answer(session: Session, learner: int, lesson: str, step: int, answer: Optional[str],
               correct: bool, first_try: Optional[bool], finished: bool,
               at: Optional[datetime] = None) -> None:
    """Add one answer to a lesson step (``answer=None``: a page read to its end)."""
    session.execute(insert(StepAnswer).values(
        learner_id=learner, lesson=lesson, step=step,
        answer=None if answer is None else answer[:ANSWER_MAX], correct=correct,
        first_try=first_try, finished=finished, answered_at=at or utcnow()))


def add_completion(session: Session, learner: int, lesson: str, steps: Optional[int],
                   at: Optional[datetime] = None) -> None:
    """Add that the learner finished ``lesson`` (of ``steps`` steps)."""
    session.execute(insert(LessonCompletion).values(
        learner_id=learner, lesson=lesson, steps=steps, finished_at=at or utcnow()))


def done_steps(session: Session, learner: int, lesson: str) -> Set[int]:
    """The steps of ``lesson`` the learner has finished (0-based)."""
    rows = session.scalars(select(StepAnswer.step).distinct().where(
        StepAnswer.learner_id == learner, StepAnswer.lesson == lesson, StepAnswer.finished))
    return set(rows)


def step_answers(session: Session, learner: int, lesson: str) -> List[StepAnswer]:
    """Every answer of the learner to ``lesson``'s steps, oldest first (pages only read
    have ``answer`` ``None``)."""
    return list(session.scalars(select(StepAnswer).where(
        StepAnswer.learner_id == learner, StepAnswer.lesson == lesson)
        .order_by(StepAnswer.answered_at, StepAnswer.id)))


def answers_by_lesson(session: Session, learner: int) -> Dict[str, List[StepAnswer]]:
    """Every answer of the learner, per lesson, oldest first (one read for a whole course)."""
    found: Dict[str, List[StepAnswer]] = {}
    for a in session.scalars(select(StepAnswer).where(StepAnswer.learner_id == learner)
                             .order_by(StepAnswer.answered_at, StepAnswer.id)):
        found.setdefault(a.lesson, []).append(a)
    return found


def finished_lessons(session: Session, learner: int) -> Set[str]:
    """The lessons the learner has finished."""
    return set(session.scalars(select(LessonCompletion.lesson).distinct().where(
        LessonCompletion.learner_id == learner)))


# -- where the learner is -------------------------------------------------------------


def practice_times(session: Session, learner: int, since: datetime) -> List[datetime]:
    """When the learner answered a lesson's step or started a puzzle, from ``since`` on
    (opening a page is not practice)."""
    times = list(session.scalars(select(StepAnswer.answered_at).where(
        StepAnswer.learner_id == learner, StepAnswer.answered_at >= since)))
    times += session.scalars(select(PuzzleAttempt.started_at).where(
        PuzzleAttempt.learner_id == learner, PuzzleAttempt.started_at >= since))
    return times


def add_visit(session: Session, learner: int, kind: str, item: str, step: Optional[int] = None,
              at: Optional[datetime] = None) -> None:
    """Add that the learner opened ``item`` (a lesson at ``step``, or a puzzle)."""
    session.execute(insert(Visit).values(learner_id=learner, kind=kind, item=item, step=step,
                                         visited_at=at or utcnow()))


def last_visit(session: Session, learner: int, kind: str,
               item: Optional[str] = None) -> Optional[Tuple[str, Optional[int]]]:
    """(item, step) the learner opened last, of ``kind`` (and of ``item``, if given)."""
    query = select(Visit.item, Visit.step).where(Visit.learner_id == learner, Visit.kind == kind)
    if item is not None:
        query = query.where(Visit.item == item)
    row = session.execute(query.order_by(Visit.visited_at.desc(), Visit.id.desc()).limit(1)).first()
    return (row.item, row.step) if row else None


def add_language_choice(session: Session, learner: int, language: str,
                        at: Optional[datetime] = None) -> None:
    """Add that the learner chose ``language`` (a code such as ``"fr"``)."""
    session.execute(insert(LanguageChoice).values(learner_id=learner, language=language[:20],
                                                  chosen_at=at or utcnow()))


def chosen_language(session: Session, learner: int) -> Optional[str]:
    """The language the learner chose last (``None``: never chosen)."""
    return session.scalar(select(LanguageChoice.language).where(
        LanguageChoice.learner_id == learner)
        .order_by(LanguageChoice.chosen_at.desc(), LanguageChoice.id.desc()).limit(1))


# -- puzzles ----------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleRecord:
    """A learner's record on one puzzle."""

    attempts: int = 0
    solved: bool = False
    clean: bool = False


def start_attempt(session: Session, learner: int, puzzle: str, rating: Optional[int],
                  at: Optional[datetime] = None) -> int:
    """Add an attempt at ``puzzle`` (of difficulty ``rating``); returns its id."""
    return new_id(session, insert(PuzzleAttempt).values(
        learner_id=learner, puzzle=puzzle, puzzle_rating=rating, started_at=at or utcnow(),
        clean=False).returning(PuzzleAttempt.id))


def solve_attempt(session: Session, learner: int, attempt: Optional[int], puzzle: str,
                  clean: bool, rating: Optional[int] = None, at: Optional[datetime] = None) -> None:
    """Mark the attempt ``attempt`` solved (a new solved attempt if there is none)."""
    now = at or utcnow()
    if attempt is None:
        attempt = start_attempt(session, learner, puzzle, rating, now)
    session.execute(update(PuzzleAttempt).where(
        PuzzleAttempt.id == attempt, PuzzleAttempt.learner_id == learner,
        PuzzleAttempt.solved_at.is_(None)).values(solved_at=now, clean=clean))


def puzzle_records(session: Session, learner: int) -> Dict[str, PuzzleRecord]:
    """The learner's record on every puzzle they have tried."""
    rows = session.execute(select(
        PuzzleAttempt.puzzle, func.count(PuzzleAttempt.id),
        func.count(PuzzleAttempt.solved_at),
        func.count(PuzzleAttempt.id).filter(PuzzleAttempt.clean))
        .where(PuzzleAttempt.learner_id == learner).group_by(PuzzleAttempt.puzzle))
    return {puzzle: PuzzleRecord(tried, solved > 0, clean > 0)
            for puzzle, tried, solved, clean in rows}


def attempts_in_order(session: Session, learner: int) -> List[PuzzleAttempt]:
    """Every attempt of the learner, oldest first."""
    return list(session.scalars(select(PuzzleAttempt).where(PuzzleAttempt.learner_id == learner)
                                .order_by(PuzzleAttempt.started_at, PuzzleAttempt.id)))


def latest_rating(session: Session, learner: int, kind: str) -> Optional[Rating]:
    """The learner's latest rating of ``kind`` (``None``: not rated yet)."""
    return session.scalar(select(Rating).where(Rating.learner_id == learner, Rating.kind == kind)
                          .order_by(Rating.rated_at.desc(), Rating.id.desc()).limit(1))


def rated_puzzles(session: Session, learner: int, kind: str) -> Set[str]:
    """The puzzles whose results have moved the learner's rating of ``kind``."""
    return set(session.scalars(select(Rating.puzzle).distinct().where(
        Rating.learner_id == learner, Rating.kind == kind, Rating.puzzle.is_not(None))))


def add_rating(session: Session, learner: int, kind: str, value: float, deviation: float,
               volatility: float, puzzle: Optional[str] = None) -> None:
    """Add the learner's new rating of ``kind`` (Glicko-2's three numbers), after ``puzzle``."""
    session.execute(insert(Rating).values(learner_id=learner, kind=kind, value=value,
                                          deviation=deviation, volatility=volatility,
                                          puzzle=puzzle, rated_at=utcnow()))


# -- the review schedule and saved games ------------------------------------------------


def _upsert(session: Session, table: Any, keys: Sequence[str], values: Dict[str, Any]) -> None:
    """Insert ``values`` into ``table``, or update the row with the same ``keys`` (one
    statement, so two servers doing it at once cannot both insert)."""
    from sqlalchemy.dialects import postgresql, sqlite

    postgres = session.get_bind().dialect.name == "postgresql"
    statement = (postgresql.insert(table) if postgres else sqlite.insert(table)).values(**values)
    session.execute(statement.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: statement.excluded[name] for name in values if name not in keys}))


def schedule_review(session: Session, learner: int, item: str, due: datetime,
                    scheduler: Mapping[str, Any], at: Optional[datetime] = None) -> None:
    """Put ``item`` in the learner's review schedule, due at ``due``, or move it there;
    ``scheduler`` is the scheduler's state of it (anything JSON can hold)."""
    _upsert(session, ReviewItem, ("learner_id", "item"),
            {"learner_id": learner, "item": item, "due": due, "scheduler": dict(scheduler),
             "updated_at": at or utcnow()})


def review_item(session: Session, learner: int, item: str) -> Optional[ReviewItem]:
    """The learner's ``item`` in the review schedule (``None``: not scheduled)."""
    return session.scalar(select(ReviewItem).where(ReviewItem.learner_id == learner,
                                                   ReviewItem.item == item))


def review_schedule(session: Session, learner: int, due_by: Optional[datetime] = None,
                    prefix: str = "") -> List[ReviewItem]:
    """The learner's review schedule, soonest first: only the items due by ``due_by`` if
    given, and only those whose name starts with ``prefix``."""
    query = select(ReviewItem).where(ReviewItem.learner_id == learner)
    if due_by is not None:
        query = query.where(ReviewItem.due <= due_by)
    if prefix:
        query = query.where(ReviewItem.item.startswith(prefix, autoescape=True))
    return list(session.scalars(query.order_by(ReviewItem.due, ReviewItem.id)))


def due_reviews(session: Session, learner: int, now: Optional[datetime] = None) -> List[ReviewItem]:
    """The learner's review items due by ``now``, soonest first."""
    return review_schedule(session, learner, now or utcnow())


def add_review(session: Session, learner: int, item: str, grade: int,
               at: Optional[datetime] = None) -> None:
    """Add one review of ``item``: the ``grade`` the answer earned (the scheduler's scale)."""
    session.execute(insert(Review).values(learner_id=learner, item=item, grade=grade,
                                          reviewed_at=at or utcnow()))


def reviews(session: Session, learner: int, item: Optional[str] = None) -> List[Review]:
    """The learner's reviews (of ``item`` only, if given), oldest first."""
    query = select(Review).where(Review.learner_id == learner)
    if item is not None:
        query = query.where(Review.item == item)
    return list(session.scalars(query.order_by(Review.reviewed_at, Review.id)))


def save_game(session: Session, learner: int, name: str, data: str) -> int:
    """Add a saved game (``data``: the save file's JSON); returns its id."""
    return new_id(session, insert(SavedGame).values(
        learner_id=learner, name=name[:100], data=data, saved_at=utcnow()).returning(SavedGame.id))


def saved_games(session: Session, learner: int) -> List[SavedGame]:
    """The learner's saved games, newest first."""
    return list(session.scalars(select(SavedGame).where(SavedGame.learner_id == learner)
                                .order_by(SavedGame.saved_at.desc(), SavedGame.id.desc())))


def keep_one_game(session: Session, learner: int, prefix: str, name: str, data: str) -> int:
    """Save the game named ``name`` in place of every game of the learner's whose name starts
    with ``prefix`` (the Play page's match, saved after every move: one row, not thousands);
    returns its id."""
    session.execute(delete(SavedGame).where(SavedGame.learner_id == learner,
                                            SavedGame.name.startswith(prefix, autoescape=True)))
    return save_game(session, learner, name, data)


def latest_game(session: Session, learner: int, prefix: str) -> Optional[SavedGame]:
    """The learner's newest saved game whose name starts with ``prefix``."""
    return session.scalars(select(SavedGame).where(
        SavedGame.learner_id == learner, SavedGame.name.startswith(prefix, autoescape=True))
        .order_by(SavedGame.saved_at.desc(), SavedGame.id.desc()).limit(1)).first()
