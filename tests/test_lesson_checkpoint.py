"""The checkpoint quiz: questions drawn from the lessons taken, the same all day for a
learner, run by the lesson player, kept in the database, on the Lessons page."""

from datetime import date, datetime, timezone

import pytest

from spar_tutor.app import course
from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.learning.review import CLOCK, Reviews, lesson_item
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.lessons.checkpoint import QUESTIONS, Checkpoint, checkpoint, covered, draw
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.render.text import card_symbols
from spar_tutor.store import Store

from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from lesson_helpers import click, finish_step

LESSONS = load_all()
MONDAY = date(2026, 12, 7)
FIRST_FIVE = [l.id for l in LESSONS if l.number <= 5]


def test_the_same_learner_gets_the_same_questions_all_day():
    one = checkpoint(LESSONS, "Ama", MONDAY, FIRST_FIVE)
    again = checkpoint(LESSONS, "AMA", MONDAY, FIRST_FIVE)  # the same learner, any case
    assert one.origins == again.origins and one.id == again.id == "checkpoint-5-2026-12-07"
    tomorrow = checkpoint(LESSONS, "Ama", date(2026, 12, 8), FIRST_FIVE)
    other = checkpoint(LESSONS, "Kofi", MONDAY, FIRST_FIVE)
    assert tomorrow.origins != one.origins and other.origins != one.origins
    assert tomorrow.id != one.id


def test_questions_come_from_the_lessons_finished_so_far_mixed():
    quiz = checkpoint(LESSONS, "Ama", MONDAY, FIRST_FIVE)
    assert len(quiz.steps) == QUESTIONS and quiz.last == 5 and not quiz.everything
    assert quiz.heading == "Checkpoint: lessons 1 to 5"
    sources = [lesson_id for lesson_id, _step in quiz.origins]
    assert set(sources) == set(FIRST_FIVE)  # every lesson has its turn
    assert len(set(quiz.origins)) == QUESTIONS  # no question twice
    by_id = {l.id: l for l in LESSONS}
    for (lesson_id, index), step in zip(quiz.origins, quiz.steps):
        original = by_id[lesson_id].steps[index]
        assert step.is_question and step.kind != "play"
        assert step.answer == original.answer and step.position == original.position
        assert step.title.startswith(f"Lesson {by_id[lesson_id].number}: ")
    assert sources == sorted(sources)  # in the course's order


def test_before_any_lesson_is_finished_it_draws_from_all():
    quiz = checkpoint(LESSONS, "Ama", MONDAY)
    assert quiz.everything and quiz.heading == "Checkpoint: all the lessons"
    assert len(covered(LESSONS, [])) == len(LESSONS)


def test_after_lesson_1_alone_the_checkpoint_says_lesson_1():
    """Not "lessons 1 to 1"."""
    quiz = checkpoint(LESSONS, "Ama", MONDAY, ["01_pack"])
    assert quiz.heading == "Checkpoint: lesson 1" and quiz.last == 1 and not quiz.everything
    assert quiz.summary == f"{len(quiz.steps)} questions mixed from the lessons you have taken."


def test_the_highest_finished_lesson_sets_the_range():
    assert [l.number for l in covered(LESSONS, ["03_follow"])] == [1, 2, 3]


def test_few_questions_give_a_shorter_quiz():
    pack = [l for l in LESSONS if l.id == "01_pack"]
    picked = draw(pack, "seed", questions=50)
    assert len(picked) == pack[0].questions


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")


def wrong_choice(player):
    """Answer the current choice step wrong."""
    step = player.run.step
    wrong = next(o for o in step.options if str(o) != str(step.answer))
    click(player, card_symbols(str(wrong)))


def test_the_checkpoint_runs_in_the_lesson_player_and_missed_questions_come_back(store,
                                                                                monkeypatch):
    monkeypatch.setenv(CLOCK, datetime(2026, 12, 7, 9, tzinfo=timezone.utc).isoformat())
    quiz = checkpoint(LESSONS, "Esi", MONDAY, FIRST_FIVE)
    progress = ProgressStore("Esi", store)
    player = LessonPlayer(quiz, progress, start=0)
    assert "Checkpoint: lessons 1 to 5" in player.heading.value
    missed = next(i for i, s in enumerate(quiz.steps) if s.kind == "choice")
    while True:
        if player.run.index == missed and player.run.again is None:
            wrong_choice(player)
            assert "sp-feedback-wrong" in player.feedback.value
        else:
            finish_step(player)
        player.next_btn.click()
        if player.run.again is not None:
            break
    assert player.run.index == missed and "Once more" in player.label.value
    finish_step(player)
    player.next_btn.click()
    assert player.run.over and progress.finished(quiz.id)
    said = player.feedback.value
    assert f"End of the checkpoint: {QUESTIONS - 1} of {QUESTIONS} right at the first try." in said
    assert player.run.stars == 2 and "★★☆" in said
    # the miss is scheduled for review as the lesson step it came from
    assert [s.item for s in Reviews("Esi", store).items()] == [lesson_item(*quiz.origins[missed])]
    # kept in the database: a new player (another tab) sees it done
    assert ProgressStore("esi", store).done(quiz.id) == set(range(QUESTIONS))


def lessons_page(home, monkeypatch):
    """The app (its progress kept in ``home``, on 7 December 2026) with Kwabena on the
    Lessons page: (the app, the page)."""
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(home))
    monkeypatch.setenv(CLOCK, datetime(2026, 12, 7, 9, tzinfo=timezone.utc).isoformat())
    app = App(env={})
    app.set_learner("Kwabena")
    app.go("lessons")
    page = app.pages["lessons"]
    return app, page


def test_the_lessons_page_lists_the_checkpoint_and_a_link_opens_it(tmp_path, monkeypatch):
    app, page = lessons_page(tmp_path, monkeypatch)
    row = page.rows.children[0]
    button, info = row.children
    assert button.description == "Checkpoint"
    assert "10 questions from all the lessons" in info.value
    assert "new questions each day" in info.value
    button.click()
    assert isinstance(page.player.run.lesson, Checkpoint)
    assert app.location().query().startswith("page=lessons&lesson=checkpoint&step=1")
    origins = page.player.run.lesson.origins
    finish_step(page.player)
    page.player.next_btn.click()
    page.show_list()
    assert "1 of 10 answered today" in page.rows.children[0].children[1].value
    other = App(env={})
    other.set_learner("Kwabena")
    other.follow(Route(page="lessons", lesson="checkpoint", step=2))
    reopened = other.pages["lessons"].player
    assert reopened.run.lesson.origins == origins
    assert reopened.run.index == 1 and 0 in reopened.run.done


def test_the_class_report_counts_lessons_not_checkpoints(store):
    from spar_tutor.store.report import class_report

    progress = ProgressStore("Adwoa", store)
    quiz = checkpoint(LESSONS, "Adwoa", MONDAY)
    for index in range(len(quiz.steps)):
        progress.answer(quiz.id, index, len(quiz.steps), "x", False, True, finished=False)
        progress.answer(quiz.id, index, len(quiz.steps), "y", True, False)
    progress.answer("01_pack", 1, 9, "36", False, True, finished=False)
    progress.answer("01_pack", 1, 9, "35", True, False)
    report = class_report(store)
    [row] = report.learners
    assert row.steps == {"01_pack": 1} and row.finished == set()
    assert [(m.lesson, m.step) for m in report.missed] == [("01_pack", 1)]


def test_a_checkpoint_does_not_change_where_lessons_resume(store):
    progress = ProgressStore("Ama", store)
    progress.visit("03_follow", 2)
    quiz = checkpoint(LESSONS, "Ama", MONDAY)
    player = LessonPlayer(quiz, progress, start=0)
    finish_step(player)
    player.next_btn.click()
    assert progress.last == "03_follow" and progress.at("03_follow") == 2
    assert progress.at(quiz.id) == 1  # the quiz's own place is kept too


def test_the_end_of_the_checkpoint_offers_the_next_lesson_in_the_app(tmp_path, monkeypatch):
    """A learner at the end of the checkpoint has a way forward, not only "Go through it
    again": the lesson to take next."""
    app, page = lessons_page(tmp_path, monkeypatch)
    page.open_checkpoint()
    player = page.player
    while not player.run.over:
        finish_step(player)
        player.next_btn.click()
    assert "End of the checkpoint" in player.feedback.value
    suggested = course.suggested(app.progress())
    assert player.next_lesson_btn.layout.display == ""
    assert player.next_lesson_btn.description == (f"Next lesson: {suggested.number}. "
                                                  f"{suggested.title}")
    player.next_lesson_btn.click()
    assert page.player.run.lesson.id == suggested.id
    assert app.location().lesson == str(suggested.number)
