"""What the kinds' load-time checks share (each kind's own check is in its module of
:mod:`spar_tutor.lessons.kinds`).

A check appends ``(key, what)`` pairs to ``found``: the key of the step the problem
is about (for the line number) and what is wrong, in words.
"""

from __future__ import annotations

from typing import Any, List, Optional, Set, Tuple

from ..engine.cards import Card, parse_card
from ..engine.errors import SparError, shown
from ..engine.rules import Rules
from ..engine.state import HandState
from ..learning.rungs import gives_away
from .model import Step

Found = List[Tuple[Optional[str], str]]


def check_words_and_cards(step: Step, question: bool, found: Found) -> None:
    """What every step needs: a question's prompt, hint and right-answer words, and
    ``cards`` that are cards not held in the position."""
    if question:
        for key in ("prompt", "hint", "right"):
            if not getattr(step, key):
                found.append((key, f"a {step.kind} step needs '{key}'"))
    if step.nudge:
        problem = gives_away(step.nudge, step_options(step))
        if problem:
            found.append(("nudge", f"the nudge must not give the answer away: {problem}"))
    for text in step.cards:
        try:
            parse_card(text)
        except SparError as e:
            found.append(("cards", f"cards: {e.reason}"))
    if step.cards and step.position is not None:
        held = {c for h in step.state().hands for c in h}
        both = [t for t in step.cards if parse_card(t) in held] if not found else []
        if both:
            found.append(("cards", f"{' '.join(both)} shown as played but held in a hand"))


def step_options(step: Step) -> List[str]:
    """What the learner chooses among, as a nudge must never name them: the options, and
    the names of the players (a question may be answered with a seat)."""
    names = [n for n in step.names if n]
    if step.position is not None:
        names = step.names_of(step.state().players)
    # "You" is the learner: a question may well say "you" (and the answer may be "You")
    you = {"you", step.name(step.seat).lower() if step.seat is not None else "you"}
    return [str(o) for o in list(step.options) + names if str(o).lower() not in you]


def rules_of(step: Step) -> Rules:
    """The rules a step names (``rules``; standard if it names none)."""
    return Rules.from_json(step.extra.get("rules", "standard"))


def need_position(step: Step, found: Found) -> Optional[HandState]:
    """The step's position, or None (and a problem) if it has none or a seat outside it."""
    if step.position is None:
        found.append(("position", f"a {step.kind} step needs a 'position'"))
        return None
    state = step.state()
    if step.seat is not None and not (isinstance(step.seat, int) and 0 <= step.seat < state.players):
        found.append(("seat", f"'seat' must be a seat from 0 to {state.players - 1}"))
        return None
    return state


def need_finished_hand(step: Step, found: Found) -> Optional[HandState]:
    """The step's position, a hand played to its end, or None (and a problem)."""
    state = need_position(step, found)
    if state is not None and state.result is None:
        found.append(("position", f"a {step.kind} step needs a finished hand: play every card"))
        return None
    return state


def need_seat(step: Step, state: HandState, key: str, found: Found, what: str,
              other: bool = False) -> Optional[int]:
    """The step's ``key`` (``who``, ``stop``): a seat of the position (not the learner's with
    ``other``), or None (and a problem that says it is ``what``)."""
    seat = step.extra.get(key)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players \
            and not (other and seat == step.seat):
        return seat
    found.append((key, f"'{key}' is {what}, from 0 to {state.players - 1}"))
    return None


def learner_to_move(step: Step, state: HandState, phase: str, found: Found) -> bool:
    """Whether the position is in ``phase`` with the learner to move (the learner's seat
    is filled in from the position when the step does not give it)."""
    if state.phase != phase:
        found.append(("position", f"the position must be in the {phase} phase, not {state.phase}"))
        return False
    if step.seat is None:
        step.seat = state.to_move
    elif step.seat != state.to_move:
        found.append(("seat", f"seat {step.seat} is the learner but seat {state.to_move} is to move"))
        return False
    return True


def wrong_keys(step: Step, found: Found, allowed: Set[str], right: Set[str]) -> None:
    """Feedback under ``wrong`` only for answers the learner can choose and are wrong."""
    for key in step.wrong:
        if key in right:
            found.append(("wrong", f"feedback under 'wrong' for {shown(key)}, which is a right answer"))
        elif key not in allowed and key != "other":
            found.append(("wrong", f"'wrong' has {shown(key)}, which the learner cannot choose "
                                   f"(choices: {', '.join(shown(c) for c in sorted(allowed))})"))


def cards_in(values: Any, key: str, found: Found) -> List[Card]:
    """The cards of a key (one code, or a list), a problem for each that is no card."""
    if values is not None and not isinstance(values, (str, list, tuple)):
        found.append((key, f"{key} must be a card or a list of cards, not {shown(values)}"))
        return []
    items = [values] if isinstance(values, str) else list(values or ())
    out = []
    for v in items:
        try:
            out.append(parse_card(str(v)))
        except SparError as e:
            found.append((key, f"{key}: {e.reason}"))
    return out
