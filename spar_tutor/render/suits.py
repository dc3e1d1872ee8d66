"""Suit shapes and colours for the card pictures.

Suit symbols are drawn as SVG paths (not font glyphs), so they look the same in
every browser whatever fonts are installed. Each path is centred on ``(0, 0)``
and fits a 100 x 100 box; place it with ``transform="translate(x y) scale(s)"``.
"""

from __future__ import annotations

from typing import Dict, Tuple

#: Outline of each suit symbol, centred on (0, 0) in a 100 x 100 box.
SUIT_PATHS: Dict[str, str] = {
    "H": (
        "M0 46C-9 31-50 7-50-18C-50-35-38-46-25-46C-12-46-3-38 0-27"
        "C3-38 12-46 25-46C38-46 50-35 50-18C50 7 9 31 0 46Z"
    ),
    "D": "M0-50Q14-23 38 0Q14 23 0 50Q-14 23-38 0Q-14-23 0-50Z",
    "S": (
        "M0-50C6-34 50-16 50 10C50 27 37 35 25 35C15 35 8 31 4 25"
        "C5 35 9 43 17 49L-17 49C-9 43-5 35-4 25C-8 31-15 35-25 35"
        "C-37 35-50 27-50 10C-50-16-6-34 0-50Z"
    ),
    "C": (
        "M-21-22a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M-44 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M2 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M0-10L-14 14L14 14Z"
        "M-3 12C-3 30-8 42-17 49L17 49C8 42 3 30 3 12Z"
    ),
}

BLACK = "#1a1a1a"
RED = "#c8102e"
BLUE = "#0a58b5"
GREEN = "#14773a"

#: Ink colour of each suit in the ordinary two-colour deck.
TWO_COLOUR: Dict[str, str] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
#: The colour-blind-friendly four-colour deck.
FOUR_COLOUR: Dict[str, str] = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

CARD_WHITE = "#ffffff"
DIM_CARD = "#e6e6e6"
DIM_GREY = "#8c8c8c"


def suit_colour(suit: str, four_colour: bool = False) -> str:
    """The ink colour (``#rrggbb``) of a suit."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


def _rgb(colour: str) -> Tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` (0..1) of the way towards ``other``."""
    a, b = _rgb(colour), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio between two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
