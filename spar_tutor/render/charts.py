"""Charts as HTML: SVG bar charts coloured by the app's theme, and small matplotlib
charts as inline PNG ``<img>`` (no pyplot, so no global figure state).

Importing this module does not load matplotlib: a matplotlib chart loads it when it
is drawn; :func:`bar_chart` needs no plotting library at all.

>>> svg = bar_chart([("6", [10.0]), ("7", [20.0])], ["share"], "Who wins")
>>> svg.startswith("<svg") and 'aria-label="Who wins: 6: 10%; 7: 20%"' in svg
True
"""

from __future__ import annotations

import base64
import io
import math
from html import escape
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from ..engine.match import HandRecord
from ..i18n import _
from .suits import suit_colour

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Fill of each series, as the app's colour variables (light and dark: spar_tutor/app/style.py).
SERIES = ("var(--spar-accent)", "var(--spar-gold)")


def bar_chart(groups: Sequence[Tuple[str, Sequence[float]]], series: Sequence[str], title: str,
              unit: str = "%", top: float = 0, width: int = 560, height: int = 230) -> str:
    """Grouped bars: ``groups`` are (label, one value per series). Values are printed on
    the bars and listed in the picture's accessible name."""
    top = top or max((v for _, values in groups for v in values), default=1) * 1.15 or 1
    left, bottom, title_h = 8, 34, 22 if len(series) > 1 else 0
    plot_h = height - bottom - title_h - 18
    slot = (width - left) / max(1, len(groups))
    bar = min(44.0, slot * 0.8 / max(1, len(series)))
    parts: List[str] = []
    for i, (label, values) in enumerate(groups):
        x0 = left + i * slot + (slot - bar * len(values)) / 2
        for j, value in enumerate(values):
            h = plot_h * value / top
            x, y = x0 + j * bar, title_h + 18 + plot_h - h
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 2:.1f}" height="{h:.1f}" '
                         f'rx="3" style="fill:{SERIES[j % len(SERIES)]}"/>')
            parts.append(f'<text x="{x + bar / 2 - 1:.1f}" y="{y - 4:.1f}" font-size="11" '
                         f'text-anchor="middle" style="fill:var(--spar-ink)">{value:.0f}{escape(unit)}</text>')
        parts.append(f'<text x="{left + i * slot + slot / 2:.1f}" y="{height - bottom + 18}" '
                     f'font-size="13" text-anchor="middle" style="fill:var(--spar-ink)">'
                     f"{escape(label)}</text>")
    if len(series) > 1:
        for j, name in enumerate(series):
            x = left + j * 240
            parts.append(f'<rect x="{x}" y="2" width="14" height="14" rx="2" '
                         f'style="fill:{SERIES[j % len(SERIES)]}"/><text x="{x + 20}" y="14" '
                         f'font-size="13" style="fill:var(--spar-ink)">{escape(name)}</text>')
    spoken = "; ".join(
        f"{label}: " + ", ".join(f"{v:.0f}{unit}" + (f" {s}" if len(series) > 1 else "")
                                 for v, s in zip(values, series))
        for label, values in groups)
    name = escape(f"{title}: {spoken}", quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label="{name}">'
            f"<title>{name}</title>{''.join(parts)}</svg>")


GREEN, GOLD, GREY = "#17803d", "#d9a521", "#9e9e9e"
LINE_COLOURS = ["#0d47a1", "#b3261e", "#17803d", "#6a1b9a", "#e65100", "#00838f", "#5d4037"]


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure  # here, not at import: only a chart loads matplotlib

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
            ax.annotate(_("{points} pts").format(points=f"{v.expected:+.1f}"),
                        (bar.get_x() + bar.get_width() / 2,
                        bar.get_height()), ha="center", va="bottom", fontsize=8)
    for tick, v in zip(ax.get_xticklabels(), values):
        if v.card is not None:
            tick.set_color(suit_colour(v.card.suit))
    top = max(chances, default=0.0)
    ax.set_ylim(0, 115 if top > 60 else max(12.0, top * 1.6))  # small chances stay visible
    ax.set_ylabel(_("wins the hand (%)"))
    ax.set_title(_("Each card you may play") if values and values[0].card else _("Each choice"),
                 fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    alt = _("; ").join(_("{choice}: {percent} percent").format(
        choice=c.card.name if c.card else c.label, percent=f"{ch:.0f}")
        for c, ch in zip(values, chances))
    return figure_html(fig, _("chart of each legal card's chance to win the hand: {cards}").format(
        cards=alt))


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
        ax.annotate(_("target {target}").format(target=target), (0, target), fontsize=8,
                    va="bottom", color="#555")
    ax.set_xlabel(_("hands played"))
    ax.set_ylabel(_("points"))
    ax.set_xticks(hands)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(0, -0.3), ncols=2, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return figure_html(fig, _("chart of the score over the hands"))
