"""Alembic's environment for the progress database: runs on the connection that
:func:`spar_tutor.store.migrate.upgrade` gives it (no alembic.ini, no logging setup)."""

from alembic import context

from spar_tutor.store.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite", compare_type=True)
with context.begin_transaction():
    context.run_migrations()
