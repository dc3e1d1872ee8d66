"""The Puzzles page on top of spar_tutor.puzzles.widget.PuzzlePlayer."""

import pytest

from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    return tmp_path


def test_puzzles_page_shows_the_player(home):
    app = App(env={})
    app.go("puzzles")
    page = app.pages["puzzles"]
    assert page.player is not None and page.player.game is not None


def test_link_opens_a_puzzle_by_number(home):
    app = App(env={})
    app.follow(Route(page="puzzles", puzzle="3"))
    page = app.pages["puzzles"]
    assert page.opened == "3" and app.notice.value == ""
    third = page.player.collection.find("3")
    assert page.player.game.puzzle.id == third.id


def test_unknown_puzzle_is_said(home):
    app = App(env={})
    app.follow(Route(page="puzzles", puzzle="999"))
    assert "There is no puzzle 999" in app.notice.value


def test_progress_belongs_to_the_learner(home):
    app = App(env={})
    app.go("puzzles")
    first = app.pages["puzzles"].player
    app.set_learner("Akosua")
    second = app.pages["puzzles"].player
    assert second is not first
    assert second.progress.learner == "Akosua" and not second.progress.unsaved
    second.progress.visit("draw-the-queen")
    assert (home / "spar-tutor.sqlite").exists()
