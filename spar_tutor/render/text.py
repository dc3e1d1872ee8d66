"""Words as HTML: Markdown, and card codes in text drawn as suit symbols.

Lesson and puzzle files write cards in the compact notation (``6S``, ``TD``,
``10C``) for their authors; a learner always sees the card's rank and suit symbol
(``10`` for the ten, never ``T``).

>>> cardify("Play 10C, then AH.")
'Play <span class="sp-c" title="ten of clubs">10♣</span>, then <span class="sp-c sp-red" title="ace of hearts">A♥</span>.'
>>> cardify("You won with 7♦.")
'You won with <span class="sp-c sp-red" title="seven of diamonds">7♦</span>.'
>>> card_symbols("6S 7S 8H 9D TC")
'6♠ 7♠ 8♥ 9♦ 10♣'
"""

from __future__ import annotations

import re

from typing import Dict, Tuple

from ..engine.cards import RANK_CHARS, Card, face_letters, parse_card
from ..engine.words import card_text
from ..i18n import language

#: A card code standing alone in text (not part of a word, an address or an entity).
CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[2-9TJQKA])([SHDC])(?![\w-])")
#: Per language: a card code, or a card as the learner reads it (rank and suit symbol:
#: ``10♣``, ``Q♥``; ``D♥`` in French), and the rank of each corner letter.
_CARD_WORDS: Dict[str, Tuple["re.Pattern[str]", Dict[str, int]]] = {}


def _card_words() -> Tuple["re.Pattern[str]", Dict[str, int]]:
    lang = language()
    if lang not in _CARD_WORDS:
        letters = {letter: rank for rank, letter in face_letters().items()}
        faces = "".join(sorted(set("JQKA") | set(letters)))
        _CARD_WORDS[lang] = (re.compile(
            CARD_CODE.pattern + rf"|(?<![\w/#&;=-])(?:10|[2-9{faces}])[♠♥♦♣]"), letters)
    return _CARD_WORDS[lang]


def _read(found: str, letters: Dict[str, int]) -> Card:
    """A card found in text: a code, or a rank and suit symbol in the language's letters."""
    rank = letters.get(found[:-1])
    if rank is not None:  # "V♥": the code's letter ("J"), with the suit symbol
        found = RANK_CHARS[rank - 2] + found[-1]
    return parse_card(found)


def card_html(card: Card) -> str:
    """A card as a learner reads it in HTML: its rank and suit symbol in the suit's
    colour, its name as the title (:func:`spar_tutor.engine.words.card_text` in plain text)."""
    red = " sp-red" if card.suit in "HD" else ""
    return f'<span class="sp-c{red}" title="{card.name}">{card_text(card)}</span>'


def cardify(html: str) -> str:
    """Cards in text, as codes (``6S``, ``KH``, ``10C``) or rank and suit symbol (``6♠``),
    drawn in their suit's colour (:func:`card_html`)."""
    pattern, letters = _card_words()
    return pattern.sub(lambda m: card_html(_read(m.group(0), letters)), html)


def card_symbols(text: str) -> str:
    """Card codes in plain text (a button's label) as rank and suit symbol: ``6♠``."""
    return CARD_CODE.sub(lambda m: card_text(parse_card(m.group(0))), text)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))
