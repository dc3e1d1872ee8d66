"""Puzzle ratings become Glicko-2 ratings: each row keeps the rating (now a fraction),
its deviation and its volatility.

The Elo ratings already there are carried over as they are, with a new player's
deviation (350) and volatility (0.06): still readable, and quick to move to where the
learner's next puzzles put them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: Union[str, Sequence[str], None] = "0002"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

#: What an Elo rating is read as (spar_tutor.learning.rating.START's deviation and volatility).
OLD_DEVIATION = 350.0
OLD_VOLATILITY = 0.06

RATINGS = sa.table("ratings", sa.column("value", sa.Float()), sa.column("deviation", sa.Float()),
                   sa.column("volatility", sa.Float()))


def upgrade() -> None:
    with op.batch_alter_table("ratings") as batch:
        batch.add_column(sa.Column("deviation", sa.Float(), nullable=True))
        batch.add_column(sa.Column("volatility", sa.Float(), nullable=True))
        batch.alter_column("value", existing_type=sa.Integer(), type_=sa.Float(),
                           existing_nullable=False)
    op.execute(RATINGS.update().values(deviation=OLD_DEVIATION, volatility=OLD_VOLATILITY))
    with op.batch_alter_table("ratings") as batch:
        batch.alter_column("deviation", existing_type=sa.Float(), nullable=False)
        batch.alter_column("volatility", existing_type=sa.Float(), nullable=False)


def downgrade() -> None:
    op.execute(RATINGS.update().values(value=sa.func.round(RATINGS.c.value)))
    with op.batch_alter_table("ratings") as batch:
        batch.drop_column("volatility")
        batch.drop_column("deviation")
        batch.alter_column("value", existing_type=sa.Float(), type_=sa.Integer(),
                           existing_nullable=False,
                           postgresql_using="round(value)::integer")
