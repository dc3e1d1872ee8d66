"""One thing wrong in a lesson or puzzle file, found when it loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..engine.errors import SparError


@dataclass(frozen=True)
class Problem:
    """Where (file, line, and the lesson's step or the puzzle) and what.

    >>> str(Problem("03_follow.toml", "a pick_card step needs 'hint'", step=2, line=17))
    "03_follow.toml line 17, step 2: a pick_card step needs 'hint'"
    >>> str(Problem("endings.toml", "'hint' is missing", line=19, puzzle="missing-hint"))
    "endings.toml line 19, puzzle missing-hint: 'hint' is missing"
    >>> str(Problem("x.toml", "bad id", puzzle="ab" * 100))
    'x.toml, puzzle ababababababababababababababababababa...: bad id'
    """

    file: str
    what: str
    step: Optional[int] = None  # a lesson's step, 1-based as a teacher counts
    line: Optional[int] = None
    puzzle: Optional[str] = None  # a puzzle's id

    def __str__(self) -> str:
        where = self.file + (f" line {self.line}" if self.line else "")
        where += f", step {self.step}" if self.step else ""
        if self.puzzle:  # an id is at most 40 characters; a broken file's may be huge
            cut = self.puzzle if len(self.puzzle) <= 40 else self.puzzle[:37] + "..."
            where += f", puzzle {cut}"
        return f"{where}: {self.what}"

    @classmethod
    def of(cls, error: SparError, file: str) -> "Problem":
        """The problem of a file that could not be read or parsed (a
        :class:`~spar_tutor.engine.errors.FileError`), at its line if known."""
        return cls(file, error.reason, line=error.line)
