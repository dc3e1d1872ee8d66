"""The table widget: the felt, the seats, the trick, the pile, the stock (an HTML view)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..engine.words import Players
from ..i18n import _
from ..render.deal import deal_html
from ..render.table import side_html, table_html
from .common import MovePacer


class TableWidget(widgets.HTML):
    """Draws ``session.state`` around a table; redraws on every change. With
    ``split_side`` what lies beside the table (the stock, the played cards) is drawn in
    ``self.side`` instead, for the screen to put elsewhere."""

    def __init__(self, session: Any, four_colour: bool = False, split_side: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.four_colour = four_colour
        self.side = widgets.HTML() if split_side else None
        self._pacer = MovePacer()
        self._unsubscribe = session.subscribe(self._on_event)
        self.refresh()

    def _on_event(self, event: Any) -> None:
        if event.kind == "changed":
            self._pacer.changed()
            self.refresh()
        elif event.kind == "moved" and self._pacer.due():
            self.refresh()

    def set_four_colour(self, flag: bool) -> None:
        self.four_colour = bool(flag)
        self.refresh()

    def names(self) -> Players:
        seating: Players = self.session.seating
        return seating

    def refresh(self) -> None:
        s = self.session
        if s.pending == "cut":  # nothing is dealt until the cut is made
            players = s.seating
            deals = players.say(_("You are about to deal."), _("{player} is about to deal."),
                                s.deal.dealer)
            cuts = players.say(_("You may cut the pack."), _("{player} may cut the pack."),
                               s.viewer)
            # Translators: two sentences: who is about to deal, then who may cut
            words = _("{deals} {cuts}").format(deals=deals, cuts=cuts)
            self.value = ('<div class="spar-table">'
                          + deal_html(s.deal, 0, players, s.viewer, self.four_colour, words)
                          + "</div>")
            if self.side is not None:
                self.side.value = ""
            return
        self.value = table_html(s.state, self.names(), s.viewer, scores=s.match.scores,
                                four_colour=self.four_colour, result_text=s.result_text(),
                                side=self.side is None, paused=s.pending is not None)
        if self.side is not None:
            self.side.value = side_html(s.state, self.names(), self.four_colour)
