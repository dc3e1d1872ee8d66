"""The scoreboard: totals, the money ledger (stakes and bets), every hand, and a chart."""

from __future__ import annotations

from html import escape
from typing import Any, List, Optional, Sequence, Tuple

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..i18n.money import currency_name, money as in_money
from ..session.bets import bet_words
from ..render.charts import score_chart
from ..render.text import cardify
from .common import defer, guarded, session_reporter


def signed(amount: int) -> str:
    """+5, -3, 0: a change of money."""
    return f"+{amount}" if amount > 0 else str(amount)


def money_words(changes: Sequence[int], names: Sequence[str], bets: Sequence[int] = ()) -> str:
    """'Money: You +20, Ama -10' (only the seats whose money changed); where a bet moved
    some of it: 'You -11 (-1 for the hand, -10 for the bet)'."""
    moved = []
    for s, c in enumerate(changes):
        if not c:
            continue
        bet = bets[s] if bets else 0
        if bet and bet != c:
            # Translators: a player's money this hand, then its two parts: "Kofi -11 (-1
            # for the hand, -10 for the bet)"
            moved.append(_("{player} {change} ({hand} for the hand, {bet} for the bet)").format(
                player=names[s], change=signed(c), hand=signed(c - bet), bet=signed(bet)))
        elif bet:
            moved.append(_("{player} {change} (for the bet)").format(player=names[s],
                                                                    change=signed(c)))
        else:
            # Translators: a player's name and the money they won or lost: "Kofi +5"
            moved.append(_("{player} {change}").format(player=names[s], change=signed(c)))
    return _("Money: {changes}.").format(changes=_(", ").join(moved)) if moved else ""


class Scoreboard(widgets.VBox):
    """Totals and money per seat, one row per hand (with its money), and the score chart."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        super().__init__([self.table, self.chart], **kwargs)
        self._drawn: Optional[Tuple[Any, ...]] = None
        session.subscribe(lambda e: self.refresh() if e.kind == "changed" else None)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        match = s.match
        names = tuple(seat.name for seat in s.seats)
        money = bool(s.rules.stake or s.rules.betting)
        heads = [_("Player"), _("Points")] + (
            [_("Money ({currency})").format(currency=currency_name())] if money else [])
        head = "<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>"
        rows = [head]
        for seat, name in enumerate(names):
            cash = f"<td>{match.money[seat]}</td>" if money else ""
            rows.append(f"<tr><td>{escape(name)}</td><td><b>{match.scores[seat]}</b></td>{cash}</tr>")
        target = s.rules.target if s.rules.fixed_hands is None else None
        hands = s.rules.fixed_hands or 0
        goal = (ngettext("Score (first to {target} point wins)",
                         "Score (first to {target} points wins)", target).format(target=target)
                if target else
                ngettext("Score ({hands} hand, most points wins)",
                         "Score ({hands} hands, most points wins)", hands).format(hands=hands))
        said = tuple(s.name(seat) for seat in range(len(names)))  # "Kofi", not "Kofi (beginner)"
        items = "".join(f"<li>{cardify(escape(line))}</li>" for line in self.lines(said))
        self.table.value = (f'<div class="spar-panel-title">{goal}</div>'
                            f'<table class="spar-score">{"".join(rows)}</table>'
                            f'<ul style="margin:4px 0;padding-left:18px;font-size:12px">{items}</ul>')
        key = (names, match.history, target)
        if key == self._drawn:
            return  # the chart is slow to draw: only when a hand has ended
        self._drawn = key
        if not match.history:
            self.chart.value = ""
            return
        defer(guarded(session_reporter(s))(lambda: self._draw_chart(match.history, names, target)))

    def lines(self, names: Sequence[str]) -> List[str]:
        """Each hand in words (with its money), then the money rules and this hand's bets."""
        s = self.session
        out = []
        players = s.seating
        for r in s.match.history:
            out.append(_("Hand {number}: {result} {money}").format(
                number=r.number, result=r.words(players),
                money=money_words(r.money, names, r.bet_money)).strip())
        if s.rules.stake:
            out.append(_("Stakes: for each point a player scores, every other player pays "
                         "them {stake}.").format(stake=in_money(s.rules.stake)))
        if s.rules.betting:
            out.append(_("Money: everyone started with {amount}.").format(
                amount=in_money(s.rules.buy_in)))
            for bet in s.bets:
                if bet.accepted_by:
                    you, other = (_("This hand: you bet {amount}, matched by {names}."),
                                  _("This hand: {player} bet {amount}, matched by {names}."))
                else:
                    you, other = (_("This hand: you bet {amount}, not matched."),
                                  _("This hand: {player} bet {amount}, not matched."))
                out.append(bet_words(players, bet, you, other))
        return out

    def _draw_chart(self, history: Any, names: Tuple[str, ...], target: Optional[int]) -> None:
        if self._drawn and self._drawn[1] == history:
            self.chart.value = score_chart(history, names, target)
