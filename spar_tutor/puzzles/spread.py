"""How a set of puzzles is spread: over the themes, the goals, open and closed, the players
and the rules (printed by ``spar-tutor puzzles check``).

A collection that teaches well is not all one idea: no theme should be on more than a third
of the puzzles (:data:`MOST_OF_ONE_THEME`), and at least a quarter should aim for the 2 or
3 points of a 7 or a 6 (:data:`FEWEST_SIXES_AND_SEVENS`), not only for 1.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, List, Sequence

from .model import Puzzle

#: The largest share of the puzzles one theme may have.
MOST_OF_ONE_THEME = Fraction(1, 3)
#: The smallest share of the puzzles whose goal is 2 or 3 points.
FEWEST_SIXES_AND_SEVENS = Fraction(1, 4)


@dataclass(frozen=True)
class Spread:
    """The counts of a set of puzzles."""

    total: int
    themes: Dict[str, int]
    goals: Dict[int, int]
    closed: int
    stock_unknown: int
    players: Dict[int, int]
    rules: Dict[str, int]

    @property
    def two_or_three(self) -> int:
        """Puzzles whose goal is 2 or 3 points (a 7 or a 6 in the last trick)."""
        return self.goals.get(2, 0) + self.goals.get(3, 0)

    def too_common(self) -> List[str]:
        """The themes on more than :data:`MOST_OF_ONE_THEME` of the puzzles."""
        return [t for t, n in self.themes.items() if self.total and
                Fraction(n, self.total) > MOST_OF_ONE_THEME]

    def too_few_sixes_and_sevens(self) -> bool:
        """True when fewer than :data:`FEWEST_SIXES_AND_SEVENS` aim for 2 or 3 points."""
        return bool(self.total) and Fraction(self.two_or_three, self.total) < FEWEST_SIXES_AND_SEVENS

    def lines(self) -> List[str]:
        """The spread in a few lines of text."""
        def share(n: int) -> str:
            return f"{n} ({round(100 * n / self.total) if self.total else 0}%)"

        themes = ", ".join(f"{t} {share(n)}" for t, n in
                           sorted(self.themes.items(), key=lambda kv: (-kv[1], kv[0])))
        goals = ", ".join(f"{g} {'point' if g == 1 else 'points'} {share(n)}"
                          for g, n in sorted(self.goals.items()))
        out = [f"themes (a puzzle may have several): {themes}",
               f"goals: {goals}; 2 or 3 points: {share(self.two_or_three)}",
               f"open {self.total - self.closed}, closed {self.closed} "
               f"({self.stock_unknown} with the stock unknown)",
               "players: " + ", ".join(f"{p}: {n}" for p, n in sorted(self.players.items())),
               "rules: " + ", ".join(f"{r} {n}" for r, n in
                                     sorted(self.rules.items(), key=lambda kv: -kv[1]))]
        for theme in self.too_common():
            out.append(f"warning: {theme} is on {share(self.themes[theme])} of the puzzles, "
                       f"more than a third")
        if self.too_few_sixes_and_sevens():
            out.append("warning: fewer than a quarter of the puzzles aim for 2 or 3 points")
        return out


def spread(puzzles: Sequence[Puzzle]) -> Spread:
    """Count ``puzzles`` by theme, goal, open or closed, players and rules."""
    closed = [p for p in puzzles if not p.open]
    return Spread(
        total=len(puzzles),
        themes=dict(Counter(t for p in puzzles for t in set(p.themes))),
        goals=dict(Counter(p.points for p in puzzles)),
        closed=len(closed),
        stock_unknown=sum(1 for p in closed if p.position.stock),
        players=dict(Counter(p.players for p in puzzles)),
        rules=dict(Counter(p.rules_words for p in puzzles)))
