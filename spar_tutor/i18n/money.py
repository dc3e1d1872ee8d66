"""The money a class counts bets and stakes in: cedis in Ghana, francs CFA in Togo and
Benin, or plain tokens where a school would rather not speak of money.

The currency is a setting of the class (``spar-tutor serve --currency cfa``, or the
teacher's Class page), which reaches each learner's kernel as ``SPAR_TUTOR_CURRENCY``
or through :func:`set_currency`; without one it follows the language: cedis in English,
francs CFA in French.

>>> from spar_tutor.i18n import set_language
>>> set_language("en"); set_currency(None)
>>> money(12), money(1)
('12 cedis', '1 cedi')
>>> set_currency("tokens"); money(12)
'12 tokens'
>>> in_currency("A bet of 12 cedis, matched: 24 cedis in the pot.")
'A bet of 12 tokens, matched: 24 tokens in the pot.'
>>> set_currency(None)
"""

from __future__ import annotations

import os
import re
from typing import Dict, Optional

from . import N_, _, language, ngettext, number

#: The currencies a class may count in, each with its name in the learner's language.
CURRENCIES: Dict[str, str] = {"cedis": N_("cedis"), "cfa": N_("francs CFA"),
                              "tokens": N_("tokens")}
#: The class's currency for the kernels (``serve --currency``).
CURRENCY_ENV = "SPAR_TUTOR_CURRENCY"
#: The currency a language counts in when the class has chosen none.
BY_LANGUAGE = {"fr": "cfa"}

_chosen: Optional[str] = None

#: "12 cedis", "1 cedi", as the lessons write an amount (in every language).
_CEDIS = re.compile(r"\b(\d+) cedis?\b")


def known_currency(name: Optional[str]) -> Optional[str]:
    """``name`` ("CFA", " cedis") as one of :data:`CURRENCIES`, or ``None``."""
    found = (name or "").strip().lower()
    return found if found in CURRENCIES else None


def set_currency(name: Optional[str]) -> None:
    """Count in ``name`` (one of :data:`CURRENCIES`) in this kernel from now on; ``None``:
    the class's setting, else the language's."""
    global _chosen
    if name is not None and known_currency(name) is None:
        raise ValueError(f"unknown currency {name!r}: use one of {', '.join(CURRENCIES)}")
    _chosen = known_currency(name)


def currency() -> str:
    """The currency in use: the one set, else ``SPAR_TUTOR_CURRENCY``, else the
    language's (cedis in English, francs CFA in French)."""
    return (_chosen or known_currency(os.environ.get(CURRENCY_ENV))
            or BY_LANGUAGE.get(language(), "cedis"))


def money(amount: int) -> str:
    """An amount of money as the learner reads it: "12 cedis", "12 francs CFA",
    "12 jetons"."""
    n = number(amount)
    kind = currency()
    if kind == "cfa":
        return ngettext("{n} franc CFA", "{n} francs CFA", abs(amount)).format(n=n)
    if kind == "tokens":
        return ngettext("{n} token", "{n} tokens", abs(amount)).format(n=n)
    return ngettext("{n} cedi", "{n} cedis", abs(amount)).format(n=n)


def currency_name(name: Optional[str] = None) -> str:
    """A currency's name in the learner's language ("francs CFA"): ``name``'s, else the
    one in use."""
    return _(CURRENCIES[known_currency(name) or currency()])


def in_currency(text: str) -> str:
    """A lesson's words with its amounts ("12 cedis", written so in every language) in
    the class's currency."""
    if currency() == "cedis":
        return text
    return _CEDIS.sub(lambda m: money(int(m.group(1))), text)


__all__ = ["BY_LANGUAGE", "CURRENCIES", "CURRENCY_ENV", "currency", "currency_name",
           "in_currency", "known_currency", "money", "set_currency"]
