"""The progress database: learners, answers to lesson steps, lessons finished, visits,
puzzle attempts, ratings, the review schedule, saved games and imported old files.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from typing import Any, List, Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: Union[str, Sequence[str], None] = None
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def _id() -> "sa.Column[int]":
    return sa.Column("id", sa.Integer(), nullable=False)


def _learner(table: str) -> List[Any]:
    return [sa.Column("learner_id", sa.Integer(), nullable=False),
            sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                    name=op.f(f"fk_{table}_learner_id_learners"))]


def _table(name: str, *columns: Any, learner: bool = True) -> None:
    op.create_table(name, _id(), *(_learner(name) if learner else []), *columns,
                    sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")))


def upgrade() -> None:
    _table("learners",
           sa.Column("key", sa.String(length=100), nullable=False),
           sa.Column("name", sa.String(length=100), nullable=False),
           sa.Column("created_at", sa.DateTime(), nullable=False),
           sa.UniqueConstraint("key", name=op.f("uq_learners_key")), learner=False)
    _table("legacy_imports",
           sa.Column("digest", sa.String(length=64), nullable=False),
           sa.Column("path", sa.String(length=500), nullable=False),
           sa.Column("kind", sa.String(length=10), nullable=False),
           sa.Column("imported_at", sa.DateTime(), nullable=False),
           sa.UniqueConstraint("digest", name=op.f("uq_legacy_imports_digest")), learner=False)
    _table("step_answers",
           sa.Column("lesson", sa.String(length=80), nullable=False),
           sa.Column("step", sa.Integer(), nullable=False),
           sa.Column("answer", sa.String(length=200), nullable=True),
           sa.Column("correct", sa.Boolean(), nullable=False),
           sa.Column("first_try", sa.Boolean(), nullable=True),
           sa.Column("finished", sa.Boolean(), nullable=False),
           sa.Column("answered_at", sa.DateTime(), nullable=False))
    op.create_index("ix_step_answers_learner_lesson", "step_answers", ["learner_id", "lesson"])
    _table("lesson_completions",
           sa.Column("lesson", sa.String(length=80), nullable=False),
           sa.Column("steps", sa.Integer(), nullable=True),
           sa.Column("finished_at", sa.DateTime(), nullable=False))
    op.create_index("ix_lesson_completions_learner", "lesson_completions", ["learner_id"])
    _table("visits",
           sa.Column("kind", sa.String(length=10), nullable=False),
           sa.Column("item", sa.String(length=80), nullable=False),
           sa.Column("step", sa.Integer(), nullable=True),
           sa.Column("visited_at", sa.DateTime(), nullable=False))
    op.create_index("ix_visits_learner_kind", "visits", ["learner_id", "kind"])
    _table("puzzle_attempts",
           sa.Column("puzzle", sa.String(length=80), nullable=False),
           sa.Column("puzzle_rating", sa.Integer(), nullable=True),
           sa.Column("started_at", sa.DateTime(), nullable=False),
           sa.Column("solved_at", sa.DateTime(), nullable=True),
           sa.Column("clean", sa.Boolean(), nullable=False))
    op.create_index("ix_puzzle_attempts_learner", "puzzle_attempts", ["learner_id"])
    _table("ratings",
           sa.Column("kind", sa.String(length=20), nullable=False),
           sa.Column("value", sa.Integer(), nullable=False),
           sa.Column("puzzle", sa.String(length=80), nullable=True),
           sa.Column("rated_at", sa.DateTime(), nullable=False))
    op.create_index("ix_ratings_learner_kind", "ratings", ["learner_id", "kind"])
    _table("review_items",
           sa.Column("item", sa.String(length=120), nullable=False),
           sa.Column("due", sa.DateTime(), nullable=False),
           sa.Column("state", sa.String(length=20), nullable=False),
           sa.Column("stability", sa.Float(), nullable=True),
           sa.Column("difficulty", sa.Float(), nullable=True),
           sa.Column("reps", sa.Integer(), nullable=False),
           sa.Column("lapses", sa.Integer(), nullable=False),
           sa.Column("last_review", sa.DateTime(), nullable=True),
           sa.UniqueConstraint("learner_id", "item", name=op.f("uq_review_items_learner_id_item")))
    op.create_index("ix_review_items_learner_due", "review_items", ["learner_id", "due"])
    _table("saved_games",
           sa.Column("name", sa.String(length=100), nullable=False),
           sa.Column("data", sa.Text(), nullable=False),
           sa.Column("saved_at", sa.DateTime(), nullable=False))
    op.create_index("ix_saved_games_learner", "saved_games", ["learner_id"])


def downgrade() -> None:
    for table in ("saved_games", "review_items", "ratings", "puzzle_attempts", "visits",
                  "lesson_completions", "step_answers", "legacy_imports", "learners"):
        op.drop_table(table)
