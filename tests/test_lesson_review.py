"""Review on later days: a missed question and a puzzle solved with a mistake are
scheduled by FSRS, and Home offers them on a later day (the clock moved by the
test-only SPAR_TUTOR_NOW)."""

from datetime import datetime, timedelta, timezone

import pytest

from spar_tutor.app.shell import App
from spar_tutor.learning.review import CLOCK, Reviews, lesson_item, now, parse_item, puzzle_item
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store

from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from lesson_helpers import card, click, finish_step

FOLLOW = next(l for l in load_all() if l.id == "03_follow")
MONDAY = datetime(2026, 12, 7, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")


def test_the_clock_is_moved_only_by_the_test_variable(monkeypatch):
    monkeypatch.delenv(CLOCK, raising=False)
    assert abs(now() - datetime.now(timezone.utc)) < timedelta(minutes=1)
    monkeypatch.setenv(CLOCK, "2026-12-09")
    assert now() == datetime(2026, 12, 9, tzinfo=timezone.utc)


def test_items_name_what_comes_back():
    assert parse_item(lesson_item("03_follow", 2)) == ("lesson", "03_follow", 2)
    assert parse_item(puzzle_item("two_players_6")) == ("puzzle", "two_players_6", 0)


def test_fsrs_spaces_out_an_item_answered_right(store):
    reviews = Reviews("Ama", store)
    item = lesson_item("03_follow", 2)
    reviews.answered(item, right=False, first_try=True, at=MONDAY)
    first = reviews.get(item)
    assert first is not None and first.due - MONDAY == timedelta(days=1)
    reviews.answered(item, right=True, first_try=False, at=MONDAY + timedelta(hours=2))
    assert reviews.get(item) == first  # not due yet: learning it again the same day is no review
    reviews.answered(item, right=True, first_try=False, at=first.due)
    second = reviews.get(item)
    assert second is not None and second.due - first.due >= timedelta(days=2)
    assert [r.grade for r in reviews.history(item)] == [1, 3]  # FSRS: Again, then Good


def test_a_question_right_at_the_first_try_is_not_scheduled(store):
    reviews = Reviews("Kojo", store)
    reviews.answered(lesson_item("03_follow", 2), right=True, first_try=True, at=MONDAY)
    assert reviews.items() == []


def test_a_missed_question_is_scheduled_from_the_lesson(store, monkeypatch):
    monkeypatch.setenv(CLOCK, MONDAY.isoformat())
    player = LessonPlayer(FOLLOW, ProgressStore("Esi", store), start=2)
    click(player, card("AD"))  # wrong at the first try
    finish_step(player)
    assert [s.item for s in Reviews("Esi", store).items()] == [lesson_item("03_follow", 2)]


def test_a_puzzle_solved_with_a_mistake_comes_back(store, monkeypatch):
    monkeypatch.setenv(CLOCK, MONDAY.isoformat())
    progress = PuzzleProgress("Afua", store)
    progress.attempt("p1")
    progress.solve("p1", clean=False)
    progress.attempt("p2")
    progress.solve("p2", clean=True)
    assert [s.item for s in Reviews("Afua", store).due(MONDAY + timedelta(days=1))] == ["puzzle:p1"]


def test_home_offers_the_review_on_a_later_day(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.setenv(CLOCK, MONDAY.isoformat())
    app = App(env={})
    app.set_learner("Yaw")
    app.go("lessons")
    app.pages["lessons"].open_lesson(FOLLOW, start=2)
    click(app.pages["lessons"].player, card("AD"))
    app.go("home")
    home = app.pages["home"]
    assert home.review.layout.display == "none"  # not today
    monkeypatch.setenv(CLOCK, (MONDAY + timedelta(days=1)).isoformat())
    app.go("home")
    assert home.review.layout.display == "flex"
    assert home.review.description == "1 thing to review today"
    home.review.click()
    player = app.pages["lessons"].player
    assert app.pages["lessons"].opened == "03_follow" and player.run.index == 2
    finish_step(player)
    assert "sp-feedback-right" in player.feedback.value
    app.go("home")
    assert home.review.layout.display == "none"  # spaced out to a later day


def test_the_clock_file_moves_a_running_server(tmp_path, monkeypatch):
    clock = tmp_path / "clock"
    monkeypatch.setenv(CLOCK, f"file:{clock}")
    assert abs(now() - datetime.now(timezone.utc)) < timedelta(minutes=1)  # no file yet
    clock.write_text("2026-12-09T10:00:00+00:00")
    assert now() == datetime(2026, 12, 9, 10, tzinfo=timezone.utc)
