"""The App widget without a browser: navigation, lazy pages, deep links, errors, learner."""

import logging

import ipywidgets as widgets
import pytest

from spar_tutor.app import shell
from spar_tutor.app.guard import SORRY
from spar_tutor.app.route import PAGES, Route, parse_query
from spar_tutor.app.shell import App
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


@pytest.fixture
def app():
    return App(env={})


def test_starts_on_home_and_builds_only_home(app):
    assert app.current == "home"
    assert list(app.pages) == ["home"]
    assert "spar-nav-on" in app.nav["home"]._dom_classes


def test_every_page_opens_from_the_navigation(app):
    for name in PAGES:
        app.nav[name].click()
        assert app.current == name
        assert app.body.children == (app.pages[name],)
        assert [n for n, b in app.nav.items() if "spar-nav-on" in b._dom_classes] == [name]
    assert app.notice.value == ""


def test_pages_are_kept_between_visits(app):
    app.go("rules")
    rules = app.pages["rules"]
    app.go("home")
    app.go("rules")
    assert app.pages["rules"] is rules


def test_deep_link_to_rules_scoring(app):
    app.follow(parse_query("page=rules&preset=sipa"))
    assert app.current == "rules"
    assert app.pages["rules"].preset.value == "sipa"
    assert "Sipa" in app.pages["rules"].scoring.value


def test_a_first_visit_says_the_page_is_opening_then_clears_it(app, monkeypatch):
    seen = []

    class Slow(widgets.HTML):
        def __init__(self, app_):
            seen.append(app_.notice.value)
            super().__init__("built")

    monkeypatch.setattr(shell, "_page_class", lambda name: Slow)
    app.nav["puzzles"].click()
    assert seen == ['<div role="status">Opening Puzzles…</div>']
    assert app.current == "puzzles" and app.notice.value == ""
    app.go("home")
    app.go("puzzles")  # built already: no message
    assert seen == ['<div role="status">Opening Puzzles…</div>'] and app.notice.value == ""


def test_unknown_page_is_home(app):
    app.go("nowhere")
    assert app.current == "home"


def test_a_page_that_fails_shows_a_friendly_notice_and_logs(app, monkeypatch, caplog):
    class Broken:
        def __init__(self, app):
            raise RuntimeError("boom")

    monkeypatch.setattr(shell, "_page_class", lambda name: Broken)
    monkeypatch.setattr(logging.getLogger("spar_tutor"), "propagate", True)
    with caplog.at_level(logging.ERROR, logger="spar_tutor.app"):
        app.nav["explore"].click()
    assert app.current == "home"
    assert SORRY in app.notice.value and "boom" not in app.notice.value
    assert "Traceback" not in app.notice.value
    assert "boom" in caplog.text


@pytest.mark.parametrize("name", PAGES)
def test_every_page_follows_a_link_to_itself_without_complaint(app, name):
    app.follow(Route(page=name, learner="Ama"))
    assert app.current == name and app.notice.value == ""


def test_learner_from_link_is_greeted_on_home(app):
    app.follow(Route(learner="Kɔfi"))
    assert app.notice.value == ""
    assert app.learner.name == "Kɔfi" and app.learner.source == "link"
    home = app.pages["home"]
    assert "Kɔfi" in home.greeting.value
    assert "?learner=K%C9%94fi" in home.greeting.value


def test_typed_name_changes_the_learner(app):
    home = app.pages["home"]
    home.name.value = "  Ama  "
    assert app.learner.name == "Ama"
    assert "Hello, Ama" in home.greeting.value


def test_names_are_escaped_in_the_page(app):
    app.set_learner("Ama<b>")
    assert "<b>" not in app.pages["home"].greeting.value.replace("<h3>", "")


def test_hub_user_cannot_be_changed():
    app = App(env={"JUPYTERHUB_USER": "esi"})
    app.follow(Route(learner="Kofi"))
    app.set_learner("Yao")
    assert app.learner.name == "Esi" and app.learner.fixed
    assert "Welcome, Esi!" in app.pages["home"].greeting.value
    assert app.pages["home"].who.layout.display == "none"
