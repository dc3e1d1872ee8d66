"""Review on later days: missed lesson questions and failed puzzles come back on a
spaced-repetition schedule worked out by FSRS (the ``fsrs`` package, py-fsrs), kept
through :class:`~spar_tutor.learning.schedule.ReviewSchedule`.

What goes in: a lesson question missed at its first try, a puzzle solved with a
mistake (each reviewed "Again", so it is due the next day). What moves it: the first
answer to it once it is due ("Good" if right, "Again" if wrong); FSRS then spaces it
out (a day, then a few days, then longer). Learning steps of minutes are left out:
a tutor's review is for later days.

The clock is :func:`now`; the test-only variable ``SPAR_TUTOR_NOW`` moves it, so that
tests can see a later day: an ISO date or time (``2026-12-03``), or ``file:PATH``, a file
holding one, read at each call (a browser test moves a running server's clock with it;
no file, or an empty one: the real time).

>>> from datetime import datetime, timedelta, timezone
>>> from spar_tutor.store import Store
>>> reviews = Reviews("Ama", Store.memory())
>>> monday = datetime(2026, 12, 7, 9, 0, tzinfo=timezone.utc)
>>> reviews.answered("lesson:03_follow:2", right=False, first_try=True, at=monday)
>>> [s.item for s in reviews.due(monday)], [s.item for s in reviews.due(monday + timedelta(days=1))]
([], ['lesson:03_follow:2'])
"""

from __future__ import annotations

import os
from pathlib import Path
from datetime import datetime, timezone
from typing import Any, Optional, Tuple, cast

from fsrs import Card, Rating, Scheduler

from .schedule import ReviewSchedule

#: FSRS with whole days only (no same-day learning steps), and no random spread, so
#: that a class sees the same schedule and tests can count on it.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
#: The test-only clock: an ISO date or time read by :func:`now`.
CLOCK = "SPAR_TUTOR_NOW"


def now() -> datetime:
    """Now (UTC), unless the test-only ``SPAR_TUTOR_NOW`` says otherwise."""
    moved = os.environ.get(CLOCK, "").strip()
    if moved.startswith("file:"):
        try:
            moved = Path(moved[len("file:"):]).read_text(encoding="utf-8").strip()
        except OSError:
            moved = ""
    if not moved:
        return datetime.now(timezone.utc)
    at = datetime.fromisoformat(moved)
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


def lesson_item(lesson_id: str, step: int) -> str:
    """The review item of a lesson step."""
    return f"lesson:{lesson_id}:{step}"


def puzzle_item(puzzle_id: str) -> str:
    """The review item of a puzzle."""
    return f"puzzle:{puzzle_id}"


def parse_item(item: str) -> Tuple[str, str, int]:
    """``(kind, id, step)`` of an item: ``("lesson", "03_follow", 2)``, ``("puzzle", id, 0)``."""
    kind, _sep, rest = item.partition(":")
    if kind == "lesson":
        lesson, _sep, step = rest.rpartition(":")
        return kind, lesson, int(step)
    return kind, rest, 0


class Reviews(ReviewSchedule):
    """One learner's review schedule, moved by FSRS."""

    def answered(self, item: str, right: bool, first_try: bool,
                 at: Optional[datetime] = None) -> None:
        """An answer to ``item`` (the first one to it on this visit): a missed first try
        puts it in the schedule; an answer to an item that is due reviews it."""
        at = at or now()
        found = self.get(item)
        if found is None:
            if first_try and not right:
                self._review(Card(), Rating.Again, item, at)
        elif found.due <= at:
            self._review(Card.from_dict(cast(Any, found.scheduler)), Rating.Good if right else Rating.Again,
                         item, at)

    def _review(self, card: Card, rating: Rating, item: str, at: datetime) -> None:
        card, _log = SCHEDULER.review_card(card, rating, at)
        self.reviewed(item, int(rating), card.due, card.to_dict(), at)

    def today(self) -> int:
        """How many items are due now."""
        return len(self.due(now()))
