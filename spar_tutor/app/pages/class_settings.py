"""The Class page's settings for the whole class: what stakes and bets are counted in
(cedis, francs CFA or tokens), and whether there are stakes and bets at all
(:mod:`spar_tutor.learning.class_settings` keeps them in the progress database)."""

from __future__ import annotations

import logging
from html import escape
from typing import Any, List, Tuple

import ipywidgets as widgets

from ...i18n import _
from ...i18n.money import CURRENCIES, BY_LANGUAGE
from ...learning.class_settings import class_settings, save_class_settings
from ...store import StoreError, shared_store
from ..guard import guarded

log = logging.getLogger("spar_tutor.app")


def currency_options() -> List[Tuple[str, str]]:
    """The currency menu: the language's own first ("" keeps it), then each currency."""
    default = _(CURRENCIES[BY_LANGUAGE.get("fr", "cedis")])
    return ([(_("as the language says (cedis in English, {fr} in French)").format(fr=default),
              "")] + [(_(name), key) for key, name in CURRENCIES.items()])


class ClassSettingsPanel(widgets.VBox):
    """Two settings and a Save button; a learner's page takes them when it next opens."""

    def __init__(self, app: Any) -> None:
        self.app = app
        now = class_settings()
        self.currency = widgets.Dropdown(
            options=currency_options(), value=now.currency or "",
            description=_("Money counted in:"), style={"description_width": "initial"},
            layout=widgets.Layout(width="460px", max_width="100%"))
        self.money = widgets.Checkbox(
            value=now.money, indent=False,
            description=_("Stakes and bets at the Play table"),
            layout=widgets.Layout(width="auto"))
        self.save = widgets.Button(description=_("Save for the class"),
                                   tooltip=_("Every learner's page uses these settings the "
                                             "next time it is opened"))
        self.save.add_class("spar-secondary")
        self.save.on_click(guarded(app.say)(lambda _b: self.keep()))
        self.said = widgets.HTML()
        about = escape(_("Stakes and bets are part of the table's customs in Ghana. For a class "
                         "that should not bet, turn them off: the Play table then plays "
                         "without money, and the lessons still explain it."))
        title = escape(_("Class settings"))
        super().__init__([widgets.HTML(f"<h3>{title}</h3><p>{about}</p>"),
                          self.currency, self.money, widgets.HBox([self.save]), self.said])
        self.add_class("spar-panel-box")

    def keep(self) -> None:
        """Save the settings for the class, and say so."""
        try:
            save_class_settings(shared_store(), self.currency.value or None, self.money.value)
        except StoreError as e:
            log.warning("the class's settings could not be saved: %s", e)
            self.said.value = ('<p role="status">' + escape(_(
                "The settings could not be saved: the progress database cannot be written "
                "right now. Try again in a minute.")) + "</p>")
            return
        self.said.value = '<p role="status">' + escape(_(
            "Saved. Each learner's page uses them the next time it is opened.")) + "</p>"


__all__ = ["ClassSettingsPanel", "currency_options"]
