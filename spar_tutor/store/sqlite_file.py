"""A SQLite progress file watched for harm done to it from outside while a server runs.

The file can be deleted, cut short, replaced by another or damaged by another
program (a backup tool, a full disk, a slip in a terminal) while kernels have it
open. SQLite itself would then make things worse:

* opening a new connection to a file of 0 bytes deletes its ``-wal``, which may hold
  every answer since the last checkpoint;
* closing the last connection to a database checkpoints it, writing the ``-wal``'s
  pages into the file, and deletes the ``-wal``;
* writing to a deleted or replaced file writes into nothing anyone will read again.

So before every transaction the store asks :meth:`WatchedFile.harm` (a ``stat``
and the file's first 100 bytes; when the file changed since it was last found
sound, SQLite's ``quick_check`` on a connection of its own, a few ms for a
class's database), and a database error that says the file is malformed counts
too. A harmed file is never written to again: its connections are kept open
until the process ends and never closed (:func:`keep`), so SQLite neither
checkpoints into it nor deletes its ``-wal``, and no new connection is made to
it. Progress goes to a fresh file beside it (``spar-tutor-2.sqlite``), which a
note beside the harmed file names (``spar-tutor.sqlite.moved``), so that every
kernel of the server, and the next server, saves there too. Whatever can still
be read through the open connections (the ``-wal`` keeps what was acknowledged)
is copied into the fresh file once (:func:`rescue_rows`).
"""

from __future__ import annotations

import ctypes
import logging
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

log = logging.getLogger("spar_tutor.store")

HEADER = b"SQLite format 3\x00"
NOTE_SUFFIX = ".moved"
"""Beside a harmed file: a note naming the file progress is saved in instead."""
MOST_DAMAGED_STRETCHES = 64
"""Damaged stretches of a table read past, at most."""
MOST_MOVES = 20
"""Notes followed from one file to the next, at most (a loop of notes is damage too)."""
DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) \
    if hasattr(sqlite3, "SQLITE_NOTADB") else (11, 26)
"""SQLite's result codes that say the file is damaged (not locked, full or read-only)."""


class KeptConnection(sqlite3.Connection):
    """A SQLite connection that :func:`keep` can keep open for good: its ``close()``
    then does nothing (every store connection is made with this class)."""

    kept = False

    def close(self) -> None:
        if not self.kept:
            super().close()


_KEPT: List[KeptConnection] = []


def keep(connections: Sequence[Any]) -> None:
    """Never close these connections (to a harmed file), not even when the process ends:
    closing the last connection to a WAL database checkpoints it into the file and
    deletes its ``-wal``. Each gets a reference that is never given back, so Python never
    frees it; the operating system closes the file when the process ends, and SQLite
    never runs its close."""
    for conn in connections:
        if isinstance(conn, KeptConnection) and not conn.kept:
            conn.kept = True
            _KEPT.append(conn)
            try:
                ctypes.pythonapi.Py_IncRef(ctypes.py_object(conn))
            except (AttributeError, OSError):  # not CPython: the list keeps it
                pass


def is_damage(error: BaseException) -> bool:
    """Whether a database error says the file is damaged (malformed, not a database)."""
    while error is not None:
        if isinstance(error, sqlite3.DatabaseError):
            code = getattr(error, "sqlite_errorcode", None)
            if code is not None:
                return code & 0xFF in DAMAGE_CODES
            text = str(error)
            return "malformed" in text or "not a database" in text
        error = getattr(error, "orig", None) or error.__cause__  # type: ignore[assignment]
    return False


def _identity(st: os.stat_result) -> Tuple[int, int]:
    return (st.st_dev, st.st_ino)


@dataclass
class WatchedFile:
    """One SQLite database file (and its ``-wal``), as first opened by this process."""

    path: Path
    identity: Optional[Tuple[int, int]] = None
    """The file's device and inode once it existed: another inode is another file."""
    sound: Optional[Tuple[int, int, int]] = field(default=None, repr=False)
    """(inode, size, mtime) when :meth:`harm` last found the file sound inside."""

    @property
    def wal(self) -> Path:
        return self.path.with_name(self.path.name + "-wal")

    def remember(self) -> None:
        """Take the file as it is now as this process's file (once it exists)."""
        try:
            self.identity = _identity(self.path.stat())
        except OSError:
            pass

    def surface_harm(self) -> Optional[str]:
        """What is wrong with the file that a ``stat`` and its header tell (``None``:
        nothing): deleted, replaced, cut short or not a database. Fit to run before
        every connection SQLite makes to it."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return "was deleted" if self.identity is not None else None
        except OSError as e:
            return None if self.identity is None else f"cannot be looked at ({e.strerror})"
        if self.identity is not None and _identity(st) != self.identity:
            return "was replaced by another file"
        if st.st_size == 0:
            if self.wal.exists():
                return "was cut short to 0 bytes"  # SQLite would delete its -wal
            return None if self.identity is None else "was cut short to 0 bytes"
        try:
            with open(self.path, "rb") as f:
                head = f.read(100)
        except OSError:
            return None  # unreadable here: SQLite says why when it tries
        if len(head) < 100 or not head.startswith(HEADER):
            return "is damaged: its first bytes are not a SQLite database's"
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        if page < 512 or page & (page - 1):
            return "is damaged: its header names no page size"
        pages = int.from_bytes(head[28:32], "big")
        header_valid = head[24:28] == head[92:96]  # the count of pages is up to date
        if st.st_size % page or (header_valid and st.st_size < pages * page):
            return f"was cut short to {st.st_size} bytes"
        return None

    def harm(self) -> Optional[str]:
        """:meth:`surface_harm`, and when the file changed since it was last found sound,
        SQLite's ``quick_check`` of its pages too (on a new read-only connection: one
        already open may hold the pages as they were)."""
        surface = self.surface_harm()
        if surface is not None:
            return surface
        try:
            st = self.path.stat()
        except OSError:
            return None
        now = (st.st_ino, st.st_size, st.st_mtime_ns)
        if now == self.sound or st.st_size == 0:
            return None
        conn = open_kept(self.path, read_only=True)
        try:
            found = conn.execute("PRAGMA quick_check(1)").fetchone()
        except sqlite3.DatabaseError as e:
            if not is_damage(e):
                conn.close()
                return None  # locked, say: the transaction will say so
            found = (str(e),)
        if found and found[0] == "ok":
            conn.close()
            self.sound = now
            return None
        keep([conn])
        return f"is damaged: {found[0] if found else 'quick_check gave no answer'}"


def open_kept(path: Path, read_only: bool = False, timeout: float = 1.0) -> KeptConnection:
    """A new connection that :func:`keep` can keep (``read_only``: it never writes)."""
    target = f"{path.resolve().as_uri()}?mode=ro" if read_only else str(path)
    conn = sqlite3.connect(target, uri=read_only, timeout=timeout, factory=KeptConnection,
                           isolation_level=None)
    assert isinstance(conn, KeptConnection)
    return conn


# -- where progress goes instead ------------------------------------------------------------


def note_of(path: Path) -> Path:
    """The note beside ``path`` that names the file progress is saved in instead."""
    return path.with_name(path.name + NOTE_SUFFIX)


def followed(path: Path) -> Path:
    """The file progress is saved in, for the database at ``path``: ``path`` itself, or
    the fresh file its note names (and so on, if that one was harmed too)."""
    for _ in range(MOST_MOVES):
        try:
            first = note_of(path).read_text(encoding="utf-8").splitlines()[0].strip()
        except (OSError, IndexError, UnicodeDecodeError):
            return path
        if not first or "/" in first or "\\" in first or first in (".", ".."):
            return path  # not a note of ours
        path = path.with_name(first)
    return path


def fresh_name(path: Path) -> Path:
    """A file beside ``path`` that nothing uses: ``spar-tutor-2.sqlite``, ``-3``..."""
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not any(p.exists() for p in (candidate, candidate.with_name(candidate.name + "-wal"),
                                        note_of(candidate))):
            return candidate
        n += 1


def move_to_fresh(path: Path, reason: str) -> Path:
    """Name a fresh file for ``path``'s progress in its note (the first process to write
    the note chooses; the others read it) and return it."""
    note = note_of(path)
    fresh = fresh_name(path)
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    text = (f"{fresh.name}\nspar-tutor saves progress in {fresh.name} since {when}: "
            f"{path.name} {reason}. {path.name} and its -wal are left as they were.\n")
    try:
        handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as e:
        raise OSError(f"cannot write a note beside {path}: {e.strerror}") from e
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(scratch, 0o644)
        try:
            os.link(scratch, note)  # whole or not at all; fails if another wrote it first
        except FileExistsError:
            pass
    finally:
        os.unlink(scratch)
    target = followed(path)
    return target if target != path else fresh


# -- what can still be read --------------------------------------------------------------


def readable_rows(conn: sqlite3.Connection, tables: Sequence[str]) -> Dict[str, List[Dict[str, Any]]]:
    """Every row of ``tables`` that ``conn`` can still read, by table: past a damaged
    page, reading goes on from the first row after it (:func:`_rows_past_damage`), so
    only the rows on that page are lost. What could not be read is logged in one line."""
    found: Dict[str, List[Dict[str, Any]]] = {}
    lost: List[str] = []
    for table in tables:
        found[table], problem = _rows_past_damage(conn, table)
        if problem:
            lost.append(f"{table} ({len(found[table])} rows read; {problem})")
    if lost:
        log.warning("the harmed progress database could not all be read: %s", "; ".join(lost))
    return found


def _read_from(conn: sqlite3.Connection, table: str, after: Optional[int],
               into: List[Dict[str, Any]]) -> Optional[str]:
    """Append ``table``'s rows with an id past ``after`` (all: ``None``), in order, until
    the end (``None``) or a damaged page (what SQLite said)."""
    query = f'SELECT * FROM "{table}"'  # noqa: S608 (our own tables)
    try:
        if after is None:
            cursor = conn.execute(query + " ORDER BY id")
        else:
            cursor = conn.execute(query + " WHERE id > ? ORDER BY id", (after,))
        names = [c[0] for c in cursor.description]
        for row in cursor:
            into.append(dict(zip(names, row)))
    except sqlite3.DatabaseError as e:
        return str(e)
    return None


def _rows_past_damage(conn: sqlite3.Connection, table: str) -> Tuple[List[Dict[str, Any]], str]:
    """``table``'s readable rows, and what stopped the reading first ("" if nothing did).
    Past a damaged page, the first id that reads again is found by doubling the jump, then
    halving back (the rows of one damaged page are lost, and at most as many again)."""
    rows: List[Dict[str, Any]] = []
    first = problem = _read_from(conn, table, None, rows)
    for _ in range(MOST_DAMAGED_STRETCHES):
        if problem is None:
            break
        last = rows[-1]["id"] if rows else 0
        jump, bad = 1, last
        while jump < 2 ** 62:  # find a start past the damage
            probe: List[Dict[str, Any]] = []
            if _read_from(conn, table, last + jump, probe) is None or probe:
                break
            bad, jump = last + jump, jump * 2
        else:
            break
        low, high = bad, last + jump  # reading from high works (or gets somewhere)
        while high - low > 1:
            middle = (low + high) // 2
            probe = []
            if _read_from(conn, table, middle, probe) is None or probe:
                high = middle
            else:
                low = middle
        problem = _read_from(conn, table, high, rows)
    return rows, first or ""
