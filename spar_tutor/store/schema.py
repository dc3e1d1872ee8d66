"""The progress database's tables (SQLAlchemy 2 declarative models).

Work is only ever added, never rewritten: every answer to a lesson step, every
lesson finished, every page visited, every puzzle attempt and every choice of
language is a row of its own, and what a learner has done is read from those
rows. Two tabs of one learner therefore never erase each other's work (there is no shared document to
read, change and write back). The one row that is changed is a puzzle attempt's,
by the tab that started it, when it is solved; and an item's place in the review
schedule, moved by each review (the reviews themselves are rows of their own); and a
shared table's row, whose status and the teacher's pause, show and note change (its
sittings and moves are rows of their own).

Times are UTC, stored without a zone (:class:`UTCDateTime`), so SQLite and
PostgreSQL read back the same values. The migrations in
``spar_tutor/store/migrations/versions`` create exactly these tables; a test
compares the two.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Dict, Optional

from sqlalchemy import (JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, MetaData, String,
                        Text, UniqueConstraint, true)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

#: Constraint names that are the same on every database (Alembic needs them named).
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID = 80  # a lesson's or a puzzle's id
ITEM = 120  # an item of the review schedule


def utcnow() -> datetime:
    """Now, in UTC."""
    return datetime.now(timezone.utc)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC: stored without a zone, read back as an aware ``datetime``."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: Optional[datetime], dialect: Dialect) -> Optional[datetime]:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a time for the progress database needs its zone")
        return value.astimezone(timezone.utc).replace(tzinfo=None)

    def process_result_value(self, value: Optional[Any], dialect: Dialect) -> Optional[datetime]:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=timezone.utc)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def _learner() -> Mapped[int]:
    return mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)


class Learner(Base):
    """A learner: ``key`` is :func:`~spar_tutor.store.names.learner_key` of the name, so
    "Yaw" and "yaw" are one learner; ``name`` is the name as first given."""

    __tablename__ = "learners"
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(100), unique=True, nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class StepAnswer(Base):
    """One answer to a lesson step (``answer`` is ``None`` for a page that was only read).
    ``first_try``: the learner's first answer to the step that time through the lesson
    (``None`` when not known: progress imported from an old file). ``finished``: the
    answer finished the step."""

    __tablename__ = "step_answers"
    __table_args__ = (Index("ix_step_answers_learner_lesson", "learner_id", "lesson"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    lesson: Mapped[str] = mapped_column(String(ID), nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False)
    answer: Mapped[Optional[str]] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    first_try: Mapped[Optional[bool]] = mapped_column(Boolean)
    finished: Mapped[bool] = mapped_column(Boolean, nullable=False)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class LessonCompletion(Base):
    """A lesson finished (every one of its ``steps`` done), added once per tab that finished it."""

    __tablename__ = "lesson_completions"
    __table_args__ = (Index("ix_lesson_completions_learner", "learner_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    lesson: Mapped[str] = mapped_column(String(ID), nullable=False)
    steps: Mapped[Optional[int]] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class Visit(Base):
    """The learner opened a lesson step or a puzzle (``kind``: "lesson" or "puzzle"): the
    latest one is where they left off."""

    __tablename__ = "visits"
    __table_args__ = (Index("ix_visits_learner_kind", "learner_id", "kind"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    item: Mapped[str] = mapped_column(String(ID), nullable=False)
    step: Mapped[Optional[int]] = mapped_column(Integer)
    visited_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class PuzzleAttempt(Base):
    """One go at a puzzle, from the learner's first card; ``solved_at`` once solved,
    ``clean`` if with no mistake, no second hint and no look at the solution."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (Index("ix_puzzle_attempts_learner", "learner_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    puzzle: Mapped[str] = mapped_column(String(ID), nullable=False)
    puzzle_rating: Mapped[Optional[int]] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    solved_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    clean: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)


class Rating(Base):
    """A learner's rating (``kind`` "puzzles"): Glicko-2's rating (``value``), deviation and
    volatility after the result of ``puzzle`` (:mod:`spar_tutor.learning.rating`). A row is
    added for each puzzle rated: the latest row is the current rating, the rows its
    history. (Ratings from before Glicko-2, Elo's, were carried over with a new
    player's deviation.)"""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_learner_kind", "learner_id", "kind"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    value: Mapped[float] = mapped_column(Float, nullable=False)
    deviation: Mapped[float] = mapped_column(Float, nullable=False)
    volatility: Mapped[float] = mapped_column(Float, nullable=False)
    puzzle: Mapped[Optional[str]] = mapped_column(String(ID))
    rated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ReviewItem(Base):
    """One thing in a learner's review schedule (spaced repetition): ``item`` names it
    (such as ``"lesson:03_follow:2"``), ``due`` is when it should come back, and
    ``scheduler`` is the scheduler's own state of it, as JSON (its numbers, whatever the
    scheduler is). One row per learner and item, moved by each review: the schedule's
    one row that is changed; every review itself is a row of :class:`Review`."""

    __tablename__ = "review_schedule"
    __table_args__ = (UniqueConstraint("learner_id", "item"),
                      Index("ix_review_schedule_learner_due", "learner_id", "due"))
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    item: Mapped[str] = mapped_column(String(ITEM), nullable=False)
    due: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    scheduler: Mapped[Dict[str, Any]] = mapped_column(JSON, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class Review(Base):
    """One review of an item (added, never changed): the ``grade`` the learner's answer
    earned, on the scheduler's scale, and when."""

    __tablename__ = "reviews"
    __table_args__ = (Index("ix_reviews_learner_item", "learner_id", "item"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    item: Mapped[str] = mapped_column(String(ITEM), nullable=False)
    grade: Mapped[int] = mapped_column(Integer, nullable=False)
    reviewed_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class SavedGame(Base):
    """A game saved by the learner: ``data`` is the save file's JSON
    (:mod:`spar_tutor.session.file`); each save is a new row."""

    __tablename__ = "saved_games"
    __table_args__ = (Index("ix_saved_games_learner", "learner_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    data: Mapped[str] = mapped_column(Text, nullable=False)
    saved_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class LanguageChoice(Base):
    """The learner chose the tutor's language (``"fr"``); the latest choice is the one
    in use, on every device the learner opens the tutor on."""

    __tablename__ = "language_choices"
    __table_args__ = (Index("ix_language_choices_learner", "learner_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = _learner()
    language: Mapped[str] = mapped_column(String(20), nullable=False)
    chosen_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassSetting(Base):
    """A setting the teacher chose for the whole class on the Class page (``currency``,
    ``money``), by name; a learner's page reads it when it opens."""

    __tablename__ = "class_settings"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200), nullable=False)
    changed_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class LegacyImport(Base):
    """An old per-learner progress file (JSON) already imported, by the SHA-256 of its
    bytes, so that it is imported once however many servers start."""

    __tablename__ = "legacy_imports"
    id: Mapped[int] = mapped_column(primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    path: Mapped[str] = mapped_column(String(500), nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    imported_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class SharedTable(Base):
    """A table learners share from their own browsers (:mod:`spar_tutor.server.tables`): its
    join ``code`` (4 letters or digits), the rules (a preset's name), how many ``players``,
    whether ``hints`` are allowed, the ``bots`` that fill empty seats (a strength), whether
    stakes and bets are played (``money``: the class's setting when the table was made), the
    deals' ``seed`` (never shown to a learner: it would tell every hand), and its ``status``
    ("open" while seats are taken, "playing", "over", "closed"). Three things the teacher
    changes are kept here, updated in place: ``paused``, ``shown`` (every hand open to the
    table's players) and the teacher's ``note``. The moves are rows of their own."""

    __tablename__ = "shared_tables"
    __table_args__ = (Index("ix_shared_tables_code", "code"),
                      Index("ix_shared_tables_status", "status"))
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(8), nullable=False)
    rules: Mapped[str] = mapped_column(String(40), nullable=False)
    players: Mapped[int] = mapped_column(Integer, nullable=False)
    hints: Mapped[bool] = mapped_column(Boolean, nullable=False)
    bots: Mapped[str] = mapped_column(String(20), nullable=False)
    money: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True,
                                        server_default=true())
    seed: Mapped[str] = mapped_column(String(64), nullable=False)
    status: Mapped[str] = mapped_column(String(10), nullable=False)
    paused: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    shown: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    note: Mapped[Optional[str]] = mapped_column(String(300))
    created_by: Mapped[str] = mapped_column(String(100), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


def _shared_table() -> Mapped[int]:
    return mapped_column(ForeignKey("shared_tables.id", ondelete="CASCADE"), nullable=False)


class SharedSeat(Base):
    """Someone sat at a seat of a shared table (added at each sitting; the latest row of a
    seat is who sits there): a learner's ``name`` and :func:`learner_key` (``learner``), or
    a bot; ``secret`` is the SHA-256 of the seat's secret (acting for the seat needs the
    secret itself; "" while a seat the teacher set for a learner waits for them)."""

    __tablename__ = "shared_table_seats"
    __table_args__ = (Index("ix_shared_table_seats_table", "table_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = _shared_table()
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    learner: Mapped[str] = mapped_column(String(100), nullable=False)
    bot: Mapped[bool] = mapped_column(Boolean, nullable=False)
    secret: Mapped[str] = mapped_column(String(64), nullable=False)
    sat_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class SharedMove(Base):
    """One thing that happened at a shared table, numbered from 1: a move of the hand
    (``kind`` "move", ``move`` as the engine writes it: "7H", "dry 6S", "pass"), the cut
    ("cut": the cards lifted, 0 for none), the hand's settled bets ("bets": JSON), the
    start of the match ("start": its first dealer) or of the next hand ("next"). ``hand``
    counts from 1. Replayed through the engine, they bring the table back after a restart."""

    __tablename__ = "shared_table_moves"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = _shared_table()
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    hand: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    seat: Mapped[Optional[int]] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(400), nullable=False)
    made_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


TABLES = [t.name for t in Base.metadata.sorted_tables]
