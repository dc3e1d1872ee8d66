"""Progress files of earlier versions (one JSON file per learner), imported once.

Before the database, each learner's progress was a file under ``$SPAR_TUTOR_HOME``:

* ``progress/<name>-<hash>.json``: lessons, ``{"user": NAME, "lessons": {LESSON:
  {"done": [steps], "at": step, "finished": bool}}, "last": LESSON}``;
* ``puzzles/<name>-<hash>.json``: puzzles, ``{"learner": NAME, "puzzles": {PUZZLE:
  {"attempts": n, "solved": bool, "clean": bool}}, "last": PUZZLE}``.

:func:`import_folder` adds what each file holds to the database, with the file's
time: every finished step (an answer whose first try is not known), every
finished lesson, every attempt (the last one solved, cleanly or not), and where
the learner was. A learner's "Ama" and "ama" files both go to the one learner.
Each file is imported once, known by the SHA-256 of its bytes (in the same
transaction as its rows, so two servers starting together import it once). The
files are left where they are: nothing is deleted, so nothing can be lost. A file
that cannot be read as progress is logged and left alone.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Dict, List, Optional

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from ..engine.errors import SparError
from ..engine.files import decode, parse_json, read_bytes
from .db import Store, StoreError
from .names import clean_name, learner_key
from .records import LESSON, PUZZLE, add_answer, add_completion, add_visit, solve_attempt, start_attempt
from .schema import ID, LegacyImport, utcnow

log = logging.getLogger("spar_tutor.store")

#: Folder under $SPAR_TUTOR_HOME, the key of the learner's name, the kind of progress.
FOLDERS = (("progress", "user", LESSON), ("puzzles", "learner", PUZZLE))
MAX_FILE = 2_000_000  # bytes: a progress file is a few kilobytes
#: Past these, a step number or a count of attempts is damage, not progress.
MOST_STEPS, MOST_ATTEMPTS = 1000, 1000


@dataclass
class ImportResult:
    """What one :func:`import_folder` did."""

    imported: int = 0  # files
    skipped: int = 0  # already imported
    unreadable: int = 0


def import_folder(store: Store, home: Path) -> ImportResult:
    """Import every old progress file under ``home`` not imported yet."""
    result = ImportResult()
    for folder, name_key, kind in FOLDERS:
        for path in sorted((home / folder).glob("*.json")) if (home / folder).is_dir() else []:
            outcome = import_file(store, path, name_key, kind)
            setattr(result, outcome, getattr(result, outcome) + 1)
    if result.imported or result.unreadable:
        log.info("old progress files: %d imported, %d already, %d unreadable (in %s)",
                 result.imported, result.skipped, result.unreadable, home)
    return result


def import_file(store: Store, path: Path, name_key: str, kind: str) -> str:
    """Import one file; returns "imported", "skipped" (already) or "unreadable"."""
    try:
        raw = read_bytes(path, what="progress file")
        data = parse_json(decode(raw, str(path)), str(path))
        when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except (OSError, SparError) as e:
        reason = e.reason if isinstance(e, SparError) else str(e)
        line = f"line {e.line}: " if isinstance(e, SparError) and e.line else ""
        log.warning("old progress file %s not imported (left as it is): %s%s", path, line, reason)
        return "unreadable"
    name = clean_name(data.get(name_key)) if isinstance(data, dict) else None  # as if typed
    section = data.get("lessons" if kind == LESSON else "puzzles") if isinstance(data, dict) else None
    if len(raw) > MAX_FILE or name is None or not isinstance(section, dict):
        log.warning("old progress file %s not imported: not a progress file", path)
        return "unreadable"
    digest = hashlib.sha256(raw).hexdigest()
    with store.read() as session:
        if session.scalar(select(LegacyImport.id).where(LegacyImport.digest == digest)):
            return "skipped"
    learner = store.learner_id(name)
    last = data.get("last") if isinstance(data.get("last"), str) else None
    try:
        with store.write() as session:
            session.execute(insert(LegacyImport).values(
                digest=digest, path=str(path)[-500:], kind=kind, imported_at=utcnow()))
            if kind == LESSON:
                _lessons(session, learner, section, last, when)
            else:
                _puzzles(session, learner, section, last, when)
    except StoreError as e:
        if isinstance(e.__cause__, IntegrityError):
            return "skipped"  # another server imported it at the same moment
        raise
    log.info("imported old %s progress of learner %r from %s", kind, learner_key(name), path)
    return "imported"


def _int(value: Any, default: int = 0, most: int = MOST_STEPS) -> int:
    return (value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most
            else default)


def _ids(entries: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    """The entries that can be a lesson's or a puzzle's progress (an id the database can hold)."""
    return {key: entry for key, entry in entries.items()
            if isinstance(entry, dict) and key.strip() and len(key) <= ID}


def _lessons(session: Any, learner: int, lessons: Dict[str, Any], last: Optional[str],
             when: datetime) -> None:
    lessons = _ids(lessons)
    last = last if last and len(last) <= ID else None
    for lesson, entry in lessons.items():
        done = sorted({_int(s, -1) for s in entry.get("done", []) if _int(s, -1) >= 0}) \
            if isinstance(entry.get("done"), list) else []
        for step in done:
            add_answer(session, learner, lesson, step, None, True, None, True, when)
        if entry.get("finished") is True:
            add_completion(session, learner, lesson, len(done) or None, when)
        if lesson != last:
            add_visit(session, learner, LESSON, lesson, _int(entry.get("at")), when)
    if last is not None:  # the lesson they were on: visited last
        at = lessons.get(last, {}).get("at") if isinstance(lessons.get(last), dict) else 0
        add_visit(session, learner, LESSON, last, _int(at), when + timedelta(microseconds=1))


def _puzzles(session: Any, learner: int, puzzles: Dict[str, Any], last: Optional[str],
             when: datetime) -> None:
    last = last if last and len(last) <= ID else None
    for puzzle, entry in _ids(puzzles).items():
        attempts: List[int] = [start_attempt(session, learner, puzzle, None, when)
                               for _ in range(min(_int(entry.get("attempts"), 0, 2**63),
                                                  MOST_ATTEMPTS))]
        if entry.get("solved") is True:
            solve_attempt(session, learner, attempts[-1] if attempts else None, puzzle,
                          entry.get("clean") is True, at=when)
    if last is not None:
        add_visit(session, learner, PUZZLE, last, None, when)
