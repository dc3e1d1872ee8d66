"""A learner's puzzle rating, on the same scale as the puzzles' own ratings.

Each puzzle the learner has gone at counts once, by their first go at it (so
solving an easy puzzle again and again does not raise the rating): solved cleanly
(no mistake, no second hint, no look at the solution) scores 1, solved with help
1/2, given up (a later go at the same puzzle was started) 0. A first go still
under way, and a puzzle whose rating is not known, do not count yet. The rating
starts at :data:`START` and moves as in Elo's system: by ``K`` times the score
less the score expected against a puzzle of that rating.

>>> rating([Result(700, 1.0), Result(900, 1.0), Result(1100, 0.5)])
842
>>> rating([])
800
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Dict, Iterable, List, Optional, Protocol

START = 800
K = 32


@dataclass(frozen=True)
class Result:
    """The first go at one puzzle: its rating and the learner's score (1, 1/2 or 0)."""

    puzzle_rating: int
    score: float


class Attempt(Protocol):
    """What a rating needs of an attempt (:class:`spar_tutor.store.schema.PuzzleAttempt`)."""

    @property
    def puzzle(self) -> str: ...

    @property
    def puzzle_rating(self) -> Optional[int]: ...

    @property
    def solved_at(self) -> Optional[datetime]: ...

    @property
    def clean(self) -> bool: ...


def results(attempts: Iterable[Attempt]) -> List[Result]:
    """The results that count, from every attempt of a learner, oldest first."""
    first: Dict[str, Attempt] = {}
    again: Dict[str, bool] = {}
    for attempt in attempts:
        if attempt.puzzle in first:
            again[attempt.puzzle] = True
        else:
            first[attempt.puzzle] = attempt
    found = []
    for puzzle, attempt in first.items():
        if attempt.puzzle_rating is None:
            continue
        if attempt.solved_at is not None:
            found.append(Result(attempt.puzzle_rating, 1.0 if attempt.clean else 0.5))
        elif again.get(puzzle):
            found.append(Result(attempt.puzzle_rating, 0.0))
    return found


def expected(rating_: float, puzzle_rating: int) -> float:
    """The score expected of a learner rated ``rating_`` on a puzzle rated ``puzzle_rating``."""
    return 1.0 / (1.0 + 10 ** ((puzzle_rating - rating_) / 400))


def rating(found: Iterable[Result]) -> int:
    """The rating after these results, in order."""
    value = float(START)
    for result in found:
        value += K * (result.score - expected(value, result.puzzle_rating))
    return round(value)
