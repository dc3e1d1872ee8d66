"""The Rules page: the game in a minute, the presets, scoring per preset, house rules."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ...engine.rules import PRESETS, find_preset
from ..guard import guarded
from ..route import Route
from .rules_tables import house_rules_table, presets_table, scoring_html
from .rules_text import SCORING_NOTES, WORDS

BASICS = """
<h2>Rules of Spar</h2>
<h3>The game in a minute</h3>
<ul>
<li>Two to seven players. The usual pack has 35 cards: 6 up to ace in each suit, but the
ace of spades is left out, so the king is the top spade.</li>
<li>Everyone gets five cards, dealt three and then two. The player after the dealer leads
the first trick.</li>
<li>If you hold a card in the led suit, you have to play one, low or high as you like. If you
hold none, play any card: it cannot win.</li>
<li>The highest card of the led suit takes the trick, and its owner leads the next one.
There are no trumps.</li>
<li>Only the <b>last trick</b> scores. The smaller the card that takes it, the more it pays:
a 6 scores 3, a 7 scores 2, anything else 1. First to the target wins the match.</li>
</ul>
"""


def _words_html() -> str:
    items = "".join(f"<dt><b>{escape(w)}</b></dt><dd>{escape(m)}</dd>" for w, m in WORDS)
    return f"<h3>Words at the table</h3><dl>{items}</dl>"


class RulesPage(widgets.VBox):
    """The rules reference. ``?page=rules&preset=sipa`` shows Sipa's scoring."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.preset = widgets.Dropdown(
            options=[(p.title, p.name) for p in PRESETS.values()], value="standard",
            description="Game:", layout=widgets.Layout(width="420px"))
        self.scoring = widgets.HTML()
        self.preset.observe(guarded(app.say)(lambda _: self._draw_scoring()), names="value")
        super().__init__([
            widgets.HTML(BASICS),
            widgets.HTML("<h3>The games</h3><p>Spar has relatives across West Africa. The tutor "
                         "plays all of these; choose one on the Play page.</p>" + presets_table()),
            widgets.HTML("<h3>Scoring</h3><p>Choose a game to see every score a hand can "
                         "make in it.</p>"),
            self.preset, self.scoring,
            widgets.HTML("<h3>House rules</h3><p>Tables agree on the rules before they "
                         "start. These are the extras the tutor knows.</p>"
                         + house_rules_table()),
            widgets.HTML(_words_html()),
        ])
        self._draw_scoring()

    def _draw_scoring(self) -> None:
        preset = find_preset(self.preset.value)
        note = SCORING_NOTES.get(preset.rules().scoring, "")
        self.scoring.value = (f"<p>{escape(preset.description)}</p>" + scoring_html(preset.name)
                              + f'<p class="spar-muted">{escape(note)}</p>')

    def show_route(self, route: Route) -> None:
        """Show the scoring of the preset the link names, if it is one."""
        if route.preset in PRESETS:
            self.preset.value = route.preset
