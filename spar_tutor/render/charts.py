"""Small matplotlib charts as ``<img>`` HTML (no pyplot, so no global figure state)."""

from __future__ import annotations

import base64
import io
import math
from typing import Any, Optional, Sequence

from matplotlib.figure import Figure

from ..engine.match import HandRecord
from ..render import suit_colour

GREEN, GOLD, GREY = "#17803d", "#d9a521", "#9e9e9e"
LINE_COLOURS = ["#0d47a1", "#b3261e", "#17803d", "#6a1b9a", "#e65100", "#00838f", "#5d4037"]


def _figure(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def figure_html(fig: Figure, alt: str) -> str:
    """A figure as an inline PNG ``<img>`` with alt text."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{alt}" style="max-width:100%">'


def values_chart(values: Sequence[Any], best: Any = None) -> str:
    """A bar per legal card (or action), best first in gold: how often it wins the hand."""
    fig = _figure(4.2, 2.4)
    ax = fig.add_subplot()
    labels = [c.card.symbol_text if c.card else c.label for c in values]
    chances = [0.0 if math.isnan(c.win_chance) else 100 * c.win_chance for c in values]
    colours = [GOLD if i == 0 else GREEN for i in range(len(values))]  # best first
    bars = ax.bar(labels, chances, color=colours, edgecolor="#333")
    for bar, v in zip(bars, values):
        if not math.isnan(v.expected):
            ax.annotate(f"{v.expected:+.1f} pts", (bar.get_x() + bar.get_width() / 2,
                        bar.get_height()), ha="center", va="bottom", fontsize=8)
    for tick, v in zip(ax.get_xticklabels(), values):
        if v.card is not None:
            tick.set_color(suit_colour(v.card.suit))
    top = max(chances, default=0.0)
    ax.set_ylim(0, 115 if top > 60 else max(12.0, top * 1.6))  # small chances stay visible
    ax.set_ylabel("wins the hand (%)")
    ax.set_title("Each card you may play" if values and values[0].card else "Each choice",
                 fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    alt = "; ".join(f"{c.card.name if c.card else c.label}: {ch:.0f} percent"
                    for c, ch in zip(values, chances))
    return figure_html(fig, "chart of each legal card's chance to win the hand: " + alt)


def score_chart(history: Sequence[HandRecord], names: Sequence[str], target: Optional[int]) -> str:
    """Each player's total after every hand (``history`` is Match.history)."""
    fig = _figure(4.2, 3.0)
    ax = fig.add_subplot()
    totals = [[0] for _ in names]
    for record in history:
        for seat, points in enumerate(record.points):
            totals[seat].append(totals[seat][-1] + points)
    hands = list(range(len(history) + 1))
    for seat, name in enumerate(names):
        ax.plot(hands, totals[seat], marker="o", label=name,
                color=LINE_COLOURS[seat % len(LINE_COLOURS)])
    if target:
        ax.axhline(target, color=GREY, linestyle="--", linewidth=1)
        ax.annotate(f"target {target}", (0, target), fontsize=8, va="bottom", color="#555")
    ax.set_xlabel("hands played")
    ax.set_ylabel("points")
    ax.set_xticks(hands)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(0, -0.3), ncols=2, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return figure_html(fig, "chart of the score over the hands")
