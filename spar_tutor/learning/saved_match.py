"""The Play page's match, kept in the progress database after every move, per learner.

A reload, a new tab or another computer with the same learner brings back the same match at
the same point (the deal, the moves, the bets, the score: the save file's JSON,
:mod:`spar_tutor.session.file`). One row a learner: each save takes the place of the last
(``saved_games``, named ``play:<tab>``).

The name says which tab saved it last, the tab that plays the match. A tab is known by an
id the page keeps in the browser's ``sessionStorage`` (:mod:`spar_tutor.app.address`): a
reload keeps it, a new tab gets its own. A second tab on the same match says so and offers
to take it over; until it does, it saves nothing, so the two never overwrite each other.

>>> from spar_tutor.store import Store
>>> saved = SavedMatch("Ama", Store.memory())
>>> saved.latest() is None
True
>>> saved.save('{"format": "spar-tutor-match"}', tab="tab-1")
>>> saved.latest().tab, saved.latest().data
('tab-1', '{"format": "spar-tutor-match"}')
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple, Optional

from sqlalchemy.orm import Session

from ..store.records import keep_one_game, latest_game
from .progress import LearnerProgress

PREFIX = "play:"
"""How the names of Play's saved matches start (a tab's id follows)."""
MOST_TAB = 60


class Saved(NamedTuple):
    """A match as saved: its JSON text, the tab that saved it, when."""

    data: str
    tab: str
    at: datetime


class SavedMatch(LearnerProgress):
    """A learner's match in play, in the progress database (in memory if it fails)."""

    KIND = "play"

    def latest(self) -> Optional[Saved]:
        """The match saved last, from any tab (``None``: none yet)."""
        def read(session: Session) -> Optional[Saved]:
            row = latest_game(session, self.learner_id, PREFIX)
            return None if row is None else Saved(row.data, row.name[len(PREFIX):], row.saved_at)

        return self._read(read)

    def save(self, data: str, tab: str) -> None:
        """Keep ``data`` (the match's JSON text) as the match ``tab`` plays now."""
        self._write(lambda s: keep_one_game(s, self.learner_id, PREFIX,
                                            PREFIX + tab[:MOST_TAB], data))
