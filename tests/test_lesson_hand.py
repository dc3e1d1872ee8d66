"""A whole hand with hidden cards (a ``hand`` step): played trick by trick with the
lesson's comments, followed when the learner leaves the lesson's hand, a mistake played
out, every hand shown face up at the end, and the file checked when it loads."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.learning.rungs import gives_away
from spar_tutor.lessons import LessonError, load_all, load_lesson, loads_lesson
from spar_tutor.lessons.hints import ladder
from spar_tutor.lessons.kinds import make_run
from spar_tutor.lessons.kinds.hand import HandRun
from spar_tutor.lessons.run import LessonRun
from tests.test_voice_hidden import redealt

HAND = Path(__file__).resolve().parent / "lessons_hand" / "01_hand.toml"
TEXT = HAND.read_text(encoding="utf-8")


def the_run() -> HandRun:
    run = make_run(load_lesson(HAND).steps[0])
    assert isinstance(run, HandRun)
    return run


def test_the_lessons_hand_is_told_trick_by_trick():
    run = LessonRun(load_lesson(HAND))
    said = [run.answer(code) for code in ("8H", "QD", "7H", "7D", "6H")]
    assert all(fb.correct for fb in said)
    assert said[0].text == "Trick 1: Nobody followed your 8H. Ama threw 9D and Kofi threw 6S."
    assert said[1].text == "Trick 2: Your queen won."
    assert not said[3].finished and said[4].finished
    assert said[4].text == "Trick 5: Your 6H won the last trick. Your 6 won the last trick."
    assert run.current.finished and run.can_go_on


def test_every_hand_is_shown_face_up_at_the_end_with_what_the_others_held():
    run = the_run()
    for code in ("8H", "QD", "7H", "7D", "6H"):
        run.answer(code)
    [see] = run.answers().tools
    assert see.label == "See every hand"
    see.act()
    picture = run.picture()
    assert "Every hand face up, as dealt." in picture and "the one card that could beat" in picture
    for card in ("QS", "KC", "9D", "6S"):  # the others' cards, face up
        assert Card.parse(card).name in picture, card
    back, forward = run.answers().tools
    assert back.disabled and not forward.disabled
    for number in range(1, 6):
        forward.act()
        assert f"after trick {number}." in run.picture()
        back, forward = run.answers().tools
    assert forward.disabled and not back.disabled


def test_a_card_as_good_as_the_lessons_takes_the_hand_off_it_and_the_comments_follow():
    run = the_run()
    first = run.answer("7H")
    assert first.correct and "as good as the best choice" in first.text
    assert "The lesson's hand went on with 8♥" in first.text
    assert "Trick 1: You won trick 1 with 7♥." in first.text  # read off the learner's view
    assert run.left == 1 and run.expected() is None
    while not run.state.is_over():
        fb = run.answer(str(run.hints.values(run.state, 0).choices[0].card))
        assert fb.correct
    assert "Your hand left the lesson's at trick 1" in fb.text and fb.finished


def test_a_mistake_is_played_out_with_why_then_tried_again():
    run = the_run()
    fb = run.answer("QD")
    assert not fb.correct
    assert "A mistake, from what you could see" in fb.text
    assert "The queen may meet a higher diamond." in fb.text  # the lesson's words on it
    assert "The computer then played the rest of the hand" in fb.text
    assert run.position_now().is_over() and not run.state.history
    [again] = run.answers().tools
    again.act()
    assert run.out is None and run.answer("8H").correct


def test_the_hint_ladder_names_no_card_first_then_the_idea_then_the_lessons_card():
    run = the_run()
    rungs = [r.text for r in ladder(run).rungs]
    assert rungs[0] == "Which card do you want to keep to the end?"
    assert rungs[1] == "Lead a heart, but not the 6."
    assert rungs[2].startswith("Play 8♥")
    run.answer("8H")
    nudge = ladder(run).nudge.text  # the trick writes none: the idea of its card
    assert nudge and gives_away(nudge) is None
    assert ladder(run).idea.text == "Ama has no heart. Lead your queen."


def test_a_copy_tries_an_answer_without_touching_the_run():
    run = the_run()
    trial = copy.deepcopy(run)
    assert not trial.answer("QD").correct and trial.out is not None
    assert run.out is None and run.answer("8H").correct


def test_taking_the_answer_after_the_hand_is_over_costs_nothing():
    run = LessonRun(load_lesson(HAND))
    for code in ("8H", "QD", "7H", "7D", "6H"):
        run.answer(code)
    for _ in range(3):
        run.hint()
    assert run.missed == [] and not run.answer_next


def hand_steps():
    return [(lesson.id, n, step) for lesson in load_all() if hasattr(lesson, "steps")
            for n, step in enumerate(lesson.steps, start=1) if step.kind == "hand"]


@pytest.mark.parametrize("off", [False, True], ids=["on its hand", "off it"])
def test_the_words_are_the_same_with_the_hidden_cards_dealt_another_way(off):
    """Every rung of the ladder at each decision, and the comment after a trick read off
    the view, are made from the learner's view alone."""
    rng = random.Random(7)
    compared = 0
    runs = [the_run()] + [make_run(step) for _lesson, _n, step in hand_steps()]
    for run in runs:
        while not run.state.is_over():
            twin = redealt(run.state, run.step.learner, rng)
            if twin is not None and len(run.state.legal_cards()) > 1 and run.on_script != off:
                double = copy.copy(run)
                double.state = twin
                assert [r.text for r in ladder(double).rungs] == \
                    [r.text for r in ladder(run).rungs]
                compared += 1
            values = run.hints.values(run.state, run.step.learner).choices
            card = run.expected() or values[0].card
            if off and run.on_script:  # leave the lesson's hand with a card as good as its own
                card = next((v.card for v in values if v.card != card
                             and not run._judge(v.card).mistake), card)
            run.answer(str(card))
    assert compared >= 4


def test_the_comment_read_off_the_view_is_the_same_for_a_twin():
    from spar_tutor.lessons.told import trick_news
    from spar_tutor.engine.words import Players

    run = the_run()
    run.answer("7H")  # off the lesson's hand
    run.answer(str(run.hints.values(run.state, 0).choices[0].card))
    twin = redealt(run.state, 0, random.Random(3))
    assert twin is not None
    names = Players.of(["You", "Ama", "Kofi"], 0)
    assert trick_news(twin.view(0), names) == trick_news(run.state.view(0), names)


# -- the checks when the file loads -------------------------------------------------------

def problems(text):
    with pytest.raises(LessonError) as info:
        loads_lesson(text, "h.toml")
    return [str(p) for p in info.value.problems]


def line_of(words):
    return next(n for n, line in enumerate(TEXT.splitlines(), start=1) if words in line)


@pytest.mark.parametrize("change, said, at", [
    (("comment = \"Your queen won.\"", "comment = \"Your queen won. Ama kept QS.\""),
     "step 1: trick 2 comment names QS, which the learner cannot see after trick 2",
     "Your queen won."),
    (("plays = \"8H 9D 6S\"", "plays = \"8H 9D 7S\""),
     "step 1: trick 1: Kofi cannot play 7S: seat 2 does not hold 7S", "plays = \"8H 9D"),
    ((("plays = \"8H 9D 6S\"", "plays = \"6H 9D 6S\""),
      ("plays = \"6H QS KS\"", "plays = \"8H QS KS\"")),
     "trick 1: seeing only the learner's cards, the computer's best card is 8H",
     "plays = \"6H 9D"),
    (("nudge = \"Which card do you want to keep to the end?\"", "nudge = \"Keep 6H.\""),
     "trick 1: the nudge must not give the answer away: it names a card (6H)", "nudge ="),
    (("QD = \"The queen", "8H = \"The queen"), "trick 1: 'wrong' has 8H, the lesson's card",
     "[step.trick.wrong]"),
    (("Ama held 9D", "Ama held AS"), "the replay names AS, which is not in the pack", "replay ="),
    (("You hold 7D, QD", "Ama holds QS. You hold 7D, QD"),
     "text names QS, which the learner cannot see at the first lead", "text ="),
    (("hint = \"Keep the 6.\"\n", "hint = \"Keep the 6.\"\ncolour = 1\n"),
     "trick 3: unknown key 'colour'", "colour"),
    (("comment = \"Your 7D won.\"", "comment = \"\""), "trick 4: each trick needs its 'comment'",
     "plays = \"7D TS KC\""),
])
def test_a_broken_hand_says_what_and_where(change, said, at):
    text = TEXT
    for old, new in (change if isinstance(change[0], tuple) else (change,)):
        text = text.replace(old, new)
    assert text != TEXT
    found = problems(text)
    hit = [p for p in found if said in p]
    assert hit, found
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if at in row)
    if "needs its 'comment'" in said:
        line -= 1  # a trick without its comment: its [[step.trick]] header
    assert hit[0].startswith(f"h.toml line {line}, step 1:"), (hit[0], line)


def test_a_hand_needs_every_trick():
    text = TEXT[:TEXT.rindex("[[step.trick]]")]
    assert any("needs 5 [[step.trick]] tables, not 4" in p for p in problems(text))


def test_a_hand_starts_at_its_first_lead():
    text = TEXT.replace('dealer = 2 }', 'dealer = 2, plays = "8H" }')
    assert any("starts at its first lead" in p for p in problems(text))


def test_every_shipped_hand_is_played_to_its_end_on_the_lessons_cards():
    steps = hand_steps()
    assert len(steps) >= 8, "issue 36 asks for eight whole hands with hidden cards"
    assert {step.state().players for _l, _n, step in steps} >= {2, 3, 4, 5}
    assert {step.state().rules.name for _l, _n, step in steps} >= {"standard", "ghana_table"}
    for lesson, n, step in steps:
        run = make_run(step)
        said = []
        while not run.state.is_over():  # at each card: a nudge that names no card
            assert gives_away(ladder(run).nudge.text) is None, (lesson, n, ladder(run).nudge)
            said.append(run.answer(str(run.expected())))
        assert run.state.is_over() and said[-1].finished, (lesson, n)
        comments = [re.findall(r"Trick \d+:", fb.text) for fb in said]
        assert sum(len(c) for c in comments) == run.state.rules.tricks, (lesson, n)
