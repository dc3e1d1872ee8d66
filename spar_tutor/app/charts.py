"""Bar charts as SVG text, coloured by the app's theme (no plotting library in the kernel).

>>> svg = bar_chart([("6", [10.0]), ("7", [20.0])], ["share"], "Who wins")
>>> svg.startswith("<svg") and 'aria-label="Who wins: 6: 10%; 7: 20%"' in svg
True
"""

from __future__ import annotations

from html import escape
from typing import List, Sequence, Tuple

#: Fill of each series, as app colour variables (set for light and dark in style.py).
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
