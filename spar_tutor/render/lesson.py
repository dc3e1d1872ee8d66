"""The lesson player's own pictures: its styles and a row of cards.

A step's table and deal are the app's pictures (:func:`.table.table_html`,
:func:`.deal.deal_html`), drawn by the step itself
(:meth:`spar_tutor.lessons.steps.StepRun.picture`); its words are Markdown
(:func:`.text.md`).
"""

from __future__ import annotations

from typing import Iterable

from ..engine.cards import Card
from .glossary import CSS as GLOSSARY_CSS
from .svg import card_svg

#: Width of a card in a row of cards and on a card button.
CARD_W = 62


def card_row(cards: Iterable[Card]) -> str:
    """Cards side by side, full size (an explain step's cards); empty for none."""
    return "".join(card_svg(c, width=CARD_W) + " " for c in cards)


CSS = """<style>
.spar-lab-only {display: none}
.sp-lesson {max-width: 1160px; font-size: 15px; line-height: 1.45; container-type: inline-size}
.sp-lesson .sp-step {flex-direction: column; overflow: visible; gap: 2px}
.sp-lesson .sp-area-text, .sp-lesson .sp-area-prompt, .sp-lesson .sp-area-feedback {max-width: 820px}
.sp-lesson .sp-step-title {outline: none}
.sp-lesson .sp-step-title:focus-visible {outline: 3px solid #1565c0; outline-offset: 2px}
/* a wide lesson: the step's table on the left, the words, the cards to click and the
   feedback on the right, all in view */
@container (min-width: 1000px) {
  .sp-lesson .sp-step.sp-has-table {display: grid; column-gap: 20px; align-items: start;
    grid-template-columns: 680px minmax(300px, 1fr);
    grid-template-rows: auto auto auto auto auto auto 1fr;
    grid-template-areas: "pic text" "pic prompt" "pic answers" "pic feedback" "pic saving"
                         "pic nav" "pic .";}
  .sp-lesson .sp-has-table > .sp-area-pic {grid-area: pic}
  .sp-lesson .sp-has-table > .sp-area-text {grid-area: text}
  .sp-lesson .sp-has-table > .sp-area-prompt {grid-area: prompt}
  .sp-lesson .sp-has-table > .sp-area-answers {grid-area: answers}
  .sp-lesson .sp-has-table > .sp-area-feedback {grid-area: feedback}
  .sp-lesson .sp-has-table > .sp-area-saving {grid-area: saving}
  .sp-lesson .sp-has-table > .sp-area-nav {grid-area: nav}
  .sp-lesson .sp-has-table .sp-step-title {margin-top: 0}
}
.sp-c {font-weight: bold; white-space: nowrap} .sp-red {color: #c62828}
.sp-feedback-right {border-left: 6px solid #1b7f3b; background: #e8f5e9; padding: 8px}
.sp-feedback-wrong {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-feedback-hint {border-left: 6px solid #1565c0; background: #e3f2fd; padding: 8px}
.sp-broken {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-lesson table {border-collapse: collapse} .sp-lesson td, .sp-lesson th
  {border: 1px solid #bbb; padding: 2px 8px}
.sp-lesson .spar-score td, .sp-lesson .spar-felt td {border: none}
</style>""" + GLOSSARY_CSS
