"""Charts as SVG text: bars coloured by the app's theme, each card's points and chance to win, the
score over the hands. No plotting library: a kernel that drew its charts with matplotlib
grew by 40 MB and spent a second of CPU on each, thirty of them on one server at once.
Only the teacher's Class page draws a matplotlib chart (:func:`missed_chart`), which
loads matplotlib when it is drawn.

>>> svg = bar_chart([("6", [10.0]), ("7", [20.0])], ["share"], "Who wins")
>>> svg.startswith("<svg") and 'aria-label="Who wins: 6: 10%; 7: 20%"' in svg
True
"""

from __future__ import annotations

import base64
import io
import math
import textwrap
from html import escape
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from ..engine.match import HandRecord
from ..i18n import _, ngettext, percent
from .suits import suit_colour

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Fill of each series, as the app's colour variables (light and dark: spar_tutor/app/style.py).
SERIES = ("var(--spar-accent)", "var(--spar-gold)")


def bar_chart(groups: Sequence[Tuple[str, Sequence[float]]], series: Sequence[str], title: str,
              unit: str = "%", top: float = 0, width: int = 420, height: int = 230) -> str:
    """Grouped bars: ``groups`` are (label, one value per series). Values are printed on
    the bars and listed in the picture's accessible name."""
    top = top or max((v for _, values in groups for v in values), default=1) * 1.15 or 1
    # the legend: a row per series, a long name on as many rows as it needs (about 7 px a
    # letter at 13 px), so that no name in any language is cut off
    left, bottom = 8, 34
    legend = [textwrap.wrap(name, max(12, int((width - left - 24) / 7))) or [""]
              for name in series] if len(series) > 1 else []
    title_h = 20 * sum(len(rows) for rows in legend) + 2 if legend else 0
    plot_h = height - bottom - title_h - 18
    slot = (width - left) / max(1, len(groups))
    bar = min(44.0, slot * 0.8 / max(1, len(series)))
    # the labels under the groups: smaller where the longest would touch its neighbour
    # (about 8 px a letter at 13 px: "3 players" needs 72 of a 68 px slot at 420 px wide)
    label_size = 13 if 8 * max((len(label) for label, _ in groups), default=0) <= slot else 11
    parts: List[str] = []
    for i, (label, values) in enumerate(groups):
        x0 = left + i * slot + (slot - bar * len(values)) / 2
        for j, value in enumerate(values):
            h = plot_h * value / top
            x, y = x0 + j * bar, title_h + 18 + plot_h - h
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 2:.1f}" height="{h:.1f}" '
                         f'rx="3" style="fill:{SERIES[j % len(SERIES)]}"/>')
            parts.append(f'<text x="{x + bar / 2 - 1:.1f}" y="{y - 4:.1f}" font-size="11" '
                         f'text-anchor="middle" style="fill:var(--spar-ink)">'
                         f'{escape(_value(value, unit))}</text>')
        parts.append(f'<text x="{left + i * slot + slot / 2:.1f}" y="{height - bottom + 18}" '
                     f'font-size="{label_size}" text-anchor="middle" style="fill:var(--spar-ink)">'
                     f"{escape(label)}</text>")
    y = 2
    for j, rows in enumerate(legend):
        parts.append(f'<rect x="{left}" y="{y}" width="14" height="14" rx="2" '
                     f'style="fill:{SERIES[j % len(SERIES)]}"/>')
        for row in rows:
            parts.append(f'<text x="{left + 20}" y="{y + 12}" font-size="13" '
                         f'style="fill:var(--spar-ink)">{escape(row)}</text>')
            y += 20
    spoken = "; ".join(
        f"{label}: " + ", ".join(_value(v, unit) + (f" {s}" if len(series) > 1 else "")
                                 for v, s in zip(values, series))
        for label, values in groups)
    name = escape(f"{title}: {spoken}", quote=True)
    # as wide as its column, up to 4/3 of its size (560 px): on a phone (390 px) the words
    # keep about three quarters of their size (drawn 560 wide, they were halved)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label="{name}" '
            f'style="width:100%;max-width:{round(width * 4 / 3)}px;height:auto">'
            f"<title>{name}</title>{''.join(parts)}</svg>")


def _value(value: float, unit: str) -> str:
    """A bar's figure: a percentage as the language writes it ("85 %" in French)."""
    return percent(value / 100) if unit == "%" else f"{value:.0f}{unit}"


GREEN, GOLD, GREY = "#17803d", "#d9a521", "#9e9e9e"
LINE_COLOURS = ["#0d47a1", "#b3261e", "#17803d", "#6a1b9a", "#e65100", "#00838f", "#5d4037"]


def values_chart(values: Sequence[Any], best: Any = None, width: int = 340,
                 height: int = 256, gold: Sequence[Any] = ()) -> str:
    """A bar per legal card (or action), best first, in gold with the cards ``gold`` (the
    ones the hint calls just as good): the points it brought in 100 hands (its points on
    average, what the best is chosen by, so the best bar is the tallest), in whole numbers
    a learner can picture, with how many of those 100 hands it won under its name; as SVG
    (no matplotlib: a learner asking for the solver's answer cost a kernel 40 MB and a
    second of CPU for one)."""
    points = [0 if math.isnan(c.expected) else max(0, round(100 * c.expected)) for c in values]
    wins = [0 if math.isnan(c.win_chance) else round(100 * c.win_chance) for c in values]
    high = max(points, default=0)
    step = next(s for s in (2, 5, 10, 20, 50, 100, 200, 500) if high <= 4 * s)
    top = max(step, high * 1.25)  # room for the label above the tallest bar
    left, bottom, title_h = 44, 56, 24
    plot_h = height - bottom - title_h
    slot = (width - left - 8) / max(1, len(values))
    bar = min(48.0, slot * 0.7)
    ink = "fill:var(--spar-ink, #1a1a1a)"
    cards = bool(values and values[0].card)
    title = _("Each card you may play") if cards else _("Each choice")
    legend = (_("Under each card: the hands it won, out of 100.") if cards else
              _("Under each choice: the hands you won, out of 100."))
    axis = _("points in 100 hands")
    parts = [f'<text x="{left + (width - left) / 2:.1f}" y="15" font-size="13" '
             f'text-anchor="middle" style="{ink}">{escape(title)}</text>',
             f'<line x1="{left}" y1="{title_h + plot_h}" x2="{width - 8}" '
             f'y2="{title_h + plot_h}" style="stroke:var(--spar-ink, #1a1a1a)"/>',
             f'<text x="12" y="{title_h + plot_h / 2:.1f}" font-size="11" text-anchor="middle" '
             f'transform="rotate(-90 12 {title_h + plot_h / 2:.1f})" style="{ink}">'
             f'{escape(axis)}</text>']
    ticks = int(top / step + 1e-9)
    for k in range(ticks + 1):
        y = title_h + plot_h * (1 - k * step / top)
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end" '
                     f'style="{ink}">{k * step}</text>')
    for i, (choice, value, won) in enumerate(zip(values, points, wins)):
        x = left + i * slot + (slot - bar) / 2
        h = plot_h * value / top
        y = title_h + plot_h - h
        as_good = i == 0 or (choice.card is not None and choice.card in gold)
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                     f'fill="{GOLD if as_good else GREEN}" stroke="#333"/>')
        if not math.isnan(choice.expected):
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" font-size="10" '
                         f'text-anchor="middle" style="{ink}">{value}</text>')
        name, colour = (choice.card.symbol_text, suit_colour(choice.card.suit)) \
            if choice.card else (choice.label, "var(--spar-ink, #1a1a1a)")
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{height - bottom + 16}" font-size="13" '
                     f'text-anchor="middle" style="fill:{colour}">{escape(name)}</text>')
        # Translators: under a card's bar: the hands it won, out of 100
        won_text = ngettext("won {n}", "won {n}", won).format(n=won)
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{height - bottom + 31}" font-size="10" '
                     f'text-anchor="middle" style="{ink}">{escape(won_text)}</text>')
    parts.append(f'<text x="{left + (width - left) / 2:.1f}" y="{height - 2}" font-size="10" '
                 f'text-anchor="middle" style="{ink}">'
                 f'{escape(legend)}</text>')
    spoken = _("; ").join(_("{choice}: {points} points and {wins} hands won, in 100 hands").format(
        choice=c.card.name if c.card else c.label, points=v, wins=w)
        for c, v, w in zip(values, points, wins))
    name = escape(_("chart of each choice's points and hands won in 100 hands: "
                    "{cards}").format(cards=spoken), quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label="{name}" '
            f'font-family="\'DejaVu Sans\', Arial, sans-serif" '
            f'style="max-width:100%;height:auto"><title>{name}</title>{"".join(parts)}</svg>')


def score_chart(history: Sequence[HandRecord], names: Sequence[str], target: Optional[int],
                width: int = 340, height: int = 280) -> str:
    """Each player's total after every hand (``history`` is Match.history), as SVG: a line
    per player, the target dashed, the names under the chart.

    Drawn without matplotlib: the scoreboard draws it whenever a hand ends, and thirty
    learners ending a hand together each spent seconds of CPU on a matplotlib chart (and
    30 MB more memory a kernel)."""
    totals = [[0] for _ in names]
    for record in history:
        for seat, points in enumerate(record.points):
            totals[seat].append(totals[seat][-1] + points)
    values = [v for line in totals for v in line] + ([target] if target else [])
    low, high = min(0, *values), max(1, *values)
    left, right, top = 44, 12, 12
    plot_w = width - left - right
    # the key: two names a row when the longest fits half the width (about 7 px a letter
    # at 12 px), else one a row ("Kofi (robot débutant)" ran into its neighbour)
    per_row = 2 if 24 + 7 * max((len(n) for n in names), default=0) <= plot_w / 2 else 1
    rows = -(-len(names) // per_row)
    bottom = 46 + 18 * rows
    height += 18 * max(0, rows - (len(names) + 1) // 2)  # the plot keeps its height
    plot_h = height - top - bottom
    last = max(1, len(history))

    def x(hand: int) -> float:
        return left + plot_w * hand / last

    def y(points: float) -> float:
        return top + plot_h * (high - points) / (high - low)

    ink = "fill:var(--spar-ink, #1a1a1a)"
    hands_played, points_axis = _("hands played"), _("points")
    target_words = _("target {target}").format(target=target)
    parts = [f'<line x1="{left}" y1="{y(low):.1f}" x2="{left}" y2="{top}" '
             f'style="stroke:var(--spar-ink, #1a1a1a)"/>',
             f'<line x1="{left}" y1="{y(low):.1f}" x2="{width - right}" y2="{y(low):.1f}" '
             f'style="stroke:var(--spar-ink, #1a1a1a)"/>']
    step = max(1, math.ceil((high - low) / 5))
    for tick in range(math.ceil(low / step) * step, high + 1, step):
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="11" '
                     f'text-anchor="end" style="{ink}">{tick}</text>')
    for hand in range(0, last + 1, max(1, math.ceil(last / 10))):
        parts.append(f'<text x="{x(hand):.1f}" y="{y(low) + 15:.1f}" font-size="11" '
                     f'text-anchor="middle" style="{ink}">{hand}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{y(low) + 30:.1f}" font-size="12" '
                 f'text-anchor="middle" style="{ink}">{escape(hands_played)}</text>')
    parts.append(f'<text x="12" y="{top + plot_h / 2:.1f}" font-size="12" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + plot_h / 2:.1f})" style="{ink}">'
                 f'{escape(points_axis)}</text>')
    if target:
        parts.append(f'<line x1="{left}" y1="{y(target):.1f}" x2="{width - right}" '
                     f'y2="{y(target):.1f}" stroke="{GREY}" stroke-dasharray="5 4"/>'
                     f'<text x="{left + 4}" y="{y(target) - 4:.1f}" font-size="11" '
                     f'style="fill:var(--spar-muted, #555)">'
                     f'{escape(target_words)}</text>')
    def lifted(seat: int, hand: int) -> float:
        """A point's height, players level at that hand drawn 2.5 px apart (else the
        last one drawn hid the others: three players on 0 showed one line)."""
        total = totals[seat][hand]
        level = [s for s in range(len(totals)) if totals[s][hand] == total]
        return y(total) + (level.index(seat) - (len(level) - 1) / 2) * 2.5

    for seat, line in enumerate(totals):
        colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
        path = " ".join(f"{x(hand):.1f},{lifted(seat, hand):.1f}" for hand in range(len(line)))
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"/>')
        parts.extend(f'<circle cx="{x(hand):.1f}" cy="{lifted(seat, hand):.1f}" r="3" '
                     f'fill="{colour}"/>' for hand in range(len(line)))
        key_x = left + (seat % per_row) * (plot_w / 2)
        key_y = height - 18 * (rows - seat // per_row) + 4
        parts.append(f'<rect x="{key_x:.1f}" y="{key_y - 10:.1f}" width="14" height="4" '
                     f'fill="{colour}"/><text x="{key_x + 20:.1f}" y="{key_y:.1f}" '
                     f'font-size="12" style="{ink}">{escape(names[seat])}</text>')
    spoken = _("; ").join(ngettext("{player}: {points} point", "{player}: {points} points",
                                   abs(line[-1])).format(player=name, points=line[-1])
                          for name, line in zip(names, totals))
    label = escape(_("Chart of the score over the hands. Now: {totals}").format(totals=spoken),
                   quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label="{label}" '
            f'font-family="\'DejaVu Sans\', Arial, sans-serif" '
            f'style="max-width:100%;height:auto">'
            f"<title>{label}</title>{''.join(parts)}</svg>")


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure  # here, not at import: only a chart loads matplotlib

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def figure_html(fig: Figure, alt: str) -> str:
    """A matplotlib figure as an inline PNG ``<img>`` with alt text (the Class page's chart;
    the learners' charts are SVG, drawn without matplotlib)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{alt}" style="max-width:100%">'


def missed_chart(labels: Sequence[str], wrong: Sequence[int], title: str, axis: str) -> str:
    """Horizontal bars, the first at the top: a count for each question (the Class page's
    "most often missed": how many learners missed it). ``title`` (the image's name for a
    screen reader; the page's heading shows it) and ``axis`` are the caller's words."""
    from matplotlib.ticker import MaxNLocator

    # labels of 11 pt: a teacher shows the page to the class on a projector
    fig = _figure(8.0, 1.0 + 0.5 * max(1, len(labels)))
    ax = fig.add_subplot()
    rows = list(range(len(labels)))[::-1]
    bars = ax.barh(rows, list(wrong), color=GOLD, edgecolor="#333")
    ax.set_yticks(rows, list(labels), fontsize=11)
    for bar, n in zip(bars, wrong):
        ax.annotate(str(n), (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                    xytext=(3, 0), textcoords="offset points", va="center", fontsize=11)
    ax.set_xlabel(axis, fontsize=11)
    ax.tick_params(axis="x", labelsize=11)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.spines[["top", "right"]].set_visible(False)
    alt = title + ": " + "; ".join(f"{label}: {n}" for label, n in zip(labels, wrong))
    return figure_html(fig, escape(alt, quote=True))
