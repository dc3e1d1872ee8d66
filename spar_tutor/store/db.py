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

import atexit
import logging
import os
import sqlite3
import time
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple

from sqlalchemy import Engine, create_engine, delete, event, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from .names import learner_key
from .records import new_id
from .schema import Base, Learner, utcnow
from .sqlite_file import KeptConnection, WatchedFile, followed

log = logging.getLogger("spar_tutor.store")

DATABASE_ENV = "SPAR_TUTOR_DATABASE_URL"
FILE_NAME = "spar-tutor.sqlite"
BUSY_TIMEOUT_S = 3.0
"""How long a write waits for another kernel's write to finish before giving up."""
RESTING_S = 20.0
"""After the database failed to answer (locked, unreachable, frozen), how long it is not
asked again: the pages of this process go on at once instead of each waiting in turn."""


class StoreError(Exception):
    """The progress database cannot be used now: locked, full, damaged, read-only, made
    by a newer spar-tutor, or a server that does not answer. The message says which.
    ``moved``: the file was found damaged and progress moved to a fresh file, where the
    same work may be done again."""

    def __init__(self, message: str, moved: bool = False) -> None:
        super().__init__(one_line(message))
        self.moved = moved


#: What SQLAlchemy adds to a database's own message, on lines of their own.
_ADDED = ("(Background on this error at:", "[SQL:", "[parameters:")


def one_line(message: str) -> str:
    """A database error's message on one line, without the statement, its values and
    SQLAlchemy's link (for a terminal, a log line or a page)."""
    lines = [line.strip() for line in message.splitlines()]
    return "; ".join(line for line in lines if line and not line.startswith(_ADDED))


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


WAL_WAIT_S = 2.0
"""How long opening a SQLite file may try to turn WAL on (another program may hold it)."""
WAL_RETRY_S = 60.0
"""After WAL could not be turned on, new connections do not try again for this long."""


def _wal(cursor: Any, busy_timeout: float) -> bool:
    """Turn WAL on, unless it is on already. Changing the journal mode needs the file to
    itself: while another program reads a database in rollback-journal mode, or another
    server opens the same new file, SQLite answers "locked". Try for :data:`WAL_WAIT_S`
    at most, then go on in the file's own mode (readers then wait for a writer, and a
    write that waits too long is a :class:`StoreError` like any lock). Whether WAL is on."""
    if str(cursor.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal":
        return True
    deadline = time.monotonic() + WAL_WAIT_S
    cursor.execute("PRAGMA busy_timeout=100")
    try:
        while True:
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                return True
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise
                if time.monotonic() > deadline:
                    log.warning("the progress database is held by another program: WAL not "
                                "turned on for now (%s)", e)
                    return False
                time.sleep(0.1)
    finally:
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")


_WATCHED: "weakref.WeakKeyDictionary[Engine, WatchedFile]" = weakref.WeakKeyDictionary()
_CONNECTIONS: "weakref.WeakKeyDictionary[Engine, weakref.WeakSet[Any]]" = weakref.WeakKeyDictionary()


def watched_file(engine: Engine) -> Optional[WatchedFile]:
    """The SQLite file ``engine`` writes to, watched for harm (``None``: not a file)."""
    return _WATCHED.get(engine)


def open_connections(engine: Engine) -> List[Any]:
    """The DBAPI connections ``engine`` has made that are still open."""
    return list(_CONNECTIONS.get(engine, ()))


def _sqlite_events(engine: Engine, busy_timeout: float, file: Optional[WatchedFile]) -> None:
    """SQLite as the store needs it: WAL, foreign keys, and transactions begun by us
    (``BEGIN IMMEDIATE`` for writes) rather than by Python's sqlite3 module; no new
    connection to a file that was harmed (SQLite would delete the -wal of a file cut
    to 0 bytes)."""
    connections: "weakref.WeakSet[Any]" = weakref.WeakSet()
    _CONNECTIONS[engine] = connections
    wal_failed = [float("-inf")]  # when turning WAL on last failed (the next tries wait)

    @event.listens_for(engine, "do_connect")
    def do_connect(dialect: Any, record: Any, cargs: Any, cparams: Any) -> Any:
        harm = file.surface_harm() if file is not None else None
        if harm is not None:
            raise sqlite3.OperationalError(f"{file.path if file else ''} {harm}: not opened "
                                           "again (it is left as it is)")
        return None  # SQLAlchemy connects as usual

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, record: Any) -> None:
        if isinstance(dbapi_connection, KeptConnection):
            connections.add(dbapi_connection)
        dbapi_connection.isolation_level = None  # we say BEGIN ourselves
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            if engine.url.database and "mode=ro" not in engine.url.database:  # a file to write
                if time.monotonic() > wal_failed[0] + WAL_RETRY_S:
                    if not _wal(cursor, busy_timeout):
                        wal_failed[0] = time.monotonic()
                cursor.execute("PRAGMA synchronous=NORMAL")
        finally:
            cursor.close()
        if file is not None and file.identity is None:
            file.remember()

    @event.listens_for(engine, "begin")
    def begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("spar_begin", "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())


def sqlite_path(url: str) -> Optional[Path]:
    """The file of a SQLite address (``None``: not SQLite, or in memory)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    if parsed.get_backend_name() != "sqlite" or not parsed.database \
            or parsed.database == ":memory:" or parsed.database.startswith("file:"):
        return None
    return Path(parsed.database)


def followed_url(url: str) -> str:
    """``url``, or the fresh file progress went to when its file was harmed (the note
    beside it says which: :mod:`~spar_tutor.store.sqlite_file`)."""
    path = sqlite_path(url)
    if path is None:
        return url
    target = followed(path)
    return url if target == path else f"sqlite:///{target}"


def make_engine(url: str, busy_timeout: float = BUSY_TIMEOUT_S, read_only: str = "") -> Engine:
    """An engine for ``url``: SQLite set up for WAL and queued writes, or only read
    (``read_only``: SQLite's ``mode`` and what follows it in the file's address);
    PostgreSQL with timeouts (:mod:`~spar_tutor.store.postgres`)."""
    try:
        parsed = make_url(url)
    except ArgumentError as e:
        raise StoreError(f"{url!r} is not a database address: {e}") from e
    if parsed.get_backend_name() != "sqlite":
        from .postgres import postgres_engine

        try:
            return postgres_engine(parsed)
        except (SQLAlchemyError, ImportError) as e:
            raise StoreError(f"cannot use {shown_url(url)}: {e}") from e
    file = None
    if parsed.database and read_only:
        # SQLite reads a WAL database in a folder it cannot write only when asked to read.
        path = Path(parsed.database).resolve().as_uri()
        file = WatchedFile(Path(parsed.database))
        engine = create_engine(parsed.set(database=f"{path}?mode={read_only}", query={"uri": "true"}),
                               connect_args={"timeout": busy_timeout, "factory": KeptConnection})
    elif parsed.database:
        try:
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot make the folder of {parsed.database}: {e}") from e
        file = WatchedFile(Path(parsed.database))
        engine = create_engine(parsed, connect_args={"timeout": busy_timeout,
                                                     "factory": KeptConnection})
        _WATCHED[engine] = file
    else:
        engine = create_engine(parsed, poolclass=StaticPool,
                               connect_args={"check_same_thread": False})
    _sqlite_events(engine, busy_timeout, file)
    return engine


class Store:
    """The progress database: short read and write transactions over an engine.

    :meth:`open` a database (its schema migrated to the newest), or make a
    :meth:`memory` one (for a page whose progress cannot be saved). Every database
    failure leaves :meth:`read`, :meth:`write` and :meth:`open` as a :class:`StoreError`.

    A SQLite file harmed from outside (deleted, cut short, replaced, damaged) is never
    written to again: before each transaction the file is looked at, and progress moves
    to a fresh file beside it (:mod:`~spar_tutor.store.sqlite_file`, :mod:`.rescue`);
    ``moved`` then says so in one line, and ``generation`` counts the moves (a learner's
    id is looked up again after one).
    """

    def __init__(self, engine: Engine, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.engine = engine
        self.url = shown_url(str(engine.url))
        self.is_sqlite = engine.url.get_backend_name() == "sqlite"
        self.busy_timeout = busy_timeout
        self.moved: Optional[str] = None
        """Why progress went to a fresh file, and which (the log's line), once it did."""
        self.generation = 0
        self.harmed: Optional[str] = None
        """Set when the file was harmed and no fresh file could be made: nothing is used."""
        self._kept_engines: List[Engine] = []
        self._resting_until = float("-inf")
        _STORES.add(self)

    @property
    def file(self) -> Optional[WatchedFile]:
        """The SQLite file written to, watched for harm (``None``: not a file)."""
        return watched_file(self.engine)

    @classmethod
    def open(cls, url: str, busy_timeout: float = BUSY_TIMEOUT_S) -> "Store":
        """Open the database at ``url`` (or the fresh file it moved to) and bring its
        schema up to date (Alembic)."""
        from .migrate import upgrade

        store = cls(make_engine(followed_url(url), busy_timeout), busy_timeout)
        try:
            store.guard()
            upgrade(store)
        except SQLAlchemyError as e:
            if store.damaged_by(e):
                return store
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
            store = cls(make_engine(followed_url(url), read_only=mode))
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

    def guard(self) -> None:
        """Before a transaction: if the SQLite file was harmed, move to a fresh file."""
        if self.harmed is not None:
            raise StoreError(f"the progress database {self.url} {self.harmed}")
        if time.monotonic() < self._resting_until:
            raise StoreError(f"the progress database {self.url} did not answer a moment ago")
        file = self.file
        if file is None:
            return
        harm = file.harm()
        if harm is not None:
            self._move(harm)

    def damaged_by(self, error: BaseException) -> bool:
        """Whether ``error`` says the SQLite file is damaged; if so, progress has moved
        to a fresh file (True: try again there)."""
        from .sqlite_file import is_damage

        if self.file is None or not is_damage(error):
            return False
        self._move(f"is damaged: {getattr(error, 'orig', None) or error}")
        return True

    def _move(self, harm: str) -> None:
        from .rescue import move_to_fresh_file

        try:
            move_to_fresh_file(self, harm)
        except StoreError as e:
            self.harmed = harm
            log.error("%s", e)
            raise

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading (nothing it changes is kept)."""
        self.guard()
        try:
            with Session(self.engine) as session:
                yield session
                session.rollback()
        except (SQLAlchemyError, OSError) as e:
            moved = self._failed(e)
            raise StoreError(f"cannot read the progress database {self.url}: {e}",
                             moved=moved) from e

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose changes are committed together when the block ends."""
        self.guard()
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(spar_begin="IMMEDIATE" if self.is_sqlite else "")
                with conn.begin():
                    with Session(bind=conn) as session:
                        yield session
                        session.flush()
        except (SQLAlchemyError, OSError) as e:
            moved = self._failed(e)
            raise StoreError(f"cannot write to the progress database {self.url}: {e}",
                             moved=moved) from e

    def _failed(self, error: BaseException) -> bool:
        """A transaction failed: moved to a fresh file if the file is damaged (True), or
        rest a while if the database did not answer (locked, unreachable)."""
        if self.damaged_by(error):
            return True
        if isinstance(error, (OperationalError, OSError)):
            self._resting_until = time.monotonic() + RESTING_S
        return False

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
        """Close every connection (never those to a harmed file: they are kept)."""
        if self.harmed is None:
            self.engine.dispose()

    def __repr__(self) -> str:
        return f"Store({self.url!r})"


_SHARED: Dict[str, Store] = {}
_FAILED: Dict[str, Tuple[float, StoreError]] = {}
_STORES: "weakref.WeakSet[Store]" = weakref.WeakSet()


@atexit.register
def _look_before_leaving() -> None:
    """At the end of the process, keep (never close) the connections to a file harmed
    since it was last looked at: closing the last one would checkpoint into it."""
    from .sqlite_file import keep

    for store in list(_STORES):
        file = store.file
        if file is not None and file.surface_harm() is not None:
            keep(open_connections(store.engine))


def shared_store(url: Optional[str] = None) -> Store:
    """This process's store for ``url`` (default :func:`database_url`): opened, migrated
    and given the old progress files (:mod:`~spar_tutor.store.legacy`) on first use.

    Raises :class:`StoreError` if it cannot be opened; the next call tries again, once
    :data:`RESTING_S` have passed (until then it says the same at once).
    """
    from .legacy import import_folder

    url = url or database_url()
    if url not in _SHARED:
        failed = _FAILED.get(url)
        if failed is not None and time.monotonic() < failed[0]:
            raise failed[1]
        try:
            store = Store.open(url)
            import_folder(store, home())
        except StoreError as e:
            _FAILED[url] = (time.monotonic() + RESTING_S, e)
            raise
        _FAILED.pop(url, None)
        _SHARED[url] = store
    return _SHARED[url]
