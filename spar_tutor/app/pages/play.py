"""Play: a Spar table against computer players (``spar_tutor.widgets.PlayTable``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ...rules import PRESETS
from ..route import Route
from .pending import missing, notice


class PlayPage(widgets.VBox):
    """Free play. ``?page=play&preset=sipa`` starts a game of Sipa."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.table = None
        if missing("spar_tutor.widgets"):
            super().__init__([notice("Play", "The card table is not installed on this server.",
                                     "Meanwhile, the Rules page explains how a game goes.")])
            return
        from ...widgets import PlayTable

        self.table = PlayTable(players=4, bots="beginner")
        super().__init__([widgets.HTML("<h2>Play Spar</h2><p>You sit at the bottom of the "
                                       "table with three computer players.</p>"), self.table])

    def show_route(self, route: Route) -> None:
        """Start a match of the preset the link names."""
        if self.table is not None and route.preset in PRESETS \
                and self.table.session.rules.name != route.preset:
            self.table.session.restart(route.preset)
