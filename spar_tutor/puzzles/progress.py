"""Which puzzles a learner has solved and tried, and their puzzle rating, read from
their attempts in the progress database (see :class:`~spar_tutor.learning.LearnerProgress`).
"""

from __future__ import annotations

from typing import Dict, Iterable, Optional, Sequence, Set

from sqlalchemy.orm import Session

from ..learning.review import Reviews, puzzle_item
from ..learning.progress import LearnerProgress, current_user
from ..learning.glicko2 import Glicko
from ..learning.rating import PuzzleRating, replay, results
from ..store import Store, records
from ..store.records import PUZZLE, PUZZLE_RATING as RATING, PuzzleRecord
from ..store.schema import Rating

#: The signed-in learner on a shared server (``SPAR_TUTOR_USER`` or ``JUPYTERHUB_USER``), if any.
current_learner = current_user


class PuzzleProgress(LearnerProgress):
    """One learner's puzzles: attempts, solved, solved cleanly (no mistake, hint or peek),
    and their puzzle rating (:mod:`spar_tutor.learning.rating`)."""

    KIND = PUZZLE

    def __init__(self, learner: str, store: Optional[Store] = None) -> None:
        super().__init__(learner, store)
        self._attempt: Dict[str, int] = {}  # the attempt this page started, per puzzle

    def attempt(self, puzzle_id: str, puzzle_rating: Optional[int] = None) -> None:
        """Count an attempt (the learner's first card of a run) and remember the puzzle."""

        def add(session: Session) -> None:
            self._attempt[puzzle_id] = records.start_attempt(session, self.learner_id, puzzle_id,
                                                             puzzle_rating)
            records.add_visit(session, self.learner_id, PUZZLE, puzzle_id)
            self._rate(session, puzzle_id)

        self._write(add)

    def solve(self, puzzle_id: str, clean: bool, puzzle_rating: Optional[int] = None) -> None:
        """Record a solved run; ``clean`` when it had no mistake, no second hint, no peek."""

        def add(session: Session) -> None:
            records.solve_attempt(session, self.learner_id, self._attempt.pop(puzzle_id, None),
                                  puzzle_id, bool(clean), puzzle_rating)
            self._rate(session, puzzle_id)

        self._write(add)
        if self.learner:  # a named learner's puzzle solved with a mistake comes back later
            Reviews(self.learner, self.store).answered(puzzle_item(puzzle_id),
                                                       right=bool(clean), first_try=True)

    def give_up(self, puzzle_id: str, puzzle_rating: Optional[int] = None) -> None:
        """The learner took the answer or the solution: the go under way counts as given up
        (0 for the rating) at once, if it is their first go at the puzzle, and a named
        learner meets the puzzle again on a later day."""

        def add(session: Session) -> None:
            attempt = self._attempt.get(puzzle_id)
            if attempt is None:  # the answer before any card: the go counts all the same
                attempt = self._attempt[puzzle_id] = records.start_attempt(
                    session, self.learner_id, puzzle_id, puzzle_rating)
            self._rate(session, puzzle_id, given_up=(attempt,))

        self._write(add)
        if self.learner:
            Reviews(self.learner, self.store).answered(puzzle_item(puzzle_id), right=False,
                                                       first_try=True)

    def _rate(self, session: Session, puzzle_id: str, given_up: Sequence[int] = ()) -> None:
        """Rate each puzzle whose first go has just counted (solved, or given up), once,
        from the learner's latest rating: a row for each."""
        rated = records.rated_puzzles(session, self.learner_id, RATING)
        new = [r for r in results(records.attempts_in_order(session, self.learner_id), given_up)
               if r.puzzle not in rated]
        rating = _rating(records.latest_rating(session, self.learner_id, RATING))
        for result in new:
            rating = replay([result], rating)
            glicko = rating.glicko
            records.add_rating(session, self.learner_id, RATING, glicko.rating, glicko.deviation,
                               glicko.volatility, result.puzzle)

    def visit(self, puzzle_id: str) -> None:
        """Remember the puzzle the learner is on."""
        self._write(lambda s: records.add_visit(s, self.learner_id, PUZZLE, puzzle_id))

    def records(self) -> Dict[str, PuzzleRecord]:
        """The learner's record on every puzzle tried."""
        return self._read(lambda s: records.puzzle_records(s, self.learner_id))

    def record(self, puzzle_id: str) -> PuzzleRecord:
        """The learner's record on one puzzle (attempts, solved, clean)."""
        return self.records().get(puzzle_id, PuzzleRecord())

    def attempts(self, puzzle_id: str) -> int:
        return self.record(puzzle_id).attempts

    def solved(self, puzzle_id: str) -> bool:
        return self.record(puzzle_id).solved

    def clean(self, puzzle_id: str) -> bool:
        return self.record(puzzle_id).clean

    def solved_ids(self) -> Set[str]:
        """Every puzzle the learner has solved, in one read of the database (a menu of 72
        puzzles asked :meth:`solved` 72 times: 72 reads a click)."""
        return {puzzle_id for puzzle_id, found in self.records().items() if found.solved}

    def solved_count(self, ids: Iterable[str]) -> int:
        solved = self.solved_ids()
        return sum(1 for i in ids if i in solved)

    @property
    def rating(self) -> Optional[int]:
        """The learner's puzzle rating (``None`` until a first go at a puzzle counts)."""
        found = self.puzzle_rating
        return None if found is None else found.rating

    @property
    def puzzle_rating(self) -> Optional[PuzzleRating]:
        """The learner's puzzle rating, its three Glicko-2 numbers (``None``: not rated yet)."""
        return self._read(lambda s: _rated(records.latest_rating(s, self.learner_id, RATING)))


def _rated(row: Optional[Rating]) -> Optional[PuzzleRating]:
    return None if row is None else PuzzleRating(Glicko(row.value, row.deviation, row.volatility))


def _rating(row: Optional[Rating]) -> PuzzleRating:
    """The rating a row holds (a new learner's, if none)."""
    return _rated(row) or PuzzleRating()


class MemoryProgress(PuzzleProgress):
    """Progress for a learner without a name: kept for this page only, never written."""

    def __init__(self) -> None:
        super().__init__("anonymous", Store.memory())  # a name the store needs, never shown
        self.learner = ""
