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

from ..learning.progress import ProgressFile


class ProgressStore(ProgressFile):
    """One learner's progress: finished steps per lesson and where they stopped."""

    FOLDER = "progress"
    NAME_KEY = "user"
    SECTION = "lessons"

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
