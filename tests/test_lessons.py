"""Every shipped lesson loads, validates and can be clicked through without a browser."""

import json
import re
from pathlib import Path

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.lessons import BrokenLesson, Lesson, LessonRun, ProgressStore, load_all
from spar_tutor.lessons.widget import LessonMenu, LessonPlayer, lesson_widget
from spar_tutor.store import Store
from spar_tutor.store.schema import StepAnswer
from sqlalchemy import select

from lesson_helpers import buttons, card, click, finish_step

LESSONS = [l for l in load_all()]
IDS = [l.id for l in LESSONS]


@pytest.fixture
def store(tmp_path):
    """A progress database of the test's own."""
    return Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")


def test_seventeen_lessons_all_load():
    assert len(LESSONS) == 17
    broken = [str(p) for l in LESSONS if isinstance(l, BrokenLesson) for p in l.problems]
    assert broken == []
    assert [l.number for l in LESSONS] == list(range(1, 18))
    assert [l.title for l in LESSONS[10:]] == [
        "The match", "Giving up the lead on purpose", "Defence", "Reading the table",
        "Table decisions", "Whole hands", "Play to the score"]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_shape(lesson):
    assert 7 <= len(lesson.steps) <= 13  # short steps: 5 to 10 minutes in all
    assert lesson.questions * 2 >= len(lesson.steps), "mostly learn-by-doing steps"
    assert 5 <= lesson.minutes <= 10
    assert lesson.steps[-1].kind == "explain"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_click_through_every_lesson(lesson, store):
    progress = ProgressStore("tester", store)
    player = LessonPlayer(lesson, progress)
    for i in range(len(lesson.steps)):
        assert player.label.value.startswith(f"&nbsp; <b>Step {i + 1} of {len(lesson.steps)}")
        finish_step(player)
        if lesson.steps[i].is_question:
            assert "sp-feedback-right" in player.feedback.value, (i, player.feedback.value)
        player.next_btn.click()
    assert player.run.finished
    assert "End of lesson" in player.feedback.value
    assert ProgressStore("Tester", store).finished(lesson.id)


def test_progress_survives_a_restart(store):
    lesson = LESSONS[2]
    player = LessonPlayer(lesson, ProgressStore("kofi", store))
    for _ in range(3):
        finish_step(player)
        player.next_btn.click()
    again = LessonRun(lesson, ProgressStore("Kofi", store))
    assert again.index == 3 and again.done == {0, 1, 2}
    menu = LessonMenu(LESSONS, "kofi", store)
    texts = [getattr(c, "description", "") for c in menu.children]
    assert "Continue where you left off: lesson 3, step 4" in texts
    other = LessonRun(lesson, ProgressStore("ama", store))
    assert other.index == 0 and other.done == set()


def test_a_finished_lesson_leads_on_to_the_next(store):
    progress = ProgressStore("afi", store)
    for i in range(len(LESSONS[0].steps)):
        progress.mark(LESSONS[0].id, i, len(LESSONS[0].steps))
    progress.visit(LESSONS[0].id, 8)
    menu = LessonMenu(LESSONS, "afi", store)
    texts = [getattr(c, "description", "") for c in menu.children]
    assert "Next lesson: 2. Dealing and who leads" in texts


def test_feedback_names_the_misconception():
    follow = next(l for l in LESSONS if l.id == "03_follow")
    player = LessonPlayer(follow, start=2)
    click(player, card("AD"))
    assert "not a heart" in player.feedback.value or "diamonds were not led" in player.feedback.value
    assert "sp-feedback-wrong" in player.feedback.value
    click(player, card("9H"))
    assert "1 more to find" in player.feedback.value
    trick = next(l for l in LESSONS if l.id == "04_trick")
    player = LessonPlayer(trick, start=2)
    click(player, "Kofi")
    assert "never wins" in player.feedback.value


def test_each_answer_is_a_row_with_its_first_try(store):
    follow = next(l for l in LESSONS if l.id == "03_follow")
    player = LessonPlayer(follow, ProgressStore("Esi", store), start=2)
    click(player, card("AD"))  # wrong, first try
    finish_step(player)  # then right
    player.back_btn.click()
    player.next_btn.click()
    finish_step(player)  # the step again, done before: not a first try
    with store.read() as session:
        rows = session.execute(select(StepAnswer.answer, StepAnswer.correct, StepAnswer.first_try,
                                      StepAnswer.finished).where(StepAnswer.step == 2)
                               .order_by(StepAnswer.id)).all()
    assert rows[0] == ("AD", False, True, False)
    assert [r.first_try for r in rows[1:]] == [False] * (len(rows) - 1)
    assert rows[-1].finished and ProgressStore("esi", store).done("03_follow") == {2}


def test_hint_is_always_there():
    for lesson in LESSONS:
        player = LessonPlayer(lesson)
        for _ in lesson.steps:
            player.hint_btn.click()
            assert "Hint:" in player.feedback.value
            player.next_btn.click()


def test_solver_hint_in_a_play_step():
    strategy = next(l for l in LESSONS if l.id == "09_strategy")
    index = next(i for i, s in enumerate(strategy.steps) if s.kind == "play")
    player = LessonPlayer(strategy, start=index)
    player.hint_btn.click()  # a nudge first
    assert "Play " not in player.feedback.value and player.hint_btn.description == "Hint"
    player.hint_btn.click()  # then the idea: the step's own hint
    assert strategy.steps[index].hint in player.feedback.value
    # the last rung is the answer, and the button says what it costs
    assert player.hint_btn.description == "Show the answer (this question will come back)"
    player.hint_btn.click()  # the computer's card, and what it does
    assert "<strong>Hint:</strong> Play " in player.feedback.value
    assert index in player.run.missed


def test_single_lesson_widget_asks_for_a_name_then_opens(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("SPAR_TUTOR_USER", raising=False)
    w = lesson_widget("07_dry_wet", store=Store.open(f"sqlite:///{tmp_path / 'p.sqlite'}"))
    assert isinstance(w, LessonMenu) and w.progress is None
    w.sign_in("Esi")
    assert isinstance(w.children[1], LessonPlayer)
    assert isinstance(w.children[1].run.lesson, Lesson)
    # the lesson notebook shows the title above: the player does not repeat it
    assert "<h3>" not in w.children[1].heading.value and "<style>" in w.children[1].heading.value
    w.show_menu()
    w.open_lesson(w.lessons[6])
    assert "<h3>Lesson 7: Dry and wet</h3>" in w.children[1].heading.value


def test_lesson_tables_are_the_apps_and_keep_the_question_quiet():
    trick = next(l for l in LESSONS if l.id == "04_trick")
    step = next(s for s in trick.steps if s.kind == "trick")
    player = LessonPlayer(trick, start=trick.steps.index(step))
    picture = player.picture.value
    assert 'class="spar-felt"' in picture and "who wins it?" in picture
    assert "spar-winning" not in picture and "won by ?" in picture
    points = next(l for l in LESSONS if l.id == "07_dry_wet")
    index = next(i for i, s in enumerate(points.steps) if s.kind == "points")
    picture = LessonPlayer(points, start=index).picture.value
    assert "How many points?" in picture and "10 points" not in picture


@pytest.mark.parametrize("name", [
    "spar_tutor.lessons.guarantees", "spar_tutor.lessons.progress", "spar_tutor.lessons.run",
    "spar_tutor.lessons.widget", "spar_tutor.lessons.kinds", "spar_tutor.explore",
    "spar_tutor.explore.simulations", "spar_tutor.learning.problem",
    "spar_tutor.learning.progress", "spar_tutor.render.text"])
def test_docstring_examples(name):
    import doctest
    import importlib

    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_notebook_introduces_the_lesson_as_it_is(lesson):
    """The notebook's introduction (scripts/make_lesson_notebooks.py) keeps up with its file."""
    path = Path(__file__).resolve().parents[1] / "notebooks" / f"lesson_{lesson.id}.ipynb"
    intro = json.loads(path.read_text())["cells"][0]
    text = "".join(intro["source"])
    assert intro["cell_type"] == "markdown" and lesson.title in text
    assert f"About {lesson.minutes} minutes, {len(lesson.steps)} steps." in text


def seat_sides(step):
    """Where each named player sits, seen from the learner: left, top or right (None for
    a step without a table, or with only two players: the other sits across)."""
    from spar_tutor.engine.rules import Rules
    from spar_tutor.lessons.steps import viewer_of
    from spar_tutor.render.table import FELT_W, seat_position

    if step.position is not None:
        state = step.state()
        players, rules = state.players, state.rules
    elif step.kind == "deal":
        players = step.extra.get("players", 3)
        rules = Rules.from_json(step.extra.get("rules", "standard"))
    else:
        return None
    if players < 3:
        return None
    viewer, sides = viewer_of(step), {}
    for seat in range(players):
        if seat == viewer:
            continue
        x, _ = seat_position(seat, viewer, players, rules.direction == "clockwise")
        sides[step.name(seat)] = "left" if x < FELT_W / 2 - 1 else \
            "right" if x > FELT_W / 2 + 1 else "top"
    return sides


def test_the_same_players_sit_in_the_same_places_from_lesson_to_lesson():
    places = {}
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            for name, side in (seat_sides(step) or {}).items():
                places.setdefault(name, {}).setdefault(side, []).append(
                    f"lesson {lesson.number} step {number}")
    moved = {name: where for name, where in places.items() if len(where) > 1}
    assert moved == {}
    assert places["Ama"].keys() == {"left"} and places["Kofi"].keys() == {"right"}


def words(player: LessonPlayer) -> str:
    """The feedback as the learner reads it (no tags)."""
    return re.sub(r"<[^>]+>", "", player.feedback.value)


def test_a_right_card_the_story_does_not_follow_is_commented_and_followed():
    """Lesson 16, trick 3: 7H and 8H are both right; the next step goes on from 8H. A
    learner who plays 7H reads what 7H does (not the words about 8H), is offered 8H, and the
    next step says where the lesson's hand differs from theirs."""
    whole = next(l for l in LESSONS if l.id == "16_whole_hands")
    player = LessonPlayer(whole, start=3)
    click(player, card("7H"))
    said = words(player)
    assert "sp-feedback-right" in player.feedback.value
    assert said.startswith("7♥ is just as good as 8♥, the lesson's card. 7♥ wins trick 3"), said
    assert whole.steps[3].right not in said  # those words are about 8H
    assert [b.description for b in player._tool_row.children] == [
        "Play 8♥ instead, as the lesson does"]
    player.next_btn.click()
    assert words(player).startswith("You played 7♥, and the lesson's hand goes on from 8♥")
    # or the learner takes the lesson's card, and the story goes on with no notice
    player = LessonPlayer(whole, start=3)
    click(player, card("7H"))
    player._tool_row.children[0].click()
    assert player.run.current.state.current_trick[-1] == Card.parse("8H")
    player.next_btn.click()
    assert "You played" not in words(player)
    player = LessonPlayer(whole, start=3)
    click(player, card("8H"))
    assert "sp-feedback-right" in player.feedback.value and "lesson's card" not in words(player)


def test_the_leaders_card_is_not_said_to_follow():
    """Lesson 4, step 2: Ama led 8C, Kofi won with KC."""
    trick = next(l for l in LESSONS if l.id == "04_trick")
    player = LessonPlayer(trick, start=1)
    click(player, "Ama")
    assert "8♣ was led, but K♣ is a higher club." in words(player)
    player = LessonPlayer(trick, start=1)
    click(player, "You")
    assert "9♣ followed suit, but K♣ is a higher club." in words(player)


def test_a_predict_deal_waits_for_the_first_answer():
    """Lesson 2, "The last card": the learner says who gets it before watching the deal;
    the deal buttons are off until then, and the run ignores a click that gets through."""
    dealing = next(l for l in LESSONS if l.id == "02_dealing")
    titles = [s.title for s in dealing.steps]
    player = LessonPlayer(dealing, start=titles.index("The last card"))
    live = player.run.current
    tools = {b.description: b for b in buttons(player.answers)}
    assert tools["Deal a packet"].disabled and tools["Deal them all"].disabled
    live.deal_all()
    assert live.shown == 0  # nothing dealt: the answer is not given away
    click(player, "Ama")  # wrong: the tools come on, to watch where the last card goes
    assert "sp-feedback-right" not in player.feedback.value
    tools = {b.description: b for b in buttons(player.answers)}
    assert not tools["Deal them all"].disabled
    tools["Deal them all"].click()
    assert live.dealt_all and tools["Deal them all"].disabled
    # the first deal step too: its answer was told on the page before it
    first = LessonPlayer(dealing, start=titles.index("The first packet"))
    assert {b.description: b for b in buttons(first.answers)}["Deal a packet"].disabled
    assert all(s.extra.get("predict") for s in dealing.steps if s.kind == "deal")


def test_predict_must_be_true_or_false():
    from spar_tutor.lessons import LessonError, loads_lesson

    text = (Path(__file__).resolve().parents[1] / "lessons" / "02_dealing.toml").read_text()
    with pytest.raises(LessonError, match="'predict' must be true or false, not 'yes'"):
        loads_lesson(text.replace("predict = true", 'predict = "yes"', 1), "02_dealing.toml")


def test_a_step_to_read_has_no_hint_button():
    """An explain step has nothing to answer: no Hint; the question after it has one."""
    pack = LESSONS[0]
    assert pack.steps[0].kind == "explain" and pack.steps[1].is_question
    player = LessonPlayer(pack)
    assert player.hint_btn.layout.display == "none"
    player.next_btn.click()
    assert player.hint_btn.layout.display == ""
