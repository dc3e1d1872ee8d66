"""Opening the progress database: where it is, its schema brought up to date, and
every failure turned into one :class:`StoreError`.

The default is SQLite, in WAL mode (readers never wait for a writer), at
``$SPAR_TUTOR_HOME/spar-tutor.sqlite``. ``SPAR_TUTOR_DATABASE_URL`` (set by
``spar-tutor serve --database URL``) names another, such as a PostgreSQL server
that a school's learners share: ``postgresql+psycopg://user:password@host/spar``.

Every write is one short transaction. On SQLite it starts with ``BEGIN
IMMEDIATE``, so two kernels writing at once queue for the write lock (for up to
:data:`BUSY_TIMEOUT_S`) instead of failing half-way; the schema's migrations run
in such a transaction too (on PostgreSQL under an advisory lock), so two servers
starting together migrate once.

>>> store = Store.memory()
>>> store.learner_id("Yaw") == store.learner_id("yaw")
True
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, Mapping, Optional

from sqlalchemy import Engine, create_engine, delete, event, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from .names import learner_key
from .records import new_id
from .schema import Base, Learner, utcnow

log = logging.getLogger("spar_tutor.store")

DATABASE_ENV = "SPAR_TUTOR_DATABASE_URL"
FILE_NAME = "spar-tutor.sqlite"
BUSY_TIMEOUT_S = 3.0
"""How long a write waits for another kernel's write to finish before giving up."""


class StoreError(Exception):
    """The progress database cannot be used now: locked, full, damaged, read-only, made
    by a newer spar-tutor, or a server that does not answer. The message says which."""


def home(env: Optional[Mapping[str, str]] = None) -> Path:
    """The tool's folder: ``$SPAR_TUTOR_HOME`` or ``~/.spar-tutor``."""
    value = (os.environ if env is None else env).get("SPAR_TUTOR_HOME")
    return Path(value) if value else Path.home() / ".spar-tutor"


def database_url(env: Optional[Mapping[str, str]] = None) -> str:
    """``$SPAR_TUTOR_DATABASE_URL``, else SQLite at ``$SPAR_TUTOR_HOME/spar-tutor.sqlite``."""
    value = (os.environ if env is None else env).get(DATABASE_ENV, "").strip()
    return value or f"sqlite:///{home(env) / FILE_NAME}"


def shown_url(url: str) -> str:
    """``url`` fit for a log or a message: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(a database address that cannot be read)"


def _wal(cursor: Any, tries: int = 50) -> None:
    """Turn WAL on. Changing the journal mode needs the file to itself, and SQLite can
    answer "database is locked" at once, without waiting its busy timeout, while another
    server opens the same new file: try again a moment later."""
    for attempt in range(tries):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or attempt == tries - 1:
                raise
            time.sleep(0.1)


def _sqlite_events(engine: Engine) -> None:
    """SQLite as the store needs it: WAL, foreign keys, and transactions begun by us
    (``BEGIN IMMEDIATE`` for writes) rather than by Python's sqlite3 module."""

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # we say BEGIN ourselves
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            if engine.url.database and "mode=ro" not in engine.url.database:  # a file to write
                _wal(cursor)
                cursor.execute("PRAGMA synchronous=NORMAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("spar_begin", "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())


def make_engine(url: str, busy_timeout: float = BUSY_TIMEOUT_S, read_only: str = "") -> Engine:
    """An engine for ``url``: SQLite set up for WAL and queued writes, or only read
    (``read_only``: SQLite's ``mode`` and what follows it in the file's address)."""
    try:
        parsed = make_url(url)
    except ArgumentError as e:
        raise StoreError(f"{url!r} is not a database address: {e}") from e
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed, pool_pre_ping=True, pool_size=2, max_overflow=2)
        except (SQLAlchemyError, ImportError) as e:
            raise StoreError(f"cannot use {shown_url(url)}: {e}") from e
    if parsed.database and read_only:
        # SQLite reads a WAL database in a folder it cannot write only when asked to read.
        path = Path(parsed.database).resolve().as_uri()
        engine = create_engine(parsed.set(database=f"{path}?mode={read_only}", query={"uri": "true"}),
                               connect_args={"timeout": busy_timeout})
    elif parsed.database:
        try:
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot make the folder of {parsed.database}: {e}") from e
        engine = create_engine(parsed, connect_args={"timeout": busy_timeout})
    else:
        engine = create_engine(parsed, poolclass=StaticPool,
                               connect_args={"check_same_thread": False})
    _sqlite_events(engine)
    return engine


class Store:
    """The progress database: short read and write transactions over an engine.

    :meth:`open` a database (its schema migrated to the newest), or make a
    :meth:`memory` one (for a page whose progress cannot be saved). Every database
    failure leaves :meth:`read`, :meth:`write` and :meth:`open` as a :class:`StoreError`.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.url = shown_url(str(engine.url))
        self.is_sqlite = engine.url.get_backend_name() == "sqlite"

    @classmethod
    def open(cls, url: str, busy_timeout: float = BUSY_TIMEOUT_S) -> "Store":
        """Open the database at ``url`` and bring its schema up to date (Alembic)."""
        from .migrate import upgrade

        store = cls(make_engine(url, busy_timeout))
        try:
            upgrade(store)
        except SQLAlchemyError as e:
            store.close()
            raise StoreError(f"cannot open the progress database {store.url}: {e}") from e
        except StoreError:
            store.close()
            raise
        return store

    @classmethod
    def read_only(cls, url: str) -> "Store":
        """The database at ``url`` for reading only, as it is (no migration): to show what
        was saved when it cannot be opened for writing. Its schema must be the newest.

        A SQLite database in a folder that cannot be written is read as it was last
        checkpointed, if it cannot be read otherwise (SQLite's ``immutable``)."""
        from .migrate import HEAD, stamped

        problem: Optional[Exception] = None
        for mode in ("ro", "ro&immutable=1"):
            store = cls(make_engine(url, read_only=mode))
            try:
                with store.engine.connect() as conn:
                    at = stamped(conn)
            except SQLAlchemyError as e:
                store.close()
                problem = e
                if not store.is_sqlite:
                    break
                continue
            if at != HEAD:
                store.close()
                raise StoreError(f"the progress database {store.url} is at revision {at}, "
                                 f"not {HEAD}")
            return store
        raise StoreError(f"cannot read the progress database {shown_url(url)}: {problem}")

    @classmethod
    def memory(cls) -> "Store":
        """A database that lives in this process only (nothing is saved)."""
        store = cls(make_engine("sqlite://"))
        Base.metadata.create_all(store.engine)
        return store

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading (nothing it changes is kept)."""
        try:
            with Session(self.engine) as session:
                yield session
                session.rollback()
        except (SQLAlchemyError, OSError) as e:
            raise StoreError(f"cannot read the progress database {self.url}: {e}") from e

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose changes are committed together when the block ends."""
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(spar_begin="IMMEDIATE" if self.is_sqlite else "")
                with conn.begin():
                    with Session(bind=conn) as session:
                        yield session
                        session.flush()
        except (SQLAlchemyError, OSError) as e:
            raise StoreError(f"cannot write to the progress database {self.url}: {e}") from e

    def learner_id(self, name: str) -> int:
        """The id of the learner called ``name`` (any case), added if new."""
        key = learner_key(name)
        with self.read() as session:
            found = session.scalar(select(Learner.id).where(Learner.key == key))
        if found is not None:
            return found
        try:
            with self.write() as session:
                return new_id(session, insert(Learner).values(
                    key=key, name=" ".join(name.split())[:100], created_at=utcnow())
                    .returning(Learner.id))
        except StoreError as e:
            if not isinstance(e.__cause__, IntegrityError):
                raise
        with self.read() as session:  # another kernel added them meanwhile
            found = session.scalar(select(Learner.id).where(Learner.key == key))
        if found is None:
            raise StoreError(f"learner {name!r} could not be added")
        return found

    def remove_learner(self, name: str) -> bool:
        """Remove the learner called ``name`` (any case) and every row of their progress
        (the teacher's Class page: a name typed wrong, a visitor); False if there is no
        such learner. A learner who goes on using the tutor after this starts afresh."""
        key = learner_key(name)
        learners = Base.metadata.tables[Learner.__tablename__]
        with self.write() as session:
            found = session.scalar(select(learners.c.id).where(learners.c.key == key))
            if found is None:
                return False
            for table in reversed(Base.metadata.sorted_tables):  # the rows that name them first
                if "learner_id" in table.c:
                    session.execute(delete(table).where(table.c.learner_id == found))
            session.execute(delete(learners).where(learners.c.id == found))
        log.info("removed learner %r and their progress", key)
        return True

    def copy_learner(self, source: "Store", name: str) -> None:
        """Copy every row of the learner ``name`` from ``source`` into this store (when a
        page goes on in memory after the database failed: what was saved stays in view)."""
        key = learner_key(name)
        learners = Base.metadata.tables[Learner.__tablename__]
        rows: Dict[str, Any] = {}
        with source.read() as session:
            learner = session.execute(select(learners).where(learners.c.key == key)).first()
            if learner is None:
                return
            for table in Base.metadata.sorted_tables:
                if "learner_id" in table.c:
                    rows[table.name] = [dict(r._mapping) for r in session.execute(
                        select(table).where(table.c.learner_id == learner.id))]
        with self.write() as session:
            session.execute(insert(learners), [dict(learner._mapping)])
            for table in Base.metadata.sorted_tables:
                if rows.get(table.name):
                    session.execute(insert(table), rows[table.name])

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Store({self.url!r})"


_SHARED: Dict[str, Store] = {}


def shared_store(url: Optional[str] = None) -> Store:
    """This process's store for ``url`` (default :func:`database_url`): opened, migrated
    and given the old progress files (:mod:`~spar_tutor.store.legacy`) on first use.

    Raises :class:`StoreError` if it cannot be opened; the next call tries again.
    """
    from .legacy import import_folder

    url = url or database_url()
    if url not in _SHARED:
        store = Store.open(url)
        import_folder(store, home())
        _SHARED[url] = store
    return _SHARED[url]
