"""Learners' keys fold look-alike letters (a Cyrillic "А" is an "A") and use NFKC: each key
is worked out again, and two learners whose names now share a key become one (the older
keeps its id; the other's rows move to it; where both scheduled the same review item, the
older one's is kept).

Revision ID: 0005_lookalike_keys
Revises: 0004
Create Date: 2026-12-04
"""

from typing import Dict, List, Sequence, Union

import sqlalchemy as sa
from alembic import op

from spar_tutor.store.names import learner_key

revision: str = "0005_lookalike_keys"
down_revision: Union[str, Sequence[str], None] = "0004"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

#: The tables whose rows name a learner, at this revision.
LEARNER_ROWS = ("step_answers", "lesson_completions", "visits", "puzzle_attempts", "ratings",
                "review_schedule", "reviews", "saved_games", "language_choices")


def upgrade() -> None:
    conn = op.get_bind()
    learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("key", sa.String))
    rows = conn.execute(sa.select(learners.c.id, learners.c.key).order_by(learners.c.id)).all()
    kept: Dict[str, int] = {}
    merged: List[int] = []
    for id_, key in rows:
        new = learner_key(key) if key and key.strip() else key
        if new in kept:
            _move_rows(conn, id_, kept[new])
            merged.append(id_)
        else:
            kept[new] = id_
    for id_ in merged:
        conn.execute(sa.delete(learners).where(learners.c.id == id_))
    for id_, key in rows:
        new = learner_key(key) if key and key.strip() else key
        if id_ not in merged and new != key:
            conn.execute(sa.update(learners).where(learners.c.id == id_).values(key=new))


def _move_rows(conn: sa.Connection, source: int, target: int) -> None:
    """Every row of learner ``source`` becomes learner ``target``'s."""
    schedule = sa.table("review_schedule", sa.column("learner_id", sa.Integer),
                        sa.column("item", sa.String))
    theirs = schedule.alias("theirs")
    conn.execute(sa.delete(schedule).where(
        schedule.c.learner_id == source,
        schedule.c.item.in_(sa.select(theirs.c.item).where(theirs.c.learner_id == target))))
    for name in LEARNER_ROWS:
        table = sa.table(name, sa.column("learner_id", sa.Integer))
        conn.execute(sa.update(table).where(table.c.learner_id == source)
                     .values(learner_id=target))


def downgrade() -> None:
    """Keys folded stay folded (a merged learner cannot be told apart again)."""
