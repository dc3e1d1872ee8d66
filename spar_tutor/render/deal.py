"""The deal drawn as HTML: the felt of :mod:`spar_tutor.render.table`, the packets dealt so far.

:func:`deal_html` is a pure function of a deal and how many packets are shown, so
the deal widget, the table before the cut and the lessons draw the same picture.
"""

from __future__ import annotations

from html import escape
from typing import List, Optional, Sequence, Tuple

from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.words import players_of
from ..i18n import _, ngettext
from .svg import back_svg, hand_svg
from .table import FELT_H, FELT_W, dealer_chip, seat_name_html, seat_style


def deal_html(deal: Deal, shown: int, names: Sequence[str], viewer: int, four: bool = False,
              words: Optional[str] = None, open_hands: bool = False) -> str:
    """The table after the first ``shown`` packets (:meth:`Deal.packets`): the viewer's
    cards face up, the others' down unless ``open_hands`` (a lesson); ``words`` in the
    middle replace the deal's own (who deals, which round)."""
    ps = deal.packets()
    held: List[List[Card]] = [[] for _ in range(deal.players)]
    for seat, _round, packet in ps[:shown]:
        held[seat].extend(packet)
    clockwise = deal.rules.direction == "clockwise"
    boxes = []
    for k in range(1, deal.players + 1):  # in play order from the viewer's left, the viewer last
        seat = (viewer + k) % deal.players
        cards = held[seat]
        if not cards:
            pic = _("no cards yet")
        elif seat == viewer or open_hands:
            pic = hand_svg(cards, width_per_card=30, overlap=0.3, four_colour=four)
        else:
            pic = hand_svg(cards, face_down=True, width_per_card=24, overlap=0.5)
        dealer = " " + dealer_chip() if seat == deal.dealer else ""
        style = seat_style(seat, viewer, deal.players, clockwise)
        you = " spar-you" if seat == viewer else ""
        boxes.append(f'<div class="spar-seat{you}" style="{style}">'
                     f'{seat_name_html(names[seat], dealer)}'
                     f'{pic}</div>')
    left = len(deal.pack) - sum(len(c) for _, _, c in ps[:shown])
    if words is None:
        words = _progress(ps, shown, names, deal.dealer, left)
    pack = back_svg(width=40, label=ngettext("the pack, {n} card", "the pack, {n} cards",
                                             left).format(n=left)) if left else ""
    centre = (f'<div class="spar-centre" style="left:{FELT_W / 2}px;top:{FELT_H / 2}px">'
              f'{pack}<br>{escape(words)}</div>')
    return (f'<div class="spar-felt" style="width:{FELT_W}px;height:{FELT_H}px">'
            f'<div class="spar-oval"></div>{centre}{"".join(boxes)}</div>')


def _progress(ps: List[Tuple[int, int, Tuple[Card, ...]]], shown: int, names: Sequence[str],
              dealer: int, left: int) -> str:
    """Where the deal is, in words."""
    players = players_of(names)
    if shown == 0:
        return players.say(_("You are about to deal."), _("{player} is about to deal."), dealer)
    if shown < len(ps):
        seat, packet, cards = ps[shown - 1]
        return ngettext("Round {round}: {n} card to {player}",
                        "Round {round}: {n} cards to {player}", len(cards)).format(
                            round=packet, n=len(cards), player=players.name(seat))
    if left:
        return ngettext("The deal is done: {n} card stays in the stock",
                        "The deal is done: {n} cards stay in the stock", left).format(n=left)
    return _("The deal is done")
