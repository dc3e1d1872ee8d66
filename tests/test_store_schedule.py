"""The review schedule (spaced repetition) and the answers a lesson's stars are worked out
from, on SQLite and on a real PostgreSQL server: items with the scheduler's state as
JSON, every review kept, two tabs and two servers at once, the migration from the
schedule's first shape, and a locked database that lets the page go on."""

import doctest
import sqlite3
import threading
from datetime import datetime, timedelta, timezone

from alembic import command
from sqlalchemy import text

from spar_tutor.learning import schedule as schedule_module
from spar_tutor.learning.schedule import ReviewSchedule, Scheduled
from spar_tutor.lessons import ProgressStore
from spar_tutor.store import Store
from spar_tutor.store.db import make_engine
from spar_tutor.store.migrate import config, current, differences

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)
STATE = {"state": "review", "stability": 2.5, "difficulty": 5.25, "reps": 3, "lapses": 0,
         "last_review": "2026-11-30T09:30:00+00:00", "steps": [1, 10], "note": "Ɛ ye"}


def test_the_doctests_pass():
    assert doctest.testmod(schedule_module).failed == 0


def test_items_keep_their_scheduler_state_and_come_back_when_due(database_url):
    store = Store.open(database_url)
    schedule = ReviewSchedule("Yaw", store)
    schedule.put("lesson:03_follow:2", NOW + timedelta(hours=1), STATE)
    schedule.put("lesson:01_pack:0", NOW - timedelta(days=1), {"state": "learning"})
    schedule.put("puzzle:two_players_6", NOW + timedelta(days=3), {})
    again = ReviewSchedule("yaw", Store.open(database_url))  # another kernel, any case
    assert again.get("lesson:03_follow:2") == Scheduled("lesson:03_follow:2",
                                                         NOW + timedelta(hours=1), STATE)
    assert again.get("lesson:99_none:0") is None
    assert [s.item for s in again.due(NOW)] == ["lesson:01_pack:0"]
    assert [s.item for s in again.due(NOW + timedelta(hours=2))] == [
        "lesson:01_pack:0", "lesson:03_follow:2"]
    assert [s.item for s in again.items()] == [
        "lesson:01_pack:0", "lesson:03_follow:2", "puzzle:two_players_6"]
    assert [s.item for s in again.items("puzzle:")] == ["puzzle:two_players_6"]
    assert [s.item for s in again.due(NOW + timedelta(days=9), prefix="lesson:")] == [
        "lesson:01_pack:0", "lesson:03_follow:2"]
    assert again.items("lesson_") == []  # a prefix is matched as written, "_" is no wildcard
    assert ReviewSchedule("Ama", store).items() == []
    store.close()


def test_a_review_moves_the_item_and_is_kept(database_url):
    store = Store.open(database_url)
    schedule = ReviewSchedule("Esi", store)
    schedule.put("lesson:03_follow:2", NOW, {"state": "new"})
    schedule.reviewed("lesson:03_follow:2", 1, NOW + timedelta(minutes=10),
                      {"state": "learning", "reps": 1}, at=NOW)
    schedule.reviewed("lesson:03_follow:2", 3, NOW + timedelta(days=2),
                      {"state": "review", "reps": 2}, at=NOW + timedelta(minutes=10))
    assert schedule.items() == [Scheduled("lesson:03_follow:2", NOW + timedelta(days=2),
                                          {"state": "review", "reps": 2})]
    assert [(r.item, r.grade, r.at) for r in schedule.history()] == [
        ("lesson:03_follow:2", 1, NOW), ("lesson:03_follow:2", 3, NOW + timedelta(minutes=10))]
    assert schedule.history("lesson:01_pack:0") == []
    store.close()


def test_two_tabs_reviewing_the_same_item_keep_both_reviews(database_url):
    tab_a = ReviewSchedule("Kofi", Store.open(database_url))
    tab_b = ReviewSchedule("kofi", Store.open(database_url))
    item = "lesson:05_last_trick:1"
    tab_a.reviewed(item, 3, NOW + timedelta(days=1), {"reps": 1}, at=NOW)
    tab_b.reviewed(item, 1, NOW + timedelta(minutes=5), {"reps": 1, "lapses": 1},
                   at=NOW + timedelta(seconds=1))
    for tab in (tab_a, tab_b):
        assert [r.grade for r in tab.history(item)] == [3, 1]
        assert tab.items() == [Scheduled(item, NOW + timedelta(minutes=5),
                                         {"reps": 1, "lapses": 1})]  # the last written


def test_servers_scheduling_a_new_item_at_the_same_moment_make_one_row(database_url):
    stores = [Store.open(database_url, busy_timeout=30) for _ in range(4)]
    tabs = [ReviewSchedule("Afi", s) for s in stores]
    start = threading.Barrier(len(tabs))
    errors = []

    def schedule(tab, n):
        try:
            start.wait(timeout=30)
            for i in range(10):
                tab.reviewed(f"lesson:07_dry_wet:{i}", n, NOW + timedelta(days=n), {"by": n})
        except Exception as e:  # noqa: BLE001 - any failure fails the test below
            errors.append(e)

    threads = [threading.Thread(target=schedule, args=(tab, n)) for n, tab in enumerate(tabs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and not any(tab.unsaved for tab in tabs)
    items = tabs[0].items()
    assert sorted(s.item for s in items) == [f"lesson:07_dry_wet:{i}" for i in range(10)]
    assert all(s.scheduler == {"by": (s.due - NOW).days} for s in items)  # due and state together
    assert len(tabs[0].history()) == 40
    for store in stores:
        store.close()


def test_a_locked_database_keeps_the_schedule_in_memory_and_says_so(tmp_path):
    url = f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}"
    saved = Store.open(url)
    ReviewSchedule("Ama", saved).put("lesson:03_follow:2", NOW, {"reps": 1})
    saved.close()
    store = Store.open(url, busy_timeout=0.3)
    schedule = ReviewSchedule("Ama", store)
    locker = sqlite3.connect(tmp_path / "spar-tutor.sqlite", isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        schedule.reviewed("lesson:03_follow:2", 3, NOW + timedelta(days=2), {"reps": 2})
        assert schedule.unsaved
        assert schedule.get("lesson:03_follow:2").scheduler == {"reps": 2}
        assert [r.grade for r in schedule.history()] == [3]
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    store.close()
    reopened = ReviewSchedule("Ama", Store.open(url))
    assert reopened.items() == [Scheduled("lesson:03_follow:2", NOW, {"reps": 1})]
    assert reopened.history() == []


def test_the_schedule_of_the_first_shape_is_carried_over_and_back(database_url):
    store = Store(make_engine(database_url))
    with store.engine.begin() as conn:
        command.upgrade(config(conn), "0001")
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO learners (key, name, created_at) "
                          "VALUES ('yaw', 'Yaw', '2026-11-30 08:00:00')"))
        conn.execute(text(
            "INSERT INTO review_items (learner_id, item, due, state, stability, difficulty, reps, "
            "lapses, last_review) VALUES (1, 'lesson:03_follow:2', '2026-12-02 09:30:00', "
            "'review', 2.5, 5.25, 3, 1, '2026-11-30 09:30:00'), "
            "(1, 'lesson:01_pack:0', '2026-12-01 08:00:00', 'new', NULL, NULL, 0, 0, NULL)"))
    store.close()
    store = Store.open(database_url)  # migrated to the newest at start
    assert ReviewSchedule("Yaw", store).items() == [
        Scheduled("lesson:01_pack:0", datetime(2026, 12, 1, 8, tzinfo=timezone.utc),
                  {"state": "new", "reps": 0, "lapses": 0}),
        Scheduled("lesson:03_follow:2", datetime(2026, 12, 2, 9, 30, tzinfo=timezone.utc),
                  {"state": "review", "stability": 2.5, "difficulty": 5.25, "reps": 3,
                   "lapses": 1, "last_review": "2026-11-30T09:30:00+00:00"})]
    with store.engine.begin() as conn:
        assert differences(conn) == []
        command.downgrade(config(conn), "0001")
    with store.engine.connect() as conn:
        assert current(conn) == "0001"
        rows = conn.execute(text("SELECT item, state, stability, difficulty, reps, lapses, "
                                 "last_review FROM review_items ORDER BY item")).all()
    assert [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows] == [
        ("lesson:01_pack:0", "new", None, None, 0, 0),
        ("lesson:03_follow:2", "review", 2.5, 5.25, 3, 1)]
    assert rows[0][6] is None and str(rows[1][6]).startswith("2026-11-30 09:30:00")
    store.close()


def test_a_lessons_answers_come_back_with_their_first_tries(database_url):
    store = Store.open(database_url)
    tab_a, tab_b = ProgressStore("Ama", store), ProgressStore("AMA", Store.open(database_url))
    tab_a.answer("03_follow", 0, 12, "7S", False, True, finished=False)
    tab_a.answer("03_follow", 0, 12, "KS", True, False)
    tab_b.answer("03_follow", 1, 12, "QH", True, True)
    tab_b.mark("03_follow", 2, 12)
    tab_a.answer("01_pack", 0, 9, "AS", True, True)
    answers = ProgressStore("ama", store).answers("03_follow")
    assert [(a.step, a.answer, a.correct, a.first_try, a.finished) for a in answers] == [
        (0, "7S", False, True, False), (0, "KS", True, False, True), (1, "QH", True, True, True),
        (2, None, True, None, True)]
    assert all(a.at.tzinfo is not None for a in answers)
    assert answers == sorted(answers, key=lambda a: a.at)
    assert ProgressStore("Yaw", store).answers("03_follow") == []
    store.close()
