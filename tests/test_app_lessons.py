"""The Lessons page and Home on top of spar_tutor.lessons: links, progress per learner."""

import pytest

from spar_tutor.app import course
from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.lessons import ProgressStore
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    return tmp_path


def make_app(name=None):
    app = App(env={})
    if name:
        app.set_learner(name)
    return app


def test_every_lesson_is_listed(home):
    app = make_app()
    app.go("lessons")
    page = app.pages["lessons"]
    titles = [row.children[0].description for row in page.rows.children]
    assert titles == ["Checkpoint"] + [f"Lesson {l.number}: {l.title}" for l in course.playable()]
    assert len(titles) == len(course.all_lessons()) + 1


@pytest.mark.parametrize("key", ["7", "07_dry_wet"])
def test_deep_link_opens_the_lesson(home, key):
    app = make_app()
    app.follow(Route(page="lessons", lesson=key))
    page = app.pages["lessons"]
    assert app.current == "lessons" and page.opened == "07_dry_wet"
    assert "Lesson 7: Dry and wet" in page.player.heading.value
    assert page.listing.layout.display == "none"


def test_unknown_lesson_says_so_and_lists_them_all(home):
    app = make_app()
    app.follow(Route(page="lessons", lesson="42"))
    assert "There is no lesson 42" in app.notice.value
    assert app.pages["lessons"].opened is None


def test_progress_is_kept_per_learner_and_home_offers_to_continue(home):
    ama = make_app("Ama")
    ama.follow(Route(page="lessons", lesson="1"))
    player = ama.pages["lessons"].player
    player.next_btn.click()  # step 1 is read, step 2 is shown
    assert ProgressStore("ama").at("01_pack") == 1 and ProgressStore("AMA").done("01_pack") == {0}

    ama.go("home")
    home_page = ama.pages["home"]
    assert home_page.resume.layout.display == "flex"
    assert home_page.resume.description.startswith("Continue lesson 1")
    assert "Welcome back" in home_page.greeting.value or "Hello" in home_page.greeting.value

    kofi = make_app("Kofi")
    kofi.go("home")
    assert kofi.pages["home"].resume.layout.display == "none"
    kofi.go("lessons")
    assert "Kofi: 0 of" in kofi.pages["lessons"].note.value


@pytest.mark.parametrize("name", ["../../etc/passwd", "/root/.ssh/id_rsa", "a/b\\c", "CON",
                                  "x" * 200, "Kɔfi", "..", "../"])
def test_no_learner_name_writes_outside_the_progress_database(home, name):
    app = make_app(name)
    app.follow(Route(page="lessons", lesson="1"))
    app.pages["lessons"].player.next_btn.click()
    written = sorted(p.name for p in home.rglob("*") if p.is_file())
    assert written == ([] if app.learner is None else
                       ["spar-tutor.sqlite", "spar-tutor.sqlite-shm", "spar-tutor.sqlite-wal"])


def test_the_same_name_in_another_case_is_the_same_learner(home):
    yaw = make_app("Yaw")
    yaw.follow(Route(page="lessons", lesson="2"))
    yaw.pages["lessons"].player.next_btn.click()
    again = make_app("yaw")
    again.go("home")
    assert again.pages["home"].resume.description.startswith("Continue lesson 2")


def test_lessons_without_a_learner_run_but_keep_nothing(home):
    app = make_app()
    app.follow(Route(page="lessons", lesson="1"))
    app.pages["lessons"].player.next_btn.click()
    assert not list(home.rglob("*"))


def test_home_says_when_progress_is_saved_in_a_new_file(home):
    damaged = b"a damaged file, not a database" * 50
    (home / "spar-tutor.sqlite").write_bytes(damaged)
    app = make_app("Ama")
    app.go("home")
    assert "saves your progress in a new file" in app.pages["home"].progress.value
    app.follow(Route(page="lessons", lesson="1"))
    player = app.pages["lessons"].player
    player.next_btn.click()  # the lesson goes on, saved in the new file
    assert player.run.index == 1 and "in a new file" in player.saving.value
    assert (home / "spar-tutor.sqlite").read_bytes() == damaged


def test_home_says_when_progress_is_not_being_saved(home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_DATABASE_URL", "postgresql+psycopg://spar@127.0.0.1:1/spar")
    app = make_app("Ama")
    app.go("home")
    assert "not being saved" in app.pages["home"].progress.value
    app.follow(Route(page="lessons", lesson="1"))
    player = app.pages["lessons"].player
    player.next_btn.click()  # the lesson goes on
    assert player.run.index == 1 and "not being saved" in player.saving.value


def test_home_starts_the_suggested_lesson_once_a_lesson_is_finished(home, monkeypatch):
    """Home's main button: "Start lesson 1" for a new learner; after lesson 3 is finished,
    "Next lesson: 4. Winning a trick" (as the lesson list suggests), which opens it; while
    lesson 4 is under way, Continue alone (the two would go to the same place)."""
    from lesson_helpers import finish_lesson, lesson_in_app

    assert make_app("Esi").pages["home"].start.description == "Start lesson 1"
    app, player = lesson_in_app(home, monkeypatch, "3", learner="Esi")
    finish_lesson(player)
    app.go("home")
    page = app.pages["home"]
    assert page.start.description == "Next lesson: 4. Winning a trick"
    assert page.start.layout.display == "flex" and page.resume.layout.display == "none"
    page.start.click()
    assert app.current == "lessons" and app.pages["lessons"].opened == "04_trick"
    app.pages["lessons"].player.next_btn.click()
    app.go("home")
    assert page.resume.description.startswith("Continue lesson 4")
    assert page.start.layout.display == "none"


def test_home_shows_the_course_the_stars_the_puzzles_and_the_days_in_a_row(home):
    from datetime import date, datetime, timedelta, timezone

    from spar_tutor.app.pages.home import practice_text, today
    from spar_tutor.puzzles.progress import PuzzleProgress

    app = make_app("Esi")
    app.go("home")
    new = app.pages["home"].progress.value  # nothing done yet: the course, waiting
    assert new.count("spar-path-todo") == len(course.playable()) and "Stars" not in new
    assert "Welcome back" not in app.pages["home"].greeting.value
    esi = ProgressStore("Esi")
    lesson_1, lesson_3 = course.find_lesson("1"), course.find_lesson("3")
    for step in range(len(lesson_1.steps)):
        esi.answer(lesson_1.id, step, len(lesson_1.steps), "x", True, step != 1)
    esi.answer(lesson_3.id, 0, len(lesson_3.steps), "x", False, True, finished=False)
    puzzles = PuzzleProgress("Esi")
    puzzles.attempt("draw-the-queen", 700)
    puzzles.solve("draw-the-queen", clean=True, puzzle_rating=700)
    app.go("lessons")
    app.go("home")
    shown = app.pages["home"].progress.value
    badges = shown.split('<ol class="spar-path">', 1)[1].split("</ol>", 1)[0].split("<li ")[1:]
    assert len(badges) == len(course.playable())
    assert badges[0].startswith('class="spar-path-done"') and "finished, 2 of 3 stars" in badges[0]
    assert badges[2].startswith('class="spar-path-begun"') and "Lesson 3: begun" in badges[2]
    assert badges[1].startswith('class="spar-path-todo"') and "not begun yet" in badges[1]
    assert f"You have finished 1 of {len(course.playable())} lessons." in shown
    assert "Stars: 2 (a lesson gives up to 3)." in shown
    assert "Green: finished, with its stars (up to 3). Dashed: begun." in shown
    assert "Puzzles solved: 1. Puzzle rating: " in shown
    assert "You practised today. Come back tomorrow: two days in a row!" in shown
    assert esi.practice_days(today()) == {today()}
    day = date(2026, 12, 2)
    run = {day - timedelta(days=n) for n in range(1, 4)}
    assert practice_text(run | {day}, day) == (
        "You have practised 4 days in a row. Come back tomorrow to make it 5!")
    assert practice_text(run, day) == (
        "You practised 3 days in a row, up to yesterday. Practise today to make it 4!")
    assert practice_text({day - timedelta(days=2)}, day) == ""
    assert practice_text({day - timedelta(days=1)}, day) == (
        "You practised yesterday. Practise today: two days in a row!")
    # an answer of three days ago counts on its own day
    old = datetime.now(timezone.utc) - timedelta(days=3)
    from spar_tutor.store import records

    with esi.store.write() as session:
        records.add_answer(session, esi.learner_id, lesson_3.id, 1, "y", True, True, True, old)
    assert esi.practice_days(today()) == {today(), old.astimezone().date()}
