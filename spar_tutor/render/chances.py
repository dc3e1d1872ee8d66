"""Numbers a learner can see: a chance as 100 small dots (or a row of 10), coloured by
outcome, and the "Why not X?" buttons under a short explanation. SVG and HTML text, no
widgets.

A chance of 32 in 100 is 32 gold dots among 100: the figure the words say ("32 deals out
of 100", :func:`spar_tutor.solver.voice.deals`), drawn so that a 14-year-old sees how
often without reading a percentage.

>>> svg = chance_dots(0.32, "Q♦")
>>> svg.count('class="spar-dot spar-dot-won"'), svg.count('class="spar-dot"')
(32, 68)
>>> 'aria-label="Q♦ won the hand in 32 deals out of 100"' in svg
True
>>> chance_dots(0.3, "Q♦", of=10).count('spar-dot-won')
3
"""

from __future__ import annotations

from html import escape
from typing import Callable, List, Sequence, Tuple

from ..i18n import _, ngettext

#: The dots' colours: a deal won, a deal lost (the app's colour variables, light and dark).
WON = "var(--spar-gold, #d9a521)"
LOST = "var(--spar-muted, #9e9e9e)"
#: Styles of the pictures and of the "Why not" buttons (each page adds them once).
CSS = """
<style>
.spar-chance { display:flex; align-items:center; gap:10px; flex-wrap:wrap; margin:6px 0; }
.spar-chance svg { flex:none; }
.spar-chance-words { flex:1 1 160px; min-width:140px; }
.spar-dot { fill: var(--spar-muted, #9e9e9e); opacity: 0.45; }
.spar-dot-won { fill: var(--spar-gold, #d9a521); opacity: 1; }
.spar-why-nots { display:flex; flex-wrap:wrap; gap:6px; margin:6px 0; }
.spar-why-not { flex: 1 1 100%; }
.spar-why-not > summary { display:inline-block; cursor:pointer; padding:4px 10px;
  border:1px solid var(--spar-line, #888); border-radius:6px; list-style:none;
  background: var(--spar-panel, #fff); color: var(--spar-ink, #1a1a1a); }
.spar-why-not > summary::-webkit-details-marker { display:none; }
.spar-why-not[open] > summary { font-weight: bold; }
.spar-why-not > div { margin:4px 0 0 4px; }
</style>
"""


def chance_dots(share: float, label: str, of: int = 100) -> str:
    """``share`` (0..1) as ``of`` dots (100 in a 10 x 10 grid, or 10 in a row), the deals
    won in gold first, the others grey; its accessible name says the figure in words
    ("Q♦ won the hand in 32 deals out of 100")."""
    won = max(0, min(of, round(of * share)))
    across = 10
    rows = (of + across - 1) // across
    size, gap = 9, 3
    width, height = across * (size + gap), rows * (size + gap)
    dots: List[str] = []
    for i in range(of):
        x, y = (i % across) * (size + gap) + size / 2, (i // across) * (size + gap) + size / 2
        cls = "spar-dot spar-dot-won" if i < won else "spar-dot"
        dots.append(f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{size / 2:.1f}"/>')
    if of == 100:
        said = ngettext("{card} won the hand in {n} deal out of 100",
                        "{card} won the hand in {n} deals out of 100", won)
    else:
        said = ngettext("{card} won the hand in {n} deal out of 10",
                        "{card} won the hand in {n} deals out of 10", won)
    name = escape(said.format(card=label, n=won), quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label="{name}">'
            f"<title>{name}</title>{''.join(dots)}</svg>")


def chance_html(share: float, label: str, words: str) -> str:
    """The 100 dots of ``share`` beside ``words`` (HTML, already escaped): the picture and
    what it says, side by side, one under the other on a phone."""
    return (f'<div class="spar-chance">{chance_dots(share, label)}'
            f'<div class="spar-chance-words">{words}</div></div>')


def why_not_html(items: Sequence[Tuple[str, str]], words: Callable[[str], str]) -> str:
    """A "Why not X?" button for each (label, reason): the reason opens under it (an HTML
    ``details``: a keyboard and a screen reader open it like a button). ``words`` turns a
    reason's text into HTML (escaping it, drawing its cards)."""
    if not items:
        return ""
    asks = [escape(_("Why not {choice}?").format(choice=label)) for label, _text in items]
    buttons = "".join(f'<details class="spar-why-not"><summary>{ask}</summary>'
                      f"<div>{words(text)}</div></details>"
                      for ask, (_label, text) in zip(asks, items))
    return f'<div class="spar-why-nots">{buttons}</div>'


__all__ = ["CSS", "LOST", "WON", "chance_dots", "chance_html", "why_not_html"]
