"""Moving a store off a harmed SQLite file onto a fresh one beside it, with what can
still be read (see :mod:`~spar_tutor.store.sqlite_file` for why and how it is found).

The harmed file's connections are kept open and never used again; the rows they can
still read are copied into the fresh file once, whichever kernel gets there first
(a row in ``legacy_imports`` marks the copy done; learners are matched by their key, so
rows written to the fresh file meanwhile stay as they are).
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from .schema import Base, LegacyImport, Learner, utcnow
from .sqlite_file import keep, move_to_fresh, open_kept, readable_rows

if TYPE_CHECKING:
    from .db import Store

log = logging.getLogger("spar_tutor.store")

MOVED = "moved"
"""The kind of a ``legacy_imports`` row that marks a harmed file's rows copied."""


def move_to_fresh_file(store: "Store", harm: str) -> None:
    """Keep the harmed file's connections, name a fresh file beside it, migrate it, copy
    what can still be read, and use it from now on. Raises :class:`StoreError` if no
    fresh file can be made (the folder cannot be written, the disk is full)."""
    from .db import StoreError, make_engine, open_connections, shown_url
    from .migrate import upgrade

    file = store.file
    assert file is not None, "only a SQLite file is moved"
    old = store.engine
    connections = open_connections(old)
    keep(connections)
    store._kept_engines.append(old)
    rows = _what_can_be_read(file.path, connections, harm)
    try:
        fresh = move_to_fresh(file.path, harm)
        store.engine = make_engine(f"sqlite:///{fresh}", store.busy_timeout)
        store.url = shown_url(str(store.engine.url))
        upgrade(store)
        copied = _copy(store, file.path, file.identity, rows)
    except (OSError, SQLAlchemyError) as e:
        raise StoreError(f"the progress database {file.path} {harm}, and no fresh file could "
                         f"be made beside it: {e}") from e
    store.generation += 1
    store.moved = (f"the progress database {file.path} {harm}: it is left as it was, with its "
                   f"-wal, and progress is saved in {fresh} from now on"
                   + (f" ({copied} rows that could still be read were copied there)"
                      if copied else ""))
    log.warning("%s", store.moved)


def _what_can_be_read(path: Path, connections: List[Any], harm: str) -> Dict[str, List[Dict[str, Any]]]:
    """The rows the harmed file's open connections can still read (what SQLite holds in
    the -wal and its cache); with none open, a new read-only one when that is harmless
    (the file is there, the same one, and not cut to 0 bytes)."""
    tables = [t.name for t in Base.metadata.sorted_tables]
    for conn in connections:
        try:
            conn.execute("SELECT 1")
        except sqlite3.Error:
            continue
        return readable_rows(conn, tables)
    if any(word in harm for word in ("deleted", "replaced", "0 bytes")):
        return {}  # a new connection would open another file, or delete the -wal
    try:
        conn = open_kept(path, read_only=True)
    except sqlite3.Error:
        return {}
    keep([conn])
    return readable_rows(conn, tables)


def _copy(store: "Store", path: Path, identity: Optional[Any],
          rows: Dict[str, List[Dict[str, Any]]]) -> int:
    """Copy ``rows`` into the store's (fresh) file once; how many rows were copied."""
    digest = hashlib.sha256(f"{MOVED}:{path}:{identity}".encode()).hexdigest()
    with store.write() as session:
        if session.scalar(select(LegacyImport.id).where(LegacyImport.digest == digest)):
            return 0  # another kernel copied them
        copied = _copy_rows(session, rows)
        _insert(session, LegacyImport.__tablename__,
                {"digest": digest, "path": str(path)[:500], "kind": MOVED,
                 "imported_at": utcnow().replace(tzinfo=None).isoformat(sep=" ")})
    return copied


def _copy_rows(session: Session, rows: Dict[str, List[Dict[str, Any]]]) -> int:
    """Each learner (matched by key), then every row that names a learner copied, with
    its learner's id here; rows with no learner (imports done) as they are."""
    ids: Dict[Any, int] = {}
    copied = 0
    for row in rows.get(Learner.__tablename__, []):
        _insert(session, Learner.__tablename__,
                {k: v for k, v in row.items() if k != "id"})
        found = session.scalar(select(Learner.id).where(Learner.key == row.get("key")))
        if found is not None:
            ids[row.get("id")] = found
            copied += 1
    for table in Base.metadata.sorted_tables:
        if table.name == Learner.__tablename__:
            continue
        for row in rows.get(table.name, []):
            values = {k: v for k, v in row.items() if k != "id" and k in table.c}
            if "learner_id" in table.c:
                if row.get("learner_id") not in ids:
                    continue
                values["learner_id"] = ids[row["learner_id"]]
            copied += _insert(session, table.name, values)
    return copied


def _insert(session: Session, table: str, values: Dict[str, Any]) -> int:
    """Insert one row as SQLite stored it (its own text for times), unless it clashes
    with one already there; 1 if it was added."""
    names = list(values)
    columns = ", ".join(f'"{n}"' for n in names)
    marks = ", ".join("?" for _ in names)
    result = session.connection().exec_driver_sql(
        f'INSERT OR IGNORE INTO "{table}" ({columns}) VALUES ({marks})',  # noqa: S608
        tuple(values[n] for n in names))
    return max(0, int(result.rowcount or 0))
