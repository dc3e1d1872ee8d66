"""Names that look alike are one learner (Unicode's confusables: a Cyrillic "А" is an "A");
names are cleaned the same way wherever they come from (typed, a link, an old progress
file), so no name is a formula; the table of look-alikes is what Unicode's data gives; and
a database of the revision before has its keys folded, learners merged, nothing lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from spar_tutor.lessons import ProgressStore
from spar_tutor.store import Store, learner_key
from spar_tutor.store.db import make_engine
from spar_tutor.store.migrate import HEAD, config, current, differences
from spar_tutor.store.names import clean_name
from spar_tutor.store.report import class_report

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("alike", ["\u0410ma", "\u0410\u043c\u0430", "\uff21ma", "AMA",
                                   "\u0391ma"])
def test_names_that_look_alike_are_one_learner(alike):
    # Cyrillic A; Cyrillic А, м, а; fullwidth A; capitals; Greek Alpha
    assert learner_key(alike) == learner_key("Ama")
    store = Store.memory()
    ProgressStore("Ama", store).answer("01_pack", 0, 9, "right", True, True)
    ProgressStore(alike, store).answer("01_pack", 1, 9, "right", True, True)
    [ama] = class_report(store).learners  # one row on the Class page, not a second "Ama"
    assert ama.name == "Ama" and ama.steps == {"01_pack": 2}


def test_letters_without_a_latin_look_alike_keep_their_names_apart():
    assert learner_key("Kɔfi") != learner_key("Kofi") != learner_key("Kcfi")
    assert learner_key("Ɛsi") != learner_key("Esi")
    assert learner_key("Esi") != learner_key("Ezi") and learner_key("Ama1") != learner_key("Amal")


def test_the_look_alikes_table_is_what_unicodes_data_gives():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "lookalikes.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name, kept", [
    ('=HYPERLINK("http://x.example/","Click")', "HYPERLINKhttpxexampleClick"),
    ("-A1-A2", "A1-A2"), ("+1", "1"), ("@Ama", "Ama"), ("'Kofi'", "Kofi"), ("Ama-Kofi", "Ama-Kofi"),
    ("N'guessan", "N'guessan"), ("  ", None), ("---", None)])
def test_a_name_is_never_a_formula(name, kept):
    assert clean_name(name) == kept


def test_a_database_of_the_revision_before_has_its_look_alike_learners_merged(database_url):
    store = Store(make_engine(database_url))
    with store.engine.begin() as conn:
        command.upgrade(config(conn), "0004")
    with store.engine.begin() as conn:
        for id_, key, name in ((1, "ama", "Ama"), (2, "\u0430ma", "\u0410ma"), (3, "kofi", "Kofi"),
                               (4, "\uff41ma", "\uff21ma")):
            conn.execute(text("INSERT INTO learners (id, key, name, created_at) "
                              "VALUES (:id, :key, :name, '2026-11-30 08:00:00')"),
                         {"id": id_, "key": key, "name": name})
        for learner, step in ((1, 0), (2, 1), (3, 0), (4, 2)):
            conn.execute(text("INSERT INTO step_answers (learner_id, lesson, step, answer, "
                              "correct, first_try, finished, answered_at) VALUES (:l, '01_pack', "
                              ":s, 'right', true, true, true, '2026-11-30 09:00:00')"),
                         {"l": learner, "s": step})
        for learner, item in ((1, "lesson:01_pack:1"), (2, "lesson:01_pack:1"),
                              (2, "lesson:01_pack:4")):
            conn.execute(text("INSERT INTO review_schedule (learner_id, item, due, scheduler, "
                              "updated_at) VALUES (:l, :i, '2026-12-01 08:00:00', '{}', "
                              "'2026-11-30 09:00:00')"), {"l": learner, "i": item})
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT setval('learners_id_seq', 4)"))
    store.close()
    store = Store.open(database_url)  # migrated at start
    with store.engine.connect() as conn:
        assert current(conn) == HEAD and differences(conn) == []
        learners = conn.execute(text("SELECT id, key, name FROM learners ORDER BY id")).all()
        items = conn.execute(text("SELECT learner_id, item FROM review_schedule "
                                  "ORDER BY item")).all()
    assert [tuple(r) for r in learners] == [(1, "ama", "Ama"), (3, "kofi", "Kofi")]
    assert [tuple(r) for r in items] == [(1, "lesson:01_pack:1"), (1, "lesson:01_pack:4")]
    assert ProgressStore("\u0410MA", store).done("01_pack") == {0, 1, 2}
    assert ProgressStore("kofi", store).done("01_pack") == {0}
    store.close()
