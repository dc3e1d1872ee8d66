"""One learner, whatever the case, the spacing or the look-alike letters of the name they type.

>>> learner_key("Yaw") == learner_key("yaw") == learner_key("  YAW ")
True
>>> learner_key("Kɔfi  Mensah")
'kɔfi mensah'
>>> learner_key("Ama") == learner_key("Ama-Kofi")
False

A name written with letters of another script that look like Latin ones is the same
learner: a Cyrillic "А" is an "A", a fullwidth "Ａ" too (Unicode's confusables, folded by
:data:`~spar_tutor.store.lookalikes.LOOKALIKES`), so nobody shows as a second "Ama":

>>> learner_key("\u0410ma") == learner_key("Ama") == learner_key("\uff21ma")
True

Names are cleaned before they are kept (:func:`clean_name`): letters of any script,
digits, spaces, ``'`` and ``-`` inside a name, at most :data:`MAX_NAME` characters; so a
name is never a formula or a file path:

>>> clean_name("  Kɔfi   Mensah "), clean_name("../../etc/passwd"), clean_name("=HYPERLINK(x)")
('Kɔfi Mensah', 'etcpasswd', 'HYPERLINKx')
>>> clean_name("-A1-A2"), clean_name("   ") is None
('A1-A2', True)

A server's user names are often all small letters (JupyterHub makes them so); shown to
people they get their capitals back:

>>> shown_name("ama"), shown_name("mrs-owusu"), shown_name("kofi mensah")
('Ama', 'Mrs-Owusu', 'Kofi Mensah')
>>> shown_name("McAdoo"), shown_name("n'guessan")
('McAdoo', "N'guessan")
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Optional, Tuple

from .lookalikes import LOOKALIKES

MAX_KEY = 100
MAX_NAME = 30
"""The most characters a learner's name keeps."""
_PUNCTUATION = " '-"
"""Signs a name may have besides letters and digits (never first or last)."""
_FOLD = {ord(letter): latin for letter, latin in LOOKALIKES.items()}


def learner_key(name: str) -> str:
    """The identity of the learner called ``name``: the same for "Yaw", "yaw", " YAW " and
    "Yаw" written with a Cyrillic "а".

    Unicode-normalised (NFKC), case-folded, each letter that looks like a Latin letter or
    digit folded to it, inner spaces collapsed to one. Two names are one learner exactly
    when their keys are equal. Raises ``ValueError`` for a blank name.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a learner needs a name")
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_FOLD).split())[:MAX_KEY]


def cleaned(text: Any) -> Tuple[Optional[str], str]:
    """A name fit to show and to keep (``None`` if nothing is left), and what changed:
    ``""`` (nothing but spaces), ``"cleaned"`` (signs left out) or ``"shortened"``."""
    if not isinstance(text, str):
        return None, ""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if ch.isalnum() or ch in _PUNCTUATION)
    whole = " ".join(kept.split()).strip(_PUNCTUATION)
    name = whole[:MAX_NAME].strip(_PUNCTUATION)
    if not name:
        return None, ""
    if len(whole) > MAX_NAME:
        return name, "shortened"
    return name, "" if whole == " ".join(text.split()) else "cleaned"


def clean_name(text: Any) -> Optional[str]:
    """A name fit to show and to key progress by, or ``None`` if nothing is left."""
    return cleaned(text)[0]


def shown_name(name: str) -> str:
    """``name`` to show: a name in small letters only gets a capital at the start of each
    word and after a hyphen; any other name is kept as it is written."""
    if name != name.lower():
        return name
    return re.sub(r"(^|[\s-])(\w)", lambda m: m.group(1) + m.group(2).upper(), name)
