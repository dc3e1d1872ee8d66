"""Words for generated puzzles: the goal, a hint and an explanation, from the solver's line."""

from __future__ import annotations

from typing import Sequence, Tuple

from ..engine.cards import Card
from ..engine.state import HandState
from ..engine.words import card_text, cards_text
from ..i18n import _, ngettext
from ..solver import Solution, solve, voice
from .judge import Judge

def end_of_line(state: HandState, line: Sequence[Tuple[int, Card]]) -> HandState:
    """The state at the end of a line of (seat, card) plays."""
    for _seat, card in line:
        state = state.apply(card)
    return state


def goal_words(state: HandState, seat: int, goal: int, judge: Judge) -> str:
    """"You lead, 3 tricks to go. Make sure of 3 points (win the last trick with 6C)."""
    end = end_of_line(state, judge.line(state))
    how = ""
    if end.result is not None and end.result.winner == seat:
        how = end.result.reason.split(" ", 2)[2].rsplit(":", 1)[0]
        how = " (" + how.replace("won", "win", 1) + ")"
    unit = "point" if goal == 1 else "points"
    start = "You lead" if not state.current_trick else "Your turn"
    return (f"{start}, {state.tricks_left} tricks to go. Make sure of {goal} {unit}{how}, "
            "whatever the others do.")


def hint_words(state: HandState, seat: int, judge: Judge) -> str:
    """The idea behind the first card of the winning line, applied here (the second rung
    of the puzzle's hint ladder; the nudge is made from the same reason when the puzzle is
    played), said by :mod:`spar_tutor.solver.voice`."""
    card = judge.line(state)[0][1]
    return voice.idea(solve(state).reason(card), open_hands=True)


def explanation_words(solution: Solution, winning: Sequence[Card], goal: int) -> str:
    """Why the winning card works, and why the most tempting losing cards do not, in whole
    sentences (:func:`spar_tutor.solver.voice.explanation`)."""
    parts = [voice.explanation(solution.reason(winning[0]))]
    losers = [mv for mv in solution.moves if mv.guaranteed < goal]
    losers.sort(key=lambda mv: (-mv.win_chance, mv.card.index))
    for mv in losers[:2]:
        parts.append(_("{card} loses the goal.").format(card=card_text(mv.card)))
        parts.append(voice.card_sentence(solution.reason(mv.card)))
    if len(winning) > 1:
        parts.append(ngettext("{cards} works too.", "{cards} work too.",
                              len(winning) - 1).format(cards=cards_text(winning[1:])))
    return " ".join(parts)
