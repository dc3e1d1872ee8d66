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

A French template joins its own words to the values put in it when it is formatted
("de {player}" with Ama is "d'Ama", "le {card}" with "as" is "l'as"): see :mod:`.french`.

The language at start is the server's (``SPAR_TUTOR_LANG``, set by
``spar-tutor serve --lang fr``), else English; a notebook switches with
``spar_tutor.set_language("fr")``, the app with its language switch.
"""

from __future__ import annotations

import gettext as _gettext
import itertools
import os
import string
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Type, Union

from . import french

DOMAIN = "spar_tutor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
#: The server's language for every learner who has not chosen one (``serve --lang``).
LANGUAGE_ENV = "SPAR_TUTOR_LANG"
#: Each language's name in itself, for the language switch (never translated).
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
#: How numbers are written: (decimal mark, thousands separator).
_NUMBER_MARKS = {"en": (".", ","), "fr": (",", "\u202f")}

_translations: Dict[str, _gettext.NullTranslations] = {}


def default_language(env: Optional[Mapping[str, str]] = None) -> str:
    """The server's language (``SPAR_TUTOR_LANG``) if it has a catalogue, else English."""
    wanted = (os.environ if env is None else env).get(LANGUAGE_ENV, "").strip()
    return known_language(wanted) or SOURCE_LANGUAGE


def known_language(language: Optional[str]) -> Optional[str]:
    """``language`` ("fr", "FR", "fr_FR", "fr-BE") as a language the tutor speaks, or None."""
    if not language:
        return None
    code = language.strip().replace("-", "_").split("_")[0].lower()
    return code if code in _translations or code in available_languages() else None


_language = SOURCE_LANGUAGE
#: A thread's own language while :func:`speaking` runs (a server answering learners of
#: several languages from several threads at once).
_thread = threading.local()


def _current() -> str:
    """The language of this thread: its own while :func:`speaking`, else the process's."""
    own: Optional[str] = getattr(_thread, "language", None)
    return own or _language


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
    """Speak ``language`` from now on in this process (one learner's kernel): lessons,
    puzzles and pages opened after this are in it. ``spar_tutor.set_language("fr")``
    in a notebook. A language without a catalogue speaks English."""
    global _language
    _language = known_language(language) or SOURCE_LANGUAGE


def language() -> str:
    """The language in use (in this thread: see :func:`speaking`)."""
    return _current()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` in this thread only while the block runs: a server that answers
    learners of several languages at once, each request in its own thread (the table
    service), says each one's words in their language without changing the others'. A
    language without a catalogue speaks English.

    >>> with speaking("fr"):
    ...     _("Hint")
    'Indice'
    """
    before = getattr(_thread, "language", None)
    _thread.language = known_language(language) or SOURCE_LANGUAGE
    try:
        yield
    finally:
        _thread.language = before


class _Template(str):
    """A message of a language whose words change with the values put in it:
    :meth:`format` puts each value in and lets :meth:`_join` write it together with the
    template's word just before it. Everything else is the plain string."""

    __slots__ = ()

    @staticmethod
    def _join(before: str, value: str) -> str:
        return before + value

    def format(self, *args: object, **values: object) -> str:
        return _fill(self, args, values, self._join)


class _French(_Template):
    """A French message: "de {player}" with Ama is "d'Ama" (:func:`.french.join`)."""

    __slots__ = ()

    @staticmethod
    def _join(before: str, value: str) -> str:
        return french.join(before, value)


#: The languages whose templates join their words to the values put in them.
_TEMPLATES: Dict[str, Type[_Template]] = {"fr": _French}
_FORMATTER = string.Formatter()


def _fill(template: str, args: Sequence[object], values: Mapping[str, Any],
          join: Callable[[str, str], str]) -> str:
    """``template.format(*args, **values)``, each value written after the template's text
    before it by ``join(before, value)``."""
    out: List[str] = []
    numbers = itertools.count()
    for before, field, spec, conversion in _FORMATTER.parse(template):
        if field is None:
            out.append(before)
            continue
        if field == "" or field[0] in ".[":  # "{}": the next positional value
            field = f"{next(numbers)}{field}"
        value = _FORMATTER.convert_field(_FORMATTER.get_field(field, args, values)[0], conversion)
        spec = _FORMATTER.vformat(spec, args, values) if spec else ""
        out.append(join(before, _FORMATTER.format_field(value, spec)))
    return "".join(out)


def _in_language(found: str, *english: str) -> str:
    """What the catalogue ``found`` for a message, as a template of the language in use.
    gettext gives back one of the ``english`` strings themselves when the catalogue lacks
    the message: English stays a plain string, whatever the language."""
    template = _TEMPLATES.get(_current())
    if template is None or any(found is source for source in english):
        return found
    return template(found)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _in_language(_catalogue(_current()).gettext(message), message)


def is_translated(message: str) -> bool:
    """Whether the language in use has its own words for ``message`` (always, in English)."""
    if _current() == SOURCE_LANGUAGE:
        return True
    catalogue = _catalogue(_current())
    found: Optional[Mapping[object, str]] = getattr(catalogue, "_catalog", None)
    if found is None:  # not a compiled catalogue
        return catalogue.gettext(message) != message
    return message in found


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _in_language(_catalogue(_current()).ngettext(singular, plural, n), singular, plural)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words
    used elsewhere by ``context``."""
    return _in_language(_catalogue(_current()).pgettext(context, message), message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (module constants:
    translate with :func:`_` where the text is shown)."""
    return message


def number(value: Union[int, float], digits: int = 0) -> str:
    """A number as the learner's language writes it, with ``digits`` decimals.

    >>> number(1520), number(3.456, 1)
    ('1,520', '3.5')
    """
    decimal, thousands = _NUMBER_MARKS.get(_current(), _NUMBER_MARKS[SOURCE_LANGUAGE])
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\0").replace(".", decimal).replace("\0", thousands)


def percent(share: float) -> str:
    """A share (0..1) as a whole percentage the learner's language writes: "85%" in
    English, "85 %" in French (with a no-break space, so the sign never starts a line).

    >>> percent(0.853)
    '85%'
    """
    return _("{percent}%").format(percent=number(round(100 * share)))


def points(n: int) -> str:
    """A number of points in words: "1 point", "3 points" (in the current language).

    >>> points(1), points(-3)
    ('1 point', '-3 points')
    """
    return ngettext("{n} point", "{n} points", n).format(n=n)


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


_language = default_language()

__all__ = ["DOMAIN", "LANGUAGE_ENV", "LANGUAGE_NAMES", "LOCALE_DIR", "N_", "SOURCE_LANGUAGE", "_",
           "available_languages", "default_language", "is_translated", "join_names", "known_language", "language",
           "ngettext", "number", "percent", "pgettext", "points", "set_language", "speaking"]
