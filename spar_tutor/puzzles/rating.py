"""How hard a puzzle is: a rating from what makes Spar endings hard to find.

The measure (docs/puzzles.md) adds to a base of 600:

* ``+150`` for each learner decision after the first that matters (a
  *critical* decision: some legal card there throws the goal away), along the
  winning line against the strongest defence; deep plans are hard;
* ``+110`` for each *tempting* losing first card (at most three): a card that
  wins at least half the time against ordinary play (the solver's graded
  model) but loses against the best defence;
* ``+200`` if the plain rules of thumb (the beginner bot's choice, which sees
  only the learner's hand) lose the goal;
* ``+120`` times the share of legal first cards that lose;
* ``+40`` for each trick beyond two, ``+20`` for each player beyond two;
* ``+150`` for a closed puzzle (the learner sees only its own hand).

Bands: beginner below 1000, intermediate to 1399, advanced to 1799, expert from 1800.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Tuple

from ..engine.cards import Card
from ..solver import solve
from ..solver.bots import BeginnerBot
from ..engine.state import HandState
from .judge import Judge
from .model import band_of

BASE = 600


@dataclass(frozen=True)
class Difficulty:
    """The measured parts of a puzzle's difficulty, and the rating they add up to."""

    legal: int  # legal first cards
    losing: int  # of them, the ones that throw the goal away
    tempting: int  # losing first cards that win often against ordinary play
    thumb_loses: bool  # the rules of thumb choose a losing first card
    critical: int  # learner decisions on the winning line where some card loses
    tricks: int
    players: int
    closed: bool

    @property
    def rating(self) -> int:
        r = BASE + 150 * max(0, self.critical - 1) + 110 * min(self.tempting, 3)
        r += 200 * self.thumb_loses + round(120 * self.losing / max(1, self.legal))
        r += 40 * max(0, self.tricks - 2) + 20 * max(0, self.players - 2) + 150 * self.closed
        return int(min(max(r, 400), 2800))

    @property
    def band(self) -> str:
        return band_of(self.rating)

    def to_json(self) -> Dict[str, Any]:
        return {"legal": self.legal, "losing": self.losing, "tempting": self.tempting,
                "thumb_loses": self.thumb_loses, "critical": self.critical,
                "tricks": self.tricks, "players": self.players, "closed": self.closed,
                "rating": self.rating}


def measure(state: HandState, seat: int, goal: int, closed: bool = False) -> Difficulty:
    """Measure the puzzle of ``seat`` (to move in ``state``) keeping ``goal`` points."""
    judge = Judge(state, seat)
    values = judge.card_values(state)
    losing = [c for c, v in values.items() if v < goal]
    solution = solve(state)
    tempting = sum(1 for c in losing if solution.value(c).win_chance >= 0.5)
    thumb = BeginnerBot(0).choose(state.view(seat))
    thumb_loses = isinstance(thumb, Card) and values.get(thumb, goal) < goal
    critical = sum(1 for _ in critical_decisions(judge, state, goal))
    return Difficulty(len(values), len(losing), tempting, bool(thumb_loses), critical,
                      state.tricks_left, state.players, closed)


def critical_decisions(judge: Judge, state: HandState, goal: int) -> "Any":
    """Yield ``(state, good cards)`` at each learner decision of the winning line (against
    the strongest defence) where some legal card loses the goal."""
    while not state.is_over():
        if state.to_move == judge.seat:
            values = judge.card_values(state)
            good: Tuple[Card, ...] = tuple(c for c, v in values.items() if v >= goal)
            if len(good) < len(values):
                yield state, good
            state = state.apply(judge.line(state)[0][1])
        else:
            state = state.apply(judge.defence(state))
