"""The hint panel: three levels on request (a nudge, the rule, the solver's answer)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..i18n import N_, _
from ..engine.state import move_label
from ..render.chances import CSS as CHANCES_CSS, chance_html, why_not_html
from ..render.charts import values_chart
from ..render.text import cardify
from .common import MUTED_INK, guarded, session_reporter

IDLE = N_("Stuck? Ask for a hint, starting with a nudge.")
#: While the bots play, and after the hand: the buttons are off, and this says why.
WAITING = N_("Hints are for your turn.")
OVER = N_("The hand is over: no more hints. Review this hand to see each of your choices.")
LABELS = {1: N_("1 · Nudge"), 2: N_("2 · The idea"), 3: N_("3 · The computer's card")}
#: Under the 100 dots of the computer's card: what a dot is.
DOTS = N_("Each dot is one deal of the cards you cannot see. Gold: {card} won the hand.")


class HintPanel(widgets.VBox):
    """Hint buttons and the answer; the answer is cleared when the game moves on."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self.buttons = {level: widgets.Button(description=_(label),
                                              tooltip=_("Hint level {level}").format(level=level),
                                              layout=widgets.Layout(width="auto"))
                        for level, label in LABELS.items()}
        self.answer = widgets.HTML()
        title = widgets.HTML('<span class="spar-panel-title">' + _("Hints") + "</span>")
        row = widgets.HBox(list(self.buttons.values()))
        row.add_class("spar-hint-buttons")  # wraps: each label whole, in any language
        super().__init__([title, row, self.answer], **kwargs)
        self.add_class("spar-panel")
        self.last = None
        report = session_reporter(session)
        for level, b in self.buttons.items():
            b.on_click(guarded(report)(lambda _, level=level: self.show(level)))
        session.subscribe(self._on_event)
        self._idle()

    def _on_event(self, event: Any) -> None:
        if event.kind == "changed":
            self.last = None
            self._idle()

    def _idle(self) -> None:
        """No hint on show: the buttons on for the learner's turn, and words that fit."""
        s = self.session
        on = bool(s.is_human_turn or s.pending)
        for b in self.buttons.values():
            b.disabled = not on
        words = IDLE if on else OVER if s.state.is_over() else WAITING
        self.answer.value = f'<div class="spar-hint-text">{_(words)}</div>'

    def show(self, level: int) -> None:
        """Ask the session for hint ``level`` and show it."""
        answer = self.session.hint(level)
        self.last = answer
        self.answer.value = hint_html(answer)


def hint_html(answer: Any) -> str:
    """A hint (:class:`~spar_tutor.session.HintAnswer`) as the hint panel shows it: its
    title and words, the chance dots of the best card, "Why not X?" for the others, and at
    level 3 the chart of every choice. The Play table and a shared table draw it alike."""
    # Translators: a hint's title, then its words
    said = _("{title}: {text}").format(title=f"<b>{escape(answer.title)}</b>",
                                       text=cardify(escape(answer.text)))
    body = f'{CHANCES_CSS}<div class="spar-hint-text">{said}</div>'
    best = answer.values[0] if answer.values else None
    if best is not None and len(answer.values) > 1 and answer.worlds:
        label = best.label or (best.card.symbol_text if best.card else "")
        dots = escape(_(DOTS).format(card=label))
        body += chance_html(best.win_chance, label, cardify(dots))
    if answer.why_not:
        body += why_not_html([(move_label(move), text) for move, text in answer.why_not],
                             lambda text: cardify(escape(text)))
    if answer.values and len(answer.values) > 1:
        body += values_chart(answer.values, answer.best, gold=answer.as_good)
        if answer.worlds:
            body += (f'<div style="font-size:11px;color:{MUTED_INK}">'
                     + _("The computer tried {deals} deals of the cards you cannot see "
                         "and counted the wins out of every 100.").format(
                         deals=answer.worlds) + "</div>")
    return body
