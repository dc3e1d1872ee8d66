"""The deal, shown packet by packet: replays ``Deal.steps`` with Play, Stop and Step buttons."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

import ipywidgets as widgets

from ..engine.deal import Deal
from ..i18n import _
from ..render.deal import deal_html
from .common import guarded, in_kernel, session_reporter


def _kernel_loop() -> Optional[asyncio.AbstractEventLoop]:
    """The kernel's event loop, to deal the next packet later (``None`` outside a kernel)."""
    if not in_kernel():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class DealWidget(widgets.VBox):
    """Watch the current hand's deal: Play the deal (a packet every ``interval_ms``), Stop,
    Step, or jump with the slider. Every button says what it does (screen readers too)."""

    def __init__(self, session: Any, four_colour: bool = False, interval_ms: int = 700,
                 **kwargs: Any) -> None:
        self.session = session
        self.four_colour = four_colour
        self.interval_ms = interval_ms
        self.playing = False
        self.play = widgets.Button(description=_("Play the deal"), icon="play",
                                   tooltip=_("Deal the packets one after another"))
        self.stop = widgets.Button(description=_("Stop"), icon="stop", disabled=True,
                                   tooltip=_("Stop dealing here"))
        self.slider = widgets.IntSlider(min=0, max=1, value=0, description=_("Packet"))
        self.step = widgets.Button(description=_("Step"), tooltip=_("Deal the next packet"))
        self.picture = widgets.HTML()
        super().__init__([widgets.HBox([self.play, self.stop, self.step, self.slider]),
                          self.picture], **kwargs)
        report = session_reporter(session)
        self.play.on_click(guarded(report)(lambda _b: self.start()))
        self.stop.on_click(guarded(report)(lambda _b: self.halt()))
        self.step.on_click(guarded(report)(lambda _b: self.next_packet()))
        self.slider.observe(guarded(report)(lambda _c: self.draw()), names="value")
        self._tick = guarded(report)(self._next_tick)
        self._deal: Optional[Deal] = None
        session.subscribe(lambda e: self.reset() if e.kind == "changed" and
                          self.session.deal is not self._deal else None)
        self.reset()

    def start(self) -> None:
        """Deal packet after packet (from the start if all were dealt), until Stop."""
        if self.slider.value >= self.slider.max:
            self.slider.value = 0
        self._playing(True)
        self._tick()

    def halt(self) -> None:
        """Stop dealing: the picture stays where it is."""
        self._playing(False)

    def _playing(self, flag: bool) -> None:
        self.playing = flag
        self.play.disabled, self.stop.disabled = flag, not flag

    def _next_tick(self) -> None:
        """One packet, then the next a moment later (in a kernel; outside one, all at once)."""
        while self.playing:
            if self.slider.value >= self.slider.max:
                self._playing(False)
                return
            self.slider.value += 1
            loop = _kernel_loop()
            if loop is not None:
                loop.call_later(self.interval_ms / 1000, self._tick)
                return

    def reset(self) -> None:
        """Start again from an undealt pack for the session's current deal."""
        self._playing(False)
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
