"""PostgreSQL for the progress database, with every wait bounded.

A PostgreSQL server that does not answer (stopped with SIGSTOP, a machine gone from
the network, a lock held by someone's forgotten session) must not hold a learner's
page: the page says that progress is not being saved, within seconds, and the lesson
goes on. So:

* connecting gives up after :data:`CONNECT_TIMEOUT_S` (libpq's ``connect_timeout``);
* the server cancels a statement after :data:`STATEMENT_TIMEOUT_MS` and gives up on a
  lock after :data:`LOCK_TIMEOUT_MS` (``statement_timeout``, ``lock_timeout``);
* a server that does not answer at all cannot cancel anything, so this side gives up
  too: a connection waits at most :data:`ANSWER_TIMEOUT_S` for any answer, then hangs
  up (the socket is shut, libpq reports the connection lost, and the pool drops it).

Migrations may take longer (:func:`patient`).
"""

from __future__ import annotations

import os
import socket
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

CONNECT_TIMEOUT_S = 2  # libpq's least
STATEMENT_TIMEOUT_MS = 2500
LOCK_TIMEOUT_MS = 2500
ANSWER_TIMEOUT_S = 3.0
"""This side's wait for any answer (a little more than the server's own timeouts)."""
MIGRATION_TIMEOUT_S = 600.0


def _connection_class() -> Any:
    import psycopg

    class AnsweringConnection(psycopg.Connection):
        """A psycopg connection that hangs up when the server does not answer within
        ``answer_timeout`` seconds."""

        answer_timeout: Optional[float] = ANSWER_TIMEOUT_S

        def wait(self, gen: Any, *args: Any, **kwargs: Any) -> Any:
            if self.answer_timeout is None:
                return super().wait(gen, *args, **kwargs)
            timer = threading.Timer(self.answer_timeout, self._hang_up)
            timer.daemon = True
            timer.start()
            try:
                return super().wait(gen, *args, **kwargs)
            finally:
                timer.cancel()

        def _hang_up(self) -> None:
            """Shut the socket: the wait above wakes up to a lost connection."""
            try:
                with socket.socket(fileno=os.dup(self.pgconn.socket)) as sock:
                    sock.shutdown(socket.SHUT_RDWR)
            except (OSError, ValueError, AttributeError, Exception):  # noqa: BLE001 - best effort
                pass

    return AnsweringConnection


def postgres_engine(url: URL) -> Engine:
    """An engine for a PostgreSQL address with the timeouts above."""
    options = f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={LOCK_TIMEOUT_MS}"
    engine = create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=2,
                           connect_args={"connect_timeout": CONNECT_TIMEOUT_S,
                                         "options": options})
    if engine.dialect.driver == "psycopg":
        connection_class = _connection_class()

        @event.listens_for(engine, "do_connect")
        def connect(dialect: Any, record: Any, cargs: Any, cparams: Any) -> Any:
            return connection_class.connect(*cargs, **cparams)

    return engine


@contextmanager
def patient(connection: Any) -> Iterator[None]:
    """Within this block, ``connection`` (SQLAlchemy's, in a transaction) may wait as long
    as a migration takes."""
    raw = connection.connection.dbapi_connection
    before = getattr(raw, "answer_timeout", None)
    if before is not None:
        raw.answer_timeout = MIGRATION_TIMEOUT_S
    connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
    connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
    try:
        yield
    finally:
        if before is not None:
            raw.answer_timeout = before
