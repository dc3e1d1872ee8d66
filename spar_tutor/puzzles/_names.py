"""Where progress files go and how a learner's name becomes a safe file name
(the same rules as ``spar_tutor.lessons.progress``, for when the lessons are not installed).

>>> safe_name("../../etc/passwd").startswith("etc_passwd-")
True
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path


def home() -> Path:
    """The tool's folder: ``$SPAR_TUTOR_HOME`` or ``~/.spar-tutor``."""
    env = os.environ.get("SPAR_TUTOR_HOME")
    return Path(env) if env else Path.home() / ".spar-tutor"


def safe_name(user: str) -> str:
    """Letters, digits, ``_`` and ``-`` only, plus a short hash of the exact name."""
    if not isinstance(user, str) or not user.strip():
        raise ValueError("a learner needs a name")
    base = re.sub(r"[^A-Za-z0-9_-]+", "_", user.strip()).strip("_-")[:40] or "learner"
    digest = hashlib.sha256(user.strip().encode("utf-8")).hexdigest()[:10]
    return f"{base}-{digest}"
