"""French words that change with the word after them, where a value meets a template.

A translator writes "c'est au tour de {name}" before the name is known. French writes
"de" as "d'" before a vowel or a mute h ("d'Ama", "d'Esi", "d'A♦"), "le" and "la" as
"l'" ("l'as"), "que" as "qu'"; and "de le" is "du", "à le" is "au" ("du 10", "au roi").
:func:`join` does this where a template's own word meets a value put in after it.

>>> join("c'est au tour de ", "Ama"), join("c'est au tour de ", "Kofi")
("c'est au tour d'Ama", "c'est au tour de Kofi")
>>> join("De ", "Esi"), join("du 6 à ", "le roi"), join("que ", "il")
("D'Esi", 'du 6 au roi', "qu'il")

"huit" and "onze" keep the word whole ("de huit"), as "Yaw" and "Yao" do: a y before a
vowel is a consonant.
"""

from __future__ import annotations

import re

#: The template words written short before a vowel or a mute h, and their short form.
ELIDED = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "je": "j'", "me": "m'", "te": "t'",
          "se": "s'", "ne": "n'", "lorsque": "lorsqu'", "puisque": "puisqu'", "jusque": "jusqu'"}
#: A template word and the article a value starts with, written as one word.
CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
#: Words that start with a vowel sound on paper but keep the word before them whole:
#: an aspirated h ("le huit", "de haut en bas") and "onze", "oui".
WHOLE_BEFORE = frozenset({"huit", "huitième", "huitièmes", "haut", "haute", "hauts", "hautes",
                          "hasard", "héros", "hors", "onze", "onzième", "onzièmes", "oui"})
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")  # not y: "de Yaw", "de Yao"

# The template's last word, alone (not the end of "au-dessus" or "prends-le"), then one space.
_LAST_WORD = re.compile(r"(?<![\w'’-])(\w+) $")
# Markup a value may open with ("<b>Ama</b>"), then its first word.
_FIRST_WORD = re.compile(r"((?:<[^>]*>)*)([^\W\d_]+)(.?)", re.DOTALL)


def join(before: str, value: str) -> str:
    """The template's text ``before`` a placeholder, followed by the ``value`` put in it,
    as French writes them together: "de " + "Ama" is "d'Ama", "à " + "le roi" is "au roi".

    Only the last word of ``before`` changes (and the article "le", "les" that a
    contraction takes in), and only when it stands alone before the value; anything else
    is ``before + value`` unchanged.

    >>> join("Cartes de ", "<b>Abena</b>"), join("le pari de ", "5 cedis")
    ("Cartes d'<b>Abena</b>", 'le pari de 5 cedis')
    """
    last = _LAST_WORD.search(before)
    first = _FIRST_WORD.match(value)
    if last is None or first is None:
        return before + value
    word, (markup, next_word, after) = last.group(1), first.groups()
    head = before[:last.start()]
    # only a small "le" is the article: "Le" may start a name ("à Le Minh")
    contracted = CONTRACTED.get((word.lower(), next_word))
    if contracted is not None and after == " ":
        return head + _same_case(contracted, word) + " " + markup + value[first.end():]
    short = ELIDED.get(word.lower())
    if short is not None and _starts_with_vowel_sound(next_word):
        return head + _same_case(short, word) + value
    return before + value


def _starts_with_vowel_sound(word: str) -> bool:
    """Whether French elides before ``word``: a vowel or a mute h, "Ama", "as", "A", "homme";
    not "huit", "onze", "Yaw"."""
    start = word[0].lower()
    return (start in _VOWELS or start == "h") and word.lower() not in WHOLE_BEFORE


def _same_case(short: str, word: str) -> str:
    """``short`` with a capital when the template's ``word`` has one ("De" -> "D'")."""
    return short[0].upper() + short[1:] if word[0].isupper() else short


__all__ = ["CONTRACTED", "ELIDED", "WHOLE_BEFORE", "join"]
