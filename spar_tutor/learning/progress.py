"""A learner's progress in the progress database (:mod:`spar_tutor.store`), and what a
page does when the database cannot be used.

:class:`LearnerProgress` is what lessons' and puzzles' progress share: the
learner (one identity whatever the case of the name: "yaw" is "Yaw"), the store,
and short reads and writes. If the database is locked, full, damaged or
unreachable, the page goes on: from then on its progress is kept in memory (with
what was saved so far, when that can still be read), ``unsaved`` is set, and the
page shows :data:`NOT_SAVED`. What is already in the database is never touched.

>>> from spar_tutor.store import Store
>>> progress = LearnerProgress("Ama", Store.memory())
>>> progress.learner, progress.unsaved
('Ama', False)
"""

from __future__ import annotations

import logging
import os
from datetime import date, datetime, time, timedelta
from typing import Callable, ContextManager, Optional, Set, Tuple, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..i18n import N_, _
from ..store import Store, StoreError, database_url, home, learner_key, shared_store, shown_url
from ..store.names import shown_name
from ..store.records import add_language_choice, chosen_language, last_visit, practice_times
from ..store.schema import Learner

log = logging.getLogger("spar_tutor.learning")

T = TypeVar("T")

#: Shown on a page whose progress cannot be saved (translate where shown).
NOT_SAVED = N_("Your progress is not being saved right now, so it will be lost when you "
               "close this page. You can go on learning. Please tell your teacher.")
#: Shown when the progress file was harmed and progress went to a fresh file beside it.
MOVED = N_("The tutor found a problem with its progress file, so it saves your progress in "
           "a new file now. You can go on learning. Please tell your teacher.")


def _read_only_store() -> Store:
    """This server's database opened for reading only (a SQLite file in a folder that
    cannot be written; a database server that failed would fail the same way again)."""
    url = database_url()
    if not url.startswith("sqlite"):
        raise StoreError(f"{shown_url(url)} was not opened for reading either")
    return Store.read_only(url)


def current_user() -> Optional[str]:
    """The signed-in user on a shared server (JupyterHub), if known (a name in small
    letters gets its capitals: "esi" is "Esi")."""
    for var in ("SPAR_TUTOR_USER", "JUPYTERHUB_USER"):
        if os.environ.get(var, "").strip():
            return shown_name(" ".join(os.environ[var].split()))
    return None


class LearnerProgress:
    """One learner's progress of one kind (``KIND``: "lesson" or "puzzle").

    ``store`` defaults to this server's database (:func:`~spar_tutor.store.shared_store`).
    Subclasses read and add rows through :meth:`_read` and :meth:`_write`.
    """

    KIND = ""

    def __init__(self, learner: str, store: Optional[Store] = None) -> None:
        self.key = learner_key(learner)  # ValueError for a blank name
        self.learner = " ".join(learner.split())
        self.unsaved = False  # set once the database failed: progress lasts for the page
        self._generation = 0  # the store's moves when learner_id was looked up
        try:
            self.store = store if store is not None else shared_store()
        except StoreError as e:
            self.store = Store.memory()
            self._go_on_in_memory(e, saved=_read_only_store)
            return
        try:
            self._look_up_learner()
        except StoreError as e:
            if not e.moved:
                self._go_on_in_memory(e)
                return
            try:
                self._look_up_learner()
            except StoreError as again:
                self._go_on_in_memory(again)

    def _look_up_learner(self) -> None:
        """The learner's id in the store as it is now (after a move to a fresh file, the
        ids there are not the harmed file's)."""
        self._generation = self.store.generation
        self.learner_id = self.store.learner_id(self.learner)

    @property
    def notice(self) -> str:
        """What the page should say about saving, in the learner's language (``""``:
        nothing, all is saved)."""
        if self.unsaved:
            return _(NOT_SAVED)
        if self.store.moved:
            return _(MOVED)
        return ""

    def _go_on_in_memory(self, error: StoreError,
                         saved: Optional[Callable[[], Store]] = None) -> None:
        """The database failed: keep this page's progress in memory from now on, starting
        from what the learner had saved, if it can still be read (from ``saved()``, else
        from the store)."""
        log.warning("progress of %r is not being saved: %s", self.key, error)
        memory = Store.memory()
        try:
            source = saved() if saved is not None else self.store
            memory.copy_learner(source, self.learner)
        except StoreError as e:
            log.warning("what %r had saved cannot be read either: %s", self.key, e)
        self.store = memory
        self.learner_id = memory.learner_id(self.learner)
        self.unsaved = True

    def _read(self, query: Callable[[Session], T]) -> T:
        """``query(session)`` on the store (in memory, if the database fails now)."""
        return self._on_store(Store.read, query)

    def _write(self, change: Callable[[Session], T]) -> T:
        """``change(session)`` committed to the store (in memory, if the database fails now)."""
        return self._on_store(Store.write, change)

    def _on_store(self, session_of: Callable[[Store], ContextManager[Session]],
                  work: Callable[[Session], T]) -> T:
        try:
            if self._generation != self.store.generation:
                self._look_up_learner()
            with session_of(self.store) as session:
                return work(session)
        except StoreError as e:
            failed = e
        if failed.moved:  # the file was found damaged: the same work on the fresh one
            try:
                self._look_up_learner()
                with session_of(self.store) as session:
                    return work(session)
            except StoreError as e:
                failed = e
        if self._learner_removed(failed):
            try:
                with session_of(self.store) as session:
                    return work(session)
            except StoreError as e:
                failed = e
        self._go_on_in_memory(failed)
        with session_of(self.store) as session:
            return work(session)

    def _learner_removed(self, error: StoreError) -> bool:
        """Whether ``error`` came from a write for a learner the teacher removed meanwhile
        (the Class page): then the learner is added again, afresh, and True."""
        if not isinstance(error.__cause__, IntegrityError) or self.unsaved:
            return False
        try:
            with self.store.read() as session:
                if session.get(Learner, self.learner_id) is not None:
                    return False  # some other conflict
            self.learner_id = self.store.learner_id(self.learner)
        except StoreError:
            return False
        log.info("learner %r was removed; added again", self.key)
        return True

    def practice_days(self, today: date, days: int = 60) -> Set[date]:
        """The days (the server's calendar) of the last ``days`` up to ``today`` on which
        the learner answered a question or started a puzzle."""
        start = datetime.combine(today - timedelta(days=days), time()).astimezone()
        found = self._read(lambda s: practice_times(s, self.learner_id, start))
        return {when.astimezone().date() for when in found}

    @property
    def language(self) -> Optional[str]:
        """The tutor's language the learner chose last (``None``: never chosen)."""
        return self._read(lambda s: chosen_language(s, self.learner_id))

    def choose_language(self, language: str) -> None:
        """Remember that the learner chose ``language``, for the next visit on any device."""
        self._write(lambda s: add_language_choice(s, self.learner_id, language))

    @property
    def last(self) -> Optional[str]:
        """The lesson or puzzle the learner was on last."""
        found = self._read(lambda s: last_visit(s, self.learner_id, self.KIND))
        return found[0] if found else None


def run_of_days(days: Set[date], today: date) -> Tuple[int, bool]:
    """How many days in a row the learner practised, up to today (or up to yesterday, if
    not yet today: the run is still alive), and whether today is one of them.

    >>> d = date(2026, 12, 2)
    >>> run_of_days({d, d - timedelta(1), d - timedelta(3)}, d)
    (2, True)
    >>> run_of_days({d - timedelta(1), d - timedelta(2)}, d), run_of_days({d - timedelta(2)}, d)
    ((2, False), (0, False))
    """
    day = today if today in days else today - timedelta(days=1)
    run = 0
    while day in days:
        run += 1
        day -= timedelta(days=1)
    return run, today in days


__all__ = ["LearnerProgress", "MOVED", "NOT_SAVED", "current_user", "home", "run_of_days"]
