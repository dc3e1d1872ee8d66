"""The Rules page: the game in a minute, the presets, scoring per preset, house rules,
and every word of the game with its meaning (the glossary)."""

from __future__ import annotations

from html import escape
from typing import Any, Set

import ipywidgets as widgets

from ...engine.rules import PRESETS, find_preset
from ...i18n import _
from ...render.glossary import CSS as GLOSSARY_CSS, glossary_html, glossary_list_html
from ..guard import guarded
from ..route import Route
from .rules_tables import house_rules_table, presets_table, scoring_html
from .rules_text import BASICS, SCORING_NOTES


def basics_html() -> str:
    """The game in a minute (HTML)."""
    items = "".join("<li>" + escape(_(line)) + "</li>" for line in BASICS)
    title, minute = _("Rules of Spar"), _("The game in a minute")
    return f"<h2>{escape(title)}</h2><h3>{escape(minute)}</h3><ul>{items}</ul>"


def _section(title: str, text: str, more: str = "") -> str:
    return f"<h3>{escape(title)}</h3><p>{escape(text)}</p>{more}"


def words_html() -> str:
    """Every word of the game and what it means (HTML)."""
    return _section(_("Words of the game"),
                    _("Tap or point at an underlined word anywhere in the tutor to see what "
                      "it means. Here are all of them."), glossary_list_html())


class RulesPage(widgets.VBox):
    """The rules reference. ``?page=rules&preset=sipa`` shows Sipa's scoring."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.preset = widgets.Dropdown(
            options=[(_(p.title), p.name) for p in PRESETS.values()], value="standard",
            description=_("Game:"), layout=widgets.Layout(width="420px", max_width="100%"))
        self.scoring = widgets.HTML()
        self.preset.observe(guarded(app.say)(lambda _change: self._draw_scoring()),
                            names="value")
        #: The glossary terms marked on the page outside the scoring table.
        self.seen: Set[str] = set()
        top = [
            GLOSSARY_CSS + basics_html(),
            _section(_("The games"), _("Spar has relatives across West Africa. The tutor "
                                        "plays all of these. Choose one on the Play page."),
                     presets_table()),
            _section(_("Scoring"), _("Choose a game to see every score a hand can make in "
                                     "it.")),
        ]
        top = [glossary_html(html, self.seen) for html in top]
        # the scoring table changes with the game: it marks only the terms that
        # neither the text above it nor the house rules below it mark
        below = glossary_html(
            _section(_("House rules"), _("Players agree on the rules before they start. "
                                         "These are the extra rules the tutor knows."),
                     house_rules_table()), self.seen)
        super().__init__([widgets.HTML(top[0]), widgets.HTML(top[1]), widgets.HTML(top[2]),
                          self.preset, self.scoring, widgets.HTML(below),
                          widgets.HTML(words_html())])
        self._draw_scoring()

    def _draw_scoring(self) -> None:
        preset = find_preset(self.preset.value)
        note = SCORING_NOTES.get(preset.rules().scoring, "")
        html = (f"<p>{escape(_(preset.description))}</p>" + scoring_html(preset.name)
                + f'<p class="spar-muted">{escape(_(note))}</p>')
        self.scoring.value = glossary_html(html, set(self.seen))

    def show_route(self, route: Route) -> None:
        """Show the scoring of the preset the link names, if it is one."""
        if route.preset in PRESETS:
            self.preset.value = route.preset
