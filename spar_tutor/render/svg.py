"""Card pictures as SVG text: card faces, card backs and hands.

Everything here is a pure function of its arguments that returns a string of
SVG. Pictures use a ``viewBox``, so they are crisp at any size; suit symbols
are paths, so no particular font is needed. Card faces define no ids, so any
number of them can share a page; a card back's pattern gets an id unique to
the call.
"""

from __future__ import annotations

import functools
import itertools
from html import escape
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from ..engine.cards import Card
from ..i18n import _, ngettext
from .suits import (
    CARD_WHITE,
    DIM_CARD,
    DIM_GREY,
    SUIT_PATHS,
    mix,
    suit_colour,
)

#: The card's own coordinate box: 250 x 350, the standard 2.5 : 3.5 ratio.
CARD_W, CARD_H = 250, 350
RATIO = CARD_H / CARD_W
DEFAULT_WIDTH = 70
#: Cards drawn narrower than this (px) are small: they show only a big rank and suit in
#: the corner, so the rank is at least 11 px tall (a full face's corner is too small).
SMALL_BELOW = 51
_SMALL_SCALE = 3

SANS = "'DejaVu Sans', Arial, Helvetica, sans-serif"
SERIF = "'DejaVu Serif', Georgia, 'Times New Roman', serif"
BORDER = "#8a8a8a"
SELECT = "#1565c0"
GOLD = "#d9a521"

# Pip layouts for 2..10: (column, row) with columns -1 (left), 0, 1 (right) and
# rows 0 (top) .. 1 (bottom). Pips below the middle are drawn upside down.
_L, _C, _R = -1, 0, 1
_PIPS: Dict[int, List[Tuple[int, float]]] = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(c, r) for r in (0, 0.5, 1) for c in (_L, _R)],
    7: [(c, r) for r in (0, 0.5, 1) for c in (_L, _R)] + [(_C, 0.25)],
    8: [(c, r) for r in (0, 0.5, 1) for c in (_L, _R)] + [(_C, 0.25), (_C, 0.75)],
    9: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (_L, _R)] + [(_C, 0.5)],
    10: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (_L, _R)] + [(_C, 1 / 6), (_C, 5 / 6)],
}
_PIP_X = {_L: 82, _C: 125, _R: 168}
_PIP_TOP, _PIP_BOTTOM = 82, 268
_PIP_SIZE = 44

_COURT = {11: "J", 12: "Q", 13: "K"}
_HEADGEAR = {
    # Drawn in a 100-unit box like the suit paths; gold, outlined in the suit colour.
    13: "M-40 24L-40-16L-20 4L0-30L20 4L40-16L40 24Z",
    12: "M-36 24L-36-8Q-18 8 0-22Q18 8 36-8L36 24Z",
    11: "M-30 24Q-30-14 0-14Q30-14 30 24ZM-36 14L36 14L36 26L-36 26Z"
        "M14-10Q34-26 34-46Q42-24 22-4Z",
}
_JEWELS = {
    13: [(-40, -16), (0, -30), (40, -16)],
    12: [(-36, -8), (0, -22), (36, -8)],
    11: [(0, 20)],
}

_back_ids = itertools.count(1)


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _size_attrs(width: Optional[float]) -> str:
    w = DEFAULT_WIDTH if width is None else width
    return f'width="{_fmt(w)}" height="{_fmt(w * RATIO)}"'


def _root(inner: str, label: str, size: str, view: Tuple[float, float]) -> str:
    """The outer ``<svg>``: ``size`` is its width/height attributes, ``view`` its viewBox size."""
    vw, vh = view
    lab = escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(vw)} {_fmt(vh)}" '
        f'{size} role="img" aria-label="{lab}"><title>{lab}</title>{inner}</svg>'
    )


def _suit(suit: str, x: float, y: float, size: float, fill: str, *, flip: bool = False,
          cls: str = "pip") -> str:
    rot = " rotate(180)" if flip else ""
    return (
        f'<path class="{cls}" d="{SUIT_PATHS[suit]}" fill="{fill}" '
        f'transform="translate({_fmt(x)} {_fmt(y)}) scale({_fmt(size / 100)}){rot}"/>'
    )


def _index(card: Card, ink: str) -> str:
    rank = card.letter
    squeeze = ' textLength="48" lengthAdjust="spacingAndGlyphs"' if card.rank == 10 else ""
    # a 6 and a 9 are underlined, as on many printed packs: the corner turned upside down
    # at the foot of the card must not read as the other one (the 6 is Spar's best card)
    line = (f'<rect class="rank-line" x="17" y="64" width="30" height="4" fill="{ink}"/>'
            if card.rank in (6, 9) else "")
    return (
        f'<text class="rank" x="32" y="60" text-anchor="middle" font-family="{SANS}" font-size="54" '
        f'font-weight="bold" fill="{ink}"{squeeze}>{rank}</text>' + line
        + _suit(card.suit, 32, 88, 32, ink, cls="index-suit")
    )


def _number_centre(card: Card, ink: str) -> str:
    out = []
    for col, row in _PIPS[card.rank]:
        y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
        out.append(_suit(card.suit, _PIP_X[col], y, _PIP_SIZE, ink, flip=row > 0.5))
    return "".join(out)


def _court_centre(card: Card, ink: str, paper: str, dimmed: bool) -> str:
    x0, y0, w, h = 56, 60, 138, 230
    tint = mix(ink, paper, 0.9)
    gold = mix(GOLD, DIM_GREY, 0.7) if dimmed else GOLD
    letter = card.letter
    jewels = "".join(
        f'<circle cx="{jx}" cy="{jy}" r="6" fill="{gold}" stroke="{ink}" stroke-width="3"/>'
        for jx, jy in _JEWELS[card.rank]
    )
    gear = (
        f'<path d="{_HEADGEAR[card.rank]}" fill="{gold}" stroke="{ink}" stroke-width="4" '
        f'stroke-linejoin="round"/>{jewels}'
    )
    half = (
        f'<g transform="translate(125 104) scale(0.62)">{gear}</g>'
        + _suit(card.suit, 80, 84, 22, ink, cls="court-pip")
    )
    return (
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="8" fill="{tint}" '
        f'stroke="{ink}" stroke-width="3"/>'
        f'<rect x="{x0 + 6}" y="{y0 + 6}" width="{w - 12}" height="{h - 12}" rx="5" '
        f'fill="none" stroke="{gold}" stroke-width="2"/>'
        f'<line x1="{x0 + 6}" y1="175" x2="{x0 + w - 6}" y2="175" stroke="{gold}" '
        f'stroke-width="2"/>'
        + half
        + f'<g transform="rotate(180 125 175)">{half}</g>'
        + f'<text x="125" y="175" dy="0.35em" text-anchor="middle" font-family="{SERIF}" '
        f'font-size="92" font-weight="bold" fill="{ink}" stroke="{paper}" stroke-width="6" '
        f'paint-order="stroke">{letter}</text>'
    )


@functools.lru_cache(maxsize=None)  # at most 52 x 16 faces; tables redraw the same cards
def _face(card: Card, *, four_colour: bool, dimmed: bool, selected: bool,
          small: bool = False, letter: str = "") -> str:
    """The inner markup of a card face, in the 250 x 350 card box (``small``: only the
    corner's rank and suit, three times as big, for a card drawn small). ``letter`` is
    the rank's letter in the learner's language (``card.letter``), part of the cache's key."""
    ink = suit_colour(card.suit, four_colour)
    paper = CARD_WHITE
    if dimmed:
        ink, paper = mix(ink, DIM_GREY, 0.65), DIM_CARD
    parts = [
        f'<rect x="1.5" y="1.5" width="247" height="347" rx="16" fill="{paper}" '
        f'stroke="{BORDER}" stroke-width="3"/>'
    ]
    if small:
        parts.append(f'<g class="small-index" transform="scale({_SMALL_SCALE})">'
                     f"{_index(card, ink)}</g>")
        if selected:
            parts.append(_selection())
        return "".join(parts)
    if card.rank == 14:
        parts.append(_suit(card.suit, 125, 175, 104 if card.suit == "S" else 92, ink))
    elif card.rank in _COURT:
        parts.append(_court_centre(card, ink, paper, dimmed))
    else:
        parts.append(_number_centre(card, ink))
    corner = _index(card, ink)
    parts.append(corner)
    parts.append(f'<g transform="rotate(180 125 175)">{corner}</g>')
    if selected:
        parts.append(_selection())
    return "".join(parts)


def _selection() -> str:
    return (
        f'<rect class="selected" x="6" y="6" width="238" height="338" rx="12" fill="none" '
        f'stroke="{SELECT}" stroke-width="12"/>'
    )


def _back(pid: str, with_defs: bool = True) -> str:
    """Inner markup of a card back, in the 250 x 350 card box.

    ``pid`` is the id of its pattern, which is defined here if ``with_defs``.
    """
    gold, green, red, black = "#f2b705", "#17803d", "#b3261e", "#1a1a1a"
    # A 72 x 72 kente-style tile: gold blocks of weft bands alternating with
    # green blocks of warp stripes, rows parted by a red thread.
    weft = (
        f'<rect width="36" height="36" fill="{gold}"/>'
        f'<rect y="7" width="36" height="4" fill="{black}"/>'
        f'<rect y="14" width="36" height="8" fill="{green}"/>'
        f'<rect y="25" width="36" height="4" fill="{black}"/>'
    )
    warp = (
        f'<rect width="36" height="36" fill="{green}"/>'
        f'<rect x="6" width="5" height="36" fill="{gold}"/>'
        f'<rect x="14" width="8" height="36" fill="{red}"/>'
        f'<rect x="25" width="5" height="36" fill="{gold}"/>'
    )
    tile = (
        f'<g>{weft}</g><g transform="translate(36 0)">{warp}</g>'
        f'<g transform="translate(0 36)">{warp}</g><g transform="translate(36 36)">{weft}</g>'
        f'<rect y="34" width="72" height="4" fill="{red}"/>'
        f'<rect width="72" height="2" fill="{red}"/>'
        f'<rect y="70" width="72" height="2" fill="{red}"/>'
    )
    defs = (
        f'<defs><pattern id="{pid}" width="72" height="72" patternUnits="userSpaceOnUse" '
        f'x="17" y="67">{tile}</pattern></defs>'
    )
    return (defs if with_defs else "") + (
        f'<rect x="1.5" y="1.5" width="247" height="347" rx="16" fill="{CARD_WHITE}" '
        f'stroke="{BORDER}" stroke-width="3"/>'
        f'<rect x="15" y="15" width="220" height="320" rx="8" fill="url(#{pid})" '
        f'stroke="{black}" stroke-width="3"/>'
        f'<path d="M125 128L168 175L125 222L82 175Z" fill="{gold}" stroke="{black}" '
        f'stroke-width="5"/>'
        f'<path d="M125 150L146 175L125 200L104 175Z" fill="{red}" stroke="{black}" '
        f'stroke-width="3"/>'
    )


def card_svg(
    card: Card,
    *,
    width: Optional[float] = None,
    four_colour: bool = False,
    dimmed: bool = False,
    selected: bool = False,
    face_down: bool = False,
    label: Optional[str] = None,
) -> str:
    """An SVG picture of ``card``.

    ``width`` is the width in px (default 70; height follows the 2.5 : 3.5 card
    ratio). ``four_colour`` uses the four-colour deck (diamonds blue, clubs
    green); ``dimmed`` greys the card out (e.g. not playable now); ``selected``
    adds a blue outline; ``face_down`` draws the back instead, without naming
    the card. ``label`` replaces the accessible name (default ``card.name``).
    """
    if face_down:
        return back_svg(width=width, label=_("face-down card") if label is None else label)
    w = DEFAULT_WIDTH if width is None else width
    inner = _face(card, four_colour=four_colour, dimmed=dimmed, selected=selected,
                  small=w < SMALL_BELOW, letter=card.letter)
    return _root(inner, card.name if label is None else label, _size_attrs(width),
                 (CARD_W, CARD_H))


def back_svg(*, width: Optional[float] = None, label: Optional[str] = None) -> str:
    """An SVG picture of a card back: a kente-inspired pattern of coloured bands
    (``label``, the accessible name, says "face-down card" unless given)."""
    return _root(_back(f"spar-back-{next(_back_ids)}"), _("face-down card") if label is None
                 else label, _size_attrs(width), (CARD_W, CARD_H))


def hand_svg(
    cards: Iterable[Card],
    *,
    overlap: float = 0.35,
    four_colour: bool = False,
    width_per_card: float = 70,
    face_down: bool = False,
    dimmed: Iterable[Card] = (),
    selected: Iterable[Card] = (),
    label: Optional[str] = None,
) -> str:
    """Several cards in one SVG, left to right, each overlapping the one before.

    ``overlap`` is the fraction of each card covered by the next (0 for none).
    ``dimmed`` and ``selected`` are cards of the hand to draw dimmed / outlined.
    The accessible label lists the cards (or just counts them when face down);
    ``label`` replaces it.
    """
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be at least 0 and less than 1, not {overlap!r}")
    cs: Sequence[Card] = list(cards)
    dim, sel = set(dimmed), set(selected)
    w = float(width_per_card)
    h = w * RATIO
    step = w * (1 - overlap)
    total = w + step * (len(cs) - 1) if cs else w
    pid = f"spar-back-{next(_back_ids)}" if face_down and cs else ""
    body: List[str] = []
    for i, c in enumerate(cs):
        if face_down:
            inner = _back(pid, with_defs=i == 0)
        else:
            inner = _face(c, four_colour=four_colour, dimmed=c in dim, selected=c in sel,
                          small=w < SMALL_BELOW, letter=c.letter)
        body.append(
            f'<svg x="{_fmt(i * step)}" y="0" width="{_fmt(w)}" height="{_fmt(h)}" '
            f'viewBox="0 0 {CARD_W} {CARD_H}" aria-hidden="true">{inner}</svg>'
        )
    if not cs:
        named = _("no cards")
    elif face_down:
        named = ngettext("{n} face-down card", "{n} face-down cards", len(cs)).format(n=len(cs))
    else:
        named = _(", ").join(c.name for c in cs)
    size = f'width="{_fmt(total)}" height="{_fmt(h)}"'
    return _root("".join(body), named if label is None else label, size, (total, h))

