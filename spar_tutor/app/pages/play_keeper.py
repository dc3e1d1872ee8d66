"""The Play page's match kept for the learner: saved after every move, brought back on a
reload, in a new tab or on another computer, and shared fairly between two tabs.

:class:`MatchKeeper` watches the table's session: every "changed" event (a move and the
bots' answers, a new hand, a cut, a bet, undo, a new match) saves the match
(:class:`~spar_tutor.learning.saved_match.SavedMatch`, one row a learner). The tab that
saved last plays the match. Another tab of the same learner brings the match back too, says
that it is open elsewhere, and saves nothing until the learner takes it over ("Play it
here"); the first tab, at its next move, then finds it was taken, says so and stops saving.
A tab is known by the id the page keeps for it (``App.address.tab``; a reload keeps it, so a
reloaded tab goes on as itself); before the page has said it, a random one stands in.
"""

from __future__ import annotations

import json
import logging
import secrets
from datetime import timedelta
from html import escape
from typing import Any, Optional, Set

import ipywidgets as widgets

from ...engine.errors import SparError
from ...i18n import N_, _
from ...server.serve import CULL_IDLE_TIMEOUT
from ...store.schema import utcnow

log = logging.getLogger("spar_tutor.app")

OTHER_TAB = N_("This match is open in another tab too. Do you want to play it here? The "
               "other tab then stops saving it.")
TAKEN = N_("This match is now played in another tab, so this tab does not save it any more. "
           "Do you want to play it here again?")
TAKE_OVER = N_("Play it here")
OTHER_TAB_GONE_S = CULL_IDLE_TIMEOUT + 300
"""A match saved longer ago than this was played in a tab whose kernel has surely gone
(an open page's is stopped after 30 minutes without a click): this tab just plays it."""


class MatchKeeper:
    """Keeps ``session``'s match for the app's learner (see the module's docstring)."""

    def __init__(self, app: Any, session: Any) -> None:
        self.app = app
        self.session = session
        self._stand_in = secrets.token_hex(8)
        self._ours: Set[str] = {self._stand_in}  # the ids this tab has saved under
        self.playing = True  # this tab plays the match (saves it)
        self._quiet = False  # bringing a match back: its events are not moves
        self._progress: Optional[Any] = None
        self.message = widgets.HTML()
        self.take_over_button = widgets.Button(description=_(TAKE_OVER), button_style="warning")
        self.box = widgets.HBox([self.message, self.take_over_button],
                                layout=widgets.Layout(display="none", align_items="center",
                                                      flex_flow="row wrap"))
        self.box.add_class("spar-notice")
        from ..guard import guarded

        self.take_over_button.on_click(guarded(app.say)(lambda _b: self.take_over()))
        session.subscribe(guarded(app.say)(self._on_event))
        app.address.on_tab(guarded(app.say)(lambda _tab: self._tab_known()))

    @property
    def tab(self) -> str:
        """This tab's id: the page's, once it said it."""
        return self.app.address.tab or self._stand_in

    def progress(self) -> Optional[Any]:
        """The learner's saved match in the database (``None`` without a learner)."""
        learner = self.app.learner
        if learner is None:
            return None
        if self._progress is None or self._progress.learner != learner.name:
            from ...learning.saved_match import SavedMatch

            self._progress = SavedMatch(learner.name)
        return self._progress

    # -- bringing back -------------------------------------------------------------------

    def bring_back(self) -> bool:
        """Put the learner's saved match on the table, if there is one; whether it was."""
        progress = self.progress()
        saved = progress.latest() if progress is not None else None
        if saved is None or not self._resume(saved.data):
            self.playing = True
            return False
        self.playing = saved.tab in self._ours or saved.tab == self.app.address.tab \
            or utcnow() - saved.at > timedelta(seconds=OTHER_TAB_GONE_S)
        if self.app.address.tab is not None or self.playing:
            self._say(None if self.playing else OTHER_TAB)
        return True

    def _resume(self, data: str) -> bool:
        self._quiet = True
        try:
            self.session.resume(data)
        except SparError as e:  # saved by an older spar-tutor, say: a new match instead
            log.warning("the saved match could not be brought back: %s", e)
            return False
        finally:
            self._quiet = False
        return True

    def _tab_known(self) -> None:
        """The page said which tab it is: a reloaded tab goes on with its match."""
        progress = self.progress()
        saved = progress.latest() if progress is not None else None
        if saved is None:
            return
        if saved.tab in self._ours or saved.tab == self.app.address.tab \
                or utcnow() - saved.at > timedelta(seconds=OTHER_TAB_GONE_S):
            self.playing = True
            self._say(None)
        elif not self.playing:
            self._say(OTHER_TAB)

    def learner_changed(self) -> None:
        """Another learner: their match, if they have one; else this one is now theirs."""
        self._progress = None
        if not self.bring_back():
            self.save(taking=True)

    # -- saving --------------------------------------------------------------------------

    def _on_event(self, event: Any) -> None:
        if event.kind == "changed" and not self._quiet:
            self.save()

    def save(self, taking: bool = False) -> None:
        """Save the match, if this tab plays it and no other tab took it meanwhile (or this
        tab is ``taking`` it over)."""
        progress = self.progress()
        if progress is None or not self.playing:
            return
        saved = None if taking else progress.latest()
        if saved is not None and saved.tab not in self._ours and saved.tab != self.app.address.tab:
            self.playing = False  # another tab took it over
            self._say(TAKEN)
            return
        data = self.session.to_json()
        for seat in data["seats"]:
            seat.pop("name", None)  # named again when it comes back, in the learner's language
        self._ours.add(self.tab)
        progress.save(json.dumps(data, separators=(",", ":")), self.tab)

    def take_over(self) -> None:
        """Play the match here: the latest saved one (the other tab may have moved on)."""
        progress = self.progress()
        saved = progress.latest() if progress is not None else None
        if saved is not None:
            self._resume(saved.data)
        self.playing = True
        self._say(None)
        self.save(taking=True)

    def _say(self, message: Optional[str]) -> None:
        """Show ``message`` (a catalogue message) with the button, or nothing."""
        if message is None:
            self.box.layout.display = "none"
            self.message.value = ""
            return
        self.message.value = f'<div role="status">{escape(_(message))}</div>'
        self.box.layout.display = "flex"
