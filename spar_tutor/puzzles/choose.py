"""Which puzzle to offer a learner next: one near their puzzle rating, not solved yet
(as lichess offers puzzles near the player's rating), and the puzzles of some themes
(a lesson's "Practise this").

>>> from types import SimpleNamespace as P
>>> puzzles = [P(id="a", rating=700), P(id="b", rating=1000), P(id="c", rating=1300)]
>>> next_for_you(puzzles, 1100, solved={"b"}).puzzle.id
'c'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Generic, Iterable, List, Optional, Protocol, Sequence, TypeVar


class Rated(Protocol):
    """What choosing needs of a puzzle (:class:`~spar_tutor.puzzles.model.Puzzle`)."""

    @property
    def id(self) -> str: ...

    @property
    def rating(self) -> int: ...


class Themed(Protocol):
    @property
    def themes(self) -> Sequence[str]: ...


P = TypeVar("P", bound=Rated)
T = TypeVar("T", bound=Themed)


@dataclass(frozen=True)
class Choice(Generic[P]):
    """The puzzle chosen, and whether it is one the learner has not solved yet."""

    puzzle: P
    unsolved: bool


def nearest(puzzles: Iterable[P], rating: int) -> List[P]:
    """The puzzles, nearest to ``rating`` first (the easier of two as near; else in order)."""
    return sorted(puzzles, key=lambda p: (abs(p.rating - rating), p.rating))


def next_for_you(puzzles: Sequence[P], rating: int, solved: AbstractSet[str],
                 current: Optional[str] = None) -> Optional[Choice[P]]:
    """The puzzle to offer next: of those not solved (and not the one on show), the one
    nearest the learner's rating; once all are solved, the nearest of the others to try
    again. ``None`` when there is no other puzzle."""
    others = [p for p in puzzles if p.id != current]
    unsolved = [p for p in others if p.id not in solved]
    if unsolved:
        return Choice(nearest(unsolved, rating)[0], True)
    if others:
        return Choice(nearest(others, rating)[0], False)
    return None


def with_themes(puzzles: Iterable[T], themes: Iterable[str]) -> List[T]:
    """The puzzles that have at least one of ``themes``, in their order."""
    wanted = set(themes)
    return [p for p in puzzles if wanted & set(p.themes)]
