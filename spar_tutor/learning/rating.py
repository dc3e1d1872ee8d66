"""A learner's puzzle rating (Glicko-2, as lichess rates puzzles), on the same scale as
the puzzles' own ratings (:mod:`spar_tutor.puzzles.rating`).

Each puzzle the learner has gone at counts once, by their first go at it (so solving an
easy puzzle again and again does not raise the rating): solved cleanly (no mistake, no
second hint, no look at the answer or the solution) scores 1, solved with help 1/2, given
up (the answer or the solution taken, or a later go at the same puzzle started) 0. A first go still under way, and a puzzle whose
rating is not known, do not count yet. Each result is one Glicko-2 rating period
(:func:`~spar_tutor.learning.glicko2.update`) against the puzzle's rating, whose
deviation is :data:`PUZZLE_DEVIATION`: a puzzle's rating is measured, not played.

A new learner starts at :data:`START` (800, a beginner puzzle) with the deviation of a
new player, so the first few puzzles move the rating a long way:

>>> after = replay([Result("a", 700, 1.0), Result("b", 900, 1.0), Result("c", 1100, 0.5)])
>>> round(after.rating), after.settled
(1057, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Collection, Dict, Iterable, List, Optional, Protocol

from .glicko2 import Glicko, update

#: A new learner's rating: a beginner puzzle's, with a new player's deviation and volatility.
START = Glicko(800.0, 350.0, 0.06)
#: How unsure a puzzle's rating is (it is measured from what makes it hard, not played).
PUZZLE_DEVIATION = 100.0
#: A deviation above this: the rating is still settling (lichess shows such a rating with a "?").
SETTLED = 110.0
#: The deviation never goes below this, so a rating can still move (lichess's floor).
LEAST_DEVIATION = 45.0
#: What an old Elo rating (before Glicko-2) is read as: its value, with a new player's deviation.
OLD_DEVIATION = START.deviation


@dataclass(frozen=True)
class Result:
    """The first go at one puzzle: the puzzle, its rating and the learner's score (1, 1/2, 0)."""

    puzzle: str
    puzzle_rating: int
    score: float


@dataclass(frozen=True)
class PuzzleRating:
    """A learner's puzzle rating: the Glicko-2 numbers and the puzzles they came from."""

    glicko: Glicko = START

    @property
    def rating(self) -> int:
        """The rating as the learner sees it (a whole number)."""
        return round(self.glicko.rating)

    @property
    def settled(self) -> bool:
        """Whether enough puzzles have been rated for the rating to mean much."""
        return self.glicko.deviation <= SETTLED

    def after(self, result: Result) -> "PuzzleRating":
        """The rating after one more result (one rating period)."""
        puzzle = Glicko(float(result.puzzle_rating), PUZZLE_DEVIATION)
        new = update(self.glicko, [(puzzle, result.score)])
        return PuzzleRating(Glicko(new.rating, max(LEAST_DEVIATION, new.deviation),
                                   new.volatility))


class Attempt(Protocol):
    """What a rating needs of an attempt (:class:`spar_tutor.store.schema.PuzzleAttempt`)."""

    @property
    def id(self) -> int: ...

    @property
    def puzzle(self) -> str: ...

    @property
    def puzzle_rating(self) -> Optional[int]: ...

    @property
    def solved_at(self) -> Optional[datetime]: ...

    @property
    def clean(self) -> bool: ...


def results(attempts: Iterable[Attempt], given_up: Collection[int] = ()) -> List[Result]:
    """The results that count, from every attempt of a learner, oldest first; an attempt
    whose id is in ``given_up`` (the learner took the answer or the solution) counts as
    given up at once."""
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
        if attempt.id in given_up:
            found.append(Result(puzzle, attempt.puzzle_rating, 0.0))
        elif attempt.solved_at is not None:
            found.append(Result(puzzle, attempt.puzzle_rating, 1.0 if attempt.clean else 0.5))
        elif again.get(puzzle):
            found.append(Result(puzzle, attempt.puzzle_rating, 0.0))
    return found


def replay(found: Iterable[Result], start: Optional[PuzzleRating] = None) -> PuzzleRating:
    """The rating after these results, in order, from ``start`` (a new learner's)."""
    rating = start or PuzzleRating()
    for result in found:
        rating = rating.after(result)
    return rating
