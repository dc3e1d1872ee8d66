"""Card pictures as SVG text (standard library only).

>>> from spar_tutor.engine.cards import Card
>>> card_svg(Card.parse("6S")).startswith("<svg")
True
"""

from .suits import FOUR_COLOUR, TWO_COLOUR, contrast_ratio, suit_colour
from .svg import back_svg, card_svg, hand_svg

__all__ = [
    "card_svg",
    "back_svg",
    "hand_svg",
    "suit_colour",
    "contrast_ratio",
    "TWO_COLOUR",
    "FOUR_COLOUR",
]
