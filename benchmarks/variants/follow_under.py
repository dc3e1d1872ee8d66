"""A variant for benchmarks/decision_pairs.py: the expert also reads a follow under the
trick's best card as "holds no plain card of the suit that beats it" (the baseline,
holding such a card, takes the trick nine times in ten: it ducks 10% of the time at
three seats, 15 to 20% at four).

    python benchmarks/decision_pairs.py benchmarks/variants/follow_under.py:factory

Measured on 2026-12-01 (deals 0 to 332, 3 seats, 998 hands): +0.001 ± 0.011 points a
hand; the expert's card changed in 121 of 3,059 decisions. Not kept.
"""

from __future__ import annotations

from typing import Any, List, Tuple

from spar_tutor.engine.view import SeatView
from spar_tutor.solver import _worlds
from spar_tutor.solver._bits import SUIT_OF
from spar_tutor.solver.bots import ExpertBot

#: How much likelier a deal is without such a card.
FOLLOW_UNDER = 0.15


def habit_odds(view: SeatView) -> List[Tuple[int, int, float]]:
    odds = list(_SHIPPED(view))
    table, unseen, tricks = _worlds._table_read(view)
    if table.highest:
        return odds
    plain_unseen = unseen & ~table.special_mask
    for leader, cards in tricks:
        led = SUIT_OF[cards[0].bit]
        top = cards[0].bit
        for i, card in enumerate(cards[1:], 1):
            if not card.bit & led:
                continue
            if card.bit > top:
                top = card.bit
                continue
            seat = (leader + i) % view.players
            higher = led & ~((top << 1) - 1) & plain_unseen
            if seat != view.seat and higher:
                odds.append((seat, higher, FOLLOW_UNDER))
    return odds


_SHIPPED = _worlds.habit_odds


class FollowUnderExpert(ExpertBot):
    def choose(self, view: SeatView) -> Any:
        _worlds.habit_odds = habit_odds
        try:
            return super().choose(view)
        finally:
            _worlds.habit_odds = _SHIPPED


def factory(seed: str) -> ExpertBot:
    return FollowUnderExpert(seed)
