"""The solver as a puzzle judge: what the learner's seat can make sure of, card by card.

:class:`Judge` wraps one open-hand searcher for the learner's seat (its tables
are shared across every position of the puzzle), so it can value the
learner's cards, choose the others' strongest defence (the reply that
holds the learner to the least), and give the principal line.

For closed puzzles, :func:`closed_keeps` asks the harder question: can the
learner keep the goal *without seeing the other hands*? It searches every
layout of the hidden cards together, the learner choosing one card for all of
them (it sees the same thing in each), the others free to choose per layout.
"""

from __future__ import annotations

from itertools import combinations
from typing import Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card, cards_of_mask
from ..engine.state import HandState
from ..solver._bits import bits_of
from ..solver._position import Position
from ..solver._search import Searcher

#: A closed puzzle's hidden cards may be laid out in at most this many ways (the check's cost).
MAX_LAYOUTS = 3000


class Judge:
    """Open-hand values for one seat (the learner) over the positions of one puzzle."""

    def __init__(self, state: HandState, seat: int) -> None:
        pos = Position.of(state)
        self.seat = seat
        self.searcher = Searcher(pos.table, pos.players, seat)

    def guarantee(self, state: HandState) -> int:
        """The learner's exact open-hand guarantee from ``state`` (whoever is to move)."""
        if state.is_over():
            assert state.result is not None
            return state.result.points[self.seat]
        return self.searcher.value(Position.of(state))

    def card_values(self, state: HandState) -> Dict[Card, int]:
        """The learner's guarantee after each legal card (the learner to move)."""
        pos = Position.of(state)
        assert pos.to_move == self.seat, "card_values is for the learner's turn"
        return {CARD_BY_BIT[b]: v for b, v in self.searcher.move_values(pos).items()}

    def line(self, state: HandState) -> List[Tuple[int, Card]]:
        """A principal line to the end of the hand: the learner keeps its guarantee and
        the others hold it to that (seat, card) pairs."""
        if state.is_over():
            return []
        pos = Position.of(state)
        value = self.searcher.value(pos)
        return [(s, CARD_BY_BIT[b]) for s, b in self.searcher.line(pos, value)]

    def defence(self, state: HandState) -> Card:
        """The strongest reply of the seat to move (not the learner): the first card of
        the principal line, which holds the learner to the least it can be sure of."""
        return self.line(state)[0][1]


# -- closed puzzles ------------------------------------------------------------------


def layouts(state: HandState, seat: int) -> Iterator[Position]:
    """Every position the learner at ``seat`` cannot tell apart from ``state``: the
    cards it cannot see (the other hands and any stock) dealt every way that fits
    the other seats' hand sizes, the cards they have shown (dry cards) and the
    suits they have shown void in. The actual position is one of them."""
    n = state.players
    view = state.view(seat)
    voids = view.voids()
    fixed = [0] * n
    for s in range(n):
        if s != seat:
            fixed[s] = sum(c.bit for c in view.known_cards(s))
    hidden = sum(c.bit for c in state.stock)
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


def count_layouts(state: HandState, seat: int, limit: int = MAX_LAYOUTS) -> int:
    """How many layouts :func:`layouts` gives, counting no further than ``limit + 1``."""
    count = 0
    for _ in layouts(state, seat):
        count += 1
        if count > limit:
            break
    return count


class ClosedJudge:
    """Whether the learner keeps a goal without seeing the other hands."""

    def __init__(self, state: HandState, seat: int, goal: int) -> None:
        self.seat = seat
        self.goal = goal
        pos = Position.of(state)
        self.searcher = Searcher(pos.table, pos.players, seat)
        self._memo: Dict[FrozenSet[Position], bool] = {}
        self._open: Dict[Position, bool] = {}  # open-hand verdicts, shared by the groups

    def keeps(self, group: Sequence[Position]) -> bool:
        """True if one learner strategy keeps the goal in every position of ``group``
        (positions the learner cannot tell apart)."""
        return self._keeps(tuple(group))

    def good_cards(self, group: Sequence[Position]) -> List[Card]:
        """The learner's cards that keep the goal in every position of ``group``."""
        group = tuple(group)
        return [CARD_BY_BIT[b] for b in bits_of(group[0].legal()) if self._after(group, b)]

    def keeps_after(self, group: Sequence[Position], card: Card) -> bool:
        """True if ``card`` (the learner's) keeps the goal in every position of ``group``."""
        return self._after(tuple(group), card.bit)

    def _after(self, group: Tuple[Position, ...], bit: int) -> bool:
        children = []
        for pos in group:
            child, points = pos.play(bit)
            if points is not None:
                if points[self.seat] < self.goal:
                    return False
            else:
                children.append(child)
        return not children or self._keeps(tuple(children))

    def _keeps(self, group: Tuple[Position, ...]) -> bool:
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


    def _open_keeps(self, pos: Position) -> bool:
        known = self._open.get(pos)
        if known is None:
            known = self._open[pos] = self.searcher.at_least(pos, self.goal)
        return known


def closed_cards(state: HandState, seat: int, goal: int,
                 limit: int = MAX_LAYOUTS) -> Optional[List[Card]]:
    """The learner's first cards that keep ``goal`` in every layout of the hidden cards,
    or ``None`` if there are more than ``limit`` layouts to check."""
    if count_layouts(state, seat, limit) > limit:
        return None
    return ClosedJudge(state, seat, goal).good_cards(list(layouts(state, seat)))
