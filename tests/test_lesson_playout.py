"""Play it out (issue 13, as lichess Practice): a wrong but legal card in a lesson's play
step is played, the hand goes on to its end, the table shows the result, and "Try
again" goes back to the position. A card that breaks the rules is still refused."""

import doctest

import pytest

import spar_tutor.lessons.playout as playout
from spar_tutor.lessons import LessonRun, guarantees, load_all
from spar_tutor.lessons.kinds import make_run
from spar_tutor.lessons.widget import LessonPlayer

from lesson_helpers import buttons, card, click, finish_step

LESSONS = {lesson.number: lesson for lesson in load_all()}


def step_of(number, title):
    lesson = LESSONS[number]
    return lesson, next(i for i, s in enumerate(lesson.steps) if s.title == title)


def descriptions(player):
    return [b.description for b in buttons(player.answers)]


def wrong_card(number, title, code):
    """The lesson's step opened in a player and the card ``code`` clicked, answered
    wrong: the player and its feedback."""
    lesson, index = step_of(number, title)
    player = LessonPlayer(lesson, start=index)
    click(player, card(code))
    said = player.feedback.value
    assert "sp-feedback-wrong" in said
    return player, said


def test_the_doctests_pass():
    assert doctest.testmod(playout).failed == 0


def test_a_wrong_best_card_is_played_out_then_tried_again():
    player, said = wrong_card(16, "Trick 1: make a plan", "7D")
    assert "Ama won the last trick with" in said and "You scored 0 points" in said
    assert "You scored 0 points." in said  # and last, after the lesson's words on 7D:
    assert "You may never win the lead back. The best card makes sure of 3 points.</p>" in said
    assert "Then she leads a spade or a club" in said  # the step's own words for 7D
    picture = player.picture.value
    assert "spar-banner" in picture and "Ama won the last trick" in picture
    assert picture.count("won by Ama") == 4 and picture.count("won by you") == 0  # the pile
    assert descriptions(player) == ["Try again"]  # no cards left to click
    assert not player.next_btn.disabled  # a wrong answer read lets the lesson go on
    click(player, "Try again")
    assert player.feedback.value == ""
    assert "spar-banner" not in player.picture.value
    assert sorted(descriptions(player)) == sorted(card(c) for c in ("7D", "QD", "6H", "7H", "8H"))
    click(player, card("QD"))
    assert "sp-feedback-right" in player.feedback.value
    assert player.run.index in player.run.done


def test_the_first_try_still_counts_for_mastery():
    lesson, index = step_of(16, "Trick 1: make a plan")
    run = LessonRun(lesson, start=index)
    assert not run.answer("7D").correct
    run.current.try_again()
    assert run.answer("QD").correct
    assert [(a.correct, a.first_try, a.finished) for a in run.log] == [
        (False, True, False), (True, False, True)]
    assert run.missed == [index]  # it comes back at the end of the lesson


def test_a_card_against_the_rules_is_refused_not_played_out():
    player, said = wrong_card(3, "Hearts are led", "QC")
    assert "Hearts were led and you hold a heart" in said
    assert "Try again" not in descriptions(player) and card("KH") in descriptions(player)
    assert "spar-banner" not in player.picture.value


def test_a_losing_card_in_a_play_step_is_played_out_and_tried_again():
    player, said = wrong_card(5, "Play it out", "7S")
    assert "You won the last trick with" in said and "You scored 1 point, not 2" in said
    assert "You wins" not in said
    assert descriptions(player) == ["Try again"]
    click(player, "Try again")
    assert card("7S") in descriptions(player)
    finish_step(player)
    assert "You scored 2 points" in player.feedback.value


def test_a_wrong_card_in_a_win_question_plays_its_trick():
    lesson, index = step_of(4, "Take the trick")
    step = lesson.steps[index]
    run = make_run(step)
    winners = {str(c) for c in ([step.answer] if isinstance(step.answer, str) else step.answer)}
    loser = next(c for c in run.state.legal_cards() if str(c) not in winners)
    said = run.answer(str(loser)).text
    assert run.out is not None and len(run.out.end.tricks) == len(run.state.tricks) + 1
    assert "won the trick with" in said and not run.out.end.is_over()
    assert "won trick" in run.picture()  # the table's middle says who won it


def best_steps():
    for lesson in LESSONS.values():
        for n, step in enumerate(lesson.steps, start=1):
            if step.kind == "pick_card" and step.extra.get("goal") == "best":
                yield pytest.param(step, id=f"{lesson.id}-{n}")


@pytest.mark.parametrize("step", list(best_steps()))
def test_every_wrong_best_card_plays_out_to_the_points_it_makes_sure_of(step):
    """The hand played out ends with what the feedback says the card makes sure of:
    the solver's line, every card checked by the engine."""
    run = make_run(step)
    values = guarantees.move_values(run.state, step.seat)
    best = max(values.values())
    for wrong in [c for c, v in values.items() if v < best]:
        out = playout.play_out(run.state, wrong, step.seat)
        assert out.end.is_over() and out.end.result is not None
        assert out.end.result.points[step.seat] == values[wrong], wrong
        again = playout.play_out(run.state, wrong, step.seat)
        assert again.end.tricks == out.end.tricks  # the same every time


def test_when_the_learner_wins_the_hand_played_out_the_points_are_said_once():
    lesson, index = step_of(16, "Trick 1: make a plan")
    said = make_run(lesson.steps[index]).answer("6H").text
    assert "You won the last trick with 7♦: 2 points." in said
    assert said.endswith("The best card makes sure of 3 points.") and "You scored" not in said


def test_the_story_under_the_table_is_not_shown_beside_a_hand_played_out():
    """Lesson 9: "Kofi played 9♣." tells the position's story; beside the played-out hand
    (whose tricks the table lists) it was a stray line. It comes back with Try again."""
    lesson, index = step_of(9, "Play it out")
    player = LessonPlayer(lesson, start=index)
    told = "Kofi played" in player.picture.value
    assert told  # Kofi leads the position
    click(player, card("6D"))
    assert "sp-feedback-wrong" in player.feedback.value
    assert "<small>" not in player.picture.value and "spar-banner" in player.picture.value
    click(player, "Try again")
    assert ("played" in player.picture.value) == told
