"""Progress files of the version before the database are imported once, at first start,
and nothing in them is lost.

tests/legacy_progress/ holds real files written by that version's ProgressStore and
PuzzleProgress (spar_tutor 0.1 at commit b362f90): Ama's lessons (one finished, two
begun), the same learner typed "ama" in another file, Kofi Mensah's lessons and
"kofi mensah"'s puzzles, and Ama's puzzles (solved with help, solved cleanly, begun).
"""

import os
import shutil
import threading
from pathlib import Path

import pytest
from sqlalchemy import func, select

from spar_tutor.lessons import ProgressStore
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store
from spar_tutor.store.legacy import import_folder
from spar_tutor.store.schema import LegacyImport, PuzzleAttempt, StepAnswer

OLD_FILES = Path(__file__).resolve().parent / "legacy_progress"
T0 = 1_700_000_000  # the files' times: "ama" first, then "Ama" a minute later


@pytest.fixture
def old_home(tmp_path):
    """A copy of the old files as a $SPAR_TUTOR_HOME, with fixed file times."""
    home = tmp_path / "home"
    shutil.copytree(OLD_FILES, home)
    for path in home.rglob("*.json"):
        when = T0 + (60 if path.name.startswith("Ama") else 0)
        os.utime(path, (when, when))
    return home


def snapshot(home):
    return {p.relative_to(home): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


def check_everything_arrived(store):
    ama = ProgressStore("AMA", store)
    assert ama.done("01_pack") == set(range(9)) and ama.finished("01_pack")
    assert ama.done("02_dealing") == {0, 1, 2} and not ama.finished("02_dealing")
    assert ama.done("03_follow") == {0, 1, 2, 4}  # "Ama" had 0 and 4, "ama" 1 and 2
    assert ama.last == "02_dealing" and ama.at("02_dealing") == 3  # the newer file's "last"
    assert ama.at("03_follow") == 5 and ama.at("01_pack") == 8
    puzzles = PuzzleProgress("Ama", store)
    assert puzzles.attempts("lead-the-six-home") == 2 and puzzles.solved("lead-the-six-home")
    assert not puzzles.clean("lead-the-six-home")
    assert puzzles.attempts("draw-the-queen") == 1 and puzzles.clean("draw-the-queen")
    assert puzzles.attempts("ace-first-six-last") == 1 and not puzzles.solved("ace-first-six-last")
    assert puzzles.last == "draw-the-queen"
    kofi_lessons, kofi_puzzles = ProgressStore("KOFI MENSAH", store), PuzzleProgress("Kofi Mensah", store)
    assert kofi_lessons.done("01_pack") == {0} and kofi_lessons.at("01_pack") == 1
    assert kofi_puzzles.attempts("draw-the-queen") == 1 and not kofi_puzzles.solved("draw-the-queen")


def test_old_files_are_imported_once_and_nothing_is_lost(database_url, old_home):
    before = snapshot(old_home)
    store = Store.open(database_url)
    first = import_folder(store, old_home)
    assert (first.imported, first.skipped, first.unreadable) == (5, 0, 0)
    check_everything_arrived(store)
    again = import_folder(Store.open(database_url), old_home)  # the next start: nothing twice
    assert (again.imported, again.skipped) == (0, 5)
    check_everything_arrived(store)
    with store.read() as session:
        assert session.scalar(select(func.count()).select_from(LegacyImport)) == 5
        assert session.scalar(select(func.count()).select_from(PuzzleAttempt)) == 5
        first_tries = session.scalars(select(StepAnswer.first_try).distinct()).all()
    assert first_tries == [None]  # not known from the old files: not counted as first tries
    assert snapshot(old_home) == before  # the files are left as they were
    store.close()


def test_servers_starting_together_import_each_file_once(database_url, old_home):
    stores = [Store.open(database_url, busy_timeout=30) for _ in range(3)]
    results, errors = [], []

    def start(store):
        try:
            results.append(import_folder(store, old_home))
        except Exception as e:  # noqa: BLE001 - fails the test below
            errors.append(e)

    threads = [threading.Thread(target=start, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sum(r.imported for r in results) == 5 and sum(r.skipped for r in results) == 10
    check_everything_arrived(stores[0])
    for store in stores:
        store.close()


def test_the_first_start_imports_them(old_home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(old_home))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    assert ProgressStore("Ama").done("03_follow") == {0, 1, 2, 4}  # no store given: this server's
    assert (old_home / "spar-tutor.sqlite").exists()
    check_everything_arrived(Store.open(f"sqlite:///{old_home / 'spar-tutor.sqlite'}"))


def test_unreadable_files_are_left_alone(tmp_path, caplog):
    home = tmp_path / "home"
    (home / "progress").mkdir(parents=True)
    (home / "puzzles").mkdir()
    (home / "progress" / "broken-0123456789.json").write_text("{not json")
    (home / "progress" / "list-0123456789.json").write_text("[1, 2]")
    (home / "puzzles" / "nameless-0123456789.json").write_text('{"learner": "", "puzzles": {}}')
    (home / "puzzles" / "odd-0123456789.json").write_text(
        '{"learner": "Esi", "puzzles": {"x": "oops", "y": {"attempts": "2"}, "z": {"attempts": 1}},'
        ' "last": 5}')
    before = snapshot(home)
    store = Store.memory()
    result = import_folder(store, home)
    assert (result.imported, result.unreadable) == (1, 3)
    esi = PuzzleProgress("Esi", store)
    assert esi.attempts("z") == 1 and esi.attempts("y") == 0 and esi.last is None
    assert "broken-0123456789.json not imported" in caplog.text
    assert snapshot(home) == before
