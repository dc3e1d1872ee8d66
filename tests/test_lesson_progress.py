"""Lesson progress in the progress database: per learner (any case), from the answers."""

import pytest

from spar_tutor.lessons import ProgressStore
from spar_tutor.learning.progress import current_user, home
from spar_tutor.store import Store, database_url


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")


@pytest.mark.parametrize("name", ["../../etc/passwd", "..", "/etc/shadow", "a/../../b", "C:\\x",
                                  "ama\x00", "\u00c9si \u00e0 Lom\u00e9", "." * 300,
                                  "Robert'); DROP TABLE learners;--"])
def test_any_name_is_only_data(tmp_path, store, name):
    progress = ProgressStore(name, store)
    progress.visit("01_pack", 2)
    assert ProgressStore(name, store).at("01_pack") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spar-tutor.sqlite",
                                                          "spar-tutor.sqlite-shm",
                                                          "spar-tutor.sqlite-wal"]


def test_a_blank_name_is_refused(store):
    for name in ("", "   ", "\t"):
        with pytest.raises(ValueError):
            ProgressStore(name, store)


def test_learners_do_not_see_each_others_progress(store):
    ama, kofi = ProgressStore("ama", store), ProgressStore("kofi", store)
    ama.mark("03_follow", 0, 8)
    kofi.mark("03_follow", 5, 8)
    assert ProgressStore("Ama", store).done("03_follow") == {0}
    assert ProgressStore("KOFI", store).done("03_follow") == {5}


def test_wrong_answers_do_not_finish_a_step(store):
    progress = ProgressStore("ama", store)
    progress.answer("x", 0, 2, "7S", correct=False, first_try=True, finished=False)
    assert progress.done("x") == set()
    progress.answer("x", 0, 2, "6S", correct=True, first_try=False)
    progress.mark("x", 1, 2)
    assert progress.done("x") == {0, 1} and ProgressStore("ama", store).finished("x")
    assert progress.finished_lessons(["y", "x"]) == ["x"]


def test_where_the_learner_left_off(store):
    progress = ProgressStore("ama", store)
    assert progress.last is None and progress.at("01_pack") == 0
    progress.visit("01_pack", 4)
    progress.visit("02_dealing", 1)
    progress.visit("01_pack", 6)
    assert progress.last == "01_pack" and progress.at("01_pack") == 6
    assert progress.at("02_dealing") == 1


def test_home_and_user_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    assert home() == tmp_path
    assert database_url() == f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}"
    ProgressStore("yao").visit("01_pack", 1)
    assert (tmp_path / "spar-tutor.sqlite").exists()
    monkeypatch.delenv("SPAR_TUTOR_USER", raising=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "esi")
    assert current_user() == "Esi"
    monkeypatch.setenv("SPAR_TUTOR_USER", "afi")
    assert current_user() == "Afi"
