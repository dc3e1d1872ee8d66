"""A bad file never breaks a page of the app (issue 17): broken lesson and puzzle files in
the lessons folder, an uploaded saved game that is not one, a damaged progress file. The
page says what it can and everything else on it works."""

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from fuzz_helpers import damaged, damaged_bytes, fuzz, json_text
from spar_tutor.app import course
from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.lessons import ProgressStore
from spar_tutor.puzzles import widget as puzzle_widget
from spar_tutor.session import GameSession
from spar_tutor.widgets import SavePanel
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from tests.doubles import first_legal_factory

ROOT = Path(__file__).resolve().parents[1]
LESSON = (ROOT / "lessons" / "01_pack.toml").read_text(encoding="utf-8")
PUZZLES = (ROOT / "lessons" / "puzzles" / "01_two_tricks.toml").read_text(encoding="utf-8")
#: What a broken file in the lessons folder may hold.
BROKEN = {
    "random bytes": bytes(range(256)) * 3,
    "UTF-16": LESSON.encode("utf-16"),
    "Latin-1": LESSON.replace("a", "é", 1).encode("latin-1"),
    "cut short": LESSON.encode()[:len(LESSON) // 2],
    "wrong types": LESSON.replace('kind = "explain"', 'kind = ["explain"]', 1)
                         .replace("minutes = ", "minutes = -", 1).encode(),
    "deep nesting": b"title = " + b"[" * 5000 + b"]" * 5000,
    "huge number": b"number = " + b"9" * 5000,
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def lessons_folder(tmp_path, monkeypatch):
    """A lessons folder of one good lesson, one good puzzle file and broken files of each
    kind, in place of the shipped one for this test."""
    folder = tmp_path / "lessons"
    (folder / "puzzles").mkdir(parents=True)
    (folder / "01_pack.toml").write_text(LESSON, encoding="utf-8")
    (folder / "puzzles" / "01_two_tricks.toml").write_text(PUZZLES, encoding="utf-8")
    for number, data in enumerate(BROKEN.values(), start=2):
        (folder / f"{number:02}_broken.toml").write_bytes(data)
        (folder / "puzzles" / f"{number:02}_broken.toml").write_bytes(data)
    (folder / "20_folder.toml").mkdir()
    (folder / "puzzles" / "20_folder.toml").mkdir()
    monkeypatch.setattr("spar_tutor.resources.lessons_dir", lambda: folder)
    monkeypatch.setattr("spar_tutor.puzzles.loader.puzzles_dir", lambda: folder / "puzzles")
    monkeypatch.setattr(puzzle_widget, "_ENGLISH", None)
    monkeypatch.setattr(puzzle_widget, "_COLLECTIONS", {})
    course.all_lessons.cache_clear()
    yield folder
    course.all_lessons.cache_clear()


def test_broken_lesson_files_are_being_repaired_and_the_good_one_plays(home, lessons_folder):
    app = App(env={})
    app.set_learner("Ama")
    app.go("lessons")
    page = app.pages["lessons"]
    rows = [row.value if hasattr(row, "value") else row.children[0].description
            for row in page.rows.children]
    assert rows[:2] == ["Checkpoint", "Lesson 1: The pack and the ranks"]
    assert len(rows) == 2 + len(BROKEN) + 1
    assert all("is being repaired and will be back soon" in row for row in rows[2:])
    page.rows.children[1].children[0].click()
    assert page.opened == "01_pack"
    page.player.next_btn.click()
    assert app.notice.value == ""
    app.go("home")
    assert app.pages["home"].resume.description == "Continue lesson 1: The pack and the ranks"


def test_broken_puzzle_files_leave_the_good_puzzles(home, lessons_folder):
    app = App(env={})
    app.go("puzzles")
    player = app.pages["puzzles"].player
    assert player.collection.puzzles and player.game is not None
    assert all(p.source == "01_two_tricks.toml" for p in player.collection.puzzles)
    sources = {p.file for p in player.collection.problems}
    assert sources == {f"{n:02}_broken.toml" for n in range(2, 2 + len(BROKEN))} | {
        "20_folder.toml"}
    assert "Some puzzles are being repaired" in player.notes.value
    before = player.status.value
    player.hand_row.children[0].click()  # the puzzle still plays
    assert player.status.value != before and "went wrong" not in player.status.value


@pytest.mark.parametrize("data", [b"\xff\xfe{", b'{"user": "Ama", "lessons": []}',
                                  b"[" * 5000, b'{"user": "Ama", "lessons": {"01_pack": '
                                               b'{"done": [1e999]}}}'],
                         ids=["UTF-16", "wrong type", "deep", "huge"])
def test_a_damaged_old_progress_file_is_left_alone_and_the_pages_work(home, data):
    path = home / "progress" / "Ama-08fad68214.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    app = App(env={})
    app.set_learner("Ama")
    app.go("home")
    app.go("lessons")
    page = app.pages["lessons"]
    page.open_lesson(course.find_lesson("1"))
    page.player.next_btn.click()
    assert app.notice.value == "" and ProgressStore("Ama").at("01_pack") == 1
    assert path.read_bytes() == data  # left as it was (the server's log says why)


SAVED = GameSession("standard", ["human", "beginner"], seed=3,
                    bot_factory=first_legal_factory).dumps()


def upload(panel, name, data):
    """The learner picks a file in the panel's upload button."""
    panel._uploaded([{"name": name, "type": "application/json", "size": len(data),
                      "content": memoryview(data), "last_modified": 0}])


@fuzz(60)
@given(data=st.one_of(damaged_bytes(SAVED), damaged(json.loads(SAVED)).map(
    lambda doc: json_text(doc).encode())))
def test_an_uploaded_file_that_is_no_saved_game_is_said_and_the_game_goes_on(data):
    session = GameSession("standard", ["human", "beginner"], seed=5,
                          bot_factory=first_legal_factory)
    panel = SavePanel(session)
    before = session.dumps()
    upload(panel, "my game.json", data)
    note = panel.note.value
    assert note.startswith(("Could not resume my game.json", "Resumed: hand")), note
    assert "\n" not in note and len(note) < 1000 and "Traceback" not in note
    if note.startswith("Could not"):
        assert session.dumps() == before
        session.move(session.legal_cards()[0])  # the game goes on
