"""The review schedule keeps the scheduler's state as JSON (whatever the scheduler), and
every review is a row of its own.

``review_items`` (with one scheduler's numbers as columns) becomes ``review_schedule``
(item, due, scheduler JSON); its rows are carried over, their numbers into the JSON.
``reviews`` is new: one row per review, with its grade.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from datetime import datetime, timezone
from typing import Any, Dict, Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: Union[str, Sequence[str], None] = "0001"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

#: The numbers revision 0001 kept as columns of review_items.
NUMBERS = ("stability", "difficulty", "reps", "lapses")

OLD = sa.table("review_items", sa.column("learner_id", sa.Integer()),
               sa.column("item", sa.String()), sa.column("due", sa.DateTime()),
               sa.column("state", sa.String()), sa.column("stability", sa.Float()),
               sa.column("difficulty", sa.Float()), sa.column("reps", sa.Integer()),
               sa.column("lapses", sa.Integer()), sa.column("last_review", sa.DateTime()))


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)  # stored in UTC, without a zone


def _learner(table: str) -> Any:
    return sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_learner_id_learners"))


def _scheduler(row: Any) -> Dict[str, Any]:
    """An old row's state and numbers as the new JSON."""
    found: Dict[str, Any] = {"state": row.state}
    found.update((name, getattr(row, name)) for name in NUMBERS if getattr(row, name) is not None)
    if row.last_review is not None:
        found["last_review"] = row.last_review.replace(tzinfo=timezone.utc).isoformat()
    return found


def upgrade() -> None:
    schedule = op.create_table(
        "review_schedule",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=120), nullable=False),
        sa.Column("due", sa.DateTime(), nullable=False),
        sa.Column("scheduler", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        _learner("review_schedule"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_schedule")),
        sa.UniqueConstraint("learner_id", "item",
                            name=op.f("uq_review_schedule_learner_id_item")))
    op.create_index("ix_review_schedule_learner_due", "review_schedule", ["learner_id", "due"])
    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=120), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(), nullable=False),
        _learner("reviews"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reviews")))
    op.create_index("ix_reviews_learner_item", "reviews", ["learner_id", "item"])
    now = _now()
    rows = [{"learner_id": row.learner_id, "item": row.item, "due": row.due,
             "scheduler": _scheduler(row), "updated_at": row.last_review or now}
            for row in op.get_bind().execute(sa.select(OLD))]
    if rows:
        op.bulk_insert(schedule, rows)
    op.drop_table("review_items")


def downgrade() -> None:
    items = op.create_table(
        "review_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=120), nullable=False),
        sa.Column("due", sa.DateTime(), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("reps", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("last_review", sa.DateTime(), nullable=True),
        _learner("review_items"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_items")),
        sa.UniqueConstraint("learner_id", "item", name=op.f("uq_review_items_learner_id_item")))
    op.create_index("ix_review_items_learner_due", "review_items", ["learner_id", "due"])
    new = sa.table("review_schedule", sa.column("learner_id", sa.Integer()),
                   sa.column("item", sa.String()), sa.column("due", sa.DateTime()),
                   sa.column("scheduler", sa.JSON()))
    rows = []
    for row in op.get_bind().execute(sa.select(new)):
        numbers = row.scheduler if isinstance(row.scheduler, dict) else {}
        last = numbers.get("last_review")
        rows.append({"learner_id": row.learner_id, "item": row.item, "due": row.due,
                     "state": str(numbers.get("state", "review"))[:20],
                     "stability": _number(numbers.get("stability")),
                     "difficulty": _number(numbers.get("difficulty")),
                     "reps": int(_number(numbers.get("reps")) or 0),
                     "lapses": int(_number(numbers.get("lapses")) or 0),
                     "last_review": _naive(last) if isinstance(last, str) else None})
    if rows:
        op.bulk_insert(items, rows)
    op.drop_table("reviews")
    op.drop_table("review_schedule")


def _number(value: Any) -> Any:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _naive(when: str) -> Any:
    try:
        found = datetime.fromisoformat(when)
    except ValueError:
        return None
    return found.astimezone(timezone.utc).replace(tzinfo=None) if found.tzinfo else found
