"""The class's settings a teacher chooses on the Class page (the currency; stakes and bets
on or off), by name.

Revision ID: 0006_class_settings
Revises: 0005_shared_tables
Create Date: 2026-12-04
"""

from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0006_class_settings"
down_revision: Union[str, Sequence[str], None] = "0005_shared_tables"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "class_settings",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_class_settings")))


def downgrade() -> None:
    op.drop_table("class_settings")
