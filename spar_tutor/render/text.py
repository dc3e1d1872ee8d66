"""Words as HTML: Markdown, and card codes in text drawn as suit symbols.

>>> cardify("Play 10C, then AH.")
'Play <span class="sp-c" title="ten of clubs">10♣</span>, then <span class="sp-c sp-red" title="ace of hearts">A♥</span>.'
"""

from __future__ import annotations

import re

from ..engine.cards import parse_card

_CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[6-9TJQKA])([SHDC])(?![\w-])")


def cardify(html: str) -> str:
    """Card codes in text (``6S``, ``KH``, ``10C``) as coloured suit symbols."""
    def one(m: "re.Match[str]") -> str:
        card = parse_card(m.group(0))
        red = " sp-red" if card.suit in "HD" else ""
        return f'<span class="sp-c{red}" title="{card.name}">{card.symbol_text}</span>'

    return _CARD_CODE.sub(one, html)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))
