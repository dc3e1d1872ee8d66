"""The solver as a puzzle judge: what the learner's seat can make sure of, card by card.

:class:`Judge` wraps one open-hand search for the learner's seat (the solver's
:class:`~spar_tutor.solver.SeatSearch`, whose tables are shared across every
position of the puzzle), so it can value the learner's cards, choose the
others' strongest defence (the reply that holds the learner to the least), and
give the principal line.

For closed puzzles, :func:`closed_cards` asks the harder question: can the
learner keep the goal *without seeing the other hands*? The solver's
:class:`~spar_tutor.solver.ClosedSearch` (here :class:`ClosedJudge`) searches
every layout of the hidden cards together, the learner choosing one card for
all of them (it sees the same thing in each), the others free to choose per
layout.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..engine.cards import Card
from ..engine.state import HandState
from ..solver import ClosedSearch, SeatSearch, count_layouts, layouts

__all__ = ["MAX_LAYOUTS", "ClosedJudge", "Judge", "closed_cards", "layouts"]

#: A closed puzzle's hidden cards may be laid out in at most this many ways (the check's cost).
MAX_LAYOUTS = 3000

#: Whether the learner keeps a goal without seeing the other hands.
ClosedJudge = ClosedSearch


class Judge:
    """Open-hand values for one seat (the learner) over the positions of one puzzle."""

    def __init__(self, state: HandState, seat: int) -> None:
        self.seat = seat
        self.search = SeatSearch(state, seat)

    def guarantee(self, state: HandState) -> int:
        """The learner's exact open-hand guarantee from ``state`` (whoever is to move)."""
        if state.is_over():
            assert state.result is not None
            return state.result.points[self.seat]
        return self.search.value(state)

    def card_values(self, state: HandState) -> Dict[Card, int]:
        """The learner's guarantee after each legal card (the learner to move)."""
        return self.search.card_values(state)

    def line(self, state: HandState) -> List[Tuple[int, Card]]:
        """A principal line to the end of the hand: the learner keeps its guarantee and
        the others hold it to that (seat, card) pairs."""
        if state.is_over():
            return []
        return self.search.line(state)

    def defence(self, state: HandState) -> Card:
        """The strongest reply of the seat to move (not the learner): the first card of
        the principal line, which holds the learner to the least it can be sure of."""
        return self.line(state)[0][1]


def closed_cards(state: HandState, seat: int, goal: int,
                 limit: int = MAX_LAYOUTS) -> Optional[List[Card]]:
    """The learner's first cards that keep ``goal`` in every layout of the hidden cards,
    or ``None`` if there are more than ``limit`` layouts to check."""
    if count_layouts(state, seat, limit) > limit:
        return None
    return ClosedSearch(state, seat, goal).good_cards(list(layouts(state, seat)))
