"""The progress database: learners, their answers to lesson steps, puzzle attempts,
ratings, the review schedule and saved games (SQLAlchemy 2, migrations by Alembic).

SQLite at ``$SPAR_TUTOR_HOME/spar-tutor.sqlite`` by default (WAL mode); a server's
``--database URL`` or ``SPAR_TUTOR_DATABASE_URL`` names another, such as a
PostgreSQL server a class shares. Rows are only added, and progress is read from
them, so two tabs of one learner never erase each other's work
(:mod:`~spar_tutor.store.schema`). Old per-learner progress files are imported
once (:mod:`~spar_tutor.store.legacy`). Every failure of the database is a
:class:`StoreError`; the pages go on without saving (:mod:`spar_tutor.learning.progress`).

Below :mod:`spar_tutor.learning` in the layers: it knows nothing of lessons, puzzles
or widgets.
"""

from .db import DATABASE_ENV, Store, StoreError, database_url, home, shared_store, shown_url
from .names import learner_key

__all__ = ["DATABASE_ENV", "Store", "StoreError", "database_url", "home", "learner_key",
           "shared_store", "shown_url"]
