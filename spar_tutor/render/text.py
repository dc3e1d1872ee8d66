"""Words as HTML: Markdown, and card codes in text drawn as suit symbols.

>>> cardify("Play 10C, then AH.")
'Play <span class="sp-c" title="ten of clubs">10♣</span>, then <span class="sp-c sp-red" title="ace of hearts">A♥</span>.'
>>> cardify("You won with 7♦.")
'You won with <span class="sp-c sp-red" title="seven of diamonds">7♦</span>.'
"""

from __future__ import annotations

import re

from ..engine.cards import Card, parse_card
from ..engine.words import card_text

_CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[6-9TJQKA])([SHDC])(?![\w-])")
#: A card code, or a card as the learner reads it (rank and suit symbol: ``10♣``).
_CARD_WORDS = re.compile(_CARD_CODE.pattern + r"|(?<![\w/#&;=-])(?:10|[2-9JQKA])[♠♥♦♣]")


def card_html(card: Card) -> str:
    """A card as a learner reads it in HTML: its rank and suit symbol in the suit's
    colour, its name as the title (:func:`spar_tutor.engine.words.card_text` in plain text)."""
    red = " sp-red" if card.suit in "HD" else ""
    return f'<span class="sp-c{red}" title="{card.name}">{card_text(card)}</span>'


def cardify(html: str) -> str:
    """Cards in text, as codes (``6S``, ``KH``, ``10C``) or rank and suit symbol (``6♠``),
    drawn in their suit's colour (:func:`card_html`)."""
    return _CARD_WORDS.sub(lambda m: card_html(parse_card(m.group(0))), html)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))
