"""The progress database on real servers: SQLite (a file, WAL) and PostgreSQL (a throwaway
server, tests/postgres_helpers.py). Migrations from empty, models that match them, one
learner whatever the case, and two tabs of one learner that never erase each other's work."""

import sqlite3
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select, text

from spar_tutor.lessons import ProgressStore
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store, StoreError, database_url, learner_key, shared_store
from spar_tutor.store import records
from spar_tutor.store.db import make_engine
from spar_tutor.store.migrate import HEAD, current, differences, head
from spar_tutor.store.schema import TABLES, StepAnswer, Visit, utcnow


def test_upgrade_from_empty_makes_every_table_and_the_models_match(database_url):
    store = Store.open(database_url)
    with store.engine.connect() as conn:
        assert current(conn) == head() == HEAD == "0007_shared_table_money"
        assert differences(conn) == []
        assert set(TABLES) <= set(inspect(conn).get_table_names())
    again = Store.open(database_url)  # a second start finds it up to date and changes nothing
    with again.engine.connect() as conn:
        assert current(conn) == HEAD
    store.close()
    again.close()


def test_an_up_to_date_database_opens_without_alembic(tmp_path):
    url = f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}"
    Store.open(url).close()
    assert HEAD == head()  # the revision the store looks for is the migrations' newest
    code = ("import sys; from spar_tutor.store import Store; Store.open(sys.argv[1]).learner_id('Ama');"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('alembic', 'mako')))")
    out = subprocess.run([sys.executable, "-c", code, url], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_database_of_a_newer_version_is_refused_and_left_alone(database_url):
    store = Store.open(database_url)
    ProgressStore("Ama", store).visit("01_pack", 3)
    with store.write() as session:
        session.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    store.close()
    with pytest.raises(StoreError, match="newer spar-tutor"):
        Store.open(database_url)
    store = Store(make_engine(database_url))
    with store.read() as session:
        assert session.execute(text("SELECT version_num FROM alembic_version")).scalar() == "9999"
        assert session.execute(text("SELECT count(*) FROM visits")).scalar() == 1
    store.close()


def test_servers_starting_together_migrate_once(database_url):
    opened, failed = [], []

    def start():
        try:
            opened.append(Store.open(database_url, busy_timeout=30))
        except StoreError as e:
            failed.append(e)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == [] and len(opened) == 4
    with opened[0].engine.connect() as conn:
        assert current(conn) == head() and differences(conn) == []
    for store in opened:
        store.close()


def test_sqlite_is_in_wal_mode_at_the_default_place(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    assert database_url() == f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}"
    shared_store().learner_id("Ama")
    with sqlite3.connect(tmp_path / "spar-tutor.sqlite") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    monkeypatch.setenv("SPAR_TUTOR_DATABASE_URL", "postgresql+psycopg://u@127.0.0.1:1/x")
    assert database_url() == "postgresql+psycopg://u@127.0.0.1:1/x"


@pytest.mark.parametrize("a, b", [("yaw", "Yaw"), ("YAW", " yaw "), ("Kofi  Mensah", "kofi mensah"),
                                  ("\u00c9si", "E\u0301si"), ("Stra\u00dfe", "STRASSE")])
def test_a_learner_is_one_identity_whatever_the_case(a, b):
    assert learner_key(a) == learner_key(b)
    store = Store.memory()
    assert store.learner_id(a) == store.learner_id(b)
    assert learner_key("Ama") != learner_key("Ama-Kofi")
    with pytest.raises(ValueError):
        learner_key("   ")


def test_the_same_learner_in_any_case_sees_the_same_progress(database_url):
    store = Store.open(database_url)
    ProgressStore("yaw", store).answer("01_pack", 0, 9, "7S", True, True)
    PuzzleProgress("YAW", store).attempt("p1", 900)
    assert ProgressStore("Yaw", store).done("01_pack") == {0}
    assert PuzzleProgress("Yaw", store).attempts("p1") == 1
    store.close()


def test_two_tabs_of_one_learner_answering_interleaved_keep_every_answer(database_url):
    store_a, store_b = Store.open(database_url), Store.open(database_url)  # two kernels
    tab_a, tab_b = ProgressStore("Ama", store_a), ProgressStore("ama", store_b)
    for step in range(6):
        right = step % 2 == 0
        tab_a.answer("03_follow", step, 12, f"a{step}", right, True, finished=right)
        tab_b.answer("03_follow", step + 6, 12, f"b{step}", True, True)
        tab_a.visit("03_follow", step)
        tab_b.answer("01_pack", step, 9, None, True, None)
    for tab in (tab_a, tab_b, ProgressStore("AMA", Store.open(database_url))):
        assert tab.done("03_follow") == {0, 2, 4, *range(6, 12)}
        assert tab.done("01_pack") == set(range(6))
    with store_a.read() as session:
        answers = session.scalars(select(StepAnswer.answer).where(
            StepAnswer.lesson == "03_follow")).all()
    assert sorted(answers) == sorted([f"a{i}" for i in range(6)] + [f"b{i}" for i in range(6)])
    tab_b.answer("03_follow", 1, 12, "a1 again", True, False)
    tab_a.answer("03_follow", 3, 12, "a3 again", True, False)
    tab_b.answer("03_follow", 5, 12, "a5 again", True, False)
    assert tab_a.finished("03_follow") and tab_b.finished("03_follow")


def test_two_tabs_writing_at_the_same_moment_lose_nothing(database_url):
    stores = [Store.open(database_url, busy_timeout=30) for _ in range(3)]
    tabs = [ProgressStore("Kofi", s) for s in stores]
    errors = []

    def answer(tab, offset):
        try:
            for step in range(20):
                tab.answer("07_dry_wet", offset + step, 100, str(step), True, True)
        except Exception as e:  # noqa: BLE001 - any failure fails the test below
            errors.append(e)

    threads = [threading.Thread(target=answer, args=(tab, 20 * i)) for i, tab in enumerate(tabs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and not any(tab.unsaved for tab in tabs)
    assert tabs[0].done("07_dry_wet") == set(range(60))
    for store in stores:
        store.close()


def test_puzzle_attempts_from_two_tabs_all_count(database_url):
    store = Store.open(database_url)
    one, two = PuzzleProgress("Esi", store), PuzzleProgress("esi", Store.open(database_url))
    one.attempt("p1", 800)
    two.attempt("p1", 800)
    two.solve("p1", clean=False, puzzle_rating=800)
    one.attempt("p2", 1200)
    one.solve("p1", clean=True, puzzle_rating=800)
    again = PuzzleProgress("ESI", store)
    assert again.attempts("p1") == 2 and again.solved("p1") and again.clean("p1")
    assert again.attempts("p2") == 1 and not again.solved("p2")
    assert again.solved_count(["p1", "p2", "p3"]) == 1 and again.last == "p2"
    # tab two's start gave up the first go at p1 (rated 0 then, once: a rating moves on
    # from the latest one, so a result rated stays); p2's first go is still under way
    assert again.rating is not None and again.rating < 800
    with store.read() as session:
        assert records.rated_puzzles(session, store.learner_id("Esi"), records.PUZZLE_RATING) \
            == {"p1"}


def test_rating_counts_each_puzzle_once_by_its_first_go():
    progress = PuzzleProgress("Afi", Store.memory())
    progress.attempt("easy", 600)
    progress.solve("easy", clean=True, puzzle_rating=600)
    after_one = progress.rating
    for _ in range(5):  # solving it again does not farm points
        progress.attempt("easy", 600)
        progress.solve("easy", clean=True, puzzle_rating=600)
    assert progress.rating == after_one
    progress.attempt("hard", 1500)
    assert progress.rating == after_one  # still under way: not counted yet
    progress.attempt("hard", 1500)  # started again: the first go was given up
    assert progress.rating is not None and after_one is not None and progress.rating < after_one


def test_saved_games(database_url):
    store = Store.open(database_url)
    learner = store.learner_id("Yaw")
    with store.write() as session:
        first = records.save_game(session, learner, "Friday's game", '{"format": 1}')
    with store.write() as session:
        second = records.save_game(session, learner, "Monday's game", '{"format": 1, "x": 2}')
    with store.read() as session:
        saved = records.saved_games(session, learner)
        assert [(g.id, g.name, g.data) for g in saved] == [
            (second, "Monday's game", '{"format": 1, "x": 2}'),
            (first, "Friday's game", '{"format": 1}')]
        assert records.saved_games(session, store.learner_id("Ama")) == []
        assert session.scalar(select(func.count()).select_from(StepAnswer)) == 0
    store.close()


def test_times_come_back_in_utc(database_url):
    store = Store.open(database_url)
    progress = ProgressStore("Ama", store)
    before = utcnow()
    progress.visit("01_pack", 3)
    with store.read() as session:
        answered = session.execute(select(func.max(Visit.visited_at))).scalar_one()
    assert answered.tzinfo is not None and before - timedelta(seconds=5) <= answered <= utcnow()
