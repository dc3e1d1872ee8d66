"""HTML pictures for lesson steps: Markdown text, cards, the table, the deal.

Pure functions of the step and its live state (no widgets of their own). The
table and the deal are the app's pictures (:func:`~spar_tutor.widgets.table_html.
table_html`, :func:`~spar_tutor.widgets.deal_view.deal_html`), with the other
hands open unless the step hides them, and without giving away what the step asks.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, List, Sequence

from ..engine.cards import Card, parse_card
from ..render import hand_svg
from ..engine.state import HandState
from .model import Step
from .steps import DealRun

CARD_W = 58

_CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[6-9TJQKA])([SHDC])(?![\w-])")

#: What each question kind asks about the table, so the picture keeps quiet about it.
ASKING = {"trick": "winner", "points": "points"}


def cardify(html: str) -> str:
    """Card codes in text (``6S``, ``KH``, ``10C``) as coloured suit symbols."""
    def one(m: "re.Match[str]") -> str:
        card = parse_card(m.group(0))
        red = " sp-red" if card.suit in "HD" else ""
        return f'<span class="sp-c{red}" title="{card.name}">{card.symbol_text}</span>'

    return _CARD_CODE.sub(one, html)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))


def cards_html(cards: Iterable[Card], width: float = CARD_W, overlap: float = 0.0) -> str:
    cs = list(cards)
    if not cs:
        return ""
    return hand_svg(cs, width_per_card=width, overlap=overlap)


def card_list(texts: Sequence[str]) -> List[Card]:
    return [parse_card(t) for t in texts]


def names_for(step: Step, players: int) -> List[str]:
    return [step.name(s) for s in range(players)]


def table_picture(state: HandState, step: Step, hand_below: bool = False,
                  played: Sequence[Card] = ()) -> str:
    """The app's table for a step: the learner at the bottom (their cards left to the
    buttons below when ``hand_below``), the others' cards open unless the step hides
    them, ``played`` listed as played before the position."""
    from ..widgets.table_html import table_html  # the widgets package loads ipywidgets

    return table_html(state, names_for(step, state.players), _viewer(step),
                      show_own=not hand_below, open_hands=not step.hidden,
                      asking=ASKING.get(step.kind, ""), played_before=played)


def deal_picture(run: DealRun, step: Step) -> str:
    """The app's deal picture after the packets dealt so far, every hand face up."""
    from ..widgets.deal_view import deal_html

    deal = run.deal
    return deal_html(deal, run.shown, names_for(step, deal.players), _viewer(step),
                     open_hands=True)


def _viewer(step: Step) -> int:
    """The seat drawn at the bottom: the learner's, else the first."""
    return step.seat if isinstance(step.seat, int) else 0


CSS = """<style>
.sp-lesson {max-width: 820px; font-size: 15px; line-height: 1.45}
.sp-c {font-weight: bold; white-space: nowrap} .sp-red {color: #c62828}
.spar-table .sp-red {color: #ffab91}
.sp-feedback-right {border-left: 6px solid #1b7f3b; background: #e8f5e9; padding: 8px}
.sp-feedback-wrong {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-feedback-hint {border-left: 6px solid #1565c0; background: #e3f2fd; padding: 8px}
.sp-broken {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-lesson table {border-collapse: collapse} .sp-lesson td, .sp-lesson th
  {border: 1px solid #bbb; padding: 2px 8px}
.sp-lesson .spar-score td, .sp-lesson .spar-felt td {border: none}
</style>"""
