"""Clicking through lessons the way a learner who knows the answers would."""

from __future__ import annotations

from typing import Any, Iterator, List

import ipywidgets as widgets

from spar_tutor.engine.cards import parse_card
from spar_tutor.learning.content import option_in_language
from spar_tutor.lessons import guarantees
from spar_tutor.lessons.kinds.deal import SEAT_ASKS
from spar_tutor.lessons.kinds.decide import answer_labels
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.render.text import card_symbols


def buttons(root: widgets.Widget) -> Iterator[widgets.Button]:
    """Every button under a widget, depth first."""
    if isinstance(root, widgets.Button):
        yield root
    for child in getattr(root, "children", ()):
        yield from buttons(child)


def click(player: LessonPlayer, description: str) -> None:
    """Click the answer button with this text."""
    found = [b for b in buttons(player.answers) if b.description == description]
    assert found, f"no answer button {description!r} in {[b.description for b in buttons(player.answers)]}"
    found[0].click()


def card(text: str) -> str:
    """The name of a card's button (its picture is the button, named like the card)."""
    return parse_card(text).name


def is_card(text: str) -> bool:
    """Whether an answer is a card's code ("QH"), not a decision ("under card")."""
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def right_answers(player: LessonPlayer) -> List[str]:
    """The button texts a learner clicks to finish the current step correctly."""
    step, live = player.run.step, player.run.current
    kind, goal = step.kind, step.extra.get("goal")
    answer: Any = step.answer
    cards = [answer] if isinstance(answer, (str, int, float)) else list(answer or ())
    if kind == "deal":
        ask = step.extra["ask"]
        return [step.name(answer) if ask in SEAT_ASKS else str(answer)]
    if kind == "decide":  # the decisions still to make, as their buttons say
        todo = len(live.todo)
        return [card(text) if is_card(text) else label
                for text, label in zip(answer[-todo:], answer_labels(step)[-todo:])] if todo else []
    if kind == "money":
        return [live.label(answer)]
    if goal == "wise" or kind in ("choice", "points", "odds"):
        # a button shows its option in the learner's language, card codes as symbols
        return [card_symbols(option_in_language(str(answer), step.options))]
    if kind == "trick":
        return [step.name(answer)]
    if kind == "pick_card" and goal in ("best", "card", "stop"):  # one right card answers it: the
        return [card(step.story or cards[0])]              # one the lesson's hand goes on with
    if kind == "pick_from" or goal in ("win", "allowed"):
        return [card(c) for c in cards]
    if kind == "pick_card":
        legal = live.state.legal_cards()
        return [c.name for c in (legal if goal == "all_legal" else legal[:1])]
    if kind == "declare":
        return [card(m.split()[1]) for m in cards]
    return []


def finish_step(player: LessonPlayer) -> None:
    """Answer the current step correctly (a play step is played out with the solver)."""
    step, live = player.run.step, player.run.current
    if step.kind == "play":
        while not live.state.is_over():
            best, _ = guarantees.best_moves(live.state, step.seat)
            click(player, best[0].name)
        return
    for text in right_answers(player):
        click(player, text)


def walk(player, wrong_at=None):
    """Take the lesson from where the player is to its last step (answering ``wrong_at``
    wrong once, then going on without putting it right)."""
    while True:
        if player.run.index == wrong_at and player.run.again is None:
            click(player, card("AD"))
            assert "sp-feedback-wrong" in player.feedback.value
        else:
            finish_step(player)
        assert not player.next_btn.disabled
        if player.run.index + 1 == player.run.total:
            return
        player.next_btn.click()


def finish_lesson(player: LessonPlayer) -> None:
    """Take the lesson to its end, every question right, and press Finish."""
    walk(player)
    player.next_btn.click()
    assert player.run.over


def lesson_in_app(home: Any, monkeypatch: Any, number: str, learner: str = "Efua") -> Any:
    """The app (its progress kept in ``home``) with ``learner`` on lesson ``number``: (the
    app, its lesson player)."""
    from spar_tutor.app.route import Route
    from spar_tutor.app.shell import App

    monkeypatch.setenv("SPAR_TUTOR_HOME", str(home))
    app = App(env={})
    app.set_learner(learner)
    app.follow(Route(page="lessons", lesson=number))
    return app, app.pages["lessons"].player
