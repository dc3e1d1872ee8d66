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
    assert learner == Learner("ama", "hub") and learner.fixed


def test_link_name_without_hub():
    assert initial_learner("Kofi", env={}) == Learner("Kofi", "link")
    assert initial_learner(None, env={}) is None
    assert initial_learner("../", env={}) is None


def test_hub_user_from_environment():
    assert hub_user({"JUPYTERHUB_USER": "  esi "}) == "esi"
    assert hub_user({}) is None
