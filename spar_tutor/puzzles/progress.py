"""Which puzzles a learner has solved and tried, kept in a JSON file per learner
in ``$SPAR_TUTOR_HOME/puzzles/`` (see :class:`~spar_tutor.learning.ProgressFile`:
safe file names, atomic writes, a damaged file reads as no progress).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, Iterable

from ..engine.errors import FileError
from ..learning.progress import ProgressFile, current_user, whole_number, yes_no

#: More attempts than anyone makes at one puzzle: past it, the file is damaged.
MAX_ATTEMPTS = 1_000_000

#: The signed-in learner on a shared server (``SPAR_TUTOR_USER`` or ``JUPYTERHUB_USER``), if any.
current_learner = current_user


class PuzzleProgress(ProgressFile):
    """One learner's puzzles: attempts, solved, solved cleanly (no mistake, hint or peek)."""

    FOLDER = "puzzles"
    NAME_KEY = "learner"
    SECTION = "puzzles"

    @staticmethod
    def _check_entry(raw: Any) -> Dict[str, Any]:
        """``{"attempts": n, "solved": bool, "clean": bool}``."""
        return puzzle_entry(raw)

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

    def solved_count(self, ids: Iterable[str]) -> int:
        return sum(1 for i in ids if self.solved(i))


def puzzle_entry(raw: Any) -> Dict[str, Any]:
    """One puzzle's entry of a progress file, checked (:class:`FileError` if wrong)."""
    if not isinstance(raw, dict):
        raise FileError("a puzzle's progress must be an object")
    return {**raw, "attempts": whole_number(raw, "attempts", 0, MAX_ATTEMPTS),
            "solved": yes_no(raw, "solved"), "clean": yes_no(raw, "clean")}


class MemoryProgress(PuzzleProgress):
    """Progress for a learner without a name: kept for this page only, never written."""

    def __init__(self) -> None:  # noqa: D107 - no file
        self.learner = ""
        self.path = Path(os.devnull)
        self.data = self._empty()
        self.unsaved = False
        self.problem = None
        self._unreadable = None

    def save(self) -> bool:
        return True
