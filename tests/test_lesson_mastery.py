"""Mastery in lessons: first tries make stars, missed questions come back at the end,
"Next" waits for an answer, and the next lesson is suggested."""

import pytest

from spar_tutor.app import course
from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.lessons.mastery import lesson_stars, stars, stars_text
from spar_tutor.lessons.widget import LessonMenu, LessonPlayer
from spar_tutor.store import Store

from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)
from lesson_helpers import buttons, card, click, finish_step, lesson_in_app, right_answers, walk

LESSONS = load_all()
FOLLOW = next(l for l in LESSONS if l.id == "03_follow")
MISSED = 2  # the follow lesson's step where the ace of diamonds is a wrong answer


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")


@pytest.mark.parametrize("questions, right, expected", [(6, 6, 3), (6, 4, 2), (6, 3, 1),
                                                        (0, 0, 3), (3, 2, 2), (3, 1, 1)])
def test_stars_from_the_first_try_score(questions, right, expected):
    assert stars(questions, right) == expected
    assert stars_text(expected).count("\u2605") == expected


def test_next_waits_for_an_answer_right_or_wrong():
    player = LessonPlayer(FOLLOW, start=MISSED)
    assert player.next_btn.disabled
    click(player, card("AD"))  # wrong: its feedback is the lesson
    assert "sp-feedback-wrong" in player.feedback.value and not player.next_btn.disabled
    explain = next(i for i, s in enumerate(FOLLOW.steps) if not s.is_question)
    assert not LessonPlayer(FOLLOW, start=explain).next_btn.disabled


def test_a_missed_question_comes_back_before_the_lesson_ends(store):
    progress = ProgressStore("Abena", store)
    player = LessonPlayer(FOLLOW, progress, start=0)
    walk(player, wrong_at=MISSED)
    assert not player.run.finished  # the missed step is not done yet
    assert player.next_btn.description == "Next"  # not Finish: a question comes back
    player.next_btn.click()
    assert player.run.index == MISSED
    assert "Once more: step 3 of" in player.label.value
    assert "You missed this question the first time" in player.feedback.value  # why it is back
    player.run.done.add(MISSED)  # right at a later try: done, but asked once more all the same
    player._show()
    assert "Once more: step 3 of" in player.label.value and "&#10003;" not in player.label.value
    player.run.done.discard(MISSED)
    player._show()
    assert player.next_btn.disabled and player.back_btn.disabled
    assert player.next_btn.description == "Finish"
    assert not progress.finished(FOLLOW.id)
    finish_step(player)
    assert "sp-feedback-right" in player.feedback.value
    player.next_btn.click()
    questions = FOLLOW.questions
    assert (f"End of lesson 3: {questions - 1} of {questions} questions right at the first try."
            in player.feedback.value)
    assert player.run.finished and progress.finished(FOLLOW.id)
    expected = stars(questions, questions - 1)
    assert player.run.stars == expected == lesson_stars(FOLLOW, progress.answers(FOLLOW.id))
    assert stars_text(expected) in player.feedback.value


def test_a_missed_choice_comes_back_with_its_answers_in_another_order(store):
    """The second time, the right answer is not where the learner last clicked."""
    pack = next(l for l in LESSONS if l.id == "01_pack")
    count = next(i for i, s in enumerate(pack.steps) if s.kind == "choice")
    player = LessonPlayer(pack, ProgressStore("Adwoa", store), start=count)
    right = right_answers(player)[0]
    click(player, next(b.description for b in buttons(player.answers) if b.description != right))
    assert "sp-feedback-wrong" in player.feedback.value
    player.next_btn.click()
    walk(player)
    player.next_btn.click()
    assert player.run.index == count and player.run.again is not None
    again = [b.description for b in buttons(player.answers)]
    before = [b.description for b in buttons(LessonPlayer(pack, start=count).answers)]
    assert len(before) > 1 and sorted(again) == sorted(before) and again != before


def test_the_end_of_a_lesson_puts_the_last_question_away(store):
    """After a question that came back, the end shows the result alone (not that
    question and its answer buttons under it), and "Go through it again" starts over."""
    progress = ProgressStore("Akosua", store)
    player = LessonPlayer(FOLLOW, progress, start=0)
    walk(player, wrong_at=MISSED)
    player.next_btn.click()  # the missed question comes back
    finish_step(player)
    assert player.answers.layout.display == ""
    player.next_btn.click()
    assert player.run.over and "End of lesson 3" in player.feedback.value
    put_away = [player.text, player.picture, player.prompt, player.answers, player.back_btn,
                player.hint_btn, player.retry_btn, player.next_btn]
    assert [w.layout.display for w in put_away] == ["none"] * len(put_away)
    assert "Lesson over" in player.label.value
    assert player.again_btn.layout.display == ""
    player.again_btn.click()
    assert player.run.index == 0 and not player.run.over
    assert "Step 1 of" in player.label.value and player.feedback.value == ""
    assert [w.layout.display for w in put_away[:4]] == [""] * 4
    assert player.again_btn.layout.display == "none"
    assert progress.finished(FOLLOW.id), "what was learnt stays saved"


def test_the_end_of_a_lesson_offers_the_next_one_in_a_notebook(store):
    menu = LessonMenu(LESSONS, "Kwesi", store)
    menu.open_lesson(FOLLOW)
    player = menu.children[1]
    assert player.next_lesson_btn.layout.display == "none"
    walk(player)
    player.next_btn.click()
    following = LESSONS[LESSONS.index(FOLLOW) + 1]
    assert player.next_lesson_btn.layout.display == ""
    assert player.next_lesson_btn.description == (f"Next lesson: {following.number}. "
                                                  f"{following.title}")
    player.next_lesson_btn.click()
    assert menu.children[1].run.lesson is following


def test_the_end_of_a_lesson_offers_the_next_one_in_the_app(tmp_path, monkeypatch):
    app, player = lesson_in_app(tmp_path, monkeypatch, "3")
    walk(player)
    player.next_btn.click()
    suggested = course.suggested(app.progress())
    assert suggested is not None and suggested.id != FOLLOW.id
    assert player.next_lesson_btn.description.startswith(f"Next lesson: {suggested.number}.")
    player.next_lesson_btn.click()
    assert app.pages["lessons"].player.run.lesson.id == suggested.id
    assert app.location().lesson == str(suggested.number)


def test_a_question_right_at_once_does_not_come_back(store):
    player = LessonPlayer(FOLLOW, ProgressStore("Kojo", store), start=0)
    walk(player)
    player.next_btn.click()
    q = FOLLOW.questions
    assert player.run.over and f"End of lesson 3: {q} of {q} questions" in player.feedback.value
    assert player.run.stars == 3
    assert "2 stars: two in three right at the first try." in player.feedback.value


def test_no_stars_until_every_question_is_right(store):
    progress = ProgressStore("Yaa", store)
    player = LessonPlayer(FOLLOW, progress, start=MISSED)
    click(player, card("AD"))
    assert lesson_stars(FOLLOW, progress.answers(FOLLOW.id)) == 0
    menu = LessonMenu(LESSONS, "Yaa", store)
    assert "\u2605" not in str([getattr(c, "children", c) for c in menu.children])


def test_stars_on_the_lesson_menu_and_the_lessons_page(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    app = App(env={})
    app.set_learner("Efua")
    app.follow(Route(page="lessons", lesson="3"))
    walk(app.pages["lessons"].player)
    app.pages["lessons"].player.next_btn.click()
    app.go("lessons")
    rows = app.pages["lessons"].rows.children
    info = {row.children[0].description: row.children[1].value for row in rows}
    follow_info = next(v for k, v in info.items() if k.startswith("Lesson 3:"))
    assert "\u2605\u2605\u2605" in follow_info and "3 of 3 stars" in follow_info
    assert "suggested next" in next(v for k, v in info.items() if k.startswith("Lesson 4:"))
    assert "suggested next" not in follow_info
    menu = LessonMenu(LESSONS, "Efua")
    html = [row.children[1].value for row in menu.children
            if hasattr(row, "children") and len(row.children) == 2
            and getattr(row.children[0], "description", "").startswith("Lesson 3:")]
    assert html and "\u2605\u2605\u2605" in html[0]


def test_the_next_lesson_is_suggested_not_locked(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    assert course.suggested(None) is course.playable()[0]
    progress = ProgressStore("Kwesi")
    lesson = course.playable()[4]
    for i in range(len(lesson.steps)):
        progress.mark(lesson.id, i, len(lesson.steps))
    assert course.suggested(progress) is course.playable()[5]
    app = App(env={})
    app.set_learner("Kwesi")
    app.follow(Route(page="lessons", lesson="9"))  # any lesson opens
    assert app.pages["lessons"].opened == course.playable()[8].id


SUITS = "♠♥♦♣"


@pytest.mark.parametrize("lesson", LESSONS, ids=[l.id for l in LESSONS])
def test_the_hint_ladder_starts_with_a_nudge_that_names_no_card(lesson):
    from spar_tutor.lessons.check import step_options
    from spar_tutor.lessons.hints import ladder
    from spar_tutor.lessons.kinds import make_run
    from spar_tutor.learning.rungs import gives_away

    for number, step in enumerate(lesson.steps, start=1):
        if not step.is_question:
            continue
        rungs = [r.text for r in ladder(make_run(step)).rungs]
        where = (lesson.id, number, step.kind)
        assert len(set(rungs)) == 3, (where, rungs)  # three rungs that differ
        assert not any(s in rungs[0] for s in SUITS), (where, rungs[0])
        assert gives_away(rungs[0], step_options(step)) is None, (where, rungs[0])
        assert rungs[1] == make_run(step).hint()
        ideas = [rungs[1]] if step.kind != "hand" else \
            [step.hint] + [note.hint for note in step.tricks if note.hint]  # at every card
        for idea in ideas:  # the idea, said: not a second nudge
            assert not idea.rstrip().endswith("?"), (where, idea)
        if step.position is None and not step.cards:  # nothing drawn: no picture to look at
            assert "picture" not in rungs[0], (where, rungs[0])


def test_the_hints_climb_to_the_answer():
    pack = next(l for l in LESSONS if l.id == "01_pack")
    player = LessonPlayer(pack, start=4)  # pick the card that wins: the king of spades
    seen = []
    for _ in range(4):
        player.hint_btn.click()
        seen.append(player.feedback.value)
    assert "Look at each card" in seen[0] and card("KS") not in seen[0]
    assert seen[1] != seen[0]
    assert "The answer is" in seen[2] and card("KS") in seen[2]
    assert seen[3] == seen[2]  # the last rung stays


def test_after_the_last_lesson_the_one_left_behind_is_not_called_next(store):
    """Lesson 16 finished, lesson 1 not: the end offers lesson 1 as "still to finish"."""
    menu = LessonMenu(LESSONS, "Kwesi", store)
    menu.open_lesson(LESSONS[-1])
    player = menu.children[1]
    walk(player)
    player.next_btn.click()
    first = LESSONS[0]
    assert player.next_lesson_btn.description == (
        f"A lesson still to finish: {first.number}. {first.title}")


def test_taking_the_answer_costs_the_first_try(store):
    """The last rung gives the answer away: the Hint button says so, the question counts as
    missed at its first try (no star for it, it comes back at the end of the lesson, and
    the review schedule has it for the next day)."""
    from spar_tutor.learning.review import Reviews, lesson_item
    from spar_tutor.lessons.run import ANSWER_SHOWN

    progress = ProgressStore("Abena", store)
    player = LessonPlayer(FOLLOW, progress, start=MISSED)
    assert player.hint_btn.description == "Hint"
    player.hint_btn.click()
    player.hint_btn.click()
    assert player.hint_btn.description == "Show the answer (this question will come back)"
    assert MISSED not in player.run.missed
    player.hint_btn.click()  # the answer
    assert "The answer is" in player.feedback.value or "You may play" in player.feedback.value
    assert MISSED in player.run.missed and not player.next_btn.disabled
    first = progress.answers(FOLLOW.id)[-1]
    assert (first.step, first.answer, first.correct, first.first_try) == (
        MISSED, ANSWER_SHOWN, False, True)
    for name in right_answers(player):  # now right, but not at the first try
        click(player, name)
    assert player.run.current.finished
    assert progress.answers(FOLLOW.id)[-1].first_try is False
    assert MISSED in player.run.to_come_back()
    assert Reviews("Abena", store).get(lesson_item(FOLLOW.id, MISSED)) is not None
    # the same question answered at the first try with only the nudge and the idea is not
    # missed (those two rungs are free)
    fresh = LessonPlayer(FOLLOW, ProgressStore("Kojo", store), start=MISSED)
    fresh.hint_btn.click()
    fresh.hint_btn.click()
    for name in right_answers(fresh):
        click(fresh, name)
    assert MISSED not in fresh.run.missed
