"""``analyse_play``: what every card of a finished hand cost (the post-hand review).

Like a bridge double-dummy review, each card is compared, open-hand, with the
best card its player had: ``value_played`` is the points the player was sure
of after the card it played, ``value_best`` after the best card, and ``cost``
the difference.

>>> from spar_tutor.rules import Rules
>>> from spar_tutor.state import HandState
>>> from spar_tutor.cards import Card
>>> start = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
>>> end = start
>>> for text in ("6C", "9S", "8S", "7D", "6D", "TS"):
...     end = end.apply(Card.parse(text))
>>> first = analyse_play(start, end)[0]
>>> first.play, str(first.card), str(first.best), first.cost
(1, '6C', '7D', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from ..cards import CARD_BY_BIT, Card
from ..errors import SparError
from ..state import PLAY, HandState
from .position import Position
from .search import Searcher
from .solution import principal_line


@dataclass(frozen=True)
class PlayReview:
    """One card of the hand: ``play`` is its 1-based number in the hand."""

    play: int
    seat: int
    card: Card
    best: Card
    value_played: int
    value_best: int
    cost: int
    explanation: str

    def to_json(self) -> Dict[str, object]:
        return {"play": self.play, "seat": self.seat, "card": str(self.card),
                "best": str(self.best), "value_played": self.value_played,
                "value_best": self.value_best, "cost": self.cost,
                "explanation": self.explanation}


def analyse_play(start_state: HandState, final_state: HandState,
                 seat: Optional[int] = None) -> List[PlayReview]:
    """Review every card played from ``start_state`` to ``final_state`` (which
    must continue it), for every seat or only ``seat``, open-hand."""
    done = start_state.history
    if final_state.history[:len(done)] != done:
        raise SparError("the final state does not continue the start state (their move "
                        "histories differ)", rule="review")
    searchers: Dict[Tuple[int, int], Searcher] = {}
    out = []
    state = start_state
    for who, move in final_state.history[len(done):]:
        try:
            after = state.apply(move, who)
        except SparError:
            raise SparError("the final state does not continue the start state (its moves do "
                            "not fit the start's hands)", rule="review") from None
        if isinstance(move, Card) and state.phase == PLAY and (seat is None or who == seat):
            out.append(_review(state, move, searchers))
        state = after
    if state.hands != final_state.hands:
        raise SparError("the final state does not continue the start state (their hands "
                        "differ)", rule="review")
    return out


def _review(state: HandState, card: Card, searchers: Dict[Tuple[int, int], Searcher]
            ) -> PlayReview:
    pos = Position.of(state)
    who = pos.to_move
    key = (who, id(pos.table))
    searcher = searchers.get(key)
    if searcher is None:
        searcher = searchers[key] = Searcher(pos.table, pos.players, who)
    values = searcher.move_values(pos)
    if card.bit in values:
        played = values[card.bit]
    else:  # a renege (offside): value the card all the same
        child, points = pos.play(card.bit)
        played = points[who] if points is not None else searcher.value(child)
    best_bit = max(values, key=lambda b: (values[b], b == card.bit, -b))
    best = CARD_BY_BIT[best_bit]
    top = values[best_bit]
    cost = top - played
    if cost <= 0:
        words = (f"{card} kept the {top} point{'s' if top != 1 else ''} you could be sure of"
                 if top > 0 else f"{card}: no card could make you sure of any points here")
    else:
        _, why = principal_line(state, pos, searcher, best_bit, top, 1.0, float(top))
        words = f"{card} cost {cost} point{'s' if cost != 1 else ''}; with {best}: {_decap(why)}"
    return PlayReview(state.plays_made + 1, who, card, best, played, top, cost, words)


def _decap(text: str) -> str:
    """Lower-case a sentence's first word unless it is a card ('JS gives ...')."""
    return text[0].lower() + text[1:] if len(text) > 1 and text[1].islower() else text


__all__ = ["PlayReview", "analyse_play"]
