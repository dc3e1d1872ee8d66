"""Buttons redrawn in place (ButtonPool): a lesson or a puzzle makes its answer and card
buttons once, not on every click (each new button is a message to the page and a model
there, and the old ones used to stay behind in the kernel)."""

from __future__ import annotations

import logging

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances

from spar_tutor.lessons import load_all
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.puzzles.widget import PuzzlePlayer, default_collection
from spar_tutor.widgets.common import ButtonPool, guarded
from tests.lesson_helpers import finish_lesson


def live_buttons() -> int:
    return sum(isinstance(w, widgets.Button) for w in list(_instances.values()))


def test_a_redraw_gives_a_key_its_button_with_new_words_and_a_new_action():
    said = []
    pool = ButtonPool(lambda action: action, width="auto")
    [first] = pool.draw([("a", lambda: said.append("one"), {"description": "One"})])
    [again, other] = pool.draw([("a", lambda: said.append("two"),
                                 {"description": "Two", "disabled": True}),
                                ("b", lambda: said.append("b"), {"description": "Other"})])
    assert again is first and other is not first
    assert (first.description, first.tooltip, first.disabled) == ("Two", "Two", True)
    first.click()
    assert said == ["two"]
    [third] = pool.draw([("a", lambda: said.append("three"),
                          {"description": "Three", "_dom_classes": ["spar-card-btn"]})])
    assert third is first and not third.disabled and third._dom_classes == ("spar-card-btn",)
    other.click()  # left out of the last draw: a click on a screen that has moved on
    third.click()
    assert said == ["two", "three"]
    assert len(pool.buttons) == 2


def test_a_failing_action_reaches_the_guard_not_the_page(caplog):
    told = []
    pool = ButtonPool(guarded(told.append, sorry="Sorry."), width="auto")

    def broken() -> None:
        raise ValueError("boom")

    [button] = pool.draw([("press", broken, {"description": "Press"})])
    with caplog.at_level(logging.ERROR, logger="spar_tutor.widgets"):
        button.click()
    assert told == ["Sorry."]
    assert "boom" in caplog.text


def test_a_whole_lesson_makes_its_buttons_once():
    lessons = {lesson.number: lesson for lesson in load_all()}
    player = LessonPlayer(lessons[3])  # cards to click, then choices
    after_first_step = live_buttons()
    finish_lesson(player)
    steps = player.run.total
    made = live_buttons() - after_first_step
    # a button for each card and each answer's words the lesson shows; before, every
    # step made its buttons again (63 for this lesson; about 9 a click over every lesson)
    assert steps >= 5 and made <= 20, (steps, made)
    for _ in range(3):  # back and forth over the whole lesson: nothing new
        for index in range(steps):
            player.go_to(index)
    assert live_buttons() - after_first_step == made


def test_puzzles_redraw_their_cards_in_place():
    collection = default_collection()
    player = PuzzlePlayer(collection=collection)
    before = live_buttons()
    for _ in range(5):
        game = player.game
        assert game is not None
        player.click_card(game.legal_cards()[0])
        player.on_next()
    assert live_buttons() - before <= 36  # at most a button per card of the pack
    assert set(player.hand_row.children) <= set(player.card_buttons.buttons.values())
    game = player.game
    good = game.good_cards()[0]
    button = player.card_buttons.buttons[str(good)]
    assert button in player.hand_row.children
    button.click()
    assert (game.seat, good) in game.played and button not in player.hand_row.children
    after = list(game.played)
    button.click()  # a double click: the card has gone, so the click does nothing
    assert game.played == after
    player.on_restart()  # the first cards again: the same buttons again
    assert player.card_buttons.buttons[str(good)] in player.hand_row.children
