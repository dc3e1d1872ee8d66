"""One JSON file per learner: where it lives, how it is named, read and written.

The files live in a folder of ``$SPAR_TUTOR_HOME`` (default ``~/.spar-tutor``),
one folder per kind of progress (lessons in ``progress/``, puzzles in
``puzzles/``), so a lesson player and a puzzle player open side by side never
overwrite each other. A learner's name is turned into a safe file name, so it can
never point outside that folder, and two names never share a file:

>>> safe_name("../../etc/passwd").startswith("etc_passwd-")
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Any, ClassVar, Dict, Optional

log = logging.getLogger("spar_tutor.learning")


def home() -> Path:
    """The tool's folder: ``$SPAR_TUTOR_HOME`` or ``~/.spar-tutor``."""
    env = os.environ.get("SPAR_TUTOR_HOME")
    return Path(env) if env else Path.home() / ".spar-tutor"


def current_user() -> Optional[str]:
    """The signed-in user on a shared server (JupyterHub), if known."""
    for var in ("SPAR_TUTOR_USER", "JUPYTERHUB_USER"):
        if os.environ.get(var, "").strip():
            return os.environ[var].strip()
    return None


def safe_name(user: str) -> str:
    """A file name for ``user``: letters, digits, ``_`` and ``-`` only, plus a short
    hash of the exact name so that different names never collide."""
    if not isinstance(user, str) or not user.strip():
        raise ValueError("a learner needs a name")
    base = re.sub(r"[^A-Za-z0-9_-]+", "_", user.strip()).strip("_-")[:40] or "learner"
    digest = hashlib.sha256(user.strip().encode("utf-8")).hexdigest()[:10]
    return f"{base}-{digest}"


class ProgressFile:
    """One learner's progress file: ``{NAME_KEY: name, SECTION: {...}, "last": ...}``.

    A subclass names its folder under :func:`home`, the key that holds the
    learner's name and the section of its entries; it reads and changes
    ``self.data`` and calls :meth:`save`. A file of another learner, or one that
    is damaged, reads as no progress. Writes are atomic; a folder that cannot be
    written is logged, not raised (``unsaved`` is then set and progress lasts for
    the page).
    """

    FOLDER: ClassVar[str]
    NAME_KEY: ClassVar[str]
    SECTION: ClassVar[str]

    def __init__(self, learner: str, root: Optional[Path] = None) -> None:
        self.learner = learner.strip()
        folder = (Path(root) if root else home() / self.FOLDER).resolve()
        self.path = folder / (safe_name(learner) + ".json")
        if self.path.parent != folder:  # cannot happen with safe_name; checked anyway
            raise ValueError(f"unsafe learner name {learner!r}")
        self.data: Dict[str, Any] = self._read()
        self.unsaved = False  # set when a save failed (a read-only folder, a full disk)

    def _empty(self) -> Dict[str, Any]:
        return {self.NAME_KEY: self.learner, self.SECTION: {}, "last": None}

    def _read(self) -> Dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return self._empty()
        if not isinstance(data, dict) or data.get(self.NAME_KEY) != self.learner:
            return self._empty()
        data.setdefault(self.SECTION, {})
        data.setdefault("last", None)
        return data if isinstance(data[self.SECTION], dict) else self._empty()

    def save(self) -> bool:
        """Write the file atomically (a crash never leaves half a file); False if the
        folder cannot be written."""
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.FOLDER}-")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("%s of %r not saved to %s: %s", self.FOLDER, self.learner, self.path, e)
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            self.unsaved = True
            return False
        return True

    @property
    def last(self) -> Optional[str]:
        """The lesson or puzzle the learner was on last."""
        last = self.data.get("last")
        return last if isinstance(last, str) else None
