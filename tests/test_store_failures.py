"""A locked, full, corrupt or unwritable progress database: the page says that progress is
not being saved, the lesson goes on, and nothing already saved is damaged.

The read-only and full cases run in a forked child: as a user who may not write the
folder (``nobody`` when the tests run as root, who may write anywhere), or with a file
size limit (``RLIMIT_FSIZE``) that makes every write past it fail, as a full disk does.
"""

import json
import os
import pwd
import resource
import shutil
import signal
import sqlite3
import tempfile
from pathlib import Path

import pytest

from spar_tutor.i18n import _
from spar_tutor.learning import NOT_SAVED
from spar_tutor.learning.progress import MOVED
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.store import Store

from lesson_helpers import finish_step

LESSON = next(l for l in load_all() if l.id == "03_follow")


def saved_progress(path: Path, steps: int = 3) -> str:
    """A database at ``path`` where Ama has finished the first ``steps`` steps."""
    url = f"sqlite:///{path}"
    store = Store.open(url)
    progress = ProgressStore("Ama", store)
    for step in range(steps):
        progress.answer(LESSON.id, step, len(LESSON.steps), "right", True, True)
    progress.visit(LESSON.id, steps)
    store.close()
    return url


def still_saved(url: str, steps: int = 3) -> None:
    """The saved steps are all there and the file is sound."""
    store = Store.open(url)
    assert ProgressStore("ama", store).done(LESSON.id) == set(range(steps))
    store.close()
    with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def take_two_steps(player: LessonPlayer) -> None:
    for _ in range(2):
        finish_step(player)
        player.next_btn.click()


def test_a_locked_database_lets_the_lesson_go_on_and_says_so(tmp_path):
    url = saved_progress(tmp_path / "spar-tutor.sqlite")
    store = Store.open(url, busy_timeout=0.3)
    player = LessonPlayer(LESSON, ProgressStore("Ama", store))
    assert player.run.index == 3 and player.saving.value == ""
    locker = sqlite3.connect(tmp_path / "spar-tutor.sqlite", isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        take_two_steps(player)
        assert player.run.unsaved and _(NOT_SAVED) in player.saving.value
        assert player.run.index == 5 and player.run.done == {0, 1, 2, 3, 4}
        assert "sp-feedback-wrong" not in player.feedback.value
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    still_saved(url)
    store.close()


def test_a_corrupt_database_file_is_left_as_it_is_and_progress_saved_beside_it(tmp_path, monkeypatch):
    path = tmp_path / "spar-tutor.sqlite"
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 64
    path.write_bytes(damaged)
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    player = LessonPlayer(LESSON, ProgressStore("Ama"))
    take_two_steps(player)
    assert not player.run.unsaved and _(MOVED) in player.saving.value
    assert player.run.done == {0, 1} and player.run.index == 2
    assert path.read_bytes() == damaged
    names = {p.name for p in tmp_path.iterdir()}
    assert {"spar-tutor.sqlite", "spar-tutor.sqlite.moved", "spar-tutor-2.sqlite"} <= names
    assert not names & {"spar-tutor.sqlite-wal", "spar-tutor.sqlite-journal"}
    still_saved(f"sqlite:///{tmp_path / 'spar-tutor-2.sqlite'}", steps=2)
    # the next server follows the note
    assert ProgressStore("ama", Store.open(f"sqlite:///{path}")).done(LESSON.id) == {0, 1}


def in_child(run, user=None):
    """``run()`` in a forked child (as ``user``); its JSON result."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 1
        try:
            os.close(read)
            if user is not None and os.geteuid() == 0:
                account = pwd.getpwnam(user)
                os.setgroups([])
                os.setgid(account.pw_gid)
                os.setuid(account.pw_uid)
            result = run()
            status = 0
        except BaseException as e:  # noqa: BLE001 - reported to the parent
            result = {"error": repr(e)}
        os.write(write, json.dumps(result).encode())
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    result = json.loads(data)
    assert os.waitstatus_to_exitcode(status) == 0, result
    return result


@pytest.fixture
def shared_folder():
    """A folder others may read but not write (not under pytest's root-only tmp folder)."""
    folder = Path(tempfile.mkdtemp(prefix="spar-tutor-ro-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder)


def lesson_in_child(url=None):
    """Two steps of the lesson, on this server's database (``url``, else the default)."""

    def run():
        if url:
            os.environ["SPAR_TUTOR_DATABASE_URL"] = url
        player = LessonPlayer(LESSON, ProgressStore("Ama"))
        take_two_steps(player)
        return {"unsaved": player.run.unsaved, "saving": player.saving.value,
                "done": sorted(player.run.done), "index": player.run.index}
    return run


def test_a_read_only_folder_without_a_database(shared_folder, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(shared_folder))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    shared_folder.chmod(0o555)
    result = in_child(lesson_in_child(), user="nobody")
    assert result["unsaved"] and _(NOT_SAVED) in result["saving"]
    assert result["done"] == [0, 1] and result["index"] == 2
    assert list(shared_folder.iterdir()) == []


def test_a_read_only_database_keeps_what_was_saved(shared_folder):
    path = shared_folder / "spar-tutor.sqlite"
    url = saved_progress(path)
    before = {p.name: p.read_bytes() for p in shared_folder.iterdir()}
    path.chmod(0o444)
    shared_folder.chmod(0o555)
    result = in_child(lesson_in_child(url), user="nobody")
    assert result["unsaved"] and _(NOT_SAVED) in result["saving"]
    assert result["index"] == 5 and result["done"] == [0, 1, 2, 3, 4]  # saved steps kept in view
    assert {p.name: p.read_bytes() for p in shared_folder.iterdir()} == before
    shared_folder.chmod(0o755)
    path.chmod(0o644)
    still_saved(url)


def test_a_full_disk_lets_the_lesson_go_on(tmp_path):
    path = tmp_path / "spar-tutor.sqlite"
    url = saved_progress(path)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log is empty: a write must grow it

    def run():
        store = Store.open(url, busy_timeout=0.3)
        player = LessonPlayer(LESSON, ProgressStore("Ama", store))  # opened while there is room
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write that fails, not a signal
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))  # now no file may grow past 1 KB
        take_two_steps(player)
        return {"unsaved": player.run.unsaved, "saving": player.saving.value,
                "done": sorted(player.run.done), "index": player.run.index}

    result = in_child(run)
    assert result["unsaved"] and _(NOT_SAVED) in result["saving"]
    assert result["index"] == 5 and result["done"] == [0, 1, 2, 3, 4]
    still_saved(url)
