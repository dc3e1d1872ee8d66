"""``hint``: the value of each card for one seat that cannot see the others' cards.

The hint draws *worlds* (deals of the unseen cards consistent with the seat's
view, see :mod:`.worlds`), and in each world plays every legal card and then
one playout of the graded model (:mod:`.model`). From three tricks before
the end the learner also keeps its open-hand guarantee in that world (as in
:func:`solve`); earlier, finding it in every world would cost too much time,
and the learner simply plays the model. Per card it reports the share of worlds in
which the learner won the last trick (``win_chance``), the mean points
(``expected``), their standard deviation (``spread``) and the standard error of
the win chance (``stderr``), with the number of worlds. It is seeded and
reproducible for a given number of worlds, and anytime: with ``worlds=None`` it
draws worlds until ``budget_ms`` of CPU time is spent (on a busy machine at most
:data:`WALL_CAP` budgets of wall time), or, with ``settle``, until its best card is
clearly ahead (:func:`settled`). Every card of a world is played out with the same
random choices (common random numbers), so equal cards score the same and the
differences between cards are measured on the same luck.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card, parse_card
from ..engine.errors import IllegalMoveError, ViewError
from ..engine.state import PLAY
from ..engine.view import SeatView
from ..engine.words import card_text
from ..i18n import _, number
from ._model import Model
from ._position import Position, Table, declared_cards, trick_wins
from ._search import Searcher
from ._worlds import WorldSampler

#: Tricks left (the current one included) from which a hint looks for the
#: learner's guarantee in each world.
FLOOR_TRICKS = 3

#: A hint on a time budget stops early once its best card is clearly ahead
#: (:func:`settled`), looking every SETTLE_EVERY worlds, after SETTLE_MIN worlds, at
#: SETTLE_Z standard errors of the paired difference.
SETTLE_EVERY = 10
SETTLE_MIN = 60
SETTLE_Z = 4.0
#: A hint's budget is CPU time; on the wall clock it stops at this many budgets.
WALL_CAP = 10.0


def settled(scored: Dict[Card, List[int]]) -> bool:
    """Whether the card with the most points is clearly the best: against every other
    card its lead, world by world, is at least ``SETTLE_Z`` standard errors above zero,
    or the two scored the same in every world (equal cards are equally right)."""
    drawn = len(next(iter(scored.values())))
    if drawn < SETTLE_MIN:
        return False
    totals = {c: sum(v) for c, v in scored.items()}
    best = max(totals, key=lambda c: (totals[c], -c.index))
    top = scored[best]
    for card, other in scored.items():
        if card is best:
            continue
        diffs = [a - b for a, b in zip(top, other)]
        if not any(diffs):
            continue
        mean = sum(diffs) / drawn
        var = sum((d - mean) ** 2 for d in diffs) / (drawn - 1)
        if mean <= 0 or mean * mean * drawn < SETTLE_Z * SETTLE_Z * var:
            return False
    return True


@dataclass(frozen=True)
class CardHint:
    """One card's figures over the sampled worlds (docs/solver.md)."""

    card: Card
    win_chance: float
    expected: float
    spread: float
    stderr: float

    def to_json(self) -> Dict[str, object]:
        return {"card": str(self.card), "win_chance": round(self.win_chance, 4),
                "expected": round(self.expected, 4), "spread": round(self.spread, 4),
                "stderr": round(self.stderr, 4)}


@dataclass(frozen=True)
class Hint:
    """Every legal card of ``seat``, best first (expected points, then win chance)."""

    seat: int
    moves: List[CardHint]
    worlds: int
    best_share: Dict[Card, float] = field(default_factory=dict, repr=False, compare=False)

    @property
    def best(self) -> CardHint:
        return self.moves[0]

    def value(self, card: "Card | str") -> CardHint:
        c = parse_card(card) if isinstance(card, str) else card
        for mv in self.moves:
            if mv.card is c:
                return mv
        raise IllegalMoveError(f"{c} is not a legal card for seat {self.seat} here",
                               card=c, seat=self.seat, rule="hint")

    def explain(self, card: "Card | str") -> str:
        """Short sentences on ``card``'s figures and how often it was the best card, in
        plain words: "8♦ won the hand in about 85 deals out of 100. ..." (per 100,
        whatever the number of deals: the hint says that number apart)."""
        mv = self.value(card)
        share = self.best_share.get(mv.card, 0.0)
        return _("{card} won the hand in about {wins} deals out of 100. It scored {points} "
                 "points on average, and it was the best card in about {best} deals out of "
                 "100.").format(
                     wins=round(mv.win_chance * 100), card=card_text(mv.card),
                     points=number(mv.expected, 1), best=round(share * 100))

    def to_json(self) -> Dict[str, object]:
        return {"seat": self.seat, "worlds": self.worlds,
                "moves": [mv.to_json() for mv in self.moves]}


def hint(view: SeatView, *, worlds: Optional[int] = None, seed: int = 0,
         budget_ms: float = 300, settle: bool = True, paired: bool = True) -> Hint:
    """Value the legal cards of the seat to move from its view (module docstring).
    ``paired=False`` plays each card out on its own random choices (as before common
    random numbers; the stored dry figures of :mod:`.shown` were measured so)."""
    if not isinstance(view, SeatView):
        raise ViewError("a hint needs a SeatView (what one seat may know), "
                        f"not {type(view).__name__}: use state.view(seat)", rule="views")
    if view.phase != PLAY:
        raise ViewError(f"a card hint is for the play phase, not the {view.phase} phase "
                        "(see declaration_values for the declarations)", seat=view.seat,
                        rule="hint")
    if view.to_move != view.seat:
        raise ViewError(f"seat {view.seat} is not to move (seat {view.to_move} is): a hint is "
                        "for the player to move", seat=view.seat, rule="hint")
    if worlds is not None and worlds < 1:
        raise ViewError(f"worlds must be 1 or more, not {worlds}", rule="hint")
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    legal = [m for m in view.legal_moves if isinstance(m, Card)]
    me = view.seat
    sums = {c: [0.0, 0.0, 0.0] for c in legal}  # wins, points, points squared
    best_count = {c: 0 for c in legal}
    scored: Dict[Card, List[int]] = {c: [] for c in legal}  # points in each world
    drawn = 0
    # the budget is CPU time of this thread (a busy machine does not starve the hint of
    # worlds); a wall clock of WALL_CAP budgets stops it all the same
    deadline = time.thread_time() + budget_ms / 1000.0
    wall_deadline = time.perf_counter() + WALL_CAP * budget_ms / 1000.0
    while True:
        hands, wets = sampler.sample(rng)
        pos = world_position(view, hands, wets)
        searcher = Searcher(pos.table, pos.players, me)
        model = Model(me, searcher)
        # the learner's guarantee in this world: exact, but only looked for near
        # the end, where it is cheap (and where playing it out matters most)
        floors = searcher.move_values(pos) if pos.tricks_left <= FLOOR_TRICKS else {}
        # every card's playout draws the same random choices (common random numbers):
        # the cards are compared on the same luck, and equal cards score the same
        luck = rng.getrandbits(64) if paired else 0
        results = {}
        for card in legal:
            child, points = pos.play(card.bit)
            if points is None:
                points = model.sample(child, random.Random(luck) if paired else rng,
                                      floors.get(card.bit, 0))
            p = points[me]
            results[card] = p
            scored[card].append(p)
            acc = sums[card]
            acc[0] += 1.0 if p > 0 else 0.0
            acc[1] += p
            acc[2] += p * p
        top = max(results.values())
        for card, p in results.items():
            if p == top and top > 0:
                best_count[card] += 1
        drawn += 1
        if worlds is not None:
            if drawn >= worlds:
                break
        elif time.thread_time() >= deadline or time.perf_counter() >= wall_deadline:
            break
        elif settle and drawn % SETTLE_EVERY == 0 and settled(scored):
            break
    moves = []
    for card in legal:
        won, total, squares = sums[card]
        chance = won / drawn
        mean = total / drawn
        var = max(squares / drawn - mean * mean, 0.0)
        stderr = math.sqrt(chance * (1 - chance) / (drawn - 1)) if drawn > 1 else 1.0
        moves.append(CardHint(card, chance, mean, math.sqrt(var), stderr))
    moves.sort(key=lambda mv: (-mv.expected, -mv.win_chance, mv.card.index))
    share = {c: best_count[c] / drawn for c in legal}
    return Hint(me, moves, drawn, share)


def _card(bit: Optional[int]) -> Optional[Card]:
    return CARD_BY_BIT[bit] if bit else None


def world_position(view: SeatView, hands: List[int], wets: List[Optional[int]]) -> Position:
    """The open-hand position of one sampled world."""
    n = view.players
    table = Table.of(view.rules, declared_cards(view.dry, [_card(w) for w in wets]))
    wins = trick_wins(view.tricks[-2:], n)
    proof = [0] * n
    for card in view.own_reneges:
        for t in view.tricks:
            if card in t.cards:
                proof[view.seat] |= hands[view.seat] & SUIT_MASKS[t.cards[0].suit_index]
    return Position(table, n, tuple(hands), view.leader,
                    tuple(c.bit for c in view.current_trick), view.tricks_left, wins, tuple(proof))
