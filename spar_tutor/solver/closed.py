"""Closed positions: what one seat can make sure of without seeing the other hands.

A *layout* is one way the cards a seat cannot see (the other hands and any
stock) may lie. :func:`layouts` gives every layout the seat cannot tell apart
from a state (the actual one among them). :class:`ClosedSearch` searches a group
of layouts together: the seat chooses one card for all of them (it sees the
same thing in each), the others are free to choose per layout; a goal is kept
when one such strategy of the seat keeps it in every layout.

>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> state = HandState.new(Rules.preset("standard"), ["6H AD 9C", "6D JC AC", "9D QD KD"],
...                       dealer=2)
>>> group = list(layouts(state, 0))
>>> len(group), count_layouts(state, 0, limit=5)
(20, 6)
>>> search = ClosedSearch(state, 0, goal=1)
>>> [str(c) for c in search.good_cards(group)]
['9C']
>>> len(search.after(group, Card.parse("9C")))  # the layouts where 9C could be played
20
"""

from __future__ import annotations

from itertools import combinations
from typing import Dict, FrozenSet, Iterator, List, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card, cards_of_mask
from ..engine.state import HandState
from ._bits import bits_of
from ._position import Position
from ._search import Searcher

__all__ = ["ClosedSearch", "Layout", "count_layouts", "layouts"]

#: One layout of the hidden cards (opaque: made by :func:`layouts`, read by
#: :class:`ClosedSearch`).
Layout = Position


def layouts(state: HandState, seat: int) -> Iterator[Layout]:
    """Every layout ``seat`` cannot tell apart from ``state`` (play phase): the cards
    it cannot see dealt every way that fits the other seats' hand sizes, the cards
    they have shown (dry cards) and the suits they have shown void in. There may be
    very many: :func:`count_layouts` counts them up to a limit."""
    n = state.players
    view = state.view(seat)
    voids = view.voids()
    fixed = [0] * n
    for s in range(n):
        if s != seat:
            fixed[s] = sum(c.bit for c in view.known_cards(s))
    hidden = sum(c.bit for c in state.stock)
    if view.under_card is not None:  # shown to everyone: in no hand
        hidden &= ~view.under_card.bit
    for s in range(n):
        if s != seat:
            hidden |= state.hand_mask(s) & ~fixed[s]
    need = [bin(state.hand_mask(s)).count("1") - bin(fixed[s]).count("1") for s in range(n)]
    others = [s for s in range(n) if s != seat]
    base = Position.of(state)

    def deal(i: int, left: int) -> Iterator[Dict[int, int]]:
        if i == len(others):
            yield {}
            return
        s = others[i]
        allowed = left
        for suit in voids[s]:
            allowed &= ~SUIT_MASKS["SHDC".index(suit)]
        for combo in combinations(cards_of_mask(allowed), need[s]):
            mask = sum(c.bit for c in combo)
            for rest in deal(i + 1, left & ~mask):
                rest[s] = mask
                yield rest

    for dealt in deal(0, hidden):
        hands = tuple(base.hands[s] if s == seat else dealt[s] | fixed[s] for s in range(n))
        yield base._replace(hands=hands)


def count_layouts(state: HandState, seat: int, limit: int) -> int:
    """How many layouts :func:`layouts` gives, counting no further than ``limit + 1``."""
    count = 0
    for _ in layouts(state, seat):
        count += 1
        if count > limit:
            break
    return count


class ClosedSearch:
    """Whether ``seat`` keeps ``goal`` points without seeing the other hands, over
    groups of layouts of one hand (verdicts are shared between the groups)."""

    def __init__(self, state: HandState, seat: int, goal: int) -> None:
        self.seat = seat
        self.goal = goal
        pos = Position.of(state)
        self._searcher = Searcher(pos.table, pos.players, seat)
        self._memo: Dict[FrozenSet[Layout], bool] = {}
        self._open: Dict[Layout, bool] = {}  # open-hand verdicts, shared by the groups

    def keeps(self, group: Sequence[Layout]) -> bool:
        """True if one strategy of the seat keeps the goal in every layout of ``group``
        (layouts the seat cannot tell apart)."""
        return self._keeps(tuple(group))

    def good_cards(self, group: Sequence[Layout]) -> List[Card]:
        """The seat's cards (the seat to move) that keep the goal in every layout of
        ``group``."""
        group = tuple(group)
        return [CARD_BY_BIT[b] for b in bits_of(group[0].legal()) if self._after(group, b)]

    def keeps_after(self, group: Sequence[Layout], card: Card) -> bool:
        """True if ``card`` (the seat's, to move) keeps the goal in every layout of
        ``group``."""
        return self._after(tuple(group), card.bit)

    @staticmethod
    def after(group: Sequence[Layout], card: Card) -> List[Layout]:
        """The layouts after ``card`` is played (by whoever is to move), of those in
        ``group`` where it could be."""
        return [p.play(card.bit)[0] for p in group if p.legal() & card.bit]

    def _after(self, group: Tuple[Layout, ...], bit: int) -> bool:
        children = []
        for pos in group:
            child, points = pos.play(bit)
            if points is not None:
                if points[self.seat] < self.goal:
                    return False
            else:
                children.append(child)
        return not children or self._keeps(tuple(children))

    def _keeps(self, group: Tuple[Layout, ...]) -> bool:
        key = frozenset(group)
        if key in self._memo:
            return self._memo[key]
        if not all(self._open_keeps(p) for p in group):
            result = False  # some layout is lost even seeing every card
        elif group[0].to_move == self.seat:
            result = any(self._after(group, b) for b in bits_of(group[0].legal()))
        else:
            seen = 0
            for pos in group:
                seen |= pos.legal()
            result = True
            for bit in bits_of(seen):
                sub = tuple(p for p in group if p.legal() & bit)
                if not self._after(sub, bit):
                    result = False
                    break
        self._memo[key] = result
        return result

    def _open_keeps(self, pos: Layout) -> bool:
        known = self._open.get(pos)
        if known is None:
            known = self._open[pos] = self._searcher.at_least(pos, self.goal)
        return known
