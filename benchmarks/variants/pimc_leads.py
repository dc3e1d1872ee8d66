"""A variant for benchmarks/decision_pairs.py: in the expert's deals, another player who
leads one of the last ``LEAD_TRICKS`` tricks chooses its card as a PIMC player would,
from what it can see (its own cards, the cards played, the suits shown void), not as if
it saw the expert's hand. Its lead is the card with the best average over ``REDEALS``
re-deals of the cards hidden from it, each solved by max^n with every hand open.

    python benchmarks/decision_pairs.py benchmarks/variants/pimc_leads.py:factory

With ``LEAD_TRICKS = 2`` only the fourth trick's lead changes (the last trick's lead has
no choice). Measured on 2026-12-01 (3 seats, deals 0 to 89 and 200 to 268, 477 hands):
+0.006 ± 0.051 points a hand; the expert's card changed in 242 of 1,495 decisions. About
5 times slower. Not kept.
"""

from __future__ import annotations

import random
from typing import Any, Dict, Tuple

from spar_tutor.engine.cards import SUIT_MASKS
from spar_tutor.engine.state import PLAY
from spar_tutor.engine.view import SeatView
from spar_tutor.solver import _expert
from spar_tutor.solver._bits import bits_of
from spar_tutor.solver._maxn import MaxnSearch, Outcome
from spar_tutor.solver._position import Position
from spar_tutor.solver.bots import ExpertBot

LEAD_TRICKS = 2
REDEALS = 10


class LeadSearch(MaxnSearch):
    """MaxnSearch in which the other seats' leads of the last tricks are PIMC leads."""

    hidden_rest = 0  # the world's cards in no hand and not played (its stock)
    voids: Tuple[int, ...] = ()  # per seat, a mask of the suits it has shown void in
    rng = random.Random(0)

    def _node(self, parent: int, parent_best: int) -> Outcome:
        if (not self.trick and self.left <= LEAD_TRICKS and self.habit_of >= 0
                and self.leader != self.habit_of):
            seat = self.leader
            hand = self.hands[seat]
            if hand & (hand - 1):
                self.nodes += 1
                return self._play(seat, self._pimc_lead(seat), seat, -99)
        return super()._node(parent, parent_best)

    def _pimc_lead(self, seat: int) -> int:
        key = ("lead", self.left, *self.hands, self.wins)
        got = self.memo.get(key)
        if got is not None:
            return got[1]
        hand = self.hands[seat]
        others = [s for s in range(self.n) if s != seat]
        pool = self.hidden_rest
        for s in others:
            pool |= self.hands[s]
        cards = bits_of(pool)
        sizes = [bin(self.hands[s]).count("1") for s in others]
        totals: Dict[int, float] = {b: 0.0 for b in bits_of(hand)}
        rng = self.rng
        for _ in range(REDEALS):
            hands = list(self.hands)
            for _try in range(20):
                rng.shuffle(cards)
                i = 0
                ok = True
                for s, k in zip(others, sizes):
                    h = 0
                    for b in cards[i:i + k]:
                        h |= b
                    i += k
                    if h & self.voids[s]:
                        ok = False
                        break
                    hands[s] = h
                if ok:
                    break
            else:
                hands = list(self.hands)
            pos = Position(self.table, self.n, tuple(hands), seat, (), self.left, self.wins,
                           (0,) * self.n)
            for b, (w, p) in MaxnSearch(self.table, self.n).card_outcomes(pos).items():
                totals[b] += p if w == seat else -p
        best = max(totals.values())
        card = min(b for b in totals if totals[b] == best)
        self.memo[key] = (seat, card)
        return card


def _searching(view: SeatView) -> Any:
    played = sum(c.bit for c in view.played_cards())
    deck = view.rules.deck_mask
    voids = tuple(sum(SUIT_MASKS["SHDC".index(s)] for s in v) for v in view.voids())

    class Search(LeadSearch):
        def _load(self, pos: Position) -> None:
            super()._load(pos)
            in_hands = 0
            for h in pos.hands:
                in_hands |= h
            for c in pos.trick:
                in_hands |= c
            self.hidden_rest = deck & ~in_hands & ~played
            self.voids = voids
            self.rng = random.Random(in_hands)
    return Search


class PimcLeadsExpert(ExpertBot):
    def choose(self, view: SeatView) -> Any:
        if view.phase != PLAY:
            return super().choose(view)
        shipped = _expert.MaxnSearch
        _expert.MaxnSearch = _searching(view)
        try:
            return super().choose(view)
        finally:
            _expert.MaxnSearch = shipped


def factory(seed: str) -> ExpertBot:
    return PimcLeadsExpert(seed)
