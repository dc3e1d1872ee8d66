"""Before a hand: the cut (a slider and two buttons) and the bets (offer, match, decline).

Both panels show only while the session waits for that decision
(``session.pending``) and act only through the session, which asks the engine.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, List

import ipywidgets as widgets

from .common import guarded, session_reporter
from ..i18n import _
from ..i18n.money import money as in_money


class _Panel(widgets.VBox):
    """A panel that redraws on every change and reports refused actions."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self._report = session_reporter(session)
        self._version = -1  # the session version the panel was drawn for
        self.note = widgets.HTML()
        super().__init__(**kwargs)
        self.add_class("spar-panel")
        self.layout.max_width = "680px"  # as wide as the table, so the hints stay beside it

    def _start(self, children: List[widgets.Widget]) -> None:
        self.children = children + [self.note]
        self.session.subscribe(lambda e: self.refresh() if e.kind == "changed" else None)
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the session (each panel has its own)."""

    def _act(self, do: Callable[[], Any]) -> None:
        outcome = do()  # the session tells its views the news of an accepted action
        if not outcome.ok and outcome.message:
            self.note.value = escape(outcome.message)
            self.session.emit("message", outcome.message)

    def _button(self, label: str, do: Callable[[], Any], style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, tooltip=label, button_style=style,
                           layout=widgets.Layout(width="auto"))
        b.on_click(guarded(self._report)(lambda _: self._act(do)))
        return b


class CutPanel(_Panel):
    """The cutter lifts 1 to N-1 cards off the top and puts them underneath, or does not cut."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        super().__init__(session, **kwargs)
        self.question = widgets.HTML()
        self.lift = widgets.IntSlider(min=1, max=2, value=1, description=_("Lift"),
                                      continuous_update=False)
        self.cut_button = self._button(_("Cut"), lambda: self.session.cut(
            self.lift.value, version=self._version), "warning")
        self.no_cut = self._button(_("No cut"), lambda: self.session.cut(
            None, version=self._version))
        self._start([self.question, widgets.HBox([self.lift, self.cut_button, self.no_cut])])

    def refresh(self) -> None:
        s = self.session
        if s.pending != "cut":
            self.layout.display = "none"
            return
        self.layout.display = None
        self._version = s.version
        size = s.rules.deck_size
        self.lift.max = size - 1
        self.lift.value = size // 2
        self.note.value = ""
        self.question.value = _(
            "{dealer} is about to deal. You sit just before the dealer, "
            "so you may <b>cut</b>: lift 1 to {most} cards off the top of the pack and put "
            "them underneath. Or leave the pack as it is.").format(
                dealer=escape(s.name(s.deal.dealer)), most=size - 1)


class BetPanel(_Panel):
    """Bets before the first trick: offer one (up to your money), match or decline others'."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        super().__init__(session, **kwargs)
        self.info = widgets.HTML()
        self.offers = widgets.VBox()
        self.amount = widgets.BoundedIntText(value=1, min=1, max=1, description=_("Your bet"),
                                             layout=widgets.Layout(width="190px"))
        self.offer = self._button(_("Offer this bet"), lambda: self.session.offer_bet(
            self.amount.value, version=self._version), "warning")
        self.no_bet = self._button(_("No bet"), lambda: self.session.offer_bet(
            0, version=self._version))
        self.offer_box = widgets.HBox([self.amount, self.offer, self.no_bet])
        self._start([self.info, self.offers, self.offer_box])

    def refresh(self) -> None:
        s = self.session
        r = s.bet_round
        old = self.offers.children
        if s.pending != "bets" or r is None:
            self.layout.display = "none"
            self.offers.children = ()
        else:
            self.layout.display = None
            self._draw(r)
        for row in old:
            row.close()

    def _draw(self, r: Any) -> None:
        s = self.session
        self._version = s.version
        seat = s.viewer
        money = r.available(seat)
        players = s.seating
        lines = "".join(f"<li>{escape(line)}</li>" for line in r.lines(players))
        title = _("Bets before the first trick")
        has = players.say(_("You have {money} to bet with."),
                          _("{player} has {money} to bet with."), seat, money=in_money(money))
        rule = _("A bet stands if someone matches it. If a player in the bet (who offered or "
                 "matched it) wins the hand, they take all the money put into that bet; otherwise "
                 "everyone takes their own back.")
        self.info.value = (
            f'<span class="spar-panel-title">{title}</span><br>{escape(has)} {escape(rule)}'
            f"<ul style='margin:4px 0'>{lines}</ul>")
        self.offers.children = [self._answer_row(i) for i in r.answers_due(seat)]
        self.offer_box.layout.display = None if r.offer_due(seat) else "none"
        if r.offer_due(seat):
            self.amount.max = money
            self.amount.value = min(max(1, s.rules.buy_in // 10), money)

    def _answer_row(self, index: int) -> widgets.HBox:
        s = self.session
        bet = s.bet_round.bets[index]
        version = s.version
        words = widgets.HTML(_("{player} offers {amount}:").format(
            player=escape(s.name(bet.seat)), amount=in_money(bet.amount)))
        yes = self._button(_("Match {amount}").format(amount=in_money(bet.amount)), lambda: s.answer_bet(
            index, True, version=version), "warning")
        no = self._button(_("Decline"), lambda: s.answer_bet(index, False, version=version))
        return widgets.HBox([words, yes, no])
