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

Names are matched without regard to case: :func:`learner_key` is what two spellings of
one learner share (the progress store matches them the same way).

>>> learner_key("yaw") == learner_key(" YAW ")
True
>>> check_name("Kofi!").changed
'cleaned'
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping, Optional

from ..i18n import _
from ..store.names import MAX_NAME, cleaned, shown_name
from ..store.names import learner_key as store_key


@dataclass(frozen=True)
class Learner:
    """A learner's name and where it came from: ``hub``, ``link`` or ``typed``."""

    name: str
    source: str

    @property
    def fixed(self) -> bool:
        """Whether the name is given by the server (JupyterHub) and cannot change."""
        return self.source == "hub"


@dataclass(frozen=True)
class NameCheck:
    """A typed name after cleaning: ``name`` (``None`` if nothing is left) and what
    changed: ``""`` (nothing), ``"cleaned"`` (signs left out) or ``"shortened"``."""

    name: Optional[str]
    changed: str = ""

    def message(self) -> str:
        """What to tell the learner about their name (``""`` when it was kept as typed)."""
        if self.name is None:
            return _("Please type your name first: at least one letter.")
        if self.changed == "shortened":
            return _("Your name was shortened to {limit} letters: {name}.").format(
                limit=MAX_NAME, name=self.name)
        if self.changed == "cleaned":
            return _("Your name is saved as {name}. A name can only have letters, "
                     "numbers, spaces and the signs ' and -.").format(name=self.name)
        return ""


def check_name(text: Optional[str]) -> NameCheck:
    """Clean a typed name and say what changed (spaces at the ends and runs of spaces
    do not count as a change)."""
    name, changed = cleaned(text)
    return NameCheck(name, changed)


def clean_name(text: Optional[str]) -> Optional[str]:
    """A name fit to show and to key progress by, or ``None`` if nothing is left."""
    return check_name(text).name


def learner_key(name: Optional[str]) -> Optional[str]:
    """What every spelling of one learner's name shares: the key of the cleaned name
    (:func:`spar_tutor.store.learner_key`: case and look-alike letters do not count, "yaw"
    is "Yaw"); ``None`` if no name is left. The one rule for matching learners."""
    name = clean_name(name)
    return store_key(name) if name else None


def hub_user(env: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The JupyterHub user this server runs for, if any, with capitals ("ama" is shown
    as "Ama": the hub writes user names in small letters)."""
    value = clean_name((os.environ if env is None else env).get("JUPYTERHUB_USER", ""))
    return shown_name(value) if value else None


def initial_learner(link_name: Optional[str],
                    env: Optional[Mapping[str, str]] = None) -> Optional[Learner]:
    """The learner at start: the hub user, else the name in the link, else nobody yet."""
    user = hub_user(env)
    if user:
        return Learner(user, "hub")
    name = clean_name(link_name)
    return Learner(name, "link") if name else None
