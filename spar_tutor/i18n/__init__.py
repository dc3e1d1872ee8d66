"""Every learner-facing sentence goes through this message catalogue (GNU gettext).

English is the source language: the strings in the code are the English text, marked
with :func:`_` (or :func:`ngettext` for plurals, :func:`N_` for module-level constants
that are translated where they are shown). A language is a compiled catalogue,
``spar_tutor/i18n/locale/<lang>/LC_MESSAGES/spar_tutor.mo``; adding one needs no code.

Standard library only, so every layer (the engine included) may use it.

>>> set_language("en")
>>> _("You won")
'You won'
>>> ngettext("{n} point", "{n} points", 2).format(n=2)
'2 points'
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path
from typing import Dict, List, Sequence

DOMAIN = "spar_tutor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"

_translations: Dict[str, _gettext.NullTranslations] = {}
_language = SOURCE_LANGUAGE


def _catalogue(language: str) -> _gettext.NullTranslations:
    if language not in _translations:
        _translations[language] = _gettext.translation(
            DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True)
    return _translations[language]


def available_languages() -> List[str]:
    """The source language and every language with a compiled catalogue."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return [SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE})]


def set_language(language: str) -> None:
    """Speak ``language`` from now on in this process (one learner's kernel)."""
    global _language
    _language = language or SOURCE_LANGUAGE


def language() -> str:
    """The language in use."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalogue(_language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _catalogue(_language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words
    used elsewhere by ``context``."""
    return _catalogue(_language).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (module constants:
    translate with :func:`_` where the text is shown)."""
    return message


def points(n: int) -> str:
    """A number of points in words: "1 point", "3 points" (in the current language).

    >>> points(1), points(-3)
    ('1 point', '-3 points')
    """
    return ngettext("{n} point", "{n} points", n).format(n=n)


def number(n: int) -> str:
    """A whole number with its thousands grouped as the language writes them.

    >>> number(1520), number(800)
    ('1,520', '800')
    """
    # Translators: the sign between groups of three digits in a number: 1,520
    return f"{n:,}".replace(",", pgettext("thousands", ","))


def join_names(names: Sequence[str]) -> str:
    """Names in a list the way a sentence says them: "Kofi", "Kofi and Ama",
    "Kofi, Ama and Yaw" (in the current language).

    >>> join_names(["Kofi", "Ama", "Yaw"])
    'Kofi, Ama and Yaw'
    """
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the comma between names in a list ("Kofi, Ama and Yaw")
    comma = _(", ")
    # Translators: the last two names of a list; {names} may hold several, with commas
    return _("{names} and {last}").format(names=comma.join(items[:-1]), last=items[-1])


__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "SOURCE_LANGUAGE", "_", "available_languages",
           "join_names", "language", "ngettext", "pgettext", "points", "set_language"]
