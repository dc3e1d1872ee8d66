"""Whether a shared table plays stakes and bets: the class's setting when the table was
made (a class may turn money off: spar_tutor.learning.class_settings). Tables made before
played them.

Revision ID: 0007_shared_table_money
Revises: 0006_class_settings
Create Date: 2026-12-06
"""

from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0007_shared_table_money"
down_revision: Union[str, Sequence[str], None] = "0006_class_settings"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("shared_tables") as batch:
        batch.add_column(sa.Column("money", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("shared_tables") as batch:
        batch.drop_column("money")
