"""Broken lesson files are reported (file, step, line, what) and never break the others."""

from pathlib import Path

import pytest

from spar_tutor.lessons import BrokenLesson, Lesson, LessonError, load_all, load_lesson, loads_lesson
from spar_tutor.lessons.widget import LessonMenu
from spar_tutor.store import Store

HERE = Path(__file__).resolve().parent
BROKEN = HERE / "lessons_broken"


def problems(name):
    with pytest.raises(LessonError) as info:
        load_lesson(BROKEN / name)
    return info.value.problems


def test_the_good_lesson_loads_beside_broken_ones():
    loaded = load_all(BROKEN)
    assert [type(l).__name__ for l in loaded] == ["Lesson"] + ["BrokenLesson"] * 6
    assert isinstance(loaded[0], Lesson) and len(loaded[0].steps) == 2


def test_not_toml_names_the_line():
    [p] = problems("02_not_toml.toml")
    assert p.file == "02_not_toml.toml" and p.line == 8 and "not valid TOML" in p.what


def test_an_expected_card_must_be_legal():
    [p] = problems("03_illegal_answer.toml")
    assert (p.step, p.line) == (2, 17)
    assert "QC cannot be played here" in p.what and "must follow suit" in p.what


def test_a_stated_score_must_agree_with_the_engine():
    [p] = problems("04_wrong_score.toml")
    assert p.step == 1 and "scores this hand 3" in p.what and "not 5" in p.what


def test_a_best_card_must_agree_with_the_solver():
    [p] = problems("05_wrong_best.toml")
    assert p.step == 1 and "best cards are KC" in p.what


def test_stated_odds_must_agree_with_the_solver():
    [p] = problems("07_drifted_odds.toml")
    assert (p.step, p.line) == (1, 19)
    assert p.what == "the solver gives dry 6S 77%, not 60% (tolerance 0.05)"


@pytest.mark.parametrize("change, what", [
    (("right = \"About", "right = \"Roughly"), None),
    (("chances = [0.6, 0.77]\n", "chances = [0.77, 0.77]\n"), "states 77% for dry 6S but its words"),
    (("answer = \"about the same\"", "answer = \"higher\""), "the answer is about the same"),
    (("ask = \"chance\"", "ask = \"luck\""), "'ask' must be chance or points"),
    (("compare = [\"dry 6S\", \"pass\"]", "compare = [\"dry 9D\", \"pass\"]"),
     "dry 9D is not allowed here"),
    (("worlds = 500", "worlds = 5"), "100 or more"),
])
def test_odds_mistakes(change, what):
    text = (BROKEN / "07_drifted_odds.toml").read_text().replace(*change)
    text = text.replace("77% without", "the same without")
    with pytest.raises(LessonError) as info:
        loads_lesson(text, "x.toml")
    assert (what or "not 60%") in str(info.value)


def test_an_odds_points_question_takes_the_nearest_option():
    text = (BROKEN / "07_drifted_odds.toml").read_text()
    for a, b in [("chances = [0.6, 0.77]", "chances = [0.77, 0.77]"),
                 ("60% with the dry, 77% without", "77% either way"),
                 ("ask = \"chance\"", "ask = \"points\""),
                 ('options = ["higher", "about the same", "lower"]', "options = [0.5, 1.75, 4]"),
                 ("answer = \"about the same\"", "answer = 1.75")]:
        text = text.replace(a, b)
    lesson = loads_lesson(text, "x.toml")
    assert lesson.steps[0].answer == 1.75
    with pytest.raises(LessonError, match="the answer is 1.75, not 4"):
        loads_lesson(text.replace("answer = 1.75", "answer = 4"), "x.toml")


def test_every_problem_of_a_file_is_listed():
    found = problems("06_bad_notation.toml")
    assert [p.step for p in found] == [1, 2, 3]
    assert "not a card: '1X'" in found[0].what
    assert "unknown step kind 'quiz'" in found[1].what
    assert "which is a right answer" in found[2].what
    assert all(p.line for p in found)
    assert "06_bad_notation.toml line" in str(found[0])


@pytest.mark.parametrize("text, what", [
    ('number = 1\ntitle = "t"\nsummary = "s"\nminutes = 5\n', "needs steps"),
    ('title = "t"\nsummary = "s"\nminutes = 5\n[[step]]\nkind = "explain"\ntext = "x"\n', "'number'"),
    ('number = 1\ntitle = "t"\nsummary = "s"\nminutes = 5\ncolour = 1\n[[step]]\nkind = "explain"\n'
     'text = "x"\n', "unknown key 'colour'"),
    ('number = 1\ntitle = "t"\nsummary = "s"\nminutes = 5\n[[step]]\nkind = "choice"\nprompt = "p"\n'
     'hint = "h"\nright = "r"\noptions = ["a", "b"]\nanswer = "c"\n', "not one of the options"),
    ('number = 1\ntitle = "t"\nsummary = "s"\nminutes = 5\n[[step]]\nkind = "play"\nprompt = "p"\n'
     'hint = "h"\nright = "r"\nseat = 0\ngoal = 4\nposition = { hands = ["6H KC", "9C 8D"] }\n',
     "sure of 3 points, so a goal of 4 cannot be promised"),
])
def test_more_mistakes(text, what):
    with pytest.raises(LessonError) as info:
        loads_lesson(text, "x.toml")
    assert what in str(info.value)


def test_the_menu_shows_what_is_wrong_and_keeps_the_rest():
    menu = LessonMenu(load_all(BROKEN), "teacher", Store.memory())
    html = " ".join(getattr(c, "value", "") for c in menu.children)
    assert "could not be loaded" in html and "best cards are KC" in html
    buttons = [c.children[0] for c in menu.children if hasattr(c, "children") and c.children]
    assert buttons[0].description == "Lesson 1: A good lesson"
    buttons[0].click()
    assert type(menu.children[1]).__name__ == "LessonPlayer"


def test_a_crashing_check_becomes_a_broken_lesson(tmp_path, monkeypatch):
    from dataclasses import replace

    from spar_tutor.lessons import kinds

    (tmp_path / "a.toml").write_text((BROKEN / "01_good.toml").read_text())
    crashing = replace(kinds.kind_of("points"), check=lambda step, found: 1 / 0)
    monkeypatch.setitem(kinds.REGISTRY, "points", crashing)
    [lesson] = load_all(tmp_path)
    assert isinstance(lesson, BrokenLesson) and "ZeroDivisionError" in lesson.problems[0].what


WHOLE_HAND = Path(__file__).resolve().parents[1] / "lessons" / "16_whole_hands.toml"


def test_a_card_question_whose_next_step_goes_on_from_another_card_is_refused():
    """Lesson 16's trick-3 question takes 7H or 8H and the next step goes on from 8H:
    if the question took only 7H (a "card" question), the lesson would go on from a card
    it calls wrong."""
    text = WHOLE_HAND.read_text()
    assert loads_lesson(text, "16.toml").steps[3].story == "8H"
    broken = text.replace('goal = "best"\nanswer = ["7H", "8H"]', 'goal = "card"\nanswer = "7H"')
    assert broken != text
    with pytest.raises(LessonError) as info:
        loads_lesson(broken, "16.toml")
    found = info.value.problems
    assert len(found) == 1 and found[0].step == 4
    assert "the next step goes on with 8H played, which is not an answer here" in found[0].what
    assert found[0].line == broken.splitlines().index('answer = "7H"') + 1
