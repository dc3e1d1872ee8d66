"""The declarations panel: under ten, dry, wet and the under card, offered only when allowed.

The buttons come from :meth:`GameSession.offers` (the engine's legal actions
for the human to move), so an offer the rules do not allow is never shown.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..engine.state import Action
from ..i18n import N_, _
from ..session.coach import offer_label
from .common import guarded, session_reporter

#: The question above the buttons (HTML, English: shown through ``_()``).
QUESTIONS = {
    "under_ten": N_("Your hand is <b>under ten</b> (every card is 9 or lower). Exchange it?"),
    "declare_dry": N_("Do you want to declare a <b>dry</b>? (a 6 or 7, shown face up)"),
    "declare_wet": N_("Do you want to declare a <b>wet</b>? (another 6 or 7 of another suit, "
                      "face down)"),
    "under_card": N_("This is the second-to-last trick: you may ask to see the <b>under card</b> "
                     "(the bottom card of the stock), once per hand."),
}


class DeclarationsPanel(widgets.VBox):
    """Buttons for the pre-lead decisions and the under card; hidden when nothing is offered."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self._question = widgets.HTML()
        self._buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self._question, self._buttons], **kwargs)
        self.add_class("spar-panel")
        self._report = session_reporter(session)
        session.subscribe(lambda e: self.refresh() if e.kind == "changed" else None)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        offers = s.offers()
        old = self._buttons.children
        if not offers:
            self.layout.display = "none"
            self._buttons.children = ()
        else:
            state = s.state
            has_dry = state.dry[state.to_move] is not None
            if state.phase == "under_ten":
                key = "under_ten"
            elif state.phase == "declare":
                key = "declare_wet" if has_dry else "declare_dry"
            else:
                key = "under_card"
            self._question.value = _(QUESTIONS[key])
            self._buttons.children = [self._button(a, offer_label(a, state.phase, has_dry),
                                                   s.version) for a in offers]
            self.layout.display = None
        for b in old:
            b.close()

    def _button(self, action: Action, label: str, version: int) -> widgets.Button:
        style = "" if action.kind == "pass" else "warning"
        b = widgets.Button(description=label, button_style=style, tooltip=label,
                           layout=widgets.Layout(width="auto"))

        @guarded(self._report)
        def clicked(_: Any) -> None:
            outcome = self.session.move(action, version=version)
            if not outcome.ok and outcome.message:
                self.session.emit("message", outcome.message)

        b.on_click(clicked)
        return b
