"""Play: a Spar table against computer players (``spar_tutor.widgets.PlayTable``)."""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any, Optional, Tuple

import ipywidgets as widgets

from ...engine.errors import SparError
from ...engine.rules import PRESETS
from ..guard import guarded
from ..route import Route
from .pending import missing, notice
from .play_keeper import MatchKeeper
from ...i18n import N_, _

log = logging.getLogger("spar_tutor.app")

INTRO = N_("<h2>Play Spar</h2><p>You sit at the bottom of the table with three computer "
           "players: Ama, Kofi and Esi. Whoever wins the last trick wins the hand, so think "
           "about which card to keep for the end. Click a card to play it; stuck? Ask the "
           "hint panel. Under the table you can review a hand, watch the deal, or choose "
           "another game.</p>")


def classmates(app: Any) -> Tuple[widgets.Widget, ...]:
    """"Play with classmates" (a shared table), where this server runs the table service."""
    from ...server.tables.client import TableClient

    if not TableClient().available:
        return ()
    button = widgets.Button(description=_("Play with classmates"), icon="users",
                            tooltip=_("Play one table together, each on your own screen"),
                            layout=widgets.Layout(width="auto"))
    button.add_class("spar-classmates")
    button.on_click(guarded(app.say)(lambda _b: app.go("table")))
    return (button,)


class PlayPage(widgets.VBox):
    """Free play. ``?page=play&preset=sipa`` starts a game of Sipa.

    A learner's match in play comes back (:class:`~.play_keeper.MatchKeeper`: saved after
    every move); otherwise the page deals a new match (a random seed), so two learners do
    not see the same cards."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.table: Any = None
        if missing("spar_tutor.widgets"):
            super().__init__([notice(_("Play"), _("The card table is not installed on this "
                                                  "server."),
                                     _("Meanwhile, the Rules page explains how a game goes."))])
            return
        from ...widgets import PlayTable as Table

        self.table = Table(players=4, bots="beginner", seed=secrets.randbelow(2**31),
                           stakes_and_bets=app.class_settings.money,
                           aside=widgets.VBox([widgets.HTML(_(INTRO)), *classmates(app)]))
        self.keeper = MatchKeeper(app, self.table.session)
        carried = app.carried.pop("play", None)
        if carried is not None:  # the game of the page this one replaces, in new words
            try:
                self.table.session.resume(carried)
            except SparError:  # never expected (the engine wrote it): a new game, then
                log.exception("the game in progress could not be carried over")
        elif not self.keeper.bring_back():  # the learner's match in play, if any
            self.keeper.save()  # else this new one is: another tab brings it back
        self._game = self.table.session.rules.name
        self._avoid_learners_name(app.learner)
        app.on_learner(self._learner_changed)
        self.table.session.subscribe(self._on_event)
        super().__init__([self.keeper.box, self.table])

    def _learner_changed(self, learner: Any) -> None:
        self.keeper.learner_changed()
        self._avoid_learners_name(learner)

    def _avoid_learners_name(self, learner: Any) -> None:
        """No bot has the learner's name (a learner called Kofi plays Ama, Esi and Yao)."""
        from ...learning.cast import stand_ins

        self.table.session.avoid(tuple(stand_ins(learner.name if learner else None)))

    def carry(self) -> Optional[str]:
        """The game in progress, for this page built again in another language
        (:meth:`App.set_language`): the match as saved, its players' names left out, so
        that the new page names them in its language ("Kofi (débutant)")."""
        if self.table is None:
            return None
        data = self.table.session.to_json()
        for seat in data["seats"]:
            seat.pop("name", None)
        return json.dumps(data)

    def _on_event(self, event: Any) -> None:
        """Another game was chosen (New game): the address says so."""
        if event.kind == "changed" and self.table.session.rules.name != self._game:
            self._game = self.table.session.rules.name
            self.app.moved()

    def where(self) -> Route:
        """The game played."""
        return Route(page="play", preset=self.table.session.rules.name if self.table else None)

    def show_route(self, route: Route) -> None:
        """Start a match of the preset the link names."""
        if self.table is not None and route.preset in PRESETS \
                and self.table.session.rules.name != route.preset:
            self.table.session.restart(route.preset)
