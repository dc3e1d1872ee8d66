"""Explore: deal thousands of hands and count (simulations from ``spar_tutor.explore``).

Each panel asks a question, deals when the learner clicks, and answers with a
chart and a sentence. Deals are seeded, so a class sees the same numbers.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from ...engine.cards import face_letters
from ...render.charts import bar_chart
from ..guard import guarded
from ..route import Route
from .pending import missing, notice
from ...i18n import N_, _, number, percent

HANDS = 1000
UNDER_SUIT = "dealt cards of the under card's suit"
#: The ranks of the Spar pack, 6 to ace (their letters are the language's: V, D, R in French).
RANKS = range(6, 15)

# The page's words (English, marked for the catalogue: shown through _()).
INTRO = N_("<h2>Explore</h2><p>Why does a 6 pay most? Why fight for the fourth trick? The tutor "
           "deals {hands} hands at a time, plays every card at random (but always legally) and "
           "counts. Choose, then deal.</p>")

LAST_TRICK = N_("<h3>Which card takes the last trick?</h3><p>How often each rank wins the "
                "trick that scores (in % of the hands dealt), with this many players:</p>")
LAST_TRICK_NOTE = N_("Big cards take the last trick far more often than 6s, and the more "
                     "players, the rarer a winning 6: everybody else has to be out of its suit. "
                     "Rare and hard to plan, so it pays 3. The aces win less often than the "
                     "kings only because there are three of them: the pack has no ace of "
                     "spades.")
LEAD = N_("<h3>What is it worth to lead the last trick?</h3><p>The player who wins the fourth "
          "trick leads the fifth. How often does that leader also win it, against a fair share "
          "of the tricks?</p>")
LEAD_NOTE = N_("The leader wins the last trick much more often than a fair share: the others "
               "must follow the suit the leader picks, and often cannot. So the fourth trick is "
               "the one to fight for, to lead your 6 or 7 last.")
STICKY = N_("<h3>Do similar cards stick together?</h3><p>With the shuffling custom, two or "
            "three players deal some hands from a pack that was only gathered up, not "
            "shuffled. Are those hands different?</p>")
STICKY_NOTE = N_("Hands from a gathered pack are more one-suited (clearly so with three "
                 "players), but the under card "
                 "tells you almost nothing about the other cards: only that nobody holds it.")


def _panel(*children: widgets.Widget) -> widgets.VBox:
    box = widgets.VBox(list(children))
    box.add_class("spar-panel-box")
    return box


def _deal_button(text: str, action: Callable[[], None], say: Callable[[str], None]) -> widgets.Button:
    b = widgets.Button(description=text, tooltip=_("Deal {hands} hands and count").format(
        hands=number(HANDS)))
    b.add_class("spar-primary")
    b.on_click(guarded(say)(lambda _: action()))
    return b


class ExplorePage(widgets.VBox):
    """Three questions answered by dealing many hands."""

    def __init__(self, app: Any) -> None:
        self.app = app
        if missing("spar_tutor.explore"):
            super().__init__([notice(_("Explore"), _("The explorations are not installed on "
                                                     "this server."),
                                     _("Meanwhile, the Rules page explains the game."))])
            return
        self.players = widgets.ToggleButtons(
            options=[str(n) for n in range(2, 8)], value="4", description=_("Players:"),
            tooltips=[_("{n} players").format(n=n) for n in range(2, 8)])
        self.players.style.button_width = "44px"
        self.last_chart, self.lead_chart, self.sticky_table = (widgets.HTML() for _ in range(3))
        say = app.say
        super().__init__([
            widgets.HTML(_(INTRO).format(hands=number(HANDS))),
            _panel(widgets.HTML(_(LAST_TRICK)), self.players,
                   _deal_button(_("Deal and count"), self.count_last_trick, say), self.last_chart),
            _panel(widgets.HTML(_(LEAD)),
                   _deal_button(_("Deal for 2 to 7 players"), self.count_lead, say),
                   self.lead_chart),
            _panel(widgets.HTML(_(STICKY)),
                   _deal_button(_("Deal and compare"), self.count_sticky, say),
                   self.sticky_table),
        ])

    def count_last_trick(self) -> None:
        """Chart how often each rank wins the last trick."""
        from ... import explore

        n = int(self.players.value)
        counts = explore.last_trick_ranks(n, HANDS, seed=n)
        letters = face_letters()
        groups = [(letters.get(rank, str(rank)), [100 * counts[rank] / HANDS]) for rank in RANKS]
        self.last_chart.value = (bar_chart(groups, [_("share")],
                                           _("Last trick won, {n} players").format(n=n))
                                 + f'<p class="spar-muted">{escape(_(LAST_TRICK_NOTE))}</p>')

    def count_lead(self) -> None:
        """Chart the leader's wins of the last trick against a fair share."""
        from ... import explore

        groups = [(_("{n} players").format(n=n),
                   [100 * explore.lead_value(n, HANDS, seed=n)[0], 100 / n])
                  for n in range(2, 8)]
        self.lead_chart.value = (bar_chart(groups, [_("the last trick's leader wins"),
                                                    _("a fair share (what a player would win by luck alone)")],
                                           _("Leading the last trick"), top=100)
                                 + f'<p class="spar-muted">{escape(_(LEAD_NOTE))}</p>')

    def count_sticky(self) -> None:
        """Compare hands dealt from a shuffled and from a gathered pack."""
        from ... import explore

        rows = []
        for n in (2, 3):
            result = explore.sticky_cards(n, HANDS, seed=n)
            for kind, label in (("shuffled", _("shuffled")),
                                ("re-formed", _("gathered, not shuffled"))):
                longest = result[kind]["longest suit in a hand"]
                rows.append(f"<tr><td>{n}</td><td>{label}</td>"
                            f'<td class="num">{number(longest, 2)}</td>'
                            f'<td class="num">{percent(result[kind][UNDER_SUIT])}</td></tr>')
        heads = "".join(f'<th scope="col">{h}</th>' for h in (
            _("Players"), _("Pack"), _("Longest suit in a hand (cards)"),
            _("Dealt cards in the under card's suit")))
        self.sticky_table.value = (
            f'<table class="spar-ref-table"><thead><tr>{heads}</tr></thead><tbody>'
            + "".join(rows) + f'</tbody></table><p class="spar-muted">{escape(_(STICKY_NOTE))}</p>')

    def show_route(self, route: Route) -> None:
        return None
