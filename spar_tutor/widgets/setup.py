"""Free play: choose the preset, the number of players, each bot's strength, the target."""

from __future__ import annotations

import zlib
from typing import Any, List, Union

import ipywidgets as widgets

from ..engine.errors import SparError
from ..engine.rules import PRESETS, Rules, find_preset
from ..i18n import _, ngettext
from ..session import BOT_LABELS, BOT_STRENGTHS, bot_first_name
from .common import guarded, session_reporter


#: The class of each bot's strength menu (benchmarks/classroom_load.py finds them by it,
#: whatever the bots' names and the language).
BOT_MENU_CLASS = "spar-bot-choice"


def next_seed(seed: Union[int, str]) -> int:
    """The seed of the match after one played with ``seed``: another deal, yet the same
    for everyone who starts from the same seed (tests, a class shown one game)."""
    return zlib.crc32(f"{seed}:next match".encode()) & 0x7FFFFFFF


class SetupPanel(widgets.VBox):
    """The free-play settings and a 'Start a new match' button (restarts the session)."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self.preset = widgets.Dropdown(
            options=[(p.title, p.name) for p in PRESETS.values()], value=session.rules.name
            if session.rules.name in PRESETS else "standard", description=_("Game"))
        self.players = widgets.IntSlider(min=2, max=7, value=session.players,
                                         description=_("Players"))
        self.target = widgets.BoundedIntText(value=session.rules.target, min=1, max=100,
                                             step=1, description=_("Target"))
        self.bots_box = widgets.VBox()
        self.start = widgets.Button(description=_("Start a new match"), button_style="success")
        self.note = widgets.HTML()
        title = _("Free play")
        super().__init__([widgets.HTML(f'<span class="spar-panel-title">{title}</span>'),
                          self.preset, self.players, self.target, self.bots_box, self.start,
                          self.note], **kwargs)
        report = session_reporter(session)
        self.preset.observe(guarded(report)(lambda _: self._preset_changed()), names="value")
        self.players.observe(guarded(report)(lambda _: self._draw_bots()), names="value")
        self.start.on_click(guarded(report)(lambda _: self.start_match()))
        self.bot_choices: List[widgets.Dropdown] = []
        self._preset_changed()

    def _preset_changed(self) -> None:
        rules = Rules.preset(self.preset.value)
        self.players.max = rules.max_players
        self.players.min = rules.min_players
        self.target.value = rules.target
        self._draw_bots()

    def _draw_bots(self) -> None:
        old = {i: d.value for i, d in enumerate(self.bot_choices)}
        current = [s.spec for s in self.session.seats]
        self.bot_choices = []
        for seat in range(1, self.players.value):
            default = current[seat] if seat < len(current) and current[seat] in BOT_STRENGTHS \
                else "beginner"
            menu = widgets.Dropdown(
                options=[(_(BOT_LABELS[b]), b) for b in BOT_STRENGTHS],
                value=old.get(seat - 1, default),
                description=bot_first_name(seat, self.session.avoid_names))
            menu.add_class(BOT_MENU_CLASS)
            self.bot_choices.append(menu)
        self.bots_box.children = self.bot_choices

    def seats(self) -> List[str]:
        return ["human"] + [d.value for d in self.bot_choices]

    def start_match(self) -> None:
        """Restart the session with these settings and new cards."""
        try:
            rules = Rules.preset(self.preset.value, target=int(self.target.value))
            self.session.restart(rules, self.seats(), seed=next_seed(self.session.seed))
        except SparError as e:
            self.note.value = _("Cannot start: {reason}").format(reason=e.reason)
            return
        self.note.value = ngettext(
            "New match: {rules}, {players} players, first to {target} point.",
            "New match: {rules}, {players} players, first to {target} points.",
            rules.target).format(rules=find_preset(rules.name).title, players=len(self.seats()),
                                 target=rules.target)
