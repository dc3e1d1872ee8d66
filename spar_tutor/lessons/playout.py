"""Play it out (as lichess Practice): a wrong but legal card in a lesson's play step is
played, the rest of the hand follows, the table shows how it ended (the last trick and
its points in the middle, every trick played beside it), and "Try again" goes back to
the position.

After the learner's card every seat plays the solver's line (:func:`.guarantees.best_line`):
the learner's other cards as well as they can, and everyone else against the learner,
with every hand open. So a hand played out always ends with the points the wrong card
makes sure of, the figure the feedback compares with the best card's; and it plays the
same way every time. The engine checks every card (``HandState.apply``).

>>> from spar_tutor.engine.dealfile import DealFile
>>> from spar_tutor.engine.cards import Card
>>> start = DealFile.from_json({"rules": "standard", "hands": ["6H KC", "8H 9C"]}).state()
>>> out = play_out(start, Card.parse("KC"), 0)
>>> out.end.is_over(), out.end.result.points
(True, (0, 1))
>>> [" ".join(str(c) for c in trick.cards) for trick in out.end.tricks]
['KC 9C', '6H 8H']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.state import HandState
from . import guarantees


@dataclass(frozen=True)
class PlayedOut:
    """A wrong card played out: the position before it, the card, and where it led."""

    before: HandState
    card: Card
    end: HandState


def play_out(state: HandState, card: Card, learner: int) -> PlayedOut:
    """``card`` played by the learner, then the hand played to its end by the solver's
    line (the learner's seat keeping its guarantee, everyone else holding it to that)."""
    end = state.apply(card)
    for _seat, move in guarantees.best_line(end, learner):
        end = end.apply(move)
    return PlayedOut(state, card, end)


def finish_trick(state: HandState, card: Card) -> PlayedOut:
    """``card`` played last to the trick: the trick done, nothing more (a "win the
    trick" question plays out only its trick)."""
    return PlayedOut(state, card, state.apply(card))
