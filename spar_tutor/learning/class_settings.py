"""What a teacher sets for the whole class: the currency bets and stakes are counted in,
and whether there are stakes and bets at all (betting is awkward for some classes of 13 to
15-year-olds).

Each setting comes from, in order: the Class page (kept in the progress database, so it
reaches every learner's page and every machine of a JupyterHub), the server's command line
(``spar-tutor serve --currency cfa --no-money``, which the kernels get as
``SPAR_TUTOR_CURRENCY`` and ``SPAR_TUTOR_MONEY``), and then the tutor's default: the
language's currency (cedis in English, francs CFA in French), with stakes and bets on.

>>> from spar_tutor.store import Store
>>> store = Store.memory()
>>> class_settings(store, env={})
ClassSettings(currency=None, money=True)
>>> save_class_settings(store, currency="tokens", money=False)
>>> class_settings(store, env={"SPAR_TUTOR_CURRENCY": "cfa"})
ClassSettings(currency='tokens', money=False)
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Mapping, Optional

from sqlalchemy import select

from ..i18n.money import CURRENCY_ENV, known_currency, set_currency
from ..store import Store, StoreError, database_url, shared_store
from ..store.db import sqlite_path
from ..store.schema import ClassSetting, utcnow

log = logging.getLogger("spar_tutor.learning")

#: ``off`` turns stakes and bets off for the class's kernels (``serve --no-money``).
MONEY_ENV = "SPAR_TUTOR_MONEY"
_OFF = {"off", "no", "0", "false"}


@dataclass(frozen=True)
class ClassSettings:
    """The class's settings: ``currency`` (``None``: the language's), and ``money``
    (stakes and bets played)."""

    currency: Optional[str] = None
    money: bool = True


def class_settings(store: Optional[Store] = None,
                   env: Optional[Mapping[str, str]] = None) -> ClassSettings:
    """The class's settings now: the Class page's (in ``store``, this server's database by
    default), else the command line's (``env``, the process's by default). A database that
    cannot be read leaves the command line's, logged."""
    env = os.environ if env is None else env
    currency = known_currency(env.get(CURRENCY_ENV))
    money = env.get(MONEY_ENV, "").strip().lower() not in _OFF
    try:
        if store is None and not _database_made():
            return ClassSettings(currency, money)  # nothing chosen yet, and nothing made
        with (store if store is not None else shared_store()).read() as session:
            chosen = {name: value for name, value in session.execute(
                select(ClassSetting.name, ClassSetting.value))}
    except StoreError as e:
        log.warning("the class's settings could not be read: %s", e)
        chosen = {}
    if known_currency(chosen.get("currency")):
        currency = known_currency(chosen["currency"])
    elif chosen.get("currency") == "":
        currency = None  # the teacher chose the language's currency
    if "money" in chosen:
        money = chosen["money"] not in _OFF
    return ClassSettings(currency, money)


def _database_made() -> bool:
    """Whether this server's database exists already (a SQLite file not made yet holds no
    settings; reading it would make it)."""
    path = sqlite_path(database_url())
    return path is None or path.exists()


def save_class_settings(store: Store, currency: Optional[str], money: bool) -> None:
    """Keep the teacher's choice for the whole class (``currency`` ``None``: the
    language's); raises :class:`~spar_tutor.store.StoreError` if it cannot be saved."""
    if currency is not None and known_currency(currency) is None:
        raise ValueError(f"unknown currency {currency!r}")
    values = {"currency": known_currency(currency) or "", "money": "on" if money else "off"}
    with store.write() as session:
        for name, value in values.items():
            found = session.get(ClassSetting, name)
            if found is None:
                session.add(ClassSetting(name=name, value=value, changed_at=utcnow()))
            else:
                found.value, found.changed_at = value, utcnow()


def use_class_settings(store: Optional[Store] = None) -> ClassSettings:
    """Read the class's settings and count in its currency in this kernel from now on."""
    settings = class_settings(store)
    set_currency(settings.currency)
    return settings


__all__ = ["ClassSettings", "MONEY_ENV", "class_settings", "save_class_settings",
           "use_class_settings"]
