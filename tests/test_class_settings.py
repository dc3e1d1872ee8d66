"""The class's money: the currency stakes and bets are counted in, and stakes and bets
turned off for a class, from the command line or the Class page."""

import doctest

import pytest

import spar_tutor.i18n.money as money_module
import spar_tutor.learning.class_settings as settings_module
from spar_tutor import cli, i18n
from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.engine.rules import Rules
from spar_tutor.i18n.money import currency, in_currency, money, set_currency
from spar_tutor.learning.class_settings import (MONEY_ENV, ClassSettings, class_settings,
                                                save_class_settings)
from spar_tutor.lessons import load_all
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.session import GameSession
from spar_tutor.store import Store, shared_store
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from lesson_helpers import buttons, click


@pytest.fixture(autouse=True)
def clean(tmp_path, monkeypatch):
    """A class with its own database and no currency chosen; English afterwards."""
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_CURRENCY", raising=False)
    monkeypatch.delenv(MONEY_ENV, raising=False)
    set_currency(None)
    yield tmp_path
    set_currency(None)
    i18n.set_language("en")


def test_the_doctests_pass():
    assert doctest.testmod(money_module).failed == 0
    assert doctest.testmod(settings_module).failed == 0


@pytest.mark.parametrize("lang, kind, one, twelve", [
    ("en", None, "1 cedi", "12 cedis"),
    ("en", "cfa", "1 franc CFA", "12 francs CFA"),
    ("en", "tokens", "1 token", "12 tokens"),
    ("fr", None, "1 franc CFA", "12 francs CFA"),  # Togo and Benin count in francs CFA
    ("fr", "cedis", "1 cedi", "12 cedis"),
    ("fr", "tokens", "1 jeton", "12 jetons"),
])
def test_an_amount_is_said_in_the_class_currency(lang, kind, one, twelve):
    i18n.set_language(lang)
    set_currency(kind)
    assert (money(1), money(12)) == (one, twelve)
    assert in_currency("1 cedi, then 12 cedis") == f"{one}, then {twelve}"
    assert money(1520).startswith("1,520" if lang == "en" else "1\u202f520")


def test_the_class_currency_comes_from_the_command_line_unless_the_teacher_chose(monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_CURRENCY", "tokens")
    assert currency() == "tokens"
    store = Store.memory()
    assert class_settings(store) == ClassSettings("tokens", True)
    save_class_settings(store, "cfa", False)
    assert class_settings(store) == ClassSettings("cfa", False)
    save_class_settings(store, None, True)  # "as the language says" beats the command line
    assert class_settings(store) == ClassSettings(None, True)
    monkeypatch.setenv(MONEY_ENV, "off")
    assert class_settings(Store.memory()).money is False
    with pytest.raises(ValueError):
        save_class_settings(store, "dollars", True)


def test_reading_the_settings_makes_no_database(clean):
    assert class_settings() == ClassSettings()
    assert not list(clean.rglob("*"))


def test_a_table_without_money_plays_ghana_table_rules_without_stakes_or_bets():
    session = GameSession("ghana_table", ["human", "beginner", "beginner"], seed=5,
                          stakes_and_bets=False)
    assert session.rules.stake == 0 and not session.rules.betting
    assert session.rules.dry_wet and session.rules.under_ten  # the other customs stay
    session.restart(Rules.preset("ghana_table"))
    assert session.rules.stake == 0 and not session.rules.betting
    with_money = GameSession("ghana_table", ["human", "beginner", "beginner"], seed=5)
    assert with_money.rules.stake == 1 and with_money.rules.betting


def test_serve_passes_the_currency_and_no_money_to_the_kernels(monkeypatch):
    seen = {}
    monkeypatch.setattr("spar_tutor.server.serve.serve", lambda **kw: 0)
    monkeypatch.setattr("spar_tutor.server.classroom.check_puzzles", lambda: None)
    monkeypatch.setattr("spar_tutor.server.classroom.os.environ", seen)
    assert cli.main(["serve", "--currency", "cfa", "--no-money", "--port", "8999"]) == 0
    assert seen["SPAR_TUTOR_CURRENCY"] == "cfa" and seen[MONEY_ENV] == "off"
    assert cli.build_parser().parse_args(["serve"]).no_money is False
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["serve", "--currency", "dollars"])


def test_the_class_page_settings_reach_a_learners_play_page():
    teacher = App(env={})
    from spar_tutor.app.pages.class_settings import ClassSettingsPanel

    panel = ClassSettingsPanel(teacher)
    assert panel.currency.value == "" and panel.money.value is True
    panel.currency.value, panel.money.value = "tokens", False
    panel.save.click()
    assert "Saved" in panel.said.value
    assert class_settings(shared_store()) == ClassSettings("tokens", False)
    learner = App(env={})
    learner.set_learner("Abla")
    learner.follow(Route(page="play", preset="ghana_table"))
    rules = learner.pages["play"].table.session.rules
    assert rules.name == "ghana_table" and rules.stake == 0 and not rules.betting
    assert currency() == "tokens"


def test_a_lesson_counts_in_the_class_currency_and_its_answer_still_counts():
    set_currency("tokens")
    i18n.set_language("fr")
    lesson = [l for l in load_all() if l.number == 8][0]
    index = next(i for i, s in enumerate(lesson.steps) if s.kind == "money")
    player = LessonPlayer(lesson, start=index)
    labels = [b.description for b in buttons(player.answers)]
    assert "Ama reçoit 29 jetons" in labels and not [label for label in labels if "cedi" in label]
    assert "jeton" in player.text.value and "cedi" not in player.text.value
    assert "La mise est de 1 jeton par point." in player.picture.value
    click(player, "Ama reçoit 29 jetons")
    assert "sp-feedback-right" in player.feedback.value
    assert "Esi paie 3 jetons" in player.feedback.value
