"""Faults from outside while the progress database is in use, on the real SQLite and a real
PostgreSQL server: a file cut to 0 bytes, deleted, replaced or with random bytes in a page;
a reader holding a rollback-journal database; a frozen PostgreSQL server.

Each one: nothing acknowledged is lost (it is in the fresh file, or, for rows the random
bytes themselves destroyed, as recoverable as the fault left them), nothing is written into
the harmed file or its -wal (not even when the process ends: the SQLite cases end in a
process of their own that exits normally, so Python's finalisation and SQLite's close run),
and no step waits more than 15 s.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from spar_tutor.i18n import _
from spar_tutor.learning import NOT_SAVED
from spar_tutor.lessons import ProgressStore
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.store import Store
from spar_tutor.store.sqlite_file import readable_rows

from postgres_helpers import PostgresServer
from test_store_failures import LESSON, take_two_steps

REPO = Path(__file__).resolve().parents[1]
WAIT_LIMIT_S = 15.0
ANSWERS = 200

#: Run in a process of its own: Ama answers ANSWERS steps (each acknowledged: committed),
#: then the fault named by argv[2] happens to the file, then she answers once more. It
#: prints what it saw as JSON and exits the ordinary way.
SCRIPT = textwrap.dedent('''
    import hashlib, json, os, random, sqlite3, sys, time
    from pathlib import Path
    from spar_tutor.lessons import ProgressStore
    from spar_tutor.store import Store

    path, fault = Path(sys.argv[1]), sys.argv[2]
    store = Store.open(f"sqlite:///{path}")
    progress = ProgressStore("Ama", store)
    for n in range(%(answers)d):
        progress.answer("03_follow", n %% 13, 13, f"answer {n} " + "and why" * 10, True, True)
    if fault == "page":  # everything in the file itself, then a page of answers damaged
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            root = conn.execute("SELECT rootpage FROM sqlite_master "
                                "WHERE name = 'step_answers'").fetchone()[0]
        data = path.read_bytes()[(root - 1) * 4096:root * 4096]
        assert data[0] == 5, "the answers' root is an interior page"
        cells = int.from_bytes(data[3:5], "big")
        pointers = [int.from_bytes(data[12 + 2 * i:14 + 2 * i], "big") for i in range(cells)]
        leaf = int.from_bytes(data[pointers[cells // 2]:pointers[cells // 2] + 4], "big")
        with open(path, "r+b") as f:
            f.seek((leaf - 1) * 4096 + 8)
            f.write(bytes(random.Random(7).randrange(256) for _ in range(4000)))
    elif fault == "truncate":
        os.truncate(path, 0)
    elif fault == "delete":
        os.unlink(path)
    elif fault == "replace":
        other = path.with_name("other.sqlite")
        with sqlite3.connect(other) as conn:
            conn.execute("CREATE TABLE t (x)")
        os.replace(other, path)
    def digest(p):
        return hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None
    harmed = {"file": digest(path), "wal": digest(path.with_name(path.name + "-wal"))}
    began = time.monotonic()
    progress.answer("03_follow", 0, 13, "after the fault", True, True)
    waited = time.monotonic() - began
    print(json.dumps({"harmed": harmed, "waited": waited, "unsaved": progress.unsaved,
                      "moved": store.moved, "notice": progress.notice,
                      "answers": [a.answer for a in progress.answers("03_follow")]}))
''') % {"answers": ANSWERS}


def digest(path: Path):
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def fault_in_a_process(tmp_path: Path, fault: str) -> dict:
    path = tmp_path / "spar-tutor.sqlite"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path), fault], capture_output=True,
                          text=True, timeout=120, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    seen["log"] = done.stderr
    return seen


def answers_in(path: Path) -> list:
    store = Store.open(f"sqlite:///{path}")
    try:
        return [a.answer for a in ProgressStore("ama", store).answers("03_follow")]
    finally:
        store.close()


ACKNOWLEDGED = [f"answer {n} " + "and why" * 10 for n in range(ANSWERS)]


@pytest.mark.parametrize("fault", ["truncate", "delete", "replace"])
def test_a_file_cut_deleted_or_replaced_while_open_is_left_and_nothing_is_lost(tmp_path, fault):
    seen = fault_in_a_process(tmp_path, fault)
    path = tmp_path / "spar-tutor.sqlite"
    assert seen["waited"] < WAIT_LIMIT_S and not seen["unsaved"], seen
    assert seen["moved"] and "spar-tutor-2.sqlite" in seen["moved"] and seen["notice"], seen
    assert seen["answers"] == ACKNOWLEDGED + ["after the fault"], seen
    # the harmed file and its -wal, after the process ended, are as the fault left them
    assert digest(path) == seen["harmed"]["file"]
    assert digest(tmp_path / "spar-tutor.sqlite-wal") == seen["harmed"]["wal"]
    if fault == "truncate":
        assert path.stat().st_size == 0 and seen["harmed"]["wal"] is not None  # the -wal kept
    if fault == "delete":
        assert not path.exists()  # SQLite did not make a new one in its place
    assert (tmp_path / "spar-tutor.sqlite.moved").read_text().splitlines()[0] == "spar-tutor-2.sqlite"
    assert answers_in(tmp_path / "spar-tutor-2.sqlite") == ACKNOWLEDGED + ["after the fault"]
    # the next server follows the note to the fresh file
    assert answers_in(path) == ACKNOWLEDGED + ["after the fault"]
    assert digest(path) == seen["harmed"]["file"]
    assert len([line for line in seen["log"].splitlines() if "is left as it was" in line]) == 1


def test_random_bytes_in_a_page_the_file_is_never_written_again(tmp_path):
    seen = fault_in_a_process(tmp_path, "page")
    path = tmp_path / "spar-tutor.sqlite"
    assert seen["waited"] < WAIT_LIMIT_S and not seen["unsaved"], seen
    assert seen["moved"] and "is damaged" in seen["moved"], seen
    assert digest(path) == seen["harmed"]["file"]
    assert digest(tmp_path / "spar-tutor.sqlite-wal") == seen["harmed"]["wal"]
    kept = answers_in(tmp_path / "spar-tutor-2.sqlite")
    assert kept[-1] == "after the fault"
    # an answer missing from the fresh file is one the random bytes destroyed: it cannot be
    # read from the damaged file either (read from a copy, so the file stays as it is)
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(path.read_bytes())
    with sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True) as conn:
        readable = {r["answer"] for r in readable_rows(conn, ["step_answers"])["step_answers"]}
    lost = set(ACKNOWLEDGED) - set(kept)
    assert not lost & readable and len(lost) < ANSWERS // 4, (len(lost), len(readable))


def test_a_reader_of_a_rollback_journal_database_makes_nothing_wait_long(tmp_path):
    path = tmp_path / "spar-tutor.sqlite"
    url = f"sqlite:///{path}"
    store = Store.open(url)
    ProgressStore("Ama", store).answer(LESSON.id, 0, len(LESSON.steps), "right", True, True)
    store.close()
    def class_report() -> float:
        """``spar-tutor class report`` in its own process: the seconds it took."""
        began = time.monotonic()
        report = subprocess.run([sys.executable, "-m", "spar_tutor", "class", "report",
                                 "--database", url], capture_output=True, text=True,
                                timeout=60, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
        assert report.returncode == 0 and "Ama" in report.stdout, report.stderr
        return time.monotonic() - began

    alone = class_report()  # starting Python and loading the lessons, on this machine now
    reader = sqlite3.connect(path, isolation_level=None)  # (after the report: it turns WAL on)
    assert reader.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM step_answers").fetchone()  # holds its read lock
    try:
        waited = class_report() - alone
        assert waited < 5, f"the report waited {waited:.1f} s more for the database"  # was 150
        began = time.monotonic()
        player = LessonPlayer(LESSON, ProgressStore("Kofi", Store.open(url)))
        take_two_steps(player)
        assert time.monotonic() - began < 10
        assert player.run.unsaved and _(NOT_SAVED) in player.saving.value
        assert player.run.done == {0, 1}
    finally:
        reader.execute("ROLLBACK")
        reader.close()
    assert answers_in(path) == ["right"]


def postgres_processes(server: PostgresServer) -> list:
    pid = int((server.data / "postmaster.pid").read_text().split()[0])
    postmaster = psutil.Process(pid)
    return [postmaster, *postmaster.children(recursive=True)]


def test_a_frozen_postgresql_server_gives_the_notice_within_seconds(monkeypatch):
    server = PostgresServer().start()  # a server of its own: the others' tests go on
    frozen = []
    try:
        url = server.new_database()
        progress = ProgressStore("Ama", Store.open(url))
        player = LessonPlayer(LESSON, progress)
        take_two_steps(player)  # acknowledged
        frozen = postgres_processes(server)
        for process in frozen:
            process.send_signal(signal.SIGSTOP)
        began = time.monotonic()
        take_two_steps(player)
        assert time.monotonic() - began < 10
        assert player.run.unsaved and _(NOT_SAVED) in player.saving.value
        assert player.run.done == {0, 1, 2, 3}
        began = time.monotonic()  # a new page: the server's database, opened anew
        monkeypatch.setenv("SPAR_TUTOR_DATABASE_URL", url)
        other = LessonPlayer(LESSON, ProgressStore("Kofi"))
        take_two_steps(other)
        assert time.monotonic() - began < 10 and other.run.unsaved
    finally:
        for process in frozen:
            process.send_signal(signal.SIGCONT)
    try:
        assert ProgressStore("ama", Store.open(url)).done(LESSON.id) == {0, 1}
    finally:
        server.stop()
