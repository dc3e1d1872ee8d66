"""The rungs the step kinds share: the computer's card for a position (open hands: from the
solver's line; hidden hands: from the learner's view alone), and "the answer is" with the
reason the step's right-answer words give.

A kind's nudge and answer (:class:`~.kinds.base.StepKind`) are built from these; the
ladder itself is :func:`spar_tutor.lessons.hints.ladder`.
"""

from __future__ import annotations

import re
from typing import Optional

from ..engine.cards import Card, parse_card
from ..engine.state import HandState
from ..engine.words import card_text
from ..i18n import N_, _
from ..render.text import card_symbols
from ..solver import solve
from ..solver import voice
from ..solver.reasons import Reason, view_reason
from ..session.hints import SessionHints
from .model import Step
from .steps import StepRun, parse_answer_cards, step_players, symbols

#: Deals the computer tries for a hint in a lesson step with hidden hands (a fixed number:
#: the same words every time, and a page and its copy in a test agree).
HIDDEN_WORLDS = 60
#: The nudge of a step whose kind has nothing fitter to ask.
READ_AGAIN = N_("Read the question again slowly, one sentence at a time, before you choose.")

#: The first words of a right-answer text that only say "right" ("Yes:", "Right.", "Oui :").
_CONFIRM = re.compile(r"^\s*\S+(?:\s+\S+)?\s*[:.!]\s+(?=\S)")


def right_reason(right: str) -> str:
    """The step's right-answer words without their first "Yes:" or "Right." (at most two
    words before a colon, a full stop or "!"), so they read as the answer's reason."""
    found = _CONFIRM.match(right)
    rest = right[found.end():] if found else right
    return rest[:1].upper() + rest[1:]


def answer_is(live: StepRun, answer: str) -> str:
    """"The answer is: {answer}." and the reason the step's right-answer words give (their
    first sentence left out when it only says the answer again)."""
    said = _("The answer is: {answer}.").format(answer=answer)
    reason = right_reason(live.step.right)
    first, _stop, rest = reason.partition(". ")
    if rest and _plain(first) == _plain(answer):
        reason = rest
    return f"{said} {reason}" if reason else said


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def answer_of(step: Step) -> str:
    """The step's answer as the learner reads it: an option, or the cards to pick."""
    answer = step.answer
    if isinstance(answer, str) and _is_cards(answer):
        answer = answer.split()
    if isinstance(answer, (list, tuple)):
        return symbols(sorted(parse_answer_cards(list(answer)), key=lambda c: c.index))
    return card_symbols(str(answer))


def _is_cards(text: str) -> bool:
    try:
        parse_answer_cards(text.split())
    except (ValueError, TypeError, KeyError):
        return False
    return True


def position_reason(live: StepRun, state: HandState, card: Optional[Card] = None) -> Reason:
    """The reason for the learner's ``card`` (default: the computer's card) at ``state``,
    with every hand open (the step shows them all)."""
    solution = solve(state)
    chosen = card if card is not None else solution.best.card
    return solution.reason(chosen)


def computer_card(live: StepRun, state: HandState, card: Optional[Card] = None) -> str:
    """The computer's card rung at ``state`` (the learner to move): ``card`` (default the
    solver's best) and its reason. With hidden hands only the learner's view is used: the
    card the step states with the reason its right-answer words give (written for what the
    learner can see), or the Play ladder's card from the view."""
    step = live.step
    players = step_players(state, step)
    if step.hidden:
        if card is None:
            return hidden_ladder(step, state).answer.text
        play = _("Play {card}.").format(card=card_text(card))
        said = right_reason(step.right)
        return f"{play} {said}" if said else play
    return voice.answer(position_reason(live, state, card), open_hands=True, players=players)


def computer_nudge(live: StepRun, state: HandState, card: Optional[Card] = None) -> str:
    """A nudge for the idea behind the computer's card at ``state`` (no card named; hidden
    hands: the idea read off the learner's view)."""
    step = live.step
    if step.hidden:
        if card is None:
            return hidden_ladder(step, state).nudge.text
        return voice.nudge(view_reason(state.view(step.learner), card))
    return voice.nudge(position_reason(live, state, card))


def hidden_ladder(step: Step, state: HandState) -> voice.Ladder:
    """The Play ladder of the learner's view (:meth:`SessionHints.view_ladder`): what a
    step with hidden hands may say, the same for any deal of the cards it hides."""
    return SessionHints(worlds=HIDDEN_WORLDS).view_ladder(state.view(step.learner),
                                                          step_players(state, step))


def first_answer_card(step: Step, state: HandState) -> Optional[Card]:
    """The card a ``best`` or ``card`` question's answer starts with (the one the story
    goes on with, when the next step goes on from it)."""
    if step.story is not None:
        return parse_card(step.story)
    if step.answer is None:
        return None
    cards = sorted(parse_answer_cards(step.answer), key=lambda c: c.index)
    legal = set(state.legal_cards())
    return next((c for c in cards if c in legal), None)


__all__ = ["HIDDEN_WORLDS", "READ_AGAIN", "answer_is", "answer_of", "computer_card",
           "computer_nudge", "first_answer_card", "hidden_ladder", "position_reason",
           "right_reason"]
