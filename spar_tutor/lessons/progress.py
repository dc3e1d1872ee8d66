"""Which steps and lessons a learner has finished, kept in a JSON file per learner.

The files live in ``$SPAR_TUTOR_HOME/progress/`` (default ``~/.spar-tutor``).
A learner's name is turned into a safe file name, so it can never point
outside that folder, and two names never share a file:

>>> safe_name("../../etc/passwd").startswith("etc_passwd-")
True
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Set


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


class ProgressStore:
    """One learner's progress: finished steps per lesson and where they stopped."""

    def __init__(self, user: str, root: Optional[Path] = None) -> None:
        self.user = user.strip()
        folder = (Path(root) if root else home() / "progress").resolve()
        self.path = folder / (safe_name(user) + ".json")
        if self.path.parent != folder:  # cannot happen with safe_name; checked anyway
            raise ValueError(f"unsafe learner name {user!r}")
        self.data: Dict[str, Any] = self._read()

    def _read(self) -> Dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"user": self.user, "lessons": {}, "last": None}
        if not isinstance(data, dict) or data.get("user") != self.user:
            return {"user": self.user, "lessons": {}, "last": None}
        data.setdefault("lessons", {})
        data.setdefault("last", None)
        return data

    def save(self) -> None:
        """Write the file atomically (a crash never leaves half a file)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".progress-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(self.data, f, indent=1, sort_keys=True)
        os.replace(tmp, self.path)

    def _lesson(self, lesson_id: str) -> Dict[str, Any]:
        lessons: Dict[str, Dict[str, Any]] = self.data["lessons"]
        return lessons.setdefault(lesson_id, {"done": [], "at": 0, "finished": False})

    def done(self, lesson_id: str) -> Set[int]:
        """The finished steps of a lesson (0-based)."""
        return set(self.data["lessons"].get(lesson_id, {}).get("done", []))

    def mark(self, lesson_id: str, step: int, total: int) -> None:
        """Record a finished step; the lesson is finished when every step is."""
        entry = self._lesson(lesson_id)
        done = set(entry["done"]) | {step}
        entry["done"] = sorted(done)
        entry["finished"] = entry["finished"] or len(done) >= total
        self.save()

    def visit(self, lesson_id: str, step: int) -> None:
        """Remember where the learner is, for "continue where you left off"."""
        self._lesson(lesson_id)["at"] = step
        self.data["last"] = lesson_id
        self.save()

    def at(self, lesson_id: str) -> int:
        return int(self.data["lessons"].get(lesson_id, {}).get("at", 0))

    def finished(self, lesson_id: str) -> bool:
        return bool(self.data["lessons"].get(lesson_id, {}).get("finished", False))

    @property
    def last(self) -> Optional[str]:
        """The lesson the learner was in last."""
        return self.data.get("last")

    def finished_lessons(self, ids: Iterable[str]) -> List[str]:
        return [i for i in ids if self.finished(i)]
