"""Words as HTML: Markdown, and card codes in text drawn as suit symbols.

Lesson and puzzle files write cards in the compact notation (``6S``, ``TD``,
``10C``) for their authors; a learner always sees the card's rank and suit symbol
(``10`` for the ten, never ``T``).

>>> cardify("Play 10C, then AH.")
'Play <span class="sp-c" title="ten of clubs">10♣</span>, then <span class="sp-c sp-red" title="ace of hearts">A♥</span>.'
>>> card_symbols("6S 7S 8H 9D TC")
'6♠ 7♠ 8♥ 9♦ 10♣'
"""

from __future__ import annotations

import re

from ..engine.cards import parse_card

#: A card code standing alone in text (not part of a word, an address or an entity).
CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[2-9TJQKA])([SHDC])(?![\w-])")


def cardify(html: str) -> str:
    """Card codes in text (``6S``, ``KH``, ``10C``) as coloured suit symbols."""
    def one(m: "re.Match[str]") -> str:
        card = parse_card(m.group(0))
        red = " sp-red" if card.suit in "HD" else ""
        return f'<span class="sp-c{red}" title="{card.name}">{card.symbol_text}</span>'

    return CARD_CODE.sub(one, html)


def card_symbols(text: str) -> str:
    """Card codes in plain text (a button's label) as rank and suit symbol: ``6♠``."""
    return CARD_CODE.sub(lambda m: parse_card(m.group(0)).symbol_text, text)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))
