"""The schema's migrations (Alembic), run when a store opens.

The migrations ship inside the package (``spar_tutor/store/migrations``); no
``alembic.ini`` is needed. A database already at the newest revision is only read.
Otherwise the upgrade runs in one transaction that holds the write lock (SQLite's
``BEGIN IMMEDIATE``, PostgreSQL's advisory lock), so servers that start together
migrate once and a failed migration leaves the database as it was.

A new migration, after changing :mod:`spar_tutor.store.schema`::

    python -m spar_tutor.store.migrate revision "what changed"

writes ``migrations/versions/<rev>_what_changed.py`` from the difference between the
models and a database at the newest revision; ``tests/test_store.py`` checks that the
models and the migrations agree.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional, Sequence

from sqlalchemy import inspect, text

if TYPE_CHECKING:
    from alembic.config import Config

    from .db import Store

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
ADVISORY_LOCK = 0x5BA12  # PostgreSQL: any fixed number of our own
HEAD = "0007_shared_table_money"
"""The newest migration's revision (a test checks that it is Alembic's head): a database
already there is opened without importing Alembic, which would cost every kernel about
11 MB and most of a second."""


def config(connection: Any = None) -> "Config":
    """Alembic's settings for the shipped migrations (and a connection to run them on)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> Optional[str]:
    """The newest revision the shipped migrations know."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config()).get_current_head()


def current(connection: Any) -> Optional[str]:
    """The revision a database is at (``None``: empty)."""
    from alembic.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def stamped(connection: Any) -> Optional[str]:
    """The revision a database is at, read without Alembic (``None``: empty)."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None if found is None else str(found)


def upgrade(store: "Store") -> None:
    """Bring the database's schema up to the newest revision, unless it is there already."""
    with store.engine.connect() as conn:
        at = stamped(conn)
        conn.rollback()
    if at == HEAD:
        return
    from alembic import command
    from alembic.script import ScriptDirectory

    from .db import StoreError

    known = {script.revision for script in ScriptDirectory.from_config(config()).walk_revisions()}
    if at is not None and at not in known:
        raise StoreError(f"the progress database {store.url} was made by a newer spar-tutor "
                         f"(revision {at}): upgrade spar-tutor to use it")
    with store.engine.connect() as conn:
        conn = conn.execution_options(spar_begin="IMMEDIATE" if store.is_sqlite else "")
        with conn.begin():
            if conn.dialect.name == "postgresql":
                from .postgres import patient

                with patient(conn):
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                 {"key": ADVISORY_LOCK})
                    command.upgrade(config(conn), "head")
            else:
                command.upgrade(config(conn), "head")


def differences(connection: Any) -> List[Any]:
    """What differs between the models and the database's schema (empty when they agree)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from .schema import Base

    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def main(argv: Sequence[str]) -> int:
    """``revision MESSAGE``: write a new migration from the models (see the module's doc)."""
    import tempfile

    from alembic import command

    from .db import Store

    if len(argv) != 2 or argv[0] != "revision":
        print(__doc__, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(f"sqlite:///{folder}/scratch.sqlite")
        with store.engine.connect() as conn:
            command.revision(config(conn), message=argv[1], autogenerate=True)
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
