"""A learner's review schedule (spaced repetition), kept in the progress database.

This is storage only: a scheduler (such as FSRS) decides when an item is due and
what it keeps about it; this module keeps, for each item, its ``due`` time and the
scheduler's state as a JSON object, and every review with its grade. Like all
progress, it goes on in memory when the database fails (:class:`LearnerProgress`).

Items are named by the caller, such as ``"lesson:03_follow:2"`` (a lesson step) or
``"puzzle:two_players_6"``.

>>> from datetime import datetime, timedelta, timezone
>>> from spar_tutor.store import Store
>>> schedule = ReviewSchedule("Ama", Store.memory())
>>> now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> schedule.reviewed("lesson:03_follow:2", grade=3, due=now + timedelta(days=2),
...                   scheduler={"stability": 2.3, "difficulty": 5.1, "reps": 1}, at=now)
>>> [s.item for s in schedule.due(now + timedelta(days=3))]
['lesson:03_follow:2']
>>> schedule.get("lesson:03_follow:2").scheduler["reps"]
1
>>> [(r.grade, r.at == now) for r in schedule.history("lesson:03_follow:2")]
[(3, True)]
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional

from sqlalchemy.orm import Session

from ..store import records
from ..store.schema import ReviewItem, utcnow
from .progress import LearnerProgress

REVIEW = "review"


@dataclass(frozen=True)
class Scheduled:
    """An item in the schedule: when it is ``due`` (UTC) and the scheduler's state of it."""

    item: str
    due: datetime
    scheduler: Dict[str, Any]


@dataclass(frozen=True)
class Reviewed:
    """One review: the item, the grade the answer earned, and when (UTC)."""

    item: str
    grade: int
    at: datetime


def _scheduled(row: ReviewItem) -> Scheduled:
    return Scheduled(row.item, row.due, dict(row.scheduler))


class ReviewSchedule(LearnerProgress):
    """One learner's review schedule: one place per item, and every review.

    Two tabs reviewing the same item both keep their review (:meth:`history`); the
    item's place in the schedule is the one written last.
    """

    KIND = REVIEW

    def get(self, item: str) -> Optional[Scheduled]:
        """The item's place in the schedule (``None``: not scheduled)."""

        def find(session: Session) -> Optional[Scheduled]:
            row = records.review_item(session, self.learner_id, item)
            return None if row is None else _scheduled(row)

        return self._read(find)

    def due(self, now: Optional[datetime] = None, prefix: str = "") -> List[Scheduled]:
        """The items due by ``now`` (default: now), soonest first; only those whose name
        starts with ``prefix``, if given."""
        return self._read(lambda s: [_scheduled(row) for row in records.review_schedule(
            s, self.learner_id, now or utcnow(), prefix)])

    def items(self, prefix: str = "") -> List[Scheduled]:
        """Every scheduled item (whose name starts with ``prefix``), soonest first."""
        return self._read(lambda s: [_scheduled(row) for row in records.review_schedule(
            s, self.learner_id, None, prefix)])

    def put(self, item: str, due: datetime, scheduler: Mapping[str, Any]) -> None:
        """Schedule ``item`` at ``due`` with the scheduler's state (moved if there already),
        without a review: such as a step met for the first time."""
        self._write(lambda s: records.schedule_review(s, self.learner_id, item, due, scheduler))

    def reviewed(self, item: str, grade: int, due: datetime, scheduler: Mapping[str, Any],
                 at: Optional[datetime] = None) -> None:
        """Record a review of ``item`` (its ``grade``, on the scheduler's scale) and move the
        item to ``due`` with the scheduler's new state, in one transaction."""

        def add(session: Session) -> None:
            records.add_review(session, self.learner_id, item, grade, at)
            records.schedule_review(session, self.learner_id, item, due, scheduler, at)

        self._write(add)

    def history(self, item: Optional[str] = None) -> List[Reviewed]:
        """Every review (of ``item``, if given), oldest first."""
        return self._read(lambda s: [Reviewed(r.item, r.grade, r.reviewed_at)
                                     for r in records.reviews(s, self.learner_id, item)])
