"""One learner, whatever the case or spacing of the name they type.

>>> learner_key("Yaw") == learner_key("yaw") == learner_key("  YAW ")
True
>>> learner_key("Kɔfi  Mensah")
'kɔfi mensah'
>>> learner_key("Ama") == learner_key("Ama-Kofi")
False

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

MAX_KEY = 100


def learner_key(name: str) -> str:
    """The identity of the learner called ``name``: the same for "Yaw", "yaw" and " YAW ".

    Unicode-normalised (NFC), case-folded, inner spaces collapsed to one. Two names are
    one learner exactly when their keys are equal. Raises ``ValueError`` for a blank name.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a learner needs a name")
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    return " ".join(folded.split())[:MAX_KEY]


def shown_name(name: str) -> str:
    """``name`` to show: a name in small letters only gets a capital at the start of each
    word and after a hyphen; any other name is kept as it is written."""
    if name != name.lower():
        return name
    return re.sub(r"(^|[\s-])(\w)", lambda m: m.group(1) + m.group(2).upper(), name)
