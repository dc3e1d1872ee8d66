"""Which steps and lessons a learner has finished, kept in a JSON file per learner
in ``$SPAR_TUTOR_HOME/progress/`` (see :class:`~spar_tutor.learning.ProgressFile`).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     store = ProgressStore("Ama", folder)
...     store.mark("01_pack", 0, total=9)
...     print(store.done("01_pack"), store.finished("01_pack"), store.path.name[:4])
{0} False Ama-
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Set

from ..engine.errors import FileError
from ..learning.progress import ProgressFile, whole_number, yes_no

#: More steps than any lesson has: a step number past it is a damaged file.
MAX_STEPS = 1000


class ProgressStore(ProgressFile):
    """One learner's progress: finished steps per lesson and where they stopped."""

    FOLDER = "progress"
    NAME_KEY = "user"
    SECTION = "lessons"

    @staticmethod
    def _check_entry(raw: Any) -> Dict[str, Any]:
        """``{"done": [steps], "at": step, "finished": bool}`` (steps 0-based)."""
        return lesson_entry(raw)

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

    def finished_lessons(self, ids: Iterable[str]) -> List[str]:
        return [i for i in ids if self.finished(i)]


def lesson_entry(raw: Any) -> Dict[str, Any]:
    """One lesson's entry of a progress file, checked (:class:`FileError` if wrong)."""
    if not isinstance(raw, dict):
        raise FileError("a lesson's progress must be an object")
    done = raw.get("done", [])
    if not isinstance(done, list):
        raise FileError("\"done\" must be a list of steps")
    steps = sorted({whole_number({"done": step}, "done", 0, MAX_STEPS) for step in done})
    return {**raw, "done": steps, "at": whole_number(raw, "at", 0, MAX_STEPS),
            "finished": yes_no(raw, "finished")}
