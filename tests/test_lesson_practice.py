""""Practise this" at a lesson's end: each lesson names the puzzle themes that practise
it (checked when the lessons load), and its end offers those puzzles."""

import shutil
from pathlib import Path

import pytest

from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.lessons import BrokenLesson, Lesson, ProgressStore, load_all, loads_lesson
from spar_tutor.lessons.practice import practice_puzzles, puzzle_themes
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.puzzles.widget import PuzzlePlayer, default_collection
from spar_tutor.resources import lessons_dir
from spar_tutor.store import Store

from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from lesson_helpers import finish_lesson, lesson_in_app

LESSONS = load_all()
GOOD = Path(__file__).resolve().parent / "lessons_broken" / "01_good.toml"


def lesson(lesson_id):
    return next(l for l in LESSONS if l.id == lesson_id)


def test_every_shipped_lesson_says_which_puzzles_practise_it():
    assert all(isinstance(l, Lesson) and l.practice is not None for l in LESSONS)
    checked = {p.id: p for p in default_collection().puzzles}  # the solver's checked puzzles
    for l in LESSONS:
        for theme in l.practice:
            assert any(theme in p.themes for p in checked.values()), (l.id, theme)
        assert set(l.practice_puzzles) <= set(checked)
        assert all(set(l.practice) & set(checked[p].themes) for p in l.practice_puzzles)
    assert lesson("12_give_up_the_lead").practice == ("give-up-the-lead",)
    assert lesson("01_pack").practice == () and lesson("01_pack").practice_puzzles == ()


def test_the_puzzle_files_are_read_for_their_themes_only():
    found = puzzle_themes(lessons_dir() / "puzzles")
    assert len(found) == len(default_collection().puzzles)
    assert practice_puzzles(["bonus"], found) == tuple(
        p.id for p in default_collection().puzzles if "bonus" in p.themes)


def course(tmp_path, practice_line):
    """A course folder: the good lesson (with ``practice_line``) and the shipped puzzles."""
    text = GOOD.read_text(encoding="utf-8")
    if practice_line:
        text = text.replace("minutes = 5\n", f"minutes = 5\n{practice_line}\n")
    (tmp_path / "01_good.toml").write_text(text, encoding="utf-8")
    shutil.copytree(lessons_dir() / "puzzles", tmp_path / "puzzles")
    return tmp_path


@pytest.mark.parametrize("line, problem", [
    ("", "say which puzzle themes practise this lesson"),
    ('practice = ["bonus", "no-such-theme"]', "no puzzle has the theme 'no-such-theme'"),
])
def test_a_lesson_that_does_not_say_or_names_an_unknown_theme_does_not_load(tmp_path, line,
                                                                            problem):
    [loaded] = load_all(course(tmp_path, line))
    assert isinstance(loaded, BrokenLesson)
    assert problem in loaded.problems[0].what
    if line:
        assert loaded.problems[0].line == 5  # the practice line


def test_practice_none_is_said_with_an_empty_list(tmp_path):
    [loaded] = load_all(course(tmp_path, "practice = []"))
    assert isinstance(loaded, Lesson) and loaded.practice == () and loaded.practice_puzzles == ()


def test_practice_must_be_a_list_of_themes():
    text = GOOD.read_text(encoding="utf-8").replace("minutes = 5\n",
                                                   'minutes = 5\npractice = "Bonus!"\n')
    with pytest.raises(Exception) as info:
        loads_lesson(text)
    assert "'practice' must be a list of puzzle themes" in str(info.value)


def test_a_folder_without_puzzles_needs_no_practice():
    [loaded] = load_all(GOOD.parent)[:1]
    assert isinstance(loaded, Lesson) and loaded.practice is None


def finished(lesson_id, store=None):
    player = LessonPlayer(lesson(lesson_id), ProgressStore("Kofi", store or Store.memory()),
                          start=0)
    finish_lesson(player)
    return player


def test_the_lessons_end_offers_its_puzzles_in_a_notebook():
    player = finished("06_two_trick_bonus")
    assert player.practise_btn.layout.display == ""
    bonus = len(lesson("06_two_trick_bonus").practice_puzzles)
    assert bonus >= 8
    assert player.practise_btn.description == f"Practise this: {bonus} puzzles"
    player.practise_btn.click()
    [puzzles] = player.after.children
    assert isinstance(puzzles, PuzzlePlayer) and puzzles.progress.learner == "Kofi"
    assert {p.id for p in puzzles._listed()} == set(lesson("06_two_trick_bonus").practice_puzzles)
    assert "bonus" in puzzles.game.puzzle.themes
    assert player.practise_btn.layout.display == "none"


def test_a_lesson_no_puzzle_practises_offers_none():
    player = finished("01_pack")
    assert player.practise_btn.layout.display == "none"


def test_the_button_waits_for_the_end():
    player = LessonPlayer(lesson("06_two_trick_bonus"), None, start=0)
    assert player.practise_btn.layout.display == "none"


def test_in_the_app_practise_this_opens_the_puzzles_page(tmp_path, monkeypatch):
    app, player = lesson_in_app(tmp_path, monkeypatch, "12")
    finish_lesson(player)
    player.practise_btn.click()
    assert app.current == "puzzles"
    puzzles = app.pages["puzzles"]
    assert "give-up-the-lead" in puzzles.player.game.puzzle.themes
    where = app.location()
    assert where.lesson == "12" and where.puzzle is not None
    assert "Practice for lesson 12, Giving up the lead on purpose" in \
        puzzles.player.practice_line.value
    # the link leads back to the practice
    again = App(env={})
    again.follow(Route(page="puzzles", lesson="12", puzzle=where.puzzle))
    shown = again.pages["puzzles"].player
    assert shown.practice is not None and shown.game.puzzle.id == puzzles.player.game.puzzle.id
    # leaving the practice leaves the lesson out of the address
    shown.all_btn.click()
    assert again.location().lesson is None


def test_a_link_to_a_lesson_without_puzzles_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    app = App(env={})
    app.follow(Route(page="puzzles", lesson="1"))
    assert "There are no puzzles for lesson 1" in app.notice.value
    assert app.pages["puzzles"].player.practice is None


def test_the_docs_table_says_which_puzzles_practise_each_lesson():
    from test_lesson_docs import ROOT, table_rows

    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    rows = table_rows(text, "| # | title | file | steps | questions | minutes | practised by")
    said = {int(r[0]): r[6] for r in rows}
    assert said == {l.number: ", ".join(f"`{t}`" for t in l.practice) or "none" for l in LESSONS}
