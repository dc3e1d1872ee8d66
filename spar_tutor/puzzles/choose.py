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
from typing import (AbstractSet, Dict, Generic, Iterable, List, Optional, Protocol, Sequence,
                    Tuple, TypeVar)


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


def taught_so_far(puzzles: Sequence[T], lessons: Iterable[Tuple[int, Sequence[str]]],
                  finished: AbstractSet[int], solved: AbstractSet[str] = frozenset()
                  ) -> List[T]:
    """The puzzles about what the learner's lessons have taught: ``lessons`` are
    (number, practice themes) pairs, ``finished`` the numbers of the lessons finished.
    A puzzle belongs to the first lesson that practises each of its themes, and to the
    latest of those (none: it needs no lesson). Offered: those of the lessons finished
    or before, and those of the next lessons with puzzles (what the learner is about
    to learn), nearest first, until :data:`FEWEST_OFFERED` unsolved are on offer. (A learner who has finished lesson 1 is not sent to a dry 6 and the
    two-trick bonus, which lessons 6 and 7 teach.)

    >>> from types import SimpleNamespace as P
    >>> ps = [P(id="lead", themes=["take-the-lead"]), P(id="six", themes=["keep-the-six"]),
    ...       P(id="six2", themes=["keep-the-six"]), P(id="dry", themes=["dry-wet", "bonus"])]
    >>> lessons = [(4, ["take-the-lead"]), (5, ["keep-the-six"]), (6, ["bonus"]),
    ...            (7, ["dry-wet"])]
    >>> [p.id for p in taught_so_far(ps, lessons, finished={1})]
    ['lead', 'six', 'six2']
    >>> [p.id for p in taught_so_far(ps, lessons, finished={1}, solved={"lead"})]
    ['lead', 'six', 'six2', 'dry']
    >>> [p.id for p in taught_so_far(ps, lessons, finished={1, 7})]
    ['lead', 'six', 'six2', 'dry']
    """
    first: Dict[str, int] = {}
    for number, themes in sorted(lessons, key=lambda pair: pair[0]):
        for theme in themes:
            first.setdefault(theme, number)

    def level(puzzle: T) -> int:
        return max((first[t] for t in puzzle.themes if t in first), default=0)

    reach = max(finished, default=0)
    later = sorted({level(p) for p in puzzles
                    if level(p) > reach and getattr(p, "id", None) not in solved})
    for next_level in later:  # the next lessons with puzzles, until a few are on offer
        if sum(1 for p in puzzles if level(p) <= reach
               and getattr(p, "id", None) not in solved) >= FEWEST_OFFERED:
            break
        reach = next_level
    return [p for p in puzzles if level(p) <= reach]


#: The fewest unsolved puzzles :func:`taught_so_far` offers when there are enough: the
#: lessons to come lend theirs, nearest first.
FEWEST_OFFERED = 3
