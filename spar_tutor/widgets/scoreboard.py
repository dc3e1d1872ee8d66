"""The scoreboard: totals, the stakes ledger, every hand, and a chart of the score."""

from __future__ import annotations

from html import escape
from typing import Any, Optional, Tuple

import ipywidgets as widgets

from .charts import score_chart
from .common import defer, guarded, session_reporter


class Scoreboard(widgets.VBox):
    """Totals and money per seat, one row per hand, and the score chart."""

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
        key = (names, match.history, match.scores)
        if key == self._drawn:
            return  # the chart is slow to draw: only when a hand has ended
        self._drawn = key
        money = bool(s.rules.stake or s.rules.betting)
        head = "<tr><th>Player</th><th>Points</th>" + ("<th>Money</th>" if money else "") + "</tr>"
        rows = [head]
        for seat, name in enumerate(names):
            cash = f"<td>{match.money[seat]}</td>" if money else ""
            rows.append(f"<tr><td>{escape(name)}</td><td><b>{match.scores[seat]}</b></td>{cash}</tr>")
        hands = "".join(f"<li>Hand {r.number}: {escape(s.friendly(r.reason))}</li>"
                        for r in match.history)
        if money:
            hands += f"<li>Stakes: {s.rules.stake} a point, paid by every other player.</li>"
        target = s.rules.target if s.rules.fixed_hands is None else None
        goal = (f"first to {target} points wins" if target else
                f"{s.rules.fixed_hands} hands, most points wins")
        self.table.value = (f'<div class="spar-panel-title">Score ({goal})</div>'
                            f'<table class="spar-score">{"".join(rows)}</table>'
                            f'<ul style="margin:4px 0;padding-left:18px;font-size:12px">{hands}</ul>')
        if not match.history:
            self.chart.value = ""
            return
        defer(guarded(session_reporter(s))(lambda: self._draw_chart(match.history, names, target)))

    def _draw_chart(self, history: Any, names: Tuple[str, ...], target: Optional[int]) -> None:
        if self._drawn and self._drawn[1] == history:
            self.chart.value = score_chart(history, names, target)
