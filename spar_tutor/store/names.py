"""One learner, whatever the case or spacing of the name they type.

>>> learner_key("Yaw") == learner_key("yaw") == learner_key("  YAW ")
True
>>> learner_key("Kɔfi  Mensah")
'kɔfi mensah'
>>> learner_key("Ama") == learner_key("Ama-Kofi")
False
"""

from __future__ import annotations

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
