"""Progress files: one per learner, kept inside the storage folder whatever the name."""

import json

import pytest

from spar_tutor.lessons import ProgressStore, safe_name
from spar_tutor.learning.progress import current_user, home


@pytest.mark.parametrize("name", ["../../etc/passwd", "..", "/etc/shadow", "a/../../b", "C:\\x",
                                  "ama\x00", "  ", "\u00c9si \u00e0 Lom\u00e9", "." * 300])
def test_names_never_escape_the_folder(tmp_path, name):
    if not name.strip():
        with pytest.raises(ValueError):
            ProgressStore(name, tmp_path)
        return
    store = ProgressStore(name, tmp_path)
    store.visit("01_pack", 2)
    assert store.path.parent == tmp_path.resolve()
    assert store.path.exists() and len(store.path.name) < 70
    assert list(tmp_path.iterdir()) == [store.path]


def test_similar_names_get_different_files(tmp_path):
    names = ["ama", "Ama", "a/ma", "a_ma", "ama "]
    assert len({safe_name(n) for n in names[:4]}) == 4
    assert safe_name("ama ") == safe_name("ama")  # the same learner, typed with a space


def test_learners_do_not_see_or_overwrite_each_other(tmp_path):
    ama, kofi = ProgressStore("ama", tmp_path), ProgressStore("kofi", tmp_path)
    ama.mark("03_follow", 0, 8)
    kofi.mark("03_follow", 5, 8)
    assert ProgressStore("ama", tmp_path).done("03_follow") == {0}
    assert ProgressStore("kofi", tmp_path).done("03_follow") == {5}


def test_a_file_of_another_user_is_not_taken_over(tmp_path):
    store = ProgressStore("ama", tmp_path)
    store.path.write_text(json.dumps({"user": "someone else", "lessons": {"x": {"done": [1]}}}))
    assert ProgressStore("ama", tmp_path).done("x") == set()


def test_a_corrupt_file_starts_afresh(tmp_path):
    store = ProgressStore("ama", tmp_path)
    store.path.write_text("{not json")
    again = ProgressStore("ama", tmp_path)
    assert again.done("x") == set()
    again.mark("x", 0, 1)
    assert ProgressStore("ama", tmp_path).finished("x")


def test_home_and_user_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    assert home() == tmp_path
    assert ProgressStore("yao").path.parent == (tmp_path / "progress").resolve()
    monkeypatch.delenv("SPAR_TUTOR_USER", raising=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "esi")
    assert current_user() == "esi"
    monkeypatch.setenv("SPAR_TUTOR_USER", "afi")
    assert current_user() == "afi"
