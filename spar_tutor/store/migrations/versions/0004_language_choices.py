"""The learner's choice of language: one row per choice, the latest is the one in use.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: Union[str, Sequence[str], None] = "0003"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "language_choices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("language", sa.String(length=20), nullable=False),
        sa.Column("chosen_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_language_choices_learner_id_learners")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_language_choices")))
    op.create_index("ix_language_choices_learner", "language_choices", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_language_choices_learner", table_name="language_choices")
    op.drop_table("language_choices")
