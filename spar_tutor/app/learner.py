"""Who is learning: the JupyterHub user, or a name the learner gives.

On JupyterHub the signed-in user is the learner (``JUPYTERHUB_USER``), and a
``?learner=`` in the address is ignored. On a plain Voila server the learner
types a name on Home, or follows a link with ``?learner=Ama`` in it. Names are
cleaned for showing (letters of any script, digits, spaces, ``'`` and ``-``; at most
30 characters). Whose progress it is is decided by :func:`spar_tutor.store.learner_key`:
one learner whatever the case ("yaw" is "Yaw"); a name is only data in the progress
database, never a file name.

>>> clean_name("  Kɔfi   Mensah ")
'Kɔfi Mensah'
>>> clean_name("../../etc/passwd")
'etcpasswd'
>>> clean_name("   ") is None
True
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from typing import Mapping, Optional

MAX_NAME = 30
_ALLOWED_PUNCTUATION = set(" '-")


@dataclass(frozen=True)
class Learner:
    """A learner's name and where it came from: ``hub``, ``link`` or ``typed``."""

    name: str
    source: str

    @property
    def fixed(self) -> bool:
        """Whether the name is given by the server (JupyterHub) and cannot change."""
        return self.source == "hub"


def clean_name(text: Optional[str]) -> Optional[str]:
    """A name fit to show and to key progress by, or ``None`` if nothing is left."""
    if not isinstance(text, str):
        return None
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if ch.isalnum() or ch in _ALLOWED_PUNCTUATION)
    name = " ".join(kept.split())[:MAX_NAME].strip()
    return name or None


def hub_user(env: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The JupyterHub user this server runs for, if any."""
    value = (os.environ if env is None else env).get("JUPYTERHUB_USER", "")
    return clean_name(value)


def initial_learner(link_name: Optional[str],
                    env: Optional[Mapping[str, str]] = None) -> Optional[Learner]:
    """The learner at start: the hub user, else the name in the link, else nobody yet."""
    user = hub_user(env)
    if user:
        return Learner(user, "hub")
    name = clean_name(link_name)
    return Learner(name, "link") if name else None
