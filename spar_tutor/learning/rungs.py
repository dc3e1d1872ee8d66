"""What a nudge (the first rung of a hint ladder) must never do: name a card or give an
answer option away. Lessons and puzzles check their authored nudges with it when they
load, and the tests check every generated one.

>>> gives_away("Who must win trick 4 for your 6 to score?", ["1", "2", "3"])
>>> gives_away("Lead your QD first.", [])
'it names a card (QD)'
>>> gives_away("Is it Kofi?", ["Ama", "Kofi"])
"it names an answer option ('Kofi')"
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

#: A card in the compact notation (QD, TH, 10S) or as the learner reads it (Q♦, 10♥).
CARD = re.compile(r"(?<![\w♠♥♦♣])((?:10|[2-9TJQKA])[SHDC]|(?:10|[2-9JQKA])[♠♥♦♣])(?![\w])")
#: A card in words: "the six of spades", "queen of hearts".
CARD_WORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
                        r" of (spades|hearts|diamonds|clubs)\b", re.IGNORECASE)


def gives_away(text: str, options: Iterable[str] = ()) -> Optional[str]:
    """Why ``text`` cannot be a nudge (``None`` when it may): it names a card, or it
    contains one of ``options`` (the answers the learner chooses among), as a whole word."""
    found = CARD.search(text) or CARD_WORDS.search(text)
    if found:
        return f"it names a card ({found.group(0)})"
    for option in options:
        option = str(option).strip()
        if not option or CARD.fullmatch(option):
            continue
        if re.search(rf"(?<!\w){re.escape(option)}(?!\w)", text, re.IGNORECASE):
            return f"it names an answer option ({option!r})"
    return None


__all__ = ["CARD", "CARD_WORDS", "gives_away"]
