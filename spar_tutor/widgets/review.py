"""The review after a hand: each decision judged from what the learner could see, the
hindsight with all cards seen beside it, and a replay."""

from __future__ import annotations

from html import escape
from typing import Any, List, Sequence, Set

import ipywidgets as widgets

from ..engine.state import move_label, move_said
from ..render.chances import CSS as CHANCES_CSS, why_not_html
from ..i18n import N_, _
from ..render.glossary import CSS as GLOSSARY_CSS, glossary_html
from ..render.table import table_html
from ..render.text import cardify
from .common import BAD_INK, GOOD_INK, INK, MUTED_INK, guarded, session_reporter

WAITING = N_("When the hand is over, ask for a review of every decision you made.")


def review_html(lines: Sequence[Any], hand_number: int) -> str:
    """The review of one hand (:class:`~spar_tutor.session.ReviewLine` each): every decision
    with its verdict from the learner's view, the rule of thumb it broke, and the hindsight
    with all cards seen. The Play table and a shared table draw it alike."""
    rows = []
    seen: Set[str] = set()  # each rule word (dry, wet, trick...) explained once, on hover

    def words(text: str) -> str:
        return glossary_html(cardify(escape(text)), seen)

    for line in lines:
        colour = BAD_INK if line.mistake else GOOD_INK
        when = (_("Trick {number}").format(number=line.trick) if line.trick
                else _("Before play"))
        tip = (f"<div class='spar-review-tip' style='color:{INK}'>{words(line.tip)}</div>"
               if line.tip else "")
        tip += why_not_html([(move_label(m), text) for m, text in line.why_not], words)
        rows.append(f"<tr><td>{when}</td><td class='spar-review-view' style='color:{colour}'>"
                    f"{words(line.text)}{tip}</td><td class='spar-review-hindsight' "
                    f"style='color:{MUTED_INK}'>{words(line.hindsight)}</td></tr>")
    view, hindsight = _("From what you could see"), _("With all cards seen (hindsight)")
    head = f"<tr><th></th><th>{view}</th><th>{hindsight}</th></tr>"
    body = head + "".join(rows) if rows else \
        "<tr><td>" + _("You made no decision this hand.") + "</td></tr>"
    title = _("Your decisions, hand {number}").format(number=hand_number)
    return (f'{GLOSSARY_CSS}{CHANCES_CSS}<div class="spar-panel-title">{title}'
            f'</div><table class="spar-review">{body}</table>')


class ReviewPanel(widgets.VBox):
    """A 'Review this hand' button, the solver's verdict on each card, and a replay slider."""

    def __init__(self, session: Any, four_colour: bool = False, **kwargs: Any) -> None:
        self.session = session
        self.four_colour = four_colour
        self.button = widgets.Button(description=_("Review this hand"), button_style="info",
                                     tooltip=_("Was each of your decisions good, from what you could see?"))
        self.lines = widgets.HTML(_(WAITING))
        self.slider = widgets.IntSlider(description=_("Replay"), min=0, max=0, value=0,
                                        readout=False,  # "Move 3 of 20" says it below
                                        continuous_update=True,
                                        layout=widgets.Layout(width="95%"))
        self.step_text = widgets.HTML()
        self.replay = widgets.HTML()
        self.replay.add_class("spar-replay")
        self._states: List[Any] = []
        self._replay_box = widgets.VBox([self.slider, self.step_text, self.replay])
        super().__init__([self.button, self.lines, self._replay_box], **kwargs)
        report = session_reporter(session)
        self.button.on_click(guarded(report)(lambda _: self.show()))
        self.slider.observe(guarded(report)(lambda _: self._draw_replay()), names="value")
        session.subscribe(lambda e: self._reset() if e.kind == "changed" else None)
        self._reset()

    def _reset(self) -> None:
        over = self.session.state.is_over()
        self.button.disabled = not over
        self.lines.value = _(WAITING)
        self._replay_box.layout.display = "none"

    def show(self) -> None:
        """Compute and show the review and the replay of the finished hand."""
        s = self.session
        if not s.state.is_over():
            self.lines.value = _(WAITING)
            return
        self.lines.value = review_html(s.review(), s.hand_number)
        self._states = list(s.states)
        self.slider.max = len(self._states) - 1
        self.slider.value = 0
        self._draw_replay()
        self._replay_box.layout.display = None

    def _draw_replay(self) -> None:
        if not self._states:
            return
        i = self.slider.value
        state = self._states[i]
        s = self.session
        players = s.seating
        if i:
            seat, move = state.history[-1]
            # Translators: a step of the replay, then what was played ("Kofi played 7♥.")
            self.step_text.value = cardify(escape(_("Move {number} of {moves}: {move}").format(
                number=i, moves=len(self._states) - 1,
                move=players.tell(move_said(seat, move)))))
        else:
            self.step_text.value = _("The start of the hand")
        reason = state.result.words(players) if state.result else ""
        self.replay.value = table_html(state, players, s.viewer, four_colour=self.four_colour,
                                       result_text=reason, show_own=True)
