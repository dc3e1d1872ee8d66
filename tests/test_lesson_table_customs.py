"""Lesson 8 done with cards, through the lesson run (no browser): under ten, a bet, the
under card and what each player pays, each a question on a real position; and the
checks of the ``decide`` and ``money`` kinds, of who cuts and of the ``stop`` goal when a
lesson loads."""

import re
import tomllib
from pathlib import Path

import pytest

from spar_tutor.engine.cards import parse_card, parse_cards
from spar_tutor.learning.rungs import gives_away
from spar_tutor.lessons import LessonError, LessonRun, load_all, loads_lesson
from spar_tutor.lessons.check import step_options
from spar_tutor.lessons.hints import ladder

ROOT = Path(__file__).resolve().parents[1]
LESSON_8 = ROOT / "lessons" / "08_table_rules.toml"
LESSONS = {lesson.number: lesson for lesson in load_all()}


def run_at(number: int, title: str) -> LessonRun:
    """A run of lesson ``number`` on the step called ``title``."""
    lesson = LESSONS[number]
    index = next(i for i, s in enumerate(lesson.steps) if s.title == title)
    return LessonRun(lesson, start=index)


def words(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


# -- the steps, played ------------------------------------------------------------------


def test_under_ten_keeps_nothing_before_the_exchange_and_shows_the_new_hand():
    run = run_at(8, "Exchange or keep?")
    live = run.current
    assert [label for label, _ in live.answers().choices] == ["Exchange my hand", "Keep my hand"]
    old = set(live.state.hand(0))
    kept = run.answer("pass")
    assert not kept.correct and "4%" in kept.text and "19%" in kept.text
    assert set(live.state.hand(0)) == old  # a wrong choice is not made on the table
    swapped = run.answer("under ten")
    assert swapped.correct and run.current.finished
    assert set(live.state.hand(0)) == set(parse_cards("AH KD 6H JS 8C"))  # the stock's top five
    [(seat, shown)] = live.state.exchanged
    assert seat == 0 and set(shown) == old
    picture = words(live.picture())
    assert "Out of play: your under-ten hand" in picture and "Stock: 10 cards" in picture


def test_a_bet_is_matched_by_the_betting_rule():
    run = run_at(8, "A bet is offered")
    live = run.current
    assert [label for label, _ in live.answers().choices] == ["Match 10 cedis", "Decline"]
    assert "Ama offers a bet of 10 cedis." in words(live.picture())
    declined = run.answer("decline")
    assert not declined.correct and "two aces" in declined.text
    matched = run.answer("match")
    assert matched.correct and "You match it." in words(live.picture())


def test_the_under_card_is_asked_for_before_the_lead_then_read():
    run = run_at(8, "Ask for the under card")
    live = run.current
    answers = live.answers()
    assert [label for label, _ in answers.choices] == ["Show the under card"]
    assert {str(c) for c in answers.cards} == {"QH", "6S"}  # beside the cards
    early = run.answer("QH")
    assert not early.correct and "first ask for the under card" in early.text
    assert len(live.state.hand(0)) == 2 and live.state.under_card is None
    asked = run.answer("under card")
    assert asked.correct and "K♥" in asked.text and "Nobody holds it" in asked.text
    assert live.state.under_card == parse_card("KH") and live.state.under_card_seat == 0
    assert "under card" in words(live.picture())
    run.next()
    assert run.step.title == "Lead with what you know"
    assert run.answer("QH").correct


@pytest.mark.parametrize("title, wrong, right, everyone", [
    ("A bettor wins", 9, 29,
     "In all: you pay 13 cedis, Ama gets 29 cedis, Esi pays 3 cedis, Kofi pays 13 cedis."),
    ("Someone else wins", -12, -2,
     "In all: you pay 2 cedis, Ama pays 2 cedis, Esi gets 6 cedis, Kofi pays 2 cedis."),
    ("After an offside", -9, -6, "In all: Ama gets 3 cedis, Kofi pays 6 cedis, you get 3 cedis."),
])
def test_what_each_player_pays(title, wrong, right, everyone):
    run = run_at(8, title)
    live = run.current
    labels = [label for label, _ in live.answers().choices]
    assert all(re.match(r"^(You|Ama|Kofi) (pays? \d+ cedis?|gets? \d+ cedis?|"
                        r"pays? nothing and gets? nothing)$", label)
               for label in labels), labels
    assert "The stake is 1 cedi a point." in words(live.picture())
    missed = run.answer(wrong)
    assert not missed.correct and everyone not in missed.text
    got = run.answer(right)
    assert got.correct and everyone in got.text


@pytest.mark.parametrize("title", ["Exchange or keep?", "A bet is offered",
                                   "Ask for the under card", "A bettor wins",
                                   "Someone else wins", "After an offside", "The cut"])
def test_the_hint_ladder_nudges_then_gives_the_idea_then_the_answer(title):
    run = run_at(8, title)
    rungs = ladder(run.current)
    assert len({rungs.nudge.text, rungs.idea.text, rungs.answer.text}) == 3
    assert gives_away(rungs.nudge.text, step_options(run.step)) is None
    assert rungs.answer.text.startswith("The answer is: ")


def test_lesson_17_stops_the_player_one_point_away():
    run = run_at(17, "If you cannot win")
    wrong = run.answer("KC")
    assert not wrong.correct and "Kofi won the last trick" in wrong.text
    assert run.current.out is not None  # the hand played out: Kofi wins it
    assert run.current.out.end.result.winner == 2
    run.current.try_again()
    assert run.answer("9C").correct


# -- the checks when a lesson loads ----------------------------------------------------


def lesson_with(title: str, old: str, new: str) -> str:
    """Lesson 8's file with one step changed (``old`` replaced by ``new`` in it)."""
    text = LESSON_8.read_text(encoding="utf-8")
    start = text.index(f'title = "{title}"')
    end = text.find("[[step]]", start)
    step = text[start:end]
    assert old in step, (title, old)
    return text[:start] + step.replace(old, new) + text[end:]


def problem(text: str) -> str:
    with pytest.raises(LessonError) as info:
        loads_lesson(text, "08_table_rules.toml")
    return "; ".join(p.what for p in info.value.problems)


@pytest.mark.parametrize("title, old, new, what", [
    ("Exchange or keep?", 'answer = ["under ten"]', 'answer = ["pass"]',
     "the solver's first choice is under ten"),
    ("Exchange or keep?", "chances = [0.19, 0.04]", "chances = [0.29, 0.04]",
     "the solver gives under ten 19%, not 29%"),
    ("A bet is offered", 'answer = ["match"]', 'answer = ["decline"]',
     "the betting rule says match, not decline"),
    ("A bet is offered", "bet = { seat = 1, amount = 10 }", "bet = { seat = 0, amount = 10 }",
     "the bet is offered to the learner by another seat"),
    ("A bet is offered", "bet = { seat = 1, amount = 10 }", "bet = { seat = 1, amount = 500 }",
     "cannot stake 500"),
    ("Ask for the under card", 'answer = ["under card"]', 'answer = ["under card", "6S"]',
     "the solver's best cards are QH"),
    ("Ask for the under card", "leader = 0 }", 'leader = 0, plays = "QH JH 8C" }',
     "only during the second-to-last trick"),
    ("A bettor wins", "answer = 29", "answer = 20", "the engine moves 29 for seat 1"),
    ("A bettor wins", "matched = [0, 3]", "matched = [1, 3]", "cannot accept"),
    ("A bettor wins", "who = 1", "who = 4", "'who' is the seat asked about, from 0 to 3"),
    ("The cut", 'rules = "ghana_table"', 'rules = "standard"', "nobody cuts in standard"),
    ("The cut", "answer = 2", "answer = 1", "the answer to cutter is 2, not 1"),
])
def test_a_table_step_must_agree_with_the_engine_and_the_solver(title, old, new, what):
    assert what in problem(lesson_with(title, old, new))


STOP = """
number = 1
title = "Stop"
summary = "Stop Kofi."
minutes = 5

[[step]]
kind = "pick_card"
title = "If you cannot win"
prompt = "Which card do you play?"
names = ["You", "Ama", "Kofi"]
seat = 0
position = { rules = "standard", hands = ["6H 9C KC", "6D QD QC", "JH TC 8S"], leader = 2, plays = "TC" }
goal = "stop"
stop = 2
answer = "9C"
hint = "Who leads after each card?"
right = "Yes: Ama wins, and Kofi stays on 9."

[[step]]
kind = "explain"
text = "Done."
"""


@pytest.mark.parametrize("old, new, what", [
    ('answer = "9C"', 'answer = "KC"', "the cards that hold seat 2 to the fewest points are 9C"),
    ("stop = 2", "stop = 0", "'stop' is the seat of another player"),
    ("stop = 2", "stop = 1", "the cards that hold seat 1 to the fewest points are KC, not 9C"),
    ('plays = "TC"', 'plays = "JH"', "every legal card holds seat 2 to"),
])
def test_a_stop_question_must_agree_with_the_solver(old, new, what):
    assert loads_lesson(STOP).steps[0].extra["stop"] == 2
    assert what in problem(STOP.replace(old, new))


def test_lesson_8_is_the_table_in_order():
    """The steps with cards come in the order a real table takes them."""
    kinds = [(s.kind, s.title) for s in LESSONS[8].steps]
    order = [title for _kind, title in kinds]
    assert order.index("The cut") < order.index("The deal") < order.index("Exchange or keep?") \
        < order.index("A bet is offered") < order.index("Ask for the under card") \
        < order.index("Caught out") < order.index("A bettor wins")
    asked = {kind for kind, _ in kinds}
    assert {"decide", "money", "deal", "points", "pick_card"} <= asked
    data = tomllib.loads(LESSON_8.read_text(encoding="utf-8"))
    assert data["step"][-1]["dry_shown"]["players"] == 4


def test_a_points_step_asks_about_a_seat_of_the_position():
    """A points step's ``who`` is checked as a money step's is: a seat that is not in the
    hand is a problem with its key, not an error from the engine's list of points."""
    text = (Path(__file__).resolve().parents[1] / "lessons" / "06_two_trick_bonus.toml").read_text(
        encoding="utf-8")
    start = text.index('title = "Two different winners"')
    broken = text[:start] + text[start:].replace("who = 1", "who = 2", 1)
    with pytest.raises(LessonError) as info:
        loads_lesson(broken, "06_two_trick_bonus.toml")
    assert [p.what for p in info.value.problems] == ["'who' is the seat asked about, from 0 to 1"]
    assert info.value.problems[0].step == 6  # "Two different winners"
