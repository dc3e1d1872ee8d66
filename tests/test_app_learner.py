"""Learner names: cleaned for showing, taken from JupyterHub when signed in."""

import pytest

from spar_tutor.app.learner import MAX_NAME, Learner, clean_name, hub_user, initial_learner


@pytest.mark.parametrize("raw, clean", [
    ("Ama", "Ama"),
    ("  Kɔfi   Mensah ", "Kɔfi Mensah"),
    ("Ɛsi", "Ɛsi"),
    ("Afi-Yawa O'Neil", "Afi-Yawa O'Neil"),
    ("../../etc/passwd", "etcpasswd"),
    ("..\\..\\boot.ini", "bootini"),
    ("<script>alert(1)</script>", "scriptalert1script"),
    ("a\x00b\nc", "abc"),
    ("x" * 100, "x" * MAX_NAME),
])
def test_clean_name(raw, clean):
    assert clean_name(raw) == clean


@pytest.mark.parametrize("raw", ["", "   ", "/../", "\x00", None, 42])
def test_nothing_left_is_no_name(raw):
    assert clean_name(raw) is None


def test_hub_user_wins_over_the_link():
    learner = initial_learner("Kofi", env={"JUPYTERHUB_USER": "ama"})
    assert learner == Learner("Ama", "hub") and learner.fixed


def test_link_name_without_hub():
    assert initial_learner("Kofi", env={}) == Learner("Kofi", "link")
    assert initial_learner(None, env={}) is None
    assert initial_learner("../", env={}) is None


def test_hub_user_from_environment():
    assert hub_user({"JUPYTERHUB_USER": "  esi "}) == "Esi"
    assert hub_user({"JUPYTERHUB_USER": "mrs-owusu"}) == "Mrs-Owusu"
    assert hub_user({"JUPYTERHUB_USER": "DeeDee"}) == "DeeDee"
    assert hub_user({}) is None


# -- matching and telling the learner what happened to their name ------------------------

from spar_tutor.app.learner import check_name, learner_key  # noqa: E402
from spar_tutor.app.shell import App  # noqa: E402
from spar_tutor.lessons import ProgressStore  # noqa: E402
from spar_tutor.puzzles.progress import PuzzleProgress  # noqa: E402
from app_helpers import app_logging_undone  # noqa: E402,F401 (an autouse fixture)


def test_names_match_without_regard_to_case():
    assert learner_key("yaw") == learner_key("Yaw") == learner_key("  YAW ")
    assert learner_key("Ɛsi") == learner_key("ɛSI")
    assert learner_key("Yaw") != learner_key("Yao")
    assert learner_key("  ") is None


@pytest.mark.parametrize("typed, name, changed", [
    ("Ama", "Ama", ""),
    ("  Ama   Mensah ", "Ama Mensah", ""),
    ("Kɔfi <b>", "Kɔfi b", "cleaned"),
    ("Yaw!", "Yaw", "cleaned"),
    ("x" * 40, "x" * MAX_NAME, "shortened"),
    ("", None, ""),
    ("  ", None, ""),
    ("!!!", None, ""),
])
def test_check_name_says_what_changed(typed, name, changed):
    check = check_name(typed)
    assert (check.name, check.changed) == (name, changed)
    message = check.message()
    if name is None:
        assert "type your name" in message
    elif changed == "shortened":
        assert "shortened" in message and name in message
    elif changed == "cleaned":
        assert name in message and "saved as" in message
    else:
        assert message == ""


def test_the_app_takes_yaw_as_yaw_with_his_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    ProgressStore("Yaw").visit("03_follow", 4)
    app = App(env={})
    home = app.pages["home"]
    home.name.value = "yaw"
    assert learner_key(app.learner.name) == learner_key("Yaw")  # the store matches the case
    assert "lesson 3" in home.resume.description
    assert app.notice.value == ""


def test_the_app_says_when_a_name_is_empty_cleaned_or_shortened(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    app = App(env={})
    home = app.pages["home"]
    home.save_name.click()
    assert app.learner is None and "type your name" in app.notice.value
    home.name.value = "Esi :)"
    assert app.learner.name == "Esi" and "Your name is saved as Esi." in app.notice.value
    assert home.name.value == "Esi"  # the box shows the name as it is kept
    home.name.value = "A" * 35
    assert app.learner.name == "A" * MAX_NAME and "shortened" in app.notice.value
    home.name.value = "Ama"
    assert app.learner.name == "Ama" and app.notice.value == ""
