"""Words for generated puzzles: the goal, a hint and an explanation, from the solver's line."""

from __future__ import annotations

from typing import List, Sequence, Tuple

from ..engine.cards import Card, format_cards
from ..solver import Solution
from ..engine.state import HandState
from ..i18n import _
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
    """A nudge from the shape of the winning line (who must lead the last trick)."""
    line = judge.line(state)
    first = line[0][1]
    led = state.current_trick[0].suit if state.current_trick else None
    if led is not None and first.suit != led:
        return _("You cannot follow suit: which card can you spare, and which must you keep?")
    tricks = _tricks_of(state, line)
    last_leader = tricks[-1][0] if tricks else None
    if len(tricks) >= 2 and tricks[0][2] != seat:
        return _("Winning this trick is not always best: who do you want on lead afterwards?")
    if last_leader == seat:
        return _("Work back from the last trick: which card will you lead to it, and how do "
                 "you make sure you are the one leading?")
    return _("Count the cards still out in each suit: which of your cards can nobody beat, and "
             "which suit will someone have to lead to you?")


def _tricks_of(state: HandState, line: Sequence[Tuple[int, Card]]) -> List[Tuple[int, Card, int]]:
    """(leader, card led, winner) of each trick finished along ``line``."""
    out = []
    done = len(state.tricks)
    for _seat, card in line:
        state = state.apply(card)
        if len(state.tricks) > done:
            t = state.tricks[-1]
            out.append((t.leader, t.cards[0], t.winner if t.winner is not None else -1))
            done = len(state.tricks)
    return out


def plain(sentence: str) -> str:
    """A solver sentence (made without its figures) ending with one full stop."""
    return sentence.rstrip(".") + "."


def explanation_words(solution: Solution, winning: Sequence[Card], goal: int) -> str:
    """Why the winning card works, and why the most tempting losing cards do not."""
    parts = [plain(solution.explain(winning[0], figures=False))]
    losers = [mv for mv in solution.moves if mv.guaranteed < goal]
    losers.sort(key=lambda mv: (-mv.win_chance, mv.card.index))
    for mv in losers[:2]:
        why = plain(solution.explain(mv.card, figures=False))
        parts.append(f"{mv.card} fails: {why[0].lower()}{why[1:]}")
    if len(winning) > 1:
        parts.append(f"{format_cards(winning[1:])} work{'s' if len(winning) == 2 else ''} too.")
    return " ".join(parts)
