"""The names of the other players in lessons and puzzles, and a learner who has one of them.

Lessons and puzzles seat the learner ("You") among players with Ghanaian and Togolese
names: Ama, Kofi, Esi... In a class of thirty, a pupil is often called Kofi or Ama too,
and a lesson that says "Kofi has no heart" opposite a learner called Kofi makes them
wonder who is who. So when a word of the learner's name is one of these names, that
player is called by a stand-in of the same kind of name (a boy's name for a boy's name,
so "he" and "she" stay right; a vowel first where the name had one, so the French "d'Ama"
stays "d'Akua") everywhere the lesson or puzzle names them: its seats, its sentences and
its answers.

>>> recaster("Kofi Mensah")("Kofi has no heart; Ama and Kofi's ace.")
'Kwaku has no heart; Ama and Kwaku's ace.'
>>> recaster("Akosua")("Kofi leads.")
'Kofi leads.'

Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Dict, Optional, Tuple

#: Every name a lesson, a puzzle or a bot gives another player, and whether it is a boy's
#: ("m") or a girl's ("f") name (tests/test_cast.py checks the files use no other).
CAST: Dict[str, str] = {"Ama": "f", "Esi": "f", "Afi": "f", "Akosua": "f",
                        "Kofi": "m", "Yao": "m", "Kossi": "m", "Kwame": "m"}

#: Stand-ins, none of them in :data:`CAST`: a girl's name starts with a vowel as every
#: girl's name of the cast does, a boy's with a consonant as every boy's does.
STAND_INS: Dict[str, Tuple[str, ...]] = {"f": ("Akua", "Adwoa", "Efua", "Afua"),
                                          "m": ("Kwaku", "Kojo", "Kwesi", "Kodjo")}


def _key(word: str) -> str:
    """A word compared as a reader would: no case, no accents ("KOFI", "Kofí" are Kofi)."""
    plain = unicodedata.normalize("NFKD", word)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def stand_ins(learner: Optional[str]) -> Dict[str, str]:
    """The cast's names that are a word of ``learner``'s name, each with its stand-in
    (none of them a word of the learner's name either)."""
    if not learner:
        return {}
    words = {_key(w) for w in re.split(r"[\s\-']+", learner) if w}
    found: Dict[str, str] = {}
    for name, kind in CAST.items():
        if _key(name) in words:
            free = [s for s in STAND_INS[kind]
                    if _key(s) not in words and s not in found.values()]
            found[name] = free[0]
    return found


def recaster(learner: Optional[str]) -> Callable[[str], str]:
    """A function that renames, in a text, the cast's names the learner also has (the
    text as it is when there are none)."""
    found = stand_ins(learner)
    if not found:
        return lambda text: text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, found)) + r")\b")
    return lambda text: pattern.sub(lambda m: found[m.group(1)], text) if text else text
