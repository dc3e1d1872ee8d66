"""The deal, shown packet by packet: replays ``Deal.steps`` with Play and Step controls."""

from __future__ import annotations

from typing import Any, Optional

import ipywidgets as widgets

from ..engine.deal import Deal
from ..i18n import _
from ..render.deal import deal_html
from .common import guarded, session_reporter


class DealWidget(widgets.VBox):
    """Watch the current hand's deal: Play (animated), Step, or jump with the slider."""

    def __init__(self, session: Any, four_colour: bool = False, interval_ms: int = 700,
                 **kwargs: Any) -> None:
        self.session = session
        self.four_colour = four_colour
        self.play = widgets.Play(interval=interval_ms, min=0, max=1, value=0,
                                 description=_("Play the deal"), show_repeat=False)
        self.slider = widgets.IntSlider(min=0, max=1, value=0, description=_("Packet"))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.step = widgets.Button(description=_("Step"), tooltip=_("Deal the next packet"))
        self.picture = widgets.HTML()
        super().__init__([widgets.HBox([self.play, self.step, self.slider]), self.picture],
                         **kwargs)
        report = session_reporter(session)
        self.step.on_click(guarded(report)(lambda _: self.next_packet()))
        self.slider.observe(guarded(report)(lambda _: self.draw()), names="value")
        self._deal: Optional[Deal] = None
        session.subscribe(lambda e: self.reset() if e.kind == "changed" and
                          self.session.deal is not self._deal else None)
        self.reset()

    def reset(self) -> None:
        """Start again from an undealt pack for the session's current deal."""
        deal: Deal = self.session.deal
        self._deal = deal
        n = 0 if self.session.pending == "cut" else len(deal.packets())
        self.slider.max = self.play.max = n
        self.slider.value = 0
        self.draw()

    def next_packet(self) -> None:
        if self.slider.value < self.slider.max:
            self.slider.value += 1

    def draw(self) -> None:
        s = self.session
        self.picture.value = deal_html(s.deal, self.slider.value, s.seating, s.viewer,
                                       self.four_colour)
