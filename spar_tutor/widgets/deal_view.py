"""The deal, shown packet by packet: replays ``Deal.steps`` with Play and Step controls."""

from __future__ import annotations

from html import escape
from typing import Any, List, Optional, Sequence, Tuple

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.deal import Deal
from ..render import back_svg, hand_svg
from .common import guarded, session_reporter
from .table_html import FELT_H, FELT_W, seat_position


def deal_html(deal: Any, shown: int, names: Sequence[str], viewer: int, four: bool = False,
              words: Optional[str] = None, open_hands: bool = False) -> str:
    """The table after the first ``shown`` packets (:meth:`Deal.packets`): the viewer's
    cards face up, the others' down unless ``open_hands`` (a lesson); ``words`` in the
    middle replace the deal's own (who deals, which round)."""
    ps = deal.packets()
    held: List[List[Card]] = [[] for _ in range(deal.players)]
    for seat, _, cards in ps[:shown]:
        held[seat].extend(cards)
    clockwise = deal.rules.direction == "clockwise"
    boxes = []
    for seat in range(deal.players):
        x, y = seat_position(seat, viewer, deal.players, clockwise)
        cards = held[seat]
        if not cards:
            pic = "no cards yet"
        elif seat == viewer or open_hands:
            pic = hand_svg(cards, width_per_card=30, overlap=0.3, four_colour=four)
        else:
            pic = hand_svg(cards, face_down=True, width_per_card=24, overlap=0.5)
        dealer = ' <span class="spar-chip spar-chip-dealer">D</span>' if seat == deal.dealer else ""
        boxes.append(f'<div class="spar-seat" style="left:{x:.0f}px;top:{y:.0f}px">'
                     f'<div class="spar-seat-name">{escape(names[seat])}{dealer}</div>{pic}</div>')
    left = len(deal.pack) - sum(len(c) for _, _, c in ps[:shown])
    if words is None:
        words = _progress(ps, shown, names, deal.dealer, left)
    pack = back_svg(width=40, label=f"the pack, {left} cards") if left else ""
    centre = (f'<div class="spar-centre" style="left:{FELT_W / 2}px;top:{FELT_H / 2}px">'
              f'{pack}<br>{escape(words)}</div>')
    return (f'<div class="spar-felt" style="width:{FELT_W}px;height:{FELT_H}px">'
            f'<div class="spar-oval"></div>{centre}{"".join(boxes)}</div>')


def _progress(ps: List[Tuple[int, int, Tuple[Card, ...]]], shown: int, names: Sequence[str],
              dealer: int, left: int) -> str:
    """Where the deal is, in words."""
    if shown == 0:
        return f"{names[dealer]} is about to deal"
    if shown < len(ps):
        seat, packet, cards = ps[shown - 1]
        return f"Round {packet}: {len(cards)} cards to {names[seat]}"
    return "The deal is done" + (f": {left} cards stay in the stock" if left else "")


class DealWidget(widgets.VBox):
    """Watch the current hand's deal: Play (animated), Step, or jump with the slider."""

    def __init__(self, session: Any, four_colour: bool = False, interval_ms: int = 700,
                 **kwargs: Any) -> None:
        self.session = session
        self.four_colour = four_colour
        self.play = widgets.Play(interval=interval_ms, min=0, max=1, value=0,
                                 description="Play the deal", show_repeat=False)
        self.slider = widgets.IntSlider(min=0, max=1, value=0, description="Packet")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.step = widgets.Button(description="Step", tooltip="Deal the next packet")
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
        names = [seat.name for seat in s.seats]
        self.picture.value = deal_html(s.deal, self.slider.value, names, s.viewer,
                                       self.four_colour)
