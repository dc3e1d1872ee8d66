"""Which puzzles a learner has solved and tried, kept in a JSON file per learner.

The files live in ``$SPAR_TUTOR_HOME/puzzles/`` (default ``~/.spar-tutor``),
named by the lessons' rules (:func:`spar_tutor.lessons.progress.safe_name`: the
name made safe, so it can never point outside that folder, plus a short hash,
so two names never share a file). They are apart from the lessons' files, so
a lesson player and a puzzle player open side by side never overwrite each
other. Writes are atomic; a damaged file reads as no progress.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any, Dict, Iterable, Optional

from ..lessons.progress import current_user, home, safe_name

log = logging.getLogger("spar_tutor.puzzles")

#: The signed-in learner on a shared server (``SPAR_TUTOR_USER`` or ``JUPYTERHUB_USER``), if any.
current_learner = current_user


class PuzzleProgress:
    """One learner's puzzles: attempts, solved, solved cleanly (no mistake, hint or peek)."""

    def __init__(self, learner: str, root: Optional[Path] = None) -> None:
        self.learner = learner.strip()
        folder = (Path(root) if root else home() / "puzzles").resolve()
        self.path = folder / (safe_name(learner) + ".json")
        if self.path.parent != folder:  # cannot happen with safe_name; checked anyway
            raise ValueError(f"unsafe learner name {learner!r}")
        self.data: Dict[str, Any] = self._read()
        self.unsaved = False  # set when a save failed (a read-only folder, a full disk)

    def _read(self) -> Dict[str, Any]:
        empty: Dict[str, Any] = {"learner": self.learner, "puzzles": {}, "last": None}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return empty
        if not isinstance(data, dict) or data.get("learner") != self.learner or \
                not isinstance(data.get("puzzles"), dict):
            return empty
        data.setdefault("last", None)
        return dict(data)

    def save(self) -> bool:
        """Write the file atomically (a crash never leaves half a file). A folder that
        cannot be written is logged, not raised: progress then lasts for the page."""
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".puzzles-")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("puzzle progress of %r not saved to %s: %s", self.learner, self.path, e)
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            self.unsaved = True
            return False
        return True

    def _entry(self, puzzle_id: str) -> Dict[str, Any]:
        entry = self._get(puzzle_id)
        self.data["puzzles"][puzzle_id] = entry
        for key, default in (("attempts", 0), ("solved", False), ("clean", False)):
            if not isinstance(entry.get(key), type(default)):
                entry[key] = default
        return entry

    def _get(self, puzzle_id: str) -> Dict[str, Any]:
        entry = self.data["puzzles"].get(puzzle_id)
        return entry if isinstance(entry, dict) else {}

    def attempt(self, puzzle_id: str) -> None:
        """Count an attempt (the learner's first card of a run) and remember the puzzle."""
        self._entry(puzzle_id)["attempts"] += 1
        self.data["last"] = puzzle_id
        self.save()

    def solve(self, puzzle_id: str, clean: bool) -> None:
        """Record a solved run; ``clean`` when it had no mistake, no second hint, no peek."""
        entry = self._entry(puzzle_id)
        entry["solved"] = True
        entry["clean"] = entry["clean"] or bool(clean)
        self.save()

    def visit(self, puzzle_id: str) -> None:
        """Remember the puzzle the learner is on."""
        self.data["last"] = puzzle_id
        self.save()

    def attempts(self, puzzle_id: str) -> int:
        value = self._get(puzzle_id).get("attempts", 0)
        return value if isinstance(value, int) else 0

    def solved(self, puzzle_id: str) -> bool:
        return self._get(puzzle_id).get("solved") is True

    def clean(self, puzzle_id: str) -> bool:
        return self._get(puzzle_id).get("clean") is True

    @property
    def last(self) -> Optional[str]:
        last = self.data.get("last")
        return last if isinstance(last, str) else None

    def solved_count(self, ids: Iterable[str]) -> int:
        return sum(1 for i in ids if self.solved(i))


class MemoryProgress(PuzzleProgress):
    """Progress for a learner without a name: kept for this page only, never written."""

    def __init__(self) -> None:  # noqa: D107 - no file
        self.learner = ""
        self.path = Path(os.devnull)
        self.data = {"learner": "", "puzzles": {}, "last": None}
        self.unsaved = False

    def save(self) -> bool:
        return True
