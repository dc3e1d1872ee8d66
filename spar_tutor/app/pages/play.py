"""Play: a Spar table against computer players (``spar_tutor.widgets.PlayTable``)."""

from __future__ import annotations

import secrets
from typing import Any

import ipywidgets as widgets

from ...engine.rules import PRESETS
from ..route import Route
from .pending import missing, notice
from ...i18n import N_, _

INTRO = N_("<h2>Play Spar</h2><p>You sit at the bottom of the table with three computer "
           "players: Ama, Kofi and Esi. Whoever wins the last trick wins the hand, so think "
           "about which card to keep for the end. Click a card to play it; stuck? Ask the "
           "hint panel. Under the table you can review a hand, watch the deal, or choose "
           "another game.</p>")


class PlayPage(widgets.VBox):
    """Free play. ``?page=play&preset=sipa`` starts a game of Sipa.

    Every page load deals a new match (a random seed), so two learners, or two visits, do
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
                           aside=widgets.HTML(_(INTRO)))
        self._game = self.table.session.rules.name
        self.table.session.subscribe(self._on_event)
        super().__init__([self.table])

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
