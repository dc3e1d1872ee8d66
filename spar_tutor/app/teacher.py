"""Who may open the Class page: whoever has the teacher's key, or a JupyterHub admin.

``spar-tutor serve --teacher-key KEY`` puts the key in ``SPAR_TUTOR_TEACHER_KEY`` for
the app's kernels; the teacher opens ``?page=class&key=KEY``. The key is compared in
constant time. On JupyterHub (deploy/jupyterhub), the hub sets
``SPAR_TUTOR_HUB_ADMIN=1`` in the servers of its admin users only; learners can
neither run code nor set variables there.

>>> is_teacher("a-long-secret", {"SPAR_TUTOR_TEACHER_KEY": "a-long-secret"})
True
>>> is_teacher("a-long-secreT", {"SPAR_TUTOR_TEACHER_KEY": "a-long-secret"})
False
>>> is_teacher(None, {"JUPYTERHUB_USER": "mrs-owusu", "SPAR_TUTOR_HUB_ADMIN": "1"})
True
>>> is_teacher("", {})
False
"""

from __future__ import annotations

import hmac
import os
from typing import Mapping, Optional

from ..server.classroom import HUB_ADMIN_ENV, MIN_KEY, TEACHER_KEY_ENV


def hub_admin(env: Optional[Mapping[str, str]] = None) -> bool:
    """Whether this server belongs to a JupyterHub admin user."""
    env = os.environ if env is None else env
    return bool(env.get("JUPYTERHUB_USER", "").strip()) and env.get(HUB_ADMIN_ENV) == "1"


def is_teacher(key: Optional[str], env: Optional[Mapping[str, str]] = None) -> bool:
    """Whether ``key`` (from the page's address) opens the Class page here."""
    env = os.environ if env is None else env
    if hub_admin(env):
        return True
    expected = env.get(TEACHER_KEY_ENV, "")
    if len(expected) < MIN_KEY or not key:
        return False
    return hmac.compare_digest(key.encode("utf-8"), expected.encode("utf-8"))
