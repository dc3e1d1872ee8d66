"""Choosing the tutor's language: the switch in the header and on Home, ``?lang=fr`` in a
link, the learner's choice kept for their next visit, and the server's default."""

import pytest

from spar_tutor import i18n
from spar_tutor.app import course
from spar_tutor.app.route import Route, parse_query
from spar_tutor.app.shell import App
from spar_tutor.lessons import ProgressStore
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    yield tmp_path
    i18n.set_language("en")
    course.all_lessons.cache_clear()


def nav_labels(app):
    return [b.description for b in app.nav.values()]


def test_the_header_switch_puts_the_whole_app_in_french(home):
    app = App(env={})
    assert app.language == "en" and nav_labels(app)[:2] == ["Home", "Lessons"]
    assert [o[0] for o in app.language_menu.options] == ["English", "Français"]
    app.language_menu.value = "fr"
    assert i18n.language() == "fr"
    assert nav_labels(app) == ["Accueil", "Leçons", "Énigmes", "Jouer", "Explorer", "Règles"]
    assert "Tuteur de Spar" in app.brand.value
    home_page = app.pages["home"]  # built again, in French
    assert "Apprends à jouer au Spar" in home_page.children[0].value
    assert home_page.start.description == "Commencer la leçon 1"
    assert home_page.language.value == "fr"  # Home's own switch follows
    assert "lang=fr" in app.location().query()


def test_homes_switch_goes_back_to_english(home):
    app = App(env={})
    app.set_language("fr")
    app.pages["home"].language.value = "en"
    assert app.language == "en" and nav_labels(app)[0] == "Home"
    assert app.pages["home"].start.description == "Start lesson 1"
    assert "lang" not in app.location().query()


def test_a_link_with_lang_opens_its_page_in_french(home):
    app = App(env={})
    app.follow(parse_query("page=lessons&lesson=3&lang=fr"))
    page = app.pages["lessons"]
    assert app.current == "lessons" and page.opened == "03_follow"
    assert "Leçon 3" in page.player.heading.value
    assert app.location().lang == "fr"


def test_an_unknown_language_changes_nothing(home):
    app = App(env={})
    app.follow(parse_query("page=rules&lang=xx"))
    assert app.language == "en" and app.current == "rules"


def test_the_learners_choice_is_remembered_on_their_next_visit(home):
    app = App(env={})
    app.set_learner("Ama")
    app.set_language("fr")
    assert ProgressStore("ama").language == "fr"
    i18n.set_language("en")  # a new tab: a new kernel, in the server's language
    again = App(env={})
    assert again.language == "en"
    again.set_learner("AMA")
    assert again.language == "fr" and nav_labels(again)[0] == "Accueil"
    assert again.pages["home"].start.description == "Commencer la leçon 1"


def test_a_language_chosen_before_the_name_is_kept_for_the_learner(home):
    app = App(env={})
    app.set_language("fr")
    app.set_learner("Kofi")
    assert ProgressStore("Kofi").language == "fr"


def test_the_servers_language_is_the_default(home, monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "fr")
    assert i18n.default_language() == "fr"
    i18n.set_language(i18n.default_language())  # what a new kernel does when it starts
    app = App(env={})
    assert app.language == "fr" and nav_labels(app)[0] == "Accueil"
    assert "lang" not in app.location().query()  # the server's own language needs no lang=
    app.set_language("en")
    assert app.location().lang == "en"


def test_a_notebook_switches_with_set_language(home):
    import spar_tutor

    spar_tutor.set_language("fr")
    assert spar_tutor.language() == "fr"
    assert i18n._("Hint") == "Indice"
    assert i18n.points(0) == "0 point" and i18n.points(2) == "2 points"
    assert i18n.number(3.5, 1) == "3,5" and i18n.number(1520) == "1\u202f520"
    spar_tutor.set_language("fr_FR")
    assert spar_tutor.language() == "fr"
    spar_tutor.set_language("de")  # no German catalogue: English
    assert spar_tutor.language() == "en"


def test_route_keeps_only_a_well_formed_language():
    assert parse_query("lang=FR").lang == "fr"
    assert parse_query("lang=fr-BE").lang == "fr-be"
    assert parse_query("lang=../x").lang is None
    assert Route(page="rules", lang="fr").query() == "page=rules&lang=fr"


def test_a_game_in_progress_goes_on_in_the_new_language(home):
    """Switching language builds Play again in French with the same match: the same
    cards, the cards played, the hand number and the points; the players named in French."""
    app = App(env={})
    app.go("play")
    session = app.pages["play"].table.session
    while session.hand_number == 1 or not session.is_human_turn:
        if session.state.is_over():
            session.next_hand()
        else:
            session.play(session.legal_cards()[0])
    session.play(session.legal_cards()[0])  # a card of hand 2
    before = session.to_json()
    app.language_menu.value = "fr"
    page = app.pages["play"]
    again = page.table.session
    assert again is not session and app.current == "play"
    after = again.to_json()
    assert after["hands"] == before["hands"] and after["seed"] == before["seed"]
    assert again.hand_number == 2 and again.match.scores == session.match.scores
    assert [s["name"] for s in after["seats"]] == [
        "Toi", "Ama (robot débutant)", "Kofi (robot débutant)", "Esi (robot débutant)"]
    assert "donne 2" in page.table.title.value
    app.language_menu.value = "en"  # and back: still the same game
    assert app.pages["play"].table.session.to_json()["hands"] == before["hands"]
