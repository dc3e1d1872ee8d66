"""Shared tables: a table learners play at from their own browsers, who sat at each seat,
and every move made there (spar_tutor.server.tables).

The revision has a name of its own ("0005_shared_tables"): it was written beside
another branch's migration (0005_lookalike_keys), and comes after it.

Revision ID: 0005_shared_tables
Revises: 0005_lookalike_keys
Create Date: 2026-12-04
"""

from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0005_shared_tables"
down_revision: Union[str, Sequence[str], None] = "0005_lookalike_keys"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def _table_id(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["table_id"], ["shared_tables.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_table_id_shared_tables"))


def upgrade() -> None:
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("rules", sa.String(length=40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Boolean(), nullable=False),
        sa.Column("bots", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("shown", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(length=300), nullable=True),
        sa.Column("created_by", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_tables")))
    op.create_index("ix_shared_tables_code", "shared_tables", ["code"])
    op.create_index("ix_shared_tables_status", "shared_tables", ["status"])
    op.create_table(
        "shared_table_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("learner", sa.String(length=100), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("sat_at", sa.DateTime(), nullable=False),
        _table_id("shared_table_seats"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_table_seats")))
    op.create_index("ix_shared_table_seats_table", "shared_table_seats", ["table_id"])
    op.create_table(
        "shared_table_moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("move", sa.String(length=400), nullable=False),
        sa.Column("made_at", sa.DateTime(), nullable=False),
        _table_id("shared_table_moves"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_table_moves")),
        sa.UniqueConstraint("table_id", "number",
                            name=op.f("uq_shared_table_moves_table_id_number")))


def downgrade() -> None:
    op.drop_table("shared_table_moves")
    op.drop_index("ix_shared_table_seats_table", table_name="shared_table_seats")
    op.drop_table("shared_table_seats")
    op.drop_index("ix_shared_tables_status", table_name="shared_tables")
    op.drop_index("ix_shared_tables_code", table_name="shared_tables")
    op.drop_table("shared_tables")
